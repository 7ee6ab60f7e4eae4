// Helpers for the media area's tests: the upload flow done by hand on the wire (upload request, raw PUT,
// create job) and small files whose first bytes say what they are.
import { connect } from 'node:net';
import { call, waitForJob, type RawResponse } from './http.js';
import type { Emulator } from './index.js';

export interface Granted {
  path: string;
  url: string;
  headers: Record<string, string>;
}

/** POST /upload-requests for a file name. */
export async function requestUpload(emu: Emulator, filename: string, headers: Record<string, string> = {}): Promise<Granted> {
  const res = await call(emu, '/upload-requests', {
    method: 'POST',
    body: { data: { type: 'upload_request', attributes: { filename } } },
    headers,
  });
  if (res.status !== 200) throw new Error(`upload request answered ${res.status}: ${res.text}`);
  const { id, attributes } = res.json.data;
  return { path: id, url: attributes.url, headers: attributes.request_headers };
}

/** A raw PUT of the bytes to a storage URL, with the headers given (and the length fetch adds). */
export async function put(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  method = 'PUT',
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }) });
  return { status: response.status, text: await response.text() };
}

/** The S3 error code of a storage answer. */
export const s3Code = (text: string): string | undefined => /<Code>([^<]+)<\/Code>/.exec(text)?.[1];

/** Writes an exact HTTP request on a socket, half-closes it and resolves with the answer (status 0: none). */
export function rawRequest(url: string, head: string[], body = ''): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname, () => {
      socket.end(
        `${[`PUT ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, 'Connection: close', ...head].join('\r\n')}\r\n\r\n${body}`,
      );
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
  });
}

/** Sends a write answered by a job and resolves with the job's result (`status`, `payload`). */
export async function jobResult(
  emu: Emulator,
  path: string,
  init: Parameters<typeof call>[2],
): Promise<{ status: number; payload: any; accepted: RawResponse }> {
  const accepted = await call(emu, path, init);
  if (accepted.status !== 202) return { status: accepted.status, payload: accepted.json, accepted };
  const done = await waitForJob(emu, accepted.json.data.id);
  return { status: done.json.data.attributes.status, payload: done.json.data.attributes.payload, accepted };
}

/** The whole flow: upload request, PUT, POST /uploads with `attributes`; resolves with the new upload. */
export async function uploadFile(
  emu: Emulator,
  filename: string,
  bytes: Buffer,
  attributes: Record<string, unknown> = {},
  relationships?: unknown,
): Promise<any> {
  const granted = await requestUpload(emu, filename);
  const stored = await put(granted.url, bytes, granted.headers);
  if (stored.status !== 200) throw new Error(`PUT answered ${stored.status}: ${stored.text}`);
  const body = { data: { type: 'upload', attributes: { path: granted.path, ...attributes }, ...(relationships ? { relationships } : {}) } };
  const result = await jobResult(emu, '/uploads', { method: 'POST', body });
  if (result.status !== 200) throw new Error(`create answered ${result.status}: ${JSON.stringify(result.payload)}`);
  return result.payload.data;
}

/** The first bytes of a PNG of that size (signature and IHDR), padded to `size` bytes. */
export function png(width: number, height: number, size = 256): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** A JPEG start with an APP0 segment then a baseline frame of that size. */
export function jpeg(width: number, height: number, size = 256): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 40));
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]).copy(bytes, 0);
  bytes.write('JFIF', 6, 'latin1');
  Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08]).copy(bytes, 20);
  bytes.writeUInt16BE(height, 25);
  bytes.writeUInt16BE(width, 27);
  return bytes;
}

export const inEnv = (environment: string) => ({ headers: { 'X-Environment': environment } });
