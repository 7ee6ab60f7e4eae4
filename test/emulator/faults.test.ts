import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { startEmulator, type Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, waitForJob } from './http.js';

let emu: Emulator;
useEmulator({ records: 10, jobDurationMs: 5, reset: ['faults'] }, (started) => (emu = started.emulator));

describe('fault injection', () => {
  test('rate_limit: 429 with X-RateLimit-Reset, for `count` matching requests only', async () => {
    emu.faults.add({ kind: 'rate_limit', path: '/site', count: 2, resetSeconds: 3 });
    assert.equal((await call(emu, '/webhooks')).status, 200, 'another path is not affected');
    for (let i = 0; i < 2; i++) {
      const res = await call(emu, '/site');
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('x-ratelimit-reset'), '3');
      assert.deepEqual(codes(res), ['RATE_LIMIT_EXCEEDED']);
    }
    assert.equal((await call(emu, '/site')).status, 200);
  });

  test('server_error and transient answer JSON api_errors', async () => {
    emu.faults.add({ kind: 'server_error', method: 'GET', path: /^\/items/ });
    const server = await call(emu, '/items');
    assert.deepEqual([server.status, codes(server)], [500, ['EXCEPTION']]);
    emu.faults.add({ kind: 'server_error', status: 503, code: 'SERVICE_UNAVAILABLE' });
    const unavailable = await call(emu, '/site');
    assert.deepEqual([unavailable.status, codes(unavailable)], [503, ['SERVICE_UNAVAILABLE']]);
    emu.faults.add({ kind: 'transient' });
    const transient = await call(emu, '/site');
    assert.equal(transient.status, 422);
    assert.deepEqual(transient.json.data[0].attributes, {
      code: 'BATCH_DATA_VALIDATION_IN_PROGRESS',
      transient: true,
      details: {},
      doc_url: 'https://www.datocms.com/docs/content-management-api/errors#BATCH_DATA_VALIDATION_IN_PROGRESS',
    });
  });

  test('bad_gateway_html, wrong_content_type and malformed_json break the body', async () => {
    emu.faults.add({ kind: 'bad_gateway_html' });
    const html = await call(emu, '/site');
    assert.equal(html.status, 502);
    assert.match(html.headers.get('content-type') ?? '', /text\/html/);
    assert.match(html.text, /502 Bad Gateway/);
    emu.faults.add({ kind: 'wrong_content_type' });
    const text = await call(emu, '/site');
    assert.match(text.headers.get('content-type') ?? '', /text\/plain/);
    emu.faults.add({ kind: 'malformed_json' });
    const malformed = await call(emu, '/site');
    assert.equal(malformed.status, 200);
    assert.match(malformed.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(malformed.json, undefined);
  });

  test('unauthorized and not_found', async () => {
    emu.faults.add({ kind: 'unauthorized' });
    assert.deepEqual(codes(await call(emu, '/site')), ['INVALID_AUTHORIZATION_HEADER']);
    emu.faults.add({ kind: 'not_found' });
    const missing = await call(emu, '/site');
    assert.deepEqual([missing.status, codes(missing)], [404, ['NOT_FOUND']]);
  });

  test('reset destroys the connection; the log shows status 0', async () => {
    emu.clearRequests();
    emu.faults.add({ kind: 'reset', path: '/site' });
    await assert.rejects(call(emu, '/site'), TypeError);
    assert.equal(emu.requests.at(-1)?.status, 0);
    assert.equal((await call(emu, '/site')).status, 200);
  });

  test('timeout holds the response past a client timeout', async () => {
    emu.faults.add({ kind: 'timeout', delayMs: 30_000 });
    await assert.rejects(
      fetch(`${emu.url}/site`, {
        headers: { Authorization: `Bearer ${emu.token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(200),
      }),
      { name: 'TimeoutError' },
    );
    assert.equal((await call(emu, '/site')).status, 200, 'the next request is answered');
  });

  test('a held response is answered normally once the delay is over', async () => {
    emu.faults.add({ kind: 'timeout', delayMs: 50 });
    const res = await call(emu, '/site');
    assert.equal(res.status, 200);
    assert.equal(res.json.data.type, 'site');
  });

  test('huge_body streams more than 64 MiB of JSON', async () => {
    emu.faults.add({ kind: 'huge_body' });
    const response = await fetch(`${emu.url}/items`, { headers: { Authorization: `Bearer ${emu.token}`, Accept: 'application/json' } });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    let bytes = 0;
    while (bytes <= 64 * 1024 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    await reader.cancel();
    assert.ok(bytes > 64 * 1024 * 1024);
  });

  test('job_failure: the write is accepted, its job fails with the api_error, nothing changes', async () => {
    emu.faults.add({ kind: 'job_failure', path: '/item-types/category' });
    const res = await call(emu, '/item-types/category', {
      method: 'PUT',
      body: { data: { type: 'item_type', id: 'category', attributes: { name: 'Topics' } } },
    });
    assert.equal(res.status, 202);
    const result = await waitForJob(emu, res.json.data.id);
    assert.equal(result.status, 200);
    assert.equal(result.json.data.attributes.status, 422);
    assert.deepEqual(result.json.data.attributes.payload.data[0].attributes.details, { field: 'api_key', code: 'VALIDATION_UNIQUENESS' });
    assert.equal((await call(emu, '/item-types/category')).json.data.attributes.name, 'Category');
  });

  test('job_failure with a code and status; GETs do not consume it', async () => {
    emu.faults.add({ kind: 'job_failure', status: 409, code: 'CONCURRENT_ITEM_TYPE_UPDATE' });
    assert.equal((await call(emu, '/site')).status, 200);
    const res = await call(emu, '/fields/category::name', {
      method: 'PUT',
      body: { data: { type: 'field', id: 'category::name', attributes: { hint: 'x' } } },
    });
    const result = await waitForJob(emu, res.json.data.id);
    assert.equal(result.json.data.attributes.status, 409);
    assert.equal(result.json.data.attributes.payload.data[0].attributes.code, 'CONCURRENT_ITEM_TYPE_UPDATE');
  });

  test('an unknown fault kind is refused', () => {
    assert.throws(() => emu.faults.add({ kind: 'explode' as never }), /unknown fault kind "explode"/);
  });
});

describe('rate limit and latency', () => {
  test('rateLimit enforces the window with real headers', async () => {
    const limited = await startEmulator({ records: 1, rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(limited, '/site');
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('x-ratelimit-limit'), '3');
        remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
      }
      assert.deepEqual(remaining, ['2', '1', '0']);
      const refused = await call(limited, '/site');
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('x-ratelimit-reset')) >= 1);
    } finally {
      await limited.close();
    }
  });

  test('latency delays every response; setLatency changes it', async () => {
    emu.setLatency(30_000);
    try {
      await assert.rejects(
        fetch(`${emu.url}/site`, {
          headers: { Authorization: `Bearer ${emu.token}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(200),
        }),
        { name: 'TimeoutError' },
      );
    } finally {
      emu.setLatency(0);
    }
    assert.equal((await call(emu, '/site')).status, 200);
    assert.throws(() => emu.setLatency(-1), /non-negative/);
  });
});

