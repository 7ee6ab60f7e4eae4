// A colleague's change to another key is never silently reverted, even after "Compare Active File with Saved".
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  clearRequests,
  clickButton,
  closeEditors,
  cma,
  cmaJob,
  describeRequests,
  dismissToasts,
  settledToasts,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import {
  cursorAtEndOf,
  editJson,
  json,
  modelUri,
  openEditor,
  pressSave,
  recordIdOf,
  recordUri,
  sleep,
  typeAndWait,
  valueAt,
} from './editing';
import { seeOnScreen } from './helpers';

const GENERIC = /Failed to save|Unable to write|FileSystemError|NoPermissions|file is newer/i;

describe('conflicts', () => {
  it('a conflict says "DatoCMS has a newer version of …" with Compare, Overwrite and Revert; Compare shows "DatoCMS ↔ Yours"', async function () {
    this.timeout(90_000);
    const id = await recordIdOf('article', 9);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    await cma('PUT', `/items/${id}`, { data: { type: 'item', id, attributes: { reading_time: 77 } } });
    await editJson(editor.document, (value) => (value.title.en = 'Mine, over theirs'));
    const mine = editor.document.getText();
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    const shown = await settledToasts(1, 1500);
    assert.equal(shown.length, 1, `one notification: ${JSON.stringify(shown)}`);
    assert.match(shown[0]!.message, /^DatoCMS has a newer version of the record .+: it changed since you opened it\. Nothing was saved/);
    assert.doesNotMatch(shown[0]!.message, GENERIC);
    assert.deepEqual(
      ['Compare', 'Overwrite', 'Revert'].filter((b) => shown[0]!.buttons.includes(b)),
      ['Compare', 'Overwrite', 'Revert'],
      `buttons: ${shown[0]!.buttons.join(', ')}`,
    );
    assert.ok(
      (await writes()).every((r) => r.status === 422),
      'DatoCMS refused the PUT on the old version',
    );
    await clickButton('Compare');
    const diffTab = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === uri.toString());
    await waitFor(() => diffTab() !== undefined, 10_000, 'the diff editor');
    assert.match(diffTab()!.label, /: DatoCMS ↔ Yours$/);
    await seeOnScreen('DatoCMS ↔ Yours');
    assert.equal(editor.document.getText(), mine, 'the text is kept');
    assert.equal(tabIsDirty(uri), true);
  });

  afterEach(closeEditors);

  it("Compare with Saved on a dirty model, then save: the colleague's other key is kept and so is the user's text", async function () {
    this.timeout(90_000);
    const uri = modelUri('category');
    const editor = await openEditor(uri);
    const modelId = json(editor).$readonly.id as string;
    const nameBefore = valueAt(editor, ['name']) as string;
    await editJson(editor.document, (value) => (value.hint = 'Mine'));
    await cursorAtEndOf(editor, ['hint']);
    await typeAndWait(editor, ' (typed)', ['hint'], 'Mine (typed)');
    const mine = editor.document.getText();

    const colleagues = `${nameBefore} (renamed by a colleague)`;
    await cmaJob('PUT', `/item-types/${modelId}`, { data: { type: 'item_type', id: modelId, attributes: { name: colleagues } } });
    await vscode.commands.executeCommand('workbench.files.action.compareWithSaved', uri);
    await sleep(1500);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor'); // the diff
    const back = await openEditor(uri);
    assert.equal(back.document.getText(), mine, "comparing changed nothing in the user's text");

    await dismissToasts();
    await clearRequests();
    await pressSave(back);
    await sleep(3000);
    const sent = (await writes()).filter((r) => r.path === `/item-types/${modelId}`);
    for (const put of sent)
      assert.ok(!('name' in put.body.data.attributes), `a save reverted the colleague's name: ${JSON.stringify(put.body.data.attributes)}`);
    await waitFor(
      async () => (await cma('GET', `/item-types/${modelId}`)).data.attributes.name === colleagues,
      5_000,
      "the colleague's name to stay",
    );
    if (sent.length === 0) {
      // refused as a conflict: one notification offering Compare and Overwrite, the user's text kept
      const shown = await settledToasts(1, 1500);
      assert.equal(shown.length, 1, `toasts: ${JSON.stringify(shown)}`);
      assert.ok(
        shown[0]!.buttons.includes('Compare') && shown[0]!.buttons.includes('Overwrite'),
        `buttons: ${shown[0]!.buttons.join(', ')}`,
      );
      assert.equal(back.document.getText(), mine);
      assert.equal(tabIsDirty(uri), true);
      await clearRequests();
      await clickButton('Overwrite');
      await waitFor(async () => (await writes()).length > 0, 15_000, 'the Overwrite save');
      await sleep(1500);
      const overwrite = await writes();
      assert.equal(overwrite.length, 1, describeRequests(overwrite));
      assert.deepEqual(overwrite[0]!.body.data.attributes, { hint: 'Mine (typed)' }, "Overwrite sends only the user's key");
    } else {
      assert.equal(sent.length, 1, describeRequests(sent));
      assert.deepEqual(sent[0]!.body.data.attributes, { hint: 'Mine (typed)' });
    }
    await waitFor(
      async () => (await cma('GET', `/item-types/${modelId}`)).data.attributes.hint === 'Mine (typed)',
      20_000,
      "the user's hint to be saved",
    );
    assert.equal((await cma('GET', `/item-types/${modelId}`)).data.attributes.name, colleagues);
  });
});
