import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import type { StoredItem } from '../store.js';
import { data, gql } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 120 }, (started) => (emu = started.emulator));

const DRAFTS = { 'X-Include-Drafts': 'true' };

function records(apiKey: string, onlyPublished = true): StoredItem[] {
  const env = emu.store.environment();
  const model = [...env.itemTypes.values()].find((it) => it.attributes.api_key === apiKey)!;
  return env.recordsByType.get(model.id)!.filter((r) => !onlyPublished || r.published);
}

describe('ordering', () => {
  test('collections default to _updatedAt_DESC, sortable and tree models to position_ASC', async () => {
    const articles = (await data(emu, '{ allArticles(first: 500) { id } }', { headers: DRAFTS })).allArticles.map(
      (r: { id: string }) => r.id,
    );
    const want = [...records('article', false)]
      .sort((a, b) => Date.parse(b.meta.updated_at) - Date.parse(a.meta.updated_at))
      .map((r) => r.id);
    assert.deepEqual(articles, want);
    const dishes = (await data(emu, '{ allDishes { position } }')).allDishes.map((d: { position: number }) => d.position);
    assert.deepEqual(
      dishes,
      [...dishes].sort((a, b) => a - b),
    );
    const pages = (await data(emu, '{ allPages { position } }')).allPages;
    assert.equal(pages.length, records('page').length);
  });

  test('orderBy on a localized string follows the query locale; several keys apply in order', async () => {
    const en = (await data(emu, '{ allArticles(first: 500, orderBy: title_ASC) { title } }')).allArticles.map(
      (r: { title: string }) => r.title,
    );
    assert.deepEqual(en, [...en].sort());
    const it = (await data(emu, '{ allArticles(first: 500, locale: it, orderBy: [title_DESC]) { title } }')).allArticles.map(
      (r: { title: string }) => r.title,
    );
    assert.deepEqual(it, [...it].sort().reverse());
    assert.notDeepEqual(new Set(it), new Set(en));
    const rows = (await data(emu, '{ allArticles(first: 500, orderBy: [featured_DESC, readingTime_ASC]) { featured readingTime } }'))
      .allArticles;
    const key = (r: { featured: boolean; readingTime: number }) => [r.featured ? 0 : 1, r.readingTime];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1]), key(rows[i])];
      assert.ok(a[0]! < b[0]! || (a[0] === b[0] && a[1]! <= b[1]!), `row ${i} is out of order`);
    }
  });

  test('records without a value come last ascending and first descending', async () => {
    const asc = (await data(emu, '{ allArticles(first: 500, orderBy: rating_ASC) { rating } }')).allArticles.map(
      (r: { rating: number | null }) => r.rating,
    );
    const desc = (await data(emu, '{ allArticles(first: 500, orderBy: rating_DESC) { rating } }')).allArticles.map(
      (r: { rating: number | null }) => r.rating,
    );
    assert.ok(asc.includes(null) && asc.some((r: number | null) => r !== null));
    assert.equal(asc.at(-1), null);
    assert.equal(desc[0], null);
    const values = asc.filter((r: number | null) => r !== null);
    assert.deepEqual(
      values,
      [...values].sort((a: number, b: number) => a - b),
    );
  });

  test('the single-record query answers the first match in orderBy order, or null', async () => {
    const longest = await data(emu, '{ article(orderBy: readingTime_DESC) { readingTime } allArticles(first: 500) { readingTime } }');
    assert.equal(longest.article.readingTime, Math.max(...longest.allArticles.map((r: { readingTime: number }) => r.readingTime)));
    assert.equal((await data(emu, '{ article(filter: {slug: {eq: "no-such-slug"}}) { id } }')).article, null);
  });
});

describe('pagination', () => {
  test('first is 20 by default, skip pages on, meta counts every match', async () => {
    const all = records('article').length;
    const page = await data(emu, '{ allArticles { id } _allArticlesMeta { count } }');
    assert.equal(page.allArticles.length, 20);
    assert.equal(page._allArticlesMeta.count, all);
    const whole = (await data(emu, '{ allArticles(first: 500) { id } }')).allArticles.map((r: { id: string }) => r.id);
    const second = (await data(emu, '{ allArticles(first: 10, skip: 10) { id } }')).allArticles.map((r: { id: string }) => r.id);
    assert.deepEqual(second, whole.slice(10, 20));
    assert.deepEqual((await data(emu, `{ allArticles(skip: ${all}) { id } }`)).allArticles, []);
    const filtered = await data(
      emu,
      '{ allArticles(first: 1, filter: {featured: {eq: true}}) { id } _allArticlesMeta(filter: {featured: {eq: true}}) { count } }',
    );
    assert.equal(filtered._allArticlesMeta.count, records('article').filter((r) => r.published!.featured === true).length);
  });

  test('first above 500 and negative first or skip are errors', async () => {
    assert.equal((await data(emu, '{ allArticles(first: 500) { id } }')).allArticles.length, Math.min(500, records('article').length));
    for (const args of ['first: 501', 'first: -1', 'skip: -1']) {
      const res = await gql(emu, `{ allArticles(${args}) { id } }`);
      assert.equal(res.status, 200);
      assert.equal(res.errors?.length, 1, args);
      assert.deepEqual(res.errors![0].path, ['allArticles']);
      assert.match(res.errors![0].message, /first|skip/);
      assert.equal(res.data, null);
    }
    const viaVariable = await gql(emu, 'query($n: IntType) { allUploads(first: $n) { id } }', { variables: { n: 501 } });
    assert.match(viaVariable.errors![0].message, /500/);
  });
});

describe('uploads', () => {
  test('newest first by default; filters and orderBy on the media area', async () => {
    const uploads = [...emu.store.environment().uploads.values()];
    const listed = (await data(emu, '{ allUploads(first: 500) { id _createdAt } }')).allUploads;
    assert.equal(listed.length, uploads.length);
    assert.deepEqual(
      listed.map((u: { _createdAt: string }) => u._createdAt),
      listed
        .map((u: { _createdAt: string }) => u._createdAt)
        .sort()
        .reverse(),
    );
    const images = await data(
      emu,
      '{ allUploads(first: 500, filter: {type: {eq: image}}) { mimeType } _allUploadsMeta(filter: {type: {notIn: [image]}}) { count } }',
    );
    assert.ok(images.allUploads.every((u: { mimeType: string }) => u.mimeType.startsWith('image/')));
    assert.equal(images.allUploads.length + images._allUploadsMeta.count, uploads.length);
    const bySize = (await data(emu, '{ allUploads(first: 500, orderBy: size_ASC, filter: {size: {gt: 500000}}) { size } }')).allUploads.map(
      (u: { size: number }) => u.size,
    );
    assert.deepEqual(
      bySize,
      [...bySize].sort((a, b) => a - b),
    );
    assert.equal(bySize.length, uploads.filter((u) => Number(u.attributes.size) > 500_000).length);
    const pdf = await data(
      emu,
      '{ upload(filter: {filename: {matches: {pattern: "menu\\\\.pdf$"}}}) { filename format url width responsiveImage { src } } }',
    );
    assert.deepEqual(pdf.upload, { filename: 'autumn-menu.pdf', format: 'pdf', url: pdf.upload.url, width: null, responsiveImage: null });
    const unused = await data(emu, '{ allUploads(filter: {inUse: {eq: false}}) { filename } }');
    assert.deepEqual(unused.allUploads.map((u: { filename: string }) => u.filename).sort(), ['autumn-menu.pdf', 'kitchen-tour.mp4']);
  });
});
