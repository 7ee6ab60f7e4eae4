// What a schema change breaks: the queries of a workspace (files on disk, open editors) that read a model or a field,
// found by the usage scan (in a worker thread, cached per file version), and those that would no longer validate once
// the model or field is gone or renamed, against the seeded project's schema.
import assert from 'node:assert/strict';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { after, before, describe, test } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { editedSchema } from '../../src/graphql/usages/breakage';
import { readQueryOf, schemaEditsOf, type CodeChange } from '../../src/graphql/usages/changes';
import { UsageScanner, type ScanFile } from '../../src/graphql/usages/scanner';
import { UsageClient } from '../../src/graphql/usages/usageClient';
import { startEmulator } from '../emulator/index';
import { gql } from '../emulator/cda/cda-http';

const WORKER_SOURCE = resolve(__dirname, '../../src/graphql/usages/usageWorker.ts');
const startWorker = () => new Worker(`require('tsx/cjs'); require(${JSON.stringify(WORKER_SOURCE)});`, { eval: true });

const FILES: Record<string, string> = {
  'queries/feed.graphql': [
    'query Feed($n: IntType) {',
    '  allArticles(first: $n, filter: { readingTime: { gt: 3 } }, orderBy: [readingTime_ASC, _createdAt_DESC]) {',
    '    title',
    '    author { name }',
    '  }',
    '}',
    '',
    'query Count { _allAuthorsMeta { count } }',
  ].join('\n'),
  'src/article.tsx': [
    "import { graphql } from 'gql.tada';",
    'export const Cover = graphql(`fragment Cover on ArticleRecord { cover { url } }`);',
    'export const Page = graphql(`',
    '  query Page { article { _allTitleLocales { locale value } ...Cover hero { ... on CtaBlockRecord { label } } } }',
    '`, [Cover]);',
    'export default function Page() { return <p>Don\'t {"graphql(`{ x }`)"}</p>; }',
  ].join('\n'),
  'src/people.js': 'const q = gql`{ allAuthors { name } }`;\nconst r = gql`{ _site { locales } }`;\n',
  'src/plain.ts': 'export const answer = 42;\n',
};

let dir: string;
let sdl: string;
let files: ScanFile[];
const kindOf = (path: string): ScanFile['kind'] => (path.endsWith('.graphql') ? 'graphql' : 'script');
const change = (c: { kind: 'model' | 'field'; modelApiKey: string; fieldApiKey?: string; to?: string }) =>
  ({ project: 'p', environment: 'main', ...c }) as CodeChange;
const pascals = ['Article', 'Author', 'Category', 'CtaBlock', 'Dish', 'Event', 'HomePage', 'ImageBlock', 'Page', 'QuoteBlock'];

before(async () => {
  const emu = await startEmulator({ records: 2, jobDurationMs: 1 });
  sdl = printSchema(buildClientSchema((await gql(emu, getIntrospectionQuery())).data));
  await emu.close();
  dir = await mkdtemp(join(tmpdir(), 'usages-'));
  files = [];
  for (const [name, text] of Object.entries(FILES)) {
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, name, '..'), { recursive: true }));
    await writeFile(join(dir, name), text);
    files.push({ path: join(dir, name), kind: kindOf(name), root: dir });
  }
});
after(() => rm(dir, { recursive: true, force: true }));

/** `line:character` of the first occurrence of a name in a file. */
function at(file: string, name: string): string {
  const text = FILES[file]!;
  const offset = text.search(new RegExp(`\\b${name}\\b`));
  const before = text.slice(0, offset);
  return `${before.split('\n').length - 1}:${offset - before.lastIndexOf('\n') - 1}`;
}

/** `file:line:character name` of each read found. */
async function found(scanner: UsageScanner, query: CodeChange[]): Promise<string[]> {
  const result = await scanner.find('k', files, readQueryOf(query));
  return result.files.flatMap((f) =>
    f.reads.map((r) => `${f.path.slice(dir.length + 1)}:${r.line}:${r.character} ${r.name || r.typeName} (${r.unit})`),
  );
}

