// items.listAll over 10,000 records: order, completeness, progress, bounded prefetch and cancellation.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, closeAllDispatchers, CmaClient, type RequestLogEntry } from '../../src/cma';
import { startFakeServer, type FakeServer } from './fakeServer';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor, hits, rejectionOf } from './support';

const RECORDS = 10_000;

describe('items.listAll', () => {
  let emulator: Emulator;
  let client: CmaClient;
  let log: RequestLogEntry[];
  let expectedIds: string[];

  const itemRequests = () => hits(emulator, 'GET', '/items');
  /** Waits (bounded) until the emulator has seen `count` page requests, then a little longer for strays. */
  async function settleAt(count: number): Promise<number> {
    for (let waited = 0; itemRequests() < count && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    return itemRequests();
  }

  useEmulator({ records: RECORDS }, async (started) => {
    emulator = started.emulator;
    ({ client, log } = clientFor(emulator));
    const main = emulator.store.environment('main');
    const article = emulator.store.itemType(main, 'article');
    assert.ok(article);
    expectedIds = (main.recordsByType.get(article.id) ?? []).map((item) => item.id);
    assert.equal(expectedIds.length, RECORDS, 'the big model holds the requested number of records');
    assert.equal((await client.items.list({ filter: { type: 'article' }, page: { limit: 0 } })).totalCount, RECORDS);
  });

  test('yields every record once, in order, fetching each page once', async () => {
    emulator.clearRequests();
    const progress: [number, number][] = [];
    const seen: string[] = [];
    for await (const record of client.items.listAll(
      { filter: { type: 'article' } },
      { onProgress: (loaded, total) => progress.push([loaded, total]) },
    )) {
      seen.push(record.id);
    }
    assert.equal(seen.length, RECORDS);
    assert.deepEqual(seen, expectedIds);
    const offsets = emulator.requests
      .filter((r) => r.path === '/items')
      .map((r) => Number((r.query['page'] as Record<string, string>)['offset']))
      .sort((a, b) => a - b);
    assert.deepEqual(
      offsets,
      Array.from({ length: RECORDS / 500 }, (_, i) => i * 500),
      'pages of 500, each requested once',
    );
    assert.deepEqual(progress.at(-1), [RECORDS, RECORDS]);
    assert.ok(
      progress.every(([loaded], i) => i === 0 || loaded > (progress[i - 1]?.[0] ?? 0)),
      'progress only grows',
    );
  });

  test('smaller pages fetched one at a time give the same records', async () => {
    const seen: string[] = [];
    for await (const record of client.items.listAll({ filter: { type: 'article' } }, { pageSize: 400, concurrency: 1 }))
      seen.push(record.id);
    assert.deepEqual(seen, expectedIds);
  });

  test('prefetches at most `concurrency` pages ahead of a consumer that stops pulling', async () => {
    emulator.clearRequests();
    const iterator = client.items.listAll({ filter: { type: 'article' } }, { concurrency: 2 });
    const first = await iterator.next();
    assert.equal(first.value?.id, expectedIds[0]);
    assert.equal(await settleAt(3), 3, 'the first page and two pages ahead, no more');
    await iterator.return(undefined);
  });

  test('stops requesting pages when the consumer breaks out of the loop', async () => {
    emulator.setLatency(50); // keeps the prefetched pages in flight when the loop breaks
    emulator.clearRequests();
    log.length = 0;
    let count = 0;
    for await (const record of client.items.listAll({ filter: { type: 'article' } }, { concurrency: 3 })) {
      assert.ok(record.id);
      if (++count === 1200) break; // inside the third page
    }
    const requested = await settleAt(0);
    emulator.setLatency(0);
    assert.ok(requested <= 3 + 3, `at most the pages consumed plus those prefetched were requested (saw ${requested})`);
    assert.ok(requested < RECORDS / 500);
    assert.ok(
      log.some((entry) => entry.status === 'aborted'),
      'pages in flight at the break were aborted',
    );
    assert.equal(itemRequests(), requested, 'nothing more is requested afterwards');
  });

  test('an aborted signal ends the iteration with CancelledError and stops the requests', async () => {
    emulator.setLatency(20);
    emulator.clearRequests();
    const controller = new AbortController();
    let count = 0;
    const error = await rejectionOf(
      (async () => {
        for await (const record of client.items.listAll({ filter: { type: 'article' } }, { signal: controller.signal, concurrency: 2 })) {
          assert.ok(record.id);
          if (++count === 700) controller.abort();
        }
      })(),
    );
    const requested = await settleAt(0);
    emulator.setLatency(0);
    assert.ok(error instanceof CancelledError, `expected CancelledError, got ${error.name}: ${error.message}`);
    assert.equal(count, 700, 'no record is yielded after the abort');
    assert.ok(requested <= 2 + 2, `saw ${requested} page requests`);
  });

  test('an already-aborted signal sends nothing', async () => {
    emulator.clearRequests();
    const controller = new AbortController();
    controller.abort();
    const iterator = client.items.listAll({ filter: { type: 'article' } }, { signal: controller.signal });
    assert.ok((await rejectionOf(iterator.next())) instanceof CancelledError);
    assert.equal(emulator.requests.length, 0);
  });

  test('rejects a page size above 500 or a concurrency outside 1..10 before sending', async () => {
    emulator.clearRequests();
    await assert.rejects(client.items.listAll({}, { pageSize: 501 }).next(), /pageSize must be an integer from 1 to 500 \(got 501\)/);
    await assert.rejects(client.items.listAll({}, { concurrency: 0 }).next(), /concurrency must be an integer from 1 to 10 \(got 0\)/);
    assert.equal(emulator.requests.length, 0);
  });

  test('an empty result yields nothing and reports 0 of 0', async () => {
    const progress: [number, number][] = [];
    const seen = [];
    for await (const record of client.items.listAll(
      { filter: { type: 'article', fields: { reading_time: { gt: 100_000 } } } },
      { onProgress: (l, t) => progress.push([l, t]) },
    ))
      seen.push(record);
    assert.equal(seen.length, 0);
    assert.deepEqual(progress, [[0, 0]]);
  });
});

describe('items.listAll with nested=true', () => {
  const TOTAL = 95;
  let server: FakeServer;
  let servedPerPage = 25;

  before(async () => {
    // serves at most `servedPerPage` records per page, whatever page[limit] asks
    server = await startFakeServer((request) => {
      const query = new Map(request.query);
      const offset = Number(query.get('page[offset]') ?? 0);
      const limit = Math.min(Number(query.get('page[limit]') ?? 30), servedPerPage);
      const data = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => ({ type: 'item', id: `r${offset + i}` }));
      return { body: { data, meta: { total_count: TOTAL } } };
    });
  });
  after(async () => {
    await closeAllDispatchers();
    await server.close();
  });

  for (const [served, concurrency] of [
    [25, 1],
    [25, 4],
    [30, 4],
  ] as const) {
    test(`asks for at most 30 per page and advances by what was served (${served} per page, ${concurrency} in flight)`, async () => {
      servedPerPage = served;
      server.requests.splice(0);
      const client = new CmaClient({ apiToken: 'paging-test-token-7a', baseUrl: server.url, retry: { maxAttempts: 1 } });
      const seen: string[] = [];
      for await (const record of client.items.listAll({ filter: { type: 'article' }, nested: true }, { concurrency })) seen.push(record.id);
      assert.deepEqual(
        seen,
        Array.from({ length: TOTAL }, (_, i) => `r${i}`),
        'every record once, in order',
      );
      const pages = server.requests.map((r) => new Map(r.query));
      assert.ok(
        pages.every((q) => Number(q.get('page[limit]')) <= 30),
        'no page asks for more than 30',
      );
      assert.ok(
        pages.every((q) => Number(q.get('page[offset]')) < TOTAL),
        'no page past total_count',
      );
      const offsets = pages.map((q) => Number(q.get('page[offset]'))).sort((a, b) => a - b);
      assert.deepEqual(
        offsets,
        Array.from({ length: Math.ceil(TOTAL / served) }, (_, i) => i * served),
        'offsets step by the records served',
      );
    });
  }
});
