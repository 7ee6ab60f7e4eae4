import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancelledError, CmaClient, closeAllDispatchers } from '../../src/cma';
import { exportRecords } from '../../src/commands/exportRecords';
import { startEmulator, type Emulator } from '../emulator/index';

const RECORDS = 450;
let emulator: Emulator;
let client: CmaClient;
let dir: string;
let articleId: string;

before(async () => {
  emulator = await startEmulator({ records: RECORDS });
  client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } });
  articleId = emulator.store.itemType(emulator.store.environment('main'), 'article')!.id;
  dir = await mkdtemp(join(tmpdir(), 'datocms-export-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await emulator.close();
  await closeAllDispatchers();
});
beforeEach(() => {
  emulator.clearRequests();
  emulator.setLatency(0);
});

describe('export records', () => {
  test('writes every record of the model as one valid JSON array, with progress', async () => {
    const path = join(dir, 'articles.json');
    const progress: [number, number][] = [];
    const { count } = await exportRecords({ client, modelId: articleId, path, pageSize: 100, onProgress: (written, total) => progress.push([written, total]) });
    assert.equal(count, RECORDS);
    const exported = JSON.parse(await readFile(path, 'utf8')) as { id: string; type: string }[];
    assert.equal(exported.length, RECORDS);
    const stored = emulator.store.environment('main').recordsByType.get(articleId)!.map((r) => r.id);
    assert.deepEqual(exported.map((r) => r.id), stored);
    assert.ok(exported.every((r) => r.type === 'item'));
    assert.deepEqual(progress.at(-1), [RECORDS, RECORDS]);
    assert.equal(emulator.requests.filter((r) => r.path === '/items').length, Math.ceil(RECORDS / 100), 'one request per page');
    assert.deepEqual((await readdir(dir)).filter((f) => f.endsWith('.part')), [], 'no temporary file left');
  });

  test('applies the Records query and writes an empty array when nothing matches', async () => {
    const path = join(dir, 'none.json');
    const { count } = await exportRecords({ client, modelId: articleId, path, query: { filters: [{ field: 'id', operator: 'eq', value: 'no-such-record' }] } });
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
      exportRecords({ client, modelId: articleId, path, pageSize: 50, signal: controller.signal, onProgress: (written) => written >= 100 && controller.abort() }),
      CancelledError,
    );
    const sentWhenCancelled = emulator.requests.filter((r) => r.path === '/items').length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(emulator.requests.filter((r) => r.path === '/items').length, sentWhenCancelled, 'no request after cancelling');
    assert.ok(sentWhenCancelled < Math.ceil(RECORDS / 50), `stopped early (${sentWhenCancelled} pages requested)`);
    assert.deepEqual(await readdir(dir).then((files) => files.filter((f) => f.startsWith('cancelled') || f.includes('cancelled.json'))), []);
  });
});
