import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { cma, ensureSignedIn, revertAndCloseAll, waitFor } from './helpers';
import { openDocument, replaceIn } from './editing';

const PROJECT = { project: 'emulated-bistro', environment: 'main' } as const;

const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
const hoverText = (hovers: vscode.Hover[]) =>
  hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');

describe('language: DatoCMS JSON', () => {
  before(ensureSignedIn);
  afterEach(revertAndCloseAll);

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

  it("a link field's validator completes the models by name and inserts the id", async () => {
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'field', modelApiKey: 'article', apiKey: 'author' }));
    const [authorModel] = JSON.parse(document.getText()).validators.item_item_type.item_types as string[];
    await replaceIn(document, `"${authorModel}"`, '""');
    const inQuotes = document.positionAt(
      document.getText().indexOf('"item_types": [') +
        document.getText().slice(document.getText().indexOf('"item_types": [')).indexOf('""') +
        1,
    );
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inQuotes,
    );
    const models = ((await cma('GET', '/item-types')).data as any[]).filter((m) => m.attributes.modular_block !== true);
    const offered = list.items.filter((item) => models.some((m) => m.id === item.insertText));
    assert.deepEqual(
      offered.map(labelOf).sort(),
      models.map((m) => String(m.attributes.name)).sort(),
      'every model by name, no block model',
    );
    const author = offered.find((item) => labelOf(item) === 'Author');
    assert.equal(author?.insertText, authorModel);

    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, inQuotes, String(author!.insertText));
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.deepEqual(JSON.parse(document.getText()).validators.item_item_type.item_types, [authorModel]);
  });

  it("a quick fix is found by the problem's code and data: a misspelled validator is renamed", async () => {
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'field', modelApiKey: 'article', apiKey: 'title' }));
    const before = document.getText();
    assert.ok(before.includes('"required": {}'), 'the title is required');
    await replaceIn(document, '"required": {}', '"requird": {}');
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).length > 0, 5000, 'the problem');
    const [diagnostic, ...more] = vscode.languages.getDiagnostics(document.uri);
    assert.equal(more.length, 0, [diagnostic, ...more].map((d) => d?.message).join('\n'));
    assert.equal(diagnostic!.code, 'unknown-key');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const rename = actions.find((a) => a.title === 'Change to "required"');
    assert.ok(rename?.edit && rename.isPreferred, actions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(rename.edit));
    assert.equal(document.getText(), before);
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).length === 0, 5000, 'the problem to go');
  });
});
