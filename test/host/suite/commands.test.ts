import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { VscodeUi } from '../../../src/platform/vscodeUi';
import type { ModelNode, SectionNode } from '../../../src/tree';
import {
  clearRequests,
  cma,
  config,
  ensureSignedIn,
  extensionApi,
  requests,
  runWithInputs,
  statusBar,
  typeIntoQuickInput,
  waitFor,
} from './helpers';

const projectItemText = async () => (await statusBar()).find((item) => item.text.includes('Emulated Bistro'))?.text ?? '';

async function articleModel(): Promise<ModelNode> {
  const { model } = await extensionApi();
  const [project] = model.roots();
  const models = (await model.children(project)).find((n) => n.kind === 'models') as SectionNode;
  return (await model.children(models)).find((n) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article') as ModelNode;
}

describe('everyday commands', () => {
  before(ensureSignedIn);

  it('switches environment from the project node and back; requests carry X-Environment', async () => {
    const { model, registry } = await extensionApi();
    await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: 'sandbox', title: 'Switch DatoCMS environment' }]);
    try {
      assert.equal(registry.environmentOf('emulated-bistro'), 'sandbox');
      await waitFor(() => model.roots()[0]?.environment === 'sandbox', 5_000, 'the project node to show the sandbox');
      // Refresh All drops what earlier tests may have loaded, so the sandbox's schema is read now (by the view
      // itself, or by the children asked for below, whichever comes first).
      await clearRequests();
      await vscode.commands.executeCommand('datocms.refresh');
      const [project] = model.roots();
      const models = (await model.children(project)).find((n) => n.kind === 'models')!;
      assert.ok((await model.children(models)).length >= 6);
      // how the tree reads a schema: the site with its models and fields, in one request (documents of main still
      // open may read their own resources meanwhile)
      const schemaRequests = (await requests()).filter((r) => r.path === '/site');
      assert.ok(schemaRequests.length >= 1, 'the tree read the sandbox schema');
      assert.deepEqual(
        schemaRequests.filter((r) => (r as { environment?: string }).environment !== 'sandbox').map((r) => `${r.method} ${r.path}`),
        [],
      );
    } finally {
      await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: 'main', title: 'Switch DatoCMS environment' }]);
    }
    assert.equal(registry.environmentOf('emulated-bistro'), 'main');
  });

  it("the status bar shows a switch at once, and names a focused document's other environment beside it", async () => {
    const { model } = await extensionApi();
    const article = await articleModel();
    const records = (await model.children(article)).find((n) => n.kind === 'records')!;
    const first = (await model.children(records)).find((n) => n.kind === 'record')!;
    if (first.kind !== 'record') throw new Error('no record');
    await vscode.window.showTextDocument(documentUri(first.ref), { preview: false });
    const seen = async (pattern: RegExp, what: string) =>
      waitFor(async () => pattern.test(await projectItemText()), 10_000, what).catch(async (error: Error) => {
        throw new Error(`${error.message}; the status bar shows "${await projectItemText()}"`);
      });
    await seen(/Emulated Bistro · main \(primary\)$/, 'main, the only environment in sight');
    await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: 'sandbox', title: 'Switch DatoCMS environment' }]);
    try {
      await seen(/Emulated Bistro · sandbox \(sandbox\) · editor: main \(primary\)$/, "the tree's sandbox, and the editor's main");
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await seen(/Emulated Bistro · sandbox \(sandbox\)$/, 'the sandbox alone once no main document is focused');
    } finally {
      await runWithInputs('datocms.switchEnvironment', [model.roots()[0]], [{ text: 'main', title: 'Switch DatoCMS environment' }]);
    }
    await seen(/Emulated Bistro · main \(primary\)$/, 'main again');
  });

  it('reveals an open record in the tree', async () => {
    const { treeView, model } = await extensionApi();
    const article = await articleModel();
    const records = (await model.children(article)).find((n) => n.kind === 'records')!;
    const first = (await model.children(records)).find((n) => n.kind === 'record')!;
    if (first.kind !== 'record') throw new Error('no record');
    const uri = documentUri({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'record',
      modelApiKey: 'article',
      id: first.record.id,
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await vscode.commands.executeCommand('datocms.revealInTree', uri);
    await waitFor(() => treeView.selection[0]?.id === first.id, 5_000, 'the record to be selected in the tree');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('exports every record of a model to a JSON file, page by page', async () => {
    const target = join(config().workspace, 'article-export.json');
    const article = await articleModel();
    await clearRequests();
    const exported = vscode.commands.executeCommand('datocms.exportRecords', article);
    await typeIntoQuickInput(target, 'Export records of Article');
    await waitFor(() => existsSync(target) && readFileSync(target, 'utf8').trimEnd().endsWith(']'), 30_000, 'the export file').catch(
      (error: Error) => {
        throw new Error(`${error.message}; the workspace holds: ${readdirSync(config().workspace).join(', ') || 'nothing'}`);
      },
    );
    await vscode.commands.executeCommand('notifications.clearAll');
    await exported;
    const records = JSON.parse(readFileSync(target, 'utf8')) as { id: string }[];
    const total = (await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=1')).meta.total_count;
    assert.equal(records.length, total);
    assert.equal(new Set(records.map((r) => r.id)).size, total);
    const pages = (await requests()).filter((r) => r.path === '/items');
    // pages of 100 that overlap the one before by 5, and a final read that confirms nothing changed
    assert.ok(
      pages.length >= Math.ceil(total / 100) && pages.length <= Math.ceil(total / 95) + 2,
      `pages: ${pages.length} for ${total} records`,
    );
    // what the message's Open File runs: the file the export wrote, in an editor
    await new VscodeUi().openFile(target);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === target, 10_000, 'the export open in an editor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
