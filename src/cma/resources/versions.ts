// Record versions: a record's history (newest first, paged), one version, and restoring one (an async job).

import { expectAskedFor, parsePage, parseResource, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { Page, Resource } from '../types';
import { segment } from './shared';

interface RestoredVersion {
  /** the record as it is after the restore (blocks as ids) */
  item: Resource<'item'>;
  /** the new current version the restore made, when the API names it */
  version: Resource<'item_version'> | undefined;
}

export interface ItemVersionsResource {
  /** One page of a record's versions, newest first (`page.limit` at most 50). */
  list(itemId: string, page?: { offset?: number; limit?: number }, o?: CallOptions & { nested?: boolean }): Promise<Page<'item_version'>>;
  find(versionId: string, o?: CallOptions & { nested?: boolean }): Promise<Resource<'item_version'>>;
  /** Makes the version's content the record's current content, as a new version. */
  restore(versionId: string, o?: JobCallOptions): Promise<RestoredVersion>;
}

export function itemVersionsResource(requester: Requester): ItemVersionsResource {
  return {
    list: async (itemId, page, o) => {
      const { body, source } = await requester.call({
        method: 'GET',
        path: `/items/${segment(itemId)}/versions`,
        query: { nested: o?.nested, page },
        signal: o?.signal,
      });
      return parsePage(body, 'item_version', source);
    },
    find: async (versionId, o) => {
      const { body, source } = await requester.call({
        method: 'GET',
        path: `/versions/${segment(versionId)}`,
        query: { nested: o?.nested },
        signal: o?.signal,
      });
      return expectAskedFor(parseSingle(body, 'item_version', source), versionId, source);
    },
    restore: async (versionId, o) => {
      const { body, source } = await requester.call({
        method: 'POST',
        path: `/versions/${segment(versionId)}/restore`,
        signal: o?.signal,
        onJob: o?.onJob,
      });
      // The job's payload is `{data: [item, item_version]}`: the record after the restore, then its new version.
      const data = (body as { data?: unknown[] } | null)?.data;
      return {
        item: parseResource(data?.[0], 'data[0]', 'item', source),
        version: data?.[1] === undefined ? undefined : parseResource(data[1], 'data[1]', 'item_version', source),
      };
    },
  };
}
