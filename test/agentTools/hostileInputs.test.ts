// What an agent may send that it should not: wrong types, huge strings, unknown models, prototype keys, negative or
// non-finite limits, missing parts of a query. Each gets one refusal in our words naming the key and what to send
// instead: never an internal error, never "undefined", never a write, never a polluted prototype.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ToolRefusal } from '../../src/agentTools/output';
import { bench, type Bench } from './fixture';

let b: Bench;
before(async () => {
  b = await bench({ records: 5 });
});
after(() => b.close());

const article = { kind: 'model', apiKey: 'article' };
const MODEL_LIST = /datocms_get_schema lists them/;

/** [tool, input, what the refusal must say] */
const CORPUS: [string, unknown, RegExp][] = [
  // the input itself
  ['datocms_find_records', [], /The input of datocms_find_records must be a JSON object; it was \[\]/],
  ['datocms_find_records', 'article', /must be a JSON object; it was "article"/],
  ['datocms_find_records', JSON.parse('{"__proto__": {"model": "article"}}'), /does not take "__proto__": its input keys are project, /],
  ['datocms_nope', {}, /DatoCMS Explorer has no tool named "datocms_nope"/],
  // wrong types, huge strings, identifiers that could be paths
  ['datocms_find_records', { model: 42 }, /model of datocms_find_records must be a string; it was 42/],
  ['datocms_find_records', { model: 'x'.repeat(100_000) }, /model of datocms_find_records is 100000 characters long; at most 64/],
  [
    'datocms_find_records',
    { model: 'article', text: 'x'.repeat(10_000) },
    /text of datocms_find_records is 10000 characters long; at most 200/,
  ],
  [
    'datocms_find_records',
    { model: 'article', environment: '../main' },
    /environment of datocms_find_records must be an environment name; "\.\.\/main" is not/,
  ],
  ['datocms_get_schema', { model: '../../etc' }, /model of datocms_get_schema must be a model's api_key or id; "\.\.\/\.\.\/etc" is not/],
  ['datocms_get_document', { kind: 'record', id: '../x' }, /id of datocms_get_document must be an id \(letters, digits, _ and -\)/],
  [
    'datocms_get_document',
    { kind: 'nope' },
    /kind of datocms_get_document must be one of record, model, field, fieldset, webhook; it was "nope"/,
  ],
  ['datocms_validate_document', { ...article, text: 5 }, /text of datocms_validate_document must be a string; it was 5/],
  ['datocms_validate_document', { ...article, text: 'x'.repeat(600_000) }, /is 600000 characters long; at most 500000/],
  ['datocms_propose_edit', { ...article, changes: [] }, /changes of datocms_propose_edit must be a JSON object; it was \[\]/],
  ['datocms_run_graphql', { query: 5 }, /query of datocms_run_graphql must be a string; it was 5/],
  ['datocms_find_usages', { model: 5 }, /model of datocms_find_usages must be a string; it was 5/],
  // unknown models and prototype keys as names
  ['datocms_find_records', { model: 'no_such_model' }, /No model or block model "no_such_model" in environment main/],
  ['datocms_find_records', { model: '__proto__' }, MODEL_LIST],
  ['datocms_find_records', { model: 'constructor' }, MODEL_LIST],
  ['datocms_get_schema', { model: '__proto__' }, MODEL_LIST],
  ['datocms_get_document', { kind: 'model', apiKey: '__proto__' }, MODEL_LIST],
  ['datocms_propose_new', { kind: 'record', model: 'no_such_model' }, MODEL_LIST],
  ['datocms_propose_new', { kind: '__proto__' }, /kind of datocms_propose_new must be one of record, model, /],
  [
    'datocms_find_records',
    { model: 'article', project: '__proto__' },
    /No signed-in DatoCMS project has the key "__proto__"\. Signed-in projects: emulated-bistro/,
  ],
  [
    'datocms_find_records',
    { model: 'article', locale: '__proto__' },
    /locale must be one of the project's locales \(en, it\); "__proto__" is not/,
  ],
  [
    'datocms_propose_edit',
    { ...article, changes: JSON.parse('{"__proto__": {"polluted": 1}}') },
    /The model article has no key "__proto__"; its keys are name, /,
  ],
  ['datocms_propose_edit', { ...article, changes: { constructor: 'x' } }, /The model article has no key "constructor"/],
  ['datocms_propose_new', { kind: 'model', values: JSON.parse('{"__proto__": {"polluted": 1}}') }, /The new model has no key "__proto__"/],
  // limits and offsets
  [
    'datocms_find_records',
    { model: 'article', limit: -1 },
    /limit of datocms_find_records must be a whole number of 0 or more; it was -1\./,
  ],
  ['datocms_find_records', { model: 'article', limit: Number.NaN }, /must be a whole number of 0 or more; it was NaN\./],
  ['datocms_find_records', { model: 'article', limit: Number.POSITIVE_INFINITY }, /must be a whole number of 0 or more; it was Infinity\./],
  ['datocms_find_records', { model: 'article', limit: '10' }, /must be a whole number of 0 or more; it was "10"\./],
  [
    'datocms_find_records',
    { model: 'article', offset: -5 },
    /offset of datocms_find_records must be a whole number of 0 or more; it was -5/,
  ],
  ['datocms_get_schema', { limit: 2.5 }, /limit of datocms_get_schema must be a whole number of 0 or more; it was 2\.5/],
  ['datocms_get_document', { ...article, offset: -1 }, /offset of datocms_get_document must be a whole number of 0 or more; it was -1/],
  // a query with parts missing or wrong
  [
    'datocms_find_records',
    { model: 'article', order: { direction: 'DESC' } },
    /order needs "field": the api_key of a field or a meta column to order by\. Records of article can be ordered by title, /,
  ],
  ['datocms_find_records', { model: 'article', order: { field: 'nope' } }, /records of article can be ordered by title, .*; not by "nope"/],
  [
    'datocms_find_records',
    { model: 'article', order: 'title' },
    /order must be \{"field": string, "direction": "ASC" or "DESC"\}; it was "title"/,
  ],
  ['datocms_find_records', { model: 'article', filters: 'title' }, /filters of datocms_find_records must be a list; it was "title"/],
  [
    'datocms_find_records',
    { model: 'article', filters: [null] },
    /filters\[0\] must be an object \{"field", "operator", "value"\}; it was null/,
  ],
  [
    'datocms_find_records',
    { model: 'article', filters: [{ operator: 'eq', value: 1 }] },
    /filters\[0\] needs "field": the api_key of a field \(or a meta column\) of article to filter on, one of title, /,
  ],
  [
    'datocms_find_records',
    { model: 'article', filters: [{ field: 'title' }] },
    /filters\[0\] needs "operator": title \(string\) takes matches, /,
  ],
  [
    'datocms_find_records',
    { model: 'article', filters: [{ field: 'title', operator: 'eq' }] },
    /filters\[0\] needs "value": eq takes a non-empty string/,
  ],
  [
    'datocms_find_records',
    { model: 'article', filters: [{ field: '__proto__', operator: 'eq', value: 1 }] },
    /"__proto__" is not a field of article that can be filtered on/,
  ],
  [
    'datocms_find_records',
    { model: 'article', version: 'draft' },
    /version of datocms_find_records must be one of current, published; it was "draft"/,
  ],
];

describe('hostile agent-tool inputs', () => {
  for (const [tool, input, says] of CORPUS) {
    const shown = JSON.stringify(input)?.slice(0, 90) ?? String(input);
    test(`${tool} ${shown}: one clear refusal`, async () => {
      const before = b.writes();
      const error = await b.run(b.deps(), tool, input).then(
        (answer) => assert.fail(`answered instead of refusing: ${answer.slice(0, 200)}`),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ToolRefusal, `not our refusal: ${String(error)}`);
      assert.match(error.message, says);
      assert.doesNotMatch(error.message, /\bundefined\b|\[object Object\]|TypeError|Cannot read|\n\s+at /);
      assert.ok(error.message.length <= 1200, `a refusal of ${error.message.length} characters`);
      assert.equal(b.writes(), before, 'nothing was sent');
      assert.equal(({} as Record<string, unknown>)['polluted'], undefined, 'no prototype was changed');
    });
  }
});
