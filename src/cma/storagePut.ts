// The raw PUT of a file to the presigned URL an upload request answered: streamed from its source (never held
// whole in memory), with progress, cancellation and a stall watchdog. The URL is the credential: the request
// carries only the headers DatoCMS asked for plus the file's type and length — never the API token or the
// CMA's own headers — and the URL never appears in a message.

import { constants } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { CancelledError } from './errors';
import { buildConnector, Pool } from './http';
import { UploadError } from './uploadErrors';

export interface StoragePut {
  url: string;
  /** `request_headers` of the upload request */
  requestHeaders: Record<string, string>;
  contentType: string;
  size: number;
  /** the bytes: a local file (read into one reused buffer; `identity` as it was when chosen), or a stream */
  source: { path: string; identity?: FileIdentity } | { open: () => Readable };
  filename: string;
  signal?: AbortSignal;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** fails the PUT when the body makes no progress this long (default 60 s) */
  stallTimeoutMs?: number;
  /** how long to wait for the storage's answer once the body is sent (default 60 s) */
  responseTimeoutMs?: number;
}

/** What says a local file is still the one chosen: the same file (device, inode), not written since. */
export interface FileIdentity {
  dev: number;
  ino: number;
  mtimeMs: number;
}

/** The bytes read are not the file announced: it grew, shrank or was rewritten while it was sent. */
class FileChangedError extends Error {}

// Headers that are ours to set (or the connection's): request_headers may not override them.
const RESERVED = new Set(['content-length', 'content-type', 'host', 'transfer-encoding', 'connection', 'authorization']);
const MAX_ERROR_BODY = 16 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/** The storage URL, checked: https, or plain http only on this machine (the emulator). */
export function storageUrl(raw: string, filename: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UploadError(`Uploading ${filename}: DatoCMS answered an upload URL that is not a URL`, { kind: 'storage-refused', filename });
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new UploadError(
      `Uploading ${filename}: DatoCMS answered an upload URL that is not https (${url.protocol}//${url.host}); nothing was sent`,
      {
        kind: 'storage-refused',
        filename,
      },
    );
  }
  return url;
}

/** Sends the file; resolves once the storage answered 2xx. */
// eslint-disable-next-line max-lines-per-function -- one streamed PUT: its abort, stall watchdog and socket share its state
export async function putToStorage(put: StoragePut): Promise<void> {
  const { filename, size } = put;
  const url = storageUrl(put.url, filename);
  if (put.signal?.aborted) throw new CancelledError(`Uploading ${filename} was cancelled`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(put.requestHeaders))
    if (!RESERVED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  headers['content-type'] = put.contentType;
  headers['content-length'] = String(size);

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  put.signal?.addEventListener('abort', onAbort, { once: true });
  let sent = 0;
  let lastActivity = Date.now();
  let bodyDone = false;
  let stalled = false;
  let sourceError: unknown;
  const stallMs = put.stallTimeoutMs ?? 60_000;
  const watchdog = setInterval(
    () => {
      if (!bodyDone && Date.now() - lastActivity > stallMs) {
        stalled = true;
        controller.abort();
      }
    },
    Math.min(1000, Math.max(10, stallMs / 4)),
  );
  let socket: Socket | undefined;
  const stream = 'open' in put.source ? put.source.open() : undefined;
  const chunks: AsyncIterable<Buffer> =
    stream ??
    readFile(
      put.source as { path: string; identity?: FileIdentity },
      size,
      () => socket,
      () => sent,
    );
  async function* body(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of chunks) {
        sent += chunk.length;
        // more bytes than announced would be cut by the storage: the file is refused whole instead
        if (sent > size) throw new FileChangedError(`it has more than the ${size} bytes it had`);
        lastActivity = Date.now();
        put.onProgress?.(sent, size);
        yield chunk;
      }
      if (sent < size) throw new FileChangedError(`it has ${sent} of the ${size} bytes it had`);
    } catch (error) {
      sourceError = error;
      throw error;
    } finally {
      bodyDone = true;
      stream?.destroy();
    }
  }

  // The pool's own socket factory, watched: the file's buffer is reused only once the socket has sent it.
  const connect = connector();
  const pool = new Pool(url.origin, {
    connections: 1,
    connect: (options, callback) =>
      connect(options, (error, created) => {
        // tsc needs these assertions (undici's callback takes a tuple of two shapes); the lint rule does not see why
        /* eslint-disable @typescript-eslint/no-unnecessary-type-assertion */
        if (created) socket = created as Socket;
        callback(error as Error, created as never);
        /* eslint-enable @typescript-eslint/no-unnecessary-type-assertion */
      }),
  });
  const done = (): string => `${sent} of ${size} bytes`;
  try {
    const response = await pool
      .request({
        method: 'PUT',
        path: `${url.pathname}${url.search}`,
        headers,
        // undici sends an async iterable as it is (its types list only streams): no stream layer in between
        body: body() as unknown as Readable,
        signal: controller.signal,
        headersTimeout: put.responseTimeoutMs ?? 60_000,
        bodyTimeout: put.responseTimeoutMs ?? 60_000,
      })
      .catch((error: unknown) => {
        if (put.signal?.aborted) throw new CancelledError(`Uploading ${filename} was cancelled after ${done()}`);
        if (sourceError instanceof FileChangedError)
          throw new UploadError(`Uploading ${filename}: the file changed while it was sent (${sourceError.message}); nothing was stored`, {
            kind: 'changed',
            filename,
            cause: sourceError,
          });
        if (stalled)
          throw new UploadError(
            `Uploading ${filename} stalled: no progress for ${Math.round(stallMs / 1000)} s after ${done()}; try again`,
            {
              kind: 'interrupted',
              filename,
              cause: error,
            },
          );
        if (sourceError !== undefined)
          throw new UploadError(`Uploading ${filename}: the file could not be read (${describe(sourceError)})`, {
            kind: 'unreadable',
            filename,
            cause: sourceError,
          });
        throw new UploadError(
          `Uploading ${filename} failed after ${done()}: the connection to ${url.host} broke (${describe(error)}); try again`,
          {
            kind: 'interrupted',
            filename,
            cause: error,
          },
        );
      });
    const status = response.statusCode;
    const text = await readSome(response.body as AsyncIterable<Buffer> & { destroy(): void });
    if (status >= 200 && status < 300) return;
    throw storageRefusal(status, text, filename, url.host);
  } finally {
    clearInterval(watchdog);
    put.signal?.removeEventListener('abort', onAbort);
    stream?.destroy();
    await pool.destroy().catch(() => undefined);
  }
}

