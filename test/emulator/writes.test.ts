import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startEmulator, type Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob } from './http.js';

let emu: Emulator;
useEmulator({ records: 40, jobDurationMs: 30 }, (started) => (emu = started.emulator));

const put = (path: string, body: unknown, headers: Record<string, string> = {}) => call(emu, path, { method: 'PUT', body, headers });
const firstArticle = async () =>
  (await call(emu, '/items?filter[type]=article&filter[fields][_status][eq]=published&page[limit]=1')).json.data[0];

describe('async schema writes', () => {
  test('PUT /item-types answers 202 + job; the job result carries the updated document', async () => {
    const article = (await call(emu, '/item-types/article')).json.data;
    const res = await put('/item-types/article', {
      data: { type: 'item_type', id: article.id, attributes: { hint: 'Stories from the kitchen' } },
    });
    assert.equal(res.status, 202);
    assert.equal(res.json.data.type, 'job');
    const done = await waitForJob(emu, res.json.data.id);
    assert.equal(done.status, 200);
    assert.equal(done.json.data.type, 'job_result');
    assert.equal(done.json.data.attributes.status, 200);
    assert.equal(done.json.data.attributes.payload.data.attributes.hint, 'Stories from the kitchen');
    assert.equal((await call(emu, '/item-types/article')).json.data.attributes.hint, 'Stories from the kitchen');
  });

  test('DELETE /items/:id answers 202 + job; the job result is the deleted record, which is gone from reads and lists', async () => {
    const own = await startEmulator({ records: 5, jobDurationMs: 10 });
    try {
      const list = () => call(own, '/items?filter[type]=article&page[limit]=1');
      const record = (await list()).json.data[0];
      const before = (await list()).json.meta.total_count;
      const res = await call(own, `/items/${record.id}`, { method: 'DELETE' });
      assert.equal(res.status, 202, JSON.stringify(res.json));
      const done = await waitForJob(own, res.json.data.id);
      assert.equal(done.json.data.attributes.payload.data.id, record.id);
      assert.deepEqual(codes(await call(own, `/items/${record.id}`)), ['NOT_FOUND']);
      assert.equal((await list()).json.meta.total_count, before - 1);
      assert.deepEqual(codes(await call(own, `/items/${record.id}`, { method: 'DELETE' })), ['NOT_FOUND']);
    } finally {
      await own.close();
    }
  });

  test('a running job: job-results is 404 and the change is not applied yet', async () => {
    const slow = await startEmulator({ records: 1, jobDurationMs: 60_000 });
    try {
      const res = await call(slow, '/item-types/dish', {
        method: 'PUT',
        body: { data: { type: 'item_type', id: 'dish', attributes: { name: 'Dishes' } } },
      });
      assert.equal(res.status, 202);
      const running = await call(slow, `/job-results/${res.json.data.id}`);
      assert.deepEqual([running.status, codes(running)], [404, ['NOT_FOUND']]);
      assert.equal((await call(slow, '/item-types/dish')).json.data.attributes.name, 'Menu dish');
    } finally {
      await slow.close();
    }
  });

  test('item type validation: enums, uniqueness, unknown attributes, ordering_meta with ordering_field, body id', async () => {
    const author = (await call(emu, '/item-types/author')).json.data;
    const body = (attributes: object, relationships?: object) => ({
      data: { type: 'item_type', id: author.id, attributes, ...(relationships ? { relationships } : {}) },
    });
    const enumRes = await put('/item-types/author', body({ collection_appearance: 'grid' }));
    assert.equal(enumRes.status, 422);
    assert.deepEqual(details(enumRes)[0], {
      field: 'collection_appearance',
      code: 'VALIDATION_INCLUSION',
      record_type: 'ItemType',
      allowed_values: ['compact', 'table'],
    });
    const dup = await put('/item-types/author', body({ api_key: 'article' }));
    assert.deepEqual([codes(dup), details(dup)[0]?.field, details(dup)[0]?.code], [['INVALID_FIELD'], 'api_key', 'VALIDATION_UNIQUENESS']);
    const extra = await put('/item-types/author', body({ colour: 'red', fields: [] }));
    assert.deepEqual(details(extra)[0], { extraneous_attributes: ['colour', 'fields'] });
    // author is ordered by its name field, so ordering_meta conflicts
    const ordering = await put('/item-types/author', body({ ordering_meta: 'created_at' }));
    assert.deepEqual([codes(ordering), details(ordering)[0]?.field], [['INVALID_FIELD'], 'ordering_meta']);
    const cleared = await put('/item-types/author', body({ ordering_meta: 'created_at' }, { ordering_field: { data: null } }));
    assert.equal(cleared.status, 202);
    const wrongId = await put('/item-types/author', { data: { type: 'item_type', id: 'someone-else', attributes: {} } });
    assert.deepEqual(codes(wrongId), ['INVALID_ENTITY_ID']);
    const wrongType = await put('/item-types/author', { data: { type: 'field', id: author.id, attributes: {} } });
    assert.deepEqual(codes(wrongType), ['INVALID_TYPE']);
    const foreignField = (await call(emu, '/fields/article::title')).json.data.id;
    const rel = await put('/item-types/author', body({}, { title_field: { data: { type: 'field', id: foreignField } } }));
    assert.deepEqual([codes(rel), details(rel)[0]?.field], [['INVALID_FIELD'], 'title_field']);
  });

  test('PUT /fields by model::api_key: job applies label, api_key renames record attributes', async () => {
    const field = (await call(emu, '/fields/dish::spiciness')).json.data;
    const res = await put('/fields/dish::spiciness', {
      data: { type: 'field', id: field.id, attributes: { label: 'Heat', api_key: 'heat' } },
    });
    assert.equal(res.status, 202);
    const done = await waitForJob(emu, res.json.data.id);
    assert.equal(done.json.data.attributes.payload.data.attributes.label, 'Heat');
    const dish = (await call(emu, '/items?filter[type]=dish&page[limit]=1')).json.data[0];
    assert.ok('heat' in dish.attributes && !('spiciness' in dish.attributes));
    assert.equal((await call(emu, `/fields/${field.id}`)).json.data.attributes.api_key, 'heat');
  });

  test('field validation: field_type enum, editor per type, validators per type, duplicate api_key', async () => {
    const field = (await call(emu, '/fields/article::excerpt')).json.data;
    const body = (attributes: object) => ({ data: { type: 'field', id: field.id, attributes } });
    assert.deepEqual(details(await put(`/fields/${field.id}`, body({ field_type: 'markdown' })))[0]?.code, 'VALIDATION_INCLUSION');
    const editor = await put(`/fields/${field.id}`, body({ appearance: { editor: 'single_line', parameters: {}, addons: [] } }));
    assert.deepEqual([details(editor)[0]?.field, details(editor)[0]?.code], ['appearance', 'VALIDATION_INVALID']);
    const validator = await put(`/fields/${field.id}`, body({ validators: { enum: { values: ['a'] } } }));
    assert.deepEqual([details(validator)[0]?.field, details(validator)[0]?.validator], ['validators', 'enum']);
    const dup = await put(`/fields/${field.id}`, body({ api_key: 'title' }));
    assert.deepEqual(details(dup)[0], { field: 'api_key', code: 'VALIDATION_UNIQUENESS', record_type: 'Field' });
    const missingLinkRule = await put('/fields/article::author', {
      data: { type: 'field', id: (await call(emu, '/fields/article::author')).json.data.id, attributes: { validators: {} } },
    });
    assert.deepEqual(
      [details(missingLinkRule)[0]?.code, details(missingLinkRule)[0]?.validator],
      ['VALIDATION_REQUIRED', 'item_item_type'],
    );
  });
});

