// Uploads (the media area): pages of a query (several ids at once with `filter.ids`), every upload of a query,
// one upload, and the records that use one. Writes, files and the other media resources are in ./media.

import { expectAskedFor, parseCollection, parsePage, parseSingle } from '../jsonapi';
import { listAllPages, listAllSettings, type ListAllOptions } from '../paging';
import type { Requester } from '../requester';
import type { CallOptions } from '../settings';
import type { Page, Resource, UploadQuery } from '../types';
import { segment } from './shared';

const MAX_UPLOADS_PAGE_SIZE = 500;
const DEFAULT_LIST_CONCURRENCY = 4;

export interface UploadsResource {
  /** One page of uploads (30 unless `page.limit` says, at most 500), newest first unless `order_by` says. */
  list(query?: UploadQuery, o?: CallOptions): Promise<Page<'upload'>>;
  find(id: string, o?: CallOptions): Promise<Resource<'upload'>>;
  /** every upload of the query, in order; pages of 500 fetched 4 at a time unless told; cancel with o.signal */
  listAll(query?: Omit<UploadQuery, 'page'>, o?: ListAllOptions): AsyncGenerator<Resource<'upload'>>;
  /** the records whose `version` (default current) uses the upload, directly or in a block */
  references(
    id: string,
    o?: CallOptions & { nested?: boolean; version?: 'current' | 'published' | 'published-or-current' },
  ): Promise<Resource<'item'>[]>;
}

export function uploadsResource(requester: Requester): UploadsResource {
  const list = async (query: UploadQuery | undefined, o: CallOptions | undefined): Promise<Page<'upload'>> => {
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
  };
  return {
    list,
    find: async (id, o) => {
      const { body, source } = await requester.call({ method: 'GET', path: `/uploads/${segment(id)}`, signal: o?.signal });
      return expectAskedFor(parseSingle(body, 'upload', source), id, source);
    },
    listAll: async function* (query, o) {
      const defaults = { pageSize: MAX_UPLOADS_PAGE_SIZE, maxPageSize: MAX_UPLOADS_PAGE_SIZE, concurrency: DEFAULT_LIST_CONCURRENCY };
      yield* listAllPages((page, signal) => list({ ...query, page }, { signal }), listAllSettings('uploads.listAll', o, defaults));
    },
    references: async (id, o) => {
      const query = { nested: o?.nested, version: o?.version };
      const { body, source } = await requester.call({
        method: 'GET',
        path: `/uploads/${segment(id)}/references`,
        query,
        signal: o?.signal,
      });
      return parseCollection(body, 'item', source);
    },
  };
}
