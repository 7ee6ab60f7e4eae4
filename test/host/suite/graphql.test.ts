// The GraphQL workbench in the real workbench: a folder linked by datocms.config.json, a TypeScript file with a
// gql.tada query, its CodeLens Run opening the result with its summary; Sync GraphQL Schema writing schema.graphql;
// a field saved in the linked environment offering to sync it again.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { editJson, openEditor, pressSave, waitForClean } from './editing';
import {
  clickButton,
  config,
  dismissToasts,
  linkWorkspaceToEmulator,
  screenshot,
  seeOnScreen,
  settledToasts,
  typeIntoQuickInput,
  waitFor,
} from './helpers';

const QUERY_FILE = join('src', 'articles.ts');
/** what the gql.tada package would declare, so the editor finds the import */
const TADA_TYPES = join('src', 'gql-tada.d.ts');
const QUERY = [
  "import { graphql } from 'gql.tada';",
  '',
  '// the latest articles, for the home page',
  'export const LatestArticles = graphql(`',
  '  query LatestArticles {',
  '    allArticles(first: 3, orderBy: _createdAt_ASC) {',
  '      id',
  '      title',
  '      author { name }',
  '    }',
  '  }',
  '`);',
  '',
].join('\n');

describe('graphql', () => {
  const workspace = () => config().workspace;
  const created = ['datocms.config.json', 'tsconfig.json', TADA_TYPES, 'schema.graphql', QUERY_FILE, 'package.json', 'generated.txt'];

  before(async () => {
    await linkWorkspaceToEmulator();
    // gql.tada's TypeScript plugin names the schema file
    writeFileSync(
      join(workspace(), 'tsconfig.json'),
      JSON.stringify(
        { compilerOptions: { strict: true, plugins: [{ name: 'gql.tada/ts-plugin', schema: './schema.graphql' }] }, include: ['src'] },
        null,
        2,
      ),
    );
    writeFileSync(join(workspace(), TADA_TYPES), "declare module 'gql.tada' {\n  export function graphql(source: string): unknown;\n}\n");
    writeFileSync(join(workspace(), QUERY_FILE), QUERY);
    // a generator script, as a repository using gql.tada has one (this one only leaves a trace)
    writeFileSync(
      join(workspace(), 'package.json'),
      JSON.stringify(
        { name: 'site', private: true, scripts: { 'generate-types': 'echo gql.tada generate output > generated.txt' } },
        null,
        2,
      ),
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // the folder's choices go with the files, so later tests see an unlinked folder
    const forgotten = vscode.commands.executeCommand('datocms.graphql.changeLink', vscode.Uri.file(workspace()));
    await typeIntoQuickInput('Forget', 'DatoCMS link of');
    await forgotten;
    for (const file of created) rmSync(join(workspace(), file), { force: true });
    await dismissToasts();
  });

  it('a graphql() query in TypeScript: the CodeLens Run opens the result with the data and a summary of its complexity', async function () {
    this.timeout(120_000);
    await dismissToasts();
    const uri = vscode.Uri.file(join(workspace(), QUERY_FILE));
    await vscode.window.showTextDocument(uri, { preview: false });
    // the folder is linked by datocms.config.json: published, strict, the primary environment
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
    await waitFor(
      async () => (await lenses()).some((l) => l.command?.title.includes('Run (main · published · strict)')),
      20_000,
      'the Run CodeLens',
    );

    // the link's menu: the sandbox environment for this folder
    const changed = vscode.commands.executeCommand('datocms.graphql.changeLink', uri);
    await typeIntoQuickInput('Environment', 'DatoCMS link of');
    await typeIntoQuickInput('sandbox', 'Which environment of Emulated Bistro does the code read?');
    await changed;
    await waitFor(
      async () => (await lenses()).some((l) => l.command?.title.includes('Run (sandbox · published · strict)')),
      10_000,
      'the lens to name sandbox',
    );
    await seeOnScreen('Run (sandbox · published · strict)');

    const run = (await lenses()).find((l) => l.command?.command === 'datocms.graphql.run')!;
    assert.equal(run.range.start.line, 4, 'above the operation');
    await vscode.commands.executeCommand(run.command!.command, ...(run.command!.arguments ?? []));
    await waitFor(
      () => vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === 'datocms-result'),
      20_000,
      'the result document',
    );
    const result = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'datocms-result')!.document;
    const text = result.getText();
    const header = text.split('\n').filter((line) => line.startsWith('// '));
    assert.match(header[0]!, /^\/\/ LatestArticles: 200 in \d+ ms$/);
    assert.equal(header[1], '// Emulated Bistro · sandbox · published · strict');
    assert.match(header[2]!, /^\/\/ Complexity [\d,]+ of 10,000,000 \(/);
    assert.match(header[3]!, /^\/\/ CDN: cacheable — request [\d,]+ of 12,000 bytes$/);
    assert.match(header[4]!, /^\/\/ Cache tags: \d+$/);
    const data = JSON.parse(text.replace(/^\/\/.*\n/gm, ''));
    assert.equal(data.data.allArticles.length, 3);
    assert.ok(data.data.allArticles[0].author.name);
    assert.equal(result.languageId, 'jsonc');
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath, 'the query keeps the focus');
    // the picture for the README: the query with its CodeLens, the result beside it with its summary
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await seeOnScreen('Complexity');
    await screenshot('graphql');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('Sync GraphQL Schema writes schema.graphql; a field saved in the linked environment offers to sync it again', async function () {
    this.timeout(120_000);
    await dismissToasts();
    const target = join(workspace(), 'schema.graphql');
    await vscode.commands.executeCommand('datocms.graphql.syncSchema', vscode.Uri.file(workspace()));
    await waitFor(() => existsSync(target), 20_000, 'schema.graphql');
    const first = readFileSync(target, 'utf8');
    assert.match(first, /\ntype AuthorRecord implements RecordInterface \{\n/);
    assert.match(first, /\n {2}email: String\n/);
    const synced = await settledToasts(1, 1000);
    assert.ok(
      synced.some((toast) => toast.message === 'schema.graphql synced with Emulated Bistro · sandbox.'),
      JSON.stringify(synced),
    );
    await dismissToasts();

    // a required validator makes the field non-null in strict mode
    const field = documentUri({
      project: 'emulated-bistro',
      environment: 'sandbox',
      kind: 'field',
      modelApiKey: 'author',
      apiKey: 'email',
    });
    const editor = await openEditor(field);
    await editJson(editor.document, (value) => (value.validators = { ...value.validators, required: {} }));
    await pressSave(editor);
    await waitForClean(field, 30_000);
    const offers = (await settledToasts(1, 2500, 20_000)).filter((toast) => toast.buttons.includes('Sync'));
    assert.equal(offers.length, 1, 'one offer for the save');
    assert.equal(offers[0]!.message, 'The schema of Emulated Bistro · sandbox changed: schema.graphql is out of date.');
    // the repository's generator script runs in a terminal of its own, after the file is written
    assert.deepEqual(offers[0]!.buttons, ['Sync', 'Sync and Run npm run generate-types']);
    const started = new Promise<string>((resolve) => {
      const listening = vscode.tasks.onDidStartTask((event) => {
        listening.dispose();
        resolve(event.execution.task.name);
      });
    });
    await clickButton('Sync and Run npm run generate-types');
    await waitFor(() => /\n {2}email: String!\n/.test(readFileSync(target, 'utf8')), 20_000, 'the synced file to make email non-null');
    assert.equal(await started, 'generate-types');
    await waitFor(() => existsSync(join(workspace(), 'generated.txt')), 30_000, 'the generator script to run');
    assert.equal(readFileSync(target, 'utf8').replace(/\n {2}email: String!\n/, '\n  email: String\n'), first, 'only the change differs');

    // back as it was
    await dismissToasts();
    const again = await openEditor(field);
    await editJson(again.document, (value) => delete value.validators.required);
    await pressSave(again);
    await waitForClean(field, 30_000);
  });
});
