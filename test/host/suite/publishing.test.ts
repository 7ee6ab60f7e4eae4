// A record's whole life in the real workbench (created from a draft, published, deleted) and a bulk publish
// of a multi-selection: what reaches the emulator, and what the tree and the editors show after each step.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordNode } from '../../../src/tree';
import type { Ui } from '../../../src/platform/ui';
import {
  clearRequests,
  cma,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  runWithInputs,
  screenshot,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import { editJson, pressSave, sleep } from './editing';
import { recordsOf } from './treeKit';

const tabOpen = (uri: vscode.Uri) =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
const statusOf = async (id: string) => (await cma('GET', `/items/${id}`)).data.meta.status as string;

describe('publishing records', () => {
  let realConfirm: Ui['confirm'] | undefined;
  before(ensureSignedIn);
  afterEach(async () => {
    const api = await extensionApi();
    if (realConfirm) api.ui.confirm = realConfirm;
    await dismissToasts();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("a record's life: New Record → Ctrl+S creates a draft → Publish → Unpublish → Publish (tree shows it published) → Delete closes its editor", async function () {
    this.timeout(150_000);
    // dishes have draft mode (a model without it has nothing to unpublish)
    const records = await recordsOf('dish');
    const { model, ui } = await extensionApi();
    await model.children(records);

    // created: one POST from the draft's first save
    await vscode.commands.executeCommand('datocms.newRecord', records);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path.includes('/new~') === true, 15_000, 'the draft editor');
    const draft = vscode.window.activeTextEditor!;
    const name = `Lifecycle Dish ${Date.now()}`;
    await editJson(draft.document, (doc) => {
      doc.name = { en: name, it: name };
      doc.course = 'main';
      doc.price = 14;
    });
    await clearRequests();
    await pressSave(draft);
    await waitFor(
      () => vscode.window.activeTextEditor !== undefined && !vscode.window.activeTextEditor.document.uri.path.includes('/new~'),
      20_000,
      'the created record to replace the draft',
    );
    const editor = vscode.window.activeTextEditor!;
    const id = JSON.parse(editor.document.getText()).$readonly.id as string;
    assert.equal((await writes()).filter((r) => r.method === 'POST' && r.path === '/items').length, 1, describeRequests(await writes()));
    // a new dish is a draft; published: its locales (offered pre-chosen) with one PUT …/publish
    assert.equal(await statusOf(id), 'draft');
    await clearRequests();
    await runWithInputs('datocms.records.publish', [editor.document.uri], [{ text: '' }]);
    await waitFor(async () => (await statusOf(id)) === 'published', 20_000, 'the record to be published');

    // unpublished: asked once, naming the record: the pick of its locales (offered pre-chosen), no yes/no after it
    realConfirm = ui.confirm;
    const asked: string[] = [];
    ui.confirm = async (options) => {
      asked.push(options.message);
      return options.actions[0];
    };
    await clearRequests();
    await runWithInputs(
      'datocms.records.unpublish',
      [editor.document.uri],
      [{ text: '', title: `Unpublish "${name}" (dish in main): which locales?` }],
    );
    await waitFor(async () => (await statusOf(id)) === 'draft', 20_000, 'the record to be unpublished');
    assert.deepEqual(asked, [], 'the pick was the question');
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [`PUT /items/${id}/unpublish`],
    );

    // published again; the tree shows the new status
    await clearRequests();
    await runWithInputs('datocms.records.publish', [editor.document.uri], [{ text: '' }]);
    await waitFor(async () => (await statusOf(id)) === 'published', 20_000, 'the record to be published');
    const published = await writes();
    assert.deepEqual(
      published.map((r) => `${r.method} ${r.path}`),
      [`PUT /items/${id}/publish`],
      describeRequests(published),
    );
    await model.refresh(records);
    await waitFor(
      async () => {
        const node = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record' && n.record.id === id);
        return node?.record.meta['status'] === 'published';
      },
      15_000,
      'the tree to show the record published',
    );
    assert.equal(tabIsDirty(editor.document.uri), false);
    const shown = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record' && n.record.id === id)!;
    await (await extensionApi()).treeView.reveal(shown, { select: true, focus: false, expand: true });
    await vscode.window.showTextDocument(editor.document, { preview: false });
    await sleep(800);
    await screenshot('publishing');

    // deleted: the confirmation names it; one DELETE; its clean editor closes
    asked.length = 0;
    await clearRequests();
    await vscode.commands.executeCommand('datocms.deleteRecord', editor.document.uri);
    assert.equal(asked.length, 1, 'Delete asks first');
    assert.match(asked[0]!, new RegExp(`Delete the record “${name}”`));
    await waitFor(
      async () =>
        await cma('GET', `/items/${id}`).then(
          () => false,
          () => true,
        ),
      20_000,
      'the record to be gone',
    );
    assert.equal((await writes()).filter((r) => r.method === 'DELETE').length, 1, describeRequests(await writes()));
    await waitFor(() => !tabOpen(editor.document.uri), 15_000, "the deleted record's editor to close");
  });

  it('bulk publish of three selected records sends one request and publishes them all', async function () {
    this.timeout(90_000);
    const records = await recordsOf('dish');
    const { model } = await extensionApi();
    await model.refresh(records);
    const nodes = (await model.children(records)).filter((n): n is RecordNode => n.kind === 'record').slice(0, 3);
    assert.equal(nodes.length, 3, 'three dishes on the first page');
    // start from records that are not published
    for (const node of nodes) if (node.record.meta['status'] !== 'draft') await cma('PUT', `/items/${node.record.id}/unpublish`);
    for (const node of nodes) assert.notEqual(await statusOf(node.record.id), 'published');

    await clearRequests();
    await vscode.commands.executeCommand('datocms.records.publish', nodes[0], nodes);
    await waitFor(
      async () => (await Promise.all(nodes.map((n) => statusOf(n.record.id)))).every((s) => s === 'published'),
      30_000,
      'all three to be published',
    );
    const sent = await writes();
    const bulk = sent.filter((r) => r.path === '/items/bulk/publish');
    assert.equal(bulk.length, 1, describeRequests(sent));
    const ids = (bulk[0]!.body.data.relationships.items.data as { id: string }[]).map((item) => item.id).sort();
    assert.deepEqual(ids, nodes.map((n) => n.record.id).sort());
    assert.equal(
      sent.filter((r) => r.path.endsWith('/publish') && r.path !== '/items/bulk/publish').length,
      0,
      'no record published one by one',
    );
  });
});