/** undici's socket factory (TLS with the system's certificates). */
function connector(): ReturnType<typeof buildConnector> {
  return buildConnector({});
}

/**
 * A file's bytes in chunks of 1 MiB, read into one buffer reused from chunk to chunk — so a large file costs
 * one buffer, not a trail of garbage — but only once the socket has sent everything handed to it (nothing
 * queued, and at least every byte yielded so far counted as written); otherwise a fresh buffer is taken.
 * Opened without following a symbolic link nor waiting on a pipe; before each chunk leaves, the file must still
 * be the one chosen, of its size and unwritten since (a file still being written is refused, not cut short).
 */
async function* readFile(
  source: { path: string; identity?: FileIdentity },
  size: number,
  socket: () => Socket | undefined,
  yielded: () => number,
): AsyncGenerator<Buffer> {
  const handle = await openFile(source.path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const first = await handle.stat();
    if (!first.isFile()) throw new Error(`${source.path} is not a regular file`);
    const expected = source.identity ?? first;
    const unchanged = async () => {
      const now = await handle.stat();
      if (now.dev !== expected.dev || now.ino !== expected.ino) throw new FileChangedError('another file took its place');
      if (now.size !== size) throw new FileChangedError(`it went from ${size} to ${now.size} bytes`);
      if (now.mtimeMs !== expected.mtimeMs) throw new FileChangedError('it was written to');
    };
    await unchanged();
    let spare: Buffer | undefined;
    for (let position = 0; position < size;) {
      const s = socket();
      const sent = spare !== undefined && s !== undefined && s.writableLength === 0 && s.bytesWritten >= yielded();
      const buffer = sent ? spare! : Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size));
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
      if (bytesRead === 0) throw new FileChangedError(`it has ${position} of the ${size} bytes it had`);
      position += bytesRead;
      await unchanged();
      spare = buffer;
      yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** The start of a response body (an S3 error document is small); the rest is discarded. */
async function readSome(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      if (length < MAX_ERROR_BODY) chunks.push(chunk);
      length += chunk.length;
      if (length >= MAX_ERROR_BODY) break;
    }
  } catch {
    // the answer's status is what matters
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ERROR_BODY);
}

function storageRefusal(status: number, text: string, filename: string, host: string): UploadError {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]{1,300})<\/Message>/.exec(text)?.[1];
  const init = { filename, status, storageCode: code };
  if (code === 'EntityTooLarge' || status === 413)
    return new UploadError(`Uploading ${filename}: the file is too large for the storage (${status} ${code ?? ''})`.trim(), {
      ...init,
      kind: 'too-large',
    });
  const why =
    code === 'AccessDenied' && /expired/i.test(message ?? '')
      ? 'the upload permission expired; upload the file again'
      : status >= 300 && status < 400
        ? 'the storage redirected the upload, which a streamed file cannot follow'
        : `${code ?? 'no error code'}${message ? `: ${message}` : ''}`;
  return new UploadError(`Uploading ${filename}: ${host} refused the file with ${status} (${why})`, { ...init, kind: 'storage-refused' });
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}
