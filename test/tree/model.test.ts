import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TreeModel } from '../../src/tree/model';
import { type ModelNode, type RecordNode, type RecordsNode, type TreeNode } from '../../src/tree/nodes';
import { datesIn } from '../../src/platform/dates';
import { formatMessage } from '../../src/platform/translate';
import { TreePresenter } from '../../src/tree/presenter';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { emulatorProjects } from '../projects/emulatorProjects';

const RECORDS = 75;
const PAGE = 30;
let emulator: Emulator;

useEmulator({ records: RECORDS, reset: ['faults', 'requests'] }, (started) => (emulator = started.emulator));

function newModel(pageSize = PAGE) {
  return new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => pageSize });
}

const format = { t: formatMessage, numbers: new Intl.NumberFormat('en'), dates: () => datesIn('UTC', 'en-US') };
/** What the row of a node says beside its label. */
const description = (model: TreeModel, node: TreeNode | undefined) => node && new TreePresenter(model, () => format).description(node);
const tooltip = (model: TreeModel, node: TreeNode) => new TreePresenter(model, () => format).tooltip(node);

async function child(model: TreeModel, parent: TreeNode | undefined, predicate: (n: TreeNode) => boolean): Promise<TreeNode> {
  const found = (await model.children(parent)).find(predicate);
  assert.ok(found, `no matching child under ${parent?.label ?? 'the root'}`);
  return found;
}

async function openModel(model: TreeModel, apiKey: string): Promise<{ model: ModelNode; records: RecordsNode }> {
  const project = await child(model, undefined, (n) => n.kind === 'project');
  const models = await child(model, project, (n) => n.kind === 'models');
  const modelNode = (await child(model, models, (n) => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey)) as ModelNode;
  const records = (await child(model, modelNode, (n) => n.kind === 'records')) as RecordsNode;
  return { model: modelNode, records };
}

function itemsRequests() {
  return emulator.requests.filter((r) => r.method === 'GET' && r.path === '/items');
}