describe('CLI and HTTP control endpoints', () => {
  test('npm run emulator prints the address and token; /_emulator endpoints drive faults, latency and the log', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/emulator/cli.ts', '--port', '0', '--token', 'cli-token', '--records', '5'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
      });
      const match = /^DatoCMS emulator listening on (http:\/\/127\.0\.0\.1:\d+) \(token: cli-token\)$/.exec(line);
      assert.ok(match, line);
      const url = match[1]!;
      const remote = { url, token: 'cli-token' } as Emulator;
      assert.equal((await call(remote, '/site')).status, 200);
      const control = (path: string, method: string, body?: unknown) =>
        fetch(url + path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      assert.equal((await control('/_emulator/faults', 'POST', { kind: 'not_found', path: { regex: '^/item-types' } })).status, 201);
      assert.equal((await call(remote, '/item-types/article')).status, 404);
      assert.equal((await call(remote, '/item-types/article')).status, 200);
      assert.equal((await control('/_emulator/faults', 'POST', { kind: 'server_error', path: '/site', count: 5 })).status, 201);
      assert.equal((await control('/_emulator/faults', 'DELETE')).status, 204);
      assert.equal((await call(remote, '/site')).status, 200);
      assert.equal((await control('/_emulator/latency', 'PUT', { ms: 0 })).status, 204);
      const log = (await (await control('/_emulator/requests', 'GET')).json()) as { path: string; status: number }[];
      assert.deepEqual(
        log.map((r) => `${r.path} ${r.status}`),
        ['/site 200', '/item-types/article 404', '/item-types/article 200', '/site 200'],
      );
      assert.equal((await control('/_emulator/requests', 'DELETE')).status, 204);
      assert.deepEqual(await (await control('/_emulator/requests', 'GET')).json(), []);
      assert.equal((await control('/_emulator/faults', 'POST', { kind: 'nonsense' })).status, 400);
    } finally {
      child.kill('SIGINT');
    }
  });
});
