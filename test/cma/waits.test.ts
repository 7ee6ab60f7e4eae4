// Waits never stall: a hostile X-RateLimit-Reset is capped (or refused at once), and every wait — rate-limit
// pacing, retry backoff, job polling — ends as soon as the call's signal (or the client's lifetime) aborts.
import { test, describe, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, CancelledError, CmaClient, closeAllDispatchers, DEFAULT_RETRY_POLICY, type ClientOptions } from '../../src/cma';
import { startFakeServer, type FakeAnswer, type FakeServer, type SeenRequest } from './fakeServer';
import { rejectionOf } from './support';

const TOKEN = 'waits-test-token-93c1ab';
const site = { data: { type: 'site', id: '1', attributes: { name: 'Site' } } };

let answer: (request: SeenRequest) => FakeAnswer = () => ({ body: site });
let server: FakeServer | undefined;

async function fake(): Promise<FakeServer> {
  server ??= await startFakeServer((request) => answer(request));
  return server;
}

function clientOf(url: string, options: Partial<ClientOptions> = {}): CmaClient {
  return new CmaClient({ apiToken: TOKEN, baseUrl: url, ...options });
}

/** How long a promise takes to settle (either way), in ms. */
async function settleTime(promise: Promise<unknown>): Promise<number> {
  const started = performance.now();
  await promise.catch(() => undefined);
  return performance.now() - started;
}

/** Aborts `controller` as soon as the server has seen `count` requests. */
async function abortAfterRequests(controller: AbortController, count: number): Promise<void> {
  while ((server?.requests.length ?? 0) < count) await new Promise((r) => setTimeout(r, 2));
  await new Promise((r) => setTimeout(r, 20));
  controller.abort();
}

describe('waits are bounded and cancellable', () => {
  beforeEach(() => {
    answer = () => ({ body: site });
    server?.requests.splice(0);
  });
  after(async () => {
    await closeAllDispatchers();
    await server?.close();
  });

  test('the default policy waits at most 10 s for a rate limit', () => {
    assert.ok(DEFAULT_RETRY_POLICY.maxRateLimitWaitMs <= 10_000, `maxRateLimitWaitMs is ${DEFAULT_RETRY_POLICY.maxRateLimitWaitMs}`);
  });

  test('a 429 asking for an hour fails at once and holds back no other environment', async () => {
    const { url } = await fake();
    answer = (r) =>
      r.headers['x-environment'] === 'sandbox'
        ? { body: site }
        : {
            status: 429,
            headers: { 'x-ratelimit-reset': '3600' },
            body: { data: [{ id: 'x', type: 'api_error', attributes: { code: 'RATE_LIMIT_EXCEEDED', details: {} } }] },
          };
    const client = clientOf(url);
    let error: Error | undefined;
    const ms = await settleTime(rejectionOf(client.site.find()).then((e) => (error = e)));
    assert.ok(error instanceof ApiError && error.status === 429, String(error));
    assert.match(error.message, /asks to wait 3600 s, longer than the 10000 ms this client waits/);
    assert.ok(ms < 1000, `failed after ${Math.round(ms)} ms`);
    const sandbox = client.withEnvironment('sandbox');
    assert.ok((await settleTime(sandbox.site.find())) < 500, 'the sandbox is not paused');
  });

  test('"no request left" with a reset of an hour pauses the project only up to the cap', async () => {
    const { url } = await fake();
    const exhausted: Record<string, string> = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3600' };
    answer = (r) => ({ headers: r.headers['x-environment'] ? {} : exhausted, body: site });
    const client = clientOf(url, { retry: { maxRateLimitWaitMs: 300 } });
    await client.site.find();
    const ms = await settleTime(client.withEnvironment('sandbox').site.find());
    assert.ok(ms >= 200 && ms < 1500, `the other environment waited ${Math.round(ms)} ms (cap 300 ms)`);
  });

  test('a call held by the project-wide pause ends at once when its signal aborts', async () => {
    const { url } = await fake();
    answer = () => ({ headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3600' }, body: site });
    const client = clientOf(url); // default cap: 10 s
    await client.site.find();
    const controller = new AbortController();
    const pending = rejectionOf(client.withEnvironment('sandbox').site.find({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 30);
    const ms = await settleTime(pending);
    assert.ok((await pending) instanceof CancelledError);
    assert.ok(ms < 500, `ended ${Math.round(ms)} ms later`);
    assert.equal(server?.requests.length, 1, 'the held call was never sent');
  });

  test('aborting during a retry backoff ends the call at once', async () => {
    const { url } = await fake();
    answer = () => ({
      status: 422,
      body: {
        data: [{ id: 'x', type: 'api_error', attributes: { code: 'BATCH_DATA_VALIDATION_IN_PROGRESS', details: {}, transient: true } }],
      },
    });
    const client = clientOf(url, { retry: { baseDelayMs: 8000, maxDelayMs: 8000 } });
    const controller = new AbortController();
    const pending = rejectionOf(client.site.find({ signal: controller.signal }));
    void abortAfterRequests(controller, 1);
    const ms = await settleTime(pending);
    assert.ok((await pending) instanceof CancelledError);
    assert.ok(ms < 1000, `ended after ${Math.round(ms)} ms`);
    assert.equal(server?.requests.length, 1);
  });

  test('aborting between job polls ends the call at once, saying the job may still run', async () => {
    const { url } = await fake();
    answer = (r) =>
      r.method === 'PUT'
        ? { status: 202, body: { data: { type: 'job', id: '77' } } }
        : { status: 404, body: { data: [{ id: 'x', type: 'api_error', attributes: { code: 'NOT_FOUND', details: {} } }] } };
    const client = clientOf(url, { jobs: { firstDelayMs: 8000, maxDelayMs: 8000 } });
    const controller = new AbortController();
    const pending = rejectionOf(
      client.webhooks.update('w1', { data: { type: 'webhook', id: 'w1', attributes: { name: 'x' } } }, { signal: controller.signal }),
    );
    void abortAfterRequests(controller, 1);
    const ms = await settleTime(pending);
    const error = await pending;
    assert.ok(error instanceof CancelledError);
    assert.match(error.message, /accepted the change as job 77, so it may still be applied/);
    assert.ok(ms < 1000, `ended after ${Math.round(ms)} ms`);
  });

  test("aborting the client's lifetime ends the calls of every environment, in flight or new", async () => {
    const { url } = await fake();
    answer = () => ({ body: site, delayMs: 5000 });
    const lifetime = new AbortController();
    const client = clientOf(url, { signal: lifetime.signal });
    const sandbox = client.withEnvironment('sandbox');
    const inFlight = [rejectionOf(client.site.find()), rejectionOf(sandbox.site.find())];
    while ((server?.requests.length ?? 0) < 2) await new Promise((r) => setTimeout(r, 2));
    lifetime.abort();
    const errors = await Promise.all(inFlight);
    assert.ok(
      errors.every((e) => e instanceof CancelledError),
      errors.map(String).join('; '),
    );
    assert.ok((await rejectionOf(sandbox.site.find())) instanceof CancelledError, 'a retired client sends nothing more');
    assert.equal(server?.requests.length, 2);
  });
});
