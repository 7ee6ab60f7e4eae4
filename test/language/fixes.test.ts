import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyEdits } from 'jsonc-parser';
import { closestName, fixesFor, missingLocalesFix, type Fix } from '../../src/language/fixes';
import { DatoJsonLanguageServices } from '../../src/language/jsonLanguage';
import { checkDocument, renderDocument, type DocumentKind } from '../../src/schema';
import type { Resource } from '../../src/cma/types';
import { articleFields, articleModel, articleRecord, context } from '../schema/fixtures';

const services = new DatoJsonLanguageServices();
const ctx = context();

/**
 * The fixes offered for each problem the checker finds in `text` (a document of `resource`), found from what a
 * diagnostic carries: the problem's code and data at its range, its message reworded.
 */
function fixesOf(kind: DocumentKind, resource: Resource, text: string): { message: string; fixes: Fix[] }[] {
  const opened = renderDocument(kind, resource, ctx);
  const context = { text, json: services.parseText(text), openedText: opened, openedJson: services.parseText(opened) };
  return checkDocument(kind, text, resource, ctx).map((problem) => {
    const reworded = { ...problem, message: 'Something is off here.' };
    return { message: problem.message, fixes: fixesFor(reworded, context) };
  });
}

function apply(text: string, fix: Fix): string {
  return applyEdits(text, fix.edits);
}

const problemsOf = (kind: DocumentKind, resource: Resource, text: string) => checkDocument(kind, text, resource, ctx).map((p) => p.message);

