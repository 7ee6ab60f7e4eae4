// The asset storage an upload request points at: its own HTTP server on 127.0.0.1 (another port, so another
// origin than the CMA, as the real bucket is another host), taking a raw PUT of the file on a presigned URL.
// It behaves as S3 does with presigned URLs: the URL is the credential, so an Authorization header is refused
// (one auth mechanism only), the method and the signed headers are part of the signature, the length must be
// announced (no chunked bodies), and an expired or altered URL is refused. The body is streamed: only its size,
// MD5 and first bytes are kept, never the file.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** S3's limit for one PUT. */
const MAX_PUT_BYTES = 5 * 1024 ** 3;
const HEAD_BYTES = 256 * 1024;
const DEFAULT_TTL_SECONDS = 3600;
/** The headers every PUT must carry, signed into the URL (an old DatoCMS guide calls `x-amz-acl` essential). */
const REQUEST_HEADERS = { 'x-amz-acl': 'public-read' } as const;

export interface StoredFile {
  size: number;
  md5: string;
  /** the first bytes (up to 256 KiB), enough to read an image's dimensions */
  head: Buffer;
  contentType: string | null;
}

export interface UploadSlot {
  /** the upload request's id: `/<site>/<seconds>-<file name>` */
  path: string;
  filename: string | null;
  url: string;
  /** the collection the upload request named (the create's default) */
  collectionId: string | null;
  /** set once a PUT completed */
  file?: StoredFile;
}

/** One request the storage received. Header names only: their values could carry a token. */
export interface StorageRequest {
  method: string;
  path: string;
  status: number;
  /** lower-case names of every header the request carried */
  headerNames: string[];
  contentType: string | null;
  contentLength: number | null;
  receivedBytes: number;
  outcome: 'stored' | 'refused' | 'interrupted';
  /** the S3 error code of a refusal */
  code?: string;
}

export type StorageFault =
  /** the next PUT's connection is cut after this many bytes of body */
  | { kind: 'interrupt'; afterBytes: number }
  /** the next PUT is answered with this status and S3 error code once its body is read */
  | { kind: 'status'; status: number; code: string };

/** What tests and tools see of the storage. */
export interface UploadStorageControl {
  readonly url: string;
  readonly requests: StorageRequest[];
  /** the file stored at an upload request's path, if a PUT completed */
  file(path: string): StoredFile | undefined;
  /** makes the upload URL of `path` expire now */
  expire(path: string): void;
  failNext(fault: StorageFault): void;
}

interface Slot extends UploadSlot {
  expiresAt: number;
}

