// Malformed and hostile server responses: wrong shapes, huge or endless bodies, wrong content types,
// deep nesting, prototype keys, a server that echoes the token. Each must end in a clear error (a
// CmaError naming the request and the problem) within a bound — never a crash, a hang or a leak.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { CmaClient, CmaError, closeAllDispatchers, ResponseError, TimeoutError, type RequestLogEntry } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { ProjectData } from '../../src/projects/projectData';
import { Transcript } from '../security/transcript';

const TOKEN = 'hostile-test-token-5f2a9c7e1b3d';
const BOUND_MS = 10_000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
const sockets = new Set<Socket>();
let server: Server;
let baseUrl: string;
const transcript = new Transcript();

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

before(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else json(404, { data: [{ id: 'x', type: 'api_error', attributes: { code: 'NOT_FOUND', details: {} } }] })(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  await closeAllDispatchers();
  assert.deepEqual(transcript.scan({ 'API token': TOKEN }), [], 'the token leaked into a message or log line');
});

function client(options: { timeoutMs?: number; maxResponseBytes?: number; log?: RequestLogEntry[] } = {}): CmaClient {
  return new CmaClient({
    apiToken: TOKEN,
    baseUrl,
    requestTimeoutMs: options.timeoutMs ?? 2000,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
    jobs: { firstDelayMs: 1, maxDelayMs: 5, timeoutMs: 500 },
    ...(options.maxResponseBytes ? { maxResponseBytes: options.maxResponseBytes } : {}),
    onRequest: (entry) => {
      options.log?.push(entry);
      transcript.onRequest(entry);
    },
  });
}

/** The rejection of `promise` within the bound; fails on success or when it is still pending. */
async function failure(promise: Promise<unknown>): Promise<CmaError> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), BOUND_MS)));
  try {
    const settled = await Promise.race([
      promise.then(
        () => 'resolved' as const,
        (error: unknown) => error,
      ),
      hang,
    ]);
    assert.notEqual(settled, 'hang', `still pending after ${BOUND_MS} ms`);
    assert.notEqual(settled, 'resolved', 'expected a failure, the call succeeded');
    transcript.addError('error', settled);
    assert.ok(settled instanceof CmaError, `expected a CmaError, got ${String(settled)}`);
    return settled;
  } finally {
    clearTimeout(timer);
  }
}

function item(id: string, attributes: Record<string, unknown> = {}) {
  return { id, type: 'item', attributes, relationships: { item_type: { data: { type: 'item_type', id: 'model1' } } }, meta: {} };
}

