// The DatoCMS Content Management API client: headers, retries, rate-limit pacing, async jobs and paging
// (PROTOCOL §1–§8, §10) over one shared keep-alive pool per base URL. No vscode import here.

import { version as extensionVersion } from '../../package.json';
import { ApiError, CancelledError, CmaError, NetworkError, ResponseError, TimeoutError, type ApiErrorEntry } from './errors';
import { jobIdOf, parseApiErrors, parseCollection, parsePage, parseSingle, parseJobResult, type BodySource } from './jsonapi';
import { encodeQuery } from './query';
import { backoffDelay, RateGate, resolveJobPolicy, resolveRetryPolicy, sleep, type JobPolicy, type RetryPolicy } from './timing';
import { sendAttempt, type AttemptOutcome } from './transport';
import type { ItemQuery, Page, Resource, ResourceType, UpdateBody } from './types';

export const DEFAULT_BASE_URL = 'https://site-api.datocms.com';
export const MAX_ITEMS_PAGE_SIZE = 500;
const MAX_LIST_CONCURRENCY = 10;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const UNCERTAIN_WRITE = 'the change may or may not have been applied — reload before trying again';

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

export interface ListAllOptions extends CallOptions {
  pageSize?: number;
  concurrency?: number;
  onProgress?: (loaded: number, total: number) => void;
}

interface Settings {
  baseUrl: string;
  origin: string;
  basePath: string;
  requestTimeoutMs: number;
  retry: RetryPolicy;
  jobs: JobPolicy;
  onRequest: ((entry: RequestLogEntry) => void) | undefined;
  userAgent: string;
  maxResponseBytes: number;
}

/** The successful end of one exchange (after retries). */
interface Answer {
  status: number;
  body: unknown;
  requestId: string | undefined;
}

/** What one attempt means: an answer, or an error with (when it may be retried) the wait before retrying. */
type Verdict = { answer: Answer } | { error: CmaError; retryInMs?: number };

export class CmaClient {
  readonly baseUrl: string;
  readonly environment: string | undefined;

  readonly site: { find(o?: CallOptions): Promise<Resource<'site'>> };
  readonly environments: { list(o?: CallOptions): Promise<Resource<'environment'>[]> };
  readonly itemTypes: {
    list(o?: CallOptions): Promise<Resource<'item_type'>[]>;
    find(idOrApiKey: string, o?: CallOptions): Promise<Resource<'item_type'>>;
    update(idOrApiKey: string, body: UpdateBody<'item_type'>, o?: JobCallOptions): Promise<Resource<'item_type'>>;
  };
  readonly fields: {
    list(modelIdOrApiKey: string, o?: CallOptions): Promise<Resource<'field'>[]>;
    find(idOrModelColonColonField: string, o?: CallOptions): Promise<Resource<'field'>>;
    update(id: string, body: UpdateBody<'field'>, o?: JobCallOptions): Promise<Resource<'field'>>;
  };
  readonly fieldsets: { list(modelIdOrApiKey: string, o?: CallOptions): Promise<Resource<'fieldset'>[]> };
  readonly webhooks: {
    list(o?: CallOptions): Promise<Resource<'webhook'>[]>;
    find(id: string, o?: CallOptions): Promise<Resource<'webhook'>>;
    update(id: string, body: UpdateBody<'webhook'>, o?: CallOptions): Promise<Resource<'webhook'>>;
  };
  readonly items: {
    list(query?: ItemQuery, o?: CallOptions): Promise<Page<'item'>>;
    find(id: string, o?: CallOptions & { nested?: boolean; version?: 'current' | 'published' }): Promise<Resource<'item'>>;
    update(id: string, body: UpdateBody<'item'>, o?: CallOptions & { nested?: boolean }): Promise<Resource<'item'>>;
    /** every record of the query, in order; pages fetched with bounded concurrency; cancel with o.signal */
    listAll(query?: ItemQuery, o?: ListAllOptions): AsyncGenerator<Resource<'item'>>;
  };

  // Private fields keep the token out of JSON.stringify, console.log and debugger previews.
  readonly #token: string;
  readonly #settings: Settings;
  #gate = new RateGate();

