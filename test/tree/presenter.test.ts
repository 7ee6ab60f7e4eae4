// What the tree's rows say and which menus they get, from real nodes over the emulator: every context value is
// one the menus were checked against, records carry their status and schedule, counts follow changes, dates read
// as dates, and the tree says when it may be out of date.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { environmentNode, environmentNodes } from '../../src/environments/nodes';
import { formatMessage } from '../../src/platform/translate';
import { TreeModel } from '../../src/tree/model';
import type { FieldNode, FieldsNode, ModelNode, RecordNode, RecordsNode, SectionNode, TreeNode } from '../../src/tree/nodes';
import { allContextValues, TreePresenter } from '../../src/tree/presenter';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { emulatorProjects } from '../projects/emulatorProjects';

let emulator: Emulator;
useEmulator({ records: 40 }, (started) => {
  emulator = started.emulator;
});

const format = {
  t: formatMessage,
  numbers: new Intl.NumberFormat('en'),
  dates: (project: string) => ({
    short: (iso: string) => `[short ${project} ${iso.slice(0, 10)}]`,
    exact: (iso: string) => `[exact ${project} ${iso.slice(0, 10)}]`,
    timeZone: 'UTC',
  }),
};

function setUp(now = () => Date.now()) {
  const projects = emulatorProjects(emulator);
  const model = new TreeModel({
    projects,
    pageSize: () => 50,
    now,
    environments: (section, data) =>
      environmentNodes(section, { client: data.client.withEnvironment(undefined), t: formatMessage, changed: () => undefined }),
  });
  return { projects, model, presenter: new TreePresenter(model, () => format) };
}

/** Every node below `node` the tree loads (each model's first page of records). */
async function walk(model: TreeModel, node?: TreeNode): Promise<TreeNode[]> {
  const children = await model.children(node);
  return [...children, ...(await Promise.all(children.map((child) => walk(model, child)))).flat()];
}

async function find<T extends TreeNode>(model: TreeModel, path: ((n: TreeNode) => boolean)[]): Promise<T> {
  let node: TreeNode | undefined;
  for (const step of path) {
    node = (await model.children(node)).find(step);
    assert.ok(node, `no node at step ${path.indexOf(step)}`);
  }
  return node as T;
}
const article = [
  (n: TreeNode) => n.kind === 'project',
  (n: TreeNode) => n.kind === 'models',
  (n: TreeNode) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article',
];

