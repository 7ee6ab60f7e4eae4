import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { cma, ensureSignedIn } from './helpers';
import { openDocument, replaceIn } from './editing';

const PROJECT = { project: 'emulated-bistro', environment: 'main' } as const;

const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
const hoverText = (hovers: vscode.Hover[]) =>
  hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');

describe('language: DatoCMS JSON', () => {
  before(ensureSignedIn);
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a model document completes enumerations with their values only, hovers with descriptions, outlines its keys', async () => {
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'model', apiKey: 'article' }));
    assert.equal(document.languageId, 'datocms-json');
    const keys = Object.keys(JSON.parse(document.getText()));

    const appearance = /"collection_appearance": "(compact|table)"/.exec(document.getText())![0];
    await replaceIn(document, appearance, '"collection_appearance": ""');
    const inQuotes = document.positionAt(document.getText().indexOf('"collection_appearance": ""') + '"collection_appearance": "'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inQuotes,
    );
    assert.deepEqual(list.items.map(labelOf).sort(), ['"compact"', '"table"'], 'only the allowed values, no words from the text');

    const onKey = document.positionAt(document.getText().indexOf('"draft_mode_active"') + 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, onKey);
    assert.match(hoverText(hovers), /draft\/published workflow/);

    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
    assert.deepEqual(
      symbols.map((s) => s.name),
      keys,
    );
  });

  it("a record document completes and hovers from its model's schema", async () => {
    const page = await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=1');
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: page.data[0].id }));
    assert.equal(document.languageId, 'datocms-json');
    const record = JSON.parse(document.getText()) as Record<string, unknown>;

    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
    assert.deepEqual(
      symbols.map((s) => s.name),
      Object.keys(record),
    );

    // A localized value is keyed by the project's locales: completion inside an emptied one offers them.
    const title = JSON.stringify(record['title'], null, 2).replace(/\n/g, '\n  ');
    await replaceIn(document, `"title": ${title}`, '"title": {}');
    const inTitle = document.positionAt(document.getText().indexOf('"title": {}') + '"title": {'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, inTitle);
    const locales = (await cma('GET', '/site')).data.attributes.locales as string[];
    assert.deepEqual(list.items.map(labelOf).sort(), [...locales].sort());

    const onTitle = document.positionAt(document.getText().indexOf('"title"') + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, onTitle);
    assert.match(hoverText(hovers), /localized/);
  });

  it('formatting restores the document format', async () => {
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'model', apiKey: 'author' }));
    const text = document.getText();
    await replaceIn(document, text, JSON.stringify(JSON.parse(text)));
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', document.uri, {
      tabSize: 8,
      insertSpaces: false,
    });
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(document.getText(), text);
  });
});
