// Every writable attribute of models, fields and webhooks: accepted with a valid value (and sent alone),
// refused with an invalid one (with a message at its path).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import type { DocumentKind } from '../../src/schema';
import * as fx from './fixtures';
import { bodyOf, plan, problemAt, problemsOf } from './helpers';

const ctx = fx.context();
const fieldRef = (id: string) => ({ type: 'field', id });

interface Row {
  key: string;
  valid: unknown;
  invalid: unknown;
  relationship?: boolean;
  expect?: RegExp;
  with?: (doc: Record<string, unknown>) => void;
}

const MODEL_ROWS: Row[] = [
  { key: 'name', valid: 'Articles', invalid: '' },
  { key: 'api_key', valid: 'blog_post', invalid: 'Blog Post', expect: /lowercase/ },
  { key: 'collection_appearance', valid: 'table', invalid: 'grid', expect: /allowed: compact, table/ },
  { key: 'singleton', valid: true, invalid: 'yes' },
  { key: 'all_locales_required', valid: true, invalid: 1 },
  { key: 'sortable', valid: true, invalid: null },
  {
    key: 'modular_block',
    valid: true,
    invalid: 'false',
    with: (d) => {
      d['draft_mode_active'] = false;
    },
  },
  { key: 'draft_mode_active', valid: false, invalid: 0 },
  { key: 'draft_saving_active', valid: true, invalid: [] },
  { key: 'tree', valid: true, invalid: {} },
  { key: 'ordering_direction', valid: 'desc', invalid: 'down' },
  { key: 'ordering_meta', valid: 'published_at', invalid: 'title' },
  { key: 'hint', valid: 'Shown to editors', invalid: 42 },
  { key: 'inverse_relationships_enabled', valid: true, invalid: 'on' },
  { key: 'has_singleton_item', valid: true, invalid: 'no' },
  {
    key: 'ordering_field',
    valid: fieldRef('fRating0Q0K0000000000A'),
    invalid: { type: 'item', id: 'fRating0Q0K0000000000A' },
    relationship: true,
  },
  { key: 'title_field', valid: fieldRef('fSlug000Q0K0000000000A'), invalid: 'fSlug000Q0K0000000000A', relationship: true },
  { key: 'image_preview_field', valid: fieldRef('fCover00Q0K000000000rA'), invalid: { type: 'field' }, relationship: true },
  { key: 'excerpt_field', valid: fieldRef('fText000Q0K000000000tA'), invalid: { type: 'field', id: 'x y' }, relationship: true },
  {
    key: 'presentation_title_field',
    valid: fieldRef('fTitle00Q0K000000000eA'),
    invalid: { type: 'field', id: 'fTitle00Q0K000000000eA', extra: 1 },
    relationship: true,
  },
  { key: 'presentation_image_field', valid: fieldRef('fCover00Q0K000000000rA'), invalid: [], relationship: true },
  {
    key: 'workflow',
    valid: { type: 'workflow', id: 'Wf100000Q0K0000000001A' },
    invalid: { type: 'field', id: 'Wf100000Q0K0000000001A' },
    relationship: true,
  },
];

