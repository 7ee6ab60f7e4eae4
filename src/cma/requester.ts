// One API call from start to answer: headers, the attempts and which failures are safe to repeat, rate-limit
// pacing, and the request log. Async jobs (202) are followed by ./jobs.

import {
  ApiError,
  CancelledError,
  SECRET_MARKER,
  type CmaError,
  NetworkError,
  ResponseError,
  TimeoutError,
  withRequestId,
  type ApiErrorEntry,
} from './errors';
import { isLosslessNumber, parseJsonBody, stringifyBody } from './exactJson';
import { jobIdOf, parseApiErrors, type BodySource } from './jsonapi';
import { awaitJob } from './jobs';
import { encodeQuery } from './query';
import type { HttpMethod, RawRequest, RequestLogEntry, Settings } from './settings';
import { backoffDelay, type RateGate, sleep } from './timing';
import type { RequestBudget } from './budget';
import { sendAttempt, type AttemptOutcome } from './transport';

const UNCERTAIN_WRITE = 'the change may or may not have been applied — reload before trying again';

/** The successful end of one exchange (after retries). */
export interface Answer {
  status: number;
  body: unknown;
  requestId: string | undefined;
}

/** A call's parsed JSON body (for a job: its payload) and where it came from, for error messages. */
export interface Reply {
  body: unknown;
  source: BodySource;
}

/** What one attempt means: an answer, or an error with (when it may be retried) the wait before retrying. */
type Verdict = { answer: Answer } | { error: CmaError; retryInMs?: number };

export class Requester {
  // Private fields keep the token out of JSON.stringify, console.log and debugger previews.
  readonly #token: string;

  constructor(
    token: string,
    readonly settings: Settings,
    readonly environment: string | undefined,
    /** shared by a client and its withEnvironment copies: one project, one rate limit */
    readonly gate: RateGate,
    /** shared like the gate: what background sources may spend */
    readonly budget: RequestBudget,
    /** the background source whose requests these are (a hover, a refresh); undefined: the user's own */
    readonly source?: string,
  ) {
    this.#token = token;
  }

