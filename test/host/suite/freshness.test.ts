// What the views show right after the user's own work, read from the screen: the Record History follows the focused
// record editor (and loads nothing while hidden), lists the new versions after a save and a Publish without Refresh,
// and its ages move on while it is visible with no request; the DatoCMS tree never says "may be out of date" right
// after the extension's own change, and shows that change.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordNode, RecordsNode } from '../../../src/tree';
import {
  answerConfirmations,
  clearRequests,
  cmaJob,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  restoreConfirmations,
  runWithInputs,
  screenshot,
  viewOnScreen,
  waitFor,
} from './helpers';
import { editJson, modelUri, openEditor, pressSave, recordIdOf, recordUri, sleep, valueAt, waitForClean } from './editing';
import { recordsOf } from './treeKit';

const HISTORY = 'Record History';
const TREE = 'Projects';
const history = () => viewOnScreen(HISTORY);
const versionReads = async () => (await requests()).filter((r) => r.method === 'GET' && /^\/items\/[^/]+\/versions/.test(r.path));

/** Waits until the Record History shows `id`'s versions (its header names the record), with at least `rows` rows. */
async function historyShows(id: string, rows = 1): Promise<void> {
  await waitFor(
    async () => {
      const shown = await history();
      return shown.description.startsWith(`${id} ·`) && shown.rows.length >= rows;
    },
    20_000,
    `the Record History to show ${id} (${rows}+ versions); it shows ${JSON.stringify(await history())}`,
  );
}

describe('the views follow the user', () => {
  before(ensureSignedIn);
  afterEach(async () => {
    await restoreConfirmations();
    await dismissToasts();
    // an editor a failed step left edited is reverted first: closing it would ask (a dialog the test host refuses)
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Record History follows the focused record editor; another kind of editor leaves it; hidden, it loads nothing until shown', async function () {
    this.timeout(90_000);
    const [a, b] = [await recordIdOf('article', 20), await recordIdOf('article', 21)];
    await vscode.commands.executeCommand(`datocms.history.focus`);
    const first = await openEditor(recordUri(a));
    await historyShows(a);
    assert.match((await history()).rows[0]!.description, /current/, 'the newest version, marked current');

    const second = await openEditor(recordUri(b));
    await historyShows(b);

    // a model's editor is not a record's: the history stays on b, and reads nothing
    await openEditor(modelUri('category'));
    await clearRequests();
    await vscode.window.showTextDocument(second.document);
    await sleep(500);
    assert.ok((await history()).description.startsWith(`${b} ·`));
    assert.deepEqual(await versionReads(), [], 'b is shown already: nothing read');

    // hidden: focusing a's editor reads nothing while nobody looks; shown again, it shows a
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(async () => (await history()).rows.length === 0, 10_000, 'the Record History to be hidden');
    await clearRequests();
    await vscode.window.showTextDocument(first.document);
    await sleep(500);
    assert.deepEqual(await versionReads(), [], 'nothing read while the view is hidden');
    await vscode.commands.executeCommand(`datocms.history.focus`);
    await historyShows(a);
    assert.deepEqual(
      (await versionReads()).map((r) => r.path),
      [`/items/${a}/versions`],
      'read once it is shown',
    );
  });

  it('Record History lists the new versions right after a save and a Publish, without Refresh; its ages move on while visible, with no request', async function () {
    this.timeout(120_000);
    // a record of its own: one version
    const copy = (await cmaJob('POST', `/items/${await recordIdOf('dish', 2)}/duplicate`)).data.id as string;
    const uri = recordUri(copy, 'main', 'dish');
    await vscode.commands.executeCommand(`datocms.history.focus`);
    const editor = await openEditor(uri);
    await historyShows(copy);
    assert.equal((await history()).rows.length, 1, 'the copy has one version');

    await editJson(editor.document, (doc) => {
      doc.price = 77;
    });
    await pressSave(editor);
    await waitForClean(uri);
    await historyShows(copy, 2);
    assert.match((await history()).rows[0]!.description, /current/);

    await runWithInputs('datocms.records.publish', [uri], [{ text: '' }]);
    await waitFor(
      async () => (await history()).rows.some((row) => /published/.test(row.description)),
      20_000,
      'a version marked published',
    );
    await waitFor(() => valueAt(editor, ['$readonly', 'meta', 'status']) === 'published', 20_000, 'the editor to show it published');
    await screenshot('history-follows');

    // the newest version's age reads anew on its own (from "now" to "10 seconds ago"…), reading nothing
    await clearRequests();
    const before = (await history()).rows[0]!.label;
    await waitFor(async () => (await history()).rows[0]!.label !== before, 30_000, `the age "${before}" to move on`);
    assert.deepEqual(await versionReads(), [], describeRequests(await requests()));
  });

  it('the tree never says "may be out of date" right after the extension\'s own change, and shows the change (save, duplicate, delete)', async function () {
    this.timeout(120_000);
    const { model, treeView } = await extensionApi();
    await vscode.commands.executeCommand('workbench.view.extension.datocms');
    const records: RecordsNode = await recordsOf('dish');
    await model.refresh(records);
    const listed = async () => (await model.children(records)).filter((n): n is RecordNode => n.kind === 'record');
    const fresh = async (after: string) => {
      assert.equal(model.stale, undefined, `not out of date after ${after}`);
      // the workbench keeps an emptied message as ''
      assert.ok(!treeView.message, `no "may be out of date" after ${after}: ${String(treeView.message)}`);
      assert.equal((await viewOnScreen(TREE)).message, '', `nothing said on screen after ${after}`);
    };
    const original = (await listed())[0]!;

    // save: the record's row takes its new title
    const editor = await openEditor(recordUri(original.record.id, 'main', 'dish'));
    const name = `Fresh ${Date.now()}`;
    await editJson(editor.document, (doc) => {
      doc.name.en = name;
    });
    await pressSave(editor);
    await waitForClean(editor.document.uri);
    await waitFor(async () => (await listed()).some((n) => n.label === name), 15_000, 'the row to take the new name');
    await fresh('a save');

    // duplicate: the copy is listed
    const before = new Set((await listed()).map((n) => n.record.id));
    await vscode.commands.executeCommand(
      'datocms.duplicateRecord',
      (await listed()).find((n) => n.record.id === original.record.id),
    );
    let copy: RecordNode | undefined;
    await waitFor(
      async () => (copy = (await listed()).find((n) => !before.has(n.record.id))) !== undefined,
      20_000,
      'the copy to be listed',
    );
    await fresh('Duplicate');

    // delete (the copy): it leaves the list
    await answerConfirmations('Delete');
    await vscode.commands.executeCommand('datocms.deleteRecord', copy);
    await waitFor(async () => !(await listed()).some((n) => n.record.id === copy!.record.id), 20_000, 'the copy to leave the list');
    await fresh('Delete');
  });
});