describe('quick fixes for document problems', () => {
  const record = articleRecord();
  const recordText = renderDocument('record', record, ctx);

  test('a removed record key: set to null instead (kept before $readonly), or put back as it was', () => {
    const text = recordText.replace('  "excerpt": "Short",\n', '');
    const [only] = fixesOf('record', record, text);
    assert.deepEqual(
      only!.fixes.map((f) => f.title),
      ['Set "excerpt" to null instead of removing it', 'Put "excerpt" back as it was'],
    );
    const nulled = apply(text, only!.fixes[0]!);
    assert.deepEqual(problemsOf('record', record, nulled), []);
    assert.deepEqual(Object.keys(JSON.parse(nulled)).slice(-2), ['excerpt', '$readonly']);
    assert.equal(JSON.parse(nulled).excerpt, null);
    assert.equal(JSON.parse(apply(text, only!.fixes[1]!)).excerpt, 'Short');
  });

  test('a changed $readonly value is restored as it was opened', () => {
    const text = recordText.replace('"id": "RecordArQiKle00000001A"', '"id": "Mine"');
    const [only] = fixesOf('record', record, text);
    assert.equal(only!.fixes.length, 1);
    assert.equal(apply(text, only!.fixes[0]!), recordText);
  });

  test('a string where an integer belongs becomes the number', () => {
    const text = recordText.replace('"reading_time": 7', '"reading_time": "12"');
    const [only] = fixesOf('record', record, text);
    assert.equal(apply(text, only!.fixes[0]!), recordText.replace('"reading_time": 7', '"reading_time": 12'));
  });

  test('an unknown key is renamed to the closest allowed one, or removed', () => {
    const field = articleFields[3]!; // rich_text with a size validator
    const opened = renderDocument('field', field, ctx);
    const text = opened.replace('"size"', '"sise"');
    const [only] = fixesOf('field', field, text);
    assert.deepEqual(
      only!.fixes.map((f) => f.title),
      ['Change to "size"', 'Remove "sise"'],
    );
    assert.equal(apply(text, only!.fixes[0]!), opened);
    const removed = apply(text, only!.fixes[1]!);
    assert.equal(JSON.parse(removed).validators.sise, undefined);
    assert.deepEqual(problemsOf('field', field, removed), []);
  });

  test('a value outside its enumeration offers each allowed value', () => {
    const opened = renderDocument('model', articleModel, ctx);
    const text = opened.replace(/"collection_appearance": "\w+"/, '"collection_appearance": "tabel"');
    const [only] = fixesOf('model', articleModel, text);
    assert.deepEqual(
      only!.fixes.map((f) => f.title),
      ['Change to "compact"', 'Change to "table"'],
    );
    assert.deepEqual(problemsOf('model', articleModel, apply(text, only!.fixes[1]!)), []);
  });

  test("a field type's missing required validator is added", () => {
    const field = articleFields[3]!;
    const opened = renderDocument('field', field, ctx);
    const text = opened.replace(/"rich_text_blocks": \{[^}]*\},?\s*/s, '');
    const [only] = fixesOf('field', field, text);
    assert.equal(only!.fixes[0]!.title, 'Add the "rich_text_blocks" validator');
    const fixed = apply(text, only!.fixes[0]!);
    assert.deepEqual(JSON.parse(fixed).validators.rich_text_blocks, { item_types: [] });
    assert.ok(!problemsOf('field', field, fixed).some((m) => m.includes('rich_text_blocks')));
  });

  test('a localized value gets its missing locales', () => {
    const text = recordText.replace(/"title": \{[^}]*\}/s, '"title": {\n    "en": "Risotto tonight"\n  }');
    const json = services.parseText(text);
    const fix = missingLocalesFix(json, text.indexOf('"en": "Risotto'), ctx.locales, (key) => key === 'title', text);
    assert.equal(fix?.title, 'Add the missing locale it');
    assert.deepEqual(JSON.parse(apply(text, fix!)).title, { en: 'Risotto tonight', it: null });
    assert.equal(
      missingLocalesFix(json, text.indexOf('"risotto-tonight"'), ctx.locales, (key) => key === 'title', text),
      undefined,
      'not on a field that is not localized',
    );
  });

  test("a record's value outside its enum validator, a misspelled locale and a field type's wrong editor", () => {
    const role = recordText.replace('"role": "chef"', '"role": "chefs"');
    assert.deepEqual(
      fixesOf('record', record, role)[0]!.fixes.map((f) => f.title),
      ['Change to "chef"', 'Change to "critic"'],
    );
    const locale = recordText.replace('"it": "Risotto stasera"', '"iy": "Risotto stasera"');
    const [misspelled, ...more] = fixesOf('record', record, locale);
    assert.equal(more.length, 0, 'a misspelled locale is one problem');
    assert.equal(misspelled!.fixes[0]!.title, 'Change to "it"');
    assert.equal(apply(locale, misspelled!.fixes[0]!), recordText);
    const field = articleFields[0]!;
    const opened = renderDocument('field', field, ctx);
    const editor = opened.replace('"editor": "single_line"', '"editor": "textarea"');
    const titles = fixesOf('field', field, editor)[0]!.fixes.map((f) => f.title);
    assert.deepEqual(
      titles,
      ['Change to "single_line"', 'Change to "string_radio_group"', 'Change to "string_select"'],
      'no "or a plugin id"',
    );
  });

  test('problems without a fix offer none; a problem is known by its code, not its words', () => {
    const text = recordText.replace('"reading_time": 7', '"reading_time": "12"');
    const json = services.parseText(text);
    const [problem] = checkDocument('record', text, record, ctx);
    assert.equal(fixesFor(problem!, { text, json }).length, 1);
    assert.deepEqual(fixesFor({ ...problem!, code: undefined }, { text, json }), [], 'no code, no fix, whatever the message says');
    assert.deepEqual(fixesFor({ ...problem!, code: 'out-of-range' }, { text, json }), []);
    assert.deepEqual(fixesFor({ ...problem!, data: { expected: 'string' } }, { text, json }), [], 'the data says what to write');
  });

  test('a key taken out of a block is set to null where it was', () => {
    const text = recordText.replace(/,\s*"url": "https:\/\/book.example"/, '');
    const [only] = fixesOf('record', record, text);
    assert.equal(only!.fixes[0]!.title, 'Set "url" to null instead of removing it');
    const fixed = apply(text, only!.fixes[0]!);
    assert.equal(JSON.parse(fixed).content[0].url, null);
    assert.deepEqual(problemsOf('record', record, fixed), [], 'a block may hold null where the key was');
  });

  test("a localized value lacking the locales the record's other values have gets them", () => {
    const text = recordText.replace(/,\s*"it": null\s*\}(\s*,\s*"teaser")/, '\n  }$1');
    assert.notEqual(text, recordText);
    const [only] = fixesOf('record', record, text);
    assert.equal(only!.fixes[0]!.title, 'Add the missing locale it');
    const fixed = apply(text, only!.fixes[0]!);
    assert.equal(JSON.parse(fixed).seo.it, null);
    assert.deepEqual(problemsOf('record', record, fixed), []);
  });

  test('the server: a refused value offers its allowed values; an attribute it does not take is removed', () => {
    const json = services.parseText(recordText);
    const role = recordText.indexOf('"chef"');
    const refused = fixesFor(
      { code: 'api-refused', data: { apiCode: 'INVALID_FIELD', allowed: ['chef', 'critic'] }, offset: role, length: 6 },
      { text: recordText, json },
    );
    assert.deepEqual(
      refused.map((f) => f.title),
      ['Change to "chef"', 'Change to "critic"'],
    );
    const excerpt = recordText.indexOf('"excerpt"');
    const [remove] = fixesFor(
      { code: 'api-extraneous-attribute', data: { key: 'excerpt' }, offset: excerpt, length: 9 },
      { text: recordText, json },
    );
    assert.equal(remove!.title, 'Remove "excerpt"');
    assert.equal(JSON.parse(apply(recordText, remove!)).excerpt, undefined);
  });

  test('"true" where a boolean belongs becomes true', () => {
    const text = recordText.replace('"featured": false', '"featured": "true"');
    const [only] = fixesOf('record', record, text);
    assert.equal(only!.fixes[0]!.title, 'Change to true');
    assert.equal(apply(text, only!.fixes[0]!), recordText.replace('"featured": false', '"featured": true'));
  });

  test('the closest name is a typo away, or nothing', () => {
    assert.equal(closestName('titel', ['title', 'slug']), 'title');
    assert.equal(closestName('completely_else', ['title', 'slug']), undefined);
  });
});
