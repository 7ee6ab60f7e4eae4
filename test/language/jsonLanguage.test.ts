import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-json-languageservice';
import { DatoJsonLanguageServices, type ParsedDocument } from '../../src/language/jsonLanguage';
import { recordModelKey, schemaKeyFor } from '../../src/language/schemaKeys';
import { renderDocument, type SchemaContext } from '../../src/schema';
import { articleModel, articleRecord, context, titleField, webhook } from '../schema/fixtures';

const MODEL_PATH = '/bistro/main/models/article.json';
const FIELD_PATH = '/bistro/main/models/article/fields/title.json';
const RECORD_PATH = `/bistro/main/records/article/${articleRecord().id}.json`;
const ARTICLE_KEY = recordModelKey('bistro', 'main', 'article');

let version = 0;
function parse(services: DatoJsonLanguageServices, path: string, text: string): ParsedDocument {
  return services.parse(`datocms:${path}`, path, ++version, text);
}

/** The labels completion offers where `marker` (a `|`) is in `textWithMarker`. */
async function completionsAt(services: DatoJsonLanguageServices, path: string, textWithMarker: string): Promise<string[]> {
  const offset = textWithMarker.indexOf('|');
  assert.ok(offset >= 0, 'the text has a | where completion is asked');
  const { service, document, json } = parse(services, path, textWithMarker.slice(0, offset) + textWithMarker.slice(offset + 1));
  const list = await service.doComplete(document, document.positionAt(offset), json);
  return (list?.items ?? []).map((item) => item.label);
}

function withValue(text: string, key: string, valueWithMarker: string): string {
  const pattern = new RegExp(`("${key}": )[^\\n]*?(,?\\n)`);
  assert.match(text, pattern);
  return text.replace(pattern, `$1${valueWithMarker}$2`);
}

describe('which schema a datocms: document gets', () => {
  test('by its path, like a file association: models, fields, webhooks, and records by their model', () => {
    assert.deepEqual(schemaKeyFor(MODEL_PATH), { kind: 'model' });
    assert.deepEqual(schemaKeyFor(FIELD_PATH), { kind: 'field' });
    assert.deepEqual(schemaKeyFor('/bistro/main/webhooks/123.json'), { kind: 'webhook' });
    assert.deepEqual(schemaKeyFor('/bistro/main/records/article/42.json'), { kind: 'record', model: 'bistro/main/article' });
    assert.notDeepEqual(
      schemaKeyFor('/bistro/sandbox/records/article/42.json'),
      schemaKeyFor('/bistro/main/records/article/42.json'),
      'environments have their own models',
    );
    for (const notADocument of ['/bistro/main/models', '/bistro/main/models/article', '/bistro/main/records/article', '/elsewhere.json']) {
      assert.equal(schemaKeyFor(notADocument), undefined, notADocument);
    }
  });
});

