import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LosslessNumber } from 'lossless-json';
import type { Resource } from '../../src/cma/types';
import { startEmulator } from '../emulator/index';
import { callEmulator } from './emulatorClient';
import { articleFields, articleModel, context, CTA, model } from './fixtures';
import { draftRecord, planCreate, renderDraft } from '../../src/schema/templates';

const ctx = context();

describe('new record drafts', () => {
  test('every field of the model in order; localized per locale; defaults applied; lists empty; ids left to DatoCMS', () => {
    const text = renderDraft(draftRecord(articleModel, ctx), ctx);
    const doc = JSON.parse(text);
    assert.deepEqual(Object.keys(doc), [...articleFields.map((f) => f.attributes['api_key']), '$readonly']);
    assert.deepEqual(doc.title, { en: null, it: null });
    assert.deepEqual(doc.seo, { en: null, it: null });
    assert.equal(doc.featured, false);
    assert.deepEqual(doc.content, []);
    assert.deepEqual(doc.categories, []);
    assert.deepEqual(doc.photos, []);
    assert.equal(doc.hero, null);
    assert.equal(doc.$readonly.item_type.id, articleModel.id);
  });

  test('a localized default is applied per locale; a tree record has parent_id (the chosen parent or null)', () => {
    const local = context({
      fieldsOf: (id) =>
        id === 'TreeModel'
          ? [{ ...articleFields[0]!, attributes: { ...articleFields[0]!.attributes, default_value: { en: 'Hi' } } }]
          : undefined,
    });
    const tree = model('TreeModel', 'page', { tree: true });
    const doc = JSON.parse(renderDraft(draftRecord(tree, local, { parentId: 'ParentRecQrd000000001A' }), local));
    assert.deepEqual(doc.title, { en: 'Hi', it: null });
    assert.equal(doc.parent_id, 'ParentRecQrd000000001A');
  });

  test('the first save sends every value, blocks whole with their block model; exact numbers stay exact', () => {
    const draft = draftRecord(articleModel, ctx);
    const doc = JSON.parse(renderDraft(draft, ctx));
    doc.title = { en: 'Hello world', it: 'Ciao mondo' };
    doc.slug = 'hello-world';
    doc.hero = { item_type: { type: 'item_type', id: CTA }, label: 'Book', url: null };
    const text = JSON.stringify(doc).replace('"rating":null', '"rating":1.00000000000000000001');
    const plan = planCreate(draft, text, ctx);
    assert.ok(plan.ok, JSON.stringify(plan));
    const { data } = plan.body;
    assert.equal('id' in data, false);
    assert.equal(data.attributes['slug'], 'hello-world');
    assert.equal(data.attributes['featured'], false);
    assert.deepEqual(data.attributes['hero'], {
      type: 'item',
      attributes: { label: 'Book', url: null },
      relationships: { item_type: { data: { type: 'item_type', id: CTA } } },
    });
    assert.equal((data.attributes['rating'] as LosslessNumber).value, '1.00000000000000000001');
    assert.deepEqual(data.relationships?.['item_type'], { data: { type: 'item_type', id: articleModel.id } });
  });

  test('a required field left empty in the untouched template is a problem at that field; nothing is planned', () => {
    const draft = draftRecord(articleModel, ctx);
    const plan = planCreate(draft, renderDraft(draft, ctx), ctx);
    assert.equal(plan.ok, false);
    const messages = plan.ok ? [] : plan.problems.map((p) => p.message).join('\n');
    assert.match(String(messages), /title|required|blank/i);
  });

  test('$readonly of a draft cannot be changed', () => {
    const draft = draftRecord(articleModel, ctx);
    const doc = JSON.parse(renderDraft(draft, ctx));
    Object.assign(doc, { title: { en: 'Hello world', it: 'Ciao mondo' }, slug: 'x' });
    doc.$readonly.item_type.id = CTA;
    assert.equal(planCreate(draft, JSON.stringify(doc), ctx).ok, false);
  });
});

test('a draft of each emulator model, with its required values filled, is created by POST /items as planned', async () => {
  const emulator = await startEmulator({ records: 10 });
  try {
    const models = (await callEmulator(emulator, 'GET', '/item-types')).json['data'] as Resource<'item_type'>[];
    const fields = new Map<string, Resource<'field'>[]>();
    for (const m of models)
      fields.set(m.id, (await callEmulator(emulator, 'GET', `/item-types/${m.id}/fields`)).json['data'] as Resource<'field'>[]);
    const site = await callEmulator(emulator, 'GET', '/site');
    const live = { locales: site.json['data'].attributes.locales as string[], itemTypes: models, fieldsOf: (id: string) => fields.get(id) };
    const author = models.find((m) => m.attributes['api_key'] === 'author')!;
    const draft = draftRecord(author, live);
    const doc = JSON.parse(renderDraft(draft, live));
    Object.assign(doc, { name: 'Grace Hopper', slug: 'grace-hopper' });
    const plan = planCreate(draft, JSON.stringify(doc), live);
    assert.ok(plan.ok, JSON.stringify(plan));
    const created = await callEmulator(emulator, 'POST', '/items', plan.body);
    assert.equal(created.status, 200, JSON.stringify(created.json));
    assert.equal(created.json['data'].attributes.name, 'Grace Hopper');
  } finally {
    await emulator.close();
  }
});
