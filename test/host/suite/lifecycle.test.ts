// Deleting and duplicating records and moving fields from the tree, in the real workbench: what the
// modal says, what reaches the emulator (nothing when declined), and what happens to open editors.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ui } from '../../../src/platform/ui';
import type { FieldNode, FieldsNode, RecordNode, RecordsNode, TreeNode } from '../../../src/tree';
import { clearRequests, cma, dismissToasts, ensureSignedIn, extensionApi, settledToasts, tabIsDirty, waitFor, writes } from './helpers';
import { editJson, openEditor, pressSave, recordUri, sleep } from './editing';
import { modelNode } from './treeKit';

async function recordNode(modelApiKey: string, id: string): Promise<RecordNode> {
  const { model } = await extensionApi();
  const records = (await model.children(await modelNode(modelApiKey))).find((n) => n.kind === 'records') as RecordsNode;
  await model.refresh(records);
  const node = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record' && n.record.id === id);
  assert.ok(node, `record ${id} is on the first page of ${modelApiKey}`);
  return node;
}

/**
 * VS Code refuses modal dialogs in extension tests, so the confirmation is answered here: each call is
 * recorded (message and detail, as the modal would show them) and answered from `answers` in turn.
 */
let realConfirm: Ui['confirm'] | undefined;
async function scriptConfirm(answers: (string | undefined)[]): Promise<{ message: string; detail: string }[]> {
  const api = await extensionApi();
  realConfirm ??= api.ui.confirm;
  const seen: { message: string; detail: string }[] = [];
  api.ui.confirm = async (options) => {
    seen.push({ message: options.message, detail: options.detail ?? '' });
    if (answers.length === 0) throw new Error(`unexpected confirmation: ${options.message}`);
    return answers.shift();
  };
  return seen;
}

const tabOpen = (uri: vscode.Uri) =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
const deletes = async () => (await writes()).filter((r) => r.method === 'DELETE');

describe('record lifecycle and field order', () => {
  before(() => ensureSignedIn());
  afterEach(async () => {
    const api = await extensionApi();
    if (realConfirm) api.ui.confirm = realConfirm;
    await dismissToasts();
  });

  it('Delete Record from the tree names the title and what links to it; Cancel sends nothing, Delete sends one DELETE and closes the clean editor', async function () {
    this.timeout(90_000);
    const articles = (await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=100')).data as any[];
    const categoryId = articles.find((a) => a.attributes.categories?.length)?.attributes.categories[0] as string;
    const category = (await cma('GET', `/items/${categoryId}`)).data;
    const title = category.attributes.name.en as string;
    // another suite renames models: name the model as it is now
    const modelName = (await cma('GET', '/item-types/category')).data.attributes.name as string;
    const node = await recordNode('category', categoryId);
    const uri = recordUri(categoryId, 'main', 'category');
    await openEditor(uri);

    await clearRequests();
    const seen = await scriptConfirm([undefined, 'Delete']);
    await vscode.commands.executeCommand('datocms.deleteRecord', node);
    assert.equal(seen[0]?.message, `Delete the record “${title}” (${modelName}) from environment main?`);
    assert.match(seen[0]!.detail, /(\d+ records link|1 record links) to it: “.+”/);
    assert.deepEqual(await writes(), [], 'declined: nothing sent');
    assert.ok(tabOpen(uri));

    await vscode.commands.executeCommand('datocms.deleteRecord', node);
    assert.equal(seen.length, 2);
    assert.deepEqual(
      (await deletes()).map((r) => r.path),
      [`/items/${categoryId}`],
    );
    await waitFor(() => !tabOpen(uri), 10_000, 'the clean editor of the deleted record to close');
  });

  it('an edited editor of a deleted record keeps its text and its save is refused, never sent', async function () {
    this.timeout(90_000);
    const dishes = (await cma('GET', '/items?filter%5Btype%5D=dish&page%5Blimit%5D=5')).data as any[];
    const dish = dishes[0];
    const uri = recordUri(dish.id, 'main', 'dish');
    const editor = await openEditor(uri);
    await editJson(editor.document, (json) => {
      json.price = 4242;
    });
    assert.ok(tabIsDirty(uri));

    await clearRequests();
    const seen = await scriptConfirm(['Delete']);
    await vscode.commands.executeCommand('datocms.deleteRecord', uri);
    assert.match(seen[0]!.message, /^Delete the record “.+” \(Menu dish\) from environment main\?$/);
    assert.equal((await deletes()).length, 1);
    await sleep(500);
    assert.ok(tabOpen(uri), 'the edited editor stays open');

    await clearRequests();
    await dismissToasts();
    await vscode.window.showTextDocument(editor.document, { preview: false });
    await pressSave(editor);
    const shown = await settledToasts(1);
    assert.ok(
      shown.some((t) => /was deleted in DatoCMS; your text is kept/.test(t.message)),
      JSON.stringify(shown),
    );
    assert.deepEqual(await writes(), [], 'nothing was written back');
    assert.ok(tabIsDirty(uri));
    assert.match(editor.document.getText(), /"price": 4242/);
  });

  it('Duplicate Record opens the copy', async function () {
    this.timeout(60_000);
    const dishes = (await cma('GET', '/items?filter%5Btype%5D=dish&page%5Blimit%5D=5')).data as any[];
    const original = dishes[1];
    const node = await recordNode('dish', original.id);
    await clearRequests();
    await vscode.commands.executeCommand('datocms.duplicateRecord', node);
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [`POST /items/${original.id}/duplicate`],
    );
    await waitFor(() => /\/records\/dish\//.test(vscode.window.activeTextEditor?.document.uri.path ?? ''), 15_000, 'the copy to open');
    const opened = vscode.window.activeTextEditor!.document;
    const copy = JSON.parse(opened.getText());
    assert.notEqual(copy.$readonly.id, original.id);
    assert.equal((await cma('GET', `/items/${copy.$readonly.id}`)).data.id, copy.$readonly.id);
  });

  it('Move Field Down on a field sends one PUT with the new position', async function () {
    this.timeout(60_000);
    const { model } = await extensionApi();
    const dish = await modelNode('dish');
    const fieldsNode = (await model.children(dish)).find((n) => n.kind === 'fields') as FieldsNode;
    await model.refresh(fieldsNode);
    const children: TreeNode[] = await model.children(fieldsNode);
    const fields = children.filter((n): n is FieldNode => n.kind === 'field');
    const [first, second] = fields;
    assert.ok(first && second);
    await clearRequests();
    await vscode.commands.executeCommand('datocms.moveFieldDown', first);
    const sent = await writes();
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      [`PUT /fields/${first.field.id}`],
    );
    assert.deepEqual(sent[0]!.body.data.attributes, { position: second.field.attributes['position'] });
    const after = (await cma('GET', `/item-types/${dish.itemType.id}/fields`)).data as any[];
    const order = after.sort((a, b) => a.attributes.position - b.attributes.position).map((f) => f.id);
    assert.ok(order.indexOf(first.field.id) > order.indexOf(second.field.id));
  });
});
