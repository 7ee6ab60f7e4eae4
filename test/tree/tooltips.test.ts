import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { describeQuery } from '../../src/listing/recordQuery';
import {
  escapeMarkdown,
  fieldTooltip,
  localeCoverage,
  modelTooltip,
  recordsTooltip,
  recordTooltip,
  webhookTooltip,
  type TooltipFormat,
} from '../../src/tree/tooltips';
import { formatMessage } from '../../src/platform/translate';

const format: TooltipFormat = {
  t: formatMessage,
  numbers: new Intl.NumberFormat('en'),
  dates: () => ({ short: (iso: string) => iso, exact: (iso: string) => `<${iso.slice(0, 10)}>`, timeZone: 'UTC' }),
};
const resource = <T extends string>(
  type: T,
  id: string,
  attributes: Record<string, unknown>,
  extra: Partial<Resource<T>> = {},
): Resource<T> => ({ id, type, attributes, relationships: {}, meta: {}, ...extra });

describe('query descriptions', () => {
  test('show every filter with its value, the order with its direction, the locale and the version', () => {
    assert.equal(
      describeQuery({
        filters: [{ field: 'featured', operator: 'eq', value: true }],
        order: { field: 'published_at', direction: 'DESC' },
        locale: 'it',
      }),
      'featured = true · order: published_at ↓ · it',
    );
    assert.equal(describeQuery({ filters: [{ field: 'featured', operator: 'eq', value: false }] }), 'featured = false');
    assert.equal(
      describeQuery({
        search: 'pasta',
        filters: [
          { field: 'rating', operator: 'gte', value: 3 },
          { field: 'slug', operator: 'neq', value: 'old-post' },
          { field: 'title', operator: 'matches', value: { pattern: 'soup', case_sensitive: false } },
          { field: '_status', operator: 'in', value: ['draft', 'updated'] },
          { field: 'cover', operator: 'exists', value: true },
          { field: 'place', operator: 'near', value: { latitude: 45.46, longitude: 9.19, radius: 1000 } },
        ],
        order: { field: 'title', direction: 'ASC' },
        version: 'published',
      }),
      '"pasta" · rating ≥ 3 · slug ≠ "old-post" · title matches "soup" · _status in (draft, updated) · cover exists · place near 45.46, 9.19 (1000 m) · order: title ↑ · published',
    );
    assert.equal(describeQuery({}), '');
  });
});

describe('tooltips', () => {
  test('a model: API key, kind, counts, hint', () => {
    const model = resource(
      'item_type',
      'M1',
      { name: 'Blog *post*', api_key: 'blog_post', sortable: true, hint: 'Posts [shown](https://x) on the blog' },
      {
        relationships: {
          fields: {
            data: [
              { type: 'field', id: 'a' },
              { type: 'field', id: 'b' },
            ],
          },
        },
      },
    );
    const text = modelTooltip(model, 1200, format);
    assert.match(text, /^\*\*Blog \\\*post\\\*\*\*/);
    assert.match(text, /`blog_post` · Sortable model/);
    assert.match(text, /2 fields · 1,200 records/);
    assert.match(text, /Hint: Posts \\\[shown\\\]\\\(https:\/\/x\\\) on the blog/);
    assert.doesNotMatch(
      modelTooltip(resource('item_type', 'B', { name: 'Quote', api_key: 'quote', modular_block: true }), undefined, format),
      /records/,
    );
    assert.match(
      modelTooltip(resource('item_type', 'B', { name: 'Quote', api_key: 'quote', modular_block: true }), undefined, format),
      /Block model/,
    );
  });

  test('a field: type, localized, validators with their parameters', () => {
    const text = fieldTooltip(
      resource('field', 'F1', {
        label: 'Title',
        api_key: 'title',
        field_type: 'string',
        localized: true,
        validators: { required: {}, length: { min: 3, max: 80 }, enum: { values: ['a', 'b'] } },
      }),
      format,
    );
    assert.match(text, /`title` · `string`/);
    assert.match(text, /Localized: yes/);
    assert.match(text, /Validators: required, length \\\(min 3, max 80\\\), enum \\\(values a, b\\\)/);
    assert.match(
      fieldTooltip(
        resource('field', 'F2', { label: 'Body', api_key: 'body', field_type: 'text', localized: false, validators: {} }),
        format,
      ),
      /Localized: no {2}\nValidators: none/,
    );
  });

  test('a record: title, id, status, updated, and which locales are filled', () => {
    const fields = [
      resource('field', 'f1', { api_key: 'title', localized: true }),
      resource('field', 'f2', { api_key: 'body', localized: true }),
      resource('field', 'f3', { api_key: 'price', localized: false }),
    ];
    const record = resource(
      'item',
      'R1',
      { title: { en: 'Hello', it: '', de: null }, body: { en: 'x', fr: 'y' }, price: 3 },
      { meta: { status: 'updated', updated_at: '2026-03-04T10:00:00Z' } },
    );
    const coverage = localeCoverage(record, fields, ['en', 'it', 'de', 'fr']);
    assert.deepEqual(coverage, { present: ['en', 'fr'], all: ['en', 'it', 'de', 'fr'] });
    const text = recordTooltip(record, 'Hello <b>world</b>', coverage, format, format.dates('bistro'));
    assert.match(text, /^\*\*Hello \\<b\\>world\\<\/b\\>\*\*/);
    assert.match(text, /ID `R1` · updated/);
    assert.match(text, /Updated <2026-03-04>/);
    assert.match(text, /Locales: en, fr \(2 of 4\)/);
    assert.doesNotMatch(text, /datocms:|\.json/, 'no internal path');
    assert.doesNotMatch(
      recordTooltip(record, 'Hello', { present: ['en'], all: ['en'] }, format, format.dates('bistro')),
      /Locales/,
      'one locale: nothing to cover',
    );
  });

  test('a webhook: url, events, enabled', () => {
    const text = webhookTooltip(
      resource('webhook', 'W1', {
        name: 'Deploy',
        url: 'https://hooks.example/build?x=1',
        enabled: false,
        events: [
          { entity_type: 'item', event_types: ['publish', 'unpublish'] },
          { entity_type: 'upload', event_types: ['delete'] },
        ],
      }),
      format,
    );
    assert.match(text, /URL: `https:\/\/hooks\.example\/build\?x=1`/);
    assert.match(text, /Events: item: publish, unpublish; upload: delete/);
    assert.match(text, /Enabled: no/);
  });

  test('the Records node: counts and the whole query, one part per line', () => {
    const text = recordsTooltip(
      'Article',
      {
        search: 'pasta',
        filters: [{ field: 'featured', operator: 'eq', value: true }],
        order: { field: 'published_at', direction: 'DESC' },
        locale: 'it',
        version: 'published',
      },
      { loaded: 30, total: 1234 },
      format,
    );
    assert.equal(
      text,
      '**Records of Article**\n\n30 loaded of 1,234  \nSearch: "pasta"  \nFilter: featured = true  \nOrder: published\\_at ↓  \nLocale: it  \nVersion: published',
    );
    assert.match(recordsTooltip('Article', {}, undefined, format), /All records, in the model's order/);
  });

  test('escapes Markdown and HTML from content', () => {
    assert.equal(escapeMarkdown('a *b* [c](d) <img src=x> `e`\nf'), 'a \\*b\\* \\[c\\]\\(d\\) \\<img src=x\\> \\`e\\` f');
  });
});
