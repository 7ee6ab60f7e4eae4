// New fields, fieldsets, block models and webhooks from the tree, in a sandbox environment (no guard there): the draft
// opens, the first Ctrl+S creates with exactly one POST, the created document replaces the draft and the tree
// lists it. A new model in the primary environment asks the guard first: declined, nothing at all is sent.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import type { FieldsetNode, FieldsNode, SectionNode, TreeNode } from '../../../src/tree';
import {
  answerConfirmations,
  clearRequests,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  restoreConfirmations,
  runWithInputs,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import { editJson, pressSave, saveDeclined } from './editing';
import { modelNode as modelNodeOf } from './treeKit';

const modelNode = (apiKey: string) => modelNodeOf(apiKey, true);

async function sectionNode(kind: 'models' | 'blockModels' | 'webhooks'): Promise<SectionNode> {
  const { model } = await extensionApi();
  return (await model.children(model.roots()[0]!)).find((n) => n.kind === kind) as SectionNode;
}

/** Whether the tree's section lists a node `matches` accepts (read afresh). */
async function listed(kind: 'models' | 'blockModels' | 'webhooks', matches: (node: TreeNode) => boolean): Promise<boolean> {
  const { model } = await extensionApi();
  return (await model.children(await sectionNode(kind))).some(matches);
}

const activePath = () => vscode.window.activeTextEditor?.document.uri.path ?? '';
const tabOpen = (uri: vscode.Uri) =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());

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
    const isDraft = () => /\/fields\/new~[^/]+~string\/New string field · category\.json$/.test(activePath());
    await waitFor(isDraft, 15_000, 'the new field draft');
    const draft = vscode.window.activeTextEditor!;
    const draftUri = draft.document.uri;
    const template = JSON.parse(draft.document.getText());
    assert.equal(template.field_type, 'string');
    assert.equal(template.appearance.editor, 'single_line');
    assert.deepEqual(await writes(), [], 'opening a draft sends nothing');

    await editJson(draft.document, (doc) => {
      doc.label = 'Host field';
      doc.api_key = apiKey;
    });
    await pressSave(draft);
    await waitFor(
      () =>
        !vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === draftUri.toString()),
      30_000,
      'the draft tab to give way',
    );
    const posts = (await writes()).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1, describeRequests(await writes()));
    assert.match(posts[0]!.path, /^\/item-types\/[^/]+\/fields$/);
    assert.equal(posts[0]!.environment, 'sandbox');
    const editor = vscode.window.activeTextEditor!;
    assert.ok(
      editor.document.uri.path.endsWith(`/sandbox/models/category/fields/${apiKey}/Host field · category`),
      editor.document.uri.path,
    );
    assert.equal(JSON.parse(editor.document.getText()).label, 'Host field');
    const { model } = await extensionApi();
    await waitFor(
      async () => {
        const fields = (await model.children(await modelNode('category'))).find((n): n is FieldsNode => n.kind === 'fields')!;
        return (await model.children(fields)).some((n) => n.kind === 'field' && n.field.attributes['api_key'] === apiKey);
      },
      15_000,
      'the tree to list the new field',
    );

    // renamed (its label and api_key): the one tab follows, under the new name, as the tree names it
    const renamedKey = `${apiKey}_x`;
    await editJson(editor.document, (doc) => {
      doc.label = 'Host field renamed';
      doc.api_key = renamedKey;
    });
    await pressSave(editor);
    const fieldTabs = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.includes('/sandbox/models/category/fields/'));
    const renamedPath = `/sandbox/models/category/fields/${renamedKey}/Host field renamed · category`;
    await waitFor(
      () => fieldTabs().length === 1 && (fieldTabs()[0]!.input as vscode.TabInputText).uri.path.endsWith(renamedPath),
      30_000,
      'the tab to follow the rename',
    );
    assert.match(fieldTabs()[0]!.label, /^Host field renamed/);
    assert.equal(JSON.parse(vscode.window.activeTextEditor!.document.getText()).api_key, renamedKey);
    const puts = (await writes()).filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 1, describeRequests(await writes()));
  });

  it('New Fieldset on a model in a sandbox: Ctrl+S → one POST …/fieldsets; the fieldset opens from the tree and a hint edit sends one PUT with only the hint', async function () {
    this.timeout(90_000);
    await switchTo('sandbox');
    const title = `Host fieldset ${Date.now().toString(36)}`;
    await clearRequests();
    await vscode.commands.executeCommand('datocms.newFieldset', await modelNode('category'));
    await waitFor(
      () => /\/sandbox\/models\/category\/fieldsets\/new~[^/]+\/New fieldset · category\.json$/.test(activePath()),
      15_000,
      'the new fieldset draft',
    );
    const draft = vscode.window.activeTextEditor!;
    const draftUri = draft.document.uri;
    await editJson(draft.document, (doc) => {
      doc.title = title;
      doc.collapsible = true;
    });
    await pressSave(draft);
    await waitFor(() => !tabOpen(draftUri), 30_000, 'the draft tab to give way');
    const posts = await writes();
    assert.equal(posts.length, 1, describeRequests(posts));
    assert.match(`${posts[0]!.method} ${posts[0]!.path} ${posts[0]!.environment}`, /^POST \/item-types\/[^/]+\/fieldsets sandbox$/);
    assert.deepEqual(posts[0]!.body.data.attributes, { title, hint: null, collapsible: true, start_collapsed: false });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const { model } = await extensionApi();
    let node: FieldsetNode | undefined;
    await waitFor(
      async () => {
        const fields = (await model.children(await modelNode('category'))).find((n): n is FieldsNode => n.kind === 'fields')!;
        node = (await model.children(fields)).find((n): n is FieldsetNode => n.kind === 'fieldset' && n.label === title);
        return node !== undefined;
      },
      15_000,
      'the tree to list the new fieldset',
    );
    const item = (await extensionApi()).provider.getTreeItem(node!);
    assert.ok(item.command, 'clicking the fieldset opens it');
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    await waitFor(
      // named as in the tree, like every document opened from it
      () => activePath().endsWith(`/sandbox/models/category/fieldsets/${node!.fieldset.id}/${title} · category`),
      15_000,
      'the fieldset document',
    );
    const editor = vscode.window.activeTextEditor!;
    assert.equal(JSON.parse(editor.document.getText()).title, title);
    await clearRequests();
    await editJson(editor.document, (doc) => {
      doc.hint = 'Grouped by the host test';
    });
    await pressSave(editor);
    await waitFor(async () => (await writes()).length > 0 && !tabIsDirty(editor.document.uri), 30_000, 'the save');
    const puts = await writes();
    assert.deepEqual(
      puts.map((r) => `${r.method} ${r.path}`),
      [`PUT /fieldsets/${node!.fieldset.id}`],
      describeRequests(puts),
    );
    assert.deepEqual(puts[0]!.body.data.attributes, { hint: 'Grouped by the host test' });
  });

  it('New Block Model on the Block models section in a sandbox: Ctrl+S → one POST /item-types, the block model opens, the tree lists it', async function () {
    this.timeout(90_000);
    await switchTo('sandbox');
    const apiKey = `host_block_${Date.now().toString(36)}`;
    await clearRequests();
    await vscode.commands.executeCommand('datocms.newBlockModel', await sectionNode('blockModels'));
    await waitFor(
      () => /\/sandbox\/models\/new~[^/]+~block\/New block model\.json$/.test(activePath()),
      15_000,
      'the new block model draft',
    );
    const draft = vscode.window.activeTextEditor!;
    const draftUri = draft.document.uri;
    assert.equal(JSON.parse(draft.document.getText()).modular_block, true);
    assert.deepEqual(await writes(), [], 'opening a draft sends nothing');

    await editJson(draft.document, (doc) => {
      doc.name = 'Host block';
      doc.api_key = apiKey;
    });
    await pressSave(draft);
    await waitFor(() => !tabOpen(draftUri), 30_000, 'the draft tab to give way');
    const posts = await writes();
    assert.deepEqual(
      posts.map((r) => `${r.method} ${r.path} ${r.environment}`),
      ['POST /item-types sandbox'],
      describeRequests(posts),
    );
    assert.deepEqual(posts[0]!.body.data.attributes.modular_block, true);
    assert.ok(activePath().endsWith(`/sandbox/models/${apiKey}/Host block · ${apiKey}`), activePath());
    await waitFor(
      () => listed('blockModels', (n) => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey),
      15_000,
      'the tree to list the block model',
    );
  });

  it('New Webhook in a sandbox: saved without a URL it is refused where the URL goes (nothing sent); with one, one POST /webhooks', async function () {
    this.timeout(90_000);
    await switchTo('sandbox');
    await clearRequests();
    await vscode.commands.executeCommand('datocms.newWebhook', await sectionNode('webhooks'));
    await waitFor(() => /\/sandbox\/webhooks\/new~[^/]+\/New webhook\.json$/.test(activePath()), 15_000, 'the new webhook draft');
    const draft = vscode.window.activeTextEditor!;
    const draftUri = draft.document.uri;
    await editJson(draft.document, (doc) => {
      doc.name = 'Host rebuild';
    });
    await pressSave(draft);
    await waitFor(
      () => vscode.languages.getDiagnostics(draftUri).some((d) => /URL/.test(d.message)),
      // a loaded machine takes its time to check the draft (loaded runs of the whole suite)
      60_000,
      'the URL problem in the editor',
    );
    assert.deepEqual(await writes(), [], 'a refused draft sends nothing');
    assert.ok(tabIsDirty(draftUri), 'the draft keeps its edit');

    const url = `https://ci.example.com/hooks/${Date.now().toString(36)}`;
    await editJson(draft.document, (doc) => {
      doc.url = url;
    });
    await pressSave(draft);
    await waitFor(() => !tabOpen(draftUri), 30_000, 'the draft tab to give way');
    const posts = await writes();
    assert.deepEqual(
      posts.map((r) => `${r.method} ${r.path} ${r.environment}`),
      ['POST /webhooks sandbox'],
      describeRequests(posts),
    );
    assert.match(activePath(), /\/sandbox\/webhooks\/[^/~]+\/Host rebuild · webhook$/);
    assert.equal(JSON.parse(vscode.window.activeTextEditor!.document.getText()).url, url);
    await waitFor(
      () => listed('webhooks', (n) => n.kind === 'webhook' && n.webhook.attributes['url'] === url),
      15_000,
      'the tree to list the webhook',
    );
  });

  it('New Model in the primary asks the guard naming the model: declined writes nothing and keeps the draft; accepted, one POST', async function () {
    this.timeout(90_000);
    await switchTo('main');
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('datocms.resetSchemaGuard');
    try {
      await vscode.commands.executeCommand('datocms.newModel', await sectionNode('models'));
      await waitFor(() => /\/main\/models\/new~[^/]+~model\/New model\.json$/.test(activePath()), 15_000, 'the new model draft');
      const draft = vscode.window.activeTextEditor!;
      const apiKey = `host_model_${Date.now().toString(36)}`;
      await editJson(draft.document, (doc) => {
        doc.name = 'Host model';
        doc.api_key = apiKey;
      });
      const asked = await saveDeclined(draft);
      assert.equal(asked[0]!.message, `Create the model "Host model" (${apiKey}) in the primary environment "main" of Emulated Bistro?`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(
        (await requests()).map((r) => `${r.method} ${r.path}`),
        ['GET /environments'],
        'the guard read which environment is primary; declined, nothing else is sent',
      );
      assert.ok(tabIsDirty(draft.document.uri), 'the draft keeps its edit');

      const accepted = await answerConfirmations('Change Schema');
      await pressSave(draft);
      await waitFor(
        () => accepted.length === 1 && activePath().endsWith(`/main/models/${apiKey}/Host model · ${apiKey}`),
        30_000,
        'the created model to open',
      );
      const posts = await writes();
      assert.deepEqual(
        posts.map((r) => `${r.method} ${r.path} ${r.environment}`),
        ['POST /item-types main'],
        describeRequests(posts),
      );
    } finally {
      await restoreConfirmations();
      await stopAskingSchemaChanges(registry.store.state, 'emulated-bistro');
    }
  });
});