describe('usages in code', () => {
  test('a model: the selections that reach it, its meta count, type conditions on it', async () => {
    const scanner = new UsageScanner();
    scanner.setSchema('k', sdl);
    assert.deepEqual(await found(scanner, [change({ kind: 'model', modelApiKey: 'author' })]), [
      `queries/feed.graphql:${at('queries/feed.graphql', 'author')} author (query Feed)`,
      `queries/feed.graphql:${at('queries/feed.graphql', '_allAuthorsMeta')} _allAuthorsMeta (query Count)`,
      `src/people.js:${at('src/people.js', 'allAuthors')} allAuthors (query)`,
    ]);
    assert.deepEqual(await found(scanner, [change({ kind: 'model', modelApiKey: 'cta_block' })]), [
      `src/article.tsx:${at('src/article.tsx', 'CtaBlockRecord')} CtaBlockRecord (query Page)`,
    ]);
  });

  test('a field: selected, filtered by, ordered by, and its _all…Locales', async () => {
    const scanner = new UsageScanner();
    scanner.setSchema('k', sdl);
    assert.deepEqual(await found(scanner, [change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'reading_time' })]), [
      `queries/feed.graphql:${at('queries/feed.graphql', 'readingTime')} readingTime (query Feed)`,
      `queries/feed.graphql:${at('queries/feed.graphql', 'readingTime_ASC')} readingTime_ASC (query Feed)`,
    ]);
    assert.deepEqual(await found(scanner, [change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'title' })]), [
      `queries/feed.graphql:${at('queries/feed.graphql', 'title')} title (query Feed)`,
      `src/article.tsx:${at('src/article.tsx', '_allTitleLocales')} _allTitleLocales (query Page)`,
    ]);
  });

  test('cached per file version: an editor text counts by its version, a file by its time and size', async () => {
    const scanner = new UsageScanner();
    scanner.setSchema('k', sdl);
    const query = readQueryOf([change({ kind: 'model', modelApiKey: 'dish' })]);
    const path = join(dir, 'src/plain.ts');
    const editor = (text: string, stamp: string): ScanFile[] => [{ path, kind: 'script', root: dir, text, stamp }];
    const reads = async (list: ScanFile[]) => (await scanner.find('k', list, query)).files.flatMap((f) => f.reads.map((r) => r.name));
    assert.deepEqual(await reads(editor('graphql(`{ allDishes { id } }`)', '1')), ['allDishes']);
    assert.deepEqual(await reads(editor('graphql(`{ dish { id } }`)', '1')), ['allDishes'], 'same version: the kept answer');
    assert.deepEqual(await reads(editor('graphql(`{ dish { id } }`)', '2')), ['dish']);
    assert.deepEqual(await reads([{ path, kind: 'script', root: dir }]), []);
    await writeFile(path, 'export const q = graphql(`{ _allDishesMeta { count } }`);\n');
    await utimes(path, new Date(), new Date(Date.now() + 5000));
    assert.deepEqual(await reads([{ path, kind: 'script', root: dir }]), ['_allDishesMeta']);
    await writeFile(path, FILES['src/plain.ts']!);
  });
});

describe('what a schema change breaks', () => {
  const broken = async (changes: CodeChange[]) => {
    const scanner = new UsageScanner();
    scanner.setSchema('k', sdl);
    const { units } = await scanner.broken('k', files, readQueryOf(changes, pascals), schemaEditsOf(changes), pascals);
    return units.map((u) => `${u.path.slice(dir.length + 1)}:${u.line} ${u.unit}`);
  };

  test('deleting a field: the queries and fragments reading it, not the others', async () => {
    assert.deepEqual(await broken([change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'cover' })]), [
      'src/article.tsx:1 fragment Cover on ArticleRecord',
      'src/article.tsx:3 query Page',
    ]);
    assert.deepEqual(await broken([change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'reading_time' })]), [
      'queries/feed.graphql:0 query Feed',
    ]);
  });

  test('deleting a model: its collection, its count, links to it, type conditions on it', async () => {
    assert.deepEqual(await broken([change({ kind: 'model', modelApiKey: 'author' })]), [
      'queries/feed.graphql:0 query Feed',
      'queries/feed.graphql:7 query Count',
      'src/people.js:0 query',
    ]);
    assert.deepEqual(await broken([change({ kind: 'model', modelApiKey: 'cta_block' })]), ['src/article.tsx:3 query Page']);
  });

  test('renaming a field: what read its old name, its locales helper included', async () => {
    assert.deepEqual(await broken([change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'title', to: 'headline' })]), [
      'queries/feed.graphql:0 query Feed',
      'src/article.tsx:3 query Page',
    ]);
  });

  test('the changed schema keeps every other model whole, even one whose name starts the same', () => {
    const after = editedSchema(sdl, schemaEditsOf([change({ kind: 'model', modelApiKey: 'page' })]), pascals);
    assert.equal(after.getType('PageRecord'), undefined);
    assert.equal(after.getQueryType()?.getFields()['_allPagesMeta'], undefined);
    assert.ok(after.getType('HomePageRecord'));
    assert.ok(after.getQueryType()?.getFields()['homePage']);
  });
});

describe('the usage scan in its worker thread', () => {
  test('answers as the scan does, and a schema is posted once', async () => {
    const client = new UsageClient(startWorker);
    let asked = 0;
    const schema = { key: 'k', sdl: () => (asked++, sdl) };
    try {
      const query = readQueryOf([change({ kind: 'model', modelApiKey: 'author' })]);
      const first = await client.find(schema, files, query);
      const second = await client.find(schema, files, query);
      assert.deepEqual(second, first);
      assert.deepEqual(
        first.files.map((f) => f.path.slice(dir.length + 1)),
        ['queries/feed.graphql', 'src/people.js'],
      );
      assert.equal(asked, 1);
      const { units } = await client.broken(
        schema,
        files,
        query,
        schemaEditsOf([change({ kind: 'model', modelApiKey: 'author' })]),
        pascals,
      );
      assert.equal(units.length, 3);
    } finally {
      client.dispose();
    }
  });
});
