// Read-only protection and removed keys, where problems are located (ours and the API's), and the JSON
// Schema and filter operators offered per kind.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkDocument,
  FILTER_OPERATORS,
  jsonSchemaFor,
  ORDERABLE_META_COLUMNS,
  planUpdate,
  problemsFromApiError,
  renderDocument,
} from '../../src/schema';
import * as fx from './fixtures';
import { edited, lineColumn, plan, problemAt, problemsOf, refusedAt } from './helpers';

const ctx = fx.context();

describe('read-only part and removed keys', () => {
  const cases: [string, (d: Record<string, any>) => void, string, string][] = [
    [
      'changing the id',
      (d) => {
        d.$readonly.id = 'other';
      },
      '$readonly.id',
      'is read-only',
    ],
    [
      'changing meta',
      (d) => {
        d.$readonly.meta.status = 'published';
      },
      '$readonly.meta.status',
      'is read-only (it was "draft"; undo the change)',
    ],
    [
      'changing item_type',
      (d) => {
        d.$readonly.item_type.id = fx.CTA;
      },
      '$readonly.item_type.id',
      'is read-only',
    ],
    [
      'adding to it',
      (d) => {
        d.$readonly.note = 'x';
      },
      '$readonly.note',
      'nothing can be added',
    ],
    [
      'removing from it',
      (d) => {
        delete d.$readonly.creator;
      },
      '$readonly.creator',
      'was removed',
    ],
    [
      'removing it',
      (d) => {
        delete d.$readonly;
      },
      '$readonly',
      'was removed',
    ],
  ];
  for (const [name, mutate, path, message] of cases) {
    test(`${name} is refused with a message`, () => {
      problemAt(problemsOf(plan('record', fx.articleRecord(), ctx, mutate)), path, message);
    });
  }
  test('a key removed from the document is an error that says how to clear it', () => {
    const p = problemAt(
      problemsOf(
        plan('model', fx.articleModel, ctx, (d) => {
          delete d.hint;
        }),
      ),
      'hint',
    );
    assert.equal(p.message, 'hint: "hint" was removed (keys cannot be removed; set it to null to clear it)');
    problemAt(
      problemsOf(
        plan('model', fx.articleModel, ctx, (d) => {
          delete d.name;
        }),
      ),
      'name',
      'put it back',
    );
    refusedAt('record', fx.articleRecord(), ctx, 'excerpt', 'set it to null', (d) => {
      delete d.excerpt;
    });
  });
});

describe('locations', () => {
  test('problems carry offset, length, line and column of the value', () => {
    const text = edited('webhook', fx.webhook(), ctx, (d) => {
      d.events[1].event_types = ['create', 'publish'];
    });
    const [p] = checkDocument('webhook', text, fx.webhook(), ctx);
    assert.ok(p);
    assert.equal(text.slice(p.offset, p.offset + p.length), '"publish"');
    assert.deepEqual({ line: p.line, column: p.column }, lineColumn(text, p.offset));
  });
  test('unknown keys are located at the key', () => {
    const text = edited('model', fx.articleModel, ctx, (d) => {
      d.colour = 'red';
    });
    const p = problemAt(checkDocument('model', text, fx.articleModel, ctx), 'colour');
    assert.equal(text.slice(p.offset, p.offset + p.length), '"colour"');
  });
  test('a missing key is located at its parent object', () => {
    const text = edited('field', fx.titleField, ctx, (d) => {
      delete d.appearance.editor;
    });
    const p = problemAt(checkDocument('field', text, fx.titleField, ctx), 'appearance.editor', 'is missing');
    assert.equal(text.slice(p.offset, p.offset + p.length), '"appearance"');
  });
  test('invalid JSON: the parser position and message, nothing planned', () => {
    const text = '{\n  "name": "x",\n  "hint": \n}\n';
    const result = planUpdate('model', fx.articleModel, text, ctx);
    const [p] = problemsOf(result);
    assert.ok(p);
    assert.match(p.message, /invalid JSON: value expected at line 4, column 1/);
    assert.deepEqual({ line: p.line, column: p.column }, { line: 4, column: 1 });
    for (const bad of ['', '[]', '{"a": 1} x', '{"name": "a" // note\n}', '{"name": "a",}', '"text"']) {
      const r = planUpdate('model', fx.articleModel, bad, ctx);
      assert.equal(r.ok, false, bad);
    }
  });
  test('duplicate keys are refused', () => {
    const text = renderDocument('model', fx.articleModel, ctx).replace('"name": "article",', '"name": "article",\n  "name": "b",');
    problemAt(checkDocument('model', text, fx.articleModel, ctx), 'name', 'duplicate key');
  });
  test('windows line endings keep line/column right', () => {
    const text = edited('model', fx.articleModel, ctx, (d) => {
      d.sortable = 'yes';
    }).replace(/\n/g, '\r\n');
    const p = problemAt(checkDocument('model', text, fx.articleModel, ctx), 'sortable');
    const lines = text.split('\r\n');
    assert.equal(lines[p.line - 1]?.slice(p.column - 1, p.column + 4), '"yes"');
  });
});

