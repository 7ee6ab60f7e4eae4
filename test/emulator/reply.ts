// What the server answers a request with, and how that goes on the wire: shared by the request pipeline, the
// CMA routes, the control endpoints and the injected faults, so every reply carries the API's standard headers.
import type { ServerResponse } from 'node:http';
import { requestId } from './http-io.js';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Request-Id': requestId(),
    'X-Api-Version': '3',
    ...reply.headers,
  };
  if (reply.body === undefined || reply.status === 204) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers);
  res.end(text);
}
