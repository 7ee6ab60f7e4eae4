// The shared types of the documents room: what a document was opened from, and what a save sends and gets back.
import type { ApiError, CallOptions, Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import type { Problem, SchemaContext } from '../schema';

export interface OpenedDocument {
  ref: DocumentRef;
  /** what the text was rendered from */
  resource: Resource;
  text: string;
  /** the schema context the text was rendered and is checked with */
  ctx: SchemaContext;
}

/** What a save builds on (see DocumentStore): the server state and the text the editor derives from. */
export interface SaveBasis {
  opened: OpenedDocument;
  basisText: string;
}

export type SaveResult =
  /** the server accepted the change; `document` is its answer, rendered: the new baseline */
  | { status: 'saved'; document: OpenedDocument; sentKeys: string[]; renamed?: DocumentRef; created?: DocumentRef }
  /** the text changes nothing: no request was sent */
  | { status: 'unchanged' }
  /** the text breaks a rule (found here, or by the server in a 422); nothing was saved */
  | { status: 'invalid'; problems: Problem[]; origin: 'local' | 'server'; text: string; error?: ApiError }
  /** the resource changed on the server since its baseline; `remote` is its current state */
  | { status: 'conflict'; remote: OpenedDocument; text: string }
  /** the user declined to send (untrusted workspace) */
  | { status: 'declined' }
  /** anything else went wrong (network, permissions, not found…) */
  | { status: 'failed'; error: unknown; text: string };

export interface OpenOptions extends CallOptions {
  /** fetch by this id instead of the api_key in the path (the api_key may have changed since) */
  id?: string;
}

export interface SaveOptions extends CallOptions {
  /** called with the id of the async job a model or field update runs as */
  onJob?: (jobId: string) => void;
  /**
   * The remote state the user chose to overwrite: the keys the user changed (text vs basis) are sent on
   * top of it, whatever else changed there.
   */
  overwrite?: OpenedDocument;
  /** the remote was compared with the baseline just before this save (no need to compare again) */
  checked?: boolean;
  /** asked once there is something to send (before any request), with the keys it would change; false = send nothing */
  confirm?: (keys: string[]) => Promise<boolean>;
}
