import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { dastText } from '../items.js';
import type { StoredItem } from '../store.js';
import { cma, data, gql } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 60, jobDurationMs: 1 }, (started) => (emu = started.emulator));

interface Rec {
  id: string;
  a: Record<string, any>;
  item: StoredItem;
}

/** The published records of a model, read from the store: the independent side of each comparison. */
function published(apiKey: string): Rec[] {
  const env = emu.store.environment();
  const model = [...env.itemTypes.values()].find((it) => it.attributes.api_key === apiKey)!;
  return env.recordsByType
    .get(model.id)!
    .filter((r) => r.published)
    .map((r) => ({ id: r.id, a: r.published!, item: r }));
}

async function ids(collection: string, filter: string, headers: Record<string, string> = {}): Promise<string[]> {
  const result = await data(emu, `{ x: ${collection}(first: 500, filter: ${filter}) { id } }`, { headers });
  return result.x.map((r: { id: string }) => r.id).sort();
}

function expected(records: Rec[], keep: (r: Rec) => boolean): string[] {
  return records
    .filter(keep)
    .map((r) => r.id)
    .sort();
}

/** Compares, and makes sure the case tells records apart (some match, some do not) unless `trivial`. */
async function same(collection: string, filter: string, records: Rec[], keep: (r: Rec) => boolean, trivial = false): Promise<void> {
  const want = expected(records, keep);
  if (!trivial)
    assert.ok(want.length > 0 && want.length < records.length, `${filter} should split the records (${want.length}/${records.length})`);
  assert.deepEqual(await ids(collection, filter), want, filter);
}

