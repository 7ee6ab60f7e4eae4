// The generator, field type by field type: the declared type of each value, and (compiled with strict) that the
// values documents hold are accepted and wrong ones refused. Naming collisions, locales, blocks, drafts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import { FIELD_TYPES } from '../../src/schema';
import { generateTypes } from '../../src/schemaCode/typesGenerator';
import { pascalCase, typeNames } from '../../src/schemaCode/typesNaming';
import { compile } from './compileTypes';

let nextId = 0;
const model = (apiKey: string, attributes: Record<string, unknown> = {}): Resource<'item_type'> => ({
  id: `model${++nextId}`,
  type: 'item_type',
  attributes: { name: apiKey, api_key: apiKey, modular_block: false, ...attributes },
  relationships: {},
  meta: {},
});
const field = (
  owner: Resource<'item_type'>,
  apiKey: string,
  fieldType: string,
  extra: Record<string, unknown> = {},
): Resource<'field'> => ({
  id: `field${++nextId}`,
  type: 'field',
  attributes: {
    label: apiKey,
    api_key: apiKey,
    field_type: fieldType,
    localized: false,
    validators: {},
    position: nextId,
    hint: null,
    ...extra,
  },
  relationships: { item_type: { data: { type: 'item_type', id: owner.id } } },
  meta: {},
});

const block = model('image_block', { modular_block: true, name: 'Image block' });
const quote = model('quote_block', { modular_block: true });
const article = model('article', { name: 'Article', hint: 'Posts */ and news' });
const blockFields = [field(block, 'caption', 'string', { validators: { required: {} } }), field(quote, 'quote', 'text')];
/** one field per type, plus validator variants; values that fit, and values that do not */
const cases: { key: string; type: string; extra?: Record<string, unknown>; declared: string; good: string[]; bad: string[] }[] = [
  { key: 'plain_string', type: 'string', declared: 'string | null', good: ['"x"', 'null'], bad: ['1'] },
  {
    key: 'enum_string',
    type: 'string',
    extra: { validators: { enum: { values: ['a', "it's"] }, required: {} } },
    declared: "'a' | 'it\\'s'",
    good: ['"a"', '"it\'s"'],
    bad: ['"b"', 'null'],
  },
  { key: 'body_text', type: 'text', extra: { validators: { required: {} } }, declared: 'string', good: ['"x"'], bad: ['null'] },
  { key: 'flag', type: 'boolean', declared: 'boolean | null', good: ['true', 'null'], bad: ['"true"'] },
  { key: 'count', type: 'integer', declared: 'number | null', good: ['3', 'null'], bad: ['"3"'] },
  { key: 'ratio', type: 'float', declared: 'number | null', good: ['1.5'], bad: ['"1.5"'] },
  { key: 'day', type: 'date', declared: 'string | null', good: ['"2024-01-01"'], bad: ['20240101'] },
  { key: 'moment', type: 'date_time', declared: 'string | null', good: ['"2024-01-01T10:00:00Z"'], bad: ['false'] },
  {
    key: 'tint',
    type: 'color',
    declared: 'DatoColor | null',
    good: ['{ "red": 1, "green": 2, "blue": 3, "alpha": 255 }', '{ "red": 1, "green": 2, "blue": 3 }'],
    bad: ['"#fff"', '{ "red": 1 }'],
  },
  { key: 'data', type: 'json', declared: 'string | null', good: ['"[1]"'], bad: ['[1]'] },
  {
    key: 'tags',
    type: 'json',
    extra: {
      appearance: {
        editor: 'string_multi_select',
        parameters: {
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
          ],
        },
      },
    },
    declared: 'string | null',
    good: ['"[\\"a\\"]"'],
    bad: [],
  },
  {
    key: 'where',
    type: 'lat_lon',
    declared: 'DatoLatLon | null',
    good: ['{ "latitude": 1, "longitude": 2 }'],
    bad: ['{ "lat": 1, "lng": 2 }'],
  },
  {
    key: 'seo',
    type: 'seo',
    declared: 'DatoSeo | null',
    good: ['{ "title": "t", "description": null, "image": null, "twitter_card": "summary", "no_index": false }', 'null'],
    bad: ['{ "twitter_card": "big" }'],
  },
  {
    key: 'seo_required',
    type: 'seo',
    extra: { validators: { required_seo_fields: { title: true } } },
    declared: 'DatoSeo',
    good: ['{ "title": "t" }'],
    bad: ['null'],
  },
  { key: 'slug', type: 'slug', declared: 'string | null', good: ['"a-b"'], bad: ['1'] },
  {
    key: 'clip',
    type: 'video',
    declared: 'DatoVideo | null',
    good: [
      '{ "provider": "vimeo", "provider_uid": "1", "url": "https://vimeo.com/1", "width": 1, "height": 1, "thumbnail_url": "x", "title": "t" }',
    ],
    bad: ['{ "provider": "dailymotion", "provider_uid": "1", "url": "u" }'],
  },
  {
    key: 'cover',
    type: 'file',
    declared: 'DatoFile | null',
    good: ['{ "upload_id": "u1", "alt": null, "title": null, "custom_data": {}, "focal_point": { "x": 0.5, "y": 0.5 } }'],
    bad: ['"u1"'],
  },
  { key: 'photos', type: 'gallery', declared: 'DatoFile[]', good: ['[]', '[{ "upload_id": "u1" }]'], bad: ['null', '["u1"]'] },
  {
    key: 'author',
    type: 'link',
    extra: { validators: { item_item_type: { item_types: [article.id] } } },
    declared: 'string | null',
    good: ['"rec1"', 'null'],
    bad: ['{ "id": "rec1" }'],
  },
  { key: 'related', type: 'links', declared: 'string[]', good: ['["a", "b"]'], bad: ['"a"'] },
  {
    key: 'sections',
    type: 'rich_text',
    extra: { validators: { rich_text_blocks: { item_types: [block.id, quote.id] } } },
    declared: 'Array<ImageBlock | QuoteBlock>',
    good: [
      '[]',
      `[{ "id": "b1", "item_type": { "type": "item_type", "id": "${block.id}" }, "caption": "c" }, { "item_type": { "type": "item_type", "id": "${quote.id}" }, "quote": null }]`,
    ],
    bad: [
      `[{ "id": "b1", "item_type": { "type": "item_type", "id": "${block.id}" }, "caption": 1 }]`,
      '["b1"]',
      `[{ "item_type": { "type": "item_type", "id": "${article.id}" }, "caption": "c" }]`,
    ],
  },
  {
    key: 'hero',
    type: 'single_block',
    extra: { validators: { single_block_blocks: { item_types: [block.id] } } },
    declared: 'ImageBlock | null',
    good: ['null', `{ "item_type": { "type": "item_type", "id": "${block.id}" }, "caption": "c" }`],
    bad: [`{ "item_type": { "type": "item_type", "id": "${block.id}" } }`],
  },
  {
    key: 'story',
    type: 'structured_text',
    extra: {
      validators: {
        structured_text_blocks: { item_types: [quote.id] },
        structured_text_inline_blocks: { item_types: [] },
        structured_text_links: { item_types: [article.id] },
      },
    },
    declared: 'DatoStructuredText<QuoteBlock, never> | null',
    good: [
      'null',
      `{ "schema": "dast", "document": { "type": "root", "children": [{ "type": "heading", "level": 2, "children": [{ "type": "span", "value": "Hi", "marks": ["strong"] }, { "type": "itemLink", "item": "rec1", "children": [{ "type": "span", "value": "x" }] }] }, { "type": "block", "item": { "id": "q1", "item_type": { "type": "item_type", "id": "${quote.id}" }, "quote": "q" } }, { "type": "list", "style": "bulleted", "children": [{ "type": "listItem", "children": [{ "type": "paragraph", "children": [{ "type": "span", "value": "x" }] }] }] }] } }`,
    ],
    bad: [
      '{ "schema": "dast", "document": { "type": "root", "children": [{ "type": "heading", "level": 7, "children": [] }] } }',
      `{ "schema": "dast", "document": { "type": "root", "children": [{ "type": "block", "item": { "item_type": { "type": "item_type", "id": "${block.id}" }, "caption": "c" } }] } }`,
      '{ "schema": "dast", "document": { "type": "root", "children": [{ "type": "paragraph", "children": [{ "type": "inlineBlock", "item": "x" }] }] } }',
    ],
  },
];
const articleFields = cases.map((c) => field(article, c.key, c.type, c.extra));
const localized = field(article, 'title', 'string', {
  localized: true,
  validators: { required: {} },
  label: 'Title',
  hint: 'Shown */ on top',
});

