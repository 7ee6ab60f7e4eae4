// Uploads (the media area): pages of a query (several ids at once with `filter.ids`) and one upload.

import { expectAskedFor, parsePage, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions } from '../settings';
import type { Page, Resource, UploadQuery } from '../types';
import { segment } from './shared';

export const MAX_UPLOADS_PAGE_SIZE = 500;

export interface UploadsResource {
  /** One page of uploads (30 unless `page.limit` says, at most 500). */
  list(query?: UploadQuery, o?: CallOptions): Promise<Page<'upload'>>;
  find(id: string, o?: CallOptions): Promise<Resource<'upload'>>;
}

export function uploadsResource(requester: Requester): UploadsResource {
  return {
    list: async (query, o) => {
      const limit = query?.page?.limit;
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 0 || limit > MAX_UPLOADS_PAGE_SIZE)) {
        throw new RangeError(`uploads.list: page.limit must be an integer from 0 to ${MAX_UPLOADS_PAGE_SIZE} (got ${limit})`);
      }
      const offset = query?.page?.offset;
      if (offset !== undefined && (!Number.isInteger(offset) || offset < 0)) {
        throw new RangeError(`uploads.list: page.offset must be a non-negative integer (got ${offset})`);
      }
      const { body, source } = await requester.call({ method: 'GET', path: '/uploads', query: { ...query }, signal: o?.signal });
      return parsePage(body, 'upload', source);
    },
    find: async (id, o) => {
      const { body, source } = await requester.call({ method: 'GET', path: `/uploads/${segment(id)}`, signal: o?.signal });
      return expectAskedFor(parseSingle(body, 'upload', source), id, source);
    },
  };
}
