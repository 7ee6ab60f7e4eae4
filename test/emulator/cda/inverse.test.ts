import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { cma, createField, createRecord, data } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 40, jobDurationMs: 1 }, (started) => (emu = started.emulator));

describe('inverse relationships', () => {
  test('absent until the target model enables them', async () => {
    const type = await data(emu, '{ __type(name: "AuthorRecord") { fields { name } } }');
    assert.ok(!type.__type.fields.some((f: { name: string }) => f.name.startsWith('_allReferencing')));
  });

  test('_allReferencing<Models> and its Meta list the records linking to the record, through the paths the enum names', async () => {
    const authorModel = emu.store.itemType(emu.store.environment(), 'author')!.id;
    await cma(emu, 'PUT', '/item-types/author', {
      data: { type: 'item_type', id: 'author', attributes: { inverse_relationships_enabled: true } },
    });
    await createField(emu, 'quote_block', {
      label: 'Quoted author',
      api_key: 'quoted_author',
      field_type: 'link',
      validators: { item_item_type: { item_types: [authorModel] } },
    });
    const paths = await data(emu, '{ __type(name: "ArticleModelFieldsReferencingAuthorModel") { enumValues { name } } }');
    assert.deepEqual(
      paths.__type.enumValues.map((v: { name: string }) => v.name),
      ['article_body', 'article_body__quoteBlock_quotedAuthor', 'article_content__quoteBlock_quotedAuthor', 'article_author'],
      'camelCased model and field names, one __<block>_<field> step per block',
    );
    const args = await data(emu, '{ __type(name: "AuthorRecord") { fields { name args { name defaultValue } type { kind } } } }');
    const field = args.__type.fields.find((f: { name: string }) => f.name === '_allReferencingArticles');
    assert.deepEqual(
      field.args.map((a: { name: string; defaultValue: string | null }) => `${a.name}${a.defaultValue ? `=${a.defaultValue}` : ''}`),
      ['through', 'locale', 'fallbackLocales', 'skip', 'first=20', 'filter', 'orderBy=[_updatedAt_DESC]'],
    );
    assert.ok(args.__type.fields.some((f: { name: string }) => f.name === '_allReferencingArticlesMeta'));

    const authors = await data(
      emu,
      '{ allAuthors { id _allReferencingArticles(first: 500) { id author { id } } _allReferencingArticlesMeta { count } } }',
    );
    const env = emu.store.environment();
    const articleModel = emu.store.itemType(env, 'article')!.id;
    for (const author of authors.allAuthors) {
      const linking = env.recordsByType.get(articleModel)!.filter((r) => r.published && r.published.author === author.id);
      assert.equal(author._allReferencingArticlesMeta.count, linking.length);
      assert.ok(author._allReferencingArticles.every((a: { author: { id: string } }) => a.author.id === author.id));
    }
    const total = authors.allAuthors.reduce(
      (n: number, a: { _allReferencingArticlesMeta: { count: number } }) => n + a._allReferencingArticlesMeta.count,
      0,
    );
    assert.ok(total > 0);
  });

  test('`through` narrows to some paths and locales', async () => {
    const query = `{ allAuthors { byField: _allReferencingArticlesMeta(through: {fields: {anyIn: [article_author]}}) { count }
      notByField: _allReferencingArticlesMeta(through: {fields: {notIn: [article_author]}}) { count }
      nonLocalized: _allReferencingArticlesMeta(through: {locales: {anyIn: [_nonLocalized]}}) { count }
      all: _allReferencingArticlesMeta { count } } }`;
    const result = await data(emu, query);
    for (const a of result.allAuthors) {
      assert.equal(a.byField.count, a.nonLocalized.count, 'the author field is not localized');
      assert.ok(a.byField.count <= a.all.count && a.notByField.count <= a.all.count);
    }
    assert.ok(result.allAuthors.some((a: { byField: { count: number } }) => a.byField.count > 0));
  });
  test('paths through nested blocks: academyChapter_content__tabsBlock_tabs__tabBlock_author', async () => {
    const env = () => emu.store.environment();
    const model = async (api_key: string, block: boolean) =>
      (await cma(emu, 'POST', '/item-types', { data: { type: 'item_type', attributes: { name: api_key, api_key, modular_block: block } } }))
        .data.id as string;
    const author = emu.store.itemType(env(), 'author')!.id;
    const tab = await model('tab_block', true);
    await createField(emu, 'tab_block', {
      label: 'Author',
      api_key: 'author',
      field_type: 'link',
      validators: { item_item_type: { item_types: [author] } },
    });
    const tabs = await model('tabs_block', true);
    await createField(emu, 'tabs_block', {
      label: 'Tabs',
      api_key: 'tabs',
      field_type: 'rich_text',
      validators: { rich_text_blocks: { item_types: [tab] } },
    });
    const chapter = await model('academy_chapter', false);
    await createField(emu, 'academy_chapter', {
      label: 'Content',
      api_key: 'content',
      field_type: 'rich_text',
      validators: { rich_text_blocks: { item_types: [tabs] } },
    });
    const block = (type: string, attributes: object) => ({
      type: 'item',
      attributes,
      relationships: { item_type: { data: { type: 'item_type', id: type } } },
    });
    const someAuthor = env().recordsByType.get(author)![0]!.id;
    await createRecord(emu, chapter, { content: [block(tabs, { tabs: [block(tab, { author: someAuthor })] })] });
    const paths = await data(emu, '{ __type(name: "AcademyChapterModelFieldsReferencingAuthorModel") { enumValues { name } } }');
    assert.deepEqual(
      paths.__type.enumValues.map((v: { name: string }) => v.name),
      ['academyChapter_content__tabsBlock_tabs__tabBlock_author'],
    );
    const found = await data(
      emu,
      `{ author(filter: {id: {eq: "${someAuthor}"}}) { _allReferencingAcademyChapters(through: {fields: {anyIn: [academyChapter_content__tabsBlock_tabs__tabBlock_author]}}) { id } } }`,
    );
    assert.equal(found.author._allReferencingAcademyChapters.length, 1, 'the link two blocks deep counts');
  });
});
