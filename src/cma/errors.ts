// Errors thrown by the CMA client. Every message names the request (method + path) and what went wrong;
// none of them may contain the API token (the client scrubs messages before constructing them).

/** What stands where a secret (a token a server echoed) was removed from a message, a log line or an answer. */
export const SECRET_MARKER = '[secret removed]';

/** One `api_error` entry of an error document (`{data: [{type: "api_error", attributes: {code, details}}]}`). */
export interface ApiErrorEntry {
  id?: string;
  code: string;
  details: Record<string, unknown>;
  docUrl?: string;
  transient: boolean;
}

export class CmaError extends Error {
  override name = 'CmaError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface ApiErrorInit {
  status: number;
  method: string;
  path: string;
  requestId?: string;
  errors: ApiErrorEntry[];
  /** extra sentence appended to the message, e.g. how long a rate limit lasts */
  note?: string;
}

/** The API answered with an error status (or a finished job reported one). */
export class ApiError extends CmaError {
  override name = 'ApiError';
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  readonly errors: ApiErrorEntry[];

  constructor(init: ApiErrorInit) {
    super(apiErrorMessage(init));
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.requestId = init.requestId;
    this.errors = init.errors;
  }

  /** The first error's code, or `HTTP_<status>` when the body carried no api_error. */
  get code(): string {
    return this.errors[0]?.code ?? `HTTP_${this.status}`;
  }

  /** A 404 about the environment itself (deleted or renamed), not about what was asked for in it. */
  get environmentMissing(): boolean {
    return this.status === 404 && this.errors.some((entry) => entry.code === 'INVALID_ENVIRONMENT');
  }

  /** The first error with this code whose details contain every given key/value (shallow equality). */
  findError(code: string, details?: Record<string, unknown>): ApiErrorEntry | undefined {
    return this.errors.find(
      (entry) => entry.code === code && (!details || Object.entries(details).every(([key, value]) => entry.details[key] === value)),
    );
  }
}

/** A failure of one request that named no API error: which request it was. */
abstract class RequestFailure extends CmaError {
  readonly method: string;
  readonly path: string;
  constructor(message: string, init: { method: string; path: string }, options?: { cause?: unknown }) {
    super(message, options);
    this.method = init.method;
    this.path = init.path;
  }
}

/** The connection failed (refused, reset, DNS…) before a complete response arrived. */
export class NetworkError extends RequestFailure {
  override name = 'NetworkError';
  readonly code: string | undefined;
  constructor(message: string, init: { method: string; path: string; code?: string; cause?: unknown }) {
    super(message, init, { cause: init.cause });
    this.code = init.code;
  }
}

/** A request attempt ran past `requestTimeoutMs` ('request'), or an async job past its timeout ('job'). */
export class TimeoutError extends RequestFailure {
  override name = 'TimeoutError';
  readonly kind: 'request' | 'job';
  constructor(message: string, init: { kind: 'request' | 'job'; method: string; path: string }) {
    super(message, init);
    this.kind = init.kind;
  }
}

/** The response could not be used: not JSON, malformed JSON, too large, or not the expected JSON:API shape. */
export class ResponseError extends RequestFailure {
  override name = 'ResponseError';
  readonly status: number;
  constructor(message: string, init: { status: number; method: string; path: string }) {
    super(message, init);
    this.status = init.status;
  }
}

/** The caller aborted the operation (its AbortSignal fired). */
export class CancelledError extends CmaError {
  override name = 'CancelledError';
}

/** `init` with the response's x-request-id, when there was one. */
export function withRequestId<T extends object>(init: T, requestId: string | undefined): T & { requestId?: string } {
  return requestId === undefined ? init : { ...init, requestId };
}

function apiErrorMessage(init: ApiErrorInit): string {
  const head = `${init.method} ${init.path} failed: ${init.status}`;
  const described = init.errors.map(describeEntry).join('; ');
  let message = described ? `${head} ${described}` : `${head} (the response carried no error details)`;
  if (init.status === 401) {
    message += ' — the API token was refused; set a valid token for this project';
  }
  if (init.status === 404 && init.errors.some((entry) => entry.code === 'NOT_FOUND')) {
    message += ' — it does not exist (any more) in this environment, or the API token may not access it; refresh to see the current state';
  }
  if (init.status === 404 && init.errors.some((entry) => entry.code === 'INVALID_ENVIRONMENT')) {
    message += ' — this environment does not exist (any more): it may have been deleted or renamed; switch to another environment';
  }
  if (init.note) message += ` — ${init.note}`;
  return message;
}

/** `INVALID_FIELD (api_key: VALIDATION_UNIQUENESS)`: the code and, when known, the attribute at fault. */
function describeEntry(entry: ApiErrorEntry): string {
  const detail = describeDetails(entry.details);
  return detail ? `${entry.code} (${detail})` : entry.code;
}

function describeDetails(details: Record<string, unknown>): string {
  const field = details['field'] ?? details['attribute'];
  const code = details['code'];
  const locale = details['locale'];
  if (typeof field === 'string') {
    const where = typeof locale === 'string' ? `${field}.${locale}` : field;
    return typeof code === 'string' ? `${where}: ${code}` : where;
  }
  const extraneous = details['extraneous_attributes'];
  if (Array.isArray(extraneous) && extraneous.length > 0) {
    return `extraneous attributes: ${extraneous.map(String).join(', ')}`;
  }
  if (typeof code === 'string') return code;
  const message = details['message'];
  if (typeof message === 'string') return truncate(message, 200);
  return '';
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
