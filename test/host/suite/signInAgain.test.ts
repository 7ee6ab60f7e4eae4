// Sign in again after signing out: the project key leads back to the project's server.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  answerConfirmations,
  config,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  restoreConfirmations,
  toasts,
  typeIntoQuickInput,
  waitFor,
} from './helpers';

describe('sign in again', () => {
  after(() => ensureSignedIn());

  it('after signing out, "Sign In Again" (datocms.signIn with the project key) asks for a token and brings the project back', async function () {
    this.timeout(90_000);
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await dismissToasts();
    // Sign Out on the project's item asks once (a modal, answered here: the test host refuses dialogs), safe choice first
    const asked = await answerConfirmations('Sign Out');
    await vscode.commands.executeCommand('datocms.signOut', 'emulated-bistro');
    await restoreConfirmations();
    assert.deepEqual(
      asked.map((c) => `${c.message} [${c.safe} | ${c.actions.join(', ')}]`),
      ['Sign out of Emulated Bistro? [Stay Signed In | Sign Out]'],
    );
    await waitFor(() => registry.list().length === 0, 10_000, 'the sign-out');

    const signedIn = vscode.commands.executeCommand<string | undefined>('datocms.signIn', 'emulated-bistro');
    await typeIntoQuickInput(config().token, 'Sign in to DatoCMS').catch(async (error: Error) => {
      throw new Error(`${error.message}; the notifications say: ${JSON.stringify(await toasts())}`);
    });
    const key = await signedIn;
    const shown = await toasts();
    assert.deepEqual(
      shown.filter((t) => /valid URL/i.test(t.message)),
      [],
      'no "is not a valid URL" error',
    );
    assert.equal(key, 'emulated-bistro');
    assert.deepEqual(
      registry.list().map((p) => p.key),
      ['emulated-bistro'],
    );
    assert.equal(await registry.store.token('emulated-bistro'), config().token);
    await dismissToasts();
  });
});
