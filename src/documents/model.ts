// The shared types of the documents room: what a document was opened from, what a save sends and gets back. (What
// a document's session reaches out to is ./host.ts.)
import type { ApiError, CallOptions, Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import type { DocumentKind, Problem, SchemaContext } from '../schema';

/**
 * What tells an environment apart from another that later takes its name: its id (the name) and when it was
 * made. A rename keeps `meta.created_at`; an environment forked under the old name gets its own.
 */
export interface EnvironmentMark {
  id: string;
  createdAt: string;
}

export interface OpenedDocument {
  ref: DocumentRef;
  /** what the text was rendered from */
  resource: Resource;
  text: string;
  /** the schema context the text was rendered and is checked with */
  ctx: SchemaContext;
  /** the environment the resource was read from (absent for webhooks, which belong to the project) */
  environment?: EnvironmentMark;
}

/**
 * What a save builds on: the server state (ids, version, schema context) and the text the editor derives from.
 * After a save the user typed through, `opened` is the server's answer and `basisText` the text that was saved.
 */
export interface SaveBasis {
  opened: OpenedDocument;
  basisText: string;
}

export type Baseline = SaveBasis;

/** Why a save was not sent although nothing was wrong with it. */
type DeclineReason = 'untrusted' | 'guard' | 'code' | 'autoSave';

export type SaveResult =
  /** the server accepted the change; `document` is its answer, rendered: the new baseline */
  | { status: 'saved'; document: OpenedDocument; sentKeys: string[]; renamed?: DocumentRef; created?: DocumentRef }
  /** the text changes nothing: no request was sent */
  | { status: 'unchanged' }
  /** the text breaks a rule (found here, or by the server in a 422); nothing was saved */
  | { status: 'invalid'; problems: Problem[]; origin: 'local' | 'server'; text: string; error?: ApiError }
  /**
   * The resource changed on the server since its baseline; `remote` is its current state, `overlap` names what both the
   * user and DatoCMS changed ("excerpt (en)"), which Overwrite would replace.
   */
  | { status: 'conflict'; remote: OpenedDocument; text: string; overlap?: string[] }
  /** the user did not agree to send (untrusted workspace, the primary's guard, an auto-save) */
  | { status: 'declined'; reason?: DeclineReason }
  /** the resource was deleted in DatoCMS: nothing is ever written back */
  | { status: 'deleted' }
  /**
   * The environment the document was read from is no longer the one its name leads to (renamed, and another made
   * under its name, or deleted); `renamedTo` is where the original went, when it still exists; `taken` whether another
   * environment has its name now. Nothing was sent.
   */
  | { status: 'replaced'; environment: string; renamedTo?: string; taken: boolean }
  /** anything else went wrong (network, permissions, not found…) */
  | { status: 'failed'; error: unknown; text: string };

export type SavedResult = Extract<SaveResult, { status: 'saved' }>;
export type RefusedSave = Exclude<SaveResult, { status: 'saved' | 'unchanged' }>;

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
  /** asked once there is something to send (before any request), with the keys it would change; false = send nothing */
  confirm?: (keys: string[]) => Promise<boolean>;
}

/** How a save was asked for. */
export interface SaveRequest {
  /** the user's explicit save (the save command), as opposed to a write the workbench makes on its own */
  explicit: boolean;
  /** the remote state the user chose to overwrite */
  overwrite?: OpenedDocument;
}

export interface DocumentStat {
  ctime: number;
  mtime: number;
  size: number;
}

/** The kind of resource a document shows, as the schema layer knows it: a field's Markdown shows a record. */
export function resourceKindOf(ref: DocumentRef): DocumentKind {
  return ref.kind === 'markdown' ? 'record' : ref.kind;
}
