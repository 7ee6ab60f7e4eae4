// Record history in the real workbench: two saves make two versions, Show Version History lists them, a
// version opens in a diff with its old value on the left, and Restore asks first (declining sends nothing)
// then brings the old value back into the clean editor.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  clearRequests,
  cma,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  screenshot,
  seeOnScreen,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import { editJson, MAIN, openEditor, pressSave, recordIdOf, recordUri, sleep, valueAt, waitForClean } from './editing';

/** The tree node the Record History view passes to its commands for a version. */
function versionNode(id: string, version: any) {
  return {
    kind: 'version',
    record: { kind: 'record', project: MAIN.project, environment: MAIN.environment, modelApiKey: 'article', id },
    entry: {
      id: version.id,
      createdAt: version.meta.created_at,
      editor: version.relationships.editor.data,
      isPublished: version.meta.is_published,
      isCurrent: version.meta.is_current,
    },
  };
}

/**
 * VS Code refuses modal dialogs while extension tests run ("DialogService: refused to show dialog in
 * tests"), so the extension's modal confirmation is answered here, recording what it asked.
 */
async function answerConfirmations(answer: string | undefined): Promise<{ asked: string[]; dispose(): void }> {
  const { ui } = await extensionApi();
  const original = ui.confirm;
  const asked: string[] = [];
  ui.confirm = async (options) => {
    asked.push(`${options.message} [${options.actions.join(', ')}]`);
    return answer;
  };
  return {
    asked,
    dispose: () => {
      ui.confirm = original;
    },
  };
}

const versionDiffTab = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'datocms-version');

describe('record history', () => {
  afterEach(async () => {
    await dismissToasts();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('History: two saves are listed, a version opens in a diff, Restore asks (declining sends nothing) and then restores into the editor', async function () {
    this.timeout(150_000);
    await ensureSignedIn();
    const id = await recordIdOf('article', 7);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    const original = valueAt(editor, ['title', 'en']) as string;
    // other suites may have saved this record already: count from what it has now
    const versionsBefore = (await cma('GET', `/items/${id}/versions`)).meta.total_count as number;
    for (const suffix of [' v2', ' v3']) {
      const before = valueAt(editor, ['title', 'en']) as string;
      await editJson(editor.document, (value) => {
        value.title.en = before + suffix;
      });
      await pressSave(editor);
      await waitFor(
        async () => (await cma('GET', `/items/${id}`)).data.attributes.title.en === before + suffix,
        20_000,
        `the save of "${suffix}"`,
      );
      await waitForClean(uri);
      // the clean editor reloads with the saved record (its new version) before the next edit
      const saved = (await cma('GET', `/items/${id}`)).data.meta.current_version;
      await waitFor(
        () => valueAt(editor, ['$readonly', 'meta', 'current_version']) === saved,
        20_000,
        'the editor to show the saved version',
      );
    }

    await vscode.commands.executeCommand('datocms.history.show', uri);
    const listed = await cma('GET', `/items/${id}/versions`);
    const versions = listed.data as any[];
    assert.equal(listed.meta.total_count, versionsBefore + 2, 'two more versions: the saves');
    await seeOnScreen('API token 90817 · current');
    await screenshot('history-view');

    // the version from before the two saves, beside the record's editor
    const oldest = versionNode(id, versions[2]);
    await vscode.commands.executeCommand('datocms.history.openVersion', oldest);
    await waitFor(() => versionDiffTab() !== undefined, 10_000, 'the version diff to open');
    const diff = versionDiffTab()!.input as vscode.TabInputTextDiff;
    assert.equal(diff.modified.toString(), uri.toString(), "the right side is the record's own document");
    const left = await vscode.workspace.openTextDocument(diff.original);
    await waitFor(() => left.getText().length > 0, 10_000, 'the version document to load');
    assert.equal(JSON.parse(left.getText()).title.en, original, 'the old value is on the left');
    await screenshot('history-diff');

    // declining sends nothing
    await clearRequests();
    const cancel = await answerConfirmations(undefined);
    try {
      await vscode.commands.executeCommand('datocms.history.restore', oldest);
    } finally {
      cancel.dispose();
    }
    assert.equal(cancel.asked.length, 1, 'Restore asks first');
    assert.match(
      cancel.asked[0]!,
      new RegExp(`^Restore the record ${id} of article to its version of .+ by account 43210\\? \\[Restore\\]$`),
    );
    await sleep(500);
    assert.deepEqual(await writes(), [], describeRequests(await writes()));

    // confirming restores: a job, then the clean editor shows the old value
    const confirm = await answerConfirmations('Restore');
    try {
      await vscode.commands.executeCommand('datocms.history.restore', oldest);
    } finally {
      confirm.dispose();
    }
    const sent = await writes();
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      [`POST /versions/${versions[2].id}/restore`],
      describeRequests(sent),
    );
    const recordEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) ?? editor;
    await waitFor(() => valueAt(recordEditor, ['title', 'en']) === original, 20_000, 'the editor to show the restored title');
    assert.equal(tabIsDirty(uri), false, 'the restored record is shown as saved');
    assert.equal((await cma('GET', `/items/${id}`)).data.attributes.title.en, original);
    assert.equal((await cma('GET', `/items/${id}/versions`)).meta.total_count, versionsBefore + 3, 'the restore is a new version');
  });
});
