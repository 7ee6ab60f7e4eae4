// The order of keys a document shows does not move on its own: a field's appearance reads the same whatever order
// DatoCMS answers in, a save shows the answer in the order the user saved, and Format Document prints the text the
// way its rendering does (indentation and key order), the user's own keys where they put them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatLikeRendering, renderDocument } from '../../src/schema';
import * as fx from '../schema/fixtures';
import { basis, expectStatus, parse, useDocumentService, where } from './documentServiceHelpers';

const bench = useDocumentService();
const titleField = { ...where, kind: 'field', modelApiKey: 'article', apiKey: 'title' } as const;
const keysOf = (value: unknown) => Object.keys(value as object);

describe('key order', () => {
  test("a field's appearance shows editor, parameters, addons whatever order DatoCMS answers in", () => {
    const ctx = fx.context();
    const field = structuredClone(fx.titleField);
    field.attributes['appearance'] = { addons: [{ parameters: {}, id: 'p1' }], parameters: { heading: true }, editor: 'single_line' };
    const doc = parse(renderDocument('field', field, ctx));
    assert.deepEqual(keysOf(doc['appearance']), ['editor', 'parameters', 'addons']);
    assert.deepEqual(keysOf((doc['appearance'] as { addons: unknown[] }).addons[0]), ['id', 'parameters']);
  });

  test('after a save the document shows the answer in the key order the user saved (no appearance keys moving)', async () => {
    const opened = await bench.service.open(titleField);
    const doc = parse(opened.text) as Record<string, any>;
    // the user writes the appearance in an order of their own, and changes a parameter
    const { editor, parameters, addons } = doc.appearance;
    doc.appearance = { addons, parameters: { ...parameters, heading: !parameters.heading }, editor };
    doc.hint = 'Shown as the page heading';
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    const saved = expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    const shown = parse(saved.document.text) as Record<string, any>;
    assert.deepEqual(keysOf(shown.appearance), ['addons', 'parameters', 'editor']);
    assert.deepEqual(keysOf(shown), keysOf(doc), 'the top-level keys in the order saved');
    assert.equal(saved.document.text, text, 'the answer reads exactly as what was saved');
    // opened again from DatoCMS: the rendering's own order
    assert.deepEqual(keysOf(parse((await bench.service.open(titleField)).text)['appearance']), ['editor', 'parameters', 'addons']);
  });
});

describe('Format Document', () => {
  const rendering = renderDocument('record', fx.articleRecord(), fx.context());

  test('a minified text with its keys shuffled comes back exactly as the rendering prints it', () => {
    const value = JSON.parse(rendering) as Record<string, unknown>;
    const shuffled = Object.fromEntries(Object.entries(value).reverse());
    assert.equal(formatLikeRendering(JSON.stringify(shuffled), rendering), rendering);
  });

  test("the user's own keys stay where they were put; a number too big for a double keeps its digits", () => {
    const text = rendering.replace('"title": {', '"x_note": 12345678901234567890123,\n"title": {');
    const formatted = formatLikeRendering(text, rendering)!;
    const keys = keysOf(JSON.parse(formatted));
    assert.equal(keys[keys.indexOf('title') - 1], 'x_note');
    assert.match(formatted, /\{\n {2}"x_note": 12345678901234567890123,\n {2}"title": \{\n {4}"en"/);
    assert.equal(keys[keys.length - 1], '$readonly');
  });

  test('a text that is not valid JSON, or has a key twice, is not reordered (nothing typed can be lost)', () => {
    assert.equal(formatLikeRendering('{"a": 1,', rendering), undefined);
    assert.equal(formatLikeRendering('{"a": 1, "a": 2}', rendering), undefined);
  });
});
