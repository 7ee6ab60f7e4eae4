// The GraphQL workbench on bad days, in the real workbench against the emulator's delivery API: a query spreading a
// fragment of another file runs (the fragment sent, no problem left on valid code); a slow Run is cancelled from its
// notification; a 22 MB answer opens as a preview at once; a server echoing the Authorization header shows no token;
// Sync GraphQL Schema refuses a FIFO and a folder linking out of the workspace, at once, in one message.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import {
  addFault,
  clearFaults,
  clearRequests,
  clickButton,
  config,
  dismissToasts,
  linkWorkspaceToEmulator,
  requests,
  settledToasts,
  toasts,
  waitFor,
} from './helpers';

const FILES: Record<string, string> = {
  'src/fragments/card.ts': [
    "import { graphql } from 'gql.tada';",
    'export const CardFragment = graphql(`fragment CardFragment on ArticleRecord { id title author { name } }`);',
  ].join('\n'),
  'src/home.ts': [
    "import { graphql } from 'gql.tada';",
    "import { CardFragment } from './fragments/card';",
    'export const HomeCards = graphql(`query HomeCards { allArticles(first: 2, orderBy: _createdAt_ASC) { ...CardFragment } }`, [',
    '  CardFragment,',
    ']);',
  ].join('\n'),
  'src/everything.ts':
    "import { graphql } from 'gql.tada';\nexport const Everything = graphql(`query Everything { allArticles(first: 500) { id title } }`);\n",
};