describe('tree model', () => {
  test('shows projects, sections, models, block models, fields grouped by fieldset, and webhooks', async () => {
    const model = newModel();
    const [project, ...others] = await model.children();
    assert.equal(others.length, 0);
    assert.equal(project?.label, 'Emulated Bistro');
    assert.equal(description(model, project), 'main');
    const sections = await model.children(project);
    assert.deepEqual(
      sections.map((s) => s.kind),
      ['models', 'blockModels', 'media', 'webhooks', 'environments'],
    );

    const env = emulator.store.environment('main');
    const allTypes = [...env.itemTypes.values()];
    const models = await model.children(sections[0]);
    const blocks = await model.children(sections[1]);
    assert.deepEqual(
      new Set(models.map((m) => (m as ModelNode).itemType.id)),
      new Set(allTypes.filter((t) => !t.attributes['modular_block']).map((t) => t.id)),
    );
    assert.deepEqual(
      new Set(blocks.map((m) => (m as ModelNode).itemType.id)),
      new Set(allTypes.filter((t) => t.attributes['modular_block']).map((t) => t.id)),
    );

    // A block model has fields but no records list.
    assert.deepEqual(
      (await model.children(blocks[0])).map((n) => n.kind),
      ['fields'],
    );

    const article = models.find((m) => (m as ModelNode).itemType.attributes['api_key'] === 'article') as ModelNode;
    const [fieldsNode, recordsNode] = await model.children(article);
    assert.equal(fieldsNode?.kind, 'fields');
    assert.equal(recordsNode?.kind, 'records');
    const storedFields = emulator.store.fieldsOf(env, article.itemType.id);
    assert.equal(description(model, fieldsNode), `${storedFields.length} fields`);
    const top = await model.children(fieldsNode);
    const fieldsets = top.filter((n) => n.kind === 'fieldset');
    assert.ok(fieldsets.length > 0, 'article has fieldsets');
    const grouped = (await Promise.all(top.map((n) => (n.kind === 'fieldset' ? model.children(n) : Promise.resolve([n]))))).flat();
    assert.deepEqual(new Set(grouped.map((n) => n.kind === 'field' && n.field.id)), new Set(storedFields.map((f) => f.id)));
    const title = grouped.find((n) => n.kind === 'field' && n.field.attributes['api_key'] === 'title');
    assert.equal(description(model, title), 'title · string');
    assert.equal(title?.parent?.kind, 'fieldset');

    const webhooks = await model.children(sections.find((s) => s.kind === 'webhooks'));
    assert.deepEqual(new Set(webhooks.map((w) => w.kind === 'webhook' && w.webhook.id)), new Set(emulator.store.webhooks.keys()));
  });

  test('each expand sends at most one request and never one per record', async () => {
    const model = newModel();
    const project = await child(model, undefined, (n) => n.kind === 'project');
    const counts: number[] = [];
    const expand = async (node: TreeNode) => {
      emulator.clearRequests();
      const children = await model.children(node);
      counts.push(emulator.requests.length);
      return children;
    };
    const sections = await expand(project);
    const models = await expand(sections[0]!);
    const article = models.find((m) => m.kind === 'model' && m.itemType.attributes['api_key'] === 'article')!;
    const [fieldsNode, recordsNode] = await expand(article);
    await expand(recordsNode!);
    await expand(sections[1]!); // block models: served from the cached model list
    // The project's schema (models, fields, fieldsets) comes in the first request; then one per records page.
    assert.deepEqual(counts, [1, 0, 0, 1, 0]);
    assert.equal(emulator.requests.length, 0);
    emulator.clearRequests();
    await model.children(fieldsNode);
    assert.deepEqual(
      emulator.requests.map((r) => r.path),
      [],
    );
  });

  test('pages through all records with counts in the Load more node', async () => {
    const model = newModel();
    const { records } = await openModel(model, 'article');
    emulator.clearRequests();
    let children = await model.children(records);
    assert.equal(children.filter((n) => n.kind === 'record').length, PAGE);
    let more = children.at(-1);
    assert.equal(more?.kind, 'loadMore');
    assert.equal(more?.label, 'Load more… (30 of 75)');

    await model.loadMore(records);
    children = await model.children(records);
    more = children.at(-1);
    assert.equal(more?.label, 'Load more… (60 of 75)');

    await model.loadMore(records);
    children = await model.children(records);
    assert.ok(
      children.every((n) => n.kind === 'record'),
      'no Load more node once everything is loaded',
    );
    const ids = children.map((n) => (n.kind === 'record' ? n.record.id : ''));
    const stored = emulator.store
      .environment('main')
      .recordsByType.get(records.model.itemType.id)!
      .map((r) => r.id);
    assert.deepEqual(new Set(ids), new Set(stored));
    assert.equal(ids.length, RECORDS);
    assert.deepEqual(
      itemsRequests().map((r) => r.query['page'] as Record<string, string>),
      [
        { offset: '0', limit: '30' },
        { offset: '30', limit: '30' },
        { offset: '60', limit: '30' },
      ],
    );
  });

  test('the query state becomes exactly the /items query and shows in the description', async () => {
    const model = newModel();
    const { records } = await openModel(model, 'article');
    const changed: (TreeNode | undefined)[] = [];
    model.onDidChange((node) => changed.push(node));
    model.setQuery(records, {
      search: 'tomatoes',
      filters: [{ field: 'rating', operator: 'gte', value: 3 }],
      order: { field: '_updated_at', direction: 'DESC' },
      locale: 'it',
      version: 'published',
    });
    assert.deepEqual(changed, [records]);
    assert.equal(description(model, records), '"tomatoes" · rating ≥ 3 · order: _updated_at ↓ · it · published');
    emulator.clearRequests();
    await model.children(records);
    assert.deepEqual(
      itemsRequests().map((r) => r.query),
      [
        {
          filter: { type: records.model.itemType.id, query: 'tomatoes', fields: { rating: { gte: '3' } } },
          order_by: '_updated_at_DESC',
          locale: 'it',
          version: 'published',
          page: { offset: '0', limit: String(PAGE) },
        },
      ],
    );
    model.setQuery(records, {});
    assert.equal(description(model, records), undefined);
    emulator.clearRequests();
    await model.children(records);
    assert.deepEqual(itemsRequests()[0]?.query, {
      filter: { type: records.model.itemType.id },
      page: { offset: '0', limit: String(PAGE) },
    });
  });

  test('labels records by the title field in the main locale, or the query locale', async () => {
    const model = newModel(5);
    const { records } = await openModel(model, 'article');
    const stored = emulator.store.environment('main').items;
    const check = async (locale: string) => {
      const nodes = (await model.children(records)).filter((n) => n.kind === 'record');
      assert.equal(nodes.length, 5);
      for (const node of nodes) {
        const title = (stored.get(node.kind === 'record' ? node.record.id : '')!.attributes['title'] as Record<string, string>)[locale];
        assert.equal(node.label, title ?? (node.kind === 'record' ? node.record.id : ''));
        assert.equal(description(model, node), node.kind === 'record' ? node.record.meta['status'] : undefined);
      }
    };
    await check('en');
    model.setQuery(records, { locale: 'it' });
    await check('it');
  });

  test('a failed load becomes an error node that retries, and a refused token asks to sign in', async () => {
    const model = newModel();
    const { records } = await openModel(model, 'article');
    emulator.faults.add({ kind: 'server_error', path: '/items' });
    const [error, ...rest] = await model.children(records);
    assert.equal(rest.length, 0);
    assert.equal(error?.kind, 'error');
    assert.match(error!.label, /^Could not load records: .*500.* — click to retry$/);
    assert.equal(error?.kind === 'error' && error.action, 'retry');

    await model.refresh(error);
    const retried = await model.children(records);
    assert.equal(retried.filter((n) => n.kind === 'record').length, PAGE);

    emulator.faults.add({ kind: 'server_error', path: '/items' });
    await model.loadMore(records);
    const afterFailedMore = await model.children(records);
    assert.equal(afterFailedMore.filter((n) => n.kind === 'record').length, PAGE, 'loaded records stay');
    const moreError = afterFailedMore.at(-1);
    assert.equal(moreError?.kind === 'error' && moreError.action, 'loadMore');
    await model.loadMore(records);
    assert.equal((await model.children(records)).filter((n) => n.kind === 'record').length, 2 * PAGE);

    const fresh = newModel();
    const project = await child(fresh, undefined, (n) => n.kind === 'project');
    emulator.faults.add({ kind: 'unauthorized', path: '/site' });
    const [signIn] = await fresh.children(project);
    assert.equal(signIn?.kind === 'error' && signIn.action, 'signIn');
    assert.match(signIn!.label, /click to sign in again$/);
  });

  test('finds the node of a document for Reveal in Tree, through fieldsets and loaded records', async () => {
    const model = newModel();
    const { records } = await openModel(model, 'article');
    const field = await model.find({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'field',
      modelApiKey: 'article',
      apiKey: 'title',
    });
    assert.equal(field?.kind, 'field');
    assert.equal(field?.parent?.kind, 'fieldset');
    const first = (await model.children(records))[0];
    assert.equal(first?.kind, 'record');
    const found = await model.find({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'record',
      modelApiKey: 'article',
      id: first.kind === 'record' ? first.record.id : '',
    });
    assert.equal(found, first, 'the same node object, so the tree can reveal it');
    // getParent chain leads back to the root.
    const chain: string[] = [];
    for (let n: TreeNode | undefined = found; n; n = model.parent(n)) chain.push(n.kind);
    assert.deepEqual(chain, ['record', 'records', 'model', 'models', 'project']);
    const webhookId = [...emulator.store.webhooks.keys()][0]!;
    assert.equal((await model.find({ project: 'emulated-bistro', environment: 'main', kind: 'webhook', id: webhookId }))?.kind, 'webhook');
  });

  test('a saved record updates its label in place', async () => {
    const model = newModel(5);
    const { records } = await openModel(model, 'article');
    const first = (await model.children(records))[0]!;
    assert.equal(first.kind, 'record');
    if (first.kind !== 'record') return;
    const saved = { ...first.record, attributes: { ...first.record.attributes, title: { en: 'Renamed in the editor', it: 'Rinominato' } } };
    const changed: (TreeNode | undefined)[] = [];
    model.onDidChange((node) => changed.push(node));
    await model.documentSaved(first.ref, saved);
    assert.equal(first.label, 'Renamed in the editor');
    assert.deepEqual(changed, [first]);
  });

  test('Reveal in Tree pages to a record beyond the loaded ones, within a bound', async () => {
    const model = newModel(10);
    const { records } = await openModel(model, 'article');
    const stored = emulator.store.environment('main').recordsByType.get(records.model.itemType.id)!;
    const ref = (id: string) => ({ project: 'emulated-bistro', environment: 'main', kind: 'record' as const, modelApiKey: 'article', id });
    emulator.clearRequests();
    const last = stored.at(-1)!;
    const found = await model.find(ref(last.id));
    assert.equal(found?.kind === 'record' && found.record.id, last.id, 'the 75th record is reached');
    assert.equal(itemsRequests().length, Math.ceil(RECORDS / 10), 'one request per page, none after the record');
    assert.equal((await model.children(records)).filter((n) => n.kind === 'record').length, RECORDS);

    const bounded = newModel(2);
    const openBounded = await openModel(bounded, 'article');
    emulator.clearRequests();
    const far = await bounded.find(ref(stored.at(-1)!.id));
    assert.equal(far, openBounded.records, 'past the bound the Records node stands in');
    assert.equal(itemsRequests().length, 21, 'the first page and at most 20 more');

    bounded.setQuery(openBounded.records, { filters: [{ field: 'id', operator: 'eq', value: stored[0]!.id }] });
    emulator.clearRequests();
    assert.equal(await bounded.find(ref(stored[1]!.id)), openBounded.records, 'a record the query leaves out');
    assert.equal(itemsRequests().length, 1, 'no paging when there is no next page');
  });

  test('hovers: the Records query in full with counts, records with their locales, no internal paths', async () => {
    const model = newModel(10);
    const { model: article, records } = await openModel(model, 'article');
    model.setQuery(records, {
      filters: [{ field: 'featured', operator: 'eq', value: true }],
      order: { field: '_published_at', direction: 'DESC' },
      locale: 'it',
    });
    assert.equal(description(model, records), 'featured = true · order: _published_at ↓ · it');
    const children = await model.children(records);
    const total = emulator.store
      .environment('main')
      .recordsByType.get(article.itemType.id)!
      .filter((r) => r.attributes['featured'] === true).length;
    const hover = tooltip(model, records)!;
    assert.match(hover, /Filter: featured = true/);
    assert.match(hover, /Order: \\_published\\_at ↓/);
    assert.match(hover, /Locale: it/);
    assert.match(hover, new RegExp(`${Math.min(10, total)} loaded of ${total}`));
    // the model's own hover counts all its records, not those its Records query matched
    assert.doesNotMatch(tooltip(model, article)!, new RegExp(`· ${total} records`));
    const record = children.find((n): n is RecordNode => n.kind === 'record')!;
    assert.deepEqual(record.coverage?.all, ['en', 'it']);
    const recordHover = tooltip(model, record)!;
    assert.match(recordHover, new RegExp(`ID \`${record.record.id}\``));
    assert.match(recordHover, /Locales: /);
    for (const node of [record, article, records]) assert.doesNotMatch(tooltip(model, node)!, /datocms:|\.json|emulated-bistro\//);
  });
});
