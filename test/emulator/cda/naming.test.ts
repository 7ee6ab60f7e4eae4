import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { createField, createModel, data } from './cda-http.js';
import { camelCase, modelNames, pascalCase, pluralize } from './naming.js';

describe('names derived from api_keys', () => {
  test('English plurals of the last word, with the irregular and uncountable words', () => {
    const cases: [string, string][] = [
      ['post', 'posts'],
      ['category', 'categories'],
      ['changelog_entry', 'changelog_entries'],
      ['customer_story', 'customer_stories'],
      ['industry', 'industries'],
      ['person', 'people'],
      ['sales_person', 'sales_people'],
      ['country', 'countries'],
      ['child', 'children'],
      ['woman', 'women'],
      ['box', 'boxes'],
      ['status', 'statuses'],
      ['quiz', 'quizzes'],
      ['half', 'halves'],
      ['leaf', 'leafs'],
      ['wife', 'wives'],
      ['analysis', 'analyses'],
      ['medium', 'media'],
      ['news', 'news'],
      ['series', 'series'],
      ['sheep', 'sheep'],
      ['day', 'days'],
      ['hero', 'heros'],
      ['tomato', 'tomatoes'],
      ['matrix', 'matrices'],
      ['mouse', 'mice'],
      ['section_2', 'section_2s'],
    ];
    for (const [singular, plural] of cases) assert.equal(pluralize(singular), plural, singular);
  });

  test('camel and Pascal case keep digits and drop underscores', () => {
    assert.equal(camelCase('seo_settings_social'), 'seoSettingsSocial');
    assert.equal(camelCase('quote2'), 'quote2');
    assert.equal(pascalCase('section_2_column'), 'Section2Column');
    assert.equal(pascalCase('image_block'), 'ImageBlock');
    assert.deepEqual(modelNames('blog_post'), {
      pascal: 'BlogPost',
      type: 'BlogPostRecord',
      single: 'blogPost',
      collection: 'allBlogPosts',
      meta: '_allBlogPostsMeta',
      pluralPascal: 'BlogPosts',
    });
    assert.equal(modelNames('person').collection, 'allPeople');
    assert.equal(modelNames('faq_item_2').collection, 'allFaqItem2s');
  });
});

describe('root fields of a project', () => {
  let emu: Emulator;
  useEmulator({ empty: true, jobDurationMs: 1 }, async (started) => {
    emu = started.emulator;
    for (const apiKey of ['person', 'changelog_entry', 'section_2_column', 'news']) {
      const id = await createModel(emu, { name: apiKey, api_key: apiKey });
      await createField(emu, id, { label: 'Title', api_key: 'title', field_type: 'string' });
    }
    const singleton = await createModel(emu, { name: 'Home', api_key: 'home', singleton: true });
    await createField(emu, singleton, { label: 'Title', api_key: 'title', field_type: 'string' });
    const block = await createModel(emu, { name: 'Quote', api_key: 'quote_block', modular_block: true });
    await createField(emu, block, { label: 'Text', api_key: 'text', field_type: 'string' });
    await createField(emu, singleton, {
      label: 'Quotes',
      api_key: 'quotes',
      field_type: 'rich_text',
      validators: { rich_text_blocks: { item_types: [block] } },
    });
    await createModel(emu, { name: 'Nothing yet', api_key: 'empty_model' });
  });

  test('collection, single and meta per model; one field for a singleton; none for blocks or models without fields', async () => {
    const { __schema } = await data(emu, '{ __schema { queryType { fields { name } } } }');
    const names: string[] = __schema.queryType.fields.map((f: { name: string }) => f.name);
    assert.deepEqual(names, [
      '_allChangelogEntriesMeta',
      '_allNewsMeta',
      '_allPeopleMeta',
      '_allSection2ColumnsMeta',
      '_allUploadsMeta',
      '_site',
      'allChangelogEntries',
      'allNews',
      'allPeople',
      'allSection2Columns',
      'allUploads',
      'changelogEntry',
      'home',
      'news',
      'person',
      'section2Column',
      'upload',
    ]);
    const types = await data(
      emu,
      '{ q: __type(name: "QuoteBlockRecord") { description } e: __type(name: "EmptyModelRecord") { name } p: __type(name: "PersonRecord") { description } }',
    );
    assert.equal(types.q.description, 'Block of type Quote (quote_block)');
    assert.equal(types.e, null);
    assert.equal(types.p.description, 'Record of type person (person)');
  });

  test('an empty project still answers _site and the uploads queries', async () => {
    const site = await data(emu, '{ _site { locales noIndex } _allUploadsMeta { count } }');
    assert.deepEqual(site, { _site: { locales: ['en'], noIndex: false }, _allUploadsMeta: { count: 0 } });
  });
});
