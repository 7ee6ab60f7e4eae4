// One HTTP attempt over undici, and the keep-alive connection pools shared by every client of a base URL.
// An attempt never throws: it reports what happened, and the client decides whether to retry.

import { Pool } from './http';

const pools = new Map<string, Pool>();

/** The keep-alive pool for an origin, created on first use and shared by every client for that origin. */
function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: 16, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
    pools.set(origin, pool);
  }
  return pool;
}

// How long closing waits for requests in flight before cutting their connections.
const CLOSE_GRACE_MS = 1000;

/** Closes every shared pool (on extension deactivation, or at the end of a test run). */
export async function closeAllDispatchers(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(
    open.map(async (pool) => {
      let grace: NodeJS.Timeout | undefined;
      const closed = pool.close().then(
        () => true,
        () => false,
      );
      const timedOut = new Promise<false>((resolve) => (grace = setTimeout(() => resolve(false), CLOSE_GRACE_MS)));
      const done = await Promise.race([closed, timedOut]);
      clearTimeout(grace);
      if (!done) await pool.destroy().catch(() => undefined);
    }),
  );
}

export interface Attempt {
  origin: string;
  method: string;
  /** absolute path including the query string */
  path: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal;
}

interface ResponseFacts {
  status: number;
  contentType: string | undefined;
  requestId: string | undefined;
  /** requests per window (X-RateLimit-Limit) */
  rateLimitLimit: number | undefined;
  rateLimitRemaining: number | undefined;
  /** seconds, as the server sent it */
  rateLimitReset: number | undefined;
  /** every response header (lower-case names), for clients of other DatoCMS APIs that read their own */
  headers: Record<string, string | string[] | undefined>;
}

export type AttemptOutcome =
  | ({ kind: 'response'; text: string } & ResponseFacts)
  | ({ kind: 'too-large'; limit: number } & ResponseFacts)
  | { kind: 'network-error'; code: string | undefined; message: string; cause: unknown; requestSent: boolean }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

// Failures while connecting: the request never left the machine, so even a write may be retried.
const CONNECT_FAILURE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

const POOL_CLOSED_CODES = new Set(['UND_ERR_DESTROYED', 'UND_ERR_CLOSED']);

export async function sendAttempt(attempt: Attempt): Promise<AttemptOutcome> {
  if (attempt.signal?.aborted) return { kind: 'aborted' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, attempt.timeoutMs);
  const onCallerAbort = () => controller.abort();
  attempt.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const interrupted = (): AttemptOutcome | undefined =>
    attempt.signal?.aborted ? { kind: 'aborted' } : timedOut ? { kind: 'timeout' } : undefined;

  try {
    const response = await poolFor(attempt.origin).request({
      method: attempt.method,
      path: attempt.path,
      headers: attempt.headers,
      body: attempt.body ?? null,
      signal: controller.signal,
      // our own timer bounds the attempt; undici's must not fire first
      headersTimeout: attempt.timeoutMs + 1000,
      bodyTimeout: attempt.timeoutMs + 1000,
    });
    const facts = responseFacts(response.statusCode, response.headers);
    const declaredLength = Number(firstHeader(response.headers['content-length']));
    if (declaredLength > attempt.maxBodyBytes) {
      response.body.destroy();
      return { kind: 'too-large', limit: attempt.maxBodyBytes, ...facts };
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > attempt.maxBodyBytes) {
        response.body.destroy();
        return { kind: 'too-large', limit: attempt.maxBodyBytes, ...facts };
      }
      chunks.push(chunk);
    }
    return { kind: 'response', text: Buffer.concat(chunks).toString('utf8'), ...facts };
  } catch (error) {
    const stopped = interrupted();
    if (stopped) return stopped;
    const code = errorCode(error);
    // closeAllDispatchers (deactivation) destroyed the pool under this request: the extension is going
    // away, so the attempt ends as cancelled instead of being retried on a fresh pool until it times out.
    if (code && POOL_CLOSED_CODES.has(code)) return { kind: 'aborted' };
    return {
      kind: 'network-error',
      code,
      message: error instanceof Error ? error.message : String(error),
      cause: error,
      requestSent: !(code && CONNECT_FAILURE_CODES.has(code)),
    };
  } finally {
    clearTimeout(timer);
    attempt.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function responseFacts(status: number, headers: Record<string, string | string[] | undefined>): ResponseFacts {
  return {
    status,
    contentType: firstHeader(headers['content-type']),
    requestId: firstHeader(headers['x-request-id']),
    rateLimitLimit: numericHeader(headers['x-ratelimit-limit']),
    rateLimitRemaining: numericHeader(headers['x-ratelimit-remaining']),
    rateLimitReset: numericHeader(headers['x-ratelimit-reset']),
    headers,
  };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function numericHeader(value: string | string[] | undefined): number | undefined {
  const text = firstHeader(value);
  if (text === undefined || text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

function errorCode(error: unknown): string | undefined {
  // undici wraps socket errors; the system code (ECONNRESET…) may sit on the cause
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
}
