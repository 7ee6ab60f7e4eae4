import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, extensionApi } from './helpers';

describe('activation', () => {
  it('runs in VS Code 1.100 on Node 20 and activates without a project', async () => {
    assert.match(vscode.version, /^1\.100\./);
    assert.match(process.version, /^v20\./);
    const api = await extensionApi();
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    assert.deepEqual(api.registry.list(), []);
    assert.deepEqual(api.model.roots(), []);
  });

  it('loads only dist/extension.js: the other bundles wait for the features that need them', async () => {
    await extensionApi();
    const root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    const bundles = Object.keys(require.cache)
      .filter((file) => file.startsWith(`${root}/dist/`) && !file.includes('/host-suite/'))
      .map((file) => file.slice(root.length + 1));
    assert.deepEqual(bundles, ['dist/extension.js']);
  });

  it('registers every command the manifest declares', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } };
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = manifest.contributes.commands.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, []);
  });
});
