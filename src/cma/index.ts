// Public entry of the CMA client (contract A). Nothing here may import vscode.
export {
  CmaClient,
  DEFAULT_BASE_URL,
  MAX_ITEMS_PAGE_SIZE,
  type ClientOptions,
  type RequestLogEntry,
  type CallOptions,
  type JobCallOptions,
  type ListAllOptions,
  type RawRequest,
  type HttpMethod,
} from './client';
export { closeAllDispatchers } from './transport';
export { encodeQuery } from './query';
export { DEFAULT_JOB_POLICY, DEFAULT_RETRY_POLICY, type JobPolicy, type RetryPolicy } from './timing';
export { ApiError, BrandedError, CancelledError, CmaError, NetworkError, ResponseError, TimeoutError, type ApiErrorEntry } from './errors';
export type * from './types';
