// Injected faults: the kinds a test may ask for, which request a queued fault applies to, and how each kind
// answers (an API error, a broken or foreign body, a reset, a stall, a body too big to hold). Kept apart from
// the request pipeline so the happy path reads on its own.
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
    case 'job_failure':
      return; // handled at job creation
  }
}

function streamHugeBody(res: ServerResponse, status: number, rateHeaders: Record<string, string>): void {
  res.writeHead(status, { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId() });
  const chunk = Buffer.from(`"${'x'.repeat(1024 * 1024 - 3)}",`);
  let sent = 0;
  res.write('{"data":[');
  const pump = () => {
    while (sent < HUGE_BODY_BYTES && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end('""]}');
  };
  res.on('close', () => {
    sent = HUGE_BODY_BYTES;
  });
  pump();
}
