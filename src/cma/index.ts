// Public entry of the CMA client. Nothing here may import vscode. Where things are:
//   client.ts       CmaClient: one object per resource family, withEnvironment, raw request()
//   resources/      the families: site.ts (site, environments, maintenance mode), schema.ts (item types, fields, fieldsets),
//                   webhooks.ts, items.ts, uploads.ts, versions.ts; shared.ts (read one / a list, partial update, create, delete)
//                   publishing.ts (publishingOf(client): publish, bulk, schedules; imported directly, not from here)
//                   media.ts (mediaOf(client): upload writes, files, bulk, collections, tags, filters; imported directly)
//   uploadFile.ts   a file into the media area (upload request, streamed PUT via storagePut.ts, create/replace job);
//                   uploadErrors.ts its errors (UploadError, UploadInUseError)
//   requester.ts    one call: headers, attempts and which failures are retried, rate-limit pacing, the log
//   jobs.ts         async jobs (202 → /job-results polling); paging.ts every page of a list
//   jsonapi.ts      reading JSON:API bodies, checking the answer is the resource asked for
//   exactJson.ts    JSON without losing digits (LosslessNumber); query.ts query strings
//   timing.ts       retry/job policies, abortable sleeps, RateGate; transport.ts one undici attempt
//   settings.ts     ClientOptions and what they resolve to; errors.ts the error classes
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
export type { SiteResource, SiteWithSchema, EnvironmentsResource, ForkOptions, MaintenanceModeResource } from './resources/site';
export type { WebhooksResource } from './resources/webhooks';
export { MAX_UPLOADS_PAGE_SIZE, type UploadsResource } from './resources/uploads';
export { MAX_VERSIONS_PAGE_SIZE, type ItemVersionsResource, type RestoredVersion } from './resources/versions';
export type { ListAllOptions } from './paging';
export { closeAllDispatchers } from './transport';
export { encodeQuery } from './query';
export { isLosslessNumber, LosslessNumber } from '../numbers';
export { DEFAULT_JOB_POLICY, DEFAULT_RETRY_POLICY, sleep, type JobPolicy, type RetryPolicy } from './timing';
export { ApiError, CancelledError, CmaError, NetworkError, ResponseError, TimeoutError, type ApiErrorEntry } from './errors';
export type * from './types';
export * from './resources/publishing';
// for the parts of the client bundled apart (the media area's, publishing)
export * from './split';
export { UploadError, UploadInUseError, type UploadFailure } from './uploadErrors';
