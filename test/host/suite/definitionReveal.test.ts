// Go to Definition (F12's command) on a record's id in a DatoCMS document opens the record and, with the DatoCMS
// view showing, selects it in the tree: its model's records expanded, a page or two loaded to reach it and no
// more; a record further on leaves its Records item selected and says so, offering Reveal in Tree.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseDocumentUri } from '../../../src/platform/uris';
import type { TreeNode } from '../../../src/tree';
import { clearRequests, clickButton, cma, dismissToasts, ensureSignedIn, extensionApi, requests, settledToasts, waitFor } from './helpers';
import { openEditor, recordIdOf, recordUri } from './editing';

/** Puts the cursor on `id` (a string of the editor's text) and runs Go to Definition, as F12 does. */
async function goToDefinition(editor: vscode.TextEditor, id: string): Promise<void> {
  const at = editor.document.positionAt(editor.document.getText().indexOf(`"${id}"`) + 2);
  await vscode.window.showTextDocument(editor.document, { preview: false, preserveFocus: false });
  editor.selection = new vscode.Selection(at, at);
  await vscode.commands.executeCommand('editor.action.revealDefinition');
  await waitFor(() => activeRecordId() === id, 20_000, `record ${id} to open`);
}

/** The record id the active editor shows, if it shows a record. */
const activeRecordId = () => {
  const ref = vscode.window.activeTextEditor && parseDocumentUri(vscode.window.activeTextEditor.document.uri);
  return ref?.kind === 'record' ? ref.id : undefined;
};
const selected = async (): Promise<TreeNode | undefined> => (await extensionApi()).treeView.selection[0];
/** The listings of a model's records since the last clear (the tree's pages), by offset. */
const pagesOf = async (modelId: string) =>
  (await requests())
    .filter((r) => r.method === 'GET' && r.path === '/items' && (r.query as any).filter?.type === modelId)
    .map((r) => Number((r.query as any).page?.offset ?? 0));

describe('Go to Definition reveals the record in the tree', () => {
  before(async () => {
    await ensureSignedIn();
    await vscode.commands.executeCommand('workbench.view.extension.datocms');
    await waitFor(async () => (await extensionApi()).treeView.visible, 10_000, 'the DatoCMS view');
  });
  afterEach(async () => {
    await dismissToasts();
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('datocms').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  it("opens an article's author and selects it under Author › Records, loading one page of authors", async () => {
    const page = await cma('GET', '/items?filter%5Btype%5D=article&version=current&page%5Blimit%5D=50');
    const article = page.data.find((r: any) => typeof r.attributes.author === 'string');
    const authorId = article.attributes.author as string;
    const editor = await openEditor(recordUri(article.id));
    await (await extensionApi()).model.refresh();
    await clearRequests();
    await goToDefinition(editor, authorId);
    await waitFor(async () => (await selected())?.kind === 'record', 20_000, 'a record selected in the tree');
    const node = (await selected()) as Extract<TreeNode, { kind: 'record' }>;
    assert.equal(node.record.id, authorId);
    assert.equal(node.model.itemType.attributes['api_key'], 'author');
    assert.equal(activeRecordId(), authorId, 'the author stays the active editor');
    assert.deepEqual(await pagesOf(node.model.itemType.id), [0], 'one page of authors');
  });

  it('a record beyond the budget leaves its Records item selected, says so, and Reveal in Tree pages on to it', async () => {
    await vscode.workspace.getConfiguration('datocms').update('pageSize', 5, vscode.ConfigurationTarget.Global);
    // the home page names an article that is 40th in the tree's order: beyond three pages of five
    const farId = await recordIdOf('article', 40);
    const home = (await cma('GET', '/items?filter%5Btype%5D=home_page&version=current')).data[0];
    const editor = await openEditor(recordUri(home.id, 'main', 'home_page'));
    const firstFeatured = home.attributes.featured_articles[0] as string;
    const text = editor.document.getText();
    const at = text.indexOf(`"${firstFeatured}"`);
    await editor.edit((edit) =>
      edit.replace(
        new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + firstFeatured.length + 2)),
        `"${farId}"`,
      ),
    );
    await (await extensionApi()).model.refresh();
    await clearRequests();
    await goToDefinition(editor, farId);
    const [toast] = await settledToasts();
    assert.match(toast!.message, /is not on the loaded pages of its model's records/);
    assert.deepEqual(toast!.buttons, ['Reveal in Tree']);
    const records = await selected();
    assert.equal(records?.kind, 'records', "the article model's Records item stands in");
    const articleModel = (records as Extract<TreeNode, { kind: 'records' }>).model.itemType.id;
    assert.deepEqual(await pagesOf(articleModel), [0, 5, 10], 'three pages of five, no more');

    await clickButton('Reveal in Tree');
    await waitFor(async () => (await selected())?.kind === 'record', 30_000, 'the record selected');
    assert.equal(((await selected()) as Extract<TreeNode, { kind: 'record' }>).record.id, farId);
  });
});
