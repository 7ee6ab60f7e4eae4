// What the write families built into the features' bundle (publishing, the media area, file uploads) take of a
// client: its two ways to call and its upload reads. CmaClient implements it; they never import the client itself.

import type { Reply } from './requester';
import type { UploadsResource } from './resources/uploads';
import type { RawRequest } from './settings';

export interface ClientCalls {
  readonly uploads: UploadsResource;
  /** one call; the parsed body (for a job: its payload) */
  request<T = unknown>(req: RawRequest): Promise<T>;
  /** as `request`, with where the body came from */
  reply(req: RawRequest): Promise<Reply>;
}
