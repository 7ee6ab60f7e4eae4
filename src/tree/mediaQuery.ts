// What the user asked the Media node to show: a search, filters and an order (the media feature turns it into
// the query of `GET /uploads`). Kept across refreshes, like a Records query. No vscode import.
import type { UploadKind, UploadOrder } from '../cma';

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
