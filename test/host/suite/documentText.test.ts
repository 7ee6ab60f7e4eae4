// The text of a datocms: document in the real workbench: Format Document prints it as its rendering does, it reads as
// UTF-8 (no byte order mark: the status bar says "UTF-8") whatever the workspace's files.encoding, typographic
// apostrophes and quotes are not boxed as ambiguous characters, and a save shows DatoCMS's answer in the key order
// the user saved.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { clearRequests, cma, cmaJob, config, statusBar, textsOnScreen, waitFor, writes } from './helpers';
import { MAIN, openEditor, pressSave, recordIdOf, recordUri, replaceText, waitForClean } from './editing';

const titleField = documentUri({ ...MAIN, kind: 'field', modelApiKey: 'article', apiKey: 'title' });
const highlighted = () => textsOnScreen('.editor-group-container.active .monaco-editor .unicode-highlight');
const closeAll = async () => {
  await vscode.commands.executeCommand('workbench.action.files.revert').then(undefined, () => undefined);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
};

async function setTitle(id: string, title: string): Promise<void> {
  await cma('PUT', `/items/${id}`, { data: { type: 'item', id, attributes: { title: { en: title, it: title } } } });
}

describe('document text', () => {
  afterEach(closeAll);

  it('Format Document prints the document as its rendering does: 2-space indent and its key order, whatever the editor asks', async function () {
    this.timeout(60_000);
    const editor = await openEditor(titleField);
    const rendering = editor.document.getText();
    const shuffled = Object.fromEntries(Object.entries(JSON.parse(rendering) as object).reverse());
    await replaceText(editor.document, JSON.stringify(shuffled));
    // the formatter is there once the DatoCMS JSON language loaded; it ignores the indentation the editor asks for
    const options = { tabSize: 4, insertSpaces: false };
    await waitFor(
      async () =>
        ((await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', titleField, options)) ?? [])
          .length > 0,
      15_000,
      'the formatter',
    );
    await vscode.commands.executeCommand('editor.action.formatDocument');
    await waitFor(() => editor.document.getText() === rendering, 15_000, 'the text formatted as the rendering');
  });

  it('with files.encoding windows1252 in the workspace a document reads as UTF-8: "Crème brûlée" shown right, the status bar says UTF-8 (no BOM)', async function () {
    this.timeout(60_000);
    const settingsDir = join(config().workspace, '.vscode');
    const id = await recordIdOf('article', 9);
    await setTitle(id, 'Crème brûlée tonight');
    mkdirSync(settingsDir, { recursive: true });
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ 'files.encoding': 'windows1252' }, null, 2));
    try {
      await waitFor(() => vscode.workspace.getConfiguration('files').get('encoding') === 'windows1252', 15_000, 'the setting');
      const editor = await openEditor(recordUri(id));
      await waitFor(() => editor.document.getText().includes('"Crème brûlée tonight"'), 15_000, 'the title read as UTF-8');
      assert.equal(editor.document.encoding, 'utf8');
      await waitFor(
        async () => (await statusBar()).some((item) => item.id === 'status.editor.encoding' && item.text === 'UTF-8'),
        15_000,
        'the status bar to say UTF-8',
      );
      assert.ok(!(await statusBar()).some((item) => /with BOM/.test(item.text)), 'no "UTF-8 with BOM"');
      assert.ok(!editor.document.getText().includes('\uFEFF'));
    } finally {
      rmSync(settingsDir, { recursive: true, force: true });
      await waitFor(
        () => vscode.workspace.getConfiguration('files').inspect('encoding')?.workspaceValue === undefined,
        10_000,
        'the workspace setting to go',
      );
    }
  });

  it('typographic apostrophes and quotes are not boxed; an invisible character still is (and in a plain JSON file they all are)', async function () {
    this.timeout(60_000);
    const text = 'Chef’s “best” risotto\u200B';
    // a plain JSON file boxes them: what the DatoCMS documents spare their content
    const plain = await vscode.workspace.openTextDocument({ language: 'json', content: `{ "title": ${JSON.stringify(text)} }` });
    await vscode.window.showTextDocument(plain, { preview: false });
    await waitFor(
      async () => (await highlighted()).length >= 2,
      15_000,
      'a plain JSON file to box the apostrophe and the invisible character',
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    const id = await recordIdOf('article', 10);
    await setTitle(id, text);
    const editor = await openEditor(recordUri(id));
    await waitFor(() => editor.document.getText().includes('Chef’s'), 15_000, 'the title');
    // the title in each locale holds one invisible character: once the highlighter boxed them, they are the only boxes
    const invisible = (editor.document.getText().match(/\u200B/g) ?? []).length;
    assert.equal(invisible, 2, 'the title in English and Italian');
    // settled on exactly those (the plain file's boxes, or a rendering before the document's language applied, go)
    await waitFor(async () => (await highlighted()).length === invisible, 15_000, 'only the invisible characters to be boxed');
    assert.equal((await highlighted()).length, invisible);
  });

  it("a save shows DatoCMS's answer in the key order the user saved: the appearance keys do not move", async function () {
    this.timeout(60_000);
    const editor = await openEditor(titleField);
    const before = JSON.parse(editor.document.getText()) as Record<string, any>;
    const { editor: appearanceEditor, parameters, addons } = before['appearance'];
    const doc = {
      ...before,
      hint: 'HINT',
      appearance: { addons, parameters: { ...parameters, placeholder: 'The title of the article' }, editor: appearanceEditor },
    };
    // an escape the rendering writes out: the editor shows the answer's rendering once it replaced the saved text
    const text = `${JSON.stringify(doc, null, 2)}\n`.replace('"HINT"', '"Caf\\u00e9 menu"');
    await replaceText(editor.document, text);
    await clearRequests();
    try {
      await pressSave(editor);
      await waitForClean(titleField);
      assert.ok(
        (await writes()).some((r) => r.method === 'PUT' && /\/fields\//.test(r.path)),
        'the field was sent',
      );
      await waitFor(() => editor.document.getText().includes('"Café menu"'), 15_000, "the answer's rendering in the editor");
      assert.deepEqual(Object.keys(JSON.parse(editor.document.getText()).appearance), ['addons', 'parameters', 'editor']);
      assert.equal(editor.document.getText(), text.replace('Caf\\u00e9', 'Café'), 'every key where the user put it');
    } finally {
      const id = String(before['$readonly'].id);
      const attributes = { appearance: before['appearance'], hint: before['hint'] };
      await cmaJob('PUT', `/fields/${id}`, { data: { type: 'field', id, attributes } });
    }
  });
});
