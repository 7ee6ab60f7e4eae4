// A file into the media area, as DatoCMS takes it: an upload request (a path and a presigned URL), the file
// PUT there as a stream, then the job that makes it an upload (POST /uploads) or replaces an upload's file
// (PUT /uploads/:id with the new path). Errors name the file; a cancelled create leaves no upload behind.

import { lstat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { ClientCalls } from './calls';
import { ApiError, CancelledError } from './errors';
import { expectAskedFor, parseSingle } from './jsonapi';
import { contentTypeOf, extensionOf } from './mimeTypes';
import { putToStorage, type FileIdentity } from './storagePut';
import type { Resource } from './types';
import { UploadError, type OddEntry } from './uploadErrors';

/** Where the bytes come from: a local file, bytes in memory, or a stream of known length. */
export type UploadSource =
  | { path: string; filename?: string }
  | { bytes: Uint8Array; filename: string }
  | { stream: () => Readable; size: number; filename: string };

export interface UploadProgress {
  phase: 'requesting' | 'uploading' | 'creating';
  sentBytes: number;
  totalBytes: number;
}

/** What an upload's create or update may set besides its file (`default_field_metadata` is a patch). */
export interface UploadMetadata {
  author?: string | null;
  copyright?: string | null;
  notes?: string | null;
  tags?: string[];
  default_field_metadata?: {
    alt?: Record<string, string | null>;
    title?: Record<string, string | null>;
    custom_data?: Record<string, Record<string, unknown>>;
    focal_point?: { x: number; y: number } | null;
    poster_time?: number | null;
  };
}

interface UploadFileOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** extensions the file may have (without the dot, any case); another is refused before anything is sent */
  accept?: readonly string[];
  /** default: by the file name's extension */
  contentType?: string;
  metadata?: UploadMetadata;
  /** fails the PUT when no bytes move this long (default 60 s) */
  stallTimeoutMs?: number;
}

export interface CreateFromFileOptions extends UploadFileOptions {
  collectionId?: string | null;
  /** an id of the API's form for the new upload */
  id?: string;
}

export interface ReplaceFileOptions extends UploadFileOptions {
  /** `keep_url`: same URL (the new file must have the same format); default `create_new_url` */
  replaceStrategy?: 'create_new_url' | 'keep_url';
}

interface Prepared {
  filename: string;
  size: number;
  source: { path: string; identity: FileIdentity } | { open: () => Readable };
  contentType: string;
}

const ODD: Record<OddEntry, string> = { 'symbolic-link': 'a symbolic link', folder: 'a folder', special: 'not a regular file' };

/** The local file as it is now, refused unless it is a regular file (a link is not followed). */
async function localFile(path: string, filename: string): Promise<{ size: number; identity: FileIdentity }> {
  const facts = await lstat(path).catch((error: unknown) => {
    throw new UploadError(`Uploading ${filename}: the file cannot be read (${(error as { code?: string }).code ?? String(error)})`, {
      kind: 'unreadable',
      filename,
      cause: error,
    });
  });
  const entry: OddEntry | undefined = facts.isSymbolicLink()
    ? 'symbolic-link'
    : facts.isDirectory()
      ? 'folder'
      : facts.isFile()
        ? undefined
        : 'special';
  if (entry)
    throw new UploadError(`Uploading ${filename}: ${path} is ${ODD[entry]}; nothing was sent`, { kind: 'not-a-file', filename, entry });
  return { size: facts.size, identity: { dev: facts.dev, ino: facts.ino, mtimeMs: facts.mtimeMs } };
}

