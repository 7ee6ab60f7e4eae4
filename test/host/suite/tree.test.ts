import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LoadMoreNode, ModelNode, RecordNode, RecordsNode, SectionNode, TreeNode } from '../../../src/tree';
import {
  answerConfirmations,
  clearRequests,
  cma,
  ensureSignedIn,
  extensionApi,
  requests,
  restoreConfirmations,
  runWithInputs,
  writes,
} from './helpers';

const byLabel = (nodes: TreeNode[], label: string): TreeNode => {
  const node = nodes.find((n) => n.label === label);
  if (!node) throw new Error(`no "${label}" among ${nodes.map((n) => n.label).join(', ')}`);
  return node;
};

export async function articleRecords(): Promise<RecordsNode> {
  const { model } = await extensionApi();
  const [project] = model.roots();
  const models = byLabel(await model.children(project), 'Models') as SectionNode;
  const article = (await model.children(models)).find(
    (n) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article',
  ) as ModelNode;
  return (await model.children(article)).find((n) => n.kind === 'records') as RecordsNode;
}

const itemListings = async () => (await requests()).filter((r) => r.method === 'GET' && r.path === '/items');

describe('tree', () => {
  before(ensureSignedIn);

  it('shows the project, its sections, models, fields by fieldset and webhooks, one request per expand', async () => {
    const { model, treeView, provider } = await extensionApi();
    const [project] = model.roots();
    assert.equal(project?.label, 'Emulated Bistro');
    assert.equal(provider.getTreeItem(project!).description, 'main');
    const sections = await model.children(project);
    assert.deepEqual(
      sections.map((s) => s.label),
      ['Models', 'Block models', 'Media', 'Webhooks', 'Environments'],
    );

    await clearRequests();
    const models = await model.children(sections[0]);
    assert.ok(models.length >= 6, `models: ${models.map((m) => m.label).join(', ')}`);
    const blockModels = await model.children(sections[1]);
    assert.ok(blockModels.length >= 3);
    const webhooks = await model.children(sections.find((s) => s.kind === 'webhooks'));
    assert.ok(webhooks.length >= 4);
    const article = models.find((n) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article') as ModelNode;
    const [fields, records] = await model.children(article);
    assert.equal(fields?.label, 'Fields');
    assert.equal(records?.label, 'Records');
    const fieldsets = await model.children(fields);
    assert.ok(
      fieldsets.some((n) => n.kind === 'fieldset'),
      'article groups its fields under fieldsets',
    );
    const inFieldset = await model.children(fieldsets.find((n) => n.kind === 'fieldset')!);
    assert.ok(
      inFieldset.every((n) => n.kind === 'field' && /· \w+$/.test(String(provider.getTreeItem(n).description ?? ''))),
      'fields show "api_key · field_type"',
    );
    const log = await requests();
    assert.ok(log.every((r) => r.method === 'GET'));
    // item types (models + block models share one list), webhooks, article's fields (+ fieldsets)
    assert.ok(log.length <= 4, `requests: ${log.map((r) => r.path).join(', ')}`);
    await treeView.reveal(article, { select: true, expand: true });
  });

  it('pages records with "Load more…" to the end, one request per page', async () => {
    const { model } = await extensionApi();
    await vscode.workspace.getConfiguration('datocms').update('pageSize', 50, vscode.ConfigurationTarget.Global);
    const records = await articleRecords();
    const total = (await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=1')).meta.total_count as number;
    await clearRequests();
    let children = await model.children(records);
    const more = children.at(-1) as LoadMoreNode;
    assert.equal(more.kind, 'loadMore');
    assert.match(more.label, new RegExp(`50 of ${total}\\b`));
    assert.equal((await itemListings()).length, 1);
    while (children.at(-1)?.kind === 'loadMore') {
      await vscode.commands.executeCommand('datocms.loadMore', children.at(-1));
      children = await model.children(records);
    }
    assert.equal(children.filter((n) => n.kind === 'record').length, total);
    const listings = await itemListings();
    const pages = Math.ceil(total / 50);
    assert.equal(listings.length, pages, `${pages} pages of 50, no per-record requests`);
    assert.equal((await requests()).length, pages);
    const labels = children.filter((n): n is RecordNode => n.kind === 'record').map((n) => n.label);
    assert.ok(
      labels.every((label) => label.length > 0 && !/^[A-Za-z0-9_-]{22}$/.test(label)),
      'labels come from the title field',
    );
  });

  it('searches, filters, orders and switches version, shows the query on the node and clears it', async () => {
    const { model, provider } = await extensionApi();
    const description = (node: RecordsNode) => String(provider.getTreeItem(node).description ?? '');
    let records = await articleRecords();
    const first = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record')!;
    const word = first.label.split(/\s+/).find((w) => w.length > 4) ?? first.label;

    await clearRequests();
    await runWithInputs('datocms.records.search', [records], [{ text: word, title: 'Search records' }]);
    records = await articleRecords();
    assert.match(description(records), new RegExp(word));
    const found = (await model.children(records)).filter((n) => n.kind === 'record');
    assert.ok(found.length >= 1 && found.length < 300, `search found ${found.length}`);
    assert.equal(
      (await itemListings()).at(-1)?.query['filter'] &&
        ((await itemListings()).at(-1)!.query['filter'] as Record<string, unknown>)['query'],
      word,
    );
    await vscode.commands.executeCommand('datocms.records.clearQuery', records);

    await clearRequests();
    records = await articleRecords();
    await runWithInputs(
      'datocms.records.filter',
      [records],
      [
        { text: '_status', title: 'Filter records by' },
        { text: '=', title: 'Filter _status' },
        { text: 'published', title: '_status =' },
      ],
    );
    records = await articleRecords();
    const published = (await model.children(records)).filter((n): n is RecordNode => n.kind === 'record');
    assert.ok(published.length > 0 && published.every((n) => n.record.meta['status'] === 'published'));
    const filterQuery = JSON.stringify((await itemListings()).at(-1)?.query);
    assert.match(filterQuery, /"_status":\{"eq":"published"\}/);

    await runWithInputs(
      'datocms.records.orderBy',
      [records],
      [
        { text: '_updated_at', title: 'Order records by' },
        { text: 'Descending', title: 'Order by' },
      ],
    );
    records = await articleRecords();
    await model.children(records);
    assert.match(JSON.stringify((await itemListings()).at(-1)?.query), /"order_by":"_updated_at_DESC"/);

    await runWithInputs('datocms.records.version', [records], [{ text: 'Published', title: 'Record version' }]);
    records = await articleRecords();
    await model.children(records);
    const last = (await itemListings()).at(-1)!;
    assert.equal(last.query['version'], 'published');
    assert.match(description(records), /published/i);

    await vscode.commands.executeCommand('datocms.records.clearQuery', records);
    records = await articleRecords();
    assert.equal(description(records), '');
    await vscode.workspace.getConfiguration('datocms').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  it("each record's item carries its status for the menus: a draft offers Publish, a published record Unpublish", async () => {
    const { model, provider } = await extensionApi();
    const records = (await model.children(await articleRecords())).filter((n): n is RecordNode => n.kind === 'record');
    const draft = records.find((n) => n.record.meta['status'] === 'draft');
    const published = records.find((n) => n.record.meta['status'] === 'published');
    assert.ok(draft && published, 'the first page has a draft and a published article');
    // articles have draft mode: `drafts`
    assert.match(provider.getTreeItem(draft).contextValue ?? '', /^record draft drafts\b/);
    assert.match(provider.getTreeItem(published).contextValue ?? '', /^record published drafts\b/);
  });

  it('Delete Selected Records acts on the selection when the clicked record is in it, else on the clicked record alone', async () => {
    const { model } = await extensionApi();
    const [a, b, c] = (await model.children(await articleRecords())).filter((n): n is RecordNode => n.kind === 'record');
    assert.ok(a && b && c);
    await clearRequests();
    const asked = await answerConfirmations(undefined, undefined);
    try {
      await vscode.commands.executeCommand('datocms.records.bulkDelete', a, [a, b]);
      // VS Code passes no selection for a record right-clicked outside it; a stale one must not be acted on either
      await vscode.commands.executeCommand('datocms.records.bulkDelete', c, [a, b]);
    } finally {
      await restoreConfirmations();
    }
    assert.deepEqual(
      asked.map((confirmation) => confirmation.message),
      ['Delete 2 records in main?', `Delete "${c.label}" in main?`],
    );
    assert.ok(asked.every((confirmation) => confirmation.safe === 'Keep Records'));
    assert.deepEqual(await writes(), [], 'declined: nothing sent');
  });
});