describe('graphql on bad days', () => {
  const workspace = () => config().workspace;
  const uri = (name: string) => vscode.Uri.file(join(workspace(), name));
  const results = () => vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'datocms-result');
  const run = (name: string, operation: string) =>
    vscode.commands.executeCommand('datocms.graphql.run', uri(name), FILES[name]!.indexOf(`query ${operation}`));

  before(async () => {
    await linkWorkspaceToEmulator();
    for (const [name, text] of Object.entries(FILES)) {
      mkdirSync(join(workspace(), name, '..'), { recursive: true });
      writeFileSync(join(workspace(), name), text);
    }
  });

  afterEach(async () => {
    await clearFaults();
    await dismissToasts();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => {
    for (const name of [...Object.keys(FILES), 'datocms.config.json', '.graphqlrc.yml', 'pipe.graphql', 'generated'])
      rmSync(join(workspace(), name), { force: true, recursive: true });
    rmSync(join(workspace(), 'src/fragments'), { force: true, recursive: true });
  });

  it('Run of a query spreading a fragment of another file: the fragment is sent, the answer opens, no problem on the code', async function () {
    this.timeout(120_000);
    await vscode.window.showTextDocument(uri('src/home.ts'), { preview: false });
    await clearRequests();
    await run('src/home.ts', 'HomeCards');
    await waitFor(() => results().some((d) => d.uri.path.includes('HomeCards')), 30_000, 'the result of HomeCards');
    const text = results()
      .find((d) => d.uri.path.includes('HomeCards'))!
      .getText();
    const answer = JSON.parse(text.replace(/^\/\/.*\n/gm, ''));
    assert.equal(answer.errors, undefined, text.slice(0, 500));
    assert.equal(answer.data.allArticles.length, 2);
    assert.ok(answer.data.allArticles[0].author.name);
    const sent = (await requests()).filter((r) => r.path.startsWith('/cda') && r.body?.operationName === 'HomeCards');
    assert.equal(sent.length, 1);
    assert.match(sent[0]!.body.query, /fragment CardFragment on ArticleRecord/);
    // ours (TypeScript's own, about the 'gql.tada' import, are not the workbench's)
    const problems = vscode.languages.getDiagnostics(uri('src/home.ts')).filter((d) => d.source?.startsWith('DatoCMS'));
    assert.deepEqual(
      problems.map((d) => d.message),
      [],
      'no "Unknown fragment" left on valid code',
    );
  });

  it('a slow Run is cancelled from its notification: nothing waits for the answer, nothing opens', async function () {
    this.timeout(120_000);
    await addFault({ kind: 'timeout', path: '/cda/', delayMs: 60_000 });
    await clearRequests();
    const started = Date.now();
    const running = run('src/everything.ts', 'Everything');
    await waitFor(async () => (await requests()).some((r) => r.path.startsWith('/cda')), 30_000, 'the request to reach the API');
    await waitFor(async () => (await toasts()).some((t) => t.message.includes('Running Everything')), 10_000, 'the progress');
    await clickButton('Cancel');
    await running;
    assert.ok(Date.now() - started < 50_000, 'cancelled well before the server answered');
    assert.equal(results().filter((d) => d.uri.path.includes('Everything')).length, 0);
  });

  it('a 22 MB answer opens at once as a preview; Save Whole Answer… is offered', async function () {
    this.timeout(180_000);
    await addFault({ kind: 'large_answer', path: '/cda/', bytes: 22 * 1024 * 1024 });
    const started = Date.now();
    await run('src/everything.ts', 'Everything');
    await waitFor(() => results().some((d) => d.uri.path.includes('Everything')), 120_000, 'the preview');
    const ms = Date.now() - started;
    const text = results()
      .find((d) => d.uri.path.includes('Everything'))!
      .getText();
    assert.ok(text.length < 1_200_000, `the preview holds ${text.length} characters`);
    assert.match(text, /^\/\/ ⚠ The answer is 22(\.\d)? MB: a preview is shown\. Save Whole Answer… keeps all of it\.$/m);
    const offer = (await settledToasts(1, 500)).find((t) => t.buttons.includes('Save Whole Answer…'));
    assert.ok(offer, 'the whole answer can be saved');
    writeFileSync(
      join(config().resultsDir, 'graphql-22mb-run.json'),
      JSON.stringify({ runToPreviewMs: ms, previewCharacters: text.length }),
    );
  });

  it('a server echoing the Authorization header: the result and the notifications show no token', async function () {
    this.timeout(120_000);
    await addFault({ kind: 'echo_authorization', path: '/cda/' });
    await run('src/everything.ts', 'Everything');
    const result = () =>
      results()
        .find((d) => d.uri.path.includes('Everything'))
        ?.getText() ?? '';
    await waitFor(() => result().includes('Rejected request'), 30_000, 'the result of this run');
    const text = result();
    assert.match(text, /Rejected request with Authorization: Bearer \[secret removed\]/);
    assert.ok(!text.includes(config().token));
    assert.ok(!(await toasts()).some((t) => t.message.includes(config().token)));
  });

  it('Sync GraphQL Schema refuses a FIFO and a folder linking out of the workspace, at once, writing nothing', async function () {
    this.timeout(120_000);
    writeFileSync(join(workspace(), '.graphqlrc.yml'), 'schema: pipe.graphql\n');
    execFileSync('mkfifo', [join(workspace(), 'pipe.graphql')]);
    await vscode.commands.executeCommand('datocms.graphql.syncSchema', vscode.Uri.file(workspace()));
    const fifo = await settledToasts(1, 500);
    assert.ok(
      fifo.some((t) => t.severity === 'error' && t.message.includes('pipe.graphql exists and is not a regular file')),
      JSON.stringify(fifo),
    );
    rmSync(join(workspace(), 'pipe.graphql'));
    await dismissToasts();

    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    symlinkSync(outside, join(workspace(), 'generated'));
    writeFileSync(join(workspace(), '.graphqlrc.yml'), 'schema: generated/schema.graphql\n');
    await vscode.commands.executeCommand('datocms.graphql.syncSchema', vscode.Uri.file(workspace()));
    const linked = await settledToasts(1, 500);
    assert.ok(
      linked.some((t) => t.message.includes('is a symbolic link (or not a folder); Sync GraphQL Schema does not write through it')),
      JSON.stringify(linked),
    );
    assert.deepEqual(readdirSync(outside), [], 'nothing written where the link points');
    rmSync(outside, { recursive: true, force: true });
  });
});
