// Public entry of the CMA client. Nothing here may import vscode. Where things are:
//   client.ts       CmaClient: one object per resource family, withEnvironment, raw request()
//   resources/      the families: site.ts (site, environments, maintenance mode), schema.ts (item types, fields, fieldsets),
//                   webhooks.ts, items.ts, uploads.ts, versions.ts; shared.ts (read one / a list, partial update, create, delete)
//                   publishing.ts (client.publishing: publish, bulk, schedules), media.ts (client.media: upload
//                   writes, files, bulk, collections, tags, filters), made on first use; calls.ts what they take of a client
//   uploadFile.ts   a file into the media area (upload request, streamed PUT via storagePut.ts, create/replace job);
//                   uploadErrors.ts its errors (UploadError, UploadInUseError)
//   requester.ts    one call: headers, attempts and which failures are retried, rate-limit pacing, the log
//   jobs.ts         async jobs (202 → /job-results polling); paging.ts every page of a list
//   jsonapi.ts      reading JSON:API bodies, checking the answer is the resource asked for
//   exactJson.ts    JSON without losing digits (LosslessNumber); query.ts query strings
//   timing.ts       retry/job policies, abortable sleeps, RateGate; transport.ts one undici attempt
//   settings.ts     ClientOptions and what they resolve to; errors.ts the error classes
export { CmaClient } from './client';
export { type ClientOptions, type RequestLogEntry, type CallOptions, type JobCallOptions } from './settings';
export type { SiteWithSchema } from './resources/site';
export { type UploadsResource } from './resources/uploads';
export { type ItemsResource } from './resources/items';
export { type ItemVersionsResource } from './resources/versions';
export { closeAllDispatchers, sendAttempt, type AttemptOutcome } from './transport';
export { encodeQuery } from './query';
export { isLosslessNumber, LosslessNumber } from '../numbers';
export { DEFAULT_RETRY_POLICY, sleep } from './timing';
export * from './errors';
export { BudgetExceededError, RequestBudget, SlidingWindow } from './budget';
export type * from './types';
export * from './resources/publishing';
export * from './resources/media';
export * from './uploadFile';
export * from './uploadErrors';
// What the write helpers above (built into the features' bundle) take from the rest of the client.
export * from './jsonapi';
export * from './paging';
export * from './resources/shared';
