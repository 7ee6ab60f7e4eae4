// Every problem carries a stable code and the data a quick fix needs, whatever its message says.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import { checkDocument, problemsFromApiError, renderDocument, type DocumentKind, type Problem } from '../../src/schema';
import { draftModel, planSchemaCreate } from '../../src/schema/schemaDrafts';
import * as fx from './fixtures';
import { edited, type Doc } from './helpers';

const ctx = fx.context();

function problems(kind: DocumentKind, resource: Resource, mutate: (doc: Doc) => void): Problem[] {
  return checkDocument(kind, edited(kind, resource, ctx, mutate), resource, ctx);
}

/** The one problem of an edit, as code, data and place (what a quick fix reads). */
function only(kind: DocumentKind, resource: Resource, mutate: (doc: Doc) => void) {
  const found = problems(kind, resource, mutate);
  assert.equal(found.length, 1, found.map((p) => p.message).join('\n'));
  const [p] = found;
  return { code: p!.code, data: p!.data, at: p!.pathText };
}

describe('problem codes and data', () => {
  test('the text: invalid JSON, a duplicate key, a document that is not an object', () => {
    const model = fx.articleModel;
    assert.deepEqual(
      checkDocument('model', '{"name": ', model, ctx).map((p) => p.code),
      ['invalid-json'],
    );
    const duplicate = checkDocument('model', renderDocument('model', model, ctx).replace('"hint"', '"name": "x",\n  "hint"'), model, ctx);
    assert.deepEqual(
      duplicate.map((p) => [p.code, p.data]),
      [['duplicate-key', { key: 'name' }]],
    );
    assert.deepEqual(
      checkDocument('model', '[1]', model, ctx).map((p) => p.code),
      ['not-an-object'],
    );
  });

  test('an unknown key lists every allowed key; a value outside its enumeration, the allowed values', () => {
    const unknown = only('model', fx.articleModel, (d) => {
      d['colection_appearance'] = d['collection_appearance'];
    });
    assert.equal(unknown.code, 'unknown-key');
    assert.equal((unknown.data as { key: string }).key, 'colection_appearance');
    assert.ok((unknown.data as { allowed: string[] }).allowed.includes('collection_appearance'));
    assert.deepEqual(
      only('model', fx.articleModel, (d) => {
        d['collection_appearance'] = 'tabel';
      }),
      { code: 'value-not-allowed', data: { allowed: ['compact', 'table'] }, at: 'collection_appearance' },
    );
  });

  test('a record of a model with many fields: the message lists some, the data every one', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `fMany${String(i).padStart(3, '0')}Q0K0000000000A`);
    const manyFields = ids.map((id, i) => fx.field(id, 'ManyModeQ0K00000000001A', `field_${i}`, 'string', { position: i + 1 }));
    const many = fx.model('ManyModeQ0K00000000001A', 'many', {}, ids);
    const manyCtx = fx.context({ itemTypes: [many], fieldsOf: (id) => (id === many.id ? manyFields : undefined) });
    const record: Resource<'item'> = {
      id: 'RecordMaQ0K0000000001A',
      type: 'item',
      attributes: Object.fromEntries(manyFields.map((f) => [String(f.attributes['api_key']), null])),
      relationships: { item_type: { data: { type: 'item_type', id: many.id } } },
      meta: { current_version: 'VersionMQ0K0000000001A' },
    };
    const text = renderDocument('record', record, manyCtx).replace('"field_39"', '"field_39x"');
    const found = checkDocument('record', text, record, manyCtx).filter((p) => p.code === 'unknown-key');
    assert.equal(found.length, 1);
    const data = found[0]!.data as { key: string; allowed: string[] };
    assert.equal(data.key, 'field_39x');
    assert.ok(data.allowed.includes('field_39'), 'the data holds the keys the message leaves out');
    assert.ok(!found[0]!.message.includes('field_39,'), found[0]!.message);
    assert.match(found[0]!.message, /more\)/);
  });

  test('model rules', () => {
    assert.equal(
      only('model', fx.articleModel, (d) => {
        d['ordering_meta'] = 'created_at';
        d['ordering_field'] = { type: 'field', id: fx.articleFields[1]!.id };
      }).code,
      'ordering-conflict',
    );
    assert.equal(
      only('model', fx.articleModel, (d) => {
        d['sortable'] = true;
        d['ordering_direction'] = 'asc';
      }).code,
      'ordering-not-allowed',
    );
    assert.equal(
      only('model', fx.articleModel, (d) => {
        d['singleton'] = true;
        d['tree'] = true;
      }).code,
      'model-kind-conflict',
    );
    const own = only('model', fx.articleModel, (d) => {
      d['title_field'] = { type: 'field', id: fx.ctaFields[0]!.id };
    });
    assert.equal(own.code, 'not-own-field');
    assert.deepEqual(
      (own.data as { allowed: string[] }).allowed,
      fx.articleFields.map((f) => f.id),
    );
    assert.equal(
      only('model', fx.articleModel, (d) => {
        d['name'] = '  ';
      }).code,
      'blank',
    );
  });

  test('field rules', () => {
    const title = fx.titleField;
    assert.deepEqual(
      only('field', title, (d) => {
        d['validators'].rich_text_blocks = { item_types: [] };
      }).data,
      {
        validator: 'rich_text_blocks',
        allowed: ['required', 'unique', 'length', 'format', 'enum'],
      },
    );
    assert.deepEqual(
      only('field', fx.contentField, (d) => {
        delete d['validators'].rich_text_blocks;
      }),
      { code: 'validator-missing', data: { validator: 'rich_text_blocks' }, at: 'validators.rich_text_blocks' },
    );
    const editor = only('field', title, (d) => {
      d['appearance'].editor = 'textarea';
    });
    assert.equal(editor.code, 'value-not-allowed');
    assert.ok((editor.data as { allowed: string[] }).allowed.includes('single_line'));
    assert.equal(
      only('field', title, (d) => {
        d['appearance'].editor = 'PluginQ0K00000000000001';
        d['appearance'].parameters = {};
      }).code,
      'plugin-editor-needs-extension',
    );
    assert.deepEqual(
      only('field', title, (d) => {
        d['default_value'] = { en: 'x', fr: 'y' };
      }),
      { code: 'unknown-key', data: { key: 'fr', allowed: ['en', 'it'] }, at: 'default_value.fr' },
    );
    const author = fx.articleFields.find((f) => f.attributes['api_key'] === 'author')!;
    assert.deepEqual(
      only('field', author, (d) => {
        d['validators'].item_item_type.item_types = [fx.CTA];
      }),
      { code: 'wrong-model-kind', data: { validator: 'item_item_type' }, at: 'validators.item_item_type.item_types[0]' },
    );
    assert.equal(
      only('field', author, (d) => {
        d['content_link_enabled'] = false;
      }).code,
      'content-link-required',
    );
  });

  test('webhook rules', () => {
    const events = only('webhook', fx.webhook(), (d) => {
      d['events'][1].event_types = ['publish'];
    });
    assert.equal(events.code, 'value-not-allowed');
    assert.ok((events.data as { allowed: string[] }).allowed.includes('create'));
    assert.equal(
      only('webhook', fx.webhook(), (d) => {
        d['events'].push({
          entity_type: 'cda_cache_tags',
          event_types: ['invalidate'],
          filters: [{ entity_type: 'item_type', entity_ids: [fx.ARTICLE] }],
        });
      }).code,
      'filters-not-allowed',
    );
  });

  test('record values: types, validators, locales', () => {
    const record = fx.articleRecord();
    assert.deepEqual(
      only('record', record, (d) => {
        d['reading_time'] = '12';
      }),
      { code: 'wrong-type', data: { expected: 'integer' }, at: 'reading_time' },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        d['rating'] = 9;
      }),
      { code: 'validator-failed', data: { validator: 'number_range' }, at: 'rating' },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        d['slug'] = '';
      }),
      { code: 'validator-failed', data: { validator: 'required' }, at: 'slug' },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        d['role'] = 'chefs';
      }),
      { code: 'value-not-allowed', data: { allowed: ['chef', 'critic'] }, at: 'role' },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        delete d['title'].it;
      }),
      { code: 'missing-locales', data: { missing: ['it'] }, at: 'title' },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        d['title'].iy = d['title'].it;
        delete d['title'].it;
      }),
      { code: 'unknown-key', data: { key: 'iy', allowed: ['en', 'it'] }, at: 'title.iy' },
    );
    assert.equal(
      only('record', record, (d) => {
        d['author'] = 'nope';
      }).code,
      'invalid-id',
    );
  });

  test('what the document had when opened: removed keys, $readonly', () => {
    const record = fx.articleRecord();
    assert.deepEqual(
      only('record', record, (d) => {
        delete d['excerpt'];
      }),
      { code: 'removed-key', data: { key: 'excerpt', path: ['excerpt'], nullAccepted: true }, at: 'excerpt' },
    );
    assert.deepEqual(
      only('model', fx.articleModel, (d) => {
        delete d['singleton'];
      }).data,
      { key: 'singleton', path: ['singleton'], nullAccepted: false },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        delete d['content'][0].url;
      }),
      { code: 'removed-key', data: { key: 'url', path: ['content', 0, 'url'], nullAccepted: true }, at: 'content[0].url' },
    );
    assert.equal(
      only('record', record, (d) => {
        d['$readonly'].id = 'other';
      }).code,
      'readonly-changed',
    );
  });

  test('blocks', () => {
    const record = fx.articleRecord();
    assert.equal(
      only('record', record, (d) => {
        d['content'][0].id = 'BlockNotQ0K0000000001A';
      }).code,
      'unknown-block',
    );
    assert.deepEqual(
      only('record', record, (d) => {
        d['content'].push({ item_type: { type: 'item_type', id: fx.CTA }, url: null });
      }),
      { code: 'new-block-missing-field', data: { field: 'label' }, at: 'content[2].label' },
    );
    assert.deepEqual(
      only('record', record, (d) => {
        d['hero'] = { item_type: { type: 'item_type', id: fx.QUOTE }, quote: 'q', cta: null };
      }),
      { code: 'block-model-not-allowed', data: { allowed: [fx.CTA] }, at: 'hero.item_type.id' },
    );
  });

  test('the server: 422 details, extraneous attributes, a stale version', () => {
    const text = renderDocument('record', fx.articleRecord(), ctx);
    const [refused, extraneous, stale] = problemsFromApiError(text, [
      {
        code: 'INVALID_FIELD',
        transient: false,
        details: { field: 'role', code: 'VALIDATION_ENUM', allowed_values: ['chef', 'critic'] },
      },
      { code: 'INVALID_ATTRIBUTES', transient: false, details: { extraneous_attributes: ['excerpt'] } },
      { code: 'STALE_ITEM_VERSION', transient: false, details: {} },
    ]);
    assert.deepEqual(refused!.data, { apiCode: 'INVALID_FIELD', detailCode: 'VALIDATION_ENUM', allowed: ['chef', 'critic'] });
    assert.deepEqual([extraneous!.code, extraneous!.data], ['api-extraneous-attribute', { key: 'excerpt' }]);
    assert.equal(stale!.code, 'api-stale-version');
  });

  test('creating: what DatoCMS needs and what it sets itself', () => {
    const draft = draftModel(ctx, false);
    const text = JSON.stringify({ ...JSON.parse(renderDocument('model', draft, ctx)), has_singleton_item: false, api_key: undefined });
    const plan = planSchemaCreate('model', draft, text, ctx);
    assert.equal(plan.ok, false);
    if (plan.ok) return;
    assert.deepEqual(
      plan.problems.map((p) => [p.code, p.data]),
      [
        ['required-on-create', { key: 'api_key' }],
        ['set-by-datocms', { key: 'has_singleton_item' }],
      ],
    );
  });

  test('codes and data survive the trip to and from the checking thread (JSON)', () => {
    const found = problems('record', fx.articleRecord(), (d) => {
      delete d['excerpt'];
      d['role'] = 'chefs';
    });
    assert.deepEqual(JSON.parse(JSON.stringify(found)), found);
  });
});