describe('filters per field type', () => {
  test('string: matches (regexp, plain, case), notMatches, eq, neq, in, notIn, isBlank, isPresent', async () => {
    const articles = published('article');
    const en = (r: Rec) => r.a.title.en as string;
    await same('allArticles', '{title: {matches: {pattern: "^(smoked|wild) "}}}', articles, (r) => /^(smoked|wild) /i.test(en(r)));
    await same('allArticles', '{title: {matches: {pattern: "Smoked", caseSensitive: true}}}', articles, (r) => en(r).includes('Smoked'));
    await same('allArticles', '{title: {matches: {pattern: "smoked", caseSensitive: true}}}', articles, () => false, true);
    await same('allArticles', '{title: {matches: {pattern: "(", regexp: false}}}', articles, (r) => en(r).includes('('), true);
    await same('allArticles', '{title: {notMatches: {pattern: "friends"}}}', articles, (r) => !/friends/i.test(en(r)));
    const authors = published('author');
    await same('allAuthors', '{role: {eq: "chef"}}', authors, (r) => r.a.role === 'chef');
    await same('allAuthors', '{role: {neq: "chef"}}', authors, (r) => r.a.role !== 'chef');
    await same('allAuthors', '{role: {in: ["critic", "guest"]}}', authors, (r) => ['critic', 'guest'].includes(r.a.role));
    await same('allAuthors', '{role: {in: []}}', authors, () => false, true);
    await same('allAuthors', '{role: {notIn: []}}', authors, () => true, true);
    await same('allAuthors', '{role: {notIn: ["chef"]}}', authors, (r) => r.a.role !== 'chef');
    await same('allAuthors', '{email: {isPresent: true}}', authors, (r) => !!r.a.email, true);
    await same('allAuthors', '{email: {isBlank: true}}', authors, (r) => !r.a.email, true);
  });

  test('negations take records without a value; isBlank counts "" as blank', async () => {
    const author = published('author')[0]!;
    await cma(emu, 'PUT', `/items/${author.id}`, { data: { type: 'item', id: author.id, attributes: { role: null, email: '' } } });
    await cma(emu, 'PUT', `/items/${author.id}/publish`);
    const authors = published('author');
    assert.ok((await ids('allAuthors', '{role: {neq: "chef"}}')).includes(author.id));
    assert.ok((await ids('allAuthors', '{role: {notIn: ["chef"]}}')).includes(author.id));
    assert.ok(!(await ids('allAuthors', '{role: {in: ["chef", "critic", "guest", "sommelier"]}}')).includes(author.id));
    await same('allAuthors', '{email: {isBlank: true}}', authors, (r) => !r.a.email);
    await same('allAuthors', '{email: {isPresent: true}}', authors, (r) => !!r.a.email);
  });

  test('text and structured text: matches, isBlank; slug: eq, in, notIn', async () => {
    const articles = published('article');
    await same('allArticles', '{excerpt: {matches: {pattern: "patience"}}}', articles, (r) => /patience/i.test(r.a.excerpt.en ?? ''));
    await same('allArticles', '{body: {matches: {pattern: "olive oil"}}}', articles, (r) => /olive oil/i.test(dastText(r.a.body.en)));
    await same('allArticles', '{body: {isPresent: true}}', articles, (r) => r.a.body.en !== null, true);
    const slugs = articles.slice(0, 2).map((r) => r.a.slug as string);
    await same('allArticles', `{slug: {eq: "${slugs[0]}"}}`, articles, (r) => r.a.slug === slugs[0]);
    await same('allArticles', `{slug: {in: ${JSON.stringify(slugs)}}}`, articles, (r) => slugs.includes(r.a.slug));
    await same('allArticles', `{slug: {notIn: ${JSON.stringify(slugs)}}}`, articles, (r) => !slugs.includes(r.a.slug));
  });

  test('integer, float, boolean, date: comparisons, exists', async () => {
    const articles = published('article');
    await same('allArticles', '{readingTime: {gt: 8}}', articles, (r) => r.a.reading_time > 8);
    await same('allArticles', '{readingTime: {lte: 8, gte: 4}}', articles, (r) => r.a.reading_time <= 8 && r.a.reading_time >= 4);
    const someTime = articles.find((r) => r.a.reading_time !== null)!.a.reading_time;
    await same('allArticles', `{readingTime: {neq: ${someTime}}}`, articles, (r) => r.a.reading_time !== someTime);
    await same('allArticles', '{rating: {exists: true}}', articles, (r) => r.a.rating !== null);
    await same('allArticles', '{rating: {gte: 4.0}}', articles, (r) => r.a.rating !== null && r.a.rating >= 4);
    await same('allArticles', '{featured: {eq: true}}', articles, (r) => r.a.featured === true);
    await same('allArticles', '{featured: {eq: false}}', articles, (r) => r.a.featured !== true);
    const dates = articles
      .map((r) => r.a.published_on as string | null)
      .filter((d): d is string => d !== null)
      .sort();
    const middle = dates[Math.floor(dates.length / 2)]!;
    await same('allArticles', `{publishedOn: {gt: "${middle}"}}`, articles, (r) => r.a.published_on !== null && r.a.published_on > middle);
    await same('allArticles', '{publishedOn: {exists: false}}', articles, (r) => r.a.published_on === null, true);
  });

  test('date_time: arguments truncated to the minute; eq/neq mean within/outside that minute', async () => {
    const events = published('event');
    const first = [...events].sort((x, y) => Date.parse(x.a.starts_at) - Date.parse(y.a.starts_at))[1]!;
    const at = Date.parse(first.a.starts_at);
    const withSeconds = new Date(at + 42_000).toISOString();
    await same('allEvents', `{startsAt: {eq: "${withSeconds}"}}`, events, (r) => Date.parse(r.a.starts_at) === at);
    await same('allEvents', `{startsAt: {neq: "${withSeconds}"}}`, events, (r) => Date.parse(r.a.starts_at) !== at);
    await same('allEvents', `{startsAt: {gte: "${first.a.starts_at}"}}`, events, (r) => Date.parse(r.a.starts_at) >= at);
    await same('allEvents', `{startsAt: {lt: "${withSeconds}"}}`, events, (r) => Date.parse(r.a.starts_at) < at);
  });

  test('link, links, file, gallery: ids; lat_lon near; color, json, seo, video: exists', async () => {
    const articles = published('article');
    const author = articles[0]!.a.author as string;
    await same('allArticles', `{author: {eq: "${author}"}}`, articles, (r) => r.a.author === author);
    await same('allArticles', `{author: {notIn: ["${author}"]}}`, articles, (r) => r.a.author !== author);
    const category = articles.find((r) => r.a.categories.length)!.a.categories[0] as string;
    await same('allArticles', `{categories: {anyIn: ["${category}"]}}`, articles, (r) => r.a.categories.includes(category));
    await same('allArticles', `{categories: {notIn: ["${category}"]}}`, articles, (r) => !r.a.categories.includes(category));
    await same('allArticles', '{categories: {exists: true}}', articles, (r) => r.a.categories.length > 0);
    const pair = articles.find((r) => r.a.categories.length > 1)!.a.categories as string[];
    await same('allArticles', `{categories: {allIn: ${JSON.stringify(pair)}}}`, articles, (r) =>
      pair.every((c) => r.a.categories.includes(c)),
    );
    await same(
      'allArticles',
      `{categories: {eq: ${JSON.stringify(pair)}}}`,
      articles,
      (r) => JSON.stringify(r.a.categories) === JSON.stringify(pair),
    );
    const cover = articles.find((r) => r.a.cover)!.a.cover.upload_id as string;
    await same('allArticles', `{cover: {eq: "${cover}"}}`, articles, (r) => r.a.cover?.upload_id === cover);
    await same('allArticles', '{cover: {exists: false}}', articles, (r) => !r.a.cover, true);
    const dishes = published('dish');
    const photo = dishes.find((r) => r.a.photos.length)!.a.photos[0].upload_id as string;
    await same('allDishes', `{photos: {anyIn: ["${photo}"]}}`, dishes, (r) =>
      r.a.photos.some((p: { upload_id: string }) => p.upload_id === photo),
    );
    const events = published('event');
    await same(
      'allEvents',
      '{venue: {near: {latitude: 44.40, longitude: 8.94, radius: 5000}}}',
      events,
      (r) => Math.abs(r.a.venue.latitude - 44.4056) < 0.01,
    );
    await same('allEvents', '{highlightColor: {exists: true}}', events, (r) => r.a.highlight_color !== null, true);
    await same('allEvents', '{details: {exists: true}}', events, (r) => r.a.details !== null, true);
    await same('allEvents', '{teaser: {exists: true}}', events, (r) => r.a.teaser !== null, true);
    await same('allArticles', '{seo: {exists: true}}', articles, (r) => r.a.seo.en !== null, true);
  });

  test('meta filters: id, position, parent, _locales, _createdAt, _isValid; AND and OR nest', async () => {
    const dishes = published('dish');
    await same('allDishes', '{position: {gt: 5}}', dishes, (r) => r.a.position > 5);
    await same(
      'allDishes',
      `{id: {in: ["${dishes[0]!.id}", "${dishes[1]!.id}"]}}`,
      dishes,
      (r) => r.id === dishes[0]!.id || r.id === dishes[1]!.id,
    );
    const pages = published('page');
    await same('allPages', '{parent: {exists: false}}', pages, (r) => r.a.parent_id === null);
    const root = pages.find((r) => r.a.parent_id === null)!.id;
    await same('allPages', `{parent: {eq: "${root}"}}`, pages, (r) => r.a.parent_id === root);
    const articles = published('article');
    await same('allArticles', '{_locales: {allIn: [en, it]}}', articles, (r) => 'it' in r.a.title, true);
    const created = articles[10]!.item.meta.created_at;
    await same('allArticles', `{_createdAt: {gt: "${created}"}}`, articles, (r) => r.item.meta.created_at > created);
    await same('allArticles', '{_isValid: {eq: true}}', articles, () => true, true);
    await same(
      'allArticles',
      '{OR: [{readingTime: {gt: 10}}, {featured: {eq: true}}]}',
      articles,
      (r) => r.a.reading_time > 10 || r.a.featured === true,
    );
    await same(
      'allArticles',
      '{AND: [{readingTime: {gt: 3}}, {readingTime: {lt: 10}}], featured: {eq: false}}',
      articles,
      (r) => r.a.reading_time > 3 && r.a.reading_time < 10 && r.a.featured !== true,
    );
  });

  test('_status: always published without drafts; draft/updated with X-Include-Drafts', async () => {
    const drafts = { 'X-Include-Drafts': 'true' };
    assert.deepEqual(await ids('allArticles', '{_status: {neq: published}}'), []);
    const env = emu.store.environment();
    const model = [...env.itemTypes.values()].find((it) => it.attributes.api_key === 'article')!;
    const all = env.recordsByType.get(model.id)!;
    const byStatus = (s: string) =>
      all
        .filter((r) => r.meta.status === s)
        .map((r) => r.id)
        .sort();
    assert.deepEqual(await ids('allArticles', '{_status: {eq: draft}}', drafts), byStatus('draft'));
    assert.deepEqual(await ids('allArticles', '{_status: {in: [updated]}}', drafts), byStatus('updated'));
    assert.ok(byStatus('draft').length > 0 && byStatus('updated').length > 0);
  });

  test('deep filtering over modular content once the field enables it: any, containsAny, exists', async () => {
    const before = await gql(emu, '{ allArticles(filter: {content: {exists: true}}) { id } }');
    assert.equal(before.errors?.[0]?.extensions?.code, 'argumentLiteralsIncompatible');
    await cma(emu, 'PUT', '/fields/article::content', {
      data: { type: 'field', id: 'article::content', attributes: { deep_filtering_enabled: true } },
    });
    const articles = published('article');
    const blocks = (r: Rec) => ((r.a.content.en ?? []) as string[]).map((id) => emu.store.environment().items.get(id)!);
    const apiKeyOf = (b: StoredItem) => emu.store.environment().itemTypes.get(b.itemTypeId)!.attributes.api_key;
    await same('allArticles', '{content: {exists: true}}', articles, (r) => blocks(r).length > 0, true);
    await same(
      'allArticles',
      '{content: {containsAny: {quoteBlock: true, ctaBlock: false}}}',
      articles,
      (r) => blocks(r).some((b) => apiKeyOf(b) === 'quote_block') && !blocks(r).some((b) => apiKeyOf(b) === 'cta_block'),
    );
    await same('allArticles', '{content: {any: {quoteBlock: {quote: {matches: {pattern: "bread"}}}}}}', articles, (r) =>
      blocks(r).some((b) => apiKeyOf(b) === 'quote_block' && /bread/i.test(String((b.published ?? b.attributes).quote))),
    );
  });

  test('deep filtering over structured text: the text filters move under `value`, block filters under `blocks`', async () => {
    await cma(emu, 'PUT', '/fields/article::body', {
      data: { type: 'field', id: 'article::body', attributes: { deep_filtering_enabled: true } },
    });
    const shape = await data(emu, '{ __type(name: "ArticleModelBodyFieldFilter") { inputFields { name type { name } } } }');
    assert.deepEqual(
      shape.__type.inputFields.map((f: { name: string; type: { name: string } }) => `${f.name}:${f.type.name}`),
      ['value:StructuredTextFilter', 'blocks:ArticleModelBodyFieldBlocksFilter'],
    );
    const articles = published('article');
    const env = emu.store.environment();
    const quoteModel = emu.store.itemType(env, 'quote_block')!.id;
    const hasQuote = (r: Rec) =>
      JSON.stringify(r.a.body.en ?? null)
        .match(/"item":"[^"]+"/g)
        ?.some((m) => env.items.get(m.slice(8, -1))?.itemTypeId === quoteModel) ?? false;
    await same('allArticles', '{body: {value: {matches: {pattern: "olive oil"}}}}', articles, (r) =>
      /olive oil/i.test(dastText(r.a.body.en)),
    );
    await same('allArticles', '{body: {blocks: {containsAny: {quoteBlock: true}}}}', articles, hasQuote);
  });
});
