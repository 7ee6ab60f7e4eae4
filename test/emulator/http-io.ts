// Reading requests and naming responses: request ids, headers, paths, bodies.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { httpError } from './errors.js';

const MAX_REQUEST_BODY = 16 * 1024 * 1024;

export function requestId(): string {
  return randomBytes(10).toString('hex');
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function safeDecodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join('/');
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BODY) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseLoggedBody(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function parseJsonBody(raw: string, contentType: string | undefined): unknown {
  // The API's documentation asks for a JSON Content-Type on bodies; we take the stricter reading and refuse one without.
  if (!contentType || !/application\/(json|vnd\.api\+json)/i.test(contentType)) {
    throw httpError(415, 'INVALID_CONTENT_TYPE_HEADER', {
      content_type: contentType ?? null,
      message: 'Content-Type must be application/vnd.api+json or application/json',
    });
  }
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw httpError(400, 'INVALID_JSON_BODY', {
      message: `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
