import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DatoJsonLanguageServices } from '../../src/language/jsonLanguage';
import { allReferences, lineAndCharacter, linksTo, referenceAt, type ReferenceContext } from '../../src/language/references';
import { renderDocument } from '../../src/schema';
import { ARTICLE, AUTHOR, CTA, articleFields, articleModel, articleRecord, context } from '../schema/fixtures';

const services = new DatoJsonLanguageServices();
const ctx = context();

/** The reference found inside the string `needle` (its first occurrence after `after`). */
function at(text: string, needle: string, context: ReferenceContext, after = '') {
  const offset = text.indexOf(needle, text.indexOf(after)) + 1;
  const found = referenceAt(services.parseText(text), offset, context);
  return found && { kind: found.kind, id: found.id, allowed: found.allowedModelIds };
}

describe('references in documents', () => {
  const record = renderDocument('record', articleRecord(), ctx).replace('"categories": []', '"categories": ["RecordAuQhKr000000002A"]');
  const inRecord: ReferenceContext = { kind: 'record', ctx, modelId: ARTICLE };

  test("a record's link, links, upload and block model ids point to their targets", () => {
    assert.deepEqual(at(record, '"RecordAuQhKr000000001A"', inRecord), { kind: 'record', id: 'RecordAuQhKr000000001A', allowed: [AUTHOR] });
    assert.deepEqual(at(record, '"RecordAuQhKr000000002A"', inRecord), { kind: 'record', id: 'RecordAuQhKr000000002A', allowed: [AUTHOR] });
    assert.deepEqual(at(record, '"Upload00Q0K0000000001A"', inRecord), {
      kind: 'upload',
      id: 'Upload00Q0K0000000001A',
      allowed: undefined,
    });
    assert.deepEqual(at(record, `"${CTA}"`, inRecord, '"hero"'), { kind: 'model', id: CTA, allowed: undefined });
    assert.deepEqual(at(record, `"${ARTICLE}"`, inRecord, '"$readonly"'), { kind: 'model', id: ARTICLE, allowed: undefined });
  });

  test("an SEO value's image is an upload; its title is not", () => {
    const seoAt = record.indexOf('"seo"');
    const withImage = record.slice(0, seoAt) + record.slice(seoAt).replace('"image": null', '"image": "SeoImage00000000000001"');
    assert.deepEqual(at(withImage, '"SeoImage00000000000001"', inRecord), {
      kind: 'upload',
      id: 'SeoImage00000000000001',
      allowed: undefined,
    });
    assert.equal(at(withImage, '"T"', inRecord, '"seo"'), undefined);
    assert.ok(allReferences(services.parseText(withImage), inRecord).some((r) => r.kind === 'upload' && r.id === 'SeoImage00000000000001'));
  });

  test('other strings are not references: titles, slugs, block ids', () => {
    assert.equal(at(record, '"Risotto tonight"', inRecord), undefined);
    assert.equal(at(record, '"risotto-tonight"', inRecord), undefined);
    assert.equal(at(record, '"BlockHerQ0K0000000001A"', inRecord), undefined);
  });

  test('an empty link value is a place to complete a record of the allowed models', () => {
    const empty = record.replace('"author": "RecordAuQhKr000000001A"', '"author": ""');
    assert.deepEqual(at(empty, '"author": ""', inRecord, '"author"') && at(empty, '""', inRecord, '"author"'), {
      kind: 'record',
      id: '',
      allowed: [AUTHOR],
    });
  });

  test('a record linked from structured text, inside a block of a block', () => {
    const dast = (children: unknown[]) => ({ schema: 'dast', document: { type: 'root', children } });
    const text = JSON.stringify(
      {
        body: {
          en: dast([
            { type: 'paragraph', children: [{ type: 'itemLink', item: 'RecLinked', children: [{ type: 'span', value: 'see' }] }] },
          ]),
        },
        content: [{ id: 'B1', item_type: { type: 'item_type', id: CTA }, label: 'RecNotALink' }],
      },
      null,
      2,
    );
    assert.deepEqual(at(text, '"RecLinked"', inRecord), { kind: 'record', id: 'RecLinked', allowed: [ARTICLE] });
    assert.equal(at(text, '"RecNotALink"', inRecord), undefined, "a block's string field is not a link");
  });

  test('all references of a record, for one lookup', () => {
    const ids = allReferences(services.parseText(record), inRecord)
      .filter((r) => r.kind === 'record')
      .map((r) => r.id);
    assert.deepEqual(ids, ['RecordAuQhKr000000001A', 'RecordAuQhKr000000002A']);
  });

  test("a model's field links and a field's validator models", () => {
    const model = renderDocument('model', articleModel, ctx);
    assert.deepEqual(at(model, '"fTitle00Q0K000000000eA"', { kind: 'model', ctx, modelId: ARTICLE }, '"title_field"'), {
      kind: 'field',
      id: 'fTitle00Q0K000000000eA',
      allowed: undefined,
    });
    const field = renderDocument('field', articleFields[5]!, ctx); // author: item_item_type
    assert.deepEqual(at(field, `"${AUTHOR}"`, { kind: 'field', ctx, modelId: ARTICLE }, '"item_item_type"'), {
      kind: 'model',
      id: AUTHOR,
      allowed: undefined,
    });
  });

  test("a field's fieldset link points to the fieldset (its document opens from there)", () => {
    const field = JSON.stringify({ label: 'Title', fieldset: { type: 'fieldset', id: 'FieldsetQ0K000000001A' } }, null, 2);
    assert.deepEqual(at(field, '"FieldsetQ0K000000001A"', { kind: 'field', ctx, modelId: ARTICLE }), {
      kind: 'fieldset',
      id: 'FieldsetQ0K000000001A',
      allowed: undefined,
    });
  });

  test('where a record links to another: each link, in a list, in structured text and inside a block, located exactly', () => {
    const target = 'RecordAuQhKr000000001A';
    const text = renderDocument('record', articleRecord(), ctx)
      .replace('"categories": []', `"categories": ["RecordAuQhKr000000002A", "${target}"]`)
      .replace('"value": "Hello"', '"value": "Hello" }, { "type": "itemLink", "item": "' + target + '", "children": [] ');
    const places = linksTo(services.parseText(text), target, inRecord);
    assert.equal(places.length, 3, 'the author link, an item of categories, a structured text link');
    for (const place of places) assert.equal(text.slice(place.offset, place.offset + place.length), `"${target}"`);
    const first = lineAndCharacter(text, places[0]!.offset);
    const line = text.split('\n')[first.line]!;
    assert.equal(line.slice(first.character, first.character + target.length + 2), `"${target}"`);
    assert.deepEqual(linksTo(services.parseText(text), 'RecordNobodyLinks0001A', inRecord), []);
  });
});
