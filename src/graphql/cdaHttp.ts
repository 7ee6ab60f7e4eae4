// One request to the Content Delivery API as the protocol describes it: POST of {query, variables?, operationName?}
// with the token, the environment and the switches as headers, over the extension's shared keep-alive pools; the
// answer with the numbers its headers carry (complexity, CDN cacheability, cache tags). No vscode import.
import { CancelledError, sendAttempt, sleep, type AttemptOutcome } from '../cma';

export interface CdaRequest {
  /** the API's address, ending with a slash (checkCdaUrl) */
  endpoint: string;
  token: string;
  /** sent as X-Environment; the primary environment when undefined */
  environment?: string;
  drafts: boolean;
  strict: boolean;
  /** ask for the response's cache tags (X-Cache-Tags: true) */
  cacheTags?: boolean;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What the response headers say about the query. */
export interface CdaFacts {
  complexity?: number;
  maxComplexity?: number;
  /** X-Cacheable-On-Cdn */
  cacheable?: boolean;
  /** X-Cacheable-On-Cdn-Query-Length-Limit: the request's size and the limit, when the header gives them */
  cdnSize?: number;
  cdnLimit?: number;
  /** the raw X-Cacheable-On-Cdn-Query-Length-Limit value */
  cdnLengthHeader?: string;
  /** X-Cache-Tags, split; undefined when the response carries none */
  cacheTags?: string[];
}

export interface CdaResponse extends CdaFacts {
  status: number;
  /** from sending to the whole body received */
  ms: number;
  text: string;
  /** the parsed JSON body */
  body: { data?: unknown; errors?: CdaGraphqlError[] } & Record<string, unknown>;
}

export interface CdaGraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** The API refused the request itself (not the query): a bad header, an unknown environment… */
export class CdaRequestError extends Error {
  override name = 'CdaRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** The token may not read the delivery API (401/403), or not in draft mode. */
export class CdaAuthError extends CdaRequestError {
  override name = 'CdaAuthError';
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;
const MAX_RATE_LIMIT_WAITS = 3;

/** The headers of a request, exactly: the switches only when on (the API accepts no other value than `true`). */
export function cdaHeaders(request: Pick<CdaRequest, 'token' | 'environment' | 'drafts' | 'strict' | 'cacheTags'>): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${request.token}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  if (request.environment !== undefined) headers['X-Environment'] = request.environment;
  if (request.drafts) headers['X-Include-Drafts'] = 'true';
  if (request.strict) headers['X-Exclude-Invalid'] = 'true';
  if (request.cacheTags) headers['X-Cache-Tags'] = 'true';
  return headers;
}

/** The body as the official client sends it (members left out when not given). */
export function cdaBody(request: Pick<CdaRequest, 'query' | 'variables' | 'operationName'>): string {
  return JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName });
}

export async function postCda(request: CdaRequest): Promise<CdaResponse> {
  const url = new URL(request.endpoint);
  const headers = cdaHeaders(request);
  const body = cdaBody(request);
  for (let waits = 0; ; waits++) {
    const started = performance.now();
    const outcome = await sendAttempt({
      origin: url.origin,
      method: 'POST',
      path: url.pathname,
      headers,
      body,
      timeoutMs: request.timeoutMs ?? 60_000,
      maxBodyBytes: MAX_BODY_BYTES,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const ms = performance.now() - started;
    if (outcome.kind === 'response' && outcome.status === 429 && waits < MAX_RATE_LIMIT_WAITS) {
      // the official client waits as long as X-RateLimit-Reset says (seconds), else a second per retry
      await sleep(Math.min(10, outcome.rateLimitReset ?? waits + 1) * 1000, request.signal);
      continue;
    }
    return answer(outcome, ms, url.origin);
  }
}

function answer(outcome: AttemptOutcome, ms: number, origin: string): CdaResponse {
  switch (outcome.kind) {
    case 'aborted':
      throw new CancelledError('The query was cancelled.');
    case 'timeout':
      throw new CdaRequestError(`${origin} did not answer in time.`, 0, undefined);
    case 'network-error':
      throw new CdaRequestError(`Could not reach ${origin}: ${outcome.message}`, 0, outcome.code);
    case 'too-large':
      throw new CdaRequestError(`The answer is larger than ${outcome.limit / 1024 / 1024} MB.`, outcome.status, undefined);
  }
  let body: CdaResponse['body'];
  try {
    const parsed: unknown = JSON.parse(outcome.text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as CdaResponse['body'];
  } catch {
    throw new CdaRequestError(
      `The Content Delivery API answered ${outcome.status} with something that is not JSON: ${outcome.text.slice(0, 200)}`,
      outcome.status,
      undefined,
    );
  }
  if (outcome.status !== 200) {
    const { code, message } = apiError(body);
    const text = `The Content Delivery API refused the request (${outcome.status}${code ? ` ${code}` : ''})${message ? `: ${message}` : '.'}`;
    if (outcome.status === 401 || outcome.status === 403) throw new CdaAuthError(text, outcome.status, code);
    throw new CdaRequestError(text, outcome.status, code);
  }
  return { status: outcome.status, ms, text: outcome.text, body, ...factsOf(outcome.headers) };
}

/** The code and message of a request-level error document ({data: [{type: 'api_error', attributes: {code, details}}]}). */
function apiError(body: Record<string, unknown>): { code?: string; message?: string } {
  const first = Array.isArray(body['data']) ? (body['data'][0] as { attributes?: { code?: unknown; details?: unknown } }) : undefined;
  const code = typeof first?.attributes?.code === 'string' ? first.attributes.code : undefined;
  const details = first?.attributes?.details as { message?: unknown } | undefined;
  const message = typeof details?.message === 'string' ? details.message : undefined;
  return { ...(code ? { code } : {}), ...(message ? { message } : {}) };
}

export function factsOf(headers: Record<string, string | string[] | undefined>): CdaFacts {
  const get = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const int = (name: string) => {
    const value = get(name);
    return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  };
  const facts: CdaFacts = {};
  const complexity = int('x-complexity');
  const maxComplexity = int('x-max-complexity');
  if (complexity !== undefined) facts.complexity = complexity;
  if (maxComplexity !== undefined) facts.maxComplexity = maxComplexity;
  const cacheable = get('x-cacheable-on-cdn')?.trim().toLowerCase();
  if (cacheable === 'true' || cacheable === 'false') facts.cacheable = cacheable === 'true';
  const length = get('x-cacheable-on-cdn-query-length-limit')?.trim();
  if (length) {
    facts.cdnLengthHeader = length;
    const pair = /^(\d+)\s*\/\s*(\d+)$/.exec(length);
    if (pair) {
      facts.cdnSize = Number(pair[1]);
      facts.cdnLimit = Number(pair[2]);
    } else if (/^\d+$/.test(length)) facts.cdnLimit = Number(length);
  }
  const tags = get('x-cache-tags');
  if (tags !== undefined) facts.cacheTags = tags.split(/\s+/).filter(Boolean);
  return facts;
}
