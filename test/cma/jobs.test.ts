// Async jobs: a 202 is polled at /job-results until the job ends; its payload is the answer.
import { test, describe, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, CancelledError, TimeoutError, type CmaClient, type RequestLogEntry } from '../../src/cma';
import { startEmulator, type Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor, hits, rejectionOf } from './support';

describe('async jobs', () => {
  let emulator: Emulator;
  let client: CmaClient;
  let log: RequestLogEntry[];
  let authorId: string;

  const setHint = (hint: string, target: CmaClient = client, onJob?: (id: string) => void) =>
    target.itemTypes.update('author', { data: { type: 'item_type', id: authorId, attributes: { hint } } }, onJob ? { onJob } : {});

  // jobs long enough that the first poll (after 5 ms) finds them running, even on a busy machine
  useEmulator({ records: 10, jobDurationMs: 250, reset: ['faults', 'requests'] }, async (started) => {
    emulator = started.emulator;
    ({ client, log } = clientFor(emulator));
    authorId = (await client.itemTypes.find('author')).id;
  });

  beforeEach(() => {
    log.length = 0;
  });

  test('polls until the job is done and returns its payload', async () => {
    const jobs: string[] = [];
    const updated = await setHint('Polled', client, (id) => jobs.push(id));
    assert.equal(updated.attributes['hint'], 'Polled');
    assert.equal(jobs.length, 1);
    const polls = emulator.requests.filter((r) => r.path === `/job-results/${jobs[0]}`);
    assert.ok(polls.length >= 2, 'the job was still running at the first poll');
    assert.deepEqual(
      polls
        .map((r) => r.status)
        .slice(0, -1)
        .every((s) => s === 404),
      true,
      'still running = 404',
    );
    assert.equal(polls.at(-1)?.status, 200);
    assert.equal(hits(emulator, 'PUT', '/item-types/author'), 1);
  });

  test('request() handles a 202 generically and returns the payload document', async () => {
    const body = await client.request<{ data: { id: string; attributes: { hint: string } } }>({
      method: 'PUT',
      path: '/item-types/author',
      body: { data: { type: 'item_type', id: authorId, attributes: { hint: 'Raw' } } },
    });
    assert.equal(body.data.id, authorId);
    assert.equal(body.data.attributes.hint, 'Raw');
  });

  test('a failed job throws the ApiError of its payload, for the original request', async () => {
    emulator.faults.add({
      kind: 'job_failure',
      method: 'PUT',
      path: '/item-types/author',
      code: 'CONCURRENT_ITEM_TYPE_UPDATE',
      status: 409,
    });
    const error = await rejectionOf(setHint('Never applied'));
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.code, 'CONCURRENT_ITEM_TYPE_UPDATE');
    assert.equal(error.method, 'PUT');
    assert.equal(error.path, '/item-types/author');
    assert.match(error.message, /^PUT \/item-types\/author failed: 409 CONCURRENT_ITEM_TYPE_UPDATE — reported by job \d+$/);
    assert.equal(hits(emulator, 'PUT', '/item-types/author'), 1, 'the write is not repeated');
    assert.notEqual((await client.itemTypes.find('author')).attributes['hint'], 'Never applied');
  });

  test('polling survives a rate limit, a transient error and a gateway page on /job-results', async () => {
    emulator.faults.add({ kind: 'rate_limit', method: 'GET', path: /^\/job-results\// });
    emulator.faults.add({ kind: 'transient', method: 'GET', path: /^\/job-results\// });
    emulator.faults.add({ kind: 'bad_gateway_html', method: 'GET', path: /^\/job-results\// });
    const updated = await setHint('Through faults');
    assert.equal(updated.attributes['hint'], 'Through faults');
    assert.equal(hits(emulator, 'PUT', '/item-types/author'), 1);
  });

  test('a job that outlasts jobs.timeoutMs fails with TimeoutError kind job', async () => {
    const slow = await startEmulator({ records: 1, jobDurationMs: 3000 });
    try {
      const { client: impatient } = clientFor(slow, { jobs: { firstDelayMs: 10, maxDelayMs: 30, timeoutMs: 150 } });
      const id = (await impatient.itemTypes.find('author')).id;
      const error = await rejectionOf(
        impatient.itemTypes.update('author', { data: { type: 'item_type', id, attributes: { hint: 'late' } } }),
      );
      assert.ok(error instanceof TimeoutError);
      assert.equal(error.kind, 'job');
      assert.match(error.message, /^PUT \/item-types\/author: job \d+ did not finish within 150 ms; it may still complete/);
      assert.equal(slow.requests.filter((r) => r.method === 'PUT').length, 1);
    } finally {
      await slow.close();
    }
  });

  test('aborting while a job is polled rejects with CancelledError and stops polling', async () => {
    const slow = await startEmulator({ records: 1, jobDurationMs: 3000 });
    try {
      const { client: waiting } = clientFor(slow);
      const id = (await waiting.itemTypes.find('author')).id;
      const controller = new AbortController();
      const pending = rejectionOf(
        waiting.itemTypes.update(
          'author',
          { data: { type: 'item_type', id, attributes: { hint: 'x' } } },
          {
            signal: controller.signal,
            onJob: () => setTimeout(() => controller.abort(), 40),
          },
        ),
      );
      const error = await pending;
      assert.ok(error instanceof CancelledError);
      const polls = slow.requests.filter((r) => r.path.startsWith('/job-results/')).length;
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(slow.requests.filter((r) => r.path.startsWith('/job-results/')).length, polls, 'no poll after the abort');
    } finally {
      await slow.close();
    }
  });

  test('fields.update also runs as a job', async () => {
    const field = await client.fields.find('author::bio');
    const jobs: string[] = [];
    const updated = await client.fields.update(
      field.id,
      { data: { type: 'field', id: field.id, attributes: { label: 'About the author' } } },
      { onJob: (id) => jobs.push(id) },
    );
    assert.equal(updated.attributes['label'], 'About the author');
    assert.equal(jobs.length, 1);
  });

  test('every poll is reported to onRequest as its own attempt', async () => {
    await setHint('Logged');
    const polls = log.filter((e) => e.path.startsWith('/job-results/'));
    assert.ok(polls.length >= 2);
    assert.ok(polls.every((e) => e.method === 'GET' && e.attempt === 1));
    assert.deepEqual(log[0] && [log[0].method, log[0].path, log[0].status], ['PUT', '/item-types/author', 202]);
  });
});
