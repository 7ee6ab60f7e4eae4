// What the parts of the client bundled apart from it take from it: the media area's client (resources/media.ts,
// uploadFile.ts, storagePut.ts) and publishing (resources/publishing.ts), which only features loaded later use (see
// esbuild.mjs). They reach the client through its entry, which re-exports this.
export { ApiError, CancelledError, ResponseError } from './errors';
export { expectAskedFor, parseCollection, parsePage, parseSingle } from './jsonapi';
export { listAllPages, MAX_LIST_CONCURRENCY } from './paging';
export { segment } from './resources/shared';
