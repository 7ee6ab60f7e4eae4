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
  /** the largest answer read (bytes); 64 MB by default */
  maxBodyBytes?: number;
  /** tokens scrubbed from whatever the answer holds (a server or a proxy may echo the Authorization header) */
  secrets?: readonly string[];
}

/** What the response headers say about the query. */
interface CdaFacts {
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

interface CdaGraphqlError {
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
function cdaBody(request: Pick<CdaRequest, 'query' | 'variables' | 'operationName'>): string {
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
      maxBodyBytes: request.maxBodyBytes ?? MAX_BODY_BYTES,
      signal: request.signal,
    });
    const ms = performance.now() - started;
    if (outcome.kind === 'response' && outcome.status === 429 && waits < MAX_RATE_LIMIT_WAITS) {
      // the official client waits as long as X-RateLimit-Reset says (seconds), else a second per retry
      await sleep(Math.min(10, outcome.rateLimitReset ?? waits + 1) * 1000, request.signal);
      continue;
    }
    return answer(outcome, ms, url.origin, request.secrets ?? [request.token]);
  }
}

function answer(outcome: AttemptOutcome, ms: number, origin: string, secrets: readonly string[]): CdaResponse {
  switch (outcome.kind) {
    case 'aborted':
      throw new CancelledError('The query was cancelled.');
    case 'timeout':
      throw new CdaRequestError(`${origin} did not answer in time.`, 0, undefined);
    case 'network-error':
      throw new CdaRequestError(`Could not reach ${origin}: ${outcome.message}`, 0, outcome.code);
    case 'too-large':
      throw new CdaRequestError(
        `The answer is larger than ${outcome.limit / 1024 / 1024} MB, more than the editor reads: ask for fewer records (first) or fewer fields, then run the query again.`,
        outcome.status,
        undefined,
      );
  }
  if (outcome.status >= 300 && outcome.status < 400) throw redirected(outcome, origin);
  const text = scrubSecrets(outcome.text, secrets);
  let body: CdaResponse['body'];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as CdaResponse['body'];
  } catch {
    throw new CdaRequestError(notJson(outcome.status, outcome.contentType, text, origin), outcome.status, undefined);
  }
  if (outcome.status !== 200) {
    const { code, message } = apiError(body);
    const text = `The Content Delivery API refused the request (${outcome.status}${code ? ` ${code}` : ''})${message ? `: ${message}` : '.'}`;
    if (outcome.status === 401 || outcome.status === 403) throw new CdaAuthError(text, outcome.status, code);
    throw new CdaRequestError(text, outcome.status, code);
  }
  return { status: outcome.status, ms, text, body, ...factsOf(outcome.headers) };
}

/** A redirect is not followed: the token would go with the request to wherever it points. */
function redirected(outcome: Extract<AttemptOutcome, { kind: 'response' }>, origin: string): CdaRequestError {
  const location = outcome.headers['location'];
  const target = Array.isArray(location) ? location[0] : location;
  let where = '';
  try {
    where = target ? ` to ${new URL(target, origin).origin}` : '';
  } catch {
    where = '';
  }
  return new CdaRequestError(
    `${origin} answered ${outcome.status}, a redirect${where}. DatoCMS Explorer does not follow redirects, so that your token goes nowhere else: check the datocms.cdaUrl setting (or the proxy in between), then run the query again.`,
    outcome.status,
    undefined,
  );
}

/** What an answer that is not JSON said, in a sentence: its status, its type and its first words. */
function notJson(status: number, contentType: string | undefined, text: string, origin: string): string {
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const said = words ? `: “${words.length > 120 ? `${words.slice(0, 119)}…` : words}”` : ' (an empty body)';
  return `${origin} answered ${status} with ${contentType ? contentType.split(';')[0] : 'no content type'} instead of JSON${said}. A proxy, a captive portal or a wrong datocms.cdaUrl answers like this: check the setting and the network, then run the query again.`;
}

/** The code and message of a request-level error document ({data: [{type: 'api_error', attributes: {code, details}}]}). */
function apiError(body: Record<string, unknown>): { code?: string; message?: string } {
  const first = Array.isArray(body['data']) ? (body['data'][0] as { attributes?: { code?: unknown; details?: unknown } }) : undefined;
  const code = typeof first?.attributes?.code === 'string' ? first.attributes.code : undefined;
  const details = first?.attributes?.details as { message?: unknown } | undefined;
  const message = typeof details?.message === 'string' ? details.message : undefined;
  return { ...(code ? { code } : {}), message };
}

function factsOf(headers: Record<string, string | string[] | undefined>): CdaFacts {
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

/** `text` with every secret replaced by a marker (a server may echo the Authorization header it was sent). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join('[secret removed]');
  return out;
}
