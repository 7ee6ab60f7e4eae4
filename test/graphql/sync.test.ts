// Sync GraphQL Schema: the file the repository's tooling names (gql.tada's TypeScript plugin, graphql-config,
// codegen), the same bytes for the same schema, written whole and never through a symbolic link; after a schema
// change, one offer to sync and to run the generator script.
import assert from 'node:assert/strict';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, test } from 'node:test';
import { CdaTokens } from '../../src/graphql/cdaTokens';
import { cdaIntrospector } from '../../src/graphql/introspection';
import type { SyncFolder, WorkspaceLink } from '../../src/graphql/link';
import { SchemaCache } from '../../src/graphql/schemaCache';
import { findGeneratorScripts, findSchemaFiles } from '../../src/graphql/schemaFile';
import { SchemaSync } from '../../src/graphql/sync';
import { formatMessage } from '../../src/platform/translate';
import { createField } from '../emulator/cda/cda-http';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';

let emu: Emulator;
let dir: string;
useEmulator({ records: 3, jobDurationMs: 1 }, (started) => (emu = started.emulator));
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'datocms-sync-'));
});

const link: WorkspaceLink = {
  folder: 'file:///repo',
  project: 'bistro',
  environment: 'main',
  drafts: false,
  strict: true,
  source: { kind: 'chosen' },
};

class SyncUi extends ScriptedUi {
  infoAnswers: ((message: string, actions: string[]) => string | undefined)[] = [];
  saveAnswers: (string | undefined)[] = [];
  override async info(message: string, ...actions: string[]): Promise<string | undefined> {
    this.transcript.push(`info: ${message} [${actions.join(', ')}]`);
    return this.infoAnswers.shift()?.(message, actions);
  }
  override async saveFile(options?: { defaultName: string }): Promise<string | undefined> {
    this.transcript.push(`save: ${options?.defaultName}`);
    return this.saveAnswers.shift();
  }
}

function setup(trusted = true) {
  const ui = new SyncUi();
  const state = new Map<string, unknown>();
  const ran: string[] = [];
  const tokens = new CdaTokens({
    ui,
    t: formatMessage,
    secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined },
    signedInToken: async () => emu.token,
    projectName: () => 'Emulated Bistro',
  });
  let introspections = 0;
  const introspect = cdaIntrospector({ endpoint: () => `${emu.url}/cda/`, tokens });
  const schemas = new SchemaCache((...args) => (introspections++, introspect(...args)));
  const sync = new SchemaSync({
    ui,
    t: formatMessage,
    state: { get: <T>(key: string) => state.get(key) as T | undefined, update: async (key, value) => void state.set(key, value) },
    schemas,
    projectName: () => 'Emulated Bistro',
    runScript: async (_folder, script) => void ran.push(script.runner),
    trusted: () => trusted,
    burstMs: 10,
  });
  const folder: SyncFolder = { key: 'file:///repo', path: dir, name: 'repo' };
  return { ui, state, ran, schemas, sync, folder, introspections: () => introspections };
}

describe('where the schema file goes', () => {
  test("gql.tada's TypeScript plugin in tsconfig.json (comments and trailing commas allowed)", async () => {
    await writeFile(
      join(dir, 'tsconfig.json'),
      '{\n  // the app\n  "compilerOptions": { "plugins": [{ "name": "next" }, { "name": "gql.tada/ts-plugin", "schema": "./src/schema.graphql", "tadaOutputLocation": "./src/graphql-env.d.ts" },], },\n}',
    );
    assert.deepEqual(await findSchemaFiles(dir), [{ path: join(dir, 'src/schema.graphql'), from: 'tsconfig.json' }]);
  });

  test('graphql-config and codegen files, in JSON, YAML or code; URLs and paths outside the folder are not files to write', async () => {
    await writeFile(join(dir, '.graphqlrc.yml'), "schema: 'schema.graphql'\ndocuments: 'src/**/*.tsx'\n");
    await writeFile(
      join(dir, 'codegen.ts'),
      "const config = { schema: ['./generated/schema.graphql'], generates: { './src/gql/': { preset: 'client' } } };",
    );
    await writeFile(join(dir, 'graphql.config.json'), JSON.stringify({ schema: { 'https://graphql.datocms.com': { headers: {} } } }));
    await writeFile(join(dir, 'graphql.config.ts'), "export default { schema: '../outside/schema.graphql' };");
    assert.deepEqual(await findSchemaFiles(dir), [
      { path: join(dir, 'schema.graphql'), from: '.graphqlrc.yml' },
      { path: join(dir, 'generated/schema.graphql'), from: 'codegen.ts' },
    ]);
  });

  test('generator scripts, with the package manager of the lockfile', async () => {
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({
        scripts: {
          dev: 'next dev',
          'generate-schema': 'gql.tada generate schema https://graphql.datocms.com --header "X-Exclude-Invalid: true"',
          'generate-types': 'gql.tada generate output',
          codegen: 'graphql-codegen --config codegen.ts',
        },
      }),
    );
    await writeFile(join(dir, 'pnpm-lock.yaml'), '');
    assert.deepEqual(
      (await findGeneratorScripts(dir)).map((s) => s.runner),
      ['pnpm run generate-types', 'pnpm run codegen'],
    );
  });
});

