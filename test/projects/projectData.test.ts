import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, CmaClient, closeAllDispatchers } from '../../src/cma';
import { ModelNotFoundError, ProjectData } from '../../src/projects/projectData';
import { startEmulator, type Emulator } from '../emulator/index';

let emulator: Emulator;
let client: CmaClient;

before(async () => {
  emulator = await startEmulator({ records: 10, latencyMs: 0 });
  client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, environment: 'main', retry: { maxAttempts: 1 } });
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
});
beforeEach(() => {
  emulator.faults.clear();
  emulator.clearRequests();
  emulator.setLatency(0);
});

const paths = () => emulator.requests.map((r) => `${r.method} ${r.path}`);

describe('ProjectData', () => {
  test('fetches site, models, fields and fieldsets once, also for concurrent callers', async () => {
    const data = new ProjectData(client);
    const article = emulator.store.itemType(emulator.store.environment('main'), 'article')!;
    await Promise.all([data.site(), data.site(), data.itemTypes(), data.itemTypes(), data.fields(article.id), data.fields(article.id)]);
    await data.itemType('article');
    await data.fieldsets(article.id);
    await data.fieldsets(article.id);
    assert.deepEqual(paths().sort(), ['GET /item-types', `GET /item-types/${article.id}/fields`, `GET /item-types/${article.id}/fieldsets`, 'GET /site'].sort());
    const fields = await data.fields(article.id);
    const positions = fields.map((f) => f.attributes['position'] as number);
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b), 'fields come by position');
  });

  test('invalidate refetches what it dropped, and only that', async () => {
    const data = new ProjectData(client);
    const article = emulator.store.itemType(emulator.store.environment('main'), 'article')!;
    const author = emulator.store.itemType(emulator.store.environment('main'), 'author')!;
    await Promise.all([data.site(), data.fields(article.id), data.fields(author.id)]);
    emulator.clearRequests();
    data.invalidate({ itemTypeId: article.id });
    await Promise.all([data.site(), data.fields(article.id), data.fields(author.id)]);
    assert.deepEqual(paths(), [`GET /item-types/${article.id}/fields`]);
    emulator.clearRequests();
    data.invalidate();
    await Promise.all([data.site(), data.fields(author.id)]);
    assert.deepEqual(paths().sort(), ['GET /site', `GET /item-types/${author.id}/fields`].sort());
  });

  test('a failure is not cached: the next call asks again', async () => {
    const data = new ProjectData(client);
    emulator.faults.add({ kind: 'server_error', path: '/item-types' });
    await assert.rejects(data.itemTypes());
    const models = await data.itemTypes();
    assert.equal(models.length, emulator.store.environment('main').itemTypes.size);
  });

  test('finds a model by id or api_key and names a missing one', async () => {
    const data = new ProjectData(client);
    const byKey = await data.itemType('article');
    assert.equal((await data.itemType(byKey.id)).id, byKey.id);
    await assert.rejects(data.itemType('no_such_model'), (error: unknown) => error instanceof ModelNotFoundError && /no_such_model/.test(error.message));
  });

  test('the schema context holds locales, all models and the fields of the model and its block models', async () => {
    const data = new ProjectData(client);
    const env = emulator.store.environment('main');
    const article = emulator.store.itemType(env, 'article')!;
    const context = await data.schemaContext([article.id]);
    assert.deepEqual(context.locales, emulator.store.site.attributes['locales']);
    assert.equal(context.itemTypes.length, env.itemTypes.size);
    assert.deepEqual(context.fieldsOf(article.id)?.map((f) => f.id).sort(), emulator.store.fieldsOf(env, article.id).map((f) => f.id).sort());
    // Every block model an article field may hold has its fields loaded too (transitively).
    const blockIds = new Set<string>();
    const visit = (modelId: string) => {
      for (const field of emulator.store.fieldsOf(env, modelId)) {
        const validators = field.attributes['validators'] as Record<string, { item_types?: string[] }>;
        for (const name of ['rich_text_blocks', 'single_block_blocks', 'structured_text_blocks', 'structured_text_inline_blocks']) {
          for (const id of validators[name]?.item_types ?? []) if (!blockIds.has(id)) { blockIds.add(id); visit(id); }
        }
      }
    };
    visit(article.id);
    assert.ok(blockIds.size > 0, 'article uses block models');
    for (const id of blockIds) assert.ok(context.fieldsOf(id), `fields of block model ${id} are loaded`);
    const unrelated = [...env.itemTypes.values()].find((t) => !t.attributes['modular_block'] && t.id !== article.id)!;
    assert.equal(context.fieldsOf(unrelated.id), undefined);
  });

  test('a caller that cancels stops waiting without failing the others', async () => {
    const data = new ProjectData(client);
    emulator.setLatency(150);
    const controller = new AbortController();
    const cancelled = data.site({ signal: controller.signal });
    const patient = data.site();
    controller.abort();
    await assert.rejects(cancelled, CancelledError);
    assert.equal((await patient).id, emulator.store.site.id);
    assert.equal(paths().length, 1);
  });
});