async function prepare(source: UploadSource, options: UploadFileOptions): Promise<Prepared> {
  let prepared: Prepared;
  if ('path' in source) {
    const filename = source.filename ?? basename(source.path);
    const { size, identity } = await localFile(source.path, filename);
    prepared = { filename, size, source: { path: source.path, identity }, contentType: '' };
  } else if ('bytes' in source) {
    const bytes = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength);
    prepared = { filename: source.filename, size: bytes.length, source: { open: () => Readable.from([bytes]) }, contentType: '' };
  } else {
    if (!Number.isSafeInteger(source.size) || source.size < 0)
      throw new RangeError(`uploads: size must be a byte count (got ${source.size})`);
    prepared = { filename: source.filename, size: source.size, source: { open: source.stream }, contentType: '' };
  }
  if (prepared.filename.trim() === '' || /[/\\]/.test(prepared.filename))
    throw new RangeError(`uploads: "${prepared.filename}" is not a file name`);
  const accepted = options.accept?.map((e) => e.replace(/^\./, '').toLowerCase());
  if (accepted && !accepted.includes(extensionOf(prepared.filename))) {
    throw new UploadError(
      `${prepared.filename} is not one of the accepted types (${accepted.map((e) => `.${e}`).join(', ')}); nothing was uploaded`,
      {
        kind: 'refused-type',
        filename: prepared.filename,
      },
    );
  }
  prepared.contentType = options.contentType ?? contentTypeOf(prepared.filename);
  return prepared;
}

/** POST /upload-requests, then the PUT; resolves with the path the new file has. */
async function store(client: ClientCalls, file: Prepared, options: UploadFileOptions, collectionId?: string | null): Promise<string> {
  const progress = (phase: UploadProgress['phase'], sentBytes: number) => options.onProgress?.({ phase, sentBytes, totalBytes: file.size });
  progress('requesting', 0);
  const body = {
    data: {
      type: 'upload_request',
      attributes: { filename: file.filename },
      ...(collectionId ? { relationships: { upload_collection: { data: { type: 'upload_collection', id: collectionId } } } } : {}),
    },
  };
  const answer = await client.reply({
    method: 'POST',
    path: '/upload-requests',
    body,
    signal: options.signal,
  });
  const granted = parseSingle(answer.body, 'upload_request', answer.source);
  const { url, request_headers: headers } = granted.attributes;
  if (typeof url !== 'string' || !isStringRecord(headers)) {
    throw new UploadError(`Uploading ${file.filename}: DatoCMS answered the upload request without a URL and its headers`, {
      kind: 'storage-refused',
      filename: file.filename,
    });
  }
  progress('uploading', 0);
  await putToStorage({
    url,
    requestHeaders: headers,
    contentType: file.contentType,
    size: file.size,
    source: file.source,
    filename: file.filename,
    signal: options.signal,
    onProgress: (sent) => progress('uploading', sent),
    ...(options.stallTimeoutMs ? { stallTimeoutMs: options.stallTimeoutMs } : {}),
  });
  // a file written to after its last byte left is not made an upload: what was stored is not what the file is
  if ('path' in file.source) await unchangedSince(file.source, file);
  progress('creating', file.size);
  return granted.id;
}

async function unchangedSince(source: { path: string; identity: FileIdentity }, file: Prepared): Promise<void> {
  const now = await localFile(source.path, file.filename);
  const was = source.identity;
  if (now.size !== file.size || now.identity.mtimeMs !== was.mtimeMs || now.identity.ino !== was.ino || now.identity.dev !== was.dev)
    throw new UploadError(
      `Uploading ${file.filename}: the file changed while it was sent (it went from ${file.size} to ${now.size} bytes)`,
      {
        kind: 'changed',
        filename: file.filename,
      },
    );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** A refusal of the API, with the file's name; other failures (network, timeouts) keep their own type. */
function refused(error: unknown, filename: string, replacing: boolean): unknown {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 429) return error;
  const fields = error.findError('UPLOAD_NOT_PASSING_FIELD_VALIDATIONS');
  if (fields) {
    const records = Array.isArray(fields.details['records']) ? (fields.details['records'] as { item_id?: unknown; field?: unknown }[]) : [];
    const named = records.map((r) => `${String(r.item_id)} (${String(r.field)})`).join(', ');
    return new UploadError(
      `${filename} cannot replace this upload's file: records using it would not accept it${named ? `: ${named}` : ''}`,
      {
        kind: 'refused-by-fields',
        filename,
        cause: error,
      },
    );
  }
  const what = replacing ? "replace the upload's file with" : 'create an upload from';
  return new UploadError(`DatoCMS did not ${what} ${filename}: ${error.message}`, { kind: 'rejected', filename, cause: error });
}