  constructor(options: ClientOptions) {
    if (typeof options.apiToken !== 'string' || options.apiToken.trim() === '') {
      throw new TypeError('CmaClient: apiToken is empty; set the API token of the DatoCMS project');
    }
    this.#token = options.apiToken;
    this.#settings = resolveSettings(options);
    this.baseUrl = this.#settings.baseUrl;
    this.environment = options.environment === '' ? undefined : options.environment;

    const seg = encodeURIComponent;
    this.site = {
      find: async (o) => parseSingle(await this.#get('/site', undefined, o), 'site', this.#source('GET', '/site')),
    };
    this.environments = {
      list: async (o) => parseCollection(await this.#get('/environments', undefined, o), 'environment', this.#source('GET', '/environments')),
    };
    this.itemTypes = {
      list: async (o) => parseCollection(await this.#get('/item-types', undefined, o), 'item_type', this.#source('GET', '/item-types')),
      find: async (idOrApiKey, o) => {
        const path = `/item-types/${seg(idOrApiKey)}`;
        return parseSingle(await this.#get(path, undefined, o), 'item_type', this.#source('GET', path));
      },
      update: async (idOrApiKey, body, o) => {
        const path = `/item-types/${seg(idOrApiKey)}`;
        return parseSingle(await this.#put(path, 'item_type', body, undefined, o), 'item_type', this.#source('PUT', path));
      },
    };
    this.fields = {
      list: async (model, o) => {
        const path = `/item-types/${seg(model)}/fields`;
        return parseCollection(await this.#get(path, undefined, o), 'field', this.#source('GET', path));
      },
      find: async (id, o) => {
        const path = `/fields/${seg(id)}`;
        return parseSingle(await this.#get(path, undefined, o), 'field', this.#source('GET', path));
      },
      update: async (id, body, o) => {
        const path = `/fields/${seg(id)}`;
        return parseSingle(await this.#put(path, 'field', body, undefined, o), 'field', this.#source('PUT', path));
      },
    };
    this.fieldsets = {
      list: async (model, o) => {
        const path = `/item-types/${seg(model)}/fieldsets`;
        return parseCollection(await this.#get(path, undefined, o), 'fieldset', this.#source('GET', path));
      },
    };
    this.webhooks = {
      list: async (o) => parseCollection(await this.#get('/webhooks', undefined, o), 'webhook', this.#source('GET', '/webhooks')),
      find: async (id, o) => {
        const path = `/webhooks/${seg(id)}`;
        return parseSingle(await this.#get(path, undefined, o), 'webhook', this.#source('GET', path));
      },
      update: async (id, body, o) => {
        const path = `/webhooks/${seg(id)}`;
        return parseSingle(await this.#put(path, 'webhook', body, undefined, o), 'webhook', this.#source('PUT', path));
      },
    };
    this.items = {
      list: async (query, o) => {
        const limit = query?.page?.limit;
        if (limit !== undefined && (!Number.isInteger(limit) || limit < 0 || limit > MAX_ITEMS_PAGE_SIZE)) {
          throw new RangeError(`items.list: page.limit must be an integer from 0 to ${MAX_ITEMS_PAGE_SIZE} (got ${limit})`);
        }
        const offset = query?.page?.offset;
        if (offset !== undefined && (!Number.isInteger(offset) || offset < 0)) {
          throw new RangeError(`items.list: page.offset must be a non-negative integer (got ${offset})`);
        }
        const params = { ...query } as Record<string, unknown>;
        return parsePage(await this.#get('/items', params, o), 'item', this.#source('GET', withQuery('/items', params)));
      },
      find: async (id, o) => {
        const path = `/items/${seg(id)}`;
        const params = { nested: o?.nested, version: o?.version };
        return parseSingle(await this.#get(path, params, o), 'item', this.#source('GET', withQuery(path, params)));
      },
      update: async (id, body, o) => {
        const path = `/items/${seg(id)}`;
        const params = { nested: o?.nested };
        return parseSingle(await this.#put(path, 'item', body, params, o), 'item', this.#source('PUT', withQuery(path, params)));
      },
      listAll: (query, o) => this.#listAll(query, o),
    };
  }

  /** A client for another environment: same token, same keep-alive pool, same rate-limit pacing. */
  withEnvironment(environment: string | undefined): CmaClient {
    const copy = new CmaClient({ ...this.#optionsForCopy(), environment });
    copy.#gate = this.#gate;
    return copy;
  }

  /**
   * Sends one API call: retries what is safe to retry, waits out rate limits, polls async jobs (202) and
   * returns the parsed JSON body (for a job: its payload). Throws ApiError, NetworkError, TimeoutError,
   * ResponseError or CancelledError.
   */
  async request<T = unknown>(req: RawRequest): Promise<T> {
    const path = withQuery(req.path, req.query);
    const answer = await this.#exchange(req.method, path, req.body, req.signal);
    if (answer.status === 202) {
      const jobId = jobIdOf(answer.body);
      if (jobId !== undefined) {
        return (await this.#awaitJob(jobId, req.method, path, answer.requestId, req.signal, req.onJob)) as T;
      }
    }
    return answer.body as T;
  }

  #get(path: string, query: Record<string, unknown> | undefined, o: CallOptions | undefined): Promise<unknown> {
    return this.request({ method: 'GET', path, query, signal: o?.signal });
  }

  #put(path: string, type: ResourceType, body: UpdateBody, query: Record<string, unknown> | undefined, o: JobCallOptions | undefined): Promise<unknown> {
    if (body?.data?.type !== type) {
      throw new TypeError(`PUT ${path}: the body's data.type is ${JSON.stringify(body?.data?.type)} (expected "${type}")`);
    }
    return this.request({ method: 'PUT', path, query, body, signal: o?.signal, onJob: o?.onJob });
  }

  #source(method: string, path: string): BodySource {
    return { method, path: this.#scrub(path), status: 200 };
  }

  /** One call with its retries; resolves with the first usable answer or throws the last error. */
  async #exchange(method: HttpMethod, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Answer> {
    const settings = this.#settings;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
      'x-api-version': '3',
      'user-agent': settings.userAgent,
    };
    if (this.environment !== undefined) headers['x-environment'] = this.environment;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/vnd.api+json';
    const safePath = this.#scrub(path);

    for (let attempt = 1; ; attempt++) {
      await this.#gate.wait(signal);
      const started = performance.now();
      const outcome = await sendAttempt({
        origin: settings.origin,
        method,
        path: settings.basePath + path,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        timeoutMs: settings.requestTimeoutMs,
        maxBodyBytes: settings.maxResponseBytes,
        ...(signal ? { signal } : {}),
      });
      const durationMs = Math.round(performance.now() - started);
      // The request id is server text that reaches log lines and messages: a server (or proxy) echoing
      // the Authorization header there must not put the token into them.
      if ('requestId' in outcome && outcome.requestId !== undefined) outcome.requestId = this.#scrub(outcome.requestId).slice(0, 200);
      const verdict = this.#judge(outcome, method, safePath, attempt);
      const mayRetry = 'error' in verdict && verdict.retryInMs !== undefined && attempt < settings.retry.maxAttempts;
      this.#log({
        method,
        path: safePath,
        status: outcome.kind === 'response' || outcome.kind === 'too-large' ? outcome.status : outcome.kind,
        durationMs,
        attempt,
        ...('requestId' in outcome && outcome.requestId !== undefined ? { requestId: outcome.requestId } : {}),
        ...(mayRetry ? { retryInMs: (verdict as { retryInMs: number }).retryInMs } : {}),
      });
      if ('answer' in verdict) return verdict.answer;
      if (!mayRetry) throw verdict.error;
      await sleep(verdict.retryInMs ?? 0, signal);
    }
  }

  /** Decides what an attempt means and whether repeating it is safe (PROTOCOL §5–§6). */
  #judge(outcome: AttemptOutcome, method: HttpMethod, path: string, attempt: number): Verdict {
    const policy = this.#settings.retry;
    const isRead = method === 'GET';
    const backoff = backoffDelay(policy, attempt);
    const uncertain = isRead ? '' : `; ${UNCERTAIN_WRITE}`;

    switch (outcome.kind) {
      case 'aborted':
        return { error: new CancelledError(`${method} ${path} was cancelled`) };
      case 'timeout':
        return {
          error: new TimeoutError(
            `${method} ${path} timed out after ${this.#settings.requestTimeoutMs} ms${uncertain}`,
            { kind: 'request', method, path },
          ),
          ...(isRead ? { retryInMs: backoff } : {}),
        };
      case 'network-error': {
        const reason = this.#scrub(outcome.message);
        const cause = Object.assign(new Error(reason), outcome.code ? { code: outcome.code } : {});
        const code = outcome.code ? `${outcome.code} ` : '';
        return {
          error: new NetworkError(`${method} ${path} failed: network error ${code}(${reason})${outcome.requestSent ? uncertain : ''}`, {
            method, path, cause, ...(outcome.code ? { code: outcome.code } : {}),
          }),
          // a request that never left (connection refused…) is safe to send again, even a write
          ...(isRead || !outcome.requestSent ? { retryInMs: backoff } : {}),
        };
      }
      case 'too-large':
        return {
          error: new ResponseError(
            `${method} ${path}: the ${outcome.status} response is larger than ${outcome.limit} bytes; it was not read${uncertain}`,
            { status: outcome.status, method, path },
          ),
        };
      case 'response':
        return this.#judgeResponse(outcome, method, path, backoff, uncertain);
    }
  }

  #judgeResponse(
    outcome: Extract<AttemptOutcome, { kind: 'response' }>,
    method: HttpMethod,
    path: string,
    backoff: number,
    uncertain: string,
  ): Verdict {
    const policy = this.#settings.retry;
    const isRead = method === 'GET';
    const { status, requestId } = outcome;
    this.#gate.observe(outcome.rateLimitLimit, outcome.rateLimitRemaining);
    if (outcome.rateLimitRemaining === 0 && status !== 429) {
      const untilReset = this.#gate.untilWindowReset(rateResetMs(outcome.rateLimitReset), policy.rateLimitWindowMs);
      this.#gate.pauseFor(Math.min(policy.maxRateLimitWaitMs, untilReset));
    }

    if (status === 204) return { answer: { status, body: undefined, requestId } };

    const parsed = parseJsonBody(outcome.text, outcome.contentType);
    if (status === 429) {
      const errors = parsed.ok ? this.#scrubEntries(parseApiErrors(parsed.value)) : [];
      // Requests already in flight when the window ran out: the pause set then knows when the window
      // resets; the header's whole seconds would retry them up to a second late.
      const announced = rateResetMs(outcome.rateLimitReset);
      const held = this.#gate.pausedForMs();
      const wait = announced !== undefined && held > 0 && held <= announced ? held : announced ?? backoff;
      if (wait > policy.maxRateLimitWaitMs) {
        const note = `the server asks to wait ${Math.ceil(wait / 1000)} s, longer than the ${policy.maxRateLimitWaitMs} ms this client waits`;
        return { error: new ApiError(withRequestId({ status, method, path, errors: withDefaultCode(errors, 'RATE_LIMIT_EXCEEDED'), note }, requestId)) };
      }
      this.#gate.pauseFor(wait);
      // a 429 means the server did not act on the request, so writes are retried too
      return {
        error: new ApiError(withRequestId({ status, method, path, errors: withDefaultCode(errors, 'RATE_LIMIT_EXCEEDED') }, requestId)),
        retryInMs: wait,
      };
    }

    if (!parsed.ok) {
      if (status >= 400 && outcome.text.trim() === '') {
        const ambiguous = !isRead && status >= 500;
        const error = new ApiError(withRequestId({ status, method, path, errors: [], ...(ambiguous ? { note: UNCERTAIN_WRITE } : {}) }, requestId));
        return { error, ...(isRead && status >= 500 ? { retryInMs: backoff } : {}) };
      }
      const error = new ResponseError(`${method} ${path}: the ${status} response ${parsed.problem}${uncertain}`, { status, method, path });
      return { error, ...(isRead ? { retryInMs: backoff } : {}) };
    }

    if (status >= 200 && status < 300) return { answer: { status, body: parsed.value, requestId } };

    const errors = this.#scrubEntries(parseApiErrors(parsed.value));
    const transient = errors.some((entry) => entry.transient);
    const ambiguous = !isRead && !transient && status >= 500;
    const error = new ApiError(withRequestId({ status, method, path, errors, ...(ambiguous ? { note: UNCERTAIN_WRITE } : {}) }, requestId));
    // transient: the server says it did not apply the change; a plain 5xx on a write is ambiguous
    if (transient || (isRead && status >= 500)) return { error, retryInMs: backoff };
    return { error };
  }

  /** Polls /job-results/:id until the job finishes (PROTOCOL §7); its payload is the call's response. */
  async #awaitJob(
    jobId: string,
    method: HttpMethod,
    path: string,
    requestId: string | undefined,
    signal: AbortSignal | undefined,
    onJob: ((jobId: string) => void) | undefined,
  ): Promise<unknown> {
    onJob?.(jobId);
    const policy = this.#settings.jobs;
    const pollPath = `/job-results/${encodeURIComponent(jobId)}`;
    const deadline = Date.now() + policy.timeoutMs;
    let delay = policy.firstDelayMs;
    for (;;) {
      await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), signal).catch((error: unknown) => {
        throw withJobNote(error, jobId);
      });
      let answer: Answer | undefined;
      try {
        answer = await this.#exchange('GET', pollPath, undefined, signal);
      } catch (error) {
        // 404 means the job is still running
        if (!(error instanceof ApiError && error.status === 404)) throw withJobNote(error, jobId);
      }
      if (answer) {
        const result = parseJobResult(answer.body, { method: 'GET', path: pollPath, status: answer.status });
        if (result.status >= 200 && result.status < 300) return result.payload;
        const errors = this.#scrubEntries(parseApiErrors(result.payload));
        throw new ApiError(withRequestId({ status: result.status, method, path: this.#scrub(path), errors, note: `reported by job ${jobId}` }, requestId));
      }
      if (Date.now() >= deadline) {
        throw new TimeoutError(
          `${method} ${this.#scrub(path)}: job ${jobId} did not finish within ${policy.timeoutMs} ms; it may still complete — reload to see the outcome`,
          { kind: 'job', method, path: this.#scrub(path) },
        );
      }
      delay = Math.min(policy.maxDelayMs, delay * policy.factor);
    }
  }

  async *#listAll(query: ItemQuery | undefined, o: ListAllOptions | undefined): AsyncGenerator<Resource<'item'>> {
    const pageSize = o?.pageSize ?? MAX_ITEMS_PAGE_SIZE;
    const concurrency = o?.concurrency ?? 4;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_ITEMS_PAGE_SIZE) {
      throw new RangeError(`items.listAll: pageSize must be an integer from 1 to ${MAX_ITEMS_PAGE_SIZE} (got ${pageSize})`);
    }
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_LIST_CONCURRENCY) {
      throw new RangeError(`items.listAll: concurrency must be an integer from 1 to ${MAX_LIST_CONCURRENCY} (got ${concurrency})`);
    }
    // One controller for every page request: the caller's abort and an early stop both end them all.
    const stop = new AbortController();
    const callerSignal = o?.signal;
    const onCallerAbort = () => stop.abort();
    if (callerSignal?.aborted) stop.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const pending: Promise<Page<'item'>>[] = [];
    try {
      const first = await this.items.list({ ...query, page: { offset: 0, limit: pageSize } }, { signal: stop.signal });
      const total = first.totalCount;
      // The server may serve fewer per page than asked (nested=true is capped lower): step by what it served.
      const step = first.data.length > 0 && first.data.length < pageSize && first.data.length < total ? first.data.length : pageSize;
      let nextOffset = first.data.length > 0 ? step : total;
      const refill = () => {
        while (pending.length < concurrency && nextOffset < total) {
          const page = this.items.list({ ...query, page: { offset: nextOffset, limit: step } }, { signal: stop.signal });
          page.catch(() => undefined); // awaited in order below; this only silences early rejections
          pending.push(page);
          nextOffset += step;
        }
      };
      refill();
      let loaded = first.data.length;
      o?.onProgress?.(loaded, total);
      const cancelled = () => new CancelledError('items.listAll was cancelled');
      for (const record of first.data) {
        if (callerSignal?.aborted) throw cancelled();
        yield record;
      }
      for (let page = pending.shift(); page; page = pending.shift()) {
        const { data } = await page;
        refill();
        loaded += data.length;
        o?.onProgress?.(loaded, total);
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

  #log(entry: RequestLogEntry): void {
    try {
      this.#settings.onRequest?.(entry);
    } catch {
      // a failing log sink must not break API calls
    }
  }

  /** Defensive: the token must never reach a message or log line, even if the server echoes it. */
  #scrub(text: string): string {
    return this.#token.length >= 8 ? text.split(this.#token).join('[redacted]') : text;
  }

  #scrubEntries(entries: ApiErrorEntry[]): ApiErrorEntry[] {
    return entries.map((entry) => scrubDeep(entry, (text) => this.#scrub(text)));
  }

  #optionsForCopy(): ClientOptions {
    const s = this.#settings;
    return {
      apiToken: this.#token,
      baseUrl: s.baseUrl,
      requestTimeoutMs: s.requestTimeoutMs,
      retry: s.retry,
      jobs: s.jobs,
      userAgent: s.userAgent,
      maxResponseBytes: s.maxResponseBytes,
      ...(s.onRequest ? { onRequest: s.onRequest } : {}),
    };
  }
}

function resolveSettings(options: ClientOptions): Settings {
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
  };
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const encoded = query ? encodeQuery(query) : '';
  return encoded ? `${path}?${encoded}` : path;
}

function rateResetMs(resetSeconds: number | undefined): number | undefined {
  return resetSeconds !== undefined && resetSeconds >= 0 ? resetSeconds * 1000 : undefined;
}

function withRequestId<T extends object>(init: T, requestId: string | undefined): T & { requestId?: string } {
  return requestId === undefined ? init : { ...init, requestId };
}

/**
 * A poll that failed (or was cancelled) says nothing about the job: the write was accepted and may
 * still be applied. The message must say so, or the user would save again and write twice.
 */
function withJobNote(error: unknown, jobId: string): unknown {
  if (error instanceof Error) {
    error.message += ` — DatoCMS accepted the change as job ${jobId}, so it may still be applied: reload to see the outcome before saving again`;
  }
  return error;
}

function withDefaultCode(errors: ApiErrorEntry[], code: string): ApiErrorEntry[] {
  return errors.length > 0 ? errors : [{ code, details: {}, transient: false }];
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string };

function parseJsonBody(text: string, contentType: string | undefined): ParsedBody {
  if (contentType !== undefined && !/\bjson\b/i.test(contentType)) {
    return { ok: false, problem: `is ${contentType.split(';')[0]}, not JSON` };
  }
  // JSON.parse copes with any depth, but walking the value (scrubbing, rendering) recurses: refuse
  // bodies no real API answer comes near, instead of a stack overflow later.
  if (nestingExceeds(text, MAX_RESPONSE_DEPTH)) {
    return { ok: false, problem: `is nested more than ${MAX_RESPONSE_DEPTH} levels deep` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: text.trim() === '' ? 'has an empty body (expected JSON)' : 'is not valid JSON' };
  }
}

const MAX_RESPONSE_DEPTH = 1000;

/**
 * Whether brackets nest deeper than `max` (those inside strings do not count); one pass, no recursion.
 * Most of a body is string content: each string is skipped with one native search for its closing quote
 * instead of a character-by-character walk, which kept paging about 25 % slower than the bare wire.
 */
function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34 /* " */) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscapedQuote(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false; // an unterminated string: JSON.parse reports it
      i = end;
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}

/** A quote preceded by an odd number of backslashes is part of the string. */
function isEscapedQuote(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let j = quote - 1; j >= 0 && text.charCodeAt(j) === 92 /* \ */; j--) backslashes++;
  return backslashes % 2 === 1;
}

function scrubDeep<T>(value: T, scrub: (text: string) => string): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrub)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubDeep(inner, scrub)])) as T;
  }
  return value;
}
