import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, type CmaClient } from '../../src/cma';
import { ModelNotFoundError, ProjectData } from '../../src/projects/projectData';
import { TreeModel } from '../../src/tree/model';
import { type TreeNode } from '../../src/tree/nodes';
import { emulatorProjects } from './emulatorProjects';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';

let emulator: Emulator;
let client: CmaClient;

useEmulator(
  { records: 10, latencyMs: 0, client: { environment: 'main' }, reset: ['faults', 'requests', 'latency'] },
  (started) => ({ emulator, client } = started),
);

const paths = () => emulator.requests.map((r) => `${r.method} ${r.path}`);

describe('ProjectData', () => {
  test('reads site, models, fields and fieldsets in one request, shared by concurrent callers', async () => {
    const data = new ProjectData(client);
    const env = emulator.store.environment('main');
    const article = emulator.store.itemType(env, 'article')!;
    await Promise.all([
      data.site(),
      data.site(),
      data.itemTypes(),
      data.fields(article.id),
      data.fields('article'),
      data.fieldsets(article.id),
    ]);
    await data.itemType('article');
    await data.schemaContext([article.id]);
    assert.deepEqual(paths(), ['GET /site']);
    assert.deepEqual(emulator.requests[0]?.query, { include: 'item_types,item_types.fields,item_types.fieldsets' });
    assert.deepEqual(
      (await data.itemTypes()).map((t) => t.id),
      [...env.itemTypes.keys()],
      'models in the API order',
    );
    for (const model of env.itemTypes.values()) {
      const fields = await data.fields(model.id);
      assert.deepEqual(
        fields.map((f) => f.id).sort(),
        emulator.store
          .fieldsOf(env, model.id)
          .map((f) => f.id)
          .sort(),
        `fields of ${model.attributes['api_key']}`,
      );
      const positions = fields.map((f) => f.attributes['position'] as number);
      assert.deepEqual(
        positions,
        [...positions].sort((x, y) => x - y),
        'fields come by position',
      );
    }
    const fieldsets = await data.fieldsets('article');
    assert.deepEqual(fieldsets.map((f) => f.attributes['title']).sort(), ['Content', 'Publishing', 'SEO']);
    assert.equal(paths().length, 1, 'still one request');
  });

  test('invalidate after a field save reads the schema again, with the change', async () => {
    const data = new ProjectData(client);
    const [title] = (await data.fields('article')).filter((f) => f.attributes['api_key'] === 'title');
    assert.ok(title);
    await client.fields.update(title.id, { data: { type: 'field', id: title.id, attributes: { hint: 'Shown in listings' } } });
    assert.notEqual(
      (await data.fields('article')).find((f) => f.id === title.id)?.attributes['hint'],
      'Shown in listings',
      'cached until invalidated',
    );
    emulator.clearRequests();
    data.invalidate({ itemTypeId: (await data.itemType('article')).id });
    assert.equal((await data.fields('article')).find((f) => f.id === title.id)?.attributes['hint'], 'Shown in listings');
    await data.site();
    assert.deepEqual(paths(), ['GET /site']);
  });

  test('a failure is not cached: the next call asks again', async () => {
    const data = new ProjectData(client);
    emulator.faults.add({ kind: 'server_error', path: '/site' });
    await assert.rejects(data.itemTypes());
    const models = await data.itemTypes();
    assert.equal(models.length, emulator.store.environment('main').itemTypes.size);
  });

  test('finds a model by id or api_key and names a missing one', async () => {
    const data = new ProjectData(client);
    const byKey = await data.itemType('article');
    assert.equal((await data.itemType(byKey.id)).id, byKey.id);
    await assert.rejects(
      data.itemType('no_such_model'),
      (error: unknown) => error instanceof ModelNotFoundError && /no_such_model/.test(error.message),
    );
    await assert.rejects(data.fields('no_such_model'), ModelNotFoundError);
    await assert.rejects(data.schemaContext(['no_such_model']), ModelNotFoundError);
  });

  test('the schema context holds locales, all models and the fields of every model', async () => {
    const data = new ProjectData(client);
    const env = emulator.store.environment('main');
    const article = emulator.store.itemType(env, 'article')!;
    const context = await data.schemaContext([article.id]);
    assert.deepEqual(context.locales, emulator.store.site.attributes['locales']);
    assert.equal(context.itemTypes.length, env.itemTypes.size);
    for (const model of env.itemTypes.values()) {
      assert.deepEqual(
        context
          .fieldsOf(model.id)
          ?.map((f) => f.id)
          .sort(),
        emulator.store
          .fieldsOf(env, model.id)
          .map((f) => f.id)
          .sort(),
      );
    }
    assert.equal(context.fieldsOf('no_such_model'), undefined);
  });

  test("a cold tree's first page of records costs two requests: the schema and the page", async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 30 });
    const find = async (parent: TreeNode | undefined, predicate: (n: TreeNode) => boolean) => {
      const found = (await model.children(parent)).find(predicate);
      assert.ok(found);
      return found;
    };
    const project = await find(undefined, (n) => n.kind === 'project');
    const models = await find(project, (n) => n.kind === 'models');
    const article = await find(models, (n) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article');
    const records = await find(article, (n) => n.kind === 'records');
    assert.ok((await model.children(records)).some((n) => n.kind === 'record'));
    const fields = await find(article, (n) => n.kind === 'fields');
    assert.ok((await model.children(fields)).some((n) => n.kind === 'field' || n.kind === 'fieldset'));
    assert.deepEqual(paths(), ['GET /site', 'GET /items']);
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
