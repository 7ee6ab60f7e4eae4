import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details } from './http.js';

let emu: Emulator;
let models: Map<string, string>;
useEmulator({ records: 30 }, async (started) => {
  emu = started.emulator;
  models = new Map(
    (await call(emu, '/item-types')).json.data.map((m: { id: string; attributes: { api_key: string } }) => [m.attributes.api_key, m.id]),
  );
});

const record = (model: string, attributes: object, extra: object = {}) => ({
  data: { type: 'item', attributes, relationships: { item_type: { data: { type: 'item_type', id: models.get(model) } } }, ...extra },
});
const post = (body: unknown, path = '/items') => call(emu, path, { method: 'POST', body });

describe('POST /items', () => {
  test('creates a record: the fields it leaves out get their defaults, the model comes in included, the record is listed', async () => {
    const res = await post(record('author', { name: 'Ada Lovelace', slug: 'ada-lovelace' }));
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const created = res.json.data;
    assert.match(created.id, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(created.attributes.name, 'Ada Lovelace');
    assert.equal(created.attributes.email, null);
    assert.deepEqual(Object.keys(created.attributes.bio).sort(), ['en', 'it']);
    assert.equal(created.meta.status, 'published');
    assert.equal(typeof created.meta.current_version, 'string');
    assert.equal(res.json.included[0].id, models.get('author'));
    const listed = await call(emu, `/items?filter[ids]=${created.id}`);
    assert.equal(listed.json.data[0].attributes.name, 'Ada Lovelace');
  });

  test('a draft-mode model creates a draft; new blocks are created with it and read back nested', async () => {
    const res = await post(
      record('article', {
        title: { en: 'Hello there', it: 'Ciao a tutti' },
        slug: 'hello-there-create',
        seo: {
          en: { title: 'Hello', description: 'Hi', image: null, twitter_card: null },
          it: { title: 'Ciao', description: 'Ciao', image: null, twitter_card: null },
        },
        content: {
          en: [
            {
              type: 'item',
              attributes: { quote: 'Eat well', attribution: null },
              relationships: { item_type: { data: { type: 'item_type', id: models.get('quote_block') } } },
            },
          ],
          it: [],
        },
      }),
    );
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.data.meta.status, 'draft');
    assert.equal(res.json.data.attributes.featured, false);
    const nested = await call(emu, `/items/${res.json.data.id}?nested=true`);
    assert.equal(nested.json.data.attributes.content.en[0].attributes.quote, 'Eat well');
  });

  test('refuses what the record rules refuse, and creates nothing', async () => {
    const before = (await call(emu, '/items?filter[type]=author')).json.meta.total_count;
    const missing = await post(record('author', { slug: 'no-name' }));
    assert.equal(missing.status, 422);
    assert.ok(
      details(missing).some((d) => d.field === 'name' && d.code === 'VALIDATION_REQUIRED'),
      JSON.stringify(missing.json),
    );
    assert.deepEqual(codes(await post(record('author', { name: 'X', slug: 'x', shoe_size: 3 }))), ['INVALID_ATTRIBUTES']);
    const wrongLocale = await post(record('author', { name: 'Y', slug: 'y', bio: { fr: 'bonjour' } }));
    assert.ok(details(wrongLocale).some((d) => d.code === 'VALIDATION_INVALID_LOCALE'));
    assert.equal((await post(record('author', { name: 'Twin', slug: 'twin' }))).status, 200);
    const duplicate = await post(record('author', { name: 'Twin', slug: 'twin-2' }));
    assert.equal(duplicate.status, 422, JSON.stringify(duplicate.json));
    assert.ok(
      details(duplicate).some((d) => d.field === 'name' && d.code === 'VALIDATION_UNIQUE'),
      JSON.stringify(duplicate.json),
    );
    assert.equal((await call(emu, '/items?filter[type]=author')).json.meta.total_count, before + 1);
  });

  test('the envelope: item_type required, no block model, no query parameter, no unknown meta, a taken id', async () => {
    assert.deepEqual(codes(await post({ data: { type: 'item', attributes: { name: 'Z' } } })), ['INVALID_FORMAT']);
    assert.deepEqual(codes(await post(record('quote_block', { quote: 'Eat well' }))), ['INVALID_FIELD']);
    assert.deepEqual(codes(await post(record('author', { name: 'Q', slug: 'q' }), '/items?nested=true')), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await post(record('author', { name: 'Q', slug: 'q' }, { meta: { status: 'published' } }))), [
      'INVALID_ATTRIBUTES',
    ]);
    assert.deepEqual(codes(await post({ data: { type: 'item_type', attributes: {} } })), ['INVALID_TYPE']);
    const existing = (await call(emu, '/items?filter[type]=author')).json.data[0].id;
    assert.deepEqual(codes(await post(record('author', { name: 'R', slug: 'r' }, { id: existing }))), ['INVALID_FIELD']);
  });

  test('a singleton model with its record refuses a second one with DUPLICATE_SINGLETON', async () => {
    const res = await post(record('home_page', {}));
    assert.deepEqual(codes(res), ['DUPLICATE_SINGLETON']);
  });

  test('sortable: last by default, or at the position asked (the others move down); tree: under a parent of the same model', async () => {
    const categories = async () => (await call(emu, '/items?filter[type]=category&order_by=position_ASC&page[limit]=100')).json.data;
    const count = (await categories()).length;
    const last = await post(
      record('category', { name: { en: 'Soups', it: 'Zuppe' }, slug: 'soups', color: { red: 1, green: 2, blue: 3, alpha: 255 } }),
    );
    assert.equal(last.status, 200, JSON.stringify(last.json));
    assert.equal(last.json.data.attributes.position, count + 1);
    const first = await post(
      record('category', {
        name: { en: 'Salads', it: 'Insalate' },
        slug: 'salads',
        color: { red: 1, green: 2, blue: 3, alpha: 255 },
        position: 1,
      }),
    );
    assert.equal(first.json.data.attributes.position, 1);
    const positions = (await categories()).map((c: { attributes: { position: number } }) => c.attributes.position);
    assert.deepEqual(
      positions,
      Array.from({ length: count + 2 }, (_, i) => i + 1),
    );

    const parent = (await call(emu, '/items?filter[type]=page')).json.data[0].id;
    const child = await post(record('page', { title: { en: 'Child', it: 'Figlio' }, slug: 'child-page', parent_id: parent }));
    assert.equal(child.status, 200, JSON.stringify(child.json));
    assert.equal(child.json.data.attributes.parent_id, parent);
    const author = (await call(emu, '/items?filter[type]=author')).json.data[0].id;
    const badParent = await post(record('page', { title: { en: 'Lost', it: 'Perso' }, slug: 'lost-page', parent_id: author }));
    assert.ok(details(badParent).some((d) => d.field === 'parent_id'));
  });
});