const generate = (itemTypes: Resource<'item_type'>[], fields: Resource<'field'>[], locales = ['en', 'pt-BR']) =>
  generateTypes({
    projectName: 'Blog\n*/ x',
    environment: 'main',
    generatedAt: new Date('2026-01-01T00:00:00Z'),
    schema: {
      locales,
      itemTypes,
      fieldsOf: (id) => fields.filter((f) => (f.relationships['item_type']?.data as { id: string }).id === id),
    },
  });
const text = generate([article, block, quote], [...articleFields, localized, ...blockFields]);
/** The declared type of a property of an interface in the generated text. */
const declared = (typeName: string, key: string) => {
  const body = new RegExp(`export interface ${typeName} \\{([\\s\\S]*?)\\n\\}`).exec(text)?.[1] ?? '';
  return new RegExp(`\\n  ${key}\\??: (.*);`).exec(body)?.[1];
};
/** Diagnostics of `const v: Article['key'] = value;`. */
const check = (key: string, value: string) =>
  compile({
    'types.ts': text,
    'use.ts': `import type { Article } from './types';\nexport const v: Article[${JSON.stringify(key)}] = ${value};\n`,
  });

describe('generated types', () => {
  test('the file compiles with strict, header and comments cannot break out', () => {
    assert.deepEqual(compile({ 'types.ts': text }), []);
    assert.match(text, /^\/\/ TypeScript types of the DatoCMS project "Blog \*\\\/ x", environment main,/);
    assert.match(text, /Posts \*\\\/ and news/);
  });
  test('every field type is covered', () => {
    assert.deepEqual([...new Set(cases.map((c) => c.type))].sort(), [...FIELD_TYPES].sort());
  });
  for (const c of cases) {
    test(`${c.type} field "${c.key}": ${c.declared}`, () => {
      assert.equal(declared('Article', c.key), c.declared);
      for (const value of c.good) assert.deepEqual(check(c.key, value), [], value);
      for (const value of c.bad) assert.notDeepEqual(check(c.key, value), [], `${value} should be refused`);
    });
  }
  test("localized values are keyed by the project's locales, partial unless the model requires all", () => {
    assert.equal(declared('Article', 'title'), 'DatoLocalized<string>');
    assert.deepEqual(check('title', '{ "en": "Hi" }'), []);
    assert.deepEqual(check('title', '{ "en": "Hi", "pt-BR": "Oi" }'), []);
    assert.notDeepEqual(check('title', '{ "fr": "Salut" }'), []);
    assert.notDeepEqual(check('title', '"Hi"'), []);
    assert.notDeepEqual(check('title', '{ "en": null }'), []);
    const strict = model('event', { all_locales_required: true });
    const out = generate([strict], [field(strict, 'name', 'string', { localized: true })]);
    assert.match(out, /name: DatoAllLocales<string \| null>;/);
    const use = (value: string) =>
      compile({ 'types.ts': out, 'use.ts': `import type { Event } from './types';\nexport const v: Event['name'] = ${value};\n` });
    assert.deepEqual(use('{ "en": "a", "pt-BR": null }'), []);
    assert.notDeepEqual(use('{ "en": "a" }'), []);
  });
  test('a model that saves drafts keeps required fields nullable', () => {
    const drafts = model('draft_post', { draft_saving_active: true });
    const out = generate([drafts], [field(drafts, 'headline', 'string', { validators: { required: {} } })]);
    assert.match(out, /headline: string \| null;/);
  });
  test('a record carries position on sortable models, parent_id on trees, and its $readonly', () => {
    const tree = model('page', { tree: true });
    const out = generate([tree], [field(tree, 'title', 'string')]);
    assert.match(out, /position: number;\n[\s\S]*parent_id: string \| null;\n {2}\$readonly\?: DatoRecordReadonly<'model\d+'>;/);
    assert.doesNotMatch(text.slice(text.indexOf('export interface Article')), /position: number;/);
    const doc = `{ "title": null, "position": 1, "parent_id": null, "$readonly": { "id": "r", "type": "item", "item_type": { "type": "item_type", "id": "${tree.id}" }, "meta": { "status": "draft" } } }`;
    assert.deepEqual(compile({ 'types.ts': out, 'use.ts': `import type { Page } from './types';\nexport const v: Page = ${doc};\n` }), []);
  });
  test('field comments carry the label, hint and rules', () => {
    assert.match(text, /\* Title: Shown \*\\\/ on top\n {3}\* `string`; localized; required\n/);
    assert.match(text, /\* author\n {3}\* `link` \(id of a record\); links to: Article\n/);
    assert.match(text, /\* tags\n {3}\* `json` \(JSON text\); an array of: a, b\n/);
  });
  test('DatoModels and DatoBlocks map api_keys to types', () => {
    assert.match(text, /export interface DatoModels \{\n {2}article: Article;\n\}/);
    assert.match(text, /export interface DatoBlocks \{\n {2}image_block: ImageBlock;\n {2}quote_block: QuoteBlock;\n\}/);
  });
});

