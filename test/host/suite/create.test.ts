// New records from the tree: the draft opens pre-filled, the first Ctrl+S creates it with exactly one
// POST /items, the editor then shows the created record and the tree lists it; a refused create keeps the text.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  clearRequests,
  closeEditors,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  seeOnScreen,
  settledToasts,
  statusBar,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import { editJson, pressSave, sleep } from './editing';
import { recordsOf } from './treeKit';

const activeDraft = () => vscode.window.activeTextEditor?.document.uri.path.includes('/new~') === true;

describe('creating records', () => {
  before(ensureSignedIn);
  afterEach(closeEditors);

  it('New Record on the Records node: fill the required fields, Ctrl+S → one POST /items, the real record opens, the tree lists it', async function () {
    this.timeout(90_000);
    const records = await recordsOf('author');
    const { model } = await extensionApi();
    await model.children(records);
    await clearRequests();
    await vscode.commands.executeCommand('datocms.newRecord', records);
    await waitFor(activeDraft, 15_000, 'the draft editor');
    const draft = vscode.window.activeTextEditor!;
    const draftUri = draft.document.uri;
    const template = JSON.parse(draft.document.getText());
    assert.deepEqual(template.name, null);
    assert.equal(template.$readonly.type, 'item');
    assert.deepEqual(await writes(), [], 'opening a draft sends nothing');

    await editJson(draft.document, (doc) => {
      doc.name = 'Host Created Author';
      doc.slug = 'host-created-author';
    });
    await pressSave(draft);
    await waitFor(
      async () => (await statusBar()).some((item) => item.text.includes('Created the record “Host Created Author”')),
      10_000,
      'the status bar to say "Created the record …"',
    );
    const tabs = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => `${t.input instanceof vscode.TabInputText ? t.input.uri.toString() : t.label}${t.isDirty ? ' (dirty)' : ''}`);
    await waitFor(() => !tabs().some((t) => t.startsWith(draftUri.toString())), 20_000, 'the draft tab to give way').catch(
      (error: Error) => {
        throw new Error(`${error.message}; tabs: ${tabs().join(' | ')}; draft ${draftUri.toString()}`);
      },
    );
    const posts = (await writes()).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1, describeRequests(await writes()));
    assert.equal(posts[0]!.path, '/items');
    const id =
      posts[0]!.status === 200
        ? (await requests())
            .find((r) => r.method === 'GET' && r.query['nested'] === 'true')
            ?.path.split('/')
            .pop()
        : undefined;
    const editor = vscode.window.activeTextEditor!;
    assert.ok(!editor.document.uri.path.includes('/new~'), editor.document.uri.path);
    const shown = JSON.parse(editor.document.getText());
    assert.equal(shown.name, 'Host Created Author');
    assert.equal(shown.$readonly.id, id);
    assert.equal(tabIsDirty(editor.document.uri), false);
    await waitFor(
      async () => (await model.children(records)).some((n) => n.kind === 'record' && n.record.id === id),
      15_000,
      'the tree to list the new record',
    );
  });

  it('an untouched draft: Ctrl+S says what is missing and sends nothing; the draft marks its required fields', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand('datocms.newRecord', await recordsOf('author'));
    await waitFor(activeDraft, 15_000, 'the draft editor');
    const draft = vscode.window.activeTextEditor!;
    await seeOnScreen('← required');
    await dismissToasts();
    await clearRequests();
    await pressSave(draft);
    const shown = await settledToasts(1, 1500);
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.match(
      shown[0]!.message,
      /^The new record is not created yet: name: is required .*\(and 1 more, marked in the editor\)\. Fill in what is missing, then save\.$/,
    );
    assert.deepEqual(await writes(), [], 'nothing was sent');
    assert.equal(tabIsDirty(draft.document.uri), false);
  });

  it('a create refused with 422 keeps the text, the tab dirty and the problem in the document', async function () {
    this.timeout(90_000);
    const records = await recordsOf('author');
    await vscode.commands.executeCommand('datocms.newRecord', records);
    await waitFor(activeDraft, 15_000, 'the draft editor');
    const draft = vscode.window.activeTextEditor!;
    // the same name as the record the previous test created: "name" is unique
    await editJson(draft.document, (doc) => {
      doc.name = 'Host Created Author';
      doc.slug = 'host-created-author-2';
    });
    const text = draft.document.getText();
    await clearRequests();
    await pressSave(draft);
    await waitFor(async () => (await writes()).some((r) => r.method === 'POST' && r.status === 422), 15_000, 'the refused POST');
    await sleep(1000);
    assert.equal(draft.document.getText(), text);
    assert.equal(tabIsDirty(draft.document.uri), true);
    await waitFor(
      () => vscode.languages.getDiagnostics(draft.document.uri).some((d) => /uniq/i.test(d.message)),
      10_000,
      'the server problem in the document',
    );
    assert.equal((await writes()).filter((r) => r.method === 'POST').length, 1);
  });
});