describe('Sync GraphQL Schema', () => {
  test('writes the strict schema to the file the tooling names; the same schema gives the same bytes and no write', async () => {
    await writeFile(join(dir, '.graphqlrc.yml'), 'schema: schema.graphql\n');
    const { ui, sync, folder } = setup();
    assert.deepEqual(await sync.sync(folder, link), { kind: 'written', path: join(dir, 'schema.graphql') });
    const first = await readFile(join(dir, 'schema.graphql'), 'utf8');
    assert.match(first, /\ntype ArticleRecord implements RecordInterface \{\n/);
    assert.match(first, /\n {2}title: String!\n/, 'strict: the required title is non-null');
    const written = (await lstat(join(dir, 'schema.graphql'))).mtimeMs;
    assert.deepEqual(await sync.sync(folder, link), { kind: 'unchanged', path: join(dir, 'schema.graphql') });
    assert.equal((await lstat(join(dir, 'schema.graphql'))).mtimeMs, written);
    assert.equal(await readFile(join(dir, 'schema.graphql'), 'utf8'), first);
    // a fresh cache (another window) prints the same bytes
    const other = setup();
    await rm(join(dir, 'schema.graphql'));
    await other.sync.sync(folder, link);
    assert.equal(await readFile(join(dir, 'schema.graphql'), 'utf8'), first);
    assert.deepEqual(
      ui.transcript.map((line) => line.replace(/ \[.*\]$/, '')),
      ['info: schema.graphql synced with Emulated Bistro · main.', 'info: schema.graphql is up to date with Emulated Bistro · main.'],
    );
    // nothing is left beside it
    assert.deepEqual((await readdir(dir)).sort(), ['.graphqlrc.yml', 'schema.graphql']);
  });

  test('after writing, the generator script is offered (in a trusted workspace) and runs when chosen', async () => {
    await writeFile(join(dir, '.graphqlrc.yml'), 'schema: schema.graphql\n');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ scripts: { types: 'gql.tada generate output' } }));
    await writeFile(join(dir, 'yarn.lock'), '');
    const { ui, ran, sync, folder } = setup();
    ui.infoAnswers.push((_message, actions) => actions[0]);
    await sync.sync(folder, link);
    await waitFor(() => ran.length > 0);
    assert.deepEqual(ran, ['yarn run types']);
    assert.deepEqual(ui.transcript, ['info: schema.graphql synced with Emulated Bistro · main. [Run yarn run types]']);
    const untrusted = setup(false);
    await rm(join(dir, 'schema.graphql'));
    await untrusted.sync.sync(folder, link);
    assert.deepEqual(untrusted.ui.transcript, ['info: schema.graphql synced with Emulated Bistro · main. []']);
  });

  test('with no tooling configuration the file is asked for once and remembered', async () => {
    const { ui, sync, folder, state } = setup();
    ui.saveAnswers.push(join(dir, 'cms.graphql'));
    await sync.sync(folder, link);
    await sync.sync(folder, link);
    assert.equal(ui.transcript.filter((l) => l.startsWith('save:')).length, 1);
    assert.deepEqual(state.get('datocms.graphql.schemaFiles'), { 'file:///repo': join(dir, 'cms.graphql') });
  });

  test('a symbolic link is refused and what it points to is left as it was', async () => {
    await mkdir(join(dir, 'elsewhere'));
    await writeFile(join(dir, 'elsewhere/precious.graphql'), 'keep me');
    await symlink(join(dir, 'elsewhere/precious.graphql'), join(dir, 'schema.graphql'));
    await writeFile(join(dir, '.graphqlrc.yml'), 'schema: schema.graphql\n');
    const { sync, folder } = setup();
    await assert.rejects(sync.sync(folder, link), /schema\.graphql is a symbolic link; DatoCMS Explorer does not write through links/);
    assert.equal(await readFile(join(dir, 'elsewhere/precious.graphql'), 'utf8'), 'keep me');
    assert.ok((await lstat(join(dir, 'schema.graphql'))).isSymbolicLink());
  });

  test("the file's conventions are kept: no final newline stays without, CRLF line breaks stay CRLF", async () => {
    await writeFile(join(dir, '.graphqlrc.yml'), 'schema: schema.graphql\n');
    await writeFile(join(dir, 'schema.graphql'), 'type Query { old: String }');
    const { sync, folder } = setup();
    await sync.sync(folder, link);
    const bare = await readFile(join(dir, 'schema.graphql'), 'utf8');
    assert.match(bare, /\ntype ArticleRecord implements RecordInterface \{\n/);
    assert.ok(!bare.endsWith('\n'), 'no final newline, as the file had none');
    assert.deepEqual(
      await sync.sync(folder, link),
      { kind: 'unchanged', path: join(dir, 'schema.graphql') },
      'and it counts as up to date',
    );
    await writeFile(join(dir, 'schema.graphql'), 'type Query {\r\n  old: String\r\n}\r\n');
    await sync.sync(folder, link);
    const crlf = await readFile(join(dir, 'schema.graphql'), 'utf8');
    assert.ok(crlf.endsWith('}\r\n') && !/[^\r]\n/.test(crlf), 'CRLF throughout, final newline kept');
    assert.equal(crlf.replace(/\r\n/g, '\n'), `${bare}\n`);
  });

  test('a folder on the way that links out of the workspace, a FIFO, a file outside the folder: refused, nothing written or waited on', async () => {
    await mkdir(join(dir, 'repo'));
    await mkdir(join(dir, 'outside'));
    await symlink(join(dir, 'outside'), join(dir, 'repo/generated'));
    await writeFile(join(dir, 'repo/.graphqlrc.yml'), 'schema: generated/schema.graphql\n');
    const { sync, introspections } = setup();
    const repo: SyncFolder = { key: 'file:///repo', path: join(dir, 'repo'), name: 'repo' };
    await assert.rejects(
      sync.sync(repo, link),
      /generated is a symbolic link \(or not a folder\); Sync GraphQL Schema does not write through it/,
    );
    assert.deepEqual(await readdir(join(dir, 'outside')), [], 'nothing written where the link points');
    assert.equal(introspections(), 0, 'refused before anything is asked of the API');

    await writeFile(join(dir, 'repo/.graphqlrc.yml'), 'schema: pipe.graphql\n');
    execFileSync('mkfifo', [join(dir, 'repo/pipe.graphql')]);
    await assert.rejects(sync.sync(repo, link), /pipe\.graphql exists and is not a regular file/);

    const other = setup();
    other.ui.saveAnswers.push(join(dir, 'outside/schema.graphql'));
    await rm(join(dir, 'repo/.graphqlrc.yml'));
    await assert.rejects(
      other.sync.sync(repo, link),
      /schema\.graphql is outside the folder repo: Sync GraphQL Schema writes only inside the workspace/,
    );
    assert.deepEqual(await readdir(join(dir, 'outside')), []);
  });

  test('after a schema change: one offer for a burst, Sync and Run writes the file, then runs the generator script', async () => {
    await writeFile(join(dir, '.graphqlrc.yml'), 'schema: schema.graphql\n');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ scripts: { types: 'gql.tada generate-output' } }));
    const { ui, ran, sync, schemas, folder } = setup();
    await sync.sync(folder, link);
    ui.transcript.length = 0;

    const dish = emu.store.itemType(emu.store.environment(), 'dish')!.id;
    await createField(emu, dish, { label: 'Chef note', api_key: 'chef_note', field_type: 'string' });
    schemas.invalidate({ project: 'bistro', environment: 'main' });
    const offered = new Promise<void>((resolve) =>
      ui.infoAnswers.push((message, actions) => {
        assert.equal(message, 'The schema of Emulated Bistro · main changed: schema.graphql is out of date.');
        assert.deepEqual(actions, ['Sync', 'Sync and Run npm run types']);
        resolve();
        return actions[1];
      }),
    );
    const folders = [{ folder, link }];
    sync.schemaChanged({ project: 'bistro', environment: 'main' }, folders);
    sync.schemaChanged({ project: 'bistro', environment: 'main' }, folders);
    sync.schemaChanged({ project: 'bistro', environment: 'sandbox' }, folders);
    await offered;
    await waitFor(() => ran.length > 0);
    assert.match(await readFile(join(dir, 'schema.graphql'), 'utf8'), /\n {2}chefNote: String\n/);
    assert.deepEqual(ran, ['npm run types']);
    assert.equal(ui.transcript.length, 1);
    // the file is current now: a check offers nothing
    assert.equal(await sync.offer(folder, link, 'check'), false);
  });

  test('a stale file found by a check is offered once; scripts are not offered in an untrusted workspace', async () => {
    await writeFile(join(dir, '.graphqlrc.yml'), 'schema: schema.graphql\n');
    await writeFile(join(dir, 'schema.graphql'), 'type Query { old: String }\n');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ scripts: { types: 'graphql-codegen' } }));
    const { ui, sync, folder } = setup(false);
    ui.infoAnswers.push(() => undefined);
    assert.equal(await sync.offer(folder, link, 'check'), true);
    assert.equal(await sync.offer(folder, link, 'check'), false, 'the same schema is offered once');
    assert.deepEqual(ui.transcript, ['info: schema.graphql differs from the schema of Emulated Bistro · main. [Sync]']);
    assert.equal(await readFile(join(dir, 'schema.graphql'), 'utf8'), 'type Query { old: String }\n', 'nothing written unasked');
  });
});

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
