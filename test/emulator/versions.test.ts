// Record versions through the client against the emulator: history grows with each save, pages of at
// most 50, one version, restore as a job, and the errors of each endpoint.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, type CmaClient, type Resource } from '../../src/cma';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes } from './http.js';

let emu: Emulator;
let client: CmaClient;
useEmulator({ records: 30, jobDurationMs: 10, client: { jobs: { firstDelayMs: 5 } } }, (started) => {
  emu = started.emulator;
  client = started.client;
});

const articleWith = async (status: string): Promise<Resource<'item'>> =>
  (await client.items.list({ filter: { type: 'article', fields: { _status: { eq: status } } }, page: { limit: 1 } })).data[0]!;

async function saveTitle(record: Resource<'item'>, en: string): Promise<Resource<'item'>> {
  const title = { ...(record.attributes['title'] as Record<string, unknown>), en };
  return client.items.update(record.id, {
    data: { type: 'item', id: record.id, attributes: { title }, meta: { current_version: record.meta['current_version'] } },
  });
}

const apiCodes = async (promise: Promise<unknown>): Promise<string[]> => {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return error.errors.map((e) => e.code);
  }
  return [];
};

describe('record versions', () => {
  test('each save adds a version, newest first; the newest is meta.current_version and the only current one', async () => {
    let record = await articleWith('draft');
    const before = await client.itemVersions.list(record.id);
    assert.equal(before.totalCount, 1);
    assert.equal(before.data[0]!.id, record.meta['current_version']);
    record = await saveTitle(record, 'Second draft');
    record = await saveTitle(record, 'Third draft');
    const page = await client.itemVersions.list(record.id);
    assert.equal(page.totalCount, 3);
    assert.deepEqual(page.data.map((v) => (v.attributes['title'] as Record<string, unknown>)['en']).slice(0, 2), [
      'Third draft',
      'Second draft',
    ]);
    assert.equal(page.data[0]!.id, record.meta['current_version']);
    assert.deepEqual(
      page.data.map((v) => v.meta['is_current']),
      [true, false, false],
    );
    assert.deepEqual(page.data[0]!.relationships['item']!.data, { type: 'item', id: record.id });
    assert.equal((page.data[0]!.relationships['editor']!.data as { type: string }).type, 'access_token');
    assert.ok(page.data.every((v) => typeof v.meta['created_at'] === 'string'));
  });

  test('a record with unpublished changes lists its published version, marked, below the current one', async () => {
    const record = await articleWith('updated');
    const page = await client.itemVersions.list(record.id);
    assert.equal(page.totalCount, 2);
    assert.deepEqual(
      page.data.map((v) => v.meta['is_published']),
      [false, true],
    );
    const published = await client.items.find(record.id, { version: 'published' });
    assert.deepEqual(page.data[1]!.attributes['title'], published.attributes['title']);
  });

  test('publishing marks the current version published; unpublishing leaves no version published', async () => {
    const saved = await saveTitle(await articleWith('updated'), 'Published from the history test');
    assert.equal((await call(emu, `/items/${saved.id}/publish`, { method: 'PUT' })).status, 200);
    let page = await client.itemVersions.list(saved.id);
    assert.equal(page.data[0]!.id, saved.meta['current_version']);
    assert.deepEqual(
      page.data.map((v) => v.meta['is_published']),
      page.data.map((_, i) => i === 0),
    );
    assert.equal((await call(emu, `/items/${saved.id}/unpublish`, { method: 'PUT' })).status, 200);
    page = await client.itemVersions.list(saved.id);
    assert.ok(page.data.every((v) => v.meta['is_published'] === false));
  });

  test('pages: 15 by default, at most 50, offsets page through; more than 50 or a negative offset is refused', async () => {
    let record = await articleWith('published');
    for (let i = 0; i < 17; i++) record = await saveTitle(record, `Edit ${i}`);
    const first = await client.itemVersions.list(record.id);
    assert.equal(first.totalCount, 18);
    assert.equal(first.data.length, 15);
    const rest = await client.itemVersions.list(record.id, { offset: 15, limit: 50 });
    assert.equal(rest.data.length, 3);
    assert.equal(new Set([...first.data, ...rest.data].map((v) => v.id)).size, 18);
    assert.deepEqual(codes(await call(emu, `/items/${record.id}/versions?page[limit]=51`)), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, `/items/${record.id}/versions?page[offset]=-1`)), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, `/items/${record.id}/versions?version=current`)), ['INVALID_PARAMS']);
    assert.deepEqual(await apiCodes(client.itemVersions.list(record.id, { limit: 51 })), ['INVALID_PARAMS']);
  });

  test('one version: blocks as ids, or expanded with nested; unknown ids are NOT_FOUND', async () => {
    const record = await articleWith('draft');
    const versionId = String(record.meta['current_version']);
    const plain = await client.itemVersions.find(versionId);
    const nested = await client.itemVersions.find(versionId, { nested: true });
    const content = plain.attributes['content'] as Record<string, unknown[]>;
    const expanded = nested.attributes['content'] as Record<string, { id: string }[]>;
    assert.ok(content['en']!.length > 0, 'the seeded article has blocks');
    assert.deepEqual(
      content['en'],
      expanded['en']!.map((block) => block.id),
    );
    assert.deepEqual(await apiCodes(client.itemVersions.find('AAAAAAAAAAAAAAAAAAAAAA')), ['NOT_FOUND']);
    assert.deepEqual(await apiCodes(client.itemVersions.list('AAAAAAAAAAAAAAAAAAAAAA')), ['NOT_FOUND']);
    assert.deepEqual(codes(await call(emu, `/versions/${versionId}?page[limit]=1`)), ['INVALID_PARAMS']);
  });

  test('restore: a job; the record takes the version content as a new current version, the history grows', async () => {
    let record = await articleWith('published');
    const original = record.attributes['title'];
    const oldVersion = String(record.meta['current_version']);
    record = await saveTitle(record, 'Rewritten');
    let jobId = '';
    const restored = await client.itemVersions.restore(oldVersion, {
      onJob: (id) => {
        jobId = id;
      },
    });
    assert.ok(jobId, 'restore ran as a job');
    assert.equal(restored.item.id, record.id);
    assert.deepEqual(restored.item.attributes['title'], original);
    assert.notEqual(restored.item.meta['current_version'], record.meta['current_version']);
    assert.equal(restored.item.meta['status'], 'updated');
    assert.equal(restored.version?.id, restored.item.meta['current_version']);
    const now = await client.items.find(record.id);
    assert.deepEqual(now.attributes['title'], original);
    const history = await client.itemVersions.list(record.id);
    assert.equal(history.data[0]!.id, now.meta['current_version']);
    assert.equal(history.data.length, history.totalCount);
    // the client's earlier version is stale now: saving on top of it is refused
    assert.deepEqual(await apiCodes(saveTitle(record, 'Lost?')), ['STALE_ITEM_VERSION']);
  });

  test('restore errors: unknown version, a body, a query parameter; a deleted record takes its versions with it', async () => {
    const record = await articleWith('draft');
    const versionId = String(record.meta['current_version']);
    assert.deepEqual(await apiCodes(client.itemVersions.restore('AAAAAAAAAAAAAAAAAAAAAA')), ['NOT_FOUND']);
    assert.deepEqual(codes(await call(emu, `/versions/${versionId}/restore`, { method: 'POST', body: { data: {} } })), ['INVALID_FORMAT']);
    assert.deepEqual(codes(await call(emu, `/versions/${versionId}/restore?nested=true`, { method: 'POST' })), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, `/versions/${versionId}`, { method: 'PUT' })), ['INVALID_ENDPOINT']);
    await client.request({ method: 'DELETE', path: `/items/${record.id}` });
    assert.deepEqual(await apiCodes(client.itemVersions.find(versionId)), ['NOT_FOUND']);
    assert.deepEqual(await apiCodes(client.itemVersions.list(record.id)), ['NOT_FOUND']);
  });
});
