// GET /uploads: every documented filter, order and paging, and refusals of the undocumented ones.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, codes, details } from './http.js';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { uploadFile } from './upload-helpers.js';

let emu: Emulator;
let all: any[];
useEmulator({ records: 30, jobDurationMs: 5, uploads: 40 }, async (started) => {
  emu = started.emulator;
  await uploadFile(emu, 'Menu-Card.TXT', Buffer.from('menu'), { notes: 'Printed weekly', author: 'Marco', tags: ['menu', 'print'] });
  all = (await call(emu, '/uploads?page[limit]=500')).json.data;
});

/** The ids of a listing with these query parameters (every page). */
async function ids(query: string): Promise<string[]> {
  const res = await call(emu, `/uploads?page[limit]=500&${query}`);
  assert.equal(res.status, 200, `${query}: ${res.text}`);
  assert.equal(res.json.meta.total_count, res.json.data.length);
  return res.json.data.map((u: any) => u.id);
}
const where = (test: (a: any, u: any) => boolean) => all.filter((u) => test(u.attributes, u)).map((u) => u.id);
const same = (a: string[], b: string[]) => assert.deepEqual([...a].sort(), [...b].sort());

describe('GET /uploads filters', () => {
  test('type, format, mime_type, size, width, height, orientation, resolution', async () => {
    same(
      await ids('filter[fields][type][eq]=image'),
      where((a) => a.mime_type.startsWith('image/')),
    );
    same(
      await ids('filter[fields][type][in][]=pdfdocument&filter[fields][type][in][]=video'),
      where((a) => ['pdf', 'mp4'].includes(a.format)),
    );
    same(
      await ids('filter[fields][type][neq]=image'),
      where((a) => !a.is_image),
    );
    same(
      await ids('filter[fields][format][eq]=webp'),
      where((a) => a.format === 'webp'),
    );
    same(
      await ids('filter[fields][format][not_in][]=jpg&filter[fields][format][not_in][]=png'),
      where((a) => !['jpg', 'png'].includes(a.format)),
    );
    same(
      await ids('filter[fields][mime_type][matches][pattern]=IMAGE/'),
      where((a) => a.mime_type.startsWith('image/')),
    );
    same(await ids('filter[fields][mime_type][matches][pattern]=IMAGE/&filter[fields][mime_type][matches][case_sensitive]=true'), []);
    same(
      await ids('filter[fields][size][gt]=2000000&filter[fields][size][lte]=2400000'),
      where((a) => a.size > 2_000_000 && a.size <= 2_400_000),
    );
    same(
      await ids('filter[fields][width][gte]=1600'),
      where((a) => a.width >= 1600),
    );
    same(
      await ids('filter[fields][height][lt]=900'),
      where((a) => a.height !== null && a.height < 900),
    );
    same(
      await ids('filter[fields][orientation][eq]=square'),
      where((a) => a.width !== null && a.width === a.height),
    );
    same(
      await ids('filter[fields][orientation][neq]=landscape'),
      where((a) => !(a.width > a.height)),
    );
    same(
      await ids('filter[fields][resolution][eq]=large'),
      where((a) => Math.max(a.width ?? 0, a.height ?? 0) > 2000),
    );
    same(
      await ids('filter[fields][resolution][in][]=small&filter[fields][resolution][in][]=medium'),
      where((a) => a.width !== null && Math.max(a.width, a.height) > 300 && Math.max(a.width, a.height) <= 2000),
    );
  });

  test('in_use: the uploads some record uses, and the others', async () => {
    const used = await ids('filter[fields][in_use][eq]=true');
    const unused = await ids('filter[fields][in_use][eq]=false');
    assert.equal(used.length + unused.length, all.length);
    assert.ok(used.length > 5 && unused.length > 40);
    for (const id of used.slice(0, 3))
      assert.ok((await call(emu, `/uploads/${id}/references?version=published-or-current`)).json.data.length > 0);
    for (const id of unused.slice(0, 3))
      assert.deepEqual((await call(emu, `/uploads/${id}/references?version=published-or-current`)).json.data, []);
  });

  test('tags, smart tags and colours: contains, any_in, all_in, not_in, eq', async () => {
    same(
      await ids('filter[fields][tags][contains]=menu'),
      where((a) => a.tags.includes('menu')),
    );
    same(
      await ids('filter[fields][tags][all_in][]=menu&filter[fields][tags][all_in][]=print'),
      where((a) => a.tags.includes('menu') && a.tags.includes('print')),
    );
    same(
      await ids('filter[fields][tags][eq][]=menu'),
      where((a) => a.tags.length === 1 && a.tags[0] === 'menu'),
    );
    same(
      await ids('filter[fields][tags][not_in][]=bistro'),
      where((a) => !a.tags.includes('bistro')),
    );
    same(
      await ids('filter[fields][smart_tags][any_in][]=food&filter[fields][smart_tags][any_in][]=table'),
      where((a) => a.smart_tags.includes('food') || a.smart_tags.includes('table')),
    );
    const orange = await ids('filter[fields][colors][contains]=orange');
    same(
      orange,
      where((a) => a.colors.length > 0),
    );
    assert.ok(orange.length > 0, 'the seeded images are warm orange');
  });

  test('id, md5, path (case-insensitive), names, notes, author, alt, title, dates', async () => {
    const target = all[3];
    same(await ids(`filter[fields][id][eq]=${target.id}`), [target.id]);
    same(await ids(`filter[fields][md5][eq]=${target.attributes.md5}`), [target.id]);
    same(await ids(`filter[fields][path][eq]=${encodeURIComponent(target.attributes.path.toUpperCase())}`), [target.id]);
    same(
      await ids('filter[fields][filename][matches][pattern]=menu-card'),
      where((a) => /menu-card/i.test(a.filename)),
    );
    same(
      await ids('filter[fields][basename][not_matches][pattern]=photo'),
      where((a) => !/photo/i.test(a.basename)),
    );
    same(
      await ids('filter[fields][filename][matches][pattern]=%5Ephoto-000%5B1-3%5D&filter[fields][filename][matches][regexp]=true'),
      where((a) => /^photo-000[1-3]/i.test(a.filename)),
    );
    same(
      await ids('filter[fields][notes][exists]=true'),
      where((a) => Boolean(a.notes)),
    );
    same(
      await ids('filter[fields][author][matches][pattern]=giulia'),
      where((a) => /giulia/i.test(a.author ?? '')),
    );
    same(
      await ids('filter[fields][alt][exists]=false'),
      where((a) => !a.default_field_metadata.alt.en),
    );
    same(
      await ids('filter[fields][alt][eq]=wood%20oven'),
      where((a) => a.default_field_metadata.alt.en === 'wood oven'),
    );
    same(
      await ids('filter[fields][alt][eq]=wood%20oven&locale=it'),
      where((a) => a.default_field_metadata.alt.it === 'wood oven'),
    );
    same(await ids('filter[fields][title][exists]=true'), []);
    const cut = '2024-03-01T09:20:00Z';
    same(
      await ids(`filter[fields][_created_at][gte]=${cut}`),
      where((a) => Date.parse(a.created_at) >= Date.parse(cut)),
    );
    same(
      await ids('filter[fields][_updated_at][lt]=2024-02-01T00:00:00%2B01:00'),
      where((a) => Date.parse(a.updated_at) < Date.parse('2024-02-01T00:00:00+01:00')),
    );
  });

  test('upload_collection (what the media area lists a collection by): eq a collection, exists false for none', async () => {
    const collectionOf = (u: any) => u.relationships.upload_collection.data?.id ?? null;
    const [dishes] = where((_a, u) => collectionOf(u) !== null).map((id) => collectionOf(all.find((u) => u.id === id)));
    same(
      await ids(`filter[fields][upload_collection][eq]=${dishes}`),
      where((_a, u) => collectionOf(u) === dishes),
    );
    same(
      await ids('filter[fields][upload_collection][exists]=false'),
      where((_a, u) => collectionOf(u) === null),
    );
    // a test's DatoCMS without it: refused as an unknown filter, or not applied at all
    emu.store.uploadCollectionFilter.mode = 'refused';
    const refused = await call(emu, '/uploads?filter[fields][upload_collection][exists]=false');
    assert.equal(refused.status, 422);
    assert.deepEqual(codes(refused), ['INVALID_FILTER_FIELDS_PARAM']);
    emu.store.uploadCollectionFilter.mode = 'ignored';
    same(
      await ids('filter[fields][upload_collection][exists]=false'),
      all.map((u) => u.id),
    );
    emu.store.uploadCollectionFilter.mode = 'honoured';
  });

  test('filter[ids], filter[query] and several filters together (all must hold)', async () => {
    same(await ids(`filter[ids]=${all[0].id},${all[1].id}`), [all[0].id, all[1].id]);
    same(
      await ids('filter[query]=printed%20weekly'),
      where((a) => a.notes === 'Printed weekly'),
    );
    same(
      await ids('filter[query]=oven'),
      where((a) => /oven/.test(a.filename + a.default_field_metadata.alt.en)),
    );
    same(
      await ids('filter[fields][type][eq]=image&filter[fields][format][eq]=png&filter[fields][width][gt]=1000'),
      where((a) => a.format === 'png' && a.width > 1000),
    );
  });

  test('undocumented filters, operators and values are refused with INVALID_FILTER_FIELDS_PARAM', async () => {
    for (const query of [
      'filter[fields][kind][eq]=image',
      'filter[fields][type][eq]=picture',
      'filter[fields][type][matches][pattern]=image',
      'filter[fields][type][in]=image',
      'filter[fields][size][gt]=big',
      'filter[fields][size][exists]=true',
      'filter[fields][in_use][eq]=maybe',
      'filter[fields][in_use][neq]=true',
      'filter[fields][filename][eq]=a.png',
      'filter[fields][filename][matches]=photo',
      'filter[fields][filename][matches][pattern]=p&filter[fields][filename][matches][fuzzy]=true',
      'filter[fields][colors][contains]=teal',
      'filter[fields][_created_at][gt]=yesterday',
      'filter[fields][_created_at][gt]=2024-03-01T09:00:00',
      'filter[fields][tags]=menu',
      'filter[fields][notIn][eq]=x',
    ])
      assert.deepEqual(codes(await call(emu, `/uploads?${query}`)), ['INVALID_FILTER_FIELDS_PARAM'], query);
    assert.equal(details(await call(emu, '/uploads?filter[fields][type][neq]=picture'))[0]!.value, 'picture');
  });
});

