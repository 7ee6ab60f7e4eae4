// The types generated for the emulator's seeded project compile with `strict`, and the seeded records'
// documents, as the documents layer renders them, type-check against their models' types; a wrong value does not.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CmaClient, closeAllDispatchers } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import { byModel } from '../../src/projects/projectData';
import { renderDocument, type SchemaContext } from '../../src/schema';
import { generateTypes } from '../../src/schemaCode/typesGenerator';
import { startEmulator, type Emulator } from '../emulator/index';
import { compile } from './compileTypes';

let emulator: Emulator;
let typesText: string;
/** seeded records as their documents show them, with their model */
const samples: { document: string; modelApiKey: string }[] = [];

before(async () => {
  emulator = await startEmulator({ records: 30, latencyMs: 0 });
  const client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, environment: 'main', retry: { maxAttempts: 1 } });
  const schema = await client.site.findWithSchema();
  const fields = byModel(schema.itemTypes, schema.fields, 'fields');
  const ctx: SchemaContext = {
    locales: schema.site.attributes['locales'] as string[],
    itemTypes: schema.itemTypes,
    fieldsOf: (id) => fields.get(id),
  };
  typesText = generateTypes({
    projectName: String(schema.site.attributes['name']),
    environment: 'main',
    generatedAt: new Date('2026-01-02T03:04:05Z'),
    schema: ctx,
  });
  for (const model of schema.itemTypes.filter((m) => m.attributes['modular_block'] !== true)) {
    const page = await client.items.list({ filter: { type: model.id }, nested: true, page: { limit: 6 } });
    for (const record of page.data as Resource<'item'>[]) {
      samples.push({ modelApiKey: String(model.attributes['api_key']), document: renderDocument('record', record, ctx) });
    }
  }
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
});

const sampleFile = (documents: typeof samples) =>
  `import type { DatoModels } from './datocms-types';\n${documents.map((s, i) => `export const record${i}: DatoModels[${JSON.stringify(s.modelApiKey)}] = ${s.document};`).join('\n')}\n`;

test('the generated file compiles with strict: true', () => {
  assert.match(typesText, /export interface Article \{/);
  assert.match(typesText, /export interface ImageBlock \{/);
  assert.deepEqual(compile({ 'datocms-types.ts': typesText }), []);
});

test("seeded records of every model type-check against their model's type", () => {
  const models = new Set(samples.map((s) => s.modelApiKey));
  assert.ok(samples.length >= 20 && models.size >= 7, `${samples.length} records of ${models.size} models`);
  assert.deepEqual(compile({ 'datocms-types.ts': typesText, 'records.ts': sampleFile(samples) }), []);
});

test('a number in a string field of a record is one error', () => {
  const article = samples.find((s) => s.modelApiKey === 'article')!;
  const wrong = { ...article, document: article.document.replace(/"slug": "[^"]*"/, '"slug": 42') };
  assert.notEqual(wrong.document, article.document);
  const diagnostics = compile({ 'datocms-types.ts': typesText, 'records.ts': sampleFile([wrong]) });
  assert.equal(diagnostics.length, 1, diagnostics.join('\n'));
  assert.match(diagnostics[0]!, /records\.ts:.*number.*string/);
});