describe('tree presenter', () => {
  test('every node of the tree gets a context value the menus were checked against', async () => {
    const { model, presenter } = setUp();
    const nodes = await walk(model);
    const known = new Set(allContextValues());
    const values = new Set(nodes.map((node) => presenter.contextValue(node)));
    assert.deepEqual(
      [...values].filter((value) => !known.has(value)),
      [],
    );
    const kinds = new Set(nodes.map((n) => n.kind));
    for (const kind of [
      'project',
      'models',
      'blockModels',
      'webhooks',
      'environments',
      'model',
      'fields',
      'fieldset',
      'field',
      'records',
      'record',
      'webhook',
      'environment',
    ])
      assert.ok(kinds.has(kind as TreeNode['kind']), `the walk reached a ${kind}`);
    assert.ok(
      [...values].some((v) => /^record draft drafts$/.test(v)),
      'a draft of a model with drafts',
    );
    assert.ok(
      [...values].some((v) => /^record published\b/.test(v)),
      'a published record',
    );
    assert.ok(values.has('environment primary ready active'));
    assert.ok(values.has('model block'));
    for (const node of nodes.filter((n) => n.kind !== 'loadMore' && n.kind !== 'empty' && n.kind !== 'error'))
      assert.ok(presenter.present(node).icon.id, `${node.kind} has an icon`);
  });

  test('fields know their place in their group: the first cannot move up, the last cannot move down', async () => {
    const { model, presenter } = setUp();
    const fieldsNode = (await model.children(await find<ModelNode>(model, article)))[0] as FieldsNode;
    const groups = [await model.children(fieldsNode)];
    for (const fieldset of groups[0]!.filter((n) => n.kind === 'fieldset')) groups.push(await model.children(fieldset));
    for (const group of groups) {
      const fields = group.filter((n): n is FieldNode => n.kind === 'field');
      if (fields.length < 2) continue;
      assert.match(presenter.contextValue(fields[0]!), /^field first$/);
      assert.match(presenter.contextValue(fields.at(-1)!), /^field last$/);
      for (const middle of fields.slice(1, -1)) assert.equal(presenter.contextValue(middle), 'field');
    }
  });

  test('a record scheduled for publication says so on its row and in its menus', async () => {
    const { model, presenter } = setUp();
    const records = (await model.children(await find<ModelNode>(model, article)))[1] as RecordsNode;
    const draft = (await model.children(records)).find(
      (n): n is RecordNode => n.kind === 'record' && presenter.contextValue(n) === 'record draft drafts',
    );
    assert.ok(draft, 'a draft article');
    const data = await model.dataOf(draft);
    const at = new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
    await data.client.publishing.scheduledPublication.create(draft.record.id, at);
    await model.documentSaved(draft.ref, await data.client.items.find(draft.record.id));
    assert.equal(presenter.contextValue(draft), 'record draft drafts scheduledPublication');
    assert.match(presenter.description(draft) ?? '', /^draft · publishes \[short \S+ \d{4}-\d\d-\d\d\]$/);
  });

  test('a search or filter counts what it found on the Records row', async () => {
    const { model, presenter } = setUp();
    const records = (await model.children(await find<ModelNode>(model, article)))[1] as RecordsNode;
    const first = (await model.children(records)).find((n): n is RecordNode => n.kind === 'record')!;
    const word = first.label.split(/\s+/).find((w) => w.length > 4) ?? first.label;
    model.setQuery(records, { search: word });
    assert.equal(presenter.description(records), `"${word}"`, 'not counted before the page loads');
    const changed = new Promise<TreeNode | undefined>((resolve) => model.onDidChange(resolve));
    await model.children(records);
    assert.equal(await changed, records, 'the row is redrawn with its count');
    const total = model.recordCounts(records)!.total;
    assert.ok(total >= 1);
    assert.equal(presenter.description(records), `"${word}" · ${total === 1 ? '1 match' : `${total} matches`}`);
    model.setQuery(records, { order: { field: '_updated_at', direction: 'DESC' } });
    await model.children(records);
    assert.equal(presenter.description(records), 'order: _updated_at ↓', 'an order alone finds nothing: no count');
  });

  test('"Fields" keeps its count right after a field is deleted and the branch reloads', async () => {
    const { model, presenter } = setUp();
    const fieldsNode = (await model.children(await find<ModelNode>(model, article)))[0] as FieldsNode;
    const before = fieldsNode.count;
    assert.equal(presenter.description(fieldsNode), `${before} fields`);
    const data = await model.dataOf(fieldsNode);
    const field = (await data.fields(fieldsNode.model.itemType.id)).find((f) => f.attributes['api_key'] === 'reading_time')!;
    await data.client.fields.destroy(field.id);
    await model.refresh(fieldsNode);
    await model.children(fieldsNode);
    assert.equal(presenter.description(fieldsNode), `${before - 1} fields`);
  });

  test('environment dates read as dates; a deleted environment does not come back after switching', async () => {
    const { model, presenter, projects } = setUp();
    const sectionOf = async () => (await model.children(model.roots()[0])).find((n): n is SectionNode => n.kind === 'environments')!;
    const mainList = await model.children(await sectionOf());
    const main = mainList.find((n) => n.kind === 'environment' && n.resource.id === 'main')!;
    assert.doesNotMatch(presenter.tooltip(main) ?? '', /\d{4}-\d\d-\d\dT\d\d:/, 'no raw ISO timestamps');
    assert.match(presenter.tooltip(main) ?? '', /Created: \[exact \S+ \d{4}-\d\d-\d\d\]/);

    const client = (await model.dataOf(main)).client.withEnvironment(undefined);
    await client.environments.fork('main', 'scratch', {});
    await model.refresh(await sectionOf());
    assert.ok((await model.children(await sectionOf())).some((n) => n.label === 'scratch'));
    projects.environment = 'sandbox';
    model.projectsChanged();
    await client.environments.destroy('scratch');
    await model.refresh(await sectionOf());
    assert.ok(!(await model.children(await sectionOf())).some((n) => n.label === 'scratch'));
    projects.environment = 'main';
    model.projectsChanged();
    assert.deepEqual(
      (await model.children(await sectionOf())).map((n) => n.label).filter((label) => label === 'scratch'),
      [],
      'the list under main is read again',
    );
  });

  test('the tree says it may be out of date long after it loaded, or while an environment is being made; Refresh clears it', async () => {
    let clock = 1_000_000;
    const { model } = setUp(() => clock);
    const changes: (string | undefined)[] = [];
    model.onDidChangeStale(() => changes.push(model.stale));
    await find<ModelNode>(model, article);
    model.checkAge(15 * 60_000);
    assert.equal(model.stale, undefined, 'just loaded');
    clock += 20 * 60_000;
    model.checkAge(15 * 60_000);
    assert.equal(model.stale, 'loaded 20 minutes ago');
    await model.refresh();
    assert.equal(model.stale, undefined);
    assert.deepEqual(changes, ['loaded 20 minutes ago', undefined]);

    const forking = new TreeModel({
      projects: emulatorProjects(emulator),
      pageSize: () => 50,
      environments: async (section) => [
        environmentNode(section, {
          type: 'environment',
          id: 'next',
          attributes: {},
          relationships: {},
          meta: { status: 'creating', primary: false },
        }),
      ],
    });
    await find(forking, [(n) => n.kind === 'project', (n) => n.kind === 'environments', (n) => n.kind === 'environment']);
    assert.equal(forking.stale, 'an environment is being created or deleted');
  });
});
