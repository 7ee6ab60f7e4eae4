// api_error documents as the CMA sends them.
import { createHash } from 'node:crypto';

export interface ApiErrorSpec {
  code: string;
  details?: Record<string, unknown>;
  transient?: boolean;
}

/** An answer the request handlers can throw; the server turns it into the error document. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorSpec[],
  ) {
    super(`${status} ${errors.map((e) => e.code).join(', ')}`);
  }
}

export function httpError(status: number, code: string, details: Record<string, unknown> = {}, transient = false): HttpError {
  return new HttpError(status, [{ code, details, ...(transient ? { transient } : {}) }]);
}

/** The real API's error ids are short hex strings, constant per error kind (T-probe). */
function errorId(code: string): string {
  return createHash('sha1').update(code).digest('hex').slice(0, 6);
}

export function errorDocument(errors: ApiErrorSpec[]): { data: unknown[] } {
  return {
    data: errors.map((e) => ({
      id: errorId(e.code),
      type: 'api_error',
      attributes: {
        code: e.code,
        doc_url: `https://www.datocms.com/docs/content-management-api/errors#${e.code}`,
        details: e.details ?? {},
        ...(e.transient ? { transient: true } : {}),
      },
    })),
  };
}
