// VS Code's auto-save never saves a datocms: document: a save reaches DatoCMS only on the user's Ctrl+S.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearRequests, dismissToasts, tabIsDirty, toasts, waitFor, writes } from './helpers';
import {
  cursorAtEndOf,
  modelUri,
  openEditor,
  pressSave,
  recordIdOf,
  recordUri,
  sleep,
  typeAndWait,
  valueAt,
  waitForClean,
} from './editing';

async function setUserSettings(values: Record<string, unknown>): Promise<void> {
  const files = vscode.workspace.getConfiguration('files');
  for (const [key, value] of Object.entries(values)) await files.update(key, value, vscode.ConfigurationTarget.Global);
  await waitFor(
    () => Object.entries(values).every(([key, value]) => vscode.workspace.getConfiguration('files').inspect(key)?.globalValue === value),
    5_000,
    'the settings to apply',
  );
}

describe('auto-save', () => {
  after(async () => {
    await setUserSettings({ autoSave: undefined, autoSaveDelay: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  for (const [mode, index] of [
    ['afterDelay', 4],
    ['onFocusChange', 5],
  ] as const) {
    it(`files.autoSave ${mode}: an edit is not sent when the delay passes or the focus moves; Ctrl+S sends one PUT`, async function () {
      this.timeout(60_000);
      await setUserSettings({ autoSave: mode, autoSaveDelay: 500 });
      const id = await recordIdOf('article', index);
      const uri = recordUri(id);
      const editor = await openEditor(uri);
      const original = valueAt(editor, ['title', 'en']) as string;
      await cursorAtEndOf(editor, ['title', 'en']);
      await dismissToasts();
      await clearRequests();
      await typeAndWait(editor, ' (auto)', ['title', 'en'], `${original} (auto)`);
      await sleep(2000);
      await vscode.commands.executeCommand('datocms.explorer.focus');
      await sleep(500);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(modelUri('author')), { preview: false });
      await sleep(1500);

      assert.deepEqual(
        (await writes()).map((r) => `${r.method} ${r.path}`),
        [],
        'auto-save sent nothing',
      );
      assert.equal(tabIsDirty(uri), true, 'the edit is still unsaved');
      assert.deepEqual(await toasts(), []);

      const back = await openEditor(uri);
      await pressSave(back);
      await waitForClean(uri);
      const puts = await writes();
      assert.equal(puts.length, 1, `writes: ${puts.map((r) => `${r.method} ${r.path}`).join(', ')}`);
      assert.equal(puts[0]!.method, 'PUT');
      assert.equal(puts[0]!.body.data.attributes.title.en, `${original} (auto)`);
      await dismissToasts();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  }
});
