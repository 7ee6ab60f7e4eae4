import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearRequests, config, extensionApi, requests, runWithInputs, toasts, typeRefusedIntoQuickInput } from './helpers';

describe('sign in', () => {
  it('refuses a wrong token (401) in the box, which stays open to correct it, and stores nothing', async () => {
    const api = await extensionApi();
    await clearRequests();
    let settled = false;
    const signedIn = Promise.resolve(vscode.commands.executeCommand<string | undefined>('datocms.signIn')).finally(() => (settled = true));
    const message = await typeRefusedIntoQuickInput('not-a-valid-token', 'Sign in to DatoCMS');
    assert.match(message, /refused this token \(401\): nothing was stored/);
    assert.ok(!message.includes('not-a-valid-token'), 'the message does not repeat the token');
    assert.equal(settled, false, 'the box is still open after the 401');
    assert.deepEqual(
      (await toasts()).filter((toast) => toast.severity === 'error'),
      [],
      'the refusal is shown in the box, not as a notification',
    );
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await signedIn, undefined);
    assert.deepEqual(api.registry.list(), []);
    const site = (await requests()).filter((r) => r.path === '/site');
    assert.equal(site.length, 1);
    assert.equal(site[0]!.status, 401);
  });

  it('checks the token with GET /site and keeps it only in SecretStorage', async () => {
    const api = await extensionApi();
    const key = await runWithInputs<string>('datocms.signIn', [], [{ text: config().token, title: 'Sign in to DatoCMS' }]);
    assert.equal(key, 'emulated-bistro');
    const [project] = api.registry.list();
    assert.equal(project?.name, 'Emulated Bistro');
    assert.equal(await api.registry.store.token(key), config().token);
    assert.ok(!JSON.stringify(project).includes(config().token), 'project metadata (globalState) holds no token');
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration('datocms')).includes(config().token), 'no setting holds the token');
  });
});
