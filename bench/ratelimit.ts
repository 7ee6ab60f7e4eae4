// rate_limited: our client reading 100 pages from an emulator that enforces the API's real limit.
import { CmaClient, type RequestLogEntry } from '../src/cma';

export const RATE_LIMIT = { limit: 60, windowMs: 3000 };
export const RATE_LIMITED_PAGES = 100;

export interface RateLimitedRun {
  ms: number;
  records: number;
  status429: number;
  attempts: number;
  error?: string;
}

/** Reads every record with page size total/100 (= 100 pages) at our default concurrency; errors are caught and reported. */
export async function readPagesUnderLimit(url: string, token: string, modelId: string, pageSize: number): Promise<RateLimitedRun> {
  const log: RequestLogEntry[] = [];
  // a fresh client: no pacing state carried over from an earlier run
  const client = new CmaClient({ apiToken: token, baseUrl: url, onRequest: (entry) => log.push(entry) });
  const started = performance.now();
  let records = 0;
  let error: string | undefined;
  try {
    for await (const record of client.items.listAll({ filter: { type: modelId } }, { pageSize })) if (record.id) records++;
  } catch (caught) {
    error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
  }
  return {
    ms: performance.now() - started,
    records,
    status429: log.filter((entry) => entry.status === 429).length,
    attempts: log.length,
    ...(error ? { error } : {}),
  };
}

/**
 * The fastest any client can read `pages` pages under the limit: the last window that must be used opens
 * (windows − 1) × windowMs after the first request, and its requests still take their unthrottled time.
 */
export function rateLimitFloorMs(pages: number, unthrottledMsPerPage: number): number {
  const fullWindows = Math.ceil(pages / RATE_LIMIT.limit) - 1;
  const inLastWindow = pages - fullWindows * RATE_LIMIT.limit;
  return fullWindows * RATE_LIMIT.windowMs + inLastWindow * unthrottledMsPerPage;
}
