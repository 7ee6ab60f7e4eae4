// Public entry of the CMA client. Nothing here may import vscode.
export { CmaClient } from './client';
export {
  DEFAULT_BASE_URL,
  type ClientOptions,
  type RequestLogEntry,
  type CallOptions,
  type JobCallOptions,
  type RawRequest,
  type HttpMethod,
} from './settings';
export { MAX_ITEMS_PAGE_SIZE, MAX_NESTED_ITEMS_PAGE_SIZE, type ItemsResource } from './resources/items';
export type { ItemTypesResource, FieldsResource, FieldsetsResource } from './resources/schema';
export type { SiteResource, SiteWithSchema, EnvironmentsResource } from './resources/site';
export type { WebhooksResource } from './resources/webhooks';
export type { ListAllOptions } from './paging';
export { closeAllDispatchers } from './transport';
export { encodeQuery } from './query';
export { isLosslessNumber, LosslessNumber } from './exactJson';
export { DEFAULT_JOB_POLICY, DEFAULT_RETRY_POLICY, type JobPolicy, type RetryPolicy } from './timing';
export { ApiError, CancelledError, CmaError, NetworkError, ResponseError, TimeoutError, type ApiErrorEntry } from './errors';
export type * from './types';