  /** The same token, settings, rate-limit pacing and budget, for another environment. */
  forEnvironment(environment: string | undefined): Requester {
    return new Requester(this.#token, this.settings, environment, this.gate, this.budget, this.source);
  }

  /** The same, for the requests of a background source (counted against the budget). */
  forSource(source: string): Requester {
    return new Requester(this.#token, this.settings, this.environment, this.gate, this.budget, source);
  }

  /**
   * Sends one API call: retries what is safe to retry, waits out rate limits, polls async jobs (202) and
   * returns the parsed JSON body (for a job: its payload).
   */
  async call(req: RawRequest): Promise<Reply> {
    const path = withQuery(req.path, req.query);
    this.budget.gone.check(this.environment, req.method, this.scrub(path));
    if (this.source !== undefined) this.budget.spend(this.source);
    const signal = callSignal(this.settings.signal, req.signal);
    const answer = await this.exchange(req.method, path, req.body, signal).catch((error: unknown) => {
      this.budget.gone.note(this.environment, error);
      throw error;
    });
    const source: BodySource = { method: req.method, path: this.scrub(path), status: answer.status, scrub: this.scrub };
    if (answer.status === 202) {
      const jobId = jobIdOf(answer.body);
      if (jobId !== undefined) {
        const payload = await awaitJob(this, { jobId, method: req.method, path, requestId: answer.requestId, signal, onJob: req.onJob });
        return { body: payload, source: { ...source, status: 200 } };
      }
    }
    return { body: answer.body, source };
  }

  /** One request with its retries; resolves with the first usable answer or throws the last error. */
  async exchange(method: HttpMethod, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Answer> {
    const settings = this.settings;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
      'x-api-version': '3',
      'user-agent': settings.userAgent,
    };
    if (this.environment !== undefined) headers['x-environment'] = this.environment;
    const payload = body === undefined ? undefined : stringifyBody(body);
    if (payload !== undefined) headers['content-type'] = 'application/vnd.api+json';
    const safePath = this.scrub(path);

    for (let attempt = 1; ; attempt++) {
      await this.gate.wait(signal);
      const started = performance.now();
      const outcome = await sendAttempt({
        origin: settings.origin,
        method,
        path: settings.basePath + path,
        headers,
        body: payload,
        timeoutMs: settings.requestTimeoutMs,
        maxBodyBytes: settings.maxResponseBytes,
        signal,
      });
      const durationMs = Math.round(performance.now() - started);
      // The request id is server text that reaches log lines and messages: a server (or proxy) echoing
      // the Authorization header there must not put the token into them.
      if ('requestId' in outcome && outcome.requestId !== undefined) outcome.requestId = this.scrub(outcome.requestId).slice(0, 200);
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

  /** Decides what an attempt means and whether repeating it is safe. */
  #judge(outcome: AttemptOutcome, method: HttpMethod, path: string, attempt: number): Verdict {
    const isRead = method === 'GET';
    const backoff = backoffDelay(this.settings.retry, attempt);
    const uncertain = isRead ? '' : `; ${UNCERTAIN_WRITE}`;

    switch (outcome.kind) {
      case 'aborted':
        return { error: new CancelledError(`${method} ${path} was cancelled`) };
      case 'timeout':
        return {
          error: new TimeoutError(`${method} ${path} timed out after ${this.settings.requestTimeoutMs} ms${uncertain}`, {
            kind: 'request',
            method,
            path,
          }),
          retryInMs: isRead ? backoff : undefined,
        };
      case 'network-error': {
        const reason = this.scrub(outcome.message);
        const cause = Object.assign(new Error(reason), outcome.code ? { code: outcome.code } : {});
        const code = outcome.code ? `${outcome.code} ` : '';
        return {
          error: new NetworkError(`${method} ${path} failed: network error ${code}(${reason})${outcome.requestSent ? uncertain : ''}`, {
            method,
            path,
            cause,
            ...(outcome.code ? { code: outcome.code } : {}),
          }),
          // a request that never left (connection refused…) is safe to send again, even a write
          retryInMs: isRead || !outcome.requestSent ? backoff : undefined,
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
    const policy = this.settings.retry;
    const isRead = method === 'GET';
    const { status, requestId } = outcome;
    this.gate.observe(outcome.rateLimitLimit, outcome.rateLimitRemaining);
    if (outcome.rateLimitRemaining === 0 && status !== 429) {
      // However long the server says, the whole project waits at most maxRateLimitWaitMs.
      const untilReset = this.gate.untilWindowReset(rateResetMs(outcome.rateLimitReset), policy.rateLimitWindowMs);
      this.gate.pauseFor(Math.min(policy.maxRateLimitWaitMs, untilReset));
    }

    if (status === 204) return { answer: { status, body: undefined, requestId } };

    const parsed = parseJsonBody(outcome.text, outcome.contentType);
    if (status === 429) {
      const errors = parsed.ok ? this.scrubEntries(parseApiErrors(parsed.value)) : [];
      // Requests already in flight when the window ran out: the pause set then knows when the window
      // resets; the header's whole seconds would retry them up to a second late.
      const announced = rateResetMs(outcome.rateLimitReset);
      const held = this.gate.pausedForMs();
      const wait = announced !== undefined && held > 0 && held <= announced ? held : (announced ?? backoff);
      const init = { status, method, path, errors: withDefaultCode(errors, 'RATE_LIMIT_EXCEEDED') };
      if (wait > policy.maxRateLimitWaitMs) {
        // Waiting that long would stall the caller (and every environment sharing the limit): fail now.
        const note = `the server asks to wait ${Math.ceil(wait / 1000)} s, longer than the ${policy.maxRateLimitWaitMs} ms this client waits`;
        return { error: new ApiError(withRequestId({ ...init, note }, requestId)) };
      }
      this.gate.pauseFor(wait);
      // a 429 means the server did not act on the request, so writes are retried too
      return { error: new ApiError(withRequestId(init, requestId)), retryInMs: wait };
    }

    // Retried as the official client retries: a 429, an error the API marks `transient`, and (reads only) an
    // answer that is not JSON at all (a gateway's HTML page). A JSON error without `transient` is the API's
    // answer, 5xx included (a 501 stays a 501): sending it again would only get it again.
    if (!parsed.ok) {
      const foreign = outcome.contentType !== undefined && !/\bjson\b/i.test(outcome.contentType);
      if (status >= 400 && outcome.text.trim() === '' && !foreign) {
        const ambiguous = !isRead && status >= 500;
        const error = new ApiError(
          withRequestId({ status, method, path, errors: [], note: ambiguous ? UNCERTAIN_WRITE : undefined }, requestId),
        );
        return { error };
      }
      const error = new ResponseError(`${method} ${path}: the ${status} response ${parsed.problem}${uncertain}`, { status, method, path });
      return { error, retryInMs: isRead && foreign ? backoff : undefined };
    }

    if (status >= 200 && status < 300) return { answer: { status, body: parsed.value, requestId } };

    const errors = this.scrubEntries(parseApiErrors(parsed.value));
    const transient = errors.some((entry) => entry.transient);
    const ambiguous = !isRead && !transient && status >= 500;
    const error = new ApiError(withRequestId({ status, method, path, errors, note: ambiguous ? UNCERTAIN_WRITE : undefined }, requestId));
    // transient: the server says it did not apply the change, so even a write is sent again
    if (transient) return { error, retryInMs: backoff };
    return { error };
  }

  #log(entry: RequestLogEntry): void {
    try {
      this.settings.onRequest?.(entry);
    } catch {
      // a failing log sink must not break API calls
    }
  }

  /** Defensive: the token must never reach a message or log line, even if the server echoes it. */
  readonly scrub = (text: string): string => (this.#token.length >= 8 ? text.split(this.#token).join(SECRET_MARKER) : text);

  scrubEntries(entries: ApiErrorEntry[]): ApiErrorEntry[] {
    return entries.map((entry) => scrubDeep(entry, (text) => this.scrub(text)));
  }
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const encoded = query ? encodeQuery(query) : '';
  return encoded ? `${path}?${encoded}` : path;
}

/** The call's own signal and the client's lifetime, as one. */
function callSignal(lifetime: AbortSignal | undefined, call: AbortSignal | undefined): AbortSignal | undefined {
  if (!lifetime) return call;
  if (!call) return lifetime;
  return AbortSignal.any([lifetime, call]);
}

function rateResetMs(resetSeconds: number | undefined): number | undefined {
  return resetSeconds !== undefined && resetSeconds >= 0 ? resetSeconds * 1000 : undefined;
}

function withDefaultCode(errors: ApiErrorEntry[], code: string): ApiErrorEntry[] {
  return errors.length > 0 ? errors : [{ code, details: {}, transient: false }];
}

function scrubDeep<T>(value: T, scrub: (text: string) => string): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (isLosslessNumber(value)) return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrub)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubDeep(inner, scrub)])) as T;
  }
  return value;
}
