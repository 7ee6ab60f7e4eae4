// Models, fields and webhooks: combinations the API refuses, and realistic values it accepts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details } from './http.js';

let emu: Emulator;
useEmulator({ records: 5, jobDurationMs: 1 }, (started) => (emu = started.emulator));

type Res = Awaited<ReturnType<typeof call>>;
const put = (path: string, body: unknown) => call(emu, path, { method: 'PUT', body });
const found = (res: Res) => details(res).map((d, i) => `${codes(res)[i]}:${String(d.field ?? '')}:${String(d.code ?? '')}`);

async function model(apiKey: string, attributes: object, relationships?: object): Promise<Res> {
  const id = (await call(emu, `/item-types/${apiKey}`)).json.data.id;
  return put(`/item-types/${id}`, { data: { type: 'item_type', id, attributes, ...(relationships ? { relationships } : {}) } });
}
async function field(key: string, attributes: object): Promise<Res> {
  const id = (await call(emu, `/fields/${key}`)).json.data.id;
  return put(`/fields/${id}`, { data: { type: 'field', id, attributes } });
}
async function webhook(attributes: object): Promise<Res> {
  const id = (await call(emu, '/webhooks')).json.data[0].id;
  return put(`/webhooks/${id}`, { data: { type: 'webhook', id, attributes } });
}

describe('models', () => {
  test('ordering is refused on singleton, sortable and tree models', async () => {
    assert.deepEqual(found(await model('home_page', { ordering_direction: 'asc' })), [
      'INVALID_ORDERING_FOR_SINGLETON_ITEM_TYPE:ordering_direction:',
    ]);
    assert.deepEqual(found(await model('dish', { ordering_meta: 'created_at', ordering_direction: 'desc' })), [
      'INVALID_ORDERING_FOR_SORTABLE_ITEM_TYPE:ordering_meta:',
    ]);
    const title = (await call(emu, '/fields/page::title')).json.data.id;
    assert.deepEqual(
      found(await model('page', { ordering_direction: 'asc' }, { ordering_field: { data: { type: 'field', id: title } } })),
      ['INVALID_ORDERING_FOR_SORTABLE_ITEM_TYPE:ordering_field:'],
    );
    // a model ordered by a field cannot become sortable without dropping its ordering
    assert.deepEqual(found(await model('author', { sortable: true })), ['INVALID_ORDERING_FOR_SORTABLE_ITEM_TYPE:ordering_field:']);
    assert.equal((await model('author', { sortable: true, ordering_direction: null }, { ordering_field: { data: null } })).status, 202);
  });

  test('ordering_meta together with ordering_field is refused', async () => {
    assert.deepEqual(found(await model('event', { ordering_meta: 'created_at' })), ['INVALID_FIELD:ordering_meta:VALIDATION_INVALID']);
  });

  test('a block model cannot be singleton, sortable, tree or in draft mode', async () => {
    for (const name of ['singleton', 'sortable', 'tree', 'draft_mode_active']) {
      assert.deepEqual(found(await model('image_block', { [name]: true })), [`INVALID_FIELD:${name}:VALIDATION_INVALID`], name);
    }
    assert.deepEqual(found(await model('category', { singleton: true })), ['INVALID_FIELD:singleton:VALIDATION_INVALID']);
  });

  test('blank name and api_key, api_key format', async () => {
    assert.deepEqual(found(await model('dish', { name: '  ', api_key: '' })), [
      'INVALID_FIELD:name:VALIDATION_REQUIRED',
      'INVALID_FIELD:api_key:VALIDATION_REQUIRED',
    ]);
    for (const apiKey of ['Dish', 'menu-dish', '_dish', 'dish_', '1dish']) {
      assert.deepEqual(found(await model('dish', { api_key: apiKey })), ['INVALID_FIELD:api_key:VALIDATION_FORMAT'], apiKey);
    }
    assert.equal((await model('quote_block', { api_key: 'pull_quote_2' })).status, 202);
  });
});

