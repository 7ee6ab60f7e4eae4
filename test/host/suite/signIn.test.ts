import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearRequests, config, extensionApi, requests, runWithInputs } from './helpers';

describe('sign in', () => {
  it('refuses a wrong token (401) and stores nothing', async () => {
    const api = await extensionApi();
    await clearRequests();
    // the token box, then the "refused" notification is dismissed by the next test's flow; answer Escape-free:
    const signedIn = runWithInputs<string | undefined>('datocms.signIn', [], [{ text: 'not-a-valid-token', title: 'Sign in to DatoCMS' }]);
    // after the 401 the command shows an error with "Try Again"; close it so the command resolves
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await vscode.commands.executeCommand('notifications.clearAll');
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
