// Property test: random edits of valid documents never make checkDocument/planUpdate throw; each edit
// either plans an update or yields located problems. Also: walking user JSON never touches prototypes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { Resource } from '../../src/cma/types';
import { checkDocument, planUpdate, renderDocument, type DocumentKind } from '../../src/schema';
import * as fx from './fixtures';

const ctx = fx.context();
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const keyArb = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '$readonly',
    'id',
    'item_type',
    'en',
    'it',
    'type',
    'hasOwnProperty',
  ),
  fc.string({ maxLength: 12 }),
);
const valueArb: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('https://x.example', 'publish', 'item', '2024-02-30', 'dast', 'BlockCtaQ0K0000000001A'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('value'), { maxKeys: 4 }) as fc.Arbitrary<Json>,
  ),
})).value;

/** All paths of a JSON value, to pick edit targets from. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const k of Object.keys(value)) paths(value[k] as Json, [...prefix, k], out);
  return out;
}

type Edit =
  { kind: 'set'; at: number; value: Json } | { kind: 'delete'; at: number } | { kind: 'add'; at: number; key: string; value: Json };

function apply(doc: Json, edit: Edit): Json {
  const all = paths(doc);
  const path = all[edit.at % all.length] ?? [];
  if (path.length === 0) return edit.kind === 'set' ? edit.value : doc;
  let parent: Json = doc;
  for (const segment of path.slice(0, -1)) parent = (parent as Record<string, Json>)[segment as string] as Json;
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, Json>;
  if (edit.kind === 'set')
    Object.defineProperty(container, last, { value: edit.value, enumerable: true, writable: true, configurable: true });
  else if (edit.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete container[last];
  } else {
    const target = container[last];
    if (target && typeof target === 'object' && !Array.isArray(target))
      Object.defineProperty(target, edit.key, { value: edit.value, enumerable: true, writable: true, configurable: true });
  }
  return doc;
}

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: valueArb }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: keyArb, value: valueArb }),
);

const SUBJECTS: [DocumentKind, () => Resource][] = [
  ['model', () => fx.articleModel],
  ['field', () => fx.titleField],
  ['field', () => fx.contentField],
  ['webhook', fx.webhook],
  ['record', fx.articleRecord],
];

function assertWellFormed(kind: DocumentKind, resource: Resource, text: string) {
  const problems = checkDocument(kind, text, resource, ctx);
  const plan = planUpdate(kind, resource, text, ctx);
  assert.equal(plan.ok, problems.length === 0, 'checkDocument and planUpdate agree');
  for (const p of [...problems, ...(plan.ok ? [] : plan.problems)]) {
    assert.ok(p.message.startsWith(`${p.pathText}: `), p.message);
    assert.ok(p.line >= 1 && p.column >= 1 && p.offset >= 0 && p.offset <= text.length, JSON.stringify(p));
  }
  if (plan.ok && plan.body) {
    assert.equal(plan.body.data.id, resource.id);
    JSON.stringify(plan.body);
  }
}

describe('random edits never throw', () => {
  for (const [kind, make] of SUBJECTS) {
    test(`${kind} ${make().id}: random edits plan or yield located problems`, () => {
      fc.assert(
        fc.property(fc.array(editArb, { minLength: 1, maxLength: 4 }), (edits) => {
          const resource = make();
          let doc = JSON.parse(renderDocument(kind, resource, ctx)) as Json;
          for (const edit of edits) doc = apply(doc, edit);
          assertWellFormed(kind, resource, JSON.stringify(doc, null, 2));
        }),
        { numRuns: 600 },
      );
      assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    });
  }
  test('random text (truncated, garbled, deep, huge) is refused with a location, never thrown', () => {
    const resource = fx.articleRecord();
    const valid = renderDocument('record', resource, ctx);
    fc.assert(
      fc.property(fc.nat({ max: valid.length }), fc.string({ maxLength: 5 }), (cut, junk) => {
        assertWellFormed('record', resource, valid.slice(0, cut) + junk + valid.slice(cut + junk.length));
      }),
      { numRuns: 1000 },
    );
    for (const text of [
      '['.repeat(100_000),
      '{"a":'.repeat(50_000),
      `{"title": "${'x'.repeat(2_000_000)}"}`,
      '{"__proto__": {"polluted": true}}',
      '{"constructor": {"prototype": {"polluted": true}}}',
    ]) {
      assertWellFormed('record', resource, text);
    }
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });
  test('__proto__ keys stay plain data and are refused as unknown keys', () => {
    const text = renderDocument('webhook', fx.webhook(), ctx).replace('"name":', '"__proto__": {"polluted": true},\n  "name":');
    const problems = checkDocument('webhook', text, fx.webhook(), ctx);
    assert.ok(
      problems.some((p) => p.pathText === '["__proto__"]' || p.pathText === '__proto__'),
      problems.map((p) => p.message).join('\n'),
    );
    const headers = renderDocument('webhook', fx.webhook(), ctx).replace('"X-Token": "abc"', '"X-Token": "abc", "__proto__": "x"');
    const plan = planUpdate('webhook', fx.webhook(), headers, ctx);
    if (plan.ok && plan.body) assert.ok(Object.prototype.hasOwnProperty.call(plan.body.data.attributes?.['headers'], '__proto__'));
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });
});
