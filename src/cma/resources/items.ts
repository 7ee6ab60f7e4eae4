// Records (items): pages of a query, every record of a query, one record, and its update.

import { expectAskedFor, parseCollection, parsePage, parseSingle } from '../jsonapi';
import { listAllPages, listAllSettings, type ListAllOptions } from '../paging';
import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { CreateBody, ItemQuery, Page, Resource, UpdateBody } from '../types';
import { putOne, segment } from './shared';
import { methodsOf } from './lifecycle';

const MAX_ITEMS_PAGE_SIZE = 500;
/** DatoCMS serves at most this many records per page when blocks are expanded (nested=true). */
const MAX_NESTED_ITEMS_PAGE_SIZE = 30;
const DEFAULT_LIST_CONCURRENCY = 4;

export interface ItemsResource {
  /** One page; with `nested: true` a page holds at most 30 records, so a larger `page.limit` asks for 30. */
  list(query?: ItemQuery, o?: CallOptions): Promise<Page<'item'>>;
  find(id: string, o?: CallOptions & { nested?: boolean; version?: 'current' | 'published' }): Promise<Resource<'item'>>;
  /** `PUT /items/:id` takes no query: blocks come back as ids; read the record again with `nested` to see them */
  update(id: string, body: UpdateBody<'item'>, o?: CallOptions): Promise<Resource<'item'>>;
  /** `POST /items`: blocks come back as ids; read the record again with `nested` to see them */
  create(body: CreateBody<'item'>, o?: CallOptions): Promise<Resource<'item'>>;
  /**
   * The records that link to `id` (by link, links, structured text or a block's link), each once. `version`
   * says which of their versions must hold the link; `published-or-current` either.
   */
  references(
    id: string,
    o?: CallOptions & { nested?: boolean; version?: 'current' | 'published' | 'published-or-current' },
  ): Promise<Resource<'item'>[]>;
  /** Deletes the record and its blocks (a job on DatoCMS's side); resolves with the record as it was. */
  destroy(id: string, o?: JobCallOptions): Promise<Resource<'item'>>;
  /** Copies the record and its blocks under new ids (a job on DatoCMS's side); resolves with the copy. */
  duplicate(id: string, o?: JobCallOptions): Promise<Resource<'item'>>;
  /** every record of the query, in order; pages fetched with bounded concurrency; cancel with o.signal */
  listAll(query?: ItemQuery, o?: ListAllOptions): AsyncGenerator<Resource<'item'>>;
}

export function itemsResource(requester: Requester): ItemsResource {
  const list = async (query: ItemQuery | undefined, o: CallOptions | undefined): Promise<Page<'item'>> => {
    const params = { ...query } as Record<string, unknown>;
    const page = query?.page;
    if (page?.limit !== undefined) {
      const limit = page.limit;
      if (!Number.isInteger(limit) || limit < 0 || limit > MAX_ITEMS_PAGE_SIZE) {
        throw new RangeError(`items.list: page.limit must be an integer from 0 to ${MAX_ITEMS_PAGE_SIZE} (got ${limit})`);
      }
      if (query?.nested === true && limit > MAX_NESTED_ITEMS_PAGE_SIZE) params['page'] = { ...page, limit: MAX_NESTED_ITEMS_PAGE_SIZE };
    }
    const offset = page?.offset;
    if (offset !== undefined && (!Number.isInteger(offset) || offset < 0)) {
      throw new RangeError(`items.list: page.offset must be a non-negative integer (got ${offset})`);
    }
    const { body, source } = await requester.call({ method: 'GET', path: '/items', query: params, signal: o?.signal });
    return parsePage(body, 'item', source);
  };

  return {
    list,
    find: async (id, o) => {
      const query = { nested: o?.nested, version: o?.version };
      const { body, source } = await requester.call({ method: 'GET', path: `/items/${segment(id)}`, query, signal: o?.signal });
      return expectAskedFor(parseSingle(body, 'item', source), id, source);
    },
    references: async (id, o) => {
      const query = { nested: o?.nested, version: o?.version };
      const { body, source } = await requester.call({ method: 'GET', path: `/items/${segment(id)}/references`, query, signal: o?.signal });
      return parseCollection(body, 'item', source);
    },
    ...methodsOf(requester, 'items', ['create']),
    update: (id, body, o) => putOne(requester, `/items/${segment(id)}`, 'item', body, {}, o),
    ...methodsOf(requester, 'items', ['destroy', 'duplicate']),
    listAll: async function* (query, o) {
      const nested = query?.nested === true;
      const defaults = { pageSize: nested ? MAX_NESTED_ITEMS_PAGE_SIZE : MAX_ITEMS_PAGE_SIZE, maxPageSize: MAX_ITEMS_PAGE_SIZE };
      const settings = listAllSettings('items.listAll', o, { ...defaults, concurrency: DEFAULT_LIST_CONCURRENCY });
      yield* listAllPages((page, signal) => list({ ...query, page }, { signal }), {
        ...settings,
        pageSize: nested ? Math.min(settings.pageSize, MAX_NESTED_ITEMS_PAGE_SIZE) : settings.pageSize,
      });
    },
  };
}