describe('wrong shapes', () => {
  const cases: [string, unknown, RegExp][] = [
    ['a string instead of a document', '"hello"', /expected a JSON object with a "data" member/],
    ['null', 'null', /expected a JSON object with a "data" member/],
    ['data as a string', { data: 'x' }, /"data" is not a resource object/],
    ['data as an array for one record', { data: [item('r1')] }, /"data" is not a resource object/],
    [
      'a webhook where a record was asked for',
      { data: { id: 'r1', type: 'webhook', attributes: {} } },
      /data\.type is "webhook" \(expected "item"\)/,
    ],
    ['a numeric id', { data: { id: 7, type: 'item' } }, /data\.id is missing or not a string/],
    ['attributes as an array', { data: { id: 'r1', type: 'item', attributes: [1, 2] } }, /data\.attributes is not an object/],
    [
      'a relationship without data',
      { data: { id: 'r1', type: 'item', relationships: { item_type: { id: 'x' } } } },
      /relationships\.item_type is not a relationship object/,
    ],
  ];
  for (const [name, body, message] of cases) {
    test(`items.find: ${name} → ResponseError naming the member`, async () => {
      routes.set('/items/r1', json(200, body));
      const error = await failure(client().items.find('r1'));
      assert.ok(error instanceof ResponseError);
      assert.match(error.message, /^GET \/items\/r1: unexpected response body: /);
      assert.match(error.message, message);
    });
  }

  test('items.list without meta.total_count, and a page holding a non-record', async () => {
    routes.set('/items', json(200, { data: [item('a')] }));
    assert.match((await failure(client().items.list())).message, /"meta\.total_count" is missing/);
    routes.set('/items', json(200, { data: [item('a'), { id: 'b', type: 'upload' }], meta: { total_count: 2 } }));
    assert.match((await failure(client().items.list())).message, /data\[1\]\.type is "upload"/);
  });

  test('listAll over a server whose total_count grows with every page stops at the first page count, never loops', async () => {
    let calls = 0;
    routes.set('/items', (req, res) => {
      calls++;
      const offset = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page[offset]') ?? 0);
      json(200, { data: [item(`r${offset}`)], meta: { total_count: 3 + calls * 10 } })(req, res);
    });
    const seen: string[] = [];
    for await (const record of client().items.listAll({}, { pageSize: 1, concurrency: 2 })) seen.push(record.id);
    assert.equal(seen.length, 13, 'the total of the first page bounds the walk');
  });

  test('a job whose result is not a job_result, and one whose status is a string', async () => {
    routes.set('/fields/f1', json(202, { data: { type: 'job', id: 'j1' } }));
    routes.set('/job-results/j1', json(200, { data: { type: 'job', id: 'j1' } }));
    const body = { data: { type: 'field' as const, id: 'f1', attributes: { hint: 'x' } } };
    assert.match((await failure(client().fields.update('f1', body))).message, /expected a job_result document/);
    routes.set('/job-results/j1', json(200, { data: { type: 'job_result', id: 'j1', attributes: { status: '200', payload: {} } } }));
    assert.match((await failure(client().fields.update('f1', body))).message, /status of the job_result is missing or not a number/);
  });

  test('a job that never finishes ends in a job timeout that says the change may still apply', async () => {
    routes.set('/fields/f2', json(202, { data: { type: 'job', id: 'j2' } }));
    routes.set('/job-results/j2', json(404, { data: [{ id: 'x', type: 'api_error', attributes: { code: 'NOT_FOUND', details: {} } }] }));
    const error = await failure(client().fields.update('f2', { data: { type: 'field', id: 'f2', attributes: { hint: 'x' } } }));
    assert.ok(error instanceof TimeoutError && error.kind === 'job');
    assert.match(error.message, /job j2 did not finish within 500 ms; it may still complete — reload to see the outcome/);
  });
});

