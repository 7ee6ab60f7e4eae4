// The document format and the rules across keys. The diff is tested in documentDiff.test.ts, read-only
// protection, located problems and the JSON Schema in documentProblems.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planUpdate, renderDocument } from '../../src/schema';
import * as fx from './fixtures';
import { bodyOf, plan, problemAt, problemsOf, refusedAt } from './helpers';

const ctx = fx.context();

describe('document format', () => {
  test('attributes flat, links as {type, id}, $readonly last, 2-space indent, trailing newline', () => {
    const text = renderDocument('model', fx.articleModel, ctx);
    assert.ok(text.endsWith('}\n'));
    assert.match(text, /^\{\n {2}"name": "article",\n/);
    const doc = JSON.parse(text);
    assert.deepEqual(Object.keys(doc).at(-1), '$readonly');
    assert.deepEqual(doc.title_field, { type: 'field', id: 'fTitle00Q0K000000000eA' });
    assert.equal(doc.ordering_field, null);
    assert.equal(doc.$readonly.id, fx.articleModel.id);
    assert.equal(doc.$readonly.type, 'item_type');
    assert.equal(doc.$readonly.fields.length, fx.articleFields.length);
    assert.deepEqual(doc.$readonly.meta, { has_singleton_item: false });
    assert.equal('fields' in doc, false);
  });
  test('records: fields in position order, localized values by locale, blocks in place', () => {
    const doc = JSON.parse(renderDocument('record', fx.articleRecord(), ctx));
    assert.deepEqual(Object.keys(doc).slice(0, 4), ['title', 'slug', 'body', 'content']);
    assert.deepEqual(doc.title, { en: 'Risotto tonight', it: 'Risotto stasera' });
    assert.deepEqual(doc.content[0], {
      id: 'BlockCtaQ0K0000000001A',
      item_type: { type: 'item_type', id: fx.CTA },
      label: 'Book',
      url: 'https://book.example',
    });
    assert.equal(doc.body.en.document.children[1].item.cta.label, 'Go', 'nested blocks are rendered in place too');
    assert.deepEqual(doc.$readonly.item_type, { type: 'item_type', id: fx.ARTICLE });
    assert.deepEqual(doc.$readonly.creator, { type: 'account', id: '43210' });
    assert.equal(doc.$readonly.meta.current_version, 'Version0Q0K0000000001A');
  });
  test('opening then saving without a change sends nothing, for every kind', () => {
    for (const [kind, resource] of [
      ['model', fx.articleModel],
      ['field', fx.titleField],
      ['field', fx.contentField],
      ['webhook', fx.webhook()],
      ['record', fx.articleRecord()],
    ] as const) {
      assert.deepEqual(planUpdate(kind, resource, renderDocument(kind, resource, ctx), ctx), { ok: true, body: null }, kind);
    }
  });
  test('reformatting and reordering keys is not a change', () => {
    const resource = fx.webhook();
    const doc = JSON.parse(renderDocument('webhook', resource, ctx));
    const reordered = Object.fromEntries(Object.entries(doc).reverse());
    assert.deepEqual(planUpdate('webhook', resource, JSON.stringify(reordered), ctx), { ok: true, body: null });
  });
});

describe('rules across keys', () => {
  test('ordering_meta and ordering_field are never both set', () => {
    const problems = problemsOf(
      plan('model', fx.articleModel, ctx, (d) => {
        d.ordering_meta = 'created_at';
        d.ordering_field = { type: 'field', id: 'fRating0Q0K0000000000A' };
      }),
    );
    problemAt(problems, 'ordering_field', 'cannot be set together with ordering_meta');
    bodyOf(
      plan('model', fx.articleModel, ctx, (d) => {
        d.ordering_meta = null;
        d.ordering_field = { type: 'field', id: 'fRating0Q0K0000000000A' };
      }),
    );
  });
  test('model field pointers must be fields of the model', () => {
    refusedAt('model', fx.articleModel, ctx, 'title_field.id', 'is not a field of this model', (d) => {
      d.title_field = { type: 'field', id: 'fQuote00Q0K000000000eA' };
    });
  });
  test('validators must be allowed for the field type', () => {
    const problems = problemsOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.validators.number_range = { min: 1 };
      }),
    );
    problemAt(problems, 'validators.number_range', 'not allowed for field_type "string" (allowed: required, unique, length, format, enum)');
  });
  test('validators the field type requires cannot be dropped', () => {
    refusedAt('field', fx.contentField, ctx, 'validators.rich_text_blocks', 'requires the "rich_text_blocks" validator', (d) => {
      d.validators = { size: { max: 2 } };
    });
  });
  test('the editor must suit the field type; a plugin editor with field_extension is allowed', () => {
    refusedAt(
      'field',
      fx.titleField,
      ctx,
      'appearance.editor',
      '"wysiwyg" is not an editor of string fields (allowed: single_line, string_radio_group, string_select, or a plugin id with field_extension)',
      (d) => {
        d.appearance.editor = 'wysiwyg';
      },
    );
    refusedAt('field', fx.titleField, ctx, 'appearance.editor', 'is not an editor of string fields', (d) => {
      d.appearance.editor = 'single_lines';
    });
    refusedAt('field', fx.titleField, ctx, 'appearance.editor', 'a plugin editor needs "field_extension"', (d) => {
      d.appearance.editor = 'Pl8gInId1234567890abcd';
    });
    const data = bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.appearance = { editor: 'Pl8gInId1234567890abcd', field_extension: 'starRating', parameters: { max: 5 }, addons: [] };
      }),
    );
    assert.deepEqual(data.attributes, {
      appearance: { editor: 'Pl8gInId1234567890abcd', field_extension: 'starRating', parameters: { max: 5 }, addons: [] },
    });
  });
  test('editor parameters are checked per built-in editor', () => {
    const problems = problemsOf(
      plan('field', fx.contentField, ctx, (d) => {
        d.appearance.parameters = { start_collapsed: 'yes', toolbar: [] };
      }),
    );
    problemAt(problems, 'appearance.parameters.start_collapsed', 'expected true or false');
    problemAt(problems, 'appearance.parameters.toolbar', 'unknown key "toolbar" (allowed: start_collapsed)');
  });
  test('a localized default_value is keyed by the project locales', () => {
    refusedAt('field', fx.titleField, ctx, 'default_value.de', 'not a locale of this project (allowed: en, it)', (d) => {
      d.default_value = { en: 'Hi', de: 'Hallo' };
    });
    bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.default_value = { en: 'Hi', it: 'Ciao' };
      }),
    );
  });
  test('event types must be allowed for the entity type', () => {
    const problems = problemsOf(
      plan('webhook', fx.webhook(), ctx, (d) => {
        d.events[1].event_types = ['create', 'publish'];
      }),
    );
    const p = problemAt(problems, 'events[1].event_types[1]');
    assert.equal(
      p.message,
      'events[1].event_types[1]: "publish" is not allowed for entity_type "item_type" (allowed: create, update, delete)',
    );
  });
  test('headers map strings to strings; url must be absolute http(s)', () => {
    refusedAt('webhook', fx.webhook(), ctx, 'headers["X-A"]', 'expected a string', (d) => {
      d.headers = { 'X-A': true };
    });
    refusedAt('webhook', fx.webhook(), ctx, 'url', 'absolute http(s) URL', (d) => {
      d.url = '/relative/path';
    });
    refusedAt('webhook', fx.webhook(), ctx, 'url', 'absolute http(s) URL', (d) => {
      d.url = 'mailto:a@b.c';
    });
  });
  test('filter entity_ids need at least one id', () => {
    refusedAt('webhook', fx.webhook(), ctx, 'events[0].filters[0].entity_ids', 'at least one id', (d) => {
      d.events[0].filters[0].entity_ids = [];
    });
  });
  test('problems the resource already had are not blamed on an unrelated edit', () => {
    const broken = {
      ...fx.articleModel,
      attributes: { ...fx.articleModel.attributes, ordering_meta: 'created_at' },
      relationships: { ...fx.articleModel.relationships, ordering_field: { data: { type: 'field', id: 'fRating0Q0K0000000000A' } } },
    };
    bodyOf(
      plan('model', broken, ctx, (d) => {
        d.name = 'Renamed';
      }),
    );
    problemAt(
      problemsOf(
        plan('model', broken, ctx, (d) => {
          d.ordering_field = { type: 'field', id: 'fTitle00Q0K000000000eA' };
        }),
      ),
      'ordering_field',
    );
  });
});
