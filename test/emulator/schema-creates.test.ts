import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newId } from './envelope.js';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob, type RawResponse } from './http.js';

let emu: Emulator;
useEmulator({ records: 30, jobDurationMs: 5 }, (started) => (emu = started.emulator));

const post = (path: string, body: unknown, extra: { headers?: Record<string, string> } = {}) =>
  call(emu, path, { method: 'POST', body, ...extra });
/** A job's outcome: the status and document the write would have answered. */
async function outcome(res: RawResponse): Promise<{ status: number; payload: any }> {
  assert.equal(res.status, 202, JSON.stringify(res.json));
  const done = await waitForJob(emu, res.json.data.id);
  return done.json.data.attributes;
}
const model = (attributes: object, extra: object = {}) => ({ data: { type: 'item_type', attributes, ...extra } });
const field = (attributes: object, extra: object = {}) => ({ data: { type: 'field', attributes, ...extra } });

describe('POST /item-types', () => {
  test('creates a model at once with the defaults and adds it to the site; the menu item comes in included', async () => {
    const res = await post('/item-types', model({ name: 'Recipe', api_key: 'recipe', hint: 'How we cook it' }));
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const created = res.json.data;
    assert.equal(created.type, 'item_type');
    assert.match(created.id, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(created.attributes.collection_appearance, 'compact');
    assert.equal(created.attributes.modular_block, false);
    assert.equal(created.attributes.hint, 'How we cook it');
    assert.deepEqual(created.relationships.fields.data, []);
    assert.deepEqual(created.relationships.title_field.data, null);
    assert.equal(res.json.included[0].type, 'menu_item');
    assert.equal((await call(emu, '/item-types/recipe')).json.data.id, created.id);
    const site = (await call(emu, '/site')).json.data;
    assert.ok(site.relationships.item_types.data.some((r: { id: string }) => r.id === created.id));
    assert.equal((await call(emu, '/items?filter[type]=recipe')).json.meta.total_count, 0);
  });

  test('a block model gets no menu item; skip_menu_item_creation skips it for a model', async () => {
    const block = await post('/item-types', model({ name: 'Tip block', api_key: 'tip_block', modular_block: true }));
    assert.equal(block.status, 200);
    assert.equal(block.json.included, undefined);
    const skipped = await post('/item-types?skip_menu_item_creation=true', model({ name: 'Supplier', api_key: 'supplier' }));
    assert.equal(skipped.status, 200);
    assert.equal(skipped.json.included, undefined);
  });

  test('a client id is kept; a malformed or taken id, missing name/api_key, a duplicate api_key, unknown members are refused', async () => {
    const id = newId();
    const kept = await post('/item-types', model({ name: 'Wine', api_key: 'wine' }, { id }));
    assert.equal(kept.json.data.id, id);
    assert.deepEqual(codes(await post('/item-types', model({ name: 'Beer', api_key: 'beer' }, { id }))), ['INVALID_FIELD']);
    assert.deepEqual(codes(await post('/item-types', model({ name: 'Beer', api_key: 'beer' }, { id: 'not-an-id' }))), ['INVALID_FORMAT']);
    const missing = await post('/item-types', model({ hint: 'x' }));
    assert.equal(missing.status, 422);
    assert.deepEqual(
      details(missing).map((d) => [d.field, d.code]),
      [
        ['name', 'VALIDATION_REQUIRED'],
        ['api_key', 'VALIDATION_REQUIRED'],
      ],
    );
    const duplicate = await post('/item-types', model({ name: 'Article 2', api_key: 'article' }));
    assert.deepEqual(
      details(duplicate).map((d) => [d.field, d.code]),
      [['api_key', 'VALIDATION_UNIQUENESS']],
    );
    assert.deepEqual(codes(await post('/item-types', model({ name: 'X', api_key: 'x', has_singleton_item: true }))), [
      'INVALID_ATTRIBUTES',
    ]);
    assert.deepEqual(codes(await post('/item-types', model({ name: 'X', api_key: 'Bad Key' }))), ['INVALID_FIELD']);
    assert.deepEqual(codes(await post('/item-types', model({ name: 'X', api_key: 'x', singleton: true, sortable: true }))), [
      'INVALID_FIELD',
    ]);
    assert.deepEqual(codes(await post('/item-types', { data: { type: 'field', attributes: { name: 'X', api_key: 'x' } } })), [
      'INVALID_TYPE',
    ]);
    assert.deepEqual(codes(await post('/item-types?menu=1', model({ name: 'X', api_key: 'x' }))), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await post('/item-types?skip_menu_item_creation=yes', model({ name: 'X', api_key: 'x' }))), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await post('/item-types?schema_menu_item_id=menu-1', model({ name: 'X', api_key: 'x' }))), ['INVALID_PARAMS']);
    // a new model has no fields, so it cannot point at one
    const articleTitle = (await call(emu, '/fields/article::title')).json.data.id;
    const pointer = await post(
      '/item-types',
      model({ name: 'X', api_key: 'x' }, { relationships: { title_field: { data: { type: 'field', id: articleTitle } } } }),
    );
    assert.deepEqual(
      details(pointer).map((d) => [d.field, d.code]),
      [['title_field', 'VALIDATION_INVALID']],
    );
    assert.equal((await call(emu, '/item-types/x')).status, 404);
  });
});

