// A server whose counts or pages make no sense is stopped with one clear error after a few requests,
// and the export leaves no file behind.
import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ResponseError } from '../../src/cma';
import { exportRecords } from '../../src/export/exportRecords';
import { ExportProblem, MAX_STEP_BACKS, overlapFor, RECOVERY_REQUESTS } from '../../src/export/anchoredPages';
import { makeRecords, useFakeItems, type Answer, type FakeItemsServer, type PageRequest } from './fakeItemsServer';

const PAGE = 100;
const CONCURRENCY = 3;
/** ceil(10,000 / (page size - overlap)) + 2 + 2 × concurrency + RECOVERY_REQUESTS */
const BUDGET_10K = Math.ceil(10_000 / (PAGE - overlapFor(PAGE))) + 2 + 2 * CONCURRENCY + RECOVERY_REQUESTS;
let fake: FakeItemsServer;
let dir: string;

useFakeItems(1000, 'datocms-export-hostile-', (bench) => ({ fake, dir } = bench));

/** Runs an export against a server answering `answer`; expects one error matching `message` within `maxRequests`. */
async function expectStopped(
  t: TestContext,
  answer: (request: PageRequest) => Answer | void,
  message: RegExp,
  maxRequests: number,
  errorClass: new (...args: never[]) => Error = ExportProblem,
): Promise<number> {
  fake.beforePage = answer;
  await assert.rejects(
    exportRecords({ client: fake.client(), modelId: 'model', path: join(dir, 'out.json'), pageSize: PAGE, concurrency: CONCURRENCY }),
    (error: Error) => {
      assert.ok(error instanceof errorClass, `${error.name}: ${error.message}`);
      assert.match(error.message, message);
      return true;
    },
  );
  const sent = fake.requests.length;
  assert.ok(sent <= maxRequests, `${sent} requests, at most ${maxRequests} expected`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(fake.requests.length, sent, 'no request after the error');
  assert.deepEqual(await readdir(dir), [], 'no file, no temporary file');
  t.diagnostic(`stopped after ${sent} request${sent === 1 ? '' : 's'}`);
  return sent;
}

const page = (from: number, count: number) => makeRecords(count, from).map((r) => r.id);

describe('an export against a misbehaving server', () => {
  test('a count of a billion: refused at the first page, with what to do', async (t) => {
    const sent = await expectStopped(
      t,
      () => ({ total: 1e9 }),
      /DatoCMS reports 1,000,000,000 records, more than one export can hold \(1,000,000\)\. Narrow the Records query/,
      1,
    );
    assert.equal(sent, 1);
  });

  test('a negative count: refused at the first page', async (t) => {
    assert.equal(await expectStopped(t, () => ({ total: -5 }), /meta\.total_count/, 1, ResponseError), 1);
  });

  test('a count that jumps between pages', async (t) => {
    await expectStopped(
      t,
      ({ number }) => ({ total: number === 1 ? 1000 : 50_000 }),
      /grew from 1,000 to 50,000 during the export/,
      1 + CONCURRENCY,
    );
  });

  test('a count that wobbles below the records it serves', async (t) => {
    await expectStopped(
      t,
      ({ number, offset, limit }) => ({ ids: page(offset, limit), total: number % 2 ? 1000 : 300 }),
      /beyond the 300 it announced/,
      2 + 2 * CONCURRENCY,
    );
  });

  test('the same records at every offset', async (t) => {
    await expectStopped(t, () => ({ ids: page(0, PAGE), total: 10_000 }), /kept serving records the export already had/, 4 + CONCURRENCY);
  });

  test('an id twice in one page', async (t) => {
    await expectStopped(t, () => ({ ids: [...page(0, PAGE - 1), 'r00003'] }), /listed record r00003 twice/, 1);
  });

  test('an empty page before the announced end', async (t) => {
    await expectStopped(
      t,
      ({ offset }) => (offset > 0 ? { ids: [], total: 10_000 } : { total: 10_000 }),
      /ended the page at offset 95 after 0 records although it announced 10,000/,
      1 + CONCURRENCY,
    );
  });

  test('a short page before the announced end', async (t) => {
    await expectStopped(
      t,
      ({ offset }) => (offset > 0 ? { ids: page(offset, 7) } : {}),
      /after 7 records although it announced 1,000/,
      1 + CONCURRENCY,
    );
  });

  test('more records than announced', async (t) => {
    await expectStopped(t, () => ({ ids: page(0, 80), total: 50 }), /beyond the 50 it announced/, 1);
  });

  test('more records than asked', async (t) => {
    await expectStopped(t, () => ({ ids: page(0, PAGE + 20) }), /sent 120 records in the page at offset 0, where 100 were asked/, 1);
  });

  test('new ids at every request (no page ever meets the one before)', async (t) => {
    let invented = 0;
    const fresh = (n: number) => Array.from({ length: n }, () => `invented-${invented++}`);
    // each time: the page that does not meet, the step back to offset 0, and the pages sent after it
    const sent = await expectStopped(
      t,
      ({ limit }) => ({ ids: fresh(limit), total: 10_000 }),
      /moved under the export 8 times/,
      1 + (MAX_STEP_BACKS + 1) * (1 + CONCURRENCY),
    );
    assert.ok(sent > MAX_STEP_BACKS, `${sent}`);
  });

  test('a count that drops to nothing and comes back, again and again: the request budget stops it', async (t) => {
    fake.records = makeRecords(10_000);
    // Every 20th page claims the list shrank to 1,000 (the read steps back to the start), then all is back.
    // The budget counts requests sent; a few dropped while in flight may never reach the server.
    await expectStopped(
      t,
      ({ number, offset }) => (number % 20 === 0 && offset > 0 ? { ids: [], total: 1000 } : {}),
      new RegExp(`did not add up: after ${BUDGET_10K} requests`),
      BUDGET_10K,
    );
  });
});
