import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startEmulator, type Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details } from './http.js';

let emu: Emulator;
useEmulator({ records: 300 }, (started) => (emu = started.emulator));

const articles = (query: string) => call(emu, `/items?filter[type]=article&${query}`);
const titles = (res: Awaited<ReturnType<typeof call>>, locale = 'en') => res.json.data.map((r: any) => r.attributes.title[locale]);

describe('wire protocol', () => {
  test('answers JSON with request id and rate-limit headers', async () => {
    const res = await call(emu, '/site');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(res.headers.get('x-request-id'));
    // no enforced limit by default, so the headers announce a generous one (the real 60 per 3 s is opt-in)
    assert.ok(Number(res.headers.get('x-ratelimit-limit')) > 60);
    assert.ok(Number(res.headers.get('x-ratelimit-remaining')) > 0);
    assert.equal(res.json.data.attributes.name, 'Emulated Bistro');
    assert.deepEqual(res.json.data.attributes.locales, ['en', 'it']);
    assert.equal(res.json.data.attributes.internal_domain, 'emulated-bistro.admin.datocms.com');
  });

  test('a wrong token is refused with 401 before the Accept check, and is not echoed', async () => {
    const res = await call(emu, '/site', { token: 'not-the-token', headers: { Accept: '*/*' } });
    assert.equal(res.status, 401);
    assert.deepEqual(codes(res), ['INVALID_AUTHORIZATION_HEADER']);
    assert.ok(!res.text.includes('not-the-token'));
    assert.ok(!res.text.includes(emu.token));
  });

  test('Accept */* or missing → 406, a missing token → 401', async () => {
    assert.deepEqual(codes(await call(emu, '/site', { headers: { Accept: '*/*' } })), ['INVALID_ACCEPT_HEADER']);
    assert.equal((await call(emu, '/site', { token: null, headers: { Accept: '*/*' } })).status, 406);
    const noToken = await call(emu, '/site', { token: null });
    assert.equal(noToken.status, 401);
    assert.equal((await call(emu, '/site', { headers: { Accept: 'application/vnd.api+json' } })).status, 200);
  });

  test('X-Api-Version other than 3, or missing → INVALID_API_VERSION', async () => {
    for (const version of ['', '2']) {
      const res = await call(emu, '/site', { headers: { 'X-Api-Version': version } });
      assert.deepEqual([res.status, ...codes(res)], [422, 'INVALID_API_VERSION'], `"${version}"`);
    }
  });

  test('unknown paths and methods → INVALID_ENDPOINT, unknown ids → NOT_FOUND', async () => {
    assert.deepEqual(codes(await call(emu, '/nothing-here')), ['INVALID_ENDPOINT']);
    const wrongMethod = await call(emu, '/site', { method: 'DELETE' });
    assert.equal(wrongMethod.status, 404);
    assert.deepEqual(codes(wrongMethod), ['INVALID_ENDPOINT']);
    const missing = await call(emu, '/items/AAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(missing.status, 404);
    assert.deepEqual(codes(missing), ['NOT_FOUND']);
    assert.match(missing.json.data[0].attributes.doc_url, /errors#NOT_FOUND$/);
  });

  test('an unknown X-Environment → INVALID_ENVIRONMENT', async () => {
    const res = await call(emu, '/item-types', { headers: { 'X-Environment': 'staging' } });
    assert.equal(res.status, 404);
    assert.deepEqual(codes(res), ['INVALID_ENVIRONMENT']);
  });
});

describe('seeded schema', () => {
  test('ids are 22-char URL-safe base64 UUIDv4 and identical across runs', async () => {
    const other = await startEmulator({ records: 5 });
    try {
      const a = (await call(emu, '/item-types')).json.data.map((t: any) => t.id);
      const b = (await call(other, '/item-types')).json.data.map((t: any) => t.id);
      assert.deepEqual(a, b);
      for (const id of a) {
        assert.match(id, /^[A-Za-z0-9_-]{22}$/);
        const bytes = Buffer.from(id, 'base64url');
        assert.equal((bytes[6] ?? 0) >> 4, 4, `${id} is not a version 4 UUID`);
      }
    } finally {
      await other.close();
    }
  });

  test('models cover singleton, sortable, tree, draft mode and blocks; fields cover all 20 types', async () => {
    const types = (await call(emu, '/item-types')).json.data;
    const byKey = new Map(types.map((t: any) => [t.attributes.api_key, t]));
    assert.ok(types.filter((t: any) => !t.attributes.modular_block).length >= 6);
    assert.ok(types.filter((t: any) => t.attributes.modular_block).length >= 3);
    assert.equal((byKey.get('home_page') as any).attributes.singleton, true);
    assert.ok((byKey.get('home_page') as any).relationships.singleton_item.data.id);
    assert.equal((byKey.get('dish') as any).attributes.sortable, true);
    assert.equal((byKey.get('page') as any).attributes.tree, true);
    assert.equal((byKey.get('article') as any).attributes.draft_mode_active, true);
    const fieldTypes = new Set<string>();
    for (const t of types) {
      const fields = (await call(emu, `/item-types/${t.id}/fields`)).json.data;
      assert.deepEqual(
        fields.map((f: any) => f.id),
        t.relationships.fields.data.map((f: any) => f.id),
      );
      for (const f of fields) fieldTypes.add(f.attributes.field_type);
    }
    assert.equal(fieldTypes.size, 20);
  });

  test('models, fields and fieldsets are found by id or api_key', async () => {
    const byKey = (await call(emu, '/item-types/article')).json.data;
    assert.equal((await call(emu, `/item-types/${byKey.id}`)).json.data.attributes.api_key, 'article');
    const title = (await call(emu, '/fields/article::title')).json.data;
    assert.equal(title.attributes.localized, true);
    assert.deepEqual((await call(emu, `/fields/${title.id}`)).json.data, title);
    assert.equal((await call(emu, '/fields/article%3A%3Atitle')).json.data.id, title.id);
    const fieldsets = (await call(emu, '/item-types/article/fieldsets')).json.data;
    assert.deepEqual(
      fieldsets.map((fs: any) => fs.attributes.title),
      ['Content', 'Publishing', 'SEO'],
    );
    assert.equal((await call(emu, `/fieldsets/${fieldsets[2].id}`)).json.data.attributes.start_collapsed, true);
    assert.equal(title.relationships.fieldset.data.id, fieldsets[0].id);
  });

  test('webhooks and environments', async () => {
    const hooks = (await call(emu, '/webhooks')).json.data;
    assert.ok(hooks.length >= 4);
    assert.ok(hooks.some((h: any) => h.attributes.http_basic_password));
    assert.equal((await call(emu, `/webhooks/${hooks[1].id}`)).json.data.attributes.name, hooks[1].attributes.name);
    const envs = (await call(emu, '/environments')).json.data;
    assert.deepEqual(
      envs.map((e: any) => [e.id, e.meta.primary]),
      [
        ['main', true],
        ['sandbox', false],
      ],
    );
    assert.equal((await call(emu, '/environments/sandbox')).json.data.meta.forked_from, 'main');
  });

  test('GET /site?include=item_types.fields embeds the schema', async () => {
    const res = await call(emu, '/site?include=item_types,item_types.fields');
    const kinds = new Set(res.json.included.map((r: any) => r.type));
    assert.deepEqual([...kinds].sort(), ['field', 'item_type']);
  });
});

describe('GET /items', () => {
  test('pages with a total count over the whole filtered set', async () => {
    const first = await articles('page[limit]=100');
    assert.equal(first.json.meta.total_count, 300);
    assert.equal(first.json.data.length, 100);
    const last = await articles('page[offset]=250&page[limit]=100');
    assert.equal(last.json.data.length, 50);
    assert.equal((await articles('')).json.data.length, 30);
    const zero = await articles('page[limit]=0');
    assert.equal(zero.json.data.length, 0);
    assert.equal(zero.json.meta.total_count, 300);
  });

  test('page[limit] above 500 is refused with details', async () => {
    const res = await articles('page[limit]=501');
    assert.equal(res.status, 422);
    assert.deepEqual(codes(res), ['INVALID_PARAMS']);
    assert.equal(details(res)[0]?.maximum, 500);
  });

  test('percent-encoded and raw brackets mean the same', async () => {
    const raw = await call(emu, '/items?filter[type]=dish&page[limit]=3');
    const encoded = await call(emu, '/items?filter%5Btype%5D=dish&page%5Blimit%5D=3');
    assert.deepEqual(raw.json, encoded.json);
    assert.equal(raw.json.data.length, 3);
  });

  test('filter[type] takes ids or api_keys, comma separated', async () => {
    const dishId = (await call(emu, '/item-types/dish')).json.data.id;
    const both = await call(emu, `/items?filter[type]=${dishId},category&page[limit]=100`);
    assert.equal(both.json.meta.total_count, 12 + 6);
  });

  test('filter[ids] returns exactly those records', async () => {
    const some = (await articles('page[limit]=3')).json.data.map((r: any) => r.id);
    const res = await call(emu, `/items?filter[ids]=${some.join(',')}`);
    assert.deepEqual(
      res.json.data.map((r: any) => r.id),
      some,
    );
  });

  test('filter[query] searches text case-insensitively, blocks included, in the chosen locale', async () => {
    const en = await articles('filter[query]=RISOTTO&page[limit]=500');
    assert.ok(en.json.meta.total_count > 0);
    for (const t of titles(en)) assert.match(t, /risotto/i);
    const it = await articles('filter[query]=zafferano&locale=it&page[limit]=500');
    assert.ok(it.json.meta.total_count > 0);
    assert.equal((await articles('filter[query]=zafferano&locale=en')).json.meta.total_count, 0);
    // a quote that only lives in blocks
    const inBlocks = await articles('filter[query]=nonna%20lucia');
    assert.ok(inBlocks.json.meta.total_count > 0);
  });

  test('filter[fields] operators on typed values', async () => {
    const all = (await articles('page[limit]=500')).json.data;
    const count = (pred: (r: any) => boolean) => all.filter(pred).length;
    const total = async (q: string) => (await articles(q)).json.meta.total_count;
    assert.equal(
      await total('filter[fields][reading_time][gte]=20'),
      count((r) => r.attributes.reading_time >= 20),
    );
    assert.equal(
      await total('filter[fields][reading_time][lt]=5'),
      count((r) => r.attributes.reading_time < 5),
    );
    assert.equal(
      await total('filter[fields][featured][eq]=true'),
      count((r) => r.attributes.featured === true),
    );
    assert.equal(
      await total('filter[fields][rating][exists]=false'),
      count((r) => r.attributes.rating === null),
    );
    const slug = all[7].attributes.slug;
    assert.equal(await total(`filter[fields][slug][eq]=${slug}`), 1);
    assert.equal(await total(`filter[fields][slug][neq]=${slug}`), 299);
    assert.equal(await total(`filter[fields][slug][in][]=${slug}&filter[fields][slug][in][]=${all[8].attributes.slug}`), 2);
    assert.equal(
      await total('filter[fields][title][matches][pattern]=tomatoes'),
      count((r) => /tomatoes/i.test(r.attributes.title.en)),
    );
    assert.equal(await total('filter[fields][title][matches][pattern]=tomatoes&filter[fields][title][matches][case_sensitive]=true'), 0);
    assert.equal(
      await total('filter[fields][title][matches][pattern]=%5ESmoked&filter[fields][title][matches][regexp]=true'),
      count((r) => /^Smoked/i.test(r.attributes.title.en)),
    );
    const author = all[0].attributes.author;
    assert.equal(
      await total(`filter[fields][author][eq]=${author}`),
      count((r) => r.attributes.author === author),
    );
    const category = all.find((r: any) => r.attributes.categories.length)!.attributes.categories[0];
    assert.equal(
      await total(`filter[fields][categories][any_in][]=${category}`),
      count((r) => r.attributes.categories.includes(category)),
    );
    assert.equal(
      await total('filter[fields][published_on][lte]=2024-03-05'),
      count((r) => r.attributes.published_on <= '2024-03-05'),
    );
    assert.equal(
      await total('filter[fields][_status][eq]=draft'),
      count((r) => r.meta.status === 'draft'),
    );
    assert.equal(
      await total('filter[fields][_status][in]=draft,updated'),
      count((r) => r.meta.status !== 'published'),
    );
    assert.equal(
      await total('filter[fields][_updated_at][gt]=2024-03-10T00:00:00Z'),
      count((r) => r.meta.updated_at > '2024-03-10T00:00:00Z'),
    );
    assert.equal(await total(`filter[fields][id][eq]=${all[3].id}`), 1);
  });

  test('meta filters work across models; field filters need one model', async () => {
    const drafts = await call(emu, '/items?filter[fields][_status][eq]=draft&page[limit]=500');
    assert.ok(drafts.json.meta.total_count > 0);
    for (const r of drafts.json.data) assert.equal(r.meta.status, 'draft');
    const res = await call(emu, '/items?filter[fields][title][eq]=x');
    assert.deepEqual(codes(res), ['INVALID_FILTER_FIELDS_PARAM']);
  });

  test('unknown fields and operators → INVALID_FILTER_FIELDS_PARAM', async () => {
    const unknownField = await articles('filter[fields][colour][eq]=red');
    assert.equal(unknownField.status, 422);
    assert.deepEqual(codes(unknownField), ['INVALID_FILTER_FIELDS_PARAM']);
    assert.equal(details(unknownField)[0]?.field, 'colour');
    const wrongOp = await articles('filter[fields][featured][gt]=1');
    assert.deepEqual(codes(wrongOp), ['INVALID_FILTER_FIELDS_PARAM']);
    // the meta filters spell it notIn; the fields' not_in is not one of theirs
    const snakeMeta = await articles('filter[fields][_status][not_in]=draft');
    assert.deepEqual(codes(snakeMeta), ['INVALID_FILTER_FIELDS_PARAM']);
    const camelMeta = await articles('filter[fields][_status][notIn]=draft');
    assert.equal(camelMeta.status, 200);
    // a status is one of the record statuses
    for (const query of ['filter[fields][_status][eq]=archived', 'filter[fields][_status][in]=draft,Published']) {
      const unknownStatus = await articles(query);
      assert.equal(unknownStatus.status, 422, query);
      assert.deepEqual(codes(unknownStatus), ['INVALID_FILTER_FIELDS_PARAM']);
    }
  });

  test('order_by on fields and meta columns, several keys, locale-aware', async () => {
    const byTitle = titles(await articles('order_by=title_ASC&page[limit]=500'));
    assert.deepEqual(
      byTitle,
      [...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')),
    );
    const byTitleIt = titles(await articles('order_by=title_DESC&locale=it&page[limit]=500'), 'it');
    assert.deepEqual(
      byTitleIt,
      [...byTitleIt].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase(), 'it')),
    );
    const multi = (await articles('order_by=reading_time_DESC,_created_at_ASC&page[limit]=500')).json.data;
    for (let i = 1; i < multi.length; i++) {
      const [a, b] = [multi[i - 1], multi[i]];
      assert.ok(
        a.attributes.reading_time > b.attributes.reading_time ||
          (a.attributes.reading_time === b.attributes.reading_time && a.meta.created_at <= b.meta.created_at),
      );
    }
    const newest = (await articles('order_by=_updated_at_DESC&page[limit]=1')).json.data[0];
    const all = (await articles('page[limit]=500')).json.data;
    assert.equal(
      newest.meta.updated_at,
      all
        .map((r: any) => r.meta.updated_at)
        .sort()
        .at(-1),
    );
    assert.deepEqual(codes(await articles('order_by=nope_ASC')), ['INVALID_PARAMS']);
  });

  test('version=published returns published snapshots and omits never-published drafts', async () => {
    const current = (await articles('page[limit]=500')).json.data;
    const published = await articles('version=published&page[limit]=500');
    assert.equal(published.json.meta.total_count, current.filter((r: any) => r.meta.status !== 'draft').length);
    const updated = current.find((r: any) => r.meta.status === 'updated');
    const snapshot = published.json.data.find((r: any) => r.id === updated.id);
    assert.notEqual(snapshot.attributes.title.en, updated.attributes.title.en);
    assert.match(snapshot.attributes.title.en, /first edition/);
    const draft = current.find((r: any) => r.meta.status === 'draft');
    assert.equal((await call(emu, `/items/${draft.id}?version=published`)).status, 404);
    assert.equal((await call(emu, `/items/${updated.id}?version=published`)).json.data.attributes.title.en, snapshot.attributes.title.en);
  });

  test('nested=true expands blocks in rich_text, single_block and structured_text', async () => {
    const flat = (await articles('page[limit]=10')).json.data;
    const nested = (await articles('page[limit]=10&nested=true')).json.data;
    const withHero = flat.findIndex((r: any) => r.attributes.hero);
    assert.equal(typeof flat[withHero].attributes.hero, 'string');
    assert.equal(nested[withHero].attributes.hero.id, flat[withHero].attributes.hero);
    assert.equal(nested[withHero].attributes.hero.type, 'item');
    assert.ok(nested[withHero].attributes.hero.relationships.item_type.data.id);
    assert.deepEqual(
      nested[0].attributes.content.en.map((b: any) => b.id),
      flat[0].attributes.content.en,
    );
    const stBlock = nested[0].attributes.body.en.document.children.find((n: any) => n.type === 'block');
    assert.equal(typeof stBlock.item, 'object');
    const single = (await call(emu, `/items/${flat[0].id}?nested=true`)).json.data;
    assert.deepEqual(single, nested[0]);
  });

  test('sandbox reads its own copy', async () => {
    const main = (await call(emu, '/items?filter[type]=dish&page[limit]=1')).json.data[0];
    const sandbox = await call(emu, `/items/${main.id}`, { headers: { 'X-Environment': 'sandbox' } });
    assert.equal(sandbox.status, 200);
    assert.deepEqual(sandbox.json.data.attributes, main.attributes);
    assert.equal(sandbox.headers.get('x-environment'), 'sandbox');
  });
});

describe('request log', () => {
  test('records method, decoded path, parsed query, status and environment, never the token', async () => {
    emu.clearRequests();
    await call(emu, '/items?filter%5Btype%5D=article&page[limit]=2', { headers: { 'X-Environment': 'sandbox' } });
    await call(emu, '/fields/article%3A%3Atitle');
    await call(emu, '/site', { token: 'wrong-token-value' });
    assert.deepEqual(
      emu.requests.map((r) => [r.method, r.path, r.status, r.environment]),
      [
        ['GET', '/items', 200, 'sandbox'],
        ['GET', '/fields/article::title', 200, 'main'],
        ['GET', '/site', 401, 'main'],
      ],
    );
    assert.deepEqual(emu.requests[0]?.query, { filter: { type: 'article' }, page: { limit: '2' } });
    const logged = JSON.stringify(emu.requests);
    assert.ok(!logged.includes(emu.token) && !logged.includes('wrong-token-value'));
  });
});
