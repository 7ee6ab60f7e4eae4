// Generate Types in the real workbench: the environment pick and the save dialog, the file written into the
// workspace and opened; after a model is saved in that environment, the "Regenerate" offer rewrites it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import {
  clickButton,
  config,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  screenshot,
  settledToasts,
  typeIntoQuickInput,
  waitFor,
} from './helpers';
import { editJson, modelUri, openEditor, pressSave, waitForClean } from './editing';

describe('generate types', () => {
  before(() => ensureSignedIn());

  it('Generate Types writes the types file of the chosen environment, and a model save offers to regenerate it', async function () {
    this.timeout(120_000);
    const target = join(config().workspace, 'datocms-types.ts');
    rmSync(target, { force: true });
    const { model } = await extensionApi();
    await dismissToasts();

    const generated = vscode.commands.executeCommand('datocms.generateTypes', model.roots()[0]);
    await typeIntoQuickInput('sandbox', 'Generate types from which environment?');
    await typeIntoQuickInput(target, 'Save the TypeScript types of Emulated Bistro');
    await generated;
    await waitFor(() => existsSync(target), 20_000, 'the types file');
    const first = readFileSync(target, 'utf8');
    assert.match(first, /^\/\/ TypeScript types of the DatoCMS project "Emulated Bistro", environment sandbox,/);
    for (const type of ['Article', 'Author', 'Category', 'Dish', 'HomePage', 'Page', 'Event', 'ImageBlock', 'QuoteBlock', 'CtaBlock']) {
      assert.match(first, new RegExp(`export interface ${type} \\{`), type);
    }
    assert.match(first, /body: DatoLocalized<DatoStructuredText<[A-Za-z| ]+, never> \| null>;/);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === target, 10_000, 'the types file to open');

    // a field added to a model in that environment shows up after "Regenerate"
    const uri = modelUri('author', 'sandbox');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const editor = await openEditor(uri);
    await editJson(editor.document, (value) => (value.hint = 'People who write the journal'));
    await pressSave(editor);
    await waitForClean(uri, 30_000);
    const offer = (await settledToasts(1, 2500, 20_000)).filter((toast) => toast.buttons.includes('Regenerate'));
    assert.equal(offer.length, 1, 'one offer for the save');
    assert.match(offer[0]!.message, /The schema of Emulated Bistro · sandbox changed\. Regenerate datocms-types\.ts\?/);
    // the picture for the README: the DatoCMS view, the model just saved, the generated Article type beside it, and the offer
    await vscode.commands.executeCommand('workbench.view.extension.datocms');
    const types = await vscode.window.showTextDocument(vscode.Uri.file(target), { viewColumn: vscode.ViewColumn.Beside, preview: false });
    const article = types.document.positionAt(types.document.getText().indexOf('export interface Article {'));
    types.revealRange(new vscode.Range(article.translate(-1), article.translate(30)), vscode.TextEditorRevealType.AtTop);
    await screenshot('types');
    await clickButton('Regenerate');
    await waitFor(
      () => readFileSync(target, 'utf8').includes('People who write the journal'),
      20_000,
      'the regenerated file to hold the new hint',
    );
    await dismissToasts();
  });
});