describe('type names', () => {
  test('api_keys in PascalCase', () => {
    assert.equal(pascalCase('blog_post'), 'BlogPost');
    assert.equal(pascalCase('a1_b2'), 'A1B2');
  });
  test("collisions with each other, the file's own types and global types get a suffix", () => {
    const names = typeNames(
      [
        { id: '1', apiKey: 'a_b', isBlock: false },
        { id: '2', apiKey: 'a__b', isBlock: false },
        { id: '3', apiKey: 'ab', isBlock: true },
        { id: '4', apiKey: 'dato_file', isBlock: false },
        { id: '5', apiKey: 'record', isBlock: false },
        { id: '6', apiKey: 'a_b_model', isBlock: false },
        { id: '7', apiKey: 'a___b', isBlock: false },
      ],
      ['DatoFile'],
    );
    assert.deepEqual(Object.fromEntries(names), {
      1: 'AB',
      2: 'AB2',
      3: 'Ab',
      4: 'DatoFileModel',
      5: 'RecordModel',
      6: 'ABModel',
      7: 'AB3',
    });
    assert.equal(new Set(names.values()).size, names.size);
  });
  test('a model named like a helper type still compiles and keeps the helper', () => {
    const clash = model('dato_file');
    const out = generate([clash], [field(clash, 'cover', 'file')]);
    assert.match(out, /export interface DatoFileModel \{\n[\s\S]*cover: DatoFile \| null;/);
    assert.deepEqual(compile({ 'types.ts': out }), []);
  });
});
