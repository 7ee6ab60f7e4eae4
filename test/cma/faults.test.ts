// Every fault the emulator can inject: what the caller sees, how many requests reached the server (writes
// must never be duplicated after an ambiguous failure), what the request log reports, and that the token
// never shows up in any of it.
import { test, describe, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import {
  ApiError,
  CancelledError,
  closeAllDispatchers,
  NetworkError,
  ResponseError,
  TimeoutError,
  type CmaClient,
  type RequestLogEntry,
} from '../../src/cma';
import { startEmulator, type Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor, hits, rejectionOf } from './support';

describe('faults', () => {
  let emulator: Emulator;
  let client: CmaClient;
  let log: RequestLogEntry[];
  let webhookId: string;
  const failures: Error[] = [];
  const entries: RequestLogEntry[] = [];

  /** A write that exists in the emulator and is cheap to repeat. */
  const renameWebhook = (name: string, target: CmaClient = client) =>
    target.webhooks.update(webhookId, { data: { type: 'webhook', id: webhookId, attributes: { name } } });
  const failureOf = async (promise: Promise<unknown>) => {
    const error = await rejectionOf(promise);
    failures.push(error);
    return error;
  };

  useEmulator({ records: 30, reset: ['faults', 'requests'] }, async (started) => {
    emulator = started.emulator;
    ({ client, log } = clientFor(emulator));
    const [webhook] = await client.webhooks.list();
    assert.ok(webhook);
    webhookId = webhook.id;
  });

  beforeEach(() => {
    entries.push(...log);
    log.length = 0;
  });

  describe('rate limits', () => {
    test('a 429 on a read waits X-RateLimit-Reset seconds, then succeeds', async () => {
      emulator.faults.add({ kind: 'rate_limit', path: '/site', resetSeconds: 1 });
      const site = await client.site.find();
      assert.equal(site.attributes['name'], 'Emulated Bistro');
      assert.equal(hits(emulator, 'GET', '/site'), 2);
      assert.deepEqual(
        log.map((e) => [e.status, e.attempt, e.retryInMs]),
        [
          [429, 1, 1000],
          [200, 2, undefined],
        ],
      );
    });

    test('a 429 on a write is retried: the server did not apply it', async () => {
      emulator.faults.add({ kind: 'rate_limit', method: 'PUT', resetSeconds: 1 });
      const updated = await renameWebhook('After a rate limit');
      assert.equal(updated.attributes['name'], 'After a rate limit');
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 2);
    });

    test('a reset longer than maxRateLimitWaitMs fails at once with the 429', async () => {
      emulator.faults.add({ kind: 'rate_limit', path: '/site', resetSeconds: 30 });
      const error = await failureOf(client.site.find());
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 429);
      assert.equal(error.code, 'RATE_LIMIT_EXCEEDED');
      assert.match(error.message, /^GET \/site failed: 429 RATE_LIMIT_EXCEEDED.*wait 30 s/);
      assert.equal(hits(emulator, 'GET', '/site'), 1);
    });

    test('aborting during the rate-limit wait rejects with CancelledError without another request', async () => {
      // its own client: the 2 s pause it is told about must not slow down the tests after it
      const { client: waiting, log: waitingLog } = clientFor(emulator);
      emulator.faults.add({ kind: 'rate_limit', path: '/site', resetSeconds: 2 });
      const controller = new AbortController();
      const pending = failureOf(waiting.site.find({ signal: controller.signal }));
      while (waitingLog.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      const error = await pending;
      assert.ok(error instanceof CancelledError);
      assert.equal(hits(emulator, 'GET', '/site'), 1);
    });
  });

  describe('server errors and broken bodies', () => {
    test('a JSON 5xx is the answer, as for the official client: a read is sent once, a write too (and may have applied)', async () => {
      for (const status of [500, 501, 503]) {
        emulator.clearRequests();
        emulator.faults.add({ kind: 'server_error', path: '/site', status, code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'EXCEPTION' });
        const read = await failureOf(client.site.find());
        assert.ok(read instanceof ApiError);
        assert.equal(read.status, status);
        assert.equal(hits(emulator, 'GET', '/site'), 1, `${status} is not sent again`);
      }
      assert.equal((await client.site.find()).type, 'site');

      emulator.faults.add({ kind: 'server_error', method: 'PUT' });
      const error = await failureOf(renameWebhook('never twice'));
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 500);
      assert.match(
        error.message,
        new RegExp(`^PUT /webhooks/${webhookId} failed: 500 EXCEPTION — the change may or may not have been applied`),
      );
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 1);
    });

    test('an error marked transient is retried, and persistent ones stop after maxAttempts', async () => {
      emulator.faults.add({ kind: 'transient', path: '/site', count: 10 });
      const error = await failureOf(client.site.find());
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'BATCH_DATA_VALIDATION_IN_PROGRESS');
      assert.equal(hits(emulator, 'GET', '/site'), 4);
      assert.deepEqual(
        log.map((e) => e.attempt),
        [1, 2, 3, 4],
      );
      assert.ok(log.slice(0, 3).every((e) => typeof e.retryInMs === 'number' && e.retryInMs >= 0));
      assert.equal(log[3]?.retryInMs, undefined, 'the last attempt announces no retry');
    });

    test('an HTML 502 is retried on a read; on a write it is a ResponseError sent once', async () => {
      emulator.faults.add({ kind: 'bad_gateway_html', path: '/webhooks' });
      assert.ok((await client.webhooks.list()).length >= 4);
      assert.equal(hits(emulator, 'GET', '/webhooks'), 2);

      emulator.faults.add({ kind: 'bad_gateway_html', method: 'PUT' });
      const error = await failureOf(renameWebhook('html'));
      assert.ok(error instanceof ResponseError);
      assert.equal(error.status, 502);
      assert.match(error.message, /the 502 response is text\/html, not JSON; the change may or may not have been applied/);
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 1);
    });

    test('malformed JSON is a ResponseError, sent once, read or write (the official client does not retry it)', async () => {
      emulator.faults.add({ kind: 'malformed_json', path: '/item-types' });
      const read = await failureOf(client.itemTypes.list());
      assert.ok(read instanceof ResponseError);
      assert.equal(hits(emulator, 'GET', '/item-types'), 1);

      emulator.faults.add({ kind: 'malformed_json', method: 'PUT' });
      const error = await failureOf(renameWebhook('malformed'));
      assert.ok(error instanceof ResponseError);
      assert.match(error.message, /the 200 response is not valid JSON/);
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 1);
    });

    test('a non-JSON content type is retried on a read and fails after maxAttempts', async () => {
      emulator.faults.add({ kind: 'wrong_content_type', path: '/environments' });
      assert.equal((await client.environments.list()).length, 2);
      assert.equal(hits(emulator, 'GET', '/environments'), 2);

      emulator.faults.add({ kind: 'wrong_content_type', path: '/environments', count: 10 });
      const error = await failureOf(client.environments.list());
      assert.ok(error instanceof ResponseError);
      assert.equal(error.status, 200);
      assert.match(error.message, /^GET \/environments: the 200 response is text\/plain, not JSON$/);
      assert.equal(hits(emulator, 'GET', '/environments'), 2 + 4);
    });

    test('a body above maxResponseBytes is a ResponseError, not retried', async () => {
      const { client: small, log: smallLog } = clientFor(emulator, { maxResponseBytes: 1024 * 1024 });
      emulator.faults.add({ kind: 'huge_body', path: '/webhooks' });
      const error = await failureOf(small.webhooks.list());
      assert.ok(error instanceof ResponseError);
      assert.match(error.message, /larger than 1048576 bytes/);
      assert.equal(hits(emulator, 'GET', '/webhooks'), 1);
      assert.equal(smallLog.length, 1);
    });
  });

  describe('transient errors', () => {
    test('a transient error is retried, for writes too', async () => {
      emulator.faults.add({ kind: 'transient', method: 'PUT' });
      const updated = await renameWebhook('after a transient error');
      assert.equal(updated.attributes['name'], 'after a transient error');
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 2);
      assert.equal(log[0]?.status, 422);
      assert.equal(typeof log[0]?.retryInMs, 'number');
    });

    test('a transient error that persists ends as an ApiError after maxAttempts', async () => {
      emulator.faults.add({ kind: 'transient', path: '/site', count: 10 });
      const error = await failureOf(client.site.find());
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'BATCH_DATA_VALIDATION_IN_PROGRESS');
      assert.equal(error.errors[0]?.transient, true);
      assert.equal(hits(emulator, 'GET', '/site'), 4);
    });
  });

  describe('timeouts and connection resets', () => {
    test('a read that times out is retried; a write is not, and fails with TimeoutError', async () => {
      const { client: impatient, log: impatientLog } = clientFor(emulator, { requestTimeoutMs: 300 });
      emulator.faults.add({ kind: 'timeout', path: '/site', delayMs: 1500 });
      assert.equal((await impatient.site.find()).type, 'site');
      assert.equal(hits(emulator, 'GET', '/site'), 2);
      assert.deepEqual(
        impatientLog.map((e) => e.status),
        ['timeout', 200],
      );

      emulator.faults.add({ kind: 'timeout', method: 'PUT', delayMs: 1500 });
      const error = await failureOf(renameWebhook('slow', impatient));
      assert.ok(error instanceof TimeoutError);
      assert.equal(error.kind, 'request');
      assert.match(
        error.message,
        new RegExp(`^PUT /webhooks/${webhookId} timed out after 300 ms; the change may or may not have been applied`),
      );
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 1);
    });

    test('a connection reset is retried on a read; a write fails with NetworkError, sent once', async () => {
      emulator.faults.add({ kind: 'reset', path: '/site' });
      assert.equal((await client.site.find()).type, 'site');
      assert.equal(hits(emulator, 'GET', '/site'), 2);
      assert.equal(log[0]?.status, 'network-error');

      emulator.faults.add({ kind: 'reset', method: 'PUT' });
      const error = await failureOf(renameWebhook('reset'));
      assert.ok(error instanceof NetworkError);
      assert.match(error.message, new RegExp(`^PUT /webhooks/${webhookId} failed: network error`));
      assert.match(error.message, /may or may not have been applied/);
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhookId}`), 1);
    });

    test('a refused connection is retried even for a write: nothing was sent', async () => {
      const closed = await startEmulator({ records: 1 });
      const url = closed.url;
      await closed.close();
      const { client: nowhere, log: nowhereLog } = clientFor(emulator, { baseUrl: url });
      const error = await failureOf(nowhere.webhooks.update('x', { data: { type: 'webhook', id: 'x', attributes: {} } }));
      assert.ok(error instanceof NetworkError);
      assert.equal(error.code, 'ECONNREFUSED');
      assert.equal(nowhereLog.length, 4, 'every attempt is made');
    });

    test('aborting an attempt in flight rejects at once with CancelledError', async () => {
      emulator.faults.add({ kind: 'timeout', path: '/site', delayMs: 3000 });
      const controller = new AbortController();
      const pending = failureOf(client.site.find({ signal: controller.signal }));
      while (hits(emulator, 'GET', '/site') === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      const error = await pending;
      assert.ok(error instanceof CancelledError);
      assert.deepEqual(
        log.map((e) => e.status),
        ['aborted'],
      );
      assert.equal(hits(emulator, 'GET', '/site'), 1);
    });
  });

  describe('client errors', () => {
    test('401 says the token was refused and is not retried', async () => {
      emulator.faults.add({ kind: 'unauthorized', path: '/site' });
      const error = await failureOf(client.site.find());
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 401);
      assert.equal(error.code, 'INVALID_AUTHORIZATION_HEADER');
      assert.match(error.message, /^GET \/site failed: 401 INVALID_AUTHORIZATION_HEADER.* — the API token was refused/);
      assert.equal(hits(emulator, 'GET', '/site'), 1);
    });

    test('a wrong token gets the real 401 from the server', async () => {
      const { client: stranger } = clientFor(emulator, { apiToken: 'not-the-project-token-000' });
      const error = await failureOf(stranger.site.find());
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 401);
      assert.ok(!error.message.includes('not-the-project-token-000'));
    });

    test('404 is an ApiError with the request id, not retried', async () => {
      emulator.faults.add({ kind: 'not_found', path: `/webhooks/${webhookId}` });
      const error = await failureOf(client.webhooks.find(webhookId));
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.equal(error.method, 'GET');
      assert.equal(error.path, `/webhooks/${webhookId}`);
      assert.match(error.requestId ?? '', /^[0-9a-f]+$/);
      assert.equal(hits(emulator, 'GET', `/webhooks/${webhookId}`), 1);
    });

    test('422 validation details name the attribute at fault', async () => {
      const model = await client.itemTypes.find('author');
      emulator.clearRequests();
      const error = await failureOf(
        client.itemTypes.update('author', { data: { type: 'item_type', id: model.id, attributes: { api_key: 'category' } } }),
      );
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 422);
      assert.equal(error.message, 'PUT /item-types/author failed: 422 INVALID_FIELD (api_key: VALIDATION_UNIQUENESS)');
      assert.equal(error.findError('INVALID_FIELD', { field: 'api_key' })?.details['code'], 'VALIDATION_UNIQUENESS');
      assert.equal(hits(emulator, 'PUT', '/item-types/author'), 1);
    });
  });

  test('the token appears in no error message, cause, stack or log entry', () => {
    assert.ok(failures.length >= 15, `collected ${failures.length} failures`);
    const token = emulator.token;
    for (const error of failures) {
      const texts = [
        error.message,
        String(error.stack),
        inspect(error, { depth: 6 }),
        JSON.stringify(error),
        String((error as { cause?: unknown }).cause ?? ''),
      ];
      for (const text of texts) assert.ok(!text.includes(token), `${error.name} leaks the token: ${text.slice(0, 200)}`);
    }
    entries.push(...log);
    assert.ok(entries.length >= 30, `collected ${entries.length} log entries`);
    assert.ok(!JSON.stringify(entries).includes(token), 'a log entry carries the token');
  });
});

describe('proactive rate-limit pacing', () => {
  test('waits for the window when X-RateLimit-Remaining reaches 0 instead of provoking 429s', async () => {
    const emulator = await startEmulator({ records: 1, rateLimit: { limit: 4, windowMs: 200 } });
    try {
      const { client, log } = clientFor(emulator, { retry: { maxAttempts: 1, rateLimitWindowMs: 250 } });
      for (let i = 0; i < 9; i++) await client.site.find();
      assert.equal(emulator.requests.length, 9);
      assert.deepEqual(
        emulator.requests.filter((r) => r.status === 429),
        [],
        'no request was refused',
      );
      assert.ok(log.every((e) => e.status === 200));
    } finally {
      await closeAllDispatchers();
      await emulator.close();
    }
  });

  test('a client and its withEnvironment copies share the pause', async () => {
    const emulator = await startEmulator({ records: 1, rateLimit: { limit: 3, windowMs: 200 } });
    try {
      const { client } = clientFor(emulator, { retry: { maxAttempts: 1, rateLimitWindowMs: 250 } });
      const sandbox = client.withEnvironment('sandbox');
      for (let i = 0; i < 4; i++) {
        await client.site.find();
        await sandbox.site.find();
      }
      assert.deepEqual(
        emulator.requests.filter((r) => r.status === 429),
        [],
      );
    } finally {
      await closeAllDispatchers();
      await emulator.close();
    }
  });
});
