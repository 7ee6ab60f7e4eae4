// Wire-level behaviour that the emulator's request log cannot show (headers, connections, body size):
// checked against a bare node:http server on 127.0.0.1.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { inspect } from 'node:util';
import type { AddressInfo } from 'node:net';
import { ApiError, CmaClient, ResponseError, closeAllDispatchers, type RequestLogEntry } from '../../src/cma';

const TOKEN = 'transport-test-token-5f3a9c';
const CAPPED_TOTAL = 95;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('transport', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let baseUrl = '';

  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/echo-token') {
          // a hostile or buggy server that repeats the credentials back
          res.statusCode = 422;
          res.setHeader('content-type', 'application/json');
          const echoed = String(req.headers['authorization']);
          res.end(
            JSON.stringify({
              data: [
                {
                  id: 'e1',
                  type: 'api_error',
                  attributes: { code: 'INVALID_FIELD', details: { field: echoed, code: 'VALIDATION_FORMAT', message: echoed } },
                },
              ],
            }),
          );
          return;
        }
        if (req.url?.startsWith('/items?')) {
          // serves at most 30 records per page whatever page[limit] says, as the API does with nested=true
          const query = new URLSearchParams(req.url.slice('/items?'.length));
          const offset = Number(query.get('page[offset]') ?? 0);
          const data = Array.from({ length: Math.max(0, Math.min(30, CAPPED_TOTAL - offset)) }, (_, i) => ({
            type: 'item',
            id: `r${offset + i}`,
          }));
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ data, meta: { total_count: CAPPED_TOTAL } }));
          return;
        }
        if (req.url === '/huge') {
          res.setHeader('content-type', 'application/json');
          res.write('{"data":[');
          const chunk = `${JSON.stringify({ type: 'webhook', id: 'x', attributes: { name: 'x'.repeat(1000) } })},`;
          for (let i = 0; i < 200; i++) res.write(chunk); // ~200 KB, no content-length
          res.end('{"type":"webhook","id":"y"}]}');
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-request-id', `req-${seen.length}`);
        const type = req.url?.startsWith('/webhooks') ? 'webhook' : 'site';
        res.end(JSON.stringify({ data: { type, id: 'w1', attributes: { name: 'n' } } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await closeAllDispatchers();
    await new Promise((resolve) => server.close(resolve));
  });

  test('sends the CMA headers and a compact JSON body', async () => {
    seen.length = 0;
    const client = new CmaClient({ apiToken: TOKEN, baseUrl, environment: 'sandbox' });
    await client.site.find();
    await client.webhooks.update('w1', { data: { type: 'webhook', id: 'w1', attributes: { name: 'Renamed' } } });
    const [get, put] = seen;
    assert.ok(get && put);
    assert.equal(get.headers['authorization'], `Bearer ${TOKEN}`);
    assert.equal(get.headers['accept'], 'application/json');
    assert.equal(get.headers['x-api-version'], '3');
    assert.equal(get.headers['x-environment'], 'sandbox');
    assert.match(get.headers['user-agent'] ?? '', /^datocms-explorer\/\d+\.\d+\.\d+/);
    assert.equal(get.headers['content-type'], undefined, 'a GET has no body, so no content type');
    assert.equal(put.method, 'PUT');
    assert.equal(put.url, '/webhooks/w1');
    assert.equal(put.headers['content-type'], 'application/vnd.api+json');
    assert.deepEqual(JSON.parse(put.body), { data: { type: 'webhook', id: 'w1', attributes: { name: 'Renamed' } } });
  });

  test('omits X-Environment for the primary environment and switches with withEnvironment', async () => {
    seen.length = 0;
    const primary = new CmaClient({ apiToken: TOKEN, baseUrl });
    await primary.site.find();
    await primary.withEnvironment('feature-x').site.find();
    await primary.withEnvironment('feature-x').withEnvironment(undefined).site.find();
    assert.deepEqual(
      seen.map((s) => s.headers['x-environment']),
      [undefined, 'feature-x', undefined],
    );
    assert.equal(primary.withEnvironment('feature-x').environment, 'feature-x');
  });

  test('clients of one base URL share keep-alive connections', async () => {
    await closeAllDispatchers(); // start without connections left over by the tests above
    let opened = 0;
    const countConnection = () => opened++;
    server.on('connection', countConnection);
    seen.length = 0;
    const first = new CmaClient({ apiToken: TOKEN, baseUrl });
    const second = new CmaClient({ apiToken: 'another-project-token', baseUrl });
    // undici frees a connection a tick after the body ends; without the pause it may open a second one
    const nextTick = () => new Promise((resolve) => setImmediate(resolve));
    await first.site.find();
    await nextTick();
    await second.site.find();
    await nextTick();
    await first.withEnvironment('sandbox').site.find();
    server.off('connection', countConnection);
    assert.equal(seen.length, 3);
    assert.equal(opened, 1, 'three sequential calls from three clients used one connection');
  });

  test('a base URL with a path prefix keeps it in front of every API path', async () => {
    seen.length = 0;
    const client = new CmaClient({ apiToken: TOKEN, baseUrl: `${baseUrl}/proxy/` });
    await client.webhooks.find('w1').catch(() => undefined);
    assert.equal(seen[0]?.url, '/proxy/webhooks/w1');
  });

  test('a response larger than maxResponseBytes fails with ResponseError instead of being buffered', async () => {
    const log: RequestLogEntry[] = [];
    const client = new CmaClient({ apiToken: TOKEN, baseUrl, maxResponseBytes: 64 * 1024, onRequest: (e) => log.push(e) });
    await assert.rejects(client.request({ method: 'GET', path: '/huge' }), (error: unknown) => {
      assert.ok(error instanceof ResponseError);
      assert.match(error.message, /GET \/huge: the 200 response is larger than 65536 bytes/);
      return true;
    });
    assert.equal(log.length, 1, 'an oversized body is not fetched again');
    const roomy = new CmaClient({ apiToken: TOKEN, baseUrl });
    const body = await roomy.request<{ data: unknown[] }>({ method: 'GET', path: '/huge' });
    assert.equal(body.data.length, 201);
  });

  test('a token echoed back by the server is scrubbed from the error and its details', async () => {
    const client = new CmaClient({ apiToken: TOKEN, baseUrl });
    await assert.rejects(client.request({ method: 'GET', path: '/echo-token' }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.ok(!error.message.includes(TOKEN), error.message);
      assert.ok(!JSON.stringify(error.errors).includes(TOKEN));
      assert.equal(error.errors[0]?.details['field'], 'Bearer [secret removed]');
      return true;
    });
  });

  test('listAll steps by the page size the server actually serves, so no record is skipped', async () => {
    const client = new CmaClient({ apiToken: TOKEN, baseUrl });
    const ids: string[] = [];
    for await (const record of client.items.listAll({ nested: true }, { pageSize: 100 })) ids.push(record.id);
    assert.deepEqual(
      ids,
      Array.from({ length: CAPPED_TOTAL }, (_, i) => `r${i}`),
    );
  });

  test('rejects an empty token and a malformed base URL up front', () => {
    assert.throws(() => new CmaClient({ apiToken: '  ' }), /apiToken is empty/);
    assert.throws(() => new CmaClient({ apiToken: TOKEN, baseUrl: 'site-api' }), /baseUrl "site-api" is not a valid URL/);
  });

  test('keeps the token out of the client object when it is printed or serialised', () => {
    const client = new CmaClient({ apiToken: TOKEN, baseUrl });
    assert.ok(!JSON.stringify(client).includes(TOKEN));
    assert.ok(!inspect(client, { depth: 5 }).includes(TOKEN));
  });
});
