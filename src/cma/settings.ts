// What a client is configured with: the options callers pass, checked and resolved once.

import { version as extensionVersion } from '../../package.json';
import { resolveJobPolicy, resolveRetryPolicy, type JobPolicy, type RetryPolicy } from './timing';

const DEFAULT_BASE_URL = 'https://site-api.datocms.com';
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface ClientOptions {
  apiToken: string;
  /** default 'https://site-api.datocms.com' */
  baseUrl?: string;
  /** sends X-Environment; undefined = primary */
  environment?: string;
  /** per attempt, default 30_000 */
  requestTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  jobs?: Partial<JobPolicy>;
  /** one call per HTTP attempt, for the output channel */
  onRequest?: (entry: RequestLogEntry) => void;
  userAgent?: string;
  /** responses larger than this fail with ResponseError instead of filling memory; default 64 MiB */
  maxResponseBytes?: number;
  /**
   * The client's lifetime: once it aborts, every call of this client and of its withEnvironment copies
   * (in flight, waiting or new) ends with CancelledError. Used when the token is signed out or replaced.
   */
  signal?: AbortSignal;
  /** a background source exceeded the project's budget and is stopped (see budget.ts): tell the user once */
  onBudgetTrip?: (source: string) => void;
}

export interface RequestLogEntry {
  method: string;
  /** path + encoded query string; never headers, never the token */
  path: string;
  status: number | 'network-error' | 'timeout' | 'aborted';
  durationMs: number;
  attempt: number;
  requestId?: string;
  retryInMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type JobCallOptions = CallOptions & { onJob?: (jobId: string) => void };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RawRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** called with the job id when the API answers 202 and the client starts polling */
  onJob?: (jobId: string) => void;
}

export interface Settings {
  baseUrl: string;
  origin: string;
  basePath: string;
  requestTimeoutMs: number;
  retry: RetryPolicy;
  jobs: JobPolicy;
  onRequest: ((entry: RequestLogEntry) => void) | undefined;
  userAgent: string;
  maxResponseBytes: number;
  signal: AbortSignal | undefined;
}

export function resolveSettings(options: ClientOptions): Settings {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`CmaClient: baseUrl ${JSON.stringify(baseUrl)} is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`CmaClient: baseUrl must be an http(s) URL (got ${url.protocol})`);
  }
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  if (!(requestTimeoutMs > 0) || !Number.isFinite(requestTimeoutMs)) {
    throw new RangeError(`CmaClient: requestTimeoutMs must be a positive number (got ${requestTimeoutMs})`);
  }
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!(maxResponseBytes > 0)) throw new RangeError(`CmaClient: maxResponseBytes must be positive (got ${maxResponseBytes})`);
  return {
    baseUrl,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    requestTimeoutMs,
    retry: resolveRetryPolicy(options.retry),
    jobs: resolveJobPolicy(options.jobs),
    onRequest: options.onRequest,
    userAgent: options.userAgent ?? `datocms-explorer/${extensionVersion}`,
    maxResponseBytes,
    signal: options.signal,
  };
}
