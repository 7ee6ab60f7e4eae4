// Waiting: retry and job-polling policies, jittered backoff, abortable sleeps and rate-limit pacing.

import { CancelledError } from './errors';

export interface RetryPolicy {
  /** attempts per call, first one included */
  maxAttempts: number;
  /** backoff before the 2nd attempt; doubles each time */
  baseDelayMs: number;
  /** cap of a single backoff */
  maxDelayMs: number;
  /**
   * Longest rate-limit wait the client accepts: a 429 asking for longer fails at once, and a pause set
   * because no request is left in the window lasts at most this long (the API's windows are 3 s).
   */
  maxRateLimitWaitMs: number;
  /** how long to pause when the server reports no request left but no X-RateLimit-Reset (the API's window is 3 s) */
  rateLimitWindowMs: number;
}

export interface JobPolicy {
  firstDelayMs: number;
  factor: number;
  maxDelayMs: number;
  /** overall time a job may take before the call fails with TimeoutError kind 'job' */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRateLimitWaitMs: 10_000,
  rateLimitWindowMs: 3000,
};

// Short schema jobs finish in tens of milliseconds: the first poll comes early, later ones back off.
const DEFAULT_JOB_POLICY: JobPolicy = {
  firstDelayMs: 30,
  factor: 1.5,
  maxDelayMs: 2000,
  timeoutMs: 120_000,
};

export function resolveRetryPolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...definedOnly(overrides) };
  requirePositiveInteger('retry.maxAttempts', policy.maxAttempts);
  requireNonNegative('retry.baseDelayMs', policy.baseDelayMs);
  requireNonNegative('retry.maxDelayMs', policy.maxDelayMs);
  requireNonNegative('retry.maxRateLimitWaitMs', policy.maxRateLimitWaitMs);
  requireNonNegative('retry.rateLimitWindowMs', policy.rateLimitWindowMs);
  return policy;
}

export function resolveJobPolicy(overrides: Partial<JobPolicy> | undefined): JobPolicy {
  const policy = { ...DEFAULT_JOB_POLICY, ...definedOnly(overrides) };
  requireNonNegative('jobs.firstDelayMs', policy.firstDelayMs);
  requireNonNegative('jobs.maxDelayMs', policy.maxDelayMs);
  requireNonNegative('jobs.timeoutMs', policy.timeoutMs);
  if (!(policy.factor >= 1)) throw new RangeError(`jobs.factor must be at least 1 (got ${policy.factor})`);
  return policy;
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer (got ${value})`);
}

function requireNonNegative(name: string, value: number): void {
  if (!(value >= 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number ≥ 0 (got ${value})`);
}

/**
 * Backoff after the `failedAttempts`-th failure: exponential, capped, with "equal jitter" (half fixed,
 * half random) so that concurrent callers spread out instead of retrying in lockstep.
 */
export function backoffDelay(policy: RetryPolicy, failedAttempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** Resolves after `ms`; rejects with CancelledError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(new CancelledError('The operation was cancelled'));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError('The operation was cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Proactive pacing shared by the clients of one project (a client and its withEnvironment copies):
 * once the server says no request is left in the window (or answers 429), every request waits for the
 * window to reset instead of provoking more 429s.
 */
export class RateGate {
  private resumeAt = 0;
  /** when the answer to the first request of the current rate-limit window arrived (Remaining = Limit − 1) */
  private windowStartedAt: number | undefined;

  /** No request starts before `Date.now() + ms`. */
  pauseFor(ms: number): void {
    this.resumeAt = Math.max(this.resumeAt, Date.now() + ms);
  }

  /** How long requests are still held, 0 when they are not. */
  pausedForMs(): number {
    return Math.max(0, this.resumeAt - Date.now());
  }

  /** Notes the X-RateLimit-* counts of an answer, to know when the window opened. */
  observe(limit: number | undefined, remaining: number | undefined): void {
    if (limit !== undefined && remaining !== undefined && remaining === limit - 1) this.windowStartedAt = Date.now();
  }

  /**
   * How long until the window resets, by what the server said (X-RateLimit-Reset in ms, when it sent
   * one) and when the window opened. The header is whole seconds rounded up, so it can overshoot by up to
   * a second (a third of the API's 3 s window), and it is absent before a 429: when the window's start is
   * known and agrees with the header, the wait ends `windowMs` after it instead. The start is taken when
   * its answer arrived, never before the server counted it, so the estimate does not end early.
   */
  untilWindowReset(resetMs: number | undefined, windowMs: number): number {
    const fallback = resetMs ?? windowMs;
    if (this.windowStartedAt === undefined) return fallback;
    const estimate = this.windowStartedAt + windowMs - Date.now();
    const lowest = resetMs === undefined ? 0 : resetMs - 1000;
    return estimate >= lowest && estimate <= fallback ? Math.max(0, estimate) : fallback;
  }

  wait(signal?: AbortSignal): Promise<void> {
    return sleep(this.resumeAt - Date.now(), signal);
  }
}