const FIELD_ROWS: Row[] = [
  { key: 'label', valid: 'Headline', invalid: '' },
  { key: 'api_key', valid: 'headline', invalid: '1title' },
  {
    key: 'field_type',
    valid: 'text',
    invalid: 'html',
    expect: /not allowed \(allowed: string, text/,
    with: (d) => {
      d['appearance'] = { editor: 'textarea', parameters: {}, addons: [] };
      d['validators'] = { required: {} };
    },
  },
  { key: 'localized', valid: false, invalid: 'true' },
  { key: 'default_value', valid: { en: 'Hi', it: 'Ciao' }, invalid: 'Hi', expect: /keyed by locale/ },
  {
    key: 'validators',
    valid: { required: {}, length: { max: 90 } },
    invalid: { required: {}, length: { min: 'one' } },
    expect: /expected a number/,
  },
  {
    key: 'appearance',
    valid: { editor: 'string_select', parameters: { options: [{ label: 'A', value: 'a' }] }, addons: [] },
    invalid: { editor: 'single_line', parameters: {} },
    expect: /missing/,
  },
  { key: 'position', valid: 3, invalid: 1.5 },
  { key: 'hint', valid: 'Keep it short', invalid: false },
  { key: 'deep_filtering_enabled', valid: true, invalid: 'yes' },
  { key: 'content_link_enabled', valid: false, invalid: null },
  {
    key: 'fieldset',
    valid: { type: 'fieldset', id: 'Fs100000Q0K0000000001A' },
    invalid: { type: 'fieldsets', id: 'Fs100000Q0K0000000001A' },
    relationship: true,
  },
];

const WEBHOOK_ROWS: Row[] = [
  { key: 'name', valid: 'Rebuild', invalid: 7 },
  { key: 'url', valid: 'https://example.com/hook?x={{entity.id}}', invalid: 'example.com/hook', expect: /absolute http\(s\) URL/ },
  { key: 'custom_payload', valid: '{"id": "{{entity.id}}"}', invalid: { id: 1 } },
  {
    key: 'headers',
    valid: { Authorization: 'Bearer x', 'X-Site': 'bistro' },
    invalid: { ' ': 'x' },
    expect: /header name must not be blank/,
  },
  {
    key: 'events',
    valid: [{ entity_type: 'upload', event_types: ['create', 'delete'] }],
    invalid: [{ entity_type: 'upload', event_types: [] }],
    expect: /at least one event type/,
  },
  { key: 'http_basic_user', valid: 'me', invalid: 1 },
  { key: 'http_basic_password', valid: 'secret', invalid: ['x'] },
  { key: 'enabled', valid: false, invalid: 'false' },
  { key: 'payload_api_version', valid: '2', invalid: '4', expect: /allowed: 1, 2, 3/ },
  { key: 'nested_items_in_payload', valid: true, invalid: null },
  { key: 'auto_retry', valid: false, invalid: 'no' },
];

function runTable(kind: DocumentKind, resource: () => Resource, rows: Row[]) {
  for (const row of rows) {
    test(`${row.key}: a valid value is sent alone`, () => {
      const data = bodyOf(
        plan(kind, resource(), ctx, (d) => {
          d[row.key] = row.valid;
          row.with?.(d);
        }),
      );
      if (row.with) {
        assert.deepEqual(data.attributes?.[row.key], row.valid);
      } else if (row.relationship) {
        assert.deepEqual(data.relationships, { [row.key]: { data: row.valid } });
        assert.equal(data.attributes, undefined);
      } else {
        assert.deepEqual(data.attributes, { [row.key]: row.valid });
        assert.equal(data.relationships, undefined);
      }
      assert.equal(data.id, resource().id);
      assert.equal(data.type, resource().type);
    });
    test(`${row.key}: an invalid value is refused at its path`, () => {
      const problems = problemsOf(
        plan(kind, resource(), ctx, (d) => {
          d[row.key] = row.invalid;
        }),
      );
      const p = problems.find((x) => x.path[0] === row.key);
      assert.ok(p, `no problem under ${row.key}: ${problems.map((x) => x.message).join('; ')}`);
      if (row.expect) assert.match(problems.map((x) => x.message).join('\n'), row.expect);
    });
  }
}

describe('model attributes', () => runTable('model', () => fx.articleModel, MODEL_ROWS));
describe('field attributes', () => runTable('field', () => fx.titleField, FIELD_ROWS));
describe('webhook attributes', () => runTable('webhook', fx.webhook, WEBHOOK_ROWS));

describe('unknown keys', () => {
  test('an unknown top-level key names itself and lists the allowed keys', () => {
    const problems = problemsOf(
      plan('webhook', fx.webhook(), ctx, (d) => {
        d.secret = 'x';
      }),
    );
    const p = problemAt(problems, 'secret', 'unknown key "secret"');
    assert.match(p.message, /allowed: name, url, custom_payload, headers, events/);
  });
  test('the deprecated misspelled twins are not offered and are refused', () => {
    const text = JSON.parse(JSON.stringify(fx.articleModel));
    assert.ok(text.attributes.collection_appeareance, 'fixture has the twin');
    const problems = problemsOf(
      plan('model', fx.articleModel, ctx, (d) => {
        assert.equal('collection_appeareance' in d, false);
        d.collection_appeareance = 'table';
      }),
    );
    problemAt(problems, 'collection_appeareance', 'unknown key');
    const fieldProblems = problemsOf(
      plan('field', fx.titleField, ctx, (d) => {
        assert.equal('appeareance' in d, false);
        d.appeareance = d.appearance;
      }),
    );
    problemAt(fieldProblems, 'appeareance', 'unknown key');
  });
  test('unknown keys inside nested objects are refused too', () => {
    const problems = problemsOf(
      plan('webhook', fx.webhook(), ctx, (d) => {
        d.events[0].filters[0].ids = ['x'];
      }),
    );
    problemAt(problems, 'events[0].filters[0].ids', /unknown key "ids" \(allowed: entity_type, entity_ids\)/);
  });
});

describe('validator options', () => {
  const cases: [string, string, unknown, unknown][] = [
    // field type, validator, valid options, invalid options
    ['string', 'format', { predefined_pattern: 'email' }, { predefined_pattern: 'phone' }],
    ['string', 'format', { predefined_pattern: 'url', description: null }, { description: 'no pattern' }],
    ['string', 'format', { custom_pattern: '^[a-z]+$', description: 'letters' }, { custom_pattern: '([' }],
    ['string', 'enum', { values: ['a', 'b'] }, { values: 'a' }],
    ['string', 'length', {}, { min: '1' }],
    ['integer', 'number_range', { min: 0 }, { minimum: 0 }],
    ['date', 'date_range', { min: '2020-01-01' }, { min: '01/01/2020' }],
    ['date_time', 'date_time_range', { max: '2030-01-01T00:00:00Z' }, { max: 'tomorrow' }],
    ['text', 'sanitized_html', { sanitize_before_validation: true }, { sanitize_before_validation: 'yes' }],
    ['slug', 'slug_format', { predefined_pattern: 'webpage_slug' }, { predefined_pattern: 'slug' }],
    ['slug', 'slug_title_field', { title_field_id: 'fTitle00Q0K000000000eA' }, {}],
    ['gallery', 'size', { multiple_of: 2 }, { count: 2 }],
    ['file', 'file_size', { max_value: 5, max_unit: 'MB' }, { max_value: 5, max_unit: 'GB' }],
    ['file', 'image_dimensions', { width_min_value: 100 }, { width: 100 }],
    ['file', 'image_aspect_ratio', { eq_ar_numerator: 16, eq_ar_denominator: 9 }, { eq_ar_numerator: '16' }],
    ['file', 'extension', { predefined_list: 'image' }, { predefined_list: 'pictures' }],
    ['file', 'required_alt_title', { alt: true }, { alt: 'yes' }],
    ['seo', 'required_seo_fields', { title: true }, { title: 'yes' }],
    ['seo', 'title_length', { max: 60 }, { maximum: 60 }],
    ['seo', 'description_length', { max: 160 }, { max: '160' }],
    [
      'link',
      'item_item_type',
      { item_types: ['ArticleMQdel000000001A'], on_reference_delete_strategy: 'fail' },
      { item_types: ['ArticleMQdel000000001A'], on_reference_delete_strategy: 'cascade' },
    ],
    ['links', 'items_item_type', { item_types: ['AuthorMoQeK0000000001A'] }, { item_types: 'ArticleMQdel000000001A' }],
    ['rich_text', 'rich_text_blocks', { item_types: ['QuoteBloQkKodel000001A'] }, { item_types: [1] }],
    ['single_block', 'single_block_blocks', { item_types: ['QuoteBloQkKodel000001A'] }, {}],
    ['structured_text', 'structured_text_blocks', { item_types: ['QuoteBloQkKodel000001A'] }, { types: [] }],
    ['structured_text', 'structured_text_inline_blocks', { item_types: ['CtaBlockQoKel00000001A'] }, null],
    [
      'structured_text',
      'structured_text_links',
      { item_types: ['ArticleMQdel000000001A'], on_publish_with_unpublished_references_strategy: 'publish_references' },
      { item_types: ['ArticleMQdel000000001A'], on_publish_with_unpublished_references_strategy: 'ignore' },
    ],
    ['string', 'required', {}, { really: true }],
    ['string', 'unique', {}, []],
  ];
  const base: Record<string, Record<string, unknown>> = {
    link: { item_item_type: { item_types: ['ArticleMQdel000000001A'] } },
    links: { items_item_type: { item_types: ['ArticleMQdel000000001A'] } },
    rich_text: { rich_text_blocks: { item_types: ['CtaBlockQoKel00000001A'] } },
    single_block: { single_block_blocks: { item_types: ['CtaBlockQoKel00000001A'] } },
    structured_text: { structured_text_blocks: { item_types: [] }, structured_text_links: { item_types: [] } },
  };
  const editorFor: Record<string, string> = {
    string: 'single_line',
    integer: 'integer',
    date: 'date_picker',
    date_time: 'date_time_picker',
    text: 'textarea',
    slug: 'slug',
    gallery: 'gallery',
    file: 'file',
    seo: 'seo',
    link: 'link_select',
    links: 'links_select',
    rich_text: 'rich_text',
    single_block: 'framed_single_block',
    structured_text: 'structured_text',
  };
  for (const [type, name, valid, invalid] of cases) {
    const resource = fx.field(`f_${type}`, fx.ARTICLE, `f_${type}`, type, { validators: base[type] ?? {} }, editorFor[type]);
    test(`${type} ${name}: valid options accepted, invalid refused`, () => {
      const data = bodyOf(
        plan('field', resource, ctx, (d) => {
          d.validators[name] = valid;
        }),
      );
      assert.deepEqual(data.attributes, { validators: { ...(base[type] ?? {}), [name]: valid } }, 'validators are sent whole');
      const problems = problemsOf(
        plan('field', resource, ctx, (d) => {
          d.validators[name] = invalid;
        }),
      );
      assert.ok(
        problems.some((p) => p.pathText.startsWith(`validators.${name}`)),
        problems.map((p) => p.message).join('; '),
      );
    });
  }
});
