// Async jobs: a write answered 202 `{data: {type: "job", id}}` runs on DatoCMS's side; GET /job-results/:id
// answers 404 while it runs and then the job_result, whose payload is the response the write would have
// given (or, with a non-2xx status, its error document).

import { ApiError, TimeoutError, withRequestId, type ApiErrorEntry } from './errors';
import { parseApiErrors, parseJobResult } from './jsonapi';
import type { HttpMethod } from './settings';
import { sleep, type JobPolicy } from './timing';

/** What polling a job needs from the requester that started it. */
export interface JobRequester {
  readonly settings: { readonly jobs: JobPolicy };
  readonly scrub: (text: string) => string;
  scrubEntries(entries: ApiErrorEntry[]): ApiErrorEntry[];
  exchange(method: 'GET', path: string, body: undefined, signal: AbortSignal | undefined): Promise<{ status: number; body: unknown }>;
}

export interface PendingJob {
  jobId: string;
  /** the write that started the job, for messages */
  method: HttpMethod;
  path: string;
  requestId: string | undefined;
  signal: AbortSignal | undefined;
  onJob: ((jobId: string) => void) | undefined;
}

/** Polls until the job finishes (or its time is up, or the signal aborts); returns the job's payload. */
export async function awaitJob(requester: JobRequester, job: PendingJob): Promise<unknown> {
  const { method, signal } = job;
  // the job's id comes from the server: what messages quote of it never holds the token
  const jobId = requester.scrub(job.jobId);
  job.onJob?.(job.jobId);
  const policy = requester.settings.jobs;
  const path = requester.scrub(job.path);
  const pollPath = `/job-results/${encodeURIComponent(job.jobId)}`;
  const deadline = Date.now() + policy.timeoutMs;
  let delay = policy.firstDelayMs;
  for (;;) {
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), signal).catch((error: unknown) => {
      throw withJobNote(error, jobId);
    });
    let answer: { status: number; body: unknown } | undefined;
    try {
      answer = await requester.exchange('GET', pollPath, undefined, signal);
    } catch (error) {
      // 404 means the job is still running
      if (!(error instanceof ApiError && error.status === 404)) throw withJobNote(error, jobId);
    }
    if (answer) {
      const result = parseJobResult(answer.body, {
        method: 'GET',
        path: requester.scrub(pollPath),
        status: answer.status,
        scrub: requester.scrub,
      });
      if (result.status >= 200 && result.status < 300) return result.payload;
      const errors = requester.scrubEntries(parseApiErrors(result.payload));
      throw new ApiError(withRequestId({ status: result.status, method, path, errors, note: `reported by job ${jobId}` }, job.requestId));
    }
    if (Date.now() >= deadline) {
      throw new TimeoutError(
        `${method} ${path}: job ${jobId} did not finish within ${policy.timeoutMs} ms; it may still complete — reload to see the outcome`,
        { kind: 'job', method, path },
      );
    }
    delay = Math.min(policy.maxDelayMs, delay * policy.factor);
  }
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