describe('the datocms-json language services', () => {
  const ctx = context();
  const modelText = renderDocument('model', articleModel, ctx);

  test('completes an enumeration with its values only', async () => {
    const services = new DatoJsonLanguageServices();
    assert.deepEqual(await completionsAt(services, MODEL_PATH, withValue(modelText, 'collection_appearance', '"|"')), [
      '"compact"',
      '"table"',
    ]);
    assert.deepEqual(
      (await completionsAt(services, MODEL_PATH, withValue(modelText, 'ordering_meta', '|'))).sort(),
      ['"created_at"', '"first_published_at"', '"published_at"', '"updated_at"', 'null'].sort(),
    );
  });

  test('completes the keys a document may still have, not the ones it has', async () => {
    const services = new DatoJsonLanguageServices();
    const withoutHint = modelText.replace(/\n {2}"hint": null,/, '\n  |');
    const labels = await completionsAt(services, MODEL_PATH, withoutHint);
    assert.deepEqual(labels, ['hint']);
  });

  test('hover shows the key description from the schema', async () => {
    const services = new DatoJsonLanguageServices();
    const { service, document, json } = parse(services, MODEL_PATH, modelText);
    const hover = await service.doHover(document, document.positionAt(modelText.indexOf('"collection_appearance"') + 3), json);
    assert.deepEqual(hover?.contents, ['How the records list looks: compact or table']);
  });

  test('a field is completed with the validators and editors of its own field type', async () => {
    const services = new DatoJsonLanguageServices();
    const fieldText = renderDocument('field', titleField, ctx);
    const editors = await completionsAt(services, FIELD_PATH, fieldText.replace(/"editor": "single_line"/, '"editor": "|"'));
    assert.deepEqual(editors, ['"single_line"', '"string_radio_group"', '"string_select"']);
    const validators = await completionsAt(services, FIELD_PATH, fieldText.replace(/"validators": \{/, '"validators": {|'));
    assert.deepEqual(validators.sort(), ['enum', 'format', 'unique'], 'string validators not yet present (required and length are)');
    const asFloat = fieldText.replace('"field_type": "string"', '"field_type": "float"');
    assert.deepEqual(await completionsAt(services, FIELD_PATH, asFloat.replace(/"editor": "single_line"/, '"editor": "|"')), ['"float"']);
    assert.deepEqual(await completionsAt(services, FIELD_PATH, asFloat.replace(/"validators": \{/, '"validators": {|')), ['number_range']);
  });

  test("a record is completed from its model's schema once a record of that model was opened", async () => {
    const services = new DatoJsonLanguageServices();
    const recordText = renderDocument('record', articleRecord(), ctx);
    const twitterCard = withValue(recordText, 'twitter_card', '"|"');
    assert.deepEqual(await completionsAt(services, RECORD_PATH, twitterCard), [], 'no schema yet: nothing to offer');
    services.noteRecordModel(ARTICLE_KEY, { ctx, itemType: articleModel });
    assert.deepEqual((await completionsAt(services, RECORD_PATH, twitterCard)).sort(), ['"summary"', '"summary_large_image"', 'null']);
    const locales = await completionsAt(
      services,
      RECORD_PATH,
      recordText.replace(/"title": \{\n {4}"en": "Risotto tonight",\n {4}"it": "Risotto stasera"\n {2}\}/, '"title": {|}'),
    );
    assert.deepEqual(locales.sort(), ['en', 'it'], "a localized value is keyed by the project's locales");
    const other = await completionsAt(services, '/bistro/sandbox/records/article/1.json', twitterCard);
    assert.deepEqual(other, [], "another environment's article model is not this one");
  });

  test('a record model seen again with changed fields serves the new schema', async () => {
    const services = new DatoJsonLanguageServices();
    const roleValue = withValue(renderDocument('record', articleRecord(), ctx), 'role', '|');
    services.noteRecordModel(ARTICLE_KEY, { ctx, itemType: articleModel });
    assert.ok(!(await completionsAt(services, RECORD_PATH, roleValue)).includes('true'), 'role is a string field');
    const roleField = ctx.fieldsOf(articleModel.id)!.find((f) => f.attributes['api_key'] === 'role')!;
    const asBoolean = { ...roleField, attributes: { ...roleField.attributes, field_type: 'boolean', validators: {} } };
    const changed: SchemaContext = { ...ctx, fieldsOf: (id) => ctx.fieldsOf(id)?.map((f) => (f.id === roleField.id ? asBoolean : f)) };
    services.noteRecordModel(ARTICLE_KEY, { ctx: changed, itemType: articleModel });
    assert.ok((await completionsAt(services, RECORD_PATH, roleValue)).includes('true'), 'role is now a boolean field');
  });

  test('formatting gives the document format: a rendered document is left alone, a reflowed one is restored', () => {
    const services = new DatoJsonLanguageServices();
    const text = renderDocument('webhook', webhook(), ctx);
    const format = (source: string) => {
      const { service, document } = parse(services, '/bistro/main/webhooks/1.json', source);
      return TextDocument.applyEdits(
        document,
        service.format(document, undefined, { tabSize: 2, insertSpaces: true, insertFinalNewline: true }),
      );
    };
    assert.equal(format(text), text);
    assert.equal(format(JSON.stringify(JSON.parse(text))), text);
    assert.equal(format(JSON.stringify(JSON.parse(text), null, 4)), text);
  });

  test('the outline lists the top-level keys, in order, with their children', () => {
    const services = new DatoJsonLanguageServices();
    const recordText = renderDocument('record', articleRecord(), ctx);
    const { service, document, json } = parse(services, RECORD_PATH, recordText);
    const symbols = service.findDocumentSymbols2(document, json);
    assert.deepEqual(
      symbols.map((s) => s.name),
      Object.keys(JSON.parse(recordText)),
    );
    assert.deepEqual(
      symbols.find((s) => s.name === 'title')?.children?.map((s) => s.name),
      ['en', 'it'],
    );
  });
});