describe('content types and bodies', () => {
  test('text/plain and text/html answers are refused as not JSON (reads retried once, then reported)', async () => {
    routes.set('/site', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    const before = hits.get('/site') ?? 0;
    const error = await failure(client().site.find());
    assert.ok(error instanceof ResponseError);
    assert.match(error.message, /^GET \/site: the 200 response is text\/plain, not JSON/);
    assert.equal((hits.get('/site') ?? 0) - before, 2);
    routes.set('/webhooks/w1', (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body>Oops</body></html>');
    });
    const write = await failure(client().webhooks.update('w1', { data: { type: 'webhook', id: 'w1', attributes: { name: 'x' } } }));
    assert.match(
      write.message,
      /^PUT \/webhooks\/w1: the 500 response is text\/html, not JSON; the change may or may not have been applied/,
    );
  });

  test('a body larger than the limit is cut off, declared or streamed', async () => {
    routes.set('/item-types', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(512 * 1024 * 1024) });
      res.write('{"data":[');
      // never finishes: the client must not wait for the rest
    });
    assert.match(
      (await failure(client({ maxResponseBytes: 1024 * 1024 }).itemTypes.list())).message,
      /the 200 response is larger than 1048576 bytes; it was not read/,
    );
    routes.set('/webhooks', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `"${'x'.repeat(64 * 1024)}",`;
      res.write('{"data":[');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    assert.match((await failure(client({ maxResponseBytes: 1024 * 1024 }).webhooks.list())).message, /larger than 1048576 bytes/);
  });

  test('a server that never answers, or stops halfway through the body, times out on every attempt', async () => {
    routes.set('/environments', () => undefined);
    const log: RequestLogEntry[] = [];
    const error = await failure(client({ timeoutMs: 150, log }).environments.list());
    assert.ok(error instanceof TimeoutError);
    assert.match(error.message, /^GET \/environments timed out after 150 ms/);
    assert.deepEqual(
      log.map((e) => e.status),
      ['timeout', 'timeout'],
    );
    routes.set('/site', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": {"id": "1", ');
    });
    assert.ok((await failure(client({ timeoutMs: 150 }).site.find())) instanceof TimeoutError);
  });

  test('an error document nested 100,000 levels deep is reported, not a stack overflow', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    routes.set(
      '/items/deep',
      json(
        422,
        `{"data":[{"id":"x","type":"api_error","attributes":{"code":"INVALID_FIELD","details":{"field":"title","nested":${deep}}}}]}`,
      ),
    );
    const error = await failure(client().items.update('deep', { data: { type: 'item', id: 'deep', attributes: { title: 'x' } } }));
    assert.ok(error instanceof ResponseError);
    assert.match(error.message, /^PUT \/items\/deep: the 422 response is nested more than 1000 levels deep/);
  });

  test('a record whose attributes nest 100,000 levels deep or carry __proto__ opens or fails cleanly, and pollutes nothing', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    routes.set(
      '/items/r-deep',
      json(
        200,
        `{"data":{"id":"r-deep","type":"item","attributes":{"details":${deep}},"relationships":{"item_type":{"data":{"type":"item_type","id":"model1"}}},"meta":{}}}`,
      ),
    );
    routes.set(
      '/items/r-proto',
      json(
        200,
        `{"data":{"id":"r-proto","type":"item","attributes":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}},"relationships":{"item_type":{"data":{"type":"item_type","id":"model1"}}},"meta":{}}}`,
      ),
    );
    routes.set('/site', json(200, { data: { id: 's', type: 'site', attributes: { locales: ['en'] } } }));
    routes.set('/item-types', json(200, { data: [{ id: 'model1', type: 'item_type', attributes: { api_key: 'thing', name: 'Thing' } }] }));
    routes.set('/item-types/model1/fields', json(200, { data: [] }));
    const data = new ProjectData(client());
    const service = new DocumentService(async () => data);
    for (const id of ['r-deep', 'r-proto']) {
      const outcome = await Promise.race([
        service.open({ project: 'p', environment: 'main', kind: 'record', modelApiKey: 'thing', id }).then(
          (doc) => doc.text,
          (error: unknown) => error,
        ),
        new Promise((resolve) => setTimeout(() => resolve('hang'), BOUND_MS)),
      ]);
      assert.notEqual(outcome, 'hang');
      if (typeof outcome !== 'string') {
        assert.ok(outcome instanceof Error, String(outcome));
        assert.doesNotMatch(outcome.message, /Maximum call stack/, `${id}: a stack overflow is not a message for a user`);
        transcript.addError('error', outcome);
      }
    }
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  test('a server that echoes the token (in the error details and the request id header) never gets it into a message or log line', async () => {
    routes.set('/items/echo', (req, res) => {
      const authorization = String(req.headers.authorization);
      json(
        422,
        {
          data: [
            {
              id: 'x',
              type: 'api_error',
              attributes: { code: 'INVALID_FIELD', details: { field: 'title', message: `you sent ${authorization}`, code: authorization } },
            },
          ],
        },
        { 'x-request-id': authorization },
      )(req, res);
    });
    const log: RequestLogEntry[] = [];
    const error = await failure(client({ log }).items.update('echo', { data: { type: 'item', id: 'echo', attributes: { title: 'x' } } }));
    assert.ok(!error.message.includes(TOKEN), error.message);
    assert.ok(!JSON.stringify(log).includes(TOKEN), 'the request log entry carries the token');
  });
});
