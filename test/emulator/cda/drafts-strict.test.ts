import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import type { StoredItem } from '../store.js';
import { cma, data, gql } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 40, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const DRAFTS = { 'X-Include-Drafts': 'true' };
const STRICT = { 'X-Exclude-Invalid': 'true' };

function articles(): StoredItem[] {
  const env = emu.store.environment();
  const model = [...env.itemTypes.values()].find((it) => it.attributes.api_key === 'article')!;
  return env.recordsByType.get(model.id)!;
}

describe('published content and drafts', () => {
  test('without X-Include-Drafts: drafts are absent, updated records show their published version, _status is published', async () => {
    const all = articles();
    const published = all.filter((r) => r.published);
    assert.ok(published.length < all.length);
    const result = await data(emu, '{ allArticles(first: 500) { id title _status _publishedAt } _allArticlesMeta { count } }');
    assert.equal(result._allArticlesMeta.count, published.length);
    assert.deepEqual(result.allArticles.map((a: { id: string }) => a.id).sort(), published.map((r) => r.id).sort());
    assert.ok(result.allArticles.every((a: { _status: string; _publishedAt: string }) => a._status === 'published' && a._publishedAt));
    const updated = all.find((r) => r.meta.status === 'updated')!;
    const served = result.allArticles.find((a: { id: string }) => a.id === updated.id);
    assert.equal(served.title, (updated.published as any).title.en);
    assert.match(served.title, /\(first edition\)$/);
  });

  test('with X-Include-Drafts (or the /preview path): the latest version of every record and its real status', async () => {
    const all = articles();
    const updated = all.find((r) => r.meta.status === 'updated')!;
    const draft = all.find((r) => r.meta.status === 'draft')!;
    for (const options of [{ headers: DRAFTS }, { path: '/cda/preview' }, { path: '/cda/environments/main/preview' }]) {
      const result = await data(emu, '{ allArticles(first: 500) { id title _status _publishedAt } }', options);
      assert.equal(result.allArticles.length, all.length);
      const u = result.allArticles.find((a: { id: string }) => a.id === updated.id);
      assert.deepEqual([u.title, u._status], [(updated.attributes as any).title.en, 'updated']);
      const d = result.allArticles.find((a: { id: string }) => a.id === draft.id);
      assert.deepEqual([d._status, d._publishedAt], ['draft', null]);
    }
  });

  test('links to records the request does not see are left out', async () => {
    const home = emu.store
      .environment()
      .items.get([...emu.store.environment().items.values()].find((i) => 'featured_articles' in i.attributes)!.id)!;
    const linked = home.published!.featured_articles as string[];
    const visible = new Set(
      articles()
        .filter((r) => r.published)
        .map((r) => r.id),
    );
    const result = await data(emu, '{ homePage { featuredArticles { id } } }');
    assert.deepEqual(
      result.homePage.featuredArticles.map((a: { id: string }) => a.id),
      linked.filter((id) => visible.has(id)),
    );
  });

  test('publishing and unpublishing through the CMA change what the delivery API serves', async () => {
    const draft = articles().find((r) => r.meta.status === 'draft' && r.meta.is_valid)!;
    const query = `{ article(filter: {id: {eq: "${draft.id}"}}) { id _status } }`;
    assert.equal((await data(emu, query)).article, null);
    await cma(emu, 'PUT', `/items/${draft.id}/publish`);
    assert.deepEqual((await data(emu, query)).article, { id: draft.id, _status: 'published' });
    await cma(emu, 'PUT', `/items/${draft.id}/unpublish`);
    assert.equal((await data(emu, query)).article, null);
  });
});

describe('strict mode (X-Exclude-Invalid: true)', () => {
  test('invalid records are left out; the same request without the header shows them with _isValid false', async () => {
    const eventModel = emu.store.itemType(emu.store.environment(), 'event')!.id;
    const event = await cma(emu, 'POST', '/items', {
      data: {
        type: 'item',
        attributes: { name: { en: 'Untitled', it: null } },
        relationships: { item_type: { data: { type: 'item_type', id: eventModel } } },
      },
    });
    const id = event.data.id as string;
    // Saving the draft again has the CMA check it: required values are missing.
    const saved = await cma(emu, 'PUT', `/items/${id}`, { data: { type: 'item', id, attributes: { name: { en: 'Untitled', it: null } } } });
    assert.equal(saved.data.meta.is_valid, false, 'a draft missing required values is invalid');
    const query = `{ allEvents(filter: {id: {eq: "${id}"}}) { id _isValid } _allEventsMeta { count } }`;
    const loose = await data(emu, query, { headers: DRAFTS });
    assert.deepEqual(loose.allEvents, [{ id, _isValid: false }]);
    const strict = await data(emu, query, { headers: { ...DRAFTS, ...STRICT } });
    assert.deepEqual(strict.allEvents, []);
    assert.equal(strict._allEventsMeta.count, loose._allEventsMeta.count - 1);
    const validOnly = await data(emu, `{ allEvents(filter: {id: {eq: "${id}"}, _isValid: {eq: true}}) { id } }`, { headers: DRAFTS });
    assert.deepEqual(validOnly.allEvents, []);
  });

  test('a required field is non-null in the strict schema and a query relying on it validates', async () => {
    const res = await gql(emu, 'query($v: String!) { allArticles(first: 1) { title } } ', { headers: STRICT, variables: { v: 'x' } });
    assert.equal(res.errors?.[0]?.extensions?.code, 'variableNotUsed');
    const ok = await data(emu, '{ allArticles(first: 3) { title slug } }', { headers: STRICT });
    assert.ok(ok.allArticles.every((a: { title: string }) => typeof a.title === 'string'));
  });
});
