// New fields from the tree, in a sandbox environment (no guard there): the type picked, the draft opens
// valid, the first Ctrl+S creates the field with exactly one POST …/fields, the field's document replaces
// the draft and the tree's Fields list it.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FieldsNode, ModelNode, SectionNode } from '../../../src/tree/model';
import { clearRequests, describeRequests, dismissToasts, ensureSignedIn, extensionApi, runWithInputs, waitFor, writes } from './helpers';
import { editJson, pressSave } from './editing';

async function modelNode(apiKey: string): Promise<ModelNode> {
  const { model } = await extensionApi();
  const [project] = model.roots();
  const models = (await model.children(project!)).find((n) => n.kind === 'models') as SectionNode;
  await model.refresh(models);
  return (await model.children(models)).find((n) => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey) as ModelNode;
}

const switchTo = async (environment: string) => {
  const { model } = await extensionApi();
  await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: environment, title: 'Switch DatoCMS environment' }]);
  await waitFor(() => model.roots()[0]?.environment === environment, 15_000, `the tree to show ${environment}`);
};

describe('creating schema from the tree', () => {
  before(ensureSignedIn);
  after(async function () {
    this.timeout(30_000);
    await dismissToasts();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await switchTo('main');
  });

  it('New Field (Single-line string) on a model in a sandbox: edit label/api_key, Ctrl+S → one POST …/fields, the field opens, the tree lists it', async function () {
    this.timeout(90_000);
    await switchTo('sandbox');
    const node = await modelNode('category');
    const apiKey = `host_field_${Date.now().toString(36)}`;
    await clearRequests();
    await runWithInputs('datocms.newField', [node], [{ text: 'Single-line string' }]);
    const isDraft = () => vscode.window.activeTextEditor?.document.uri.path.includes('/fields/new~') === true;
    await waitFor(isDraft, 15_000, 'the new field draft');
    const draft = vscode.window.activeTextEditor!;
    const draftUri = draft.document.uri;
    const template = JSON.parse(draft.document.getText());
    assert.equal(template.field_type, 'string');
    assert.equal(template.appearance.editor, 'single_line');
    assert.deepEqual(await writes(), [], 'opening a draft sends nothing');

    await editJson(draft.document, (doc) => { doc.label = 'Host field'; doc.api_key = apiKey; });
    await pressSave(draft);
    await waitFor(() => !vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === draftUri.toString()), 30_000, 'the draft tab to give way');
    const posts = (await writes()).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1, describeRequests(await writes()));
    assert.match(posts[0]!.path, /^\/item-types\/[^/]+\/fields$/);
    assert.equal(posts[0]!.environment, 'sandbox');
    const editor = vscode.window.activeTextEditor!;
    assert.ok(editor.document.uri.path.endsWith(`/sandbox/models/category/fields/${apiKey}.json`), editor.document.uri.path);
    assert.equal(JSON.parse(editor.document.getText()).label, 'Host field');
    const { model } = await extensionApi();
    await waitFor(async () => {
      const fields = (await model.children(await modelNode('category'))).find((n): n is FieldsNode => n.kind === 'fields')!;
      return (await model.children(fields)).some((n) => n.kind === 'field' && n.field.attributes['api_key'] === apiKey);
    }, 15_000, 'the tree to list the new field');
  });
});
