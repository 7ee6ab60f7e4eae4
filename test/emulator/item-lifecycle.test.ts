import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob } from './http.js';

let emu: Emulator;
useEmulator({ records: 40, jobDurationMs: 5 }, (started) => (emu = started.emulator));

/** Runs an async write to its end: the job result's status and payload. */
async function job(path: string, method: string): Promise<{ status: number; payload: any }> {
  const res = await call(emu, path, { method });
  assert.equal(res.status, 202, JSON.stringify(res.json));
  const done = await waitForJob(emu, res.json.data.id);
  return done.json.data.attributes;
}

const records = async (model: string) => (await call(emu, `/items?filter[type]=${model}&page[limit]=100`)).json.data as any[];
const blockIds = (record: any): string[] => [...Object.values(record.attributes.content ?? {}).flatMap((v) => (Array.isArray(v) ? v : []))];

describe('DELETE /items/:id', () => {
  test('a record linked through a field whose on_reference_delete_strategy is "fail" is not deleted', async () => {
    const article = (await records('article')).find((a) => a.attributes.author);
    assert.ok(article, 'a seeded article has an author');
    const authorId = article.attributes.author;
    const result = await job(`/items/${authorId}`, 'DELETE');
    assert.equal(result.status, 422);
    assert.equal(result.payload.data[0].attributes.code, 'DELETE_RESTRICTION');
    assert.deepEqual(Object.keys(result.payload.data[0].attributes.details), ['message'], 'no invented shape beside the message');
    assert.equal((await call(emu, `/items/${authorId}`)).status, 200);
  });

  test('links through "delete_references" fields are removed from the linking records', async () => {
    const article = (await records('article')).find((a) => a.attributes.categories?.length);
    assert.ok(article, 'a seeded article has categories');
    const categoryId = article.attributes.categories[0];
    const result = await job(`/items/${categoryId}`, 'DELETE');
    assert.equal(result.status, 200, JSON.stringify(result.payload));
    assert.equal(result.payload.data.id, categoryId);
    const after = (await call(emu, `/items/${article.id}`)).json.data;
    assert.ok(!after.attributes.categories.includes(categoryId));
    assert.deepEqual(codes(await call(emu, `/items/${categoryId}`)), ['NOT_FOUND']);
  });

  test("the record's blocks go with it", async () => {
    const article = (await records('article')).find((a) => blockIds(a).length > 0);
    assert.ok(article, 'a seeded article has blocks');
    const blocks = blockIds(article);
    assert.equal((await job(`/items/${article.id}`, 'DELETE')).status, 200);
    for (const block of blocks) assert.equal((await call(emu, `/items/${block}`)).status, 404);
  });

  test('query parameters are refused; an unknown id is 404 before any job', async () => {
    const [dish] = await records('dish');
    assert.deepEqual(codes(await call(emu, `/items/${dish.id}?nested=true`, { method: 'DELETE' })), ['INVALID_PARAMS']);
    const missing = await call(emu, '/items/Ab3dEfGhIjKlMnOpQrStUw', { method: 'DELETE' });
    assert.deepEqual([missing.status, codes(missing)], [404, ['NOT_FOUND']]);
  });
});

describe('POST /items/:id/duplicate', () => {
  test('the copy is a new draft with new ids for itself and its blocks, unique values suffixed', async () => {
    const article = (await records('article')).find((a) => blockIds(a).length > 0);
    assert.ok(article);
    const result = await job(`/items/${article.id}/duplicate`, 'POST');
    assert.equal(result.status, 200, JSON.stringify(result.payload));
    const copy = result.payload.data;
    assert.notEqual(copy.id, article.id);
    assert.equal(copy.relationships.item_type.data.id, article.relationships.item_type.data.id);
    assert.equal(copy.meta.status, 'draft');
    assert.equal(copy.attributes.title.en, article.attributes.title.en);
    for (const [locale, slug] of Object.entries(article.attributes.slug as Record<string, string> | string)) {
      if (typeof article.attributes.slug === 'string') break;
      assert.equal(copy.attributes.slug[locale], `${slug}-copy`);
    }
    if (typeof article.attributes.slug === 'string') assert.equal(copy.attributes.slug, `${article.attributes.slug}-copy`);
    const originalBlocks = new Set(blockIds(article));
    const copiedBlocks = blockIds(copy);
    assert.equal(copiedBlocks.length, originalBlocks.size);
    for (const block of copiedBlocks) {
      assert.ok(!originalBlocks.has(block), 'a copied block has a new id');
      assert.equal((await call(emu, `/items/${block}`)).status, 200);
    }
    const listed = (await call(emu, `/items?filter[ids]=${copy.id}`)).json;
    assert.equal(listed.meta.total_count, 1);
  });

  test('duplicating twice does not repeat a unique value; other values are copied as they are', async () => {
    const [category] = await records('category');
    const first = (await job(`/items/${category.id}/duplicate`, 'POST')).payload.data;
    const second = (await job(`/items/${category.id}/duplicate`, 'POST')).payload.data;
    assert.notEqual(JSON.stringify(first.attributes.slug), JSON.stringify(second.attributes.slug));
    assert.deepEqual(first.attributes.name, category.attributes.name, 'a value that need not be unique is copied as it is');
  });

  test('unknown id, query parameters and a body-less wrong method are refused', async () => {
    assert.deepEqual(codes(await call(emu, '/items/Ab3dEfGhIjKlMnOpQrStUw/duplicate', { method: 'POST' })), ['NOT_FOUND']);
    const [dish] = await records('dish');
    assert.deepEqual(codes(await call(emu, `/items/${dish.id}/duplicate?nested=true`, { method: 'POST' })), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, `/items/${dish.id}/duplicate`, { method: 'PUT' })), ['INVALID_ENDPOINT']);
    assert.ok(details(await call(emu, `/items/${dish.id}/duplicate`, { method: 'GET' })).length);
  });
});