describe('fields', () => {
  const singleLine = (parameters: object) => ({ appearance: { editor: 'single_line', parameters, addons: [] } });

  test('null editor parameters are accepted; unknown or missing required ones are not', async () => {
    assert.equal((await field('author::email', singleLine({ heading: false, placeholder: null }))).status, 202);
    assert.equal(
      (await field('article::reading_time', { appearance: { editor: 'integer', parameters: { placeholder: null }, addons: [] } })).status,
      202,
    );
    const unknown = await field('author::email', singleLine({ heading: false, size: 'large' }));
    assert.deepEqual([found(unknown), details(unknown)[0]?.parameter], [['INVALID_FIELD:appearance:VALIDATION_INVALID'], 'size']);
    const noHeading = await field('author::email', singleLine({ placeholder: 'x' }));
    assert.deepEqual([found(noHeading), details(noHeading)[0]?.parameter], [['INVALID_FIELD:appearance:VALIDATION_REQUIRED'], 'heading']);
    assert.deepEqual(found(await field('author::email', { appearance: { editor: 'single_line', parameters: null, addons: [] } })), [
      'INVALID_FIELD:appearance:VALIDATION_FORMAT',
    ]);
    for (const [key, editor, parameters] of [
      ['author::bio', 'markdown', { toolbar: ['bold', 'tables'] }],
      ['author::role', 'string_select', { options: [{ label: 'Chef' }] }],
      ['article::seo', 'seo', { fields: ['title'], previews: ['myspace'] }],
      ['article::body', 'structured_text', { heading_levels: [7] }],
      ['author::email', 'single_line', { heading: 'no' }],
      ['dish::vegetarian', 'boolean_radio_group', { positive_radio: { label: 'Yes', value: true } }],
    ] as const) {
      const res = await field(key, { appearance: { editor, parameters, addons: [] } });
      assert.deepEqual(found(res), ['INVALID_FIELD:appearance:VALIDATION_INVALID'], `${editor} ${JSON.stringify(parameters)}`);
    }
    // a plugin editor's parameters are the plugin's
    assert.equal(
      (
        await field('author::email', {
          appearance: { editor: 'Xy3bQ0nXTdmHn2V8AvE0yQ', field_extension: 'starRating', parameters: { stars: 5 }, addons: [] },
        })
      ).status,
      202,
    );
  });

  test('validator options: empty length accepted, unknown option keys refused', async () => {
    assert.equal((await field('dish::name', { validators: { required: {}, length: {} } })).status, 202);
    const res = await field('dish::name', { validators: { required: {}, length: { minimum: 1 } } });
    assert.deepEqual([found(res), details(res)[0]?.validator], [['INVALID_FIELD:validators:VALIDATION_FORMAT'], 'length']);
    assert.deepEqual(found(await field('dish::name', { validators: { required: { strict: true } } })), [
      'INVALID_FIELD:validators:VALIDATION_FORMAT',
    ]);
    const author = (await call(emu, '/item-types/author')).json.data.id;
    for (const [key, validators] of [
      ['article::author', { item_item_type: { item_types: [author], on_reference_delete_strategy: 'cascade' } }],
      ['article::cover', { extension: { predefined_list: 'pictures' } }],
      ['article::cover', { file_size: { max_value: 5, max_unit: 'GB' } }],
      ['article::cover', { required_alt_title: { alt: 'yes' } }],
      ['article::published_on', { date_range: { min: '01/01/2015' } }],
      ['article::slug', { slug_format: { predefined_pattern: 'kebab' } }],
    ] as const) {
      const res = await field(key, { validators });
      assert.deepEqual(
        [found(res), details(res)[0]?.validator],
        [['INVALID_FIELD:validators:VALIDATION_FORMAT'], Object.keys(validators)[0]],
        `${key} ${JSON.stringify(validators)}`,
      );
    }
  });

  test('label, api_key, content_link_enabled and a localized default_value', async () => {
    assert.deepEqual(found(await field('dish::price', { label: '', api_key: 'Price' })), [
      'INVALID_FIELD:label:VALIDATION_REQUIRED',
      'INVALID_FIELD:api_key:VALIDATION_FORMAT',
    ]);
    assert.deepEqual(found(await field('dish::price', { api_key: 'course' })), ['INVALID_FIELD:api_key:VALIDATION_UNIQUENESS']);
    assert.deepEqual(found(await field('dish::price', { content_link_enabled: false })), [
      'INVALID_FIELD:content_link_enabled:VALIDATION_INVALID',
    ]);
    assert.equal((await field('author::email', { content_link_enabled: false })).status, 202);
    assert.deepEqual(found(await field('dish::name', { default_value: { en: 'Dish', fr: 'Plat' } })), [
      'INVALID_FIELD:default_value:VALIDATION_FORMAT',
    ]);
    assert.equal((await field('dish::name', { default_value: { en: 'Dish', it: 'Piatto' } })).status, 202);
    assert.deepEqual(found(await field('dish::name', { default_value: { en: 5, it: 'Piatto' } })), [
      'INVALID_FIELD:default_value:VALIDATION_FORMAT',
    ]);
    assert.deepEqual(found(await field('dish::vegetarian', { default_value: 'yes' })), ['INVALID_FIELD:default_value:VALIDATION_FORMAT']);
    assert.deepEqual(found(await field('article::hero', { default_value: 'Nst6KqDzTjuJbYVx2wQmXg' })), [
      'INVALID_FIELD:default_value:VALIDATION_FORMAT',
    ]);
    assert.equal((await field('dish::vegetarian', { default_value: true })).status, 202);
  });
});