describe('POST /item-types/:id/fields', () => {
  test("answers 202 + job; the field is added last with the type's default editor and every record gets it empty", async () => {
    const before = (await call(emu, '/item-types/author/fields')).json.data;
    const res = await post('/item-types/author/fields', field({ label: 'Nickname', api_key: 'nickname', field_type: 'string' }));
    const { status, payload } = await outcome(res);
    assert.equal(status, 200, JSON.stringify(payload));
    const created = payload.data;
    assert.equal(created.attributes.position, before.length + 1);
    assert.deepEqual(created.attributes.appearance, { editor: 'single_line', parameters: { heading: false }, addons: [] });
    assert.equal(created.relationships.item_type.data.id, (await call(emu, '/item-types/author')).json.data.id);
    const after = (await call(emu, '/item-types/author/fields')).json.data;
    assert.equal(after.at(-1).id, created.id);
    const author = (await call(emu, '/items?filter[type]=author&page[limit]=1')).json.data[0];
    assert.equal(author.attributes.nickname, null);
  });

  test("a position puts it there and renumbers the others; a localized field gets each record's locales", async () => {
    const res = await post(
      '/item-types/category/fields',
      field({ label: 'Tagline', api_key: 'tagline', field_type: 'string', localized: true, position: 1 }),
    );
    const { payload } = await outcome(res);
    const fields = (await call(emu, '/item-types/category/fields')).json.data;
    assert.equal(fields[0].id, payload.data.id);
    assert.deepEqual(
      fields.map((f: any) => f.attributes.position),
      fields.map((_: unknown, i: number) => i + 1),
    );
    const category = (await call(emu, '/items?filter[type]=category&page[limit]=1')).json.data[0];
    assert.deepEqual(Object.keys(category.attributes.tagline).sort(), Object.keys(category.attributes.name).sort());
  });

  test('link fields need their validator; unknown types, duplicate api_keys and missing attributes are refused at once', async () => {
    const missingValidator = await post('/item-types/article/fields', field({ label: 'Chef', api_key: 'chef', field_type: 'link' }));
    assert.equal(missingValidator.status, 422);
    assert.deepEqual(
      details(missingValidator).map((d) => [d.field, d.code, d.validator]),
      [['validators', 'VALIDATION_REQUIRED', 'item_item_type']],
    );
    const authorId = (await call(emu, '/item-types/author')).json.data.id;
    const ok = await post(
      '/item-types/article/fields',
      field({ label: 'Chef', api_key: 'chef', field_type: 'link', validators: { item_item_type: { item_types: [authorId] } } }),
    );
    assert.equal((await outcome(ok)).payload.data.attributes.appearance.editor, 'link_select');
    assert.deepEqual(
      details(await post('/item-types/article/fields', field({ label: 'T', api_key: 'title', field_type: 'string' }))).map((d) => d.code),
      ['VALIDATION_UNIQUENESS'],
    );
    assert.deepEqual(
      details(await post('/item-types/article/fields', field({ label: 'T', api_key: 't2', field_type: 'strin' }))).map((d) => d.code),
      ['VALIDATION_INCLUSION'],
    );
    const missing = await post('/item-types/article/fields', field({ hint: 'h' }));
    assert.deepEqual(
      details(missing)
        .map((d) => [d.field, d.code])
        .slice(0, 3),
      [
        ['label', 'VALIDATION_REQUIRED'],
        ['field_type', 'VALIDATION_REQUIRED'],
        ['api_key', 'VALIDATION_REQUIRED'],
      ],
    );
    assert.deepEqual(codes(await post('/item-types/nope/fields', field({ label: 'T', api_key: 't3', field_type: 'string' }))), [
      'NOT_FOUND',
    ]);
    const wrongEditor = await post(
      '/item-types/article/fields',
      field({ label: 'T', api_key: 't4', field_type: 'integer', appearance: { editor: 'single_line', parameters: {}, addons: [] } }),
    );
    assert.deepEqual(
      details(wrongEditor).map((d) => [d.field, d.code]),
      [['appearance', 'VALIDATION_INVALID']],
    );
  });

  test('a fieldset of another model is refused; one of the same model is kept', async () => {
    const fieldsets = (await call(emu, '/item-types/article/fieldsets')).json.data;
    const dishSet = (await call(emu, '/item-types/dish/fieldsets')).json.data[0];
    const wrong = await post(
      '/item-types/article/fields',
      field(
        { label: 'T', api_key: 't5', field_type: 'string' },
        { relationships: { fieldset: { data: { type: 'fieldset', id: dishSet.id } } } },
      ),
    );
    assert.deepEqual(
      details(wrong).map((d) => [d.field, d.code]),
      [['fieldset', 'VALIDATION_INVALID']],
    );
    const right = await post(
      '/item-types/article/fields',
      field(
        { label: 'T', api_key: 't6', field_type: 'string' },
        { relationships: { fieldset: { data: { type: 'fieldset', id: fieldsets[0].id } } } },
      ),
    );
    assert.equal((await outcome(right)).payload.data.relationships.fieldset.data.id, fieldsets[0].id);
  });
});

