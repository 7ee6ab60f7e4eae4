// Saving while the user keeps typing, and failed saves: what reaches the emulator, what the editor holds
// (the workbench's dirty state) and what the user is shown (toasts), with real keyboard input.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  addFault,
  clearFaults,
  clearRequests,
  closeEditors,
  cma,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  requests,
  settledToasts,
  tabIsDirty,
  toasts,
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
  selectValue,
  sleep,
  typeAndWait,
  valueAt,
  waitForClean,
} from './editing';

const SLOW_SAVE_MS = 1500;
const problems = async () => (await toasts()).filter((t) => t.severity !== 'info');

describe('saving while typing', () => {
  before(ensureSignedIn);
  beforeEach(dismissToasts);
  afterEach(async () => {
    await clearFaults();
    await closeEditors();
  });

  it('record: typing during the PUT keeps the typed text dirty; the next save sends only it, on the new version', async function () {
    this.timeout(90_000);
    const id = await recordIdOf('article', 2);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    const original = valueAt(editor, ['title', 'en']) as string;
    await cursorAtEndOf(editor, ['title', 'en']);
    await typeAndWait(editor, ' saved', ['title', 'en'], `${original} saved`);
    await clearRequests();
    await addFault({ kind: 'timeout', method: 'PUT', path: `/items/${id}`, delayMs: SLOW_SAVE_MS });

    await pressSave(editor);
    await waitFor(async () => (await requests()).some((r) => r.method === 'PUT'), 10_000, 'the PUT to reach the emulator');
    await typeAndWait(editor, ' more', ['title', 'en'], `${original} saved more`);
    await waitFor(async () => (await requests()).some((r) => r.method === 'PUT' && r.status === 200), 15_000, 'the PUT to be answered');
    await sleep(1000); // anything the save would still do to the editor happens now

    const log = await requests();
    const puts = log.filter((r) => r.method !== 'GET');
    assert.equal(puts.length, 1, `writes: ${describeRequests(puts)}`);
    const [put] = puts;
    assert.equal(put!.path, `/items/${id}`);
    assert.deepEqual(put!.query, {}, 'a record PUT takes no query string');
    assert.equal(put!.status, 200);
    assert.deepEqual(put!.body.data.attributes.title.en, `${original} saved`, 'the PUT carries the text as it was at Ctrl+S');
    assert.ok(
      !log.slice(log.indexOf(put!) + 1).some((r) => r.path === `/items/${id}`),
      `the answer is shown as it is, with the blocks the editor holds: ${describeRequests(log)}`,
    );
    assert.equal(valueAt(editor, ['title', 'en']), `${original} saved more`, 'the typed text is still in the editor');
    assert.equal(tabIsDirty(uri), true, 'the typed text is unsaved: the tab is dirty');
    assert.deepEqual(await problems(), []);

    const saved = (await cma('GET', `/items/${id}`)).data;
    assert.equal(saved.attributes.title.en, `${original} saved`);
    await clearRequests();
    await pressSave(editor);
    await waitForClean(uri);
    const [second, ...more] = await writes();
    assert.equal(more.length, 0, 'exactly one more PUT');
    assert.equal(second?.status, 200, `the second save is accepted: ${JSON.stringify(second?.body)}`);
    assert.deepEqual(Object.keys(second!.body.data.attributes), ['title'], 'only the typed key is sent');
    assert.equal(second!.body.data.attributes.title.en, `${original} saved more`);
    assert.equal(second!.body.data.meta.current_version, saved.meta.current_version, "sent on the record's new version");
    const after = (await cma('GET', `/items/${id}`)).data;
    await waitFor(
      () => valueAt(editor, ['$readonly', 'meta', 'current_version']) === after.meta.current_version,
      10_000,
      "the editor to show the server's new version",
    );
    assert.equal(valueAt(editor, ['title', 'en']), `${original} saved more`);
    assert.equal(tabIsDirty(uri), false);
    assert.deepEqual(await problems(), []);
  });

  it('model: typing during the PUT (an async job) keeps the typed text dirty; the next save sends only it', async function () {
    this.timeout(90_000);
    const uri = modelUri('dish');
    const editor = await openEditor(uri);
    const modelId = json(editor).$readonly.id as string;
    await editJson(editor.document, (value) => (value.hint = 'Dish hint'));
    await cursorAtEndOf(editor, ['hint']);
    await clearRequests();
    await addFault({ kind: 'timeout', method: 'PUT', path: `/item-types/${modelId}`, delayMs: SLOW_SAVE_MS });

    await pressSave(editor);
    await waitFor(async () => (await requests()).some((r) => r.method === 'PUT'), 10_000, 'the PUT to reach the emulator');
    await typeAndWait(editor, ' more', ['hint'], 'Dish hint more');
    await waitFor(
      async () => (await cma('GET', `/item-types/${modelId}`)).data.attributes.hint === 'Dish hint',
      20_000,
      'the job to apply the change',
    );
    await waitFor(
      async () => (await requests()).some((r) => r.path.startsWith('/job-results/') && r.status === 200),
      20_000,
      'the job to be followed to its end',
    );
    await sleep(1500);

    const puts = await writes();
    assert.equal(puts.length, 1, `writes: ${describeRequests(puts)}`);
    assert.deepEqual(puts[0]!.body.data.attributes, { hint: 'Dish hint' });
    assert.equal(valueAt(editor, ['hint']), 'Dish hint more', 'the typed text is still in the editor');
    assert.equal(tabIsDirty(uri), true, 'the typed text is unsaved: the tab is dirty');
    assert.deepEqual(await problems(), []);

    await clearRequests();
    await pressSave(editor);
    await waitForClean(uri, 30_000);
    const [second, ...more] = await writes();
    assert.equal(more.length, 0, 'exactly one more PUT');
    assert.deepEqual(second!.body.data.attributes, { hint: 'Dish hint more' }, 'only the typed key is sent');
    await waitFor(
      async () => (await cma('GET', `/item-types/${modelId}`)).data.attributes.hint === 'Dish hint more',
      20_000,
      'the emulator to hold the typed hint',
    );
    assert.deepEqual(await problems(), []);
  });
});

