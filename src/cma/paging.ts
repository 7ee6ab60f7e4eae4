// Reading every page of an offset-paginated list: pages requested ahead with bounded concurrency, yielded in
// order, each offset advanced by what the server actually served and the end taken from meta.total_count.

import { CancelledError } from './errors';
import type { CallOptions } from './settings';
import type { Page, Resource, ResourceType } from './types';

export const MAX_LIST_CONCURRENCY = 10;

export interface ListAllOptions extends CallOptions {
  pageSize?: number;
  concurrency?: number;
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * What `listAllPages` is given for a caller's `o`: its page size and concurrency (or the defaults), each checked
 * against its range (a RangeError naming `what` otherwise), its signal and progress callback.
 */
export function listAllSettings(
  what: string,
  o: ListAllOptions | undefined,
  defaults: { pageSize: number; maxPageSize: number; concurrency: number },
): { pageSize: number; concurrency: number; signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void; what: string } {
  const pageSize = o?.pageSize ?? defaults.pageSize;
  const concurrency = o?.concurrency ?? defaults.concurrency;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > defaults.maxPageSize) {
    throw new RangeError(`${what}: pageSize must be an integer from 1 to ${defaults.maxPageSize} (got ${pageSize})`);
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_LIST_CONCURRENCY) {
    throw new RangeError(`${what}: concurrency must be an integer from 1 to ${MAX_LIST_CONCURRENCY} (got ${concurrency})`);
  }
  return {
    pageSize,
    concurrency,
    signal: o?.signal,
    onProgress: o?.onProgress,
    what,
  };
}

export type PageFetcher<T extends ResourceType> = (page: { offset: number; limit: number }, signal: AbortSignal) => Promise<Page<T>>;

interface Pending<T extends ResourceType> {
  offset: number;
  page: Promise<Page<T>>;
}

/**
 * Every resource of a paginated list, in order. `pageSize` is what each request asks for; a server that
 * serves fewer per page (nested lists are capped at 30) is followed: the step shrinks to what the first
 * page held, and any gap a short page leaves is read before going on.
 */
export async function* listAllPages<T extends ResourceType>(
  fetchPage: PageFetcher<T>,
  options: {
    pageSize: number;
    concurrency: number;
    signal?: AbortSignal;
    onProgress?: (loaded: number, total: number) => void;
    what: string;
  },
): AsyncGenerator<Resource<T>> {
  const { pageSize, concurrency, what } = options;
  // One controller for every page request: the caller's abort and an early stop both end them all.
  const stop = new AbortController();
  const callerSignal = options.signal;
  const onCallerAbort = () => stop.abort();
  if (callerSignal?.aborted) stop.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const pending: Pending<T>[] = [];
  const cancelled = () => new CancelledError(`${what} was cancelled`);
  const request = (offset: number, limit: number): Pending<T> => {
    const page = fetchPage({ offset, limit }, stop.signal);
    page.catch(() => undefined); // awaited in order below; this only silences early rejections
    return { offset, page };
  };
  try {
    const first = await fetchPage({ offset: 0, limit: pageSize }, stop.signal);
    const total = first.totalCount;
    const served = first.data.length;
    const step = served > 0 && served < pageSize && served < total ? served : pageSize;
    let covered = served; // every record before this offset has been read
    let nextOffset = served > 0 ? covered : total;
    const refill = () => {
      while (pending.length < concurrency && nextOffset < total) {
        pending.push(request(nextOffset, step));
        nextOffset += step;
      }
    };
    refill();
    let loaded = served;
    options.onProgress?.(loaded, total);
    for (const record of first.data) {
      if (callerSignal?.aborted) throw cancelled();
      yield record;
    }
    for (let next = pending.shift(); next; next = pending.shift()) {
      // A short page left records between what is read and this page's offset: read them first.
      if (next.offset > covered) {
        pending.unshift(next);
        next = request(covered, Math.min(step, next.offset - covered));
      }
      const { data } = await next.page;
      if (data.length === 0) break; // the list shrank while it was read: the end came earlier
      covered = next.offset + data.length;
      refill();
      loaded += data.length;
      options.onProgress?.(loaded, Math.max(total, loaded));
      for (const record of data) {
        if (callerSignal?.aborted) throw cancelled();
        yield record;
      }
    }
  } finally {
    stop.abort(); // the consumer stopped (or failed): end the page requests still in flight
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
