// A bare node:http server on 127.0.0.1 for the client tests that need answers the emulator never gives
// (hostile headers, exact bodies): every request is recorded, each answer comes from the test's handler.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { closeAllDispatchers, CmaClient } from '../../src/cma';

export interface SeenRequest {
  method: string;
  /** path without the query string, percent-decoding left as sent */
  path: string;
  /** decoded query parameter names and values, in order */
  query: [string, string][];
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** a string is sent as is; anything else as JSON */
  body?: unknown;
  /** waits before answering */
  delayMs?: number;
}

export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: (request: SeenRequest) => FakeAnswer): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const seen: SeenRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: [...url.searchParams.entries()],
        headers: req.headers,
        body,
      };
      requests.push(seen);
      const answer = handler(seen);
      const send = () => {
        if (res.destroyed) return;
        res.statusCode = answer.status ?? 200;
        res.setHeader('content-type', 'application/json');
        for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fake server for the file or `describe` block, started before its tests and closed after them, and a client of
 * it (one attempt per request, jobs polled at once); `started` is told of both.
 */
export function useFakeServer(
  handler: (request: SeenRequest) => FakeAnswer,
  apiToken: string,
  started: (setup: { server: FakeServer; client: CmaClient }) => unknown,
): void {
  let server: FakeServer | undefined;
  before(async () => {
    server = await startFakeServer(handler);
    const client = new CmaClient({ apiToken, baseUrl: server.url, retry: { maxAttempts: 1 }, jobs: { firstDelayMs: 1 } });
    started({ server, client });
  });
  after(async () => {
    await closeAllDispatchers();
    await server?.close();
  });
}
