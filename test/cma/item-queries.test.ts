// ItemQuery encodings reaching the emulator: each filter, ordering, locale, version and nested query must
// select exactly the records the raw seeded data says it should.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { type CmaClient, type ItemQuery, type Resource } from '../../src/cma';
import type { Emulator, StoredItem } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor } from './support';

describe('items.list queries', () => {
  let emulator: Emulator;
  let client: CmaClient;
  let articles: StoredItem[];
  let articleTypeId: string;

  /** every record of a query, fetched as one page */
  const all = async (query: ItemQuery): Promise<{ data: Resource<'item'>[]; totalCount: number }> =>
    client.items.list({ ...query, page: { limit: 500 } });
  const ids = (records: { id: string }[]) => records.map((r) => r.id).sort();
  const localized = (item: StoredItem, field: string, locale: string) =>
    (item.attributes[field] as Record<string, unknown> | null)?.[locale];

  useEmulator({ records: 200 }, (started) => {
    emulator = started.emulator;
    ({ client } = clientFor(emulator));
    const main = emulator.store.environment('main');
    const article = emulator.store.itemType(main, 'article');
    assert.ok(article);
    articleTypeId = article.id;
    articles = [...main.items.values()].filter((item) => item.itemTypeId === articleTypeId);
  });

  test('filter[type] by api_key or id selects the same records', async () => {
    const byKey = await all({ filter: { type: 'article' } });
    const byId = await all({ filter: { type: articleTypeId } });
    assert.equal(byKey.totalCount, articles.length);
    assert.deepEqual(ids(byKey.data), ids(articles));
    assert.deepEqual(ids(byId.data), ids(byKey.data));
  });

  test('filter[type] with several models joins them', async () => {
    const main = emulator.store.environment('main');
    const expected = [...main.items.values()].filter((item) => {
      const key = main.itemTypes.get(item.itemTypeId)?.attributes['api_key'];
      return key === 'author' || key === 'category';
    });
    const result = await all({ filter: { type: ['author', 'category'] } });
    assert.ok(expected.length > 0);
    assert.deepEqual(ids(result.data), ids(expected));
  });

  test('filter[ids] as an array returns exactly those records', async () => {
    const chosen = [articles[3], articles[17], articles[42]].map((item) => item?.id ?? '');
    const result = await all({ filter: { ids: chosen } });
    assert.deepEqual(ids(result.data), [...chosen].sort());
  });

  test('a boolean field filter', async () => {
    const result = await all({ filter: { type: 'article', fields: { featured: { eq: true } } } });
    const expected = articles.filter((item) => item.attributes['featured'] === true);
    assert.ok(expected.length > 0 && expected.length < articles.length, 'the seed mixes featured and not featured');
    assert.deepEqual(ids(result.data), ids(expected));
  });

  test('range operators on an integer field combine', async () => {
    const result = await all({ filter: { type: 'article', fields: { reading_time: { gte: 5, lt: 12 } } } });
    const expected = articles.filter((item) => {
      const minutes = item.attributes['reading_time'];
      return typeof minutes === 'number' && minutes >= 5 && minutes < 12;
    });
    assert.ok(expected.length > 0);
    assert.deepEqual(ids(result.data), ids(expected));
  });

  test('an array operand (slug in [...]) is sent as key[]=value pairs', async () => {
    const slugs = articles.slice(0, 3).map((item) => String(item.attributes['slug']));
    const result = await all({ filter: { type: 'article', fields: { slug: { in: slugs } } } });
    assert.deepEqual(result.data.map((r) => r.attributes['slug']).sort(), [...slugs].sort());
  });

  test('locale chooses which translation a localized filter looks at', async () => {
    const pattern = 'pomodor';
    const inItalian = articles.filter((item) =>
      String(localized(item, 'title', 'it') ?? '')
        .toLowerCase()
        .includes(pattern),
    );
    assert.ok(inItalian.length > 0, 'the seed has Italian titles with the word');
    const italian = await all({
      locale: 'it',
      filter: { type: 'article', fields: { title: { matches: { pattern, case_sensitive: false } } } },
    });
    const english = await all({ filter: { type: 'article', fields: { title: { matches: { pattern, case_sensitive: false } } } } });
    assert.deepEqual(ids(italian.data), ids(inItalian));
    assert.equal(english.totalCount, 0, 'no English title has the Italian word');
  });

  test('meta filters: _status in [...]', async () => {
    const result = await all({ filter: { type: 'article', fields: { _status: { in: ['draft', 'updated'] } } } });
    const expected = articles.filter((item) => item.meta.status === 'draft' || item.meta.status === 'updated');
    assert.ok(expected.length > 0);
    assert.deepEqual(ids(result.data), ids(expected));
  });

  test('full-text filter[query]', async () => {
    const word =
      String(localized(articles[0] as StoredItem, 'title', 'en'))
        .split(' ')[0]
        ?.toLowerCase() ?? '';
    const result = await all({ filter: { type: 'article', query: word } });
    assert.ok(result.totalCount > 0);
    assert.ok(result.totalCount < articles.length, `"${word}" does not match every article`);
    assert.ok(result.data.some((r) => r.id === articles[0]?.id));
  });

  test('order_by with several orderings sorts by the first, then the second', async () => {
    const result = await all({ filter: { type: 'article' }, order_by: ['featured_DESC', 'reading_time_ASC'] });
    const keys = result.data.map((r) => [r.attributes['featured'] === true ? 1 : 0, Number(r.attributes['reading_time'] ?? -1)] as const);
    for (let i = 1; i < keys.length; i++) {
      const [prevFeatured, prevMinutes] = keys[i - 1] ?? [0, 0];
      const [featured, minutes] = keys[i] ?? [0, 0];
      assert.ok(
        prevFeatured > featured || (prevFeatured === featured && prevMinutes <= minutes),
        `records ${i - 1} and ${i} are out of order`,
      );
    }
    assert.equal(keys[0]?.[0], 1, 'featured records come first');
  });

  test('order_by descending reverses the ascending order', async () => {
    const ascending = await all({ filter: { type: 'article' }, order_by: '_created_at_ASC' });
    const descending = await all({ filter: { type: 'article' }, order_by: '_created_at_DESC' });
    const created = (page: { data: Resource[] }) => page.data.map((r) => String(r.meta['created_at']));
    assert.deepEqual(created(ascending), [...created(ascending)].sort());
    assert.deepEqual(created(descending), [...created(ascending)].reverse());
  });

  test('version=published lists only published records, with their published content', async () => {
    const result = await all({ filter: { type: 'article' }, version: 'published' });
    const published = articles.filter((item) => item.published !== null);
    assert.ok(published.length < articles.length, 'the seed has never-published drafts');
    assert.deepEqual(ids(result.data), ids(published));
    const updated = published.find(
      (item) => item.meta.status === 'updated' && JSON.stringify(item.published?.['title']) !== JSON.stringify(item.attributes['title']),
    );
    assert.ok(updated, 'the seed has a record whose draft title differs from the published one');
    const served = result.data.find((r) => r.id === updated.id);
    assert.deepEqual(served?.attributes['title'], updated.published?.['title']);
  });

  test('nested=true expands blocks in list results', async () => {
    const page = await client.items.list({ filter: { type: 'article' }, nested: true, page: { limit: 20 } });
    const blocks = page.data.flatMap((r) => Object.values((r.attributes['content'] as Record<string, unknown[]> | null) ?? {}).flat());
    assert.ok(blocks.length > 0, 'the first articles carry blocks');
    assert.ok(blocks.every((block) => typeof block === 'object' && (block as { type?: string }).type === 'item'));
  });

  test('page[limit] above 500 is refused before anything is sent', async () => {
    emulator.clearRequests();
    await assert.rejects(client.items.list({ page: { limit: 501 } }), (error: unknown) => {
      assert.ok(error instanceof RangeError);
      assert.match(error.message, /page\.limit must be an integer from 0 to 500 \(got 501\)/);
      return true;
    });
    await assert.rejects(client.items.list({ page: { offset: -1 } }), /page\.offset must be a non-negative integer \(got -1\)/);
    assert.equal(emulator.requests.length, 0);
  });

  test('page[limit]=0 returns no records but the count', async () => {
    const page = await client.items.list({ filter: { type: 'article' }, page: { limit: 0 } });
    assert.equal(page.data.length, 0);
    assert.equal(page.totalCount, articles.length);
  });
});