/** A new upload from a file: the file is stored, then a job makes it an upload. */
export async function createUploadFromFile(
  client: ClientCalls,
  source: UploadSource,
  options: CreateFromFileOptions = {},
): Promise<Resource<'upload'>> {
  const file = await prepare(source, options);
  const path = await store(client, file, options, options.collectionId);
  const body = {
    data: {
      type: 'upload',
      ...(options.id ? { id: options.id } : {}),
      attributes: { ...options.metadata, path },
      ...(options.collectionId !== undefined
        ? {
            relationships: {
              upload_collection: { data: options.collectionId === null ? null : { type: 'upload_collection', id: options.collectionId } },
            },
          }
        : {}),
    },
  };
  // Once the create is sent, cancelling cannot stop DatoCMS's job: it is awaited anyway, and its upload deleted.
  const creating = client
    .reply({ method: 'POST', path: '/uploads', body })
    .then((answer) => parseSingle(answer.body, 'upload', answer.source));
  const signal = options.signal;
  if (!signal) return creating.catch((error: unknown) => Promise.reject(refused(error, file.filename, false)));
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const first = await Promise.race([
      creating.then(
        (upload) => ({ upload }),
        (error: unknown) => ({ error }),
      ),
      aborted,
    ]);
    if (first !== 'aborted') {
      if ('error' in first) throw refused(first.error, file.filename, false);
      return first.upload;
    }
    const created = await creating.catch(() => undefined);
    if (!created) throw new CancelledError(`Uploading ${file.filename} was cancelled; no upload was created`);
    const deleted = await client.request({ method: 'DELETE', path: `/uploads/${encodeURIComponent(created.id)}` }).then(
      () => true,
      () => false,
    );
    throw new CancelledError(
      deleted
        ? `Uploading ${file.filename} was cancelled; the upload DatoCMS had already created was deleted`
        : `Uploading ${file.filename} was cancelled, but the upload ${created.id} DatoCMS had already created could not be deleted: delete it from the media area`,
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The same upload (id, metadata, references) with a new file. */
export async function replaceUploadFile(
  client: ClientCalls,
  uploadId: string,
  source: UploadSource,
  options: ReplaceFileOptions = {},
): Promise<Resource<'upload'>> {
  const file = await prepare(source, options);
  const strategy = options.replaceStrategy;
  if (strategy === 'keep_url') {
    const current = await client.uploads.find(uploadId, options.signal ? { signal: options.signal } : undefined);
    const format = String(current.attributes['format'] ?? '');
    if (extensionOf(file.filename) !== format.toLowerCase()) {
      throw new UploadError(
        `${file.filename} cannot keep the URL of ${String(current.attributes['filename'])}: keeping the URL needs a .${format} file`,
        {
          kind: 'refused-type',
          filename: file.filename,
        },
      );
    }
  }
  const path = await store(client, file, options);
  const body = { data: { type: 'upload', id: uploadId, attributes: { ...options.metadata, path } } };
  const request = {
    method: 'PUT' as const,
    path: `/uploads/${encodeURIComponent(uploadId)}`,
    body,
    query: strategy ? { replace_strategy: strategy } : undefined,
  };
  try {
    const answer = await client.reply({ ...request, signal: options.signal });
    return expectAskedFor(parseSingle(answer.body, 'upload', answer.source), uploadId, answer.source);
  } catch (error) {
    throw refused(error, file.filename, true);
  }
}