describe('GET /uploads order and paging', () => {
  test('newest first by default; order_by on each documented field, several rules, ties by id', async () => {
    const created = (await call(emu, '/uploads?page[limit]=500')).json.data.map((u: any) => u.attributes.created_at);
    assert.deepEqual(created, [...created].sort().reverse());
    const order = async (by: string) =>
      (await call(emu, `/uploads?page[limit]=500&order_by=${by}`)).json.data.map((u: any) => u.attributes);
    const sizes = (await order('size_ASC')).map((a: any) => a.size);
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => a - b),
    );
    const names = (await order('filename_DESC')).map((a: any) => a.filename);
    assert.deepEqual(names, [...names].sort().reverse());
    const mixed = await order('format_ASC,size_DESC');
    for (let i = 1; i < mixed.length; i++) {
      const [a, b] = [mixed[i - 1], mixed[i]];
      assert.ok(a.format < b.format || (a.format === b.format && a.size >= b.size), `${a.filename} before ${b.filename}`);
    }
    for (const by of ['_created_at_ASC', '_updated_at_DESC', 'resolution_DESC', 'basename_ASC', 'mime_type_DESC', 'id_ASC'])
      assert.equal((await call(emu, `/uploads?order_by=${by}`)).status, 200, by);
    for (const by of ['created_at_DESC', 'size', 'size_asc', 'width_ASC', 'title_ASC'])
      assert.deepEqual(codes(await call(emu, `/uploads?order_by=${by}`)), ['INVALID_PARAMS'], by);
  });

  test('pages follow one another without overlap; total_count counts every match; limits are enforced', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const page = (await call(emu, `/uploads?page[offset]=${offset}&page[limit]=7&order_by=size_ASC`)).json;
      assert.equal(page.meta.total_count, all.length);
      seen.push(...page.data.map((u: any) => u.id));
    }
    assert.equal(new Set(seen).size, all.length);
    assert.equal((await call(emu, '/uploads')).json.data.length, 30);
    assert.deepEqual((await call(emu, '/uploads?page[limit]=0')).json, { data: [], meta: { total_count: all.length } });
    for (const query of [
      'page[limit]=501',
      'page[offset]=-1',
      'page[limit]=ten',
      'page[size]=10',
      'locale=fr',
      'version=current',
      'nested=true',
      'filter[type]=image',
    ])
      assert.deepEqual(codes(await call(emu, `/uploads?${query}`)), ['INVALID_PARAMS'], query);
  });
});
