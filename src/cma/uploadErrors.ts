// Errors of the media area: a file that could not become (or replace) an upload, and an upload that cannot be
// deleted because records use it. Messages name the file and what to do; none carries the API token or the
// signed upload URL (which is a credential).

import { ApiError, CmaError, type ApiErrorInit } from './errors';
import type { Resource } from './types';

export type UploadFailure =
  /** the file's type is not one the caller (or the upload being replaced) accepts; nothing was sent */
  | 'refused-type'
  /** the storage refused the file for its size */
  | 'too-large'
  /** the storage refused the PUT (expired URL, bad signature, a storage error) */
  | 'storage-refused'
  /** the connection broke or stalled during the PUT */
  | 'interrupted'
  /** the file changed (grew, shrank, was rewritten) while it was sent: nothing was made of it */
  | 'changed'
  /** the path is not a regular file (see `entry`): nothing was read or sent */
  | 'not-a-file'
  /** DatoCMS refused to make the stored file an upload (the create or replace job failed) */
  | 'rejected'
  /** records using the upload would not accept the new file (their fields' validators) */
  | 'refused-by-fields'
  /** the local file could not be read */
  | 'unreadable';

export interface UploadErrorInit {
  kind: UploadFailure;
  /** the file's name, as the upload would have it */
  filename: string;
  /** the storage's HTTP status, when it answered */
  status?: number;
  /** the storage's error code (S3's `<Code>`), when it sent one */
  storageCode?: string;
  /** for `not-a-file`: what the path is instead */
  entry?: OddEntry;
  cause?: unknown;
}

/** What a path chosen for upload can be instead of a regular file. */
export type OddEntry = 'symbolic-link' | 'folder' | 'special';

/** A file could not become an upload, or replace one's file. */
export class UploadError extends CmaError {
  override name = 'UploadError';
  readonly kind: UploadFailure;
  readonly filename: string;
  readonly status: number | undefined;
  readonly storageCode: string | undefined;
  readonly entry: OddEntry | undefined;

  constructor(message: string, init: UploadErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.filename = init.filename;
    this.status = init.status;
    this.storageCode = init.storageCode;
    this.entry = init.entry;
  }
}

/**
 * DatoCMS refused to delete an upload that records use (`UPLOAD_IS_CURRENTLY_IN_USE`). `references` are those
 * records when the client could read them; remove the file from them first.
 */
export class UploadInUseError extends ApiError {
  override name = 'UploadInUseError';
  readonly uploadId: string;
  readonly references: Resource<'item'>[] | undefined;

  constructor(init: ApiErrorInit, uploadId: string, references: Resource<'item'>[] | undefined) {
    const count = references?.length;
    const note =
      count === undefined
        ? 'records use this file: remove it from them first (see its references)'
        : `${count} record${count === 1 ? ' uses' : 's use'} this file (${references!
            .slice(0, 5)
            .map((r) => r.id)
            .join(', ')}${count > 5 ? ', …' : ''}): remove it from them first`;
    super({ ...init, note: init.note ? `${init.note}; ${note}` : note });
    this.uploadId = uploadId;
    this.references = references;
  }
}