describe('webhook writes', () => {
  test('PUT /webhooks answers 200 with the updated webhook', async () => {
    const hook = (await call(emu, '/webhooks')).json.data[0];
    const res = await put(`/webhooks/${hook.id}`, {
      data: { type: 'webhook', id: hook.id, attributes: { enabled: false, headers: { 'X-Trace': '1' } } },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.data.attributes.enabled, false);
    assert.deepEqual(res.json.data.attributes.headers, { 'X-Trace': '1' });
    assert.equal(res.json.data.attributes.name, hook.attributes.name);
  });

  test('webhook validation names the event at fault', async () => {
    const hook = (await call(emu, '/webhooks')).json.data[1];
    const res = await put(`/webhooks/${hook.id}`, {
      data: {
        type: 'webhook',
        id: hook.id,
        attributes: {
          url: 'ftp://example.com',
          payload_api_version: '9',
          events: [
            { entity_type: 'item', event_types: ['publish'] },
            { entity_type: 'item', event_types: ['deploy_started'] },
          ],
        },
      },
    });
    assert.equal(res.status, 422);
    const found = details(res).map((d) => `${d.field}:${d.code}:${d.path ?? ''}`);
    assert.deepEqual(found, [
      'url:VALIDATION_FORMAT:',
      'payload_api_version:VALIDATION_INCLUSION:',
      'events:VALIDATION_INCLUSION:events[1].event_types[0]',
    ]);
  });
});

describe('record writes', () => {
  test('an update gives a new current_version and updated_at, and a published record becomes updated', async () => {
    const record = await firstArticle();
    const res = await put(`/items/${record.id}`, {
      data: { type: 'item', id: record.id, attributes: { reading_time: 7 }, meta: { current_version: record.meta.current_version } },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.data.attributes.reading_time, 7);
    assert.notEqual(res.json.data.meta.current_version, record.meta.current_version);
    assert.ok(res.json.data.meta.updated_at > record.meta.updated_at);
    assert.equal(res.json.data.meta.status, 'updated');
    assert.equal(res.json.data.attributes.title.en, record.attributes.title.en);
    const published = (await call(emu, `/items/${record.id}?version=published`)).json.data;
    assert.equal(published.attributes.reading_time, record.attributes.reading_time);
  });

  test('a stale current_version → STALE_ITEM_VERSION and nothing changes', async () => {
    const record = await firstArticle();
    await put(`/items/${record.id}`, { data: { type: 'item', id: record.id, attributes: { featured: true } } });
    const stale = await put(`/items/${record.id}`, {
      data: { type: 'item', id: record.id, attributes: { reading_time: 99 }, meta: { current_version: record.meta.current_version } },
    });
    assert.equal(stale.status, 422);
    assert.deepEqual(codes(stale), ['STALE_ITEM_VERSION']);
    assert.equal((await call(emu, `/items/${record.id}`)).json.data.attributes.reading_time, record.attributes.reading_time);
  });

  test('required, length, range, enum and unique validators report field, id, label and locale', async () => {
    const record = await firstArticle();
    const other = (await call(emu, '/items?filter[type]=article&page[limit]=10')).json.data.find((r: any) => r.id !== record.id);
    const res = await put(`/items/${record.id}`, {
      data: {
        type: 'item',
        id: record.id,
        attributes: {
          title: { en: 'Fine title', it: '' },
          reading_time: 500,
          slug: other.attributes.slug,
        },
      },
    });
    assert.equal(res.status, 422);
    const title = (await call(emu, '/fields/article::title')).json.data;
    assert.deepEqual(
      details(res).find((d) => d.code === 'VALIDATION_REQUIRED'),
      {
        field: 'title',
        field_id: title.id,
        field_label: 'Title',
        field_type: 'string',
        locale: 'it',
        code: 'VALIDATION_REQUIRED',
      },
    );
    assert.deepEqual(
      details(res)
        .map((d) => `${d.field}:${d.code}`)
        .sort(),
      ['reading_time:VALIDATION_NUMBER_RANGE', 'slug:VALIDATION_UNIQUE', 'title:VALIDATION_REQUIRED'],
    );
    const dish = (await call(emu, '/items?filter[type]=dish&page[limit]=1')).json.data[0];
    const badEnum = await put(`/items/${dish.id}`, { data: { type: 'item', id: dish.id, attributes: { course: 'brunch' } } });
    assert.deepEqual(
      details(badEnum).map((d) => d.code),
      ['VALIDATION_ENUM'],
    );
  });

  test('unknown attributes, wrong value shapes and unknown locales are refused', async () => {
    const record = await firstArticle();
    const res = await put(`/items/${record.id}`, {
      data: {
        type: 'item',
        id: record.id,
        attributes: {
          colour: 'red',
          reading_time: 'seven',
          title: { en: 'Hello there', fr: 'Bonjour' },
          published_on: '12/03/2024',
        },
      },
    });
    assert.equal(res.status, 422);
    assert.deepEqual(details(res)[0], { extraneous_attributes: ['colour'] });
    assert.deepEqual(
      details(res)
        .slice(1)
        .map((d) => `${d.field}:${d.code}${d.locale ? `:${d.locale}` : ''}`),
      [
        'title:VALIDATION_INVALID_LOCALE:fr',
        'published_on:VALIDATION_INVALID_FORMAT',
        'reading_time:VALIDATION_INVALID_FORMAT',
        // a localized value replaces the whole locale object, so the record's Italian title is now missing
        'title:VALIDATION_INVALID_LOCALES',
      ],
    );
  });

  test('blocks: id = unchanged, object with id = update, object without id = create', async () => {
    const record = (await call(emu, '/items?filter[type]=article&page[limit]=1')).json.data[0];
    const [keptId] = record.attributes.content.en;
    const nested = (await call(emu, `/items/${record.id}?nested=true`)).json.data;
    const secondBlock = nested.attributes.content.en[1];
    const cta = (await call(emu, '/item-types/cta_block')).json.data.id;
    const updateBody =
      secondBlock.relationships.item_type.data.id === cta
        ? { label: 'Reserve now' }
        : secondBlock.attributes.quote !== undefined
          ? { attribution: 'The pass' }
          : { caption: 'Updated caption' };
    const put = await call(emu, `/items/${record.id}`, {
      method: 'PUT',
      body: {
        data: {
          type: 'item',
          id: record.id,
          attributes: {
            content: {
              en: [
                keptId,
                { type: 'item', id: secondBlock.id, attributes: updateBody },
                {
                  type: 'item',
                  attributes: { label: 'Book', url: 'https://emulated-bistro.example/book', style: 'link' },
                  relationships: { item_type: { data: { type: 'item_type', id: cta } } },
                },
              ],
              it: [],
            },
          },
        },
      },
    });
    assert.equal(put.status, 200, put.text);
    // the update answers blocks as ids; the nested record is read again
    assert.equal(put.json.data.attributes.content.en[0], keptId);
    const res = await call(emu, `/items/${record.id}?nested=true`);
    const blocks = res.json.data.attributes.content.en;
    assert.deepEqual(
      blocks.slice(0, 2).map((b: any) => b.id),
      [keptId, secondBlock.id],
    );
    assert.deepEqual({ ...secondBlock.attributes, ...updateBody }, blocks[1].attributes);
    assert.match(blocks[2].id, /^[A-Za-z0-9_-]{22}$/);
    assert.deepEqual(blocks[2].attributes, { label: 'Book', url: 'https://emulated-bistro.example/book', style: 'link' });
    assert.deepEqual(res.json.data.attributes.content.it, []);
  });

  test('invalid blocks: disallowed block model, missing required block field', async () => {
    const record = (await call(emu, '/items?filter[type]=article&page[limit]=1')).json.data[0];
    const quote = (await call(emu, '/item-types/quote_block')).json.data.id;
    const cta = (await call(emu, '/item-types/cta_block')).json.data.id;
    const res = await put(`/items/${record.id}`, {
      data: {
        type: 'item',
        id: record.id,
        attributes: {
          hero: {
            type: 'item',
            attributes: { quote: 'Not allowed here' },
            relationships: { item_type: { data: { type: 'item_type', id: quote } } },
          },
          content: {
            en: [{ type: 'item', attributes: { label: 'No url' }, relationships: { item_type: { data: { type: 'item_type', id: cta } } } }],
            it: [],
          },
        },
      },
    });
    assert.equal(res.status, 422);
    assert.deepEqual(
      details(res).map((d) => `${d.field}:${d.code}`),
      ['url:VALIDATION_REQUIRED', 'hero:VALIDATION_SINGLE_BLOCK_BLOCKS'],
    );
    assert.deepEqual(details(res)[0]?.block_path, ['content', 'en', 0]);
  });

  test('sandbox writes do not touch main', async () => {
    const record = await firstArticle();
    const sandbox = { 'X-Environment': 'sandbox' };
    const res = await put(`/items/${record.id}`, { data: { type: 'item', id: record.id, attributes: { rating: 4.5 } } }, sandbox);
    assert.equal(res.status, 200);
    assert.equal((await call(emu, `/items/${record.id}`, { headers: sandbox })).json.data.attributes.rating, 4.5);
    assert.equal((await call(emu, `/items/${record.id}`)).json.data.attributes.rating, record.attributes.rating);
    assert.equal(emu.store.environment('sandbox').items.get(record.id)?.attributes.rating, 4.5);
  });

  test('malformed bodies: not JSON, not a document', async () => {
    const record = await firstArticle();
    const notJson = await put(`/items/${record.id}`, '{"data": ');
    assert.deepEqual([notJson.status, codes(notJson)], [400, ['INVALID_JSON_BODY']]);
    const wrongType = await put(`/items/${record.id}`, { data: { type: 'item', id: record.id } }, { 'Content-Type': 'text/plain' });
    assert.deepEqual([wrongType.status, codes(wrongType)], [415, ['INVALID_CONTENT_TYPE_HEADER']]);
    const noType = await call(emu, `/items/${record.id}`, {
      method: 'PUT',
      body: JSON.stringify({ data: { type: 'item', id: record.id } }),
      headers: { 'Content-Type': '' },
    });
    assert.deepEqual([noType.status, codes(noType)], [415, ['INVALID_CONTENT_TYPE_HEADER']]);
    const notDoc = await put(`/items/${record.id}`, { title: 'x' });
    assert.deepEqual([notDoc.status, codes(notDoc)], [422, ['INVALID_FORMAT']]);
  });
});
