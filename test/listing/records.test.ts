// A page of records under a query, as the tree, the agent tools and the export read it: one request, the page
// asked, and how many match in all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeAllDispatchers, CmaClient } from '../../src/cma';
import { recordPage } from '../../src/listing/records';
import { startEmulator, type Emulator } from '../emulator/index';

let emulator: Emulator;
let client: CmaClient;
let articleId: string;

before(async () => {
  emulator = await startEmulator({ records: 12 });
  client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } });
  articleId = (await client.itemTypes.find('article')).id;
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
});

describe('recordPage', () => {
  test('one request gives the page asked and the total the query matches', async () => {
    const all = await recordPage(client.items, articleId, {}, { offset: 0, limit: 500 });
    assert.ok(all.total >= 3, `articles: ${all.total}`);
    assert.equal(all.records.length, all.total);
    emulator.clearRequests();
    const second = await recordPage(client.items, articleId, {}, { offset: 1, limit: 2 });
    assert.equal(emulator.requests.length, 1);
    assert.equal(second.total, all.total);
    assert.deepEqual(
      second.records.map((r) => r.id),
      all.records.slice(1, 3).map((r) => r.id),
    );
  });

  test('a search narrows the records and their total', async () => {
    const all = await recordPage(client.items, articleId, {}, { offset: 0, limit: 500 });
    const title = String(
      Object.values(all.records[0]!.attributes['title'] as Record<string, string>)[0] ?? all.records[0]!.attributes['title'],
    );
    const found = await recordPage(client.items, articleId, { search: title }, { offset: 0, limit: 500 });
    assert.ok(found.total >= 1 && found.total < all.total, `${found.total} of ${all.total} match “${title}”`);
    assert.ok(found.records.some((r) => r.id === all.records[0]!.id));
  });
});
