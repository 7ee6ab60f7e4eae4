// Switching environment with a document open: a write goes where the document says, and the status bar
// names the environment of the focused document.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearRequests, dismissToasts, extensionApi, runWithInputs, statusBar, waitFor, writes } from './helpers';
import { cursorAtEndOf, openEditor, pressSave, recordIdOf, recordUri, typeAndWait, valueAt, waitForClean } from './editing';

const projectItemText = async () => (await statusBar()).find((item) => item.text.includes('Emulated Bistro'))?.text ?? '';

describe('environments and open documents', () => {
  after(async () => {
    const { model, registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (registry.environmentOf('emulated-bistro') !== 'main') {
      await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: 'main', title: 'Switch DatoCMS environment' }]);
    }
  });

  it('a main record stays on main after switching to sandbox: its save goes to main, the status bar follows the focused document', async function () {
    this.timeout(90_000);
    const { model, registry } = await extensionApi();
    const id = await recordIdOf('article', 7);
    const mainUri = recordUri(id, 'main');
    const editor = await openEditor(mainUri);
    await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: 'sandbox', title: 'Switch DatoCMS environment' }]);
    assert.equal(registry.environmentOf('emulated-bistro'), 'sandbox');

    const focused = await openEditor(mainUri);
    await waitFor(
      async () => /Emulated Bistro/.test(await projectItemText()) && /\bmain\b/.test(await projectItemText()),
      10_000,
      'the status bar to name the project and main',
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; it shows "${await projectItemText()}"`);
    });

    const original = valueAt(focused, ['title', 'en']) as string;
    await cursorAtEndOf(focused, ['title', 'en']);
    await typeAndWait(focused, ' (main)', ['title', 'en'], `${original} (main)`);
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    await waitForClean(mainUri);
    const puts = await writes();
    assert.equal(puts.length, 1);
    assert.equal(puts[0]!.path, `/items/${id}`);
    assert.equal(puts[0]!.environment, 'main', 'the save went to the environment the document names');

    await openEditor(recordUri(id, 'sandbox'));
    await waitFor(async () => /\bsandbox\b/.test(await projectItemText()), 10_000, 'the status bar to say sandbox').catch(
      async (error: Error) => {
        throw new Error(`${error.message}; it shows "${await projectItemText()}"`);
      },
    );
    await openEditor(mainUri);
    await waitFor(async () => /\bmain\b/.test(await projectItemText()), 10_000, 'the status bar to say main again').catch(
      async (error: Error) => {
        throw new Error(`${error.message}; it shows "${await projectItemText()}"`);
      },
    );
  });
});
