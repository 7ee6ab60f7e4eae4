// The emulator refuses what the API does not define: query parameters per endpoint, and request bodies
// that are not exactly the JSON:API envelope the endpoint takes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details } from './http.js';

let emu: Emulator;
useEmulator({ records: 120, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const put = (path: string, body: unknown) => call(emu, path, { method: 'PUT', body });
const firstOf = async (model: string) => (await call(emu, `/items?filter[type]=${model}&page[limit]=1`)).json.data[0];
const refusal = (res: Awaited<ReturnType<typeof call>>) => [res.status, ...codes(res)];

describe('query parameters', () => {
  test('PUT /items/:id takes no parameter: ?nested=true is refused and nothing changes', async () => {
    const record = await firstOf('article');
    const body = { data: { type: 'item', id: record.id, attributes: { reading_time: 42 } } };
    for (const query of ['nested=true', 'nested=false', 'version=current']) {
      const res = await put(`/items/${record.id}?${query}`, body);
      assert.deepEqual(refusal(res), [422, 'INVALID_PARAMS'], query);
      assert.equal(details(res)[0]?.param, query.split('=')[0]);
    }
    assert.equal((await call(emu, `/items/${record.id}`)).json.data.attributes.reading_time, record.attributes.reading_time);
    assert.equal((await put(`/items/${record.id}`, body)).status, 200);
  });

  test('GET /items/:id takes only nested and version, with their values', async () => {
    const record = await firstOf('article');
    assert.equal((await call(emu, `/items/${record.id}?nested=true&version=current`)).status, 200);
    assert.equal((await call(emu, `/items/${record.id}?nested=false`)).status, 200);
    for (const [query, param] of [
      ['locale=en', 'locale'],
      ['nested=yes', 'nested'],
      ['version=draft', 'version'],
      ['include=item_type', 'include'],
    ]) {
      const res = await call(emu, `/items/${record.id}?${query}`);
      assert.deepEqual([...refusal(res), details(res)[0]?.param], [422, 'INVALID_PARAMS', param], query);
    }
  });

  test('GET /items: unknown parameters, unknown filter[]/page[] keys and repeated scalars are refused', async () => {
    for (const [query, param] of [
      ['filter[type]=article&foo=1', 'foo'],
      ['filter[type]=article&filter[model]=x', 'filter[model]'],
      ['filter[type]=article&page[size]=2', 'page[size]'],
      ['filter[type][]=article', 'filter[type]'],
      ['filter[type]=article&locale[]=en', 'locale'],
      ['filter=article', 'filter'],
    ]) {
      const res = await call(emu, `/items?${query}`);
      assert.deepEqual([...refusal(res), details(res)[0]?.param], [422, 'INVALID_PARAMS', param], query);
    }
  });

  test('GET /items: filter[ids] with filter[type], a non-boolean only_valid, field filters on a block model', async () => {
    const record = await firstOf('article');
    assert.deepEqual([...refusal(await call(emu, `/items?filter[ids]=${record.id}&filter[type]=article`))], [422, 'INVALID_PARAMS']);
    assert.equal((await call(emu, `/items?filter[ids]=${record.id}`)).json.data[0].id, record.id);
    assert.deepEqual(refusal(await call(emu, '/items?filter[type]=article&filter[only_valid]=yes')), [422, 'INVALID_PARAMS']);
    assert.equal((await call(emu, '/items?filter[type]=article&filter[only_valid]=true')).status, 200);
    assert.deepEqual(refusal(await call(emu, '/items?filter[type]=cta_block&filter[fields][label][eq]=Go')), [
      422,
      'INVALID_FILTER_FIELDS_PARAM',
    ]);
    assert.deepEqual(refusal(await call(emu, '/items?filter[type]=cta_block&order_by=label_ASC')), [422, 'INVALID_PARAMS']);
  });

  test('paging: page[limit] above 500 and negative or non-integer offsets are refused', async () => {
    for (const query of ['page[limit]=501', 'page[offset]=-1', 'page[limit]=-5', 'page[offset]=1.5', 'page[limit]=ten']) {
      assert.deepEqual(refusal(await call(emu, `/items?filter[type]=article&${query}`)), [422, 'INVALID_PARAMS'], query);
    }
    assert.equal((await call(emu, '/items?filter[type]=article&page[limit]=500')).json.data.length, 120);
  });

  test('nested=true serves at most 30 records per page whatever page[limit] says; total_count is the whole set', async () => {
    const nested = await call(emu, '/items?filter[type]=article&nested=true&page[limit]=100&page[offset]=10');
    assert.equal(nested.status, 200);
    assert.equal(nested.json.data.length, 30);
    assert.equal(nested.json.meta.total_count, 120);
    const flat = await call(emu, '/items?filter[type]=article&page[limit]=100&page[offset]=10');
    assert.equal(flat.json.data.length, 100);
    assert.deepEqual(
      nested.json.data.map((r: any) => r.id),
      flat.json.data.slice(0, 30).map((r: any) => r.id),
    );
    assert.equal((await call(emu, '/items?filter[type]=article&nested=true&page[limit]=5')).json.data.length, 5);
  });

  test('endpoints without parameters refuse any; GET /site takes include', async () => {
    const article = (await call(emu, '/item-types/article')).json.data;
    for (const path of [
      '/item-types?include=fields',
      '/item-types/article?nested=true',
      '/item-types/article/fields?page[limit]=5',
      '/fields/article::title?x=1',
      '/webhooks?page[limit]=1',
      '/environments?x=1',
      '/site?nested=true',
    ]) {
      assert.deepEqual(refusal(await call(emu, path)), [422, 'INVALID_PARAMS'], path);
    }
    const schemaPut = await put('/item-types/article?skip_menu_item_creation=true', {
      data: { type: 'item_type', id: article.id, attributes: {} },
    });
    assert.deepEqual(refusal(schemaPut), [422, 'INVALID_PARAMS']);
    assert.equal((await call(emu, '/site?include=item_types')).status, 200);
  });
});

describe('request bodies', () => {
  test('the envelope: top-level keys other than data, unknown data members, wrong type, wrong or missing id', async () => {
    const record = await firstOf('author');
    const data = { type: 'item', id: record.id, attributes: {} };
    assert.deepEqual(refusal(await put(`/items/${record.id}`, { data, meta: {} })), [422, 'INVALID_FORMAT']);
    assert.deepEqual(refusal(await put(`/items/${record.id}`, { data: { ...data, links: {} } })), [422, 'INVALID_FORMAT']);
    assert.deepEqual(refusal(await put(`/items/${record.id}`, { data: { ...data, type: 'items' } })), [422, 'INVALID_TYPE']);
    const other = (await call(emu, '/items?filter[type]=author&page[limit]=2')).json.data[1];
    assert.deepEqual(refusal(await put(`/items/${record.id}`, { data: { ...data, id: other.id } })), [422, 'INVALID_ENTITY_ID']);
    assert.deepEqual(refusal(await put(`/items/${record.id}`, { data: { type: 'item', attributes: {} } })), [422, 'INVALID_ENTITY_ID']);
    assert.deepEqual(refusal(await put(`/items/${record.id}`, { data: { ...data, attributes: [] } })), [422, 'INVALID_FORMAT']);
    assert.equal((await put(`/items/${record.id}`, { data })).status, 200);
  });

  test('relationships and meta the endpoint does not take → INVALID_ATTRIBUTES naming them', async () => {
    const record = await firstOf('author');
    const res = await put(`/items/${record.id}`, {
      data: {
        type: 'item',
        id: record.id,
        attributes: {},
        relationships: { parent: { data: null } },
        meta: { current_version: record.meta.current_version, status: 'draft' },
      },
    });
    assert.deepEqual(refusal(res), [422, 'INVALID_ATTRIBUTES', 'INVALID_ATTRIBUTES']);
    assert.deepEqual(details(res), [
      { extraneous_attributes: ['parent'], member: 'relationships' },
      { extraneous_attributes: ['status'], member: 'meta' },
    ]);
    const staged = await put(`/items/${record.id}`, { data: { type: 'item', id: record.id, meta: { stage: 'review' } } });
    assert.deepEqual([...refusal(staged), details(staged)[0]?.field], [422, 'INVALID_FIELD', 'stage']);
    assert.equal((await put(`/items/${record.id}`, { data: { type: 'item', id: record.id, meta: { stage: null } } })).status, 200);
    const model = (await call(emu, '/item-types/author')).json.data;
    const schema = await put(`/item-types/${model.id}`, {
      data: {
        type: 'item_type',
        id: model.id,
        attributes: { title_field: null },
        relationships: { fields: { data: [] } },
        meta: { has_singleton_item: false },
      },
    });
    assert.deepEqual(details(schema), [
      { extraneous_attributes: ['title_field'] },
      { extraneous_attributes: ['fields'], member: 'relationships' },
      { extraneous_attributes: ['has_singleton_item'], member: 'meta' },
    ]);
  });

  test('ids in bodies: UUIDv4 in URL-safe base64 or a decimal of at most 48 bits, everywhere', async () => {
    const model = (await call(emu, '/item-types/author')).json.data;
    const nameField = model.relationships.title_field.data.id;
    const rel = (id: string) =>
      put(`/item-types/${model.id}`, {
        data: { type: 'item_type', id: model.id, relationships: { image_preview_field: { data: { type: 'field', id } } } },
      });
    for (const id of ['not-an-id', `${nameField}=`, 'AAAAAAAAAAAAAAAAAAAAAA', String(2 ** 48)]) {
      const res = await rel(id);
      assert.deepEqual([...refusal(res), details(res)[0]?.code], [422, 'INVALID_FIELD', 'VALIDATION_FORMAT'], id);
    }
    const article = await firstOf('article');
    const dish = await firstOf('dish');
    const values: [string, unknown][] = [
      ['author', 'abc'],
      ['author', String(2 ** 48)],
      ['categories', ['x1']],
      ['cover', { upload_id: '12a' }],
      ['content', { en: ['123-abc'], it: [] }],
    ];
    for (const [key, value] of values) {
      const res = await put(`/items/${article.id}`, { data: { type: 'item', id: article.id, attributes: { [key]: value } } });
      assert.deepEqual(
        [...refusal(res), details(res)[0]?.code],
        [422, 'INVALID_FIELD', 'VALIDATION_INVALID_FORMAT'],
        `${key}: ${JSON.stringify(value)}`,
      );
    }
    // a link to a block, or to an id no record has, is refused too
    const res = await put(`/items/${article.id}`, { data: { type: 'item', id: article.id, attributes: { author: dish.id } } });
    assert.deepEqual([...refusal(res), details(res)[0]?.code], [422, 'INVALID_FIELD', 'VALIDATION_ITEM_ITEM_TYPE']);
    assert.deepEqual(
      refusal(await put(`/items/${article.id}`, { data: { type: 'item', id: article.id, attributes: { author: '281474976710655' } } })),
      [422, 'INVALID_FIELD'],
    );
  });
});
