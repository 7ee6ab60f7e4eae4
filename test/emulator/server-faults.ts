// Injected faults: the kinds a test may ask for, which request a queued fault applies to, and how each kind
// answers (an API error, a broken or foreign body, a reset, a stall, a body too big to hold, a redirect, a body
// echoing the Authorization header, a valid but very large GraphQL answer). Kept apart from the request pipeline so
// the happy path reads on its own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorDocument, type ApiErrorSpec } from './errors.js';
import { requestId } from './http-io.js';
import { writeReply, type Reply } from './reply.js';
import type { EmulatorRequest, FaultKind, FaultRule } from './types.js';

const HUGE_BODY_BYTES = 80 * 1024 * 1024; // above the 64 MiB cap the extension's client enforces
const FAULT_KINDS: readonly FaultKind[] = [
  'rate_limit',
  'server_error',
  'bad_gateway_html',
  'transient',
  'timeout',
  'reset',
  'malformed_json',
  'unauthorized',
  'not_found',
  'job_failure',
  'wrong_content_type',
  'huge_body',
  'redirect',
  'echo_authorization',
  'large_answer',
];

export interface ActiveFault extends FaultRule {
  remaining: number;
}

/** What a fault needs from the server while it answers. */
export interface FaultHost {
  latencyMs: number;
  rateLimit: number;
  later(ms: number, fn: () => void): void;
}

export function addFault(activeFaults: ActiveFault[], rule: FaultRule): void {
  if (!FAULT_KINDS.includes(rule.kind))
    throw new Error(`faults.add: unknown fault kind "${String(rule.kind)}" (expected one of ${FAULT_KINDS.join(', ')})`);
  const count = rule.count ?? 1;
  if (!Number.isInteger(count) || count < 1) throw new Error(`faults.add: count must be a positive integer, got ${count}`);
  activeFaults.push({ ...rule, remaining: count });
}

/** The first active fault matching the request, consumed. job_failure only matches writes. */
export function takeFault(activeFaults: ActiveFault[], method: string, path: string): ActiveFault | undefined {
  const index = activeFaults.findIndex(
    (f) =>
      (!f.method || f.method.toUpperCase() === method) &&
      (f.path === undefined || (typeof f.path === 'string' ? f.path === path : f.path.test(path))) &&
      (f.kind !== 'job_failure' || method !== 'GET'),
  );
  const fault = activeFaults[index];
  if (!fault) return undefined;
  fault.remaining--;
  if (fault.remaining <= 0) activeFaults.splice(index, 1);
  return fault;
}

