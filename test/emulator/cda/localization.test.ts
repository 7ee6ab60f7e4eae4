import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { cma, data, gql } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 30, jobDurationMs: 1 }, (started) => (emu = started.emulator));

async function firstArticle(): Promise<{ id: string; slug: string }> {
  return (await data(emu, '{ allArticles(first: 1, orderBy: _createdAt_ASC) { id slug } }')).allArticles[0];
}

describe('locales', () => {
  test('the default locale without `locale`; `locale` cascades to fields and linked records; a field can override it', async () => {
    const { slug } = await firstArticle();
    const query = `{ en: article(filter: {slug: {eq: "${slug}"}}) { title author { bio } }
      it: article(locale: it, filter: {slug: {eq: "${slug}"}}) { title enTitle: title(locale: en) author { bio } } }`;
    const result = await data(emu, query);
    const stored: any = [...emu.store.environment().items.values()].find((i) => i.attributes.slug === slug)!;
    assert.equal(result.en.title, stored.published!.title.en);
    assert.equal(result.it.title, stored.published!.title.it);
    assert.equal(result.it.enTitle, stored.published!.title.en);
    assert.notEqual(result.en.author.bio, result.it.author.bio);
  });

  test('fallbackLocales (query or field level) fill null and "" values in order', async () => {
    const { id } = await firstArticle();
    const stored: any = emu.store.environment().items.get(id)!;
    const excerpt = { en: stored.attributes.excerpt.en, it: '' };
    await cma(emu, 'PUT', `/items/${id}`, { data: { type: 'item', id, attributes: { excerpt } } });
    await cma(emu, 'PUT', `/items/${id}/publish`);
    const filter = `filter: {id: {eq: "${id}"}}`;
    const result = await data(
      emu,
      `{ plain: article(locale: it, ${filter}) { excerpt }
         query: article(locale: it, fallbackLocales: [en], ${filter}) { excerpt }
         field: article(locale: it, ${filter}) { excerpt(fallbackLocales: [en]) }
         all: article(${filter}) { _allExcerptLocales { locale value } withFallback: _allExcerptLocales(fallbackLocales: [en]) { locale value } } }`,
    );
    assert.equal(result.plain.excerpt, '');
    assert.equal(result.query.excerpt, excerpt.en);
    assert.equal(result.field.excerpt, excerpt.en);
    assert.deepEqual(result.all._allExcerptLocales, [
      { locale: 'en', value: excerpt.en },
      { locale: 'it', value: '' },
    ]);
    assert.deepEqual(result.all.withFallback[1], { locale: 'it', value: excerpt.en });
  });

  test('filters read the query locale; _locales lists and filters the locales a record has', async () => {
    const italian = await data(
      emu,
      '{ allArticles(first: 500, locale: it, filter: {title: {matches: {pattern: "^pomodori"}}}) { title } }',
    );
    assert.ok(italian.allArticles.length > 0);
    assert.ok(italian.allArticles.every((a: { title: string }) => /^Pomodori/.test(a.title)));
    const english = await data(emu, '{ allArticles(first: 500, filter: {title: {matches: {pattern: "^pomodori"}}}) { title } }');
    assert.deepEqual(english.allArticles, []);
    const { id } = await firstArticle();
    const stored: any = emu.store.environment().items.get(id)!;
    const onlyEn = (value: Record<string, unknown> | null) => (value ? { en: value.en } : value);
    const localized = ['title', 'excerpt', 'body', 'content', 'seo'];
    const attributes = Object.fromEntries(localized.map((k) => [k, onlyEn(stored.attributes[k])]));
    await cma(emu, 'PUT', `/items/${id}`, { data: { type: 'item', id, attributes } });
    await cma(emu, 'PUT', `/items/${id}/publish`);
    const result = await data(
      emu,
      `{ article(filter: {id: {eq: "${id}"}}) { _locales } allArticles(first: 500, filter: {_locales: {notIn: [it]}}) { id } }`,
    );
    assert.deepEqual(result.article._locales, ['en']);
    assert.deepEqual(
      result.allArticles.map((a: { id: string }) => a.id),
      [id],
    );
  });

  test('locale values are the SiteLocale enum: an unknown one is a validation error', async () => {
    const res = await gql(emu, '{ allArticles(locale: fr) { id } }');
    assert.equal(res.status, 200);
    assert.equal(res.data, undefined);
    assert.match(res.errors![0].message, /SiteLocale/);
    assert.deepEqual((await data(emu, '{ _site { locales } }'))._site.locales, ['en', 'it']);
  });
});
