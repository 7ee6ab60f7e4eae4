// Sign in again after signing out: the project key leads back to the project's server.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clickButton, config, dismissToasts, ensureSignedIn, extensionApi, toasts, typeIntoQuickInput, waitFor } from './helpers';

describe('sign in again', () => {
  after(() => ensureSignedIn());

  it('after signing out, "Sign In Again" (datocms.signIn with the project key) asks for a token and brings the project back', async function () {
    this.timeout(90_000);
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await dismissToasts();
    const signedOut = vscode.commands.executeCommand('datocms.signOut', 'emulated-bistro');
    await clickButton('Sign Out');
    await signedOut;
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
