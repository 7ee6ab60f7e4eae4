import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LosslessNumber } from 'lossless-json';
import { CancelledError, type CmaClient, type Resource } from '../../src/cma';
import { EXPORT_ORDER, exportRecords, recordText } from '../../src/export/exportRecords';
import { overlapFor } from '../../src/export/anchoredPages';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';

const RECORDS = 2000;
let emulator: Emulator;
let client: CmaClient;
let dir: string;
let articleId: string;

useEmulator({ records: RECORDS, reset: ['requests', 'latency'] }, async (started) => {
  ({ emulator, client } = started);
  articleId = emulator.store.itemType(emulator.store.environment('main'), 'article')!.id;
  dir = await mkdtemp(join(tmpdir(), 'datocms-export-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('export records', () => {
  test('a large export: one valid JSON array equal to the records on the server, with progress', async () => {
    const path = join(dir, 'articles.json');
    const progress: [number, number][] = [];
    const { count, deleted, created, requests } = await exportRecords({
      client,
      modelId: articleId,
      path,
      onProgress: (written, total) => progress.push([written, total]),
    });
    assert.equal(count, RECORDS);
    assert.deepEqual([deleted, created], [[], []]);
    const exported = JSON.parse(await readFile(path, 'utf8')) as Resource<'item'>[];
    // What the server holds, read independently in the same order: the file must be exactly that.
    const onServer: Resource<'item'>[] = [];
    for (let offset = 0; offset < RECORDS; offset += 500) {
      onServer.push(
        ...(await client.items.list({ filter: { type: articleId }, order_by: EXPORT_ORDER, page: { offset, limit: 500 } })).data,
      );
    }
    assert.equal(exported.length, RECORDS);
    assert.deepEqual(exported, JSON.parse(JSON.stringify(onServer)));
    assert.equal(new Set(exported.map((r) => r.id)).size, RECORDS);
    assert.deepEqual(progress.at(-1), [RECORDS, RECORDS]);
    assert.ok(
      progress.every(([written, total], i) => total === RECORDS && written > (progress[i - 1]?.[0] ?? 0)),
      'progress counts records up to the total',
    );
    // pages of 100 that each repeat a few records of the one before, and no check read
    assert.equal(requests, Math.ceil((RECORDS - overlapFor(100)) / (100 - overlapFor(100))));
    assert.equal(emulator.requests.filter((r) => r.path === '/items').length, requests + Math.ceil(RECORDS / 500));
    assert.deepEqual(
      (await readdir(dir)).filter((f) => f.endsWith('.part')),
      [],
      'no temporary file left',
    );
  });

  test("the Records node's sort is not used: the export reads oldest first, keeping the version", async () => {
    const path = join(dir, 'sorted.json');
    await exportRecords({ client, modelId: articleId, path, query: { order: { field: 'title', direction: 'DESC' }, version: 'current' } });
    const query = emulator.requests.find((r) => r.path === '/items')?.query as Record<string, unknown>;
    assert.equal(query['order_by'], EXPORT_ORDER);
    assert.equal(query['version'], 'current');
    const stored = emulator.store
      .environment('main')
      .recordsByType.get(articleId)!
      .map((r) => r.id);
    assert.deepEqual(
      (JSON.parse(await readFile(path, 'utf8')) as { id: string }[]).map((r) => r.id),
      stored,
    );
  });

  test('numbers beyond what JavaScript holds are written with their exact digits', () => {
    const record = {
      id: 'r1',
      type: 'item',
      attributes: { big: new LosslessNumber('12345678901234567890'), small: 1.5, text: '"isLosslessNumber":true' },
      relationships: {},
      meta: {},
    } as Resource<'item'>;
    assert.equal(
      recordText(record),
      '{"id":"r1","type":"item","attributes":{"big":12345678901234567890,"small":1.5,"text":"\\"isLosslessNumber\\":true"},"relationships":{},"meta":{}}',
    );
    const plain = { ...record, attributes: { small: 1.5 } };
    assert.equal(recordText(plain), JSON.stringify(plain));
  });

  test('applies the Records query and writes an empty array when nothing matches', async () => {
    const path = join(dir, 'none.json');
    const { count } = await exportRecords({
      client,
      modelId: articleId,
      path,
      query: { filters: [{ field: 'id', operator: 'eq', value: 'no-such-record' }] },
    });
    assert.equal(count, 0);
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), []);
    const query = emulator.requests.find((r) => r.path === '/items')?.query as { filter: Record<string, unknown> };
    assert.deepEqual(query.filter['fields'], { id: { eq: 'no-such-record' } });
  });

  test('cancelling stops the requests and leaves no file behind', async () => {
    emulator.setLatency(30);
    const path = join(dir, 'cancelled.json');
    const controller = new AbortController();
    await assert.rejects(
      exportRecords({
        client,
        modelId: articleId,
        path,
        pageSize: 50,
        signal: controller.signal,
        onProgress: (written) => written >= 100 && controller.abort(),
      }),
      CancelledError,
    );
    const sentWhenCancelled = emulator.requests.filter((r) => r.path === '/items').length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(emulator.requests.filter((r) => r.path === '/items').length, sentWhenCancelled, 'no request after cancelling');
    assert.ok(sentWhenCancelled < Math.ceil(RECORDS / 50) / 4, `stopped early (${sentWhenCancelled} pages requested)`);
    assert.deepEqual(
      await readdir(dir).then((files) => files.filter((f) => f.startsWith('cancelled') || f.includes('cancelled.json'))),
      [],
    );
  });
});