export class UploadStorage implements UploadStorageControl {
  url = '';
  readonly requests: StorageRequest[] = [];
  private readonly secret = randomBytes(32);
  private readonly slots = new Map<string, Slot>();
  private readonly faults: StorageFault[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private lastSeconds = 0;

  constructor(
    private readonly siteId: string,
    private readonly ttlSeconds = DEFAULT_TTL_SECONDS,
  ) {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** A new upload permission: a path of its own and a presigned URL for it. */
  request(
    filename: string | null,
    collectionId: string | null = null,
  ): { path: string; url: string; requestHeaders: Record<string, string> } {
    // unique paths: a second request in the same second takes the next second
    const seconds = Math.max(Math.floor(Date.now() / 1000), this.lastSeconds + 1);
    this.lastSeconds = seconds;
    const name = filename === null ? randomBytes(8).toString('hex') : safeName(filename);
    const path = `/${this.siteId}/${seconds}-${name}`;
    const date = amzDate(new Date());
    const query = new URLSearchParams({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `EMULATOR/${date.slice(0, 8)}/eu-west-1/s3/aws4_request`,
      'X-Amz-Date': date,
      'X-Amz-Expires': String(this.ttlSeconds),
      'X-Amz-SignedHeaders': ['host', ...Object.keys(REQUEST_HEADERS)].join(';'),
    });
    query.set('X-Amz-Signature', this.sign(path, query));
    const url = `${this.url}${path}?${query.toString()}`;
    this.slots.set(path, { path, filename, url, collectionId, expiresAt: Date.now() + this.ttlSeconds * 1000 });
    return { path, url, requestHeaders: { ...REQUEST_HEADERS } };
  }

  /** The upload request of a path (whether or not its file arrived). */
  slot(path: string): UploadSlot | undefined {
    return this.slots.get(path);
  }

  file(path: string): StoredFile | undefined {
    return this.slots.get(path)?.file;
  }

  expire(path: string): void {
    const slot = this.slots.get(path);
    if (!slot) throw new Error(`uploadStorage.expire: no upload request for ${path}`);
    slot.expiresAt = Date.now() - 1;
  }

  failNext(fault: StorageFault): void {
    this.faults.push(fault);
  }

  private sign(path: string, query: URLSearchParams): string {
    const signed = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders']
      .map((k) => `${k}=${query.get(k) ?? ''}`)
      .join('&');
    const headers = Object.entries(REQUEST_HEADERS)
      .map(([k, v]) => `${k}:${v}`)
      .join('\n');
    return createHmac('sha256', this.secret).update(`PUT\n${path}\n${signed}\n${headers}`).digest('hex');
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://storage');
    const method = (req.method ?? 'GET').toUpperCase();
    const contentLengthHeader = req.headers['content-length'];
    const entry: StorageRequest = {
      method,
      path: url.pathname,
      status: 0,
      headerNames: Object.keys(req.headers).sort(),
      contentType: req.headers['content-type'] ?? null,
      contentLength: contentLengthHeader === undefined ? null : Number(contentLengthHeader),
      receivedBytes: 0,
      outcome: 'refused',
    };
    this.requests.push(entry);
    const refuse = (status: number, code: string, message: string, drain = true) => {
      entry.status = status;
      entry.code = code;
      const send = () => {
        if (res.destroyed) return;
        const body = method === 'HEAD' ? '' : s3Error(code, message);
        res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
        res.end(body);
      };
      // A refused body is read to its end first, so the client sees the answer rather than a broken pipe.
      if (drain && !req.readableEnded) {
        req.on('data', (chunk: Buffer) => (entry.receivedBytes += chunk.length));
        req.once('end', send);
        req.once('error', () => res.destroy());
      } else send();
    };

    const slot = this.slots.get(url.pathname);
    const signature = url.searchParams.get('X-Amz-Signature');
    // S3 refuses a second credential outright, before looking at the signature.
    if (req.headers.authorization !== undefined)
      return refuse(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      );
    if (!signature) return refuse(403, 'AccessDenied', 'Query-string authentication requires the X-Amz-Signature parameter');
    // The method and the signed headers are part of what is signed: another method or a missing header is a wrong signature.
    const headersMatch = Object.entries(REQUEST_HEADERS).every(([k, v]) => req.headers[k] === v);
    if (!slot || method !== 'PUT' || !headersMatch || signature !== this.sign(url.pathname, url.searchParams))
      return refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided');
    if (Date.now() > slot.expiresAt) return refuse(403, 'AccessDenied', 'Request has expired');
    if (req.headers['transfer-encoding'] !== undefined)
      return refuse(
        501,
        'NotImplemented',
        'A header you provided implies functionality that is not implemented (Transfer-Encoding)',
        false,
      );
    if (contentLengthHeader === undefined || !/^\d+$/.test(contentLengthHeader))
      return refuse(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.', false);
    const length = Number(contentLengthHeader);
    if (length > MAX_PUT_BYTES) return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', false);
    this.receive(req, res, slot, length, entry, refuse);
  }

  private receive(
    req: IncomingMessage,
    res: ServerResponse,
    slot: Slot,
    length: number,
    entry: StorageRequest,
    refuse: (status: number, code: string, message: string, drain?: boolean) => void,
  ): void {
    const fault = this.faults.shift();
    const hash = createHash('md5');
    const head: Buffer[] = [];
    let headBytes = 0;
    req.on('data', (chunk: Buffer) => {
      if (fault?.kind === 'interrupt' && entry.receivedBytes + chunk.length > fault.afterBytes) {
        entry.receivedBytes = fault.afterBytes;
        entry.outcome = 'interrupted';
        req.socket.destroy();
        return;
      }
      entry.receivedBytes += chunk.length;
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headBytes);
        head.push(Buffer.from(part));
        headBytes += part.length;
      }
    });
    req.once('aborted', () => {
      entry.outcome = 'interrupted';
    });
    req.once('error', () => {
      entry.outcome = 'interrupted';
    });
    req.once('end', () => {
      if (entry.outcome === 'interrupted' || res.destroyed) return;
      if (entry.receivedBytes !== length)
        return refuse(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header');
      if (fault?.kind === 'status') return refuse(fault.status, fault.code, `${fault.code} (a fault the test asked for)`);
      const md5 = hash.digest('hex');
      slot.file = { size: length, md5, head: Buffer.concat(head), contentType: entry.contentType };
      entry.status = 200;
      entry.outcome = 'stored';
      res.writeHead(200, { ETag: `"${md5}"`, 'Content-Length': '0' });
      res.end();
    });
  }
}

/** A file name as a path segment: letters, digits, dots, dashes and underscores; anything else becomes a dash. */
function safeName(filename: string): string {
  const cleaned = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '');
  return cleaned || 'file';
}

function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function s3Error(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
}