export function applyFault(
  host: FaultHost,
  fault: ActiveFault,
  req: IncomingMessage,
  res: ServerResponse,
  entry: EmulatorRequest,
  rateHeaders: Record<string, string>,
  proceed: () => void,
): void {
  const json = (status: number, errors: ApiErrorSpec[], headers: Record<string, string> = {}): Reply => ({
    status,
    body: errorDocument(errors),
    headers,
  });
  const respond = (reply: Reply) => {
    entry.status = reply.status;
    const send = () => writeReply(res, { ...reply, headers: { ...rateHeaders, ...reply.headers } });
    if (host.latencyMs > 0) host.later(host.latencyMs, send);
    else send();
  };
  switch (fault.kind) {
    case 'rate_limit': {
      const reset = fault.resetSeconds ?? 1;
      respond(
        json(429, [{ code: 'RATE_LIMIT_EXCEEDED', details: { limit: host.rateLimit } }], {
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(reset),
        }),
      );
      return;
    }
    case 'server_error':
      respond(json(fault.status ?? 500, [{ code: fault.code ?? 'EXCEPTION', details: {} }]));
      return;
    case 'transient':
      respond(json(fault.status ?? 422, [{ code: fault.code ?? 'BATCH_DATA_VALIDATION_IN_PROGRESS', details: {}, transient: true }]));
      return;
    case 'unauthorized':
      respond(json(401, [{ code: 'INVALID_AUTHORIZATION_HEADER', details: { message: 'The API token is missing or invalid' } }]));
      return;
    case 'not_found':
      respond(json(404, [{ code: 'NOT_FOUND', details: {} }]));
      return;
    case 'bad_gateway_html':
      respond({
        status: fault.status ?? 502,
        body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n',
        headers: { 'Content-Type': 'text/html' },
      });
      return;
    case 'wrong_content_type':
      respond({
        status: fault.status ?? 200,
        body: 'Service is warming up, please retry',
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
      return;
    case 'malformed_json':
      respond({
        status: fault.status ?? 200,
        body: '{"data": [{"id": "abc", "type": "item", "attributes": {"title": "trunc',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      return;
    case 'reset':
      entry.status = 0;
      req.socket.destroy();
      return;
    case 'timeout':
      host.later(fault.delayMs ?? 60_000, () => {
        if (!res.destroyed) proceed();
      });
      return;
    case 'huge_body':
      entry.status = fault.status ?? 200;
      streamHugeBody(res, entry.status, rateHeaders);
      return;
    case 'redirect':
      respond({
        status: fault.status ?? 307,
        body: '',
        headers: { Location: fault.location ?? 'https://redirected.example/', 'Content-Type': 'text/html' },
      });
      return;
    case 'echo_authorization': {
      const echoed = String(req.headers['authorization'] ?? '');
      // the delivery API's proxy says what it was sent in a GraphQL error, header and all
      if ((req.url ?? '').startsWith('/cda')) {
        respond({
          status: fault.status ?? 200,
          body: { errors: [{ message: `Rejected request with Authorization: ${echoed}` }] },
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        });
        return;
      }
      const status = fault.status ?? 500;
      if (status >= 400)
        respond(
          json(status, [
            { code: fault.code ?? 'PROXY_ERROR', details: { field: `authorization: ${echoed}`, message: `rejected ${echoed}` } },
          ]),
        );
      else respond({ status, body: { data: { id: echoed, type: echoed, attributes: { name: echoed } } } });
      return;
    }
    case 'large_answer':
      entry.status = 200;
      streamLargeAnswer(res, fault.bytes ?? 22 * 1024 * 1024, rateHeaders);
      return;
    case 'job_failure':
      return; // handled at job creation
  }
}

function streamHugeBody(res: ServerResponse, status: number, rateHeaders: Record<string, string>): void {
  const chunk = `"${'x'.repeat(1024 * 1024 - 3)}",`;
  streamJson(res, status, rateHeaders, { open: '{"data":[', item: () => chunk, close: '""]}', bytes: HUGE_BODY_BYTES });
}

/** A valid GraphQL answer of about `bytes`: `{"data":{"allArticles":[{"id":…,"title":…,"body":…},…]}}`, streamed. */
function streamLargeAnswer(res: ServerResponse, bytes: number, rateHeaders: Record<string, string>): void {
  const filler = 'Lorem ipsum dolor sit amet, '.repeat(36);
  const item = (index: number) =>
    `${index ? ',' : ''}{"id":"${String(index).padStart(8, '0')}","title":"Article ${index}","body":"${filler}"}`;
  streamJson(res, 200, { ...rateHeaders, 'X-Complexity': '1' }, { open: '{"data":{"allArticles":[', item, close: ']}}', bytes });
}

/** A JSON body written as it is made: `open`, items until about `bytes` (pausing while the socket is full), `close`. */
function streamJson(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: { open: string; item: (index: number) => string; close: string; bytes: number },
): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId() });
  let sent = 0;
  let index = 0;
  res.write(body.open);
  const pump = () => {
    while (sent < body.bytes && !res.destroyed) {
      const item = body.item(index++);
      sent += item.length;
      if (!res.write(item)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end(body.close);
  };
  res.on('close', () => {
    sent = body.bytes;
  });
  pump();
}
