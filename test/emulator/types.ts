// The emulator's public contract.
import type { EmulatorStore } from './store.js';
import type { UploadStorageControl } from './upload-storage.js';

export interface EmulatorOptions {
  /** 0 (default) = a free port; binds 127.0.0.1 only */
  port?: number;
  /** the one valid API token; default a random one */
  token?: string;
  /** records of the big model `article` (default 300) */
  records?: number;
  /** extra uploads in the primary environment's media area, besides the seeded ones (default 0) */
  uploads?: number;
  /** simulated network round trip added to every response (default 0) */
  latencyMs?: number;
  /** true = 60 requests per 3000 ms window, answered with 429 beyond that */
  rateLimit?: boolean | { limit: number; windowMs: number };
  /** how long a job runs before /job-results answers 200 (default 20) */
  jobDurationMs?: number;
  /** how long a fork stays `creating` (default: jobDurationMs) */
  forkDurationMs?: number;
  /** true = an empty project (one locale, no models, records, uploads or webhooks) instead of the "Emulated Bistro" */
  empty?: boolean;
}

export interface Emulator {
  url: string;
  port: number;
  token: string;
  faults: { add(rule: FaultRule): void; clear(): void };
  /** log, oldest first; never the token */
  requests: EmulatorRequest[];
  clearRequests(): void;
  setLatency(ms: number): void;
  /**
   * Holds every job (and fork) that would end from now on until the returned release is called: a test sees the
   * state in between (an environment `destroying`) however loaded the machine is.
   */
  holdJobs(): () => void;
  store: EmulatorStore;
  /** the asset storage upload requests point at (its own origin), with the log of what it received */
  uploadStorage: UploadStorageControl;
  close(): Promise<void>;
}

export interface EmulatorRequest {
  method: string;
  /** decoded path without the query string */
  path: string;
  query: Record<string, unknown>;
  /** parsed JSON body (or the raw text when it is not JSON); undefined without a body */
  body: unknown;
  /** the status answered; 0 while pending or when the connection was reset */
  status: number;
  environment: string;
}

export type FaultKind =
  | 'rate_limit'
  | 'server_error'
  | 'bad_gateway_html'
  | 'transient'
  | 'timeout'
  | 'reset'
  | 'malformed_json'
  | 'unauthorized'
  | 'not_found'
  | 'job_failure'
  | 'wrong_content_type'
  | 'huge_body'
  | 'redirect'
  /**
   * a server or proxy that repeats the request's Authorization header: the delivery API in a GraphQL error; the CMA
   * in an api_error (an error status), else as the answer's id and type
   */
  | 'echo_authorization'
  | 'large_answer';

export interface FaultRule {
  kind: FaultKind;
  /** only requests with this method (any case) */
  method?: string;
  /** a string matches the decoded path exactly; a RegExp is tested against it */
  path?: string | RegExp;
  /** how many matching requests it applies to (default 1) */
  count?: number;
  /** rate_limit: the X-RateLimit-Reset seconds (default 1) */
  resetSeconds?: number;
  /** timeout: hold the response this long (default 60 000 ms) */
  delayMs?: number;
  /** the status to answer (server_error default 500, transient 422, job_failure 422) */
  status?: number;
  /** job_failure/server_error/transient: the api_error code to answer */
  code?: string;
  /** redirect: where the Location header points (default https://redirected.example/) */
  location?: string;
  /** large_answer: about how many bytes the (valid) GraphQL answer has (default 22 MB) */
  bytes?: number;
}