describe('failed saves', () => {
  before(ensureSignedIn);
  beforeEach(dismissToasts);
  afterEach(async () => {
    await clearFaults();
    await closeEditors();
  });

  it('a 500 on the PUT shows exactly one notification; the tab stays dirty and the text is kept', async () => {
    const id = await recordIdOf('article', 3);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    const original = valueAt(editor, ['title', 'en']) as string;
    await cursorAtEndOf(editor, ['title', 'en']);
    await typeAndWait(editor, ' (500)', ['title', 'en'], `${original} (500)`);
    const typed = editor.document.getText();
    await dismissToasts();
    await clearRequests();
    await addFault({ kind: 'server_error', method: 'PUT', path: `/items/${id}`, count: 20 });
    await pressSave(editor);
    const shown = await settledToasts(1, 2000);
    assert.equal(shown.length, 1, `toasts: ${JSON.stringify(shown)}`);
    assert.equal(shown[0]!.severity, 'error');
    assert.equal(tabIsDirty(uri), true);
    assert.equal(editor.document.getText(), typed);
    const puts = await writes();
    assert.ok(puts.length >= 1 && puts.every((r) => r.status === 500), `writes: ${puts.map((r) => r.status).join(', ')}`);
    assert.equal((await cma('GET', `/items/${id}`)).data.attributes.title.en, original, 'nothing changed on the server');
  });

  it('an invalid document is not sent: one message in our words, with Show Problems; the text is kept', async () => {
    const id = await recordIdOf('article', 8);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    await selectValue(editor, ['title', 'en']);
    await editor.edit((builder) => builder.replace(editor.selection, JSON.stringify('x'.repeat(500))));
    await waitFor(() => valueAt(editor, ['title', 'en']) === 'x'.repeat(500), 5_000, 'the edit');
    const typed = editor.document.getText();
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    const shown = await settledToasts(1, 2000);
    assert.equal(shown.length, 1, `toasts: ${JSON.stringify(shown)}`);
    assert.equal(shown[0]!.severity, 'error');
    assert.match(shown[0]!.message, /^Not sent to DatoCMS: title\.en/);
    assert.doesNotMatch(shown[0]!.message, /Failed to save|Unable to write|FileSystemError|NoPermissions/);
    assert.ok(shown[0]!.buttons.includes('Show Problems'), `buttons: ${shown[0]!.buttons.join(', ')}`);
    assert.deepEqual(await writes(), []);
    assert.equal(tabIsDirty(uri), true);
    assert.equal(editor.document.getText(), typed);
    assert.ok(
      vscode.languages.getDiagnostics(uri).some((d) => d.message.startsWith('title.en')),
      'the problem is marked where it is',
    );
  });

  // A save the workbench makes itself: VS Code shows the failure in its own notification ("Failed to save '…': "),
  // which carries our message; the actions wait on the status bar item.
  for (const [how, command, index] of [
    ['File › Save', 'workbench.action.files.save', 13],
    ['Save All', 'workbench.action.files.saveAll', 14],
  ] as const) {
    it(`${how} of an invalid document: nothing is sent; the one notification (VS Code's own) carries our words, no error name; the text is kept`, async () => {
      const id = await recordIdOf('article', index);
      const uri = recordUri(id);
      const editor = await openEditor(uri);
      await selectValue(editor, ['title', 'en']);
      await editor.edit((builder) => builder.replace(editor.selection, JSON.stringify('y'.repeat(500))));
      await waitFor(() => valueAt(editor, ['title', 'en']) === 'y'.repeat(500), 5_000, 'the edit');
      const typed = editor.document.getText();
      await dismissToasts();
      await clearRequests();
      await vscode.commands.executeCommand(command);
      const shown = await settledToasts(1, 2000);
      assert.equal(shown.length, 1, `toasts: ${JSON.stringify(shown)}`);
      assert.match(shown[0]!.message, /Not sent to DatoCMS: title\.en/);
      // VS Code frames it ("Failed to save '…': Unable to write file '…' (…)"); inside, our words and no error name
      assert.match(shown[0]!.message, /\(Not sent to DatoCMS: title\.en: .*Your text is kept; fix it and save again\.\)$/);
      assert.doesNotMatch(shown[0]!.message, /FileSystemError|NoPermissions|EntryNotFound|Error:/);
      assert.deepEqual(await writes(), []);
      assert.equal(tabIsDirty(uri), true);
      assert.equal(editor.document.getText(), typed);
      assert.ok(
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString()).length === 1,
        'one tab',
      );
    });
  }

  it('a 422 validation error shows exactly one notification; the tab stays dirty and the text is kept', async () => {
    const [first, second] = (await cma('GET', '/items?filter%5Btype%5D=author&page%5Blimit%5D=2')).data;
    const uri = recordUri(second.id, 'main', 'author');
    const editor = await openEditor(uri);
    // the name is unique among authors: only the server knows the other names
    await selectValue(editor, ['name']);
    await editor.edit((builder) => builder.replace(editor.selection, JSON.stringify(first.attributes.name)));
    await waitFor(() => valueAt(editor, ['name']) === first.attributes.name, 5_000, 'the edit');
    const typed = editor.document.getText();
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    const shown = await settledToasts(1, 2000);
    assert.equal(shown.length, 1, `toasts: ${JSON.stringify(shown)}`);
    assert.match(shown[0]!.message, /name/i);
    assert.equal(tabIsDirty(uri), true);
    assert.equal(editor.document.getText(), typed);
    const puts = await writes();
    assert.equal(puts.length, 1);
    assert.equal(puts[0]!.status, 422);
    assert.equal((await cma('GET', `/items/${second.id}`)).data.attributes.name, second.attributes.name);
  });
});
