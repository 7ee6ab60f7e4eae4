// A workspace's files.encoding never reaches datocms: documents: text goes to DatoCMS exactly as typed.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { clearRequests, cma, config, dismissToasts, waitFor, writes } from './helpers';
import { openEditor, pressSave, recordIdOf, recordUri, selectValue, typeAndWait, valueAt, waitForClean } from './editing';

const DESSERT = 'Crème brûlée';

describe('encoding', () => {
  const settingsDir = () => join(config().workspace, '.vscode');
  after(async () => {
    rmSync(settingsDir(), { recursive: true, force: true });
    await waitFor(
      () => vscode.workspace.getConfiguration('files').inspect('encoding')?.workspaceValue === undefined,
      10_000,
      'the workspace setting to go',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('files.encoding windows1252 in the workspace: "Crème brûlée" typed into a title is sent and stored exactly', async function () {
    this.timeout(60_000);
    mkdirSync(settingsDir(), { recursive: true });
    writeFileSync(join(settingsDir(), 'settings.json'), JSON.stringify({ 'files.encoding': 'windows1252' }, null, 2));
    await waitFor(
      () => vscode.workspace.getConfiguration('files').get('encoding') === 'windows1252',
      15_000,
      'the workspace setting to apply',
    );

    const id = await recordIdOf('article', 6);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    const english = valueAt(editor, ['title', 'en']);
    await selectValue(editor, ['title', 'it']);
    await vscode.commands.executeCommand('deleteLeft');
    await typeAndWait(editor, `"${DESSERT}"`, ['title', 'it'], DESSERT);
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    await waitForClean(uri);

    const puts = await writes();
    assert.equal(puts.length, 1, `writes: ${puts.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}`);
    assert.deepEqual(puts[0]!.body.data.attributes.title, { en: english, it: DESSERT });
    assert.ok(!JSON.stringify(puts[0]!.body).includes('\uFFFD'), 'no replacement character in the request');
    assert.equal((await cma('GET', `/items/${id}`)).data.attributes.title.it, DESSERT);
    await waitFor(() => valueAt(editor, ['title', 'it']) === DESSERT, 5_000, 'the editor to show the saved title');
    assert.ok(!editor.document.getText().includes('\uFFFD'));
  });
});
