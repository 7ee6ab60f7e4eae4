// The extension's surface in the real workbench: palette commands, dashboard addresses, the
// walkthrough, and what the tree shows about a query (its description, its hover, kept expansion).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri, parseDocumentUri } from '../../../src/platform/uris';
import type { FieldNode, ModelNode, RecordNode, RecordsNode, SectionNode, TreeNode } from '../../../src/tree';
import {
  clearRequests,
  ensureSignedIn,
  extensionApi,
  pressKeys,
  requests,
  runWithInputs,
  screenshot,
  seeOnScreen,
  waitFor,
} from './helpers';

const PROJECT = 'emulated-bistro';
const DASHBOARD = 'https://emulated-bistro.admin.datocms.com';

async function article(): Promise<{ model: ModelNode; records: RecordsNode }> {
  const api = await extensionApi();
  const [project] = api.model.roots();
  const models = (await api.model.children(project)).find((n) => n.kind === 'models') as SectionNode;
  const model = (await api.model.children(models)).find(
    (n) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article',
  ) as ModelNode;
  const records = (await api.model.children(model)).find((n) => n.kind === 'records') as RecordsNode;
  return { model, records };
}

/** Waits until the active editor shows the document of `uri` (a record's tab may carry its title in the path). */
async function activeDocument(uri: vscode.Uri): Promise<void> {
  const wanted = parseDocumentUri(uri);
  const same = (other: vscode.Uri | undefined) => {
    const ref = other && parseDocumentUri(other);
    if (!ref || !wanted) return other?.toString() === uri.toString();
    const { title: _a, ...a } = ref as typeof ref & { title?: string };
    const { title: _b, ...b } = wanted as typeof wanted & { title?: string };
    return JSON.stringify(a) === JSON.stringify(b);
  };
  await waitFor(() => same(vscode.window.activeTextEditor?.document.uri), 15_000, `${uri.toString()} to open`);
}

