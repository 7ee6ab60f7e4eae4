// Saves and what happened to environments meanwhile, done by a colleague straight through the API: the primary's
// guard follows a promotion, and a stale editor of an environment replaced under its name never writes there.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import {
  clearRequests,
  closeEditors,
  cma,
  cmaJob,
  config,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  restoreConfirmations,
  settledToasts,
  tabIsDirty,
  writes,
} from './helpers';
import { editJson, modelUri, openEditor, pressSave, recordIdOf, recordUri, saveDeclined, valueAt } from './editing';

const PROJECT = 'emulated-bistro';
const GENERIC = /Failed to save|Unable to write|FileSystemError|NoPermissions/;

/** A record as a colleague reads it in another environment. */
async function recordIn(environment: string, id: string): Promise<any> {
  const response = await fetch(`${config().emulatorUrl}/items/${id}`, {
    headers: { authorization: `Bearer ${config().token}`, accept: 'application/json', 'x-api-version': '3', 'x-environment': environment },
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { data: unknown }).data;
}

describe('saves and environments changed by a colleague', () => {
  before(ensureSignedIn);
  afterEach(closeEditors);

  it('the guard reads the primary afresh: after a colleague promotes the sandbox, a model save there asks, naming it', async function () {
    this.timeout(90_000);
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('datocms.resetSchemaGuard');
    try {
      const uri = modelUri('category', 'sandbox');
      const editor = await openEditor(uri);
      const hint = `Promoted meanwhile ${Date.now()}`;
      await editJson(editor.document, (json) => {
        json.hint = hint;
      });
      await cma('PUT', '/environments/sandbox/promote');
      assert.equal(registry.get(PROJECT)?.primaryEnvironment ?? 'main', 'main', 'the extension still remembers "main"');
      const asked = await saveDeclined(editor);
      assert.equal(asked[0]!.message, 'Update the model category (hint) in the primary environment "sandbox" of Emulated Bistro?');
      const shown = await settledToasts();
      assert.equal(shown.length, 1, JSON.stringify(shown));
      assert.match(shown[0]!.message, /primary environment "sandbox" was not confirmed/);
      assert.deepEqual(await writes(), [], 'declined: nothing was written');
      assert.equal(registry.get(PROJECT)?.primaryEnvironment, 'sandbox', 'the new primary is remembered');
      assert.ok(tabIsDirty(uri));
      assert.equal(JSON.parse(editor.document.getText()).hint, hint);
    } finally {
      await restoreConfirmations();
      await cma('PUT', '/environments/main/promote');
      const project = registry.get(PROJECT);
      if (project) await registry.store.update({ ...project, primaryEnvironment: 'main' });
      await stopAskingSchemaChanges(registry.store.state, PROJECT);
    }
  });

  it('a stale editor of an environment renamed and replaced by a fork under its name: Ctrl+S is refused naming both, nothing is written', async function () {
    this.timeout(120_000);
    const name = `stale-${Date.now().toString(36)}`;
    const renamed = `${name}-old`;
    const fork = (id: string) => cmaJob('POST', '/environments/main/fork', { data: { type: 'environment', id } });
    await fork(name);
    try {
      const id = await recordIdOf('article', 1);
      const uri = recordUri(id, name);
      const editor = await openEditor(uri);
      const original = valueAt(editor, ['title', 'en']) as string;
      await editJson(editor.document, (json) => {
        json.title.en = `${original} (stale)`;
      });
      const typed = editor.document.getText();

      // a colleague renames the environment, then forks another one under its name
      await cma('PUT', `/environments/${name}/rename`, { data: { type: 'environment', id: renamed } });
      await fork(name);
      await dismissToasts();
      await clearRequests();
      await pressSave(editor);
      const shown = await settledToasts(1, 1500);
      assert.equal(shown.length, 1, `one message: ${JSON.stringify(shown)}`);
      assert.equal(shown[0]!.severity, 'error');
      assert.ok(
        shown[0]!.message.includes(`opened from the environment "${name}", which has since been renamed to "${renamed}"`),
        shown[0]!.message,
      );
      assert.doesNotMatch(shown[0]!.message, GENERIC);
      const sent = await writes();
      assert.deepEqual(sent, [], `nothing was sent: ${describeRequests(sent)}`);
      assert.ok(
        (await requests()).some((r) => r.method === 'GET' && r.path === '/environments'),
        'the environments were read before writing',
      );
      assert.ok(tabIsDirty(uri), 'the edit is still unsaved');
      assert.equal(editor.document.getText(), typed, 'the text is kept');
      const inNew = await recordIn(name, id);
      assert.equal(inNew.attributes.title.en, original, 'the new environment is untouched');
    } finally {
      await closeEditors();
      for (const environment of [name, renamed]) await cmaJob('DELETE', `/environments/${environment}`).catch(() => undefined);
    }
  });
});
