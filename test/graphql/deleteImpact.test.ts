// Deleting a field or a model from the tree: the confirmation names the workspace's queries the delete would break
// (found by the usage scan on files of a folder, against the seeded project's delivery schema), before anything is
// sent; declining sends nothing; a scan that fails is said, and does not stop the delete.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { CmaClient, closeAllDispatchers } from '../../src/cma';
import { pascalCase } from '../../src/graphql/datoNames';
import { readQueryOf, schemaEditsOf } from '../../src/graphql/usages/changes';
import { UsageScanner, type ScanFile } from '../../src/graphql/usages/scanner';
import type { LifecycleDeps } from '../../src/projects/actions';
import { ProjectData } from '../../src/projects/projectData';
import { formatMessage } from '../../src/platform/translate';
import { deleteSchemaItem, type QueriesBrokenBy } from '../../src/schemaActions/deleteSchema';
import { startEmulator, type Emulator } from '../emulator';
import { gql } from '../emulator/cda/cda-http';
import { ScriptedUi } from '../platform/scriptedUi';

let emulator: Emulator;
let data: ProjectData;
let ui: ScriptedUi;
let dir: string;
let files: ScanFile[];
let scanner: UsageScanner;
const at = { project: 'bistro', environment: 'main' };

before(async () => {
  emulator = await startEmulator({ records: 5, jobDurationMs: 1 });
  scanner = new UsageScanner();
  scanner.setSchema('k', printSchema(buildClientSchema((await gql(emulator, getIntrospectionQuery())).data)));
  dir = await mkdtemp(join(tmpdir(), 'delete-impact-'));
  const sources: Record<string, string> = {
    'app/page.tsx': 'const Q = graphql(`\n  query Home {\n    allArticles { title readingTime }\n  }\n`);',
    'app/feed.graphql': 'query Feed { allArticles(orderBy: readingTime_DESC) { id } }\nquery Other { allAuthors { name } }',
  };
  files = [];
  for (const [name, text] of Object.entries(sources)) {
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'app'), { recursive: true }));
    await writeFile(join(dir, name), text);
    files.push({ path: join(dir, name), kind: name.endsWith('.graphql') ? 'graphql' : 'script', root: dir });
  }
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  data = new ProjectData(new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } }));
  ui = new ScriptedUi();
});

function deps(): LifecycleDeps {
  return {
    ui,
    t: formatMessage,
    data: async () => data,
    documentsDeleted: async () => undefined,
    confirmSchemaChange: async () => true,
    openDocument: async () => undefined,
  };
}

/** What the GraphQL room gives the confirmation: the scan's broken units as files relative to the folder. */
const queriesBrokenBy: QueriesBrokenBy = async (changes) => {
  const change = [changes].flat();
  const pascals = (await data.itemTypes()).map((m) => pascalCase(String(m.attributes['api_key'])));
  const { units } = await scanner.broken('k', files, readQueryOf(change, pascals), schemaEditsOf(change), pascals);
  return units.map((u) => ({ name: u.unit, file: u.path.slice(dir.length + 1), line: u.line + 1 }));
};

function captureDetails(): string[] {
  const details: string[] = [];
  const ask = ui.confirm.bind(ui);
  ui.confirm = async (options) => (details.push(options.detail ?? ''), ask(options));
  return details;
}

describe('deleting schema names the queries it would break', () => {
  test('a field two queries read: both named, with file and line; declining sends nothing', async () => {
    const article = await data.itemType('article');
    const field = (await data.fields(article.id)).find((f) => f.attributes['api_key'] === 'reading_time')!;
    const details = captureDetails();
    ui.answers.push(() => undefined);
    emulator.clearRequests();
    assert.equal(await deleteSchemaItem(deps(), { ...at, kind: 'field', model: article, field }, queriesBrokenBy), false);
    assert.match(
      details[0]!,
      /2 queries of this workspace read article\.reading_time and would no longer validate: app\/feed\.graphql:1 \(query Feed\), app\/page\.tsx:2 \(query Home\)\./,
    );
    assert.deepEqual(
      emulator.requests.filter((r) => r.method !== 'GET'),
      [],
    );
  });

  test('a model one query reads; a field no query reads adds nothing', async () => {
    const author = await data.itemType('author');
    const details = captureDetails();
    ui.answers.push(
      () => undefined,
      () => undefined,
    );
    await deleteSchemaItem(deps(), { ...at, kind: 'model', model: author }, queriesBrokenBy);
    assert.match(
      details[0]!,
      /1 query of this workspace reads author and would no longer validate: app\/feed\.graphql:2 \(query Other\)\./,
    );
    const email = (await data.fields(author.id)).find((f) => f.attributes['api_key'] === 'email')!;
    await deleteSchemaItem(deps(), { ...at, kind: 'field', model: author, field: email }, queriesBrokenBy);
    assert.doesNotMatch(details[1]!, /queries? of this workspace/);
  });

  test('a check that fails is said in the confirmation, which still asks', async () => {
    const author = await data.itemType('author');
    const email = (await data.fields(author.id)).find((f) => f.attributes['api_key'] === 'email')!;
    const details = captureDetails();
    ui.answers.push(() => undefined);
    await deleteSchemaItem(deps(), { ...at, kind: 'field', model: author, field: email }, async () => {
      throw new Error('the delivery API refused the token');
    });
    assert.match(details[0]!, /The workspace’s queries could not be checked: the delivery API refused the token/);
  });
});
