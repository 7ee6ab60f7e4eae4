// What the user asked the Media node to show: a search, filters and an order (the media feature turns it into
// the query of `GET /uploads`). Kept across refreshes, like a Records query. No vscode import.
import type { UploadFieldFilters, UploadKind, UploadOrder, UploadQuery } from '../cma';

export interface MediaQuery {
  /** words in the file name, author, copyright, notes, tags, alt and title */
  search?: string;
  type?: UploadKind;
  /** file extension, without the dot ("jpg") */
  format?: string;
  /** bytes */
  minSize?: number;
  maxSize?: number;
  /** uploads with any of these tags */
  tags?: string[];
  /** images without alt text (in `locale`, else the main locale) */
  missingAlt?: boolean;
  /** uploads without a title (in `locale`, else the main locale) */
  missingTitle?: boolean;
  /** used by a record (true), or by none (false) */
  inUse?: boolean;
  order?: UploadOrder;
  /** the locale searches, alt and title look in */
  locale?: string;
}

export const isEmptyMediaQuery = (query: MediaQuery): boolean => Object.values(query).every((value) => value === undefined);

/** `GET /uploads` parameters of a query (without its page). */
export function uploadQueryFor(query: MediaQuery): Omit<UploadQuery, 'page'> {
  const fields: UploadFieldFilters = {};
  if (query.type) fields.type = { eq: query.type };
  if (query.format) fields.format = { eq: query.format.replace(/^\./, '').toLowerCase() };
  if (query.minSize !== undefined || query.maxSize !== undefined)
    fields.size = {
      ...(query.minSize !== undefined ? { gte: query.minSize } : {}),
      ...(query.maxSize !== undefined ? { lte: query.maxSize } : {}),
    };
  if (query.tags?.length) fields.tags = { any_in: query.tags };
  if (query.missingAlt) {
    fields.alt = { exists: false };
    // alt text is an image's; a type the user chose stays
    fields.type ??= { eq: 'image' };
  }
  if (query.missingTitle) fields.title = { exists: false };
  if (query.inUse !== undefined) fields.in_use = { eq: query.inUse };
  const filter = {
    ...(query.search ? { query: query.search } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
  };
  return {
    ...(Object.keys(filter).length ? { filter } : {}),
    ...(query.locale ? { locale: query.locale } : {}),
    ...(query.order ? { order_by: query.order } : {}),
  };
}
