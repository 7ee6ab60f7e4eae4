// What the real workbench says about the schema before anything is sent: an api_key already taken is a problem where
// it is typed and its save sends nothing; a Delete names what it deletes and does nothing on anything else; settings
// are titled as the product spells itself; a record's dates read in the project's time zone.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordNode } from '../../../src/tree';
import { documentUri } from '../../../src/platform/uris';
import {
  answerConfirmations,
  clearRequests,
  cma,
  dismissToasts,
  EXTENSION_ID,
  extensionApi,
  restoreConfirmations,
  seeOnScreen,
  settledToasts,
  tabIsDirty,
  textsOnScreen,
  waitFor,
  writes,
} from './helpers';
import { MAIN, openEditor, pressSave, replaceIn } from './editing';
import { modelNode, recordsOf } from './treeKit';

describe('schema checks', () => {
  afterEach(async () => {
    await restoreConfirmations();
    await dismissToasts();
    await vscode.commands.executeCommand('workbench.action.files.revert').then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("a field's api_key set to a sibling's is a problem as it is typed, and Ctrl+S sends nothing", async function () {
    this.timeout(60_000);
    const uri = documentUri({ ...MAIN, kind: 'field', modelApiKey: 'article', apiKey: 'slug' });
    const editor = await openEditor(uri);
    await replaceIn(editor.document, '"api_key": "slug"', '"api_key": "title"');
    await waitFor(
      () =>
        vscode.languages.getDiagnostics(uri).some((d) => /api_key: "title" is already the api_key of the field "Title"/.test(d.message)),
      15_000,
      'the problem under api_key',
    );
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    const shown = await settledToasts(1, 2000);
    assert.match(shown[0]!.message, /^Not sent to DatoCMS: api_key/);
    assert.deepEqual(await writes(), []);
    assert.equal(tabIsDirty(uri), true);
  });

  it('Delete Field… run on a model deletes nothing and says what it deletes; no question is asked', async function () {
    this.timeout(30_000);
    const asked = await answerConfirmations('Delete');
    await clearRequests();
    await vscode.commands.executeCommand('datocms.deleteField', await modelNode('category'));
    const [toast] = await settledToasts(1, 1000);
    assert.match(toast!.message, /^Delete Field… deletes a field: run it on a field in the DatoCMS view/);
    assert.deepEqual(asked, []);
    assert.deepEqual(await writes(), []);
  });

  it('the settings are grouped under titles spelled as the product: DatoCMS, and DatoCMS: GraphQL and Content Delivery API', async function () {
    this.timeout(30_000);
    // the settings editor hides its table of contents when narrower than 1000 px: give it the window
    await vscode.commands.executeCommand('workbench.action.joinAllGroups');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    try {
      await seeSettingsGroups();
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.commands.executeCommand('workbench.view.extension.datocms');
    }
  });

  it("a record's scheduled publication reads in the project's time zone, and its hover gives the exact time with the zone", async function () {
    this.timeout(30_000);
    const { model, provider } = await extensionApi();
    const records = await recordsOf('article');
    const draft = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record' && n.record.meta['status'] === 'draft');
    assert.ok(draft, 'a draft article');
    const id = draft.record.id;
    const at = { data: { type: 'scheduled_publication', attributes: { publication_scheduled_at: '2031-01-31T08:00:00Z' } } };
    await cma('POST', `/items/${id}/scheduled-publication`, at);
    try {
      await model.refresh(records);
      const node = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record' && n.record.id === id)!;
      // Europe/Rome, the emulated site's zone, is an hour ahead of UTC in January
      assert.match(String(provider.getTreeItem(node).description), /publishes Jan 31, 2031, 9:00 AM$/);
      const item = await provider.resolveTreeItem(provider.getTreeItem(node), node);
      assert.match((item.tooltip as vscode.MarkdownString).value, /\(Europe\/Rome\)/);
    } finally {
      await cma('DELETE', `/items/${id}/scheduled-publication`);
      await model.refresh(records);
    }
  });
});

async function seeSettingsGroups(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', `@ext:${EXTENSION_ID}`);
  await seeOnScreen('Page Size');
  await waitFor(
    async () =>
      (await textsOnScreen('.settings-toc-container .monaco-list-row')).some((row) =>
        row.startsWith('DatoCMS: GraphQL and Content Delivery API'),
      ),
    15_000,
    'the GraphQL group in the table of contents',
  );
  const groups = await textsOnScreen('.settings-toc-container .monaco-list-row');
  assert.ok(
    groups.some((row) => /^DatoCMS\b(?!:)/.test(row)),
    groups.join(' | '),
  );
  assert.deepEqual(
    groups.filter((row) => /Datocms|Graphql/.test(row)),
    [],
  );
}