describe('surface', () => {
  before(ensureSignedIn);

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Open from DatoCMS URL opens the record, field or model a pasted dashboard address names, reading only', async () => {
    const { model: articleNode, records } = await article();
    const { model } = await extensionApi();
    const record = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record')!;
    await clearRequests();
    await runWithInputs(
      'datocms.openFromUrl',
      [],
      [
        {
          text: `${DASHBOARD}/editor/item_types/${articleNode.itemType.id}/items/${record.record.id}/edit`,
          title: 'Open from DatoCMS URL',
        },
      ],
    );
    await activeDocument(
      documentUri({ project: PROJECT, environment: 'main', kind: 'record', modelApiKey: 'article', id: record.record.id }),
    );
    assert.match(vscode.window.activeTextEditor!.document.getText(), /"\$readonly"/);

    const fields = (await model.children(articleNode)).find((n) => n.kind === 'fields')!;
    const data = await model.dataOf(fields);
    const title = (await data.fields(articleNode.itemType.id)).find((f) => f.attributes['api_key'] === 'title')!;
    await vscode.commands.executeCommand(
      'datocms.openFromUrl',
      `${DASHBOARD}/schema/item_types/${articleNode.itemType.id}/fields/${title.id}/edit`,
    );
    await activeDocument(documentUri({ project: PROJECT, environment: 'main', kind: 'field', modelApiKey: 'article', apiKey: 'title' }));
    await vscode.commands.executeCommand(
      'datocms.openFromUrl',
      `${DASHBOARD}/environments/sandbox/schema/item_types/${articleNode.itemType.id}`,
    );
    await activeDocument(documentUri({ project: PROJECT, environment: 'sandbox', kind: 'model', apiKey: 'article' }));
    assert.ok(
      (await requests()).every((r) => r.method === 'GET'),
      'opening a link only reads',
    );
  });

  it("a record's, field's and model's tab is named the same from a dashboard address, a vscode:// link and the tree", async () => {
    const { model: articleNode, records } = await article();
    const { model, provider, uriHandler } = await extensionApi();
    const record = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record')!;
    const fieldsNode = (await model.children(articleNode)).find((n) => n.kind === 'fields')!;
    const fieldNodes = async (parent: TreeNode): Promise<FieldNode[]> =>
      (
        await Promise.all(
          (await model.children(parent)).map((n) =>
            n.kind === 'fieldset' ? fieldNodes(n) : Promise.resolve(n.kind === 'field' ? [n] : []),
          ),
        )
      ).flat();
    const title = (await fieldNodes(fieldsNode)).find((n) => n.field.attributes['api_key'] === 'title')!;
    const activeTab = () => vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    const opensAs = async (open: () => unknown, label: string, how: string) => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await open();
      await waitFor(() => activeTab() === label, 15_000, `the tab "${label}" (${how})`).catch((error: Error) => {
        throw new Error(`${error.message}; the tab reads "${activeTab()}"`);
      });
    };
    const fromTree = (node: TreeNode) => () => {
      const command = provider.getTreeItem(node).command!;
      return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    };
    const recordTab = `${record.label} · article`;
    await opensAs(fromTree(record), recordTab, 'the record from the tree');
    await opensAs(
      () =>
        vscode.commands.executeCommand(
          'datocms.openFromUrl',
          `${DASHBOARD}/editor/item_types/${articleNode.itemType.id}/items/${record.record.id}/edit`,
        ),
      recordTab,
      'the record from its dashboard address',
    );
    await opensAs(
      () =>
        uriHandler.handleUri(
          vscode.Uri.parse(`vscode://datocms-explorer.datocms-explorer/open?project=${PROJECT}&model=article&record=${record.record.id}`),
        ),
      recordTab,
      'the record from a vscode:// link',
    );
    const fieldTab = `${title.label} · article`;
    await opensAs(fromTree(title), fieldTab, 'the field from the tree');
    await opensAs(
      () =>
        vscode.commands.executeCommand(
          'datocms.openFromUrl',
          `${DASHBOARD}/schema/item_types/${articleNode.itemType.id}/fields/${title.field.id}/edit`,
        ),
      fieldTab,
      'the field from its dashboard address',
    );
    const modelTab = `${articleNode.label} · article`;
    await opensAs(fromTree(articleNode), modelTab, 'the model from the tree');
    await opensAs(
      () => uriHandler.handleUri(vscode.Uri.parse(`vscode://datocms-explorer.datocms-explorer/open?project=${PROJECT}&model=article`)),
      modelTab,
      'the model from a vscode:// link',
    );
    // opened again another way while it is open: the same editor, not a second one
    await vscode.commands.executeCommand('datocms.openFromUrl', `${DASHBOARD}/schema/item_types/${articleNode.itemType.id}`);
    await waitFor(() => activeTab() === modelTab, 5_000, 'the model still in its one tab');
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).length, 1);
  });

  it('Open Record by ID asks for the id and opens the record under its model', async () => {
    const { records } = await article();
    const { model } = await extensionApi();
    const record = (await model.children(records)).filter((n): n is RecordNode => n.kind === 'record').at(-1)!;
    await runWithInputs('datocms.openRecordById', [], [{ text: record.record.id, title: 'Open DatoCMS record by ID' }]);
    await activeDocument(
      documentUri({ project: PROJECT, environment: 'main', kind: 'record', modelApiKey: 'article', id: record.record.id }),
    );
  });

  it('a vscode:// link opens a record; a link that asks for anything else opens nothing and sends nothing', async () => {
    const { uriHandler, model } = await extensionApi();
    const { records } = await article();
    const record = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record')!;
    await clearRequests();
    await uriHandler.handleUri(
      vscode.Uri.parse(`vscode://datocms-explorer.datocms-explorer/open?project=${PROJECT}&model=article&record=${record.record.id}`),
    );
    await activeDocument(documentUri(record.ref));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const link of [
      `/signIn?token=x`,
      `/open?project=${PROJECT}&model=article&record=${record.record.id}&save=true`,
      `/open?project=elsewhere&model=article`,
      `/open?url=${encodeURIComponent('http://emulated-bistro.admin.datocms.com/schema/item_types/x')}`,
    ]) {
      await uriHandler.handleUri(vscode.Uri.parse(`vscode://datocms-explorer.datocms-explorer${link}`));
      assert.equal(vscode.window.activeTextEditor, undefined, link);
    }
    assert.ok(
      (await requests()).every((r) => r.method === 'GET'),
      'links only read',
    );
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('the walkthrough opens from its id', async () => {
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      'datocms-explorer.datocms-explorer#datocms.gettingStarted',
      false,
    );
    await seeOnScreen('Get Started with DatoCMS Explorer');
    await seeOnScreen('Sign in with an API token');
    await screenshot('surface-walkthrough');
  });

  it('the Records node shows its whole query on the node and in its hover', async () => {
    const { model, provider, treeView } = await extensionApi();
    const { records } = await article();
    model.setQuery(records, {
      filters: [{ field: 'featured', operator: 'eq', value: true }],
      order: { field: '_published_at', direction: 'DESC' },
      locale: 'it',
    });
    try {
      const record = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record')!;
      // the hover is made when the user hovers the item
      const item = await provider.resolveTreeItem(provider.getTreeItem(records), records);
      assert.match(String(item.description), /^featured = true · order: _published_at ↓ · it · (\d+ matches|1 match|no matches)$/);
      assert.ok(item.tooltip instanceof vscode.MarkdownString);
      const hover = item.tooltip.value;
      for (const line of ['Filter: featured = true', 'Order: \\_published\\_at ↓', 'Locale: it'])
        assert.ok(hover.includes(line), `${line} in ${hover}`);
      assert.match(hover, /\d+ loaded of \d+/);
      assert.ok(!item.id?.includes('@'), 'tree item ids do not depend on the environment');
      const recordHover = (await provider.resolveTreeItem(provider.getTreeItem(record), record)).tooltip;
      assert.ok(
        recordHover instanceof vscode.MarkdownString &&
          recordHover.value.includes(record.record.id) &&
          !recordHover.value.includes('datocms:'),
      );

      // On screen, as in the README's picture: the record open, the sidebar wide enough, the hover shown.
      await vscode.window.showTextDocument(documentUri(record.ref), { preview: false });
      await activeDocument(documentUri(record.ref));
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('workbench.view.extension.datocms');
      await treeView.reveal(records, { select: true, focus: true, expand: true });
      await seeOnScreen('featured = true · order: _published_at ↓ · it', { hover: true, widenSideBar: 260 });
      await screenshot('surface-query');
    } finally {
      model.setQuery(records, {});
      // the hover and the tree's focus go, as a user's next command would find them: a quick input opened while the
      // tree redraws under a hover can lose its focus and close
      await pressKeys('Escape', false);
      await waitFor(() => provider.getTreeItem(records).description === undefined, 5_000, 'the query to be cleared');
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    }
  });

  it('a Records query command run from the palette asks for the model and shows the result in the tree', async () => {
    const { model, treeView } = await extensionApi();
    await runWithInputs(
      'datocms.records.orderBy',
      [],
      [
        { text: 'Article', title: 'Order the records of which model?' },
        { text: '_updated_at', title: 'Order records by' },
        { text: 'Descending', title: 'Order by _updated_at' },
      ],
    );
    const { records } = await article();
    try {
      assert.equal((await extensionApi()).provider.getTreeItem(records).description, 'order: _updated_at ↓');
      await waitFor(() => treeView.selection[0]?.id === records.id, 5_000, 'the Records item to be shown and selected');
      await runWithInputs('datocms.records.clearQuery', [], [{ text: 'Article', title: "Clear the query of which model's records?" }]);
      assert.equal((await extensionApi()).provider.getTreeItem(records).description, undefined);
    } finally {
      model.setQuery(records, {});
    }
  });

  it('switching environment keeps the branches the user expanded', async () => {
    const { model, provider, registry, treeView } = await extensionApi();
    const { model: articleNode } = await article();
    await treeView.reveal(articleNode, { select: true, expand: true });
    await waitFor(() => provider.isExpanded(articleNode), 5_000, 'the tree to report Article expanded');
    try {
      await registry.setEnvironment(PROJECT, 'sandbox');
      await waitFor(() => model.roots()[0]?.environment === 'sandbox', 5_000, 'the sandbox');
      const { model: sandboxArticle } = await article();
      assert.equal(sandboxArticle.environment, 'sandbox');
      assert.equal(provider.getTreeItem(sandboxArticle).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
      assert.equal(provider.getTreeItem(sandboxArticle).id, provider.getTreeItem(articleNode).id);
    } finally {
      await registry.setEnvironment(PROJECT, 'main');
    }
  });

  it('Reveal in Tree loads more pages until the record shows', async () => {
    const { model, treeView } = await extensionApi();
    const { records } = await article();
    model.setQuery(records, {});
    await model.refresh(records);
    const first = await model.children(records);
    assert.equal(first.at(-1)?.kind, 'loadMore', 'more than one page of records');
    const { model: articleNode } = await article();
    const data = await model.dataOf(articleNode);
    const page = await data.client.items.list({ filter: { type: articleNode.itemType.id }, page: { offset: 110, limit: 1 } });
    const far = page.data[0]!;
    const uri = documentUri({ project: PROJECT, environment: 'main', kind: 'record', modelApiKey: 'article', id: far.id });
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('datocms.revealInTree', uri);
    await waitFor(
      () => {
        const s = treeView.selection[0];
        return s?.kind === 'record' && s.record.id === far.id;
      },
      15_000,
      'the far record to be selected',
    );
  });
});