describe('API errors located', () => {
  test('422 INVALID_FIELD details.field and locale map to the value', () => {
    const text = renderDocument('record', fx.articleRecord(), ctx);
    const [p] = problemsFromApiError(text, [
      {
        code: 'INVALID_FIELD',
        details: { field: 'title', field_id: 'fTitle00Q0K000000000eA', locale: 'it', code: 'VALIDATION_REQUIRED' },
        transient: false,
      },
    ]);
    assert.ok(p);
    assert.equal(p.pathText, 'title.it');
    assert.equal(text.slice(p.offset, p.offset + p.length), '"Risotto stasera"');
    assert.match(p.message, /^title\.it: is required in locale "it" \(the API answered INVALID_FIELD VALIDATION_REQUIRED\)$/);
  });
  test('schema-level and general errors', () => {
    const text = renderDocument('model', fx.articleModel, ctx);
    const [unique, stale, other] = problemsFromApiError(text, [
      { code: 'INVALID_FIELD', details: { field: 'api_key', code: 'VALIDATION_UNIQUENESS' }, transient: false },
      { code: 'STALE_ITEM_VERSION', details: {}, transient: false },
      { code: 'INVALID_ATTRIBUTES', details: {}, transient: false },
    ]);
    assert.equal(unique?.pathText, 'api_key');
    assert.match(unique?.message ?? '', /must be unique/);
    assert.match(stale?.message ?? '', /changed by someone else/);
    assert.equal(other?.line, 1);
  });
});

describe('JSON Schema and filters', () => {
  test('JSON Schema per kind has descriptions and a read-only $readonly', () => {
    const schema = jsonSchemaFor('webhook') as {
      properties: Record<string, { description?: string; readOnly?: boolean }>;
      additionalProperties: boolean;
    };
    assert.match(schema.properties['url']?.description ?? '', /http/);
    assert.equal(schema.properties['$readonly']?.readOnly, true);
    assert.equal(schema.additionalProperties, false);
    const record = jsonSchemaFor('record', ctx, fx.articleModel) as { properties: Record<string, { description?: string }> };
    assert.deepEqual(Object.keys(record.properties).slice(0, 3), ['title', 'slug', 'body']);
    assert.match(record.properties['title']?.description ?? '', /localized/);
    const field = jsonSchemaFor('field') as { properties: Record<string, unknown> };
    assert.ok(field.properties['validators'] && field.properties['appearance']);
  });
  test('filter operators per field type and meta column', () => {
    assert.deepEqual(FILTER_OPERATORS['boolean'], ['eq']);
    assert.ok(FILTER_OPERATORS['string']?.includes('matches'));
    assert.deepEqual(FILTER_OPERATORS['_status'], ['eq', 'neq', 'in', 'notIn']);
    assert.deepEqual(FILTER_OPERATORS['rich_text'], []);
    assert.ok(ORDERABLE_META_COLUMNS.includes('_updated_at'));
  });
});
