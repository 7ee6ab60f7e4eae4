// The generated types plug into the official client: for the emulator's seeded project and for the adversarial
// schema, the file and a program that lists, creates, updates and reads records with them compile under
// `tsc --strict`, with wrong values refused (`@ts-expect-error`); the seeded records the official client reads
// type-check against their models' types. One tsc run for all of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildClient } from '@datocms/cma-client-node';
import { CmaClient } from '../../src/cma';
import { byModel } from '../../src/projects/projectData';
import { generateTypes } from '../../src/schemaCode/typesGenerator';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { typeCheck, under } from './compileTypes';
import { adversarialSchema, context } from './typesFixtures';
import { ADVERSARIAL_PROGRAM, SEEDED_PROGRAM, recordsFile } from './typesPrograms';

let emulator: Emulator;
let seededTypes: string[];
let diagnostics: string[];
let recordCount = 0;
let modelCount = 0;

/** The seeded project's types, as Generate Types writes them for a workspace that depends on @datocms/cma-client-node. */
async function seededTypesFile(): Promise<string> {
  const client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, environment: 'main', retry: { maxAttempts: 1 } });
  const schema = await client.site.findWithSchema();
  const fields = byModel(schema.itemTypes, schema.fields, 'fields');
  return generateTypes({
    projectName: String(schema.site.attributes['name']),
    environment: 'main',
    clientPackage: '@datocms/cma-client-node',
    schema: { locales: schema.site.attributes['locales'] as string[], itemTypes: schema.itemTypes, fieldsOf: (id) => fields.get(id) },
  });
}

useEmulator({ records: 8, latencyMs: 0 }, async (started) => {
  emulator = started.emulator;
  seededTypes = [await seededTypesFile(), await seededTypesFile()];
  // the seeded records as the official client reads them, plain and nested
  const official = buildClient({ apiToken: emulator.token, baseUrl: emulator.url, environment: 'main' });
  const records: { apiKey: string; nested: boolean; record: unknown }[] = [];
  for (const model of await official.itemTypes.list()) {
    if (model.modular_block) continue;
    modelCount++;
    for (const nested of [false, true]) {
      const query = { filter: { type: model.id }, page: { limit: 4 } };
      const page = nested ? await official.items.list({ ...query, nested: true }) : await official.items.list(query);
      for (const record of page) records.push({ apiKey: model.api_key, nested, record });
    }
  }
  recordCount = records.length;
  const adversarial = generateTypes({ projectName: 'Adversarial', environment: 'main', schema: context(adversarialSchema()) });
  diagnostics = await typeCheck({
    'seeded/datocms-types.ts': seededTypes[0]!,
    'seeded/use.ts': SEEDED_PROGRAM,
    'seeded/records.ts': recordsFile(records),
    'adversarial/datocms-types.ts': adversarial,
    'adversarial/use.ts': ADVERSARIAL_PROGRAM,
  });
});

test('tsc found nothing outside the programs (configuration, libraries)', () => {
  assert.deepEqual(
    diagnostics.filter((d) => !d.startsWith('seeded/') && !d.startsWith('adversarial/')),
    [],
  );
});

test("the seeded project's types compile, and list, create, update and nested reads are typed by them", () => {
  assert.match(seededTypes[0]!, /\nexport type Article = ItemTypeDefinition<\n/);
  assert.deepEqual(
    under(diagnostics, 'seeded').filter((d) => !d.startsWith('seeded/records.ts')),
    [],
  );
});

/**
 * Values the emulator returns as they were seeded, short of what the API always sends (a file's poster_time, a
 * colour's alpha, a video's size, thumbnail and title): the client's types rightly refuse them. Known emulator gaps,
 * left to its owner; any other mismatch fails.
 */
test('the seeded records the official client reads type-check against their models, and a wrong value does not', () => {
  assert.ok(recordCount >= 40 && modelCount >= 7, `${recordCount} records of ${modelCount} models`);
  assert.deepEqual(
    diagnostics.filter((d) => d.startsWith('seeded/records.ts')),
    [],
  );
});

test('the adversarial schema (colliding and reserved names, every field type, recursive blocks) compiles and types the client', () => {
  assert.deepEqual(under(diagnostics, 'adversarial'), []);
});

test('two runs on the same schema write the same bytes', () => {
  assert.equal(seededTypes[0], seededTypes[1]);
});