describe('webhooks', () => {
  test('name, url, headers', async () => {
    assert.deepEqual(found(await webhook({ name: ' ' })), ['INVALID_FIELD:name:VALIDATION_REQUIRED']);
    for (const url of ['example.com/hook', 'https://', '/hooks/relative', 'mailto:x@example.com']) {
      assert.deepEqual(found(await webhook({ url })), ['INVALID_FIELD:url:VALIDATION_FORMAT'], url);
    }
    assert.equal((await webhook({ url: 'https://hooks.example.com/{{environment}}?x=1' })).status, 200);
    assert.equal((await webhook({ url: 'https://{{environment}}.hooks.example.com/' })).status, 200);
    assert.deepEqual(found(await webhook({ url: '{{base_url}}/hook' })), ['INVALID_FIELD:url:VALIDATION_FORMAT']);
    assert.deepEqual(found(await webhook({ headers: { 'X-Count': 1 } })), ['INVALID_FIELD:headers:VALIDATION_FORMAT']);
  });

  test('events per entity, no filters on cda_cache_tags, filter ids', async () => {
    const events = (list: object[]) => webhook({ events: list });
    assert.deepEqual(found(await events([{ entity_type: 'item_type', event_types: ['publish'] }])), [
      'INVALID_FIELD:events:VALIDATION_INCLUSION',
    ]);
    const cda = await events([
      {
        entity_type: 'cda_cache_tags',
        event_types: ['invalidate'],
        filters: [{ entity_type: 'item_type', entity_ids: ['Nst6KqDzTjuJbYVx2wQmXg'] }],
      },
    ]);
    assert.deepEqual([found(cda), details(cda)[0]?.path], [['INVALID_FIELD:events:VALIDATION_INVALID'], 'events[0].filters']);
    assert.deepEqual(
      found(
        await events([{ entity_type: 'item', event_types: ['create'], filters: [{ entity_type: 'item_type', entity_ids: ['article'] }] }]),
      ),
      ['INVALID_FIELD:events:VALIDATION_FORMAT'],
    );
    assert.equal(
      (
        await events([
          { entity_type: 'environment', event_types: ['promote'], filters: [{ entity_type: 'environment', entity_ids: ['main'] }] },
        ])
      ).status,
      200,
    );
  });

  test('relationships and meta are refused', async () => {
    const id = (await call(emu, '/webhooks')).json.data[0].id;
    const res = await put(`/webhooks/${id}`, {
      data: { type: 'webhook', id, attributes: {}, relationships: { role: { data: null } }, meta: { x: 1 } },
    });
    assert.deepEqual(codes(res), ['INVALID_ATTRIBUTES', 'INVALID_ATTRIBUTES']);
  });
});
