// Shared set-up for the CMA client tests: clients aimed at an emulator with small, bounded waits so the
// whole suite stays fast, and a log of every attempt the client reports.
import { CmaClient, type ClientOptions, type RequestLogEntry } from '../../src/cma';
import type { Emulator } from '../emulator/index';

export const FAST_RETRY = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRateLimitWaitMs: 3000, rateLimitWindowMs: 300 };
export const FAST_JOBS = { firstDelayMs: 5, factor: 1.5, maxDelayMs: 20, timeoutMs: 5000 };

export interface TestClient {
  client: CmaClient;
  log: RequestLogEntry[];
}

export function clientFor(emulator: Emulator, options: Partial<ClientOptions> = {}): TestClient {
  const log: RequestLogEntry[] = [];
  const client = new CmaClient({
    apiToken: emulator.token,
    baseUrl: emulator.url,
    requestTimeoutMs: 5000,
    retry: FAST_RETRY,
    jobs: FAST_JOBS,
    onRequest: (entry) => log.push(entry),
    ...options,
  });
  return { client, log };
}

/** Requests that reached the emulator for this method and path (query strings excluded). */
export function hits(emulator: Emulator, method: string, path: string | RegExp): number {
  return emulator.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))).length;
}

/** The rejection of a promise, failing when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`expected an Error, got ${String(error)}`);
  }
  throw new Error('expected the call to fail, but it succeeded');
}
