// The GraphQL language in the real workbench: a TypeScript file with a graphql() query in a folder linked by
// datocms.config.json; completion naming the DatoCMS field, a problem on an unknown field, the hover naming the
// field (label, type, model), Go to Definition opening the field's document, and deleting a field the query reads:
// the confirmation names the query before anything is sent.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import {
  answerConfirmations,
  clickHoverLink,
  cma,
  cmaJob,
  config,
  dismissToasts,
  ensureSignedIn,
  linkWorkspaceToEmulator,
  requests,
  restoreConfirmations,
  screenshot,
  seeOnScreen,
  waitFor,
} from './helpers';

const FILE = join('src', 'articleList.ts');
const TEASER_FILE = join('src', 'teaser.ts');
const TEXT = [
  "import { graphql } from 'gql.tada';",
  '',
  'export const ArticleList = graphql(`',
  '  query ArticleList {',
  '    allArticles(first: 10, orderBy: readingTime_ASC) {',
  '      title',
  '      readingTime',
  '      coverr',
  '    }',
  '  }',
  '`);',
  '',
].join('\n');

describe('graphql language', () => {
  const workspace = () => config().workspace;
  const uri = () => vscode.Uri.file(join(workspace(), FILE));
  const position = (needle: string, plus = 0) => {
    const line = TEXT.split('\n').findIndex((l) => l.includes(needle));
    return new vscode.Position(line, TEXT.split('\n')[line]!.indexOf(needle) + plus);
  };

  before(async () => {
    await ensureSignedIn();
    await linkWorkspaceToEmulator();
    writeFileSync(join(workspace(), FILE), TEXT);
  });

  after(async () => {
    await restoreConfirmations();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const file of ['datocms.config.json', FILE, TEASER_FILE]) rmSync(join(workspace(), file), { force: true });
    await dismissToasts();
  });

  it('a graphql() query in TypeScript: completion, a problem on an unknown field, the hover naming the DatoCMS field', async function () {
    this.timeout(120_000);
    await vscode.window.showTextDocument(uri(), { preview: false });
    const problems = () => vscode.languages.getDiagnostics(uri()).filter((d) => d.source === 'DatoCMS GraphQL');
    await waitFor(() => problems().length > 0, 30_000, 'the problems of the query');
    assert.deepEqual(
      problems().map((d) => [d.message, d.range.start.line, d.range.start.character, d.range.end.character]),
      [['Cannot query field "coverr" on type "ArticleRecord". Did you mean "cover"?', 7, 6, 12]],
    );

    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri(),
      position('title'),
    );
    const reading = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'readingTime');
    assert.ok(reading, 'readingTime is offered');
    assert.equal((reading.label as vscode.CompletionItemLabel).description, 'Reading time (minutes) · integer');

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri(), position('title', 2));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /ArticleRecord\.title: String/);
    assert.match(text, /\*\*Title\*\* \(`title`\), a string field of the model \*\*Article\*\* \(`article`\)/);
    assert.match(text, /Complexity: \d+ of this query's [\d,]+/);

    // the picture for the README: the hover over a field of the query
    await dismissToasts();
    // below the line, so that the query's CodeLens stays in the picture
    await vscode.workspace.getConfiguration('editor').update('hover.above', false, vscode.ConfigurationTarget.Global);
    const editor = vscode.window.activeTextEditor!;
    editor.selection = new vscode.Selection(position('title', 2), position('title', 2));
    await vscode.commands.executeCommand('editor.action.showHover');
    await seeOnScreen('a string field of the model');
    await screenshot('graphql-hover');
    await vscode.workspace.getConfiguration('editor').update('hover.above', undefined, vscode.ConfigurationTarget.Global);
    // its link opens the field's document
    await clickHoverLink('Open the field');
    const field = documentUri({ project: 'emulated-bistro', environment: 'main', kind: 'field', modelApiKey: 'article', apiKey: 'title' });
    await waitFor(
      () => vscode.window.activeTextEditor?.document.uri.toString() === field.toString(),
      20_000,
      "the field's document from the hover",
    );
  });

  it("Run of a query the language already marks: the delivery API's error for it is not marked a second time", async function () {
    this.timeout(120_000);
    await vscode.window.showTextDocument(uri(), { preview: false });
    const marks = () => vscode.languages.getDiagnostics(uri()).filter((d) => d.source === 'DatoCMS GraphQL' || d.source === 'DatoCMS CDA');
    await waitFor(() => marks().length > 0, 30_000, 'the problem of the query');
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri())) ?? [];
    await waitFor(async () => (await lenses()).some((l) => l.command?.command === 'datocms.graphql.run'), 20_000, 'the Run CodeLens');
    const run = (await lenses()).find((l) => l.command?.command === 'datocms.graphql.run')!;
    const asked = async () => (await requests()).filter((r) => r.path.startsWith('/cda') && r.body?.operationName === 'ArticleList').length;
    const before = await asked();
    // the command returns once the answer is read and its errors placed
    await vscode.commands.executeCommand(run.command!.command, ...(run.command!.arguments ?? []));
    assert.equal((await asked()) - before, 1, 'the query was sent once');
    assert.deepEqual(
      marks().map((d) => [d.source, d.range.start.line, d.range.start.character]),
      [['DatoCMS GraphQL', 7, 6]],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await dismissToasts();
  });

  it('the quick fix of a "did you mean", the query coloured inside its template, Find Usages in the References view', async function () {
    this.timeout(120_000);
    await vscode.window.showTextDocument(uri(), { preview: false });
    const problem = () => vscode.languages.getDiagnostics(uri()).find((d) => d.message.startsWith('Cannot query field "coverr"'));
    await waitFor(() => problem() !== undefined, 30_000, 'the problem on coverr');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri(),
      problem()!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title === 'Change to cover');
    assert.ok(fix, actions.map((a) => a.title).join(', '));
    assert.equal(fix.edit?.get(uri())[0]?.newText, 'cover');

    const legend = await vscode.commands.executeCommand<vscode.SemanticTokensLegend>('vscode.provideDocumentSemanticTokensLegend', uri());
    const tokens = await vscode.commands.executeCommand<vscode.SemanticTokens>('vscode.provideDocumentSemanticTokens', uri());
    const at = position('allArticles');
    let line = 0;
    let character = 0;
    let found: string | undefined;
    for (let i = 0; i < tokens.data.length; i += 5) {
      line += tokens.data[i]!;
      character = tokens.data[i] === 0 ? character + tokens.data[i + 1]! : tokens.data[i + 1]!;
      if (line === at.line && character === at.character) found = legend.tokenTypes[tokens.data[i + 3]!];
    }
    assert.equal(found, 'property', 'allArticles is coloured as a field inside the template');

    const field = { project: 'emulated-bistro', environment: 'main', kind: 'field', modelApiKey: 'article', apiKey: 'reading_time' };
    await vscode.commands.executeCommand('datocms.graphql.findUsages', field);
    await seeOnScreen('readingTime · query ArticleList');
  });

  it('Go to Definition on a field opens its document; deleting it names the query first, and Cancel sends nothing', async function () {
    this.timeout(120_000);
    await vscode.window.showTextDocument(uri(), { preview: false });
    const field = documentUri({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'field',
      modelApiKey: 'article',
      apiKey: 'reading_time',
    });
    const found = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeDefinitionProvider',
      uri(),
      position('readingTime', 3),
    );
    assert.deepEqual(
      found.map((l) => l.uri.toString()),
      [field.toString()],
    );
    vscode.window.activeTextEditor!.selection = new vscode.Selection(position('readingTime', 3), position('readingTime', 3));
    await vscode.commands.executeCommand('editor.action.revealDefinition');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.toString() === field.toString(), 20_000, "the field's document");

    const asked = await answerConfirmations(undefined);
    const before = (await requests()).length;
    await vscode.commands.executeCommand('datocms.deleteField', field);
    assert.equal(asked.length, 1);
    assert.match(asked[0]!.message, /Delete the field “Reading time \(minutes\)” \(reading_time\)/);
    assert.match(
      asked[0]!.detail ?? '',
      /1 query of this workspace reads article\.reading_time and would no longer validate: src\/articleList\.ts:4 \(query ArticleList\)\./,
    );
    const sent = (await requests()).slice(before).filter((r) => r.method !== 'GET' && !r.path.startsWith('/cda'));
    assert.deepEqual(sent, [], 'nothing was sent');
  });
  it('deleting a field a query reads: the confirmation names the query; once deleted, the query shows its problem', async function () {
    this.timeout(120_000);
    const article = (await cma('GET', '/item-types/article')).data.id as string;
    await cmaJob('POST', `/item-types/${article}/fields`, {
      data: { type: 'field', attributes: { label: 'Teaser note', api_key: 'teaser_note', field_type: 'string' } },
    });
    await vscode.commands.executeCommand('datocms.refresh');
    const teaser = vscode.Uri.file(join(workspace(), TEASER_FILE));
    writeFileSync(teaser.fsPath, 'export const Teaser = graphql(`\n  query Teaser {\n    allArticles { teaserNote }\n  }\n`);\n');
    await vscode.window.showTextDocument(teaser, { preview: false });

    const field = documentUri({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'field',
      modelApiKey: 'article',
      apiKey: 'teaser_note',
    });
    const asked = await answerConfirmations('Delete');
    await vscode.commands.executeCommand('datocms.deleteField', field);
    assert.equal(asked.length, 1);
    assert.match(
      asked[0]!.detail ?? '',
      /1 query of this workspace reads article\.teaser_note and would no longer validate: src\/teaser\.ts:2 \(query Teaser\)\./,
    );
    const problems = () => vscode.languages.getDiagnostics(teaser).filter((d) => d.source === 'DatoCMS GraphQL');
    await waitFor(
      () => problems().some((d) => d.message.startsWith('Cannot query field "teaserNote"')),
      30_000,
      'the problem of the query',
    );
  });
});