describe('fieldsets', () => {
  test('POST creates one last; GET and PUT read and change it; bad attributes are refused', async () => {
    const before = (await call(emu, '/item-types/article/fieldsets')).json.data;
    const res = await post('/item-types/article/fieldsets', {
      data: { type: 'fieldset', attributes: { title: 'Sources', collapsible: true } },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const created = res.json.data;
    assert.deepEqual(created.attributes, {
      title: 'Sources',
      hint: null,
      collapsible: true,
      start_collapsed: false,
      position: before.length + 1,
    });
    assert.equal((await call(emu, `/fieldsets/${created.id}`)).json.data.attributes.title, 'Sources');
    const updated = await call(emu, `/fieldsets/${created.id}`, {
      method: 'PUT',
      body: { data: { type: 'fieldset', id: created.id, attributes: { title: 'References', start_collapsed: true } } },
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.json.data.attributes.title, 'References');
    assert.equal(updated.json.data.attributes.collapsible, true);
    const bad = await post('/item-types/article/fieldsets', {
      data: { type: 'fieldset', attributes: { title: '', collapsible: 'yes', colour: 'red' } },
    });
    assert.deepEqual(codes(bad).sort(), ['INVALID_ATTRIBUTES', 'INVALID_FIELD', 'INVALID_FIELD']);
    const withRelationship = await post('/item-types/article/fieldsets', {
      data: { type: 'fieldset', attributes: { title: 'X' }, relationships: { item_type: { data: { type: 'item_type', id: created.id } } } },
    });
    assert.deepEqual(codes(withRelationship), ['INVALID_ATTRIBUTES']);
    assert.deepEqual(
      codes(
        await call(emu, `/fieldsets/${created.id}`, {
          method: 'PUT',
          body: { data: { type: 'fieldset', id: 'other', attributes: { title: 'Y' } } },
        }),
      ),
      ['INVALID_ENTITY_ID'],
    );
  });
});

describe('POST /webhooks', () => {
  const hook = (attributes: object) => ({ data: { type: 'webhook', attributes } });
  const complete = {
    name: 'Deploy',
    url: 'https://example.com/deploy',
    custom_payload: null,
    headers: {},
    events: [{ entity_type: 'item', event_types: ['publish'] }],
    http_basic_user: null,
    http_basic_password: null,
  };

  test('creates a webhook with the defaults; it is listed', async () => {
    const res = await post('/webhooks', hook(complete));
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.data.attributes.enabled, true);
    assert.equal(res.json.data.attributes.payload_api_version, '3');
    assert.ok((await call(emu, '/webhooks')).json.data.some((w: { id: string }) => w.id === res.json.data.id));
  });

  test('the nullable attributes must still be present; bad events and urls are refused', async () => {
    const { custom_payload: _c, http_basic_user: _u, ...partial } = complete;
    const missing = await post('/webhooks', hook(partial));
    assert.deepEqual(
      details(missing).map((d) => [d.field, d.code]),
      [
        ['custom_payload', 'VALIDATION_REQUIRED'],
        ['http_basic_user', 'VALIDATION_REQUIRED'],
      ],
    );
    const bad = await post('/webhooks', hook({ ...complete, url: 'ftp://x', events: [{ entity_type: 'item', event_types: ['explode'] }] }));
    assert.deepEqual(
      details(bad).map((d) => [d.field, d.code]),
      [
        ['url', 'VALIDATION_FORMAT'],
        ['events', 'VALIDATION_INCLUSION'],
      ],
    );
  });
});
