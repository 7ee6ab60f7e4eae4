import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TextDocument, getLanguageService } from 'vscode-json-languageservice';
import { findColors, presentColor } from '../../src/language/colors';

function parsed(text: string) {
  const document = TextDocument.create('datocms:/p/main/records/article/1.json', 'datocms-json', 1, text);
  return { document, json: getLanguageService({}).parseJSONDocument(document) };
}

const text = `{
  "color": {
    "red": 255,
    "green": 128,
    "blue": 0,
    "alpha": 255
  },
  "not_a_color": { "red": 1, "green": 2 },
  "out_of_range": { "red": 300, "green": 0, "blue": 0, "alpha": 255 },
  "blocks": [{ "accent": { "alpha": 51, "blue": 255, "green": 0, "red": 0 } }]
}
`;

describe('color values in documents', () => {
  test('every {red, green, blue, alpha} object of 0–255 integers is a color, wherever it is', () => {
    const { document, json } = parsed(text);
    const colors = findColors(document, json);
    assert.equal(colors.length, 2);
    assert.deepEqual(colors[0]!.color, { red: 1, green: 128 / 255, blue: 0, alpha: 1 });
    assert.equal(document.getText(colors[0]!.range), text.slice(text.indexOf('{\n    "red"'), text.indexOf('},\n  "not_a_color"') + 1));
    assert.deepEqual(colors[1]!.color, { red: 0, green: 0, blue: 1, alpha: 0.2 });
  });

  test('picking a color rewrites only the numbers, keeping the layout and key order', () => {
    const { document, json } = parsed(text);
    const [, accent] = findColors(document, json);
    const presentation = presentColor(document, json, accent!.range, { red: 1, green: 0.5, blue: 0, alpha: 1 });
    assert.ok(presentation);
    assert.equal(presentation.textEdit.newText, '{ "alpha": 255, "blue": 0, "green": 128, "red": 255 }');
    const edited = TextDocument.applyEdits(document, [presentation.textEdit]);
    assert.deepEqual(JSON.parse(edited).blocks[0].accent, { alpha: 255, blue: 0, green: 128, red: 255 });
    assert.equal(presentColor(document, json, { start: document.positionAt(1), end: document.positionAt(2) }, accent!.color), undefined);
  });
});
