// Record versions: a record's history (newest first, paged), one version, and restoring one (an async job).

import { ResponseError } from '../errors';
import { expectAskedFor, parsePage, parseResource, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { Page, Resource } from '../types';
import { segment } from './shared';

/** DatoCMS serves at most this many versions per page (15 when not asked). */
export const MAX_VERSIONS_PAGE_SIZE = 50;

export interface RestoredVersion {
  /** the record as it is after the restore (blocks as ids) */
  item: Resource<'item'>;
  /** the new current version the restore made, when the API names it */
  version: Resource<'item_version'> | undefined;
}

export interface ItemVersionsResource {
  /** One page of a record's versions. */
  list(itemId: string, page?: { offset?: number; limit?: number }, o?: CallOptions & { nested?: boolean }): Promise<Page<'item_version'>>;
  find(versionId: string, o?: CallOptions & { nested?: boolean }): Promise<Resource<'item_version'>>;
  /** Makes the version's content the record's current content, as a new version. */
  restore(versionId: string, o?: JobCallOptions): Promise<RestoredVersion>;
}

export function itemVersionsResource(requester: Requester): ItemVersionsResource {
  return {
    list: async (itemId, page, o) => {
      const limit = page?.limit;
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_VERSIONS_PAGE_SIZE)) {
        throw new RangeError(`itemVersions.list: page.limit must be an integer from 1 to ${MAX_VERSIONS_PAGE_SIZE} (got ${limit})`);
      }
      const offset = page?.offset;
      if (offset !== undefined && (!Number.isInteger(offset) || offset < 0)) {
        throw new RangeError(`itemVersions.list: page.offset must be a non-negative integer (got ${offset})`);
      }
      const query = { nested: o?.nested, page: page && { offset, limit } };
      const { body, source } = await requester.call({ method: 'GET', path: `/items/${segment(itemId)}/versions`, query, signal: o?.signal });
      return parsePage(body, 'item_version', source);
    },
    find: async (versionId, o) => {
      const path = `/versions/${segment(versionId)}`;
      const { body, source } = await requester.call({ method: 'GET', path, query: { nested: o?.nested }, signal: o?.signal });
      return expectAskedFor(parseSingle(body, 'item_version', source), versionId, source);
    },
    restore: async (versionId, o) => {
      const path = `/versions/${segment(versionId)}/restore`;
      const { body, source } = await requester.call({ method: 'POST', path, signal: o?.signal, onJob: o?.onJob });
      // The job's payload is `{data: [item, item_version]}`: the record after the restore, then its new version.
      const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
      if (!Array.isArray(data) || data.length === 0) {
        throw new ResponseError(`${source.method} ${source.path}: unexpected response body: expected {"data": [item, item_version]}`, source);
      }
      const item = parseResource(data[0], 'data[0]', 'item', source);
      const version = data[1] === undefined ? undefined : parseResource(data[1], 'data[1]', 'item_version', source);
      if (version && version.relationships['item']?.data && (version.relationships['item'].data as { id?: string }).id !== item.id) {
        throw new ResponseError(`${source.method} ${source.path}: the restored version belongs to another record than the one answered`, source);
      }
      return { item, version };
    },
  };
}
