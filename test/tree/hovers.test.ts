// What hovering a model, a fieldset or a record in the tree tells: a model's number of records (counted when first
// hovered, one request), its drafts in words, a fieldset's model and fields, dates with their time zone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { datesIn } from '../../src/platform/dates';
import { formatMessage } from '../../src/platform/translate';
import { TreeModel } from '../../src/tree/model';
import { TreePresenter } from '../../src/tree/presenter';
import type { FieldsetNode, ModelNode, RecordsNode, TreeNode } from '../../src/tree/nodes';
import { recordTooltip, type TooltipFormat } from '../../src/tree/tooltips';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { emulatorProjects } from '../projects/emulatorProjects';

const RECORDS = 40;
let emulator: Emulator;
const format: TooltipFormat = { t: formatMessage, numbers: new Intl.NumberFormat('en'), dates: () => datesIn('UTC', 'en-US') };
const tooltip = (model: TreeModel, node: TreeNode) => new TreePresenter(model, () => format).tooltip(node);

useEmulator({ records: RECORDS, reset: ['requests'] }, (started) => {
  emulator = started.emulator;
});

async function child(model: TreeModel, parent: TreeNode | undefined, predicate: (n: TreeNode) => boolean): Promise<TreeNode> {
  const found = (await model.children(parent)).find(predicate);
  assert.ok(found, `no matching child under ${parent?.label ?? 'the root'}`);
  return found;
}

async function modelNode(model: TreeModel, apiKey: string): Promise<ModelNode> {
  const project = await child(model, undefined, (n) => n.kind === 'project');
  const models = await child(model, project, (n) => n.kind === 'models');
  return (await child(model, models, (n) => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey)) as ModelNode;
}

const itemsRequests = () => emulator.requests.filter((r) => r.method === 'GET' && r.path === '/items');
const recordsOf = (apiKey: string) => {
  const env = emulator.store.environment('main');
  const type = [...env.itemTypes.values()].find((t) => t.attributes['api_key'] === apiKey)!;
  return env.recordsByType.get(type.id)?.length ?? 0;
};

describe('tree hovers', () => {
  test("a record's schedule in its description and its dates in its hover read in the project's time zone (the site's)", async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 10 });
    const presenter = new TreePresenter(model, () => ({ ...format, dates: (project) => datesIn(model.timeZoneOf(project), 'en-US') }));
    const records = (await child(model, await modelNode(model, 'article'), (n) => n.kind === 'records')) as RecordsNode;
    assert.equal(model.timeZoneOf('emulated-bistro'), 'Europe/Rome');
    const record = (await child(model, records, (n) => n.kind === 'record')) as TreeNode & { record: Resource<'item'> };
    record.record.meta['publication_scheduled_at'] = '2031-01-31T08:00:00Z';
    record.record.meta['updated_at'] = '2024-05-12T12:03:27Z';
    assert.match(presenter.description(record) ?? '', /publishes Jan 31, 2031, 9:00 AM$/);
    assert.match(presenter.tooltip(record) ?? '', /Updated Sunday, May 12, 2024 at 2:03:27 PM GMT\+2 \(Europe\/Rome\)/);
  });

  test("a model's hover counts all its records once, whatever its Records query, and says what drafts mean", async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 10 });
    const article = await modelNode(model, 'article');
    assert.doesNotMatch(tooltip(model, article) ?? '', /records/, 'not counted before the hover asks');
    await model.countRecords(article);
    await model.countRecords(article);
    const expected = recordsOf('article');
    assert.match(tooltip(model, article)!, new RegExp(`· ${expected.toLocaleString('en')} records`));
    assert.equal(itemsRequests().length, 1, 'one request for the count');
    assert.equal(itemsRequests()[0]!.query['version'], 'current', 'drafts count too');

    // A Records query that narrows the list does not change the model's count.
    const records = (await child(model, article, (n) => n.kind === 'records')) as RecordsNode;
    model.setQuery(records, { filters: [{ field: 'featured', operator: 'eq', value: true }] });
    await model.children(records);
    assert.match(tooltip(model, article)!, new RegExp(`· ${expected.toLocaleString('en')} records`));

    assert.match(tooltip(model, article)!, /Drafts: (yes|no)/);
    assert.doesNotMatch(tooltip(model, article)!, /(^|\n)drafts/);
  });

  test('a refreshed model is counted again', async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 10 });
    const author = await modelNode(model, 'author');
    await model.countRecords(author);
    assert.equal(itemsRequests().length, 1);
    await model.refresh(author);
    const again = await modelNode(model, 'author');
    await model.countRecords(again);
    assert.equal(itemsRequests().length, 2);
  });

  test("a fieldset's hover names its model and its fields, never a path", async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 10 });
    const article = await modelNode(model, 'article');
    const fields = await child(model, article, (n) => n.kind === 'fields');
    const fieldset = (await child(model, fields, (n) => n.kind === 'fieldset' && n.label === 'Publishing')) as FieldsetNode;
    const text = tooltip(model, fieldset)!;
    assert.match(text, /^\*\*Publishing\*\*/);
    assert.match(text, /Fieldset of `article`/);
    assert.match(text, new RegExp(`${fieldset.fields.length} fields: .*Author`));
    assert.doesNotMatch(text, /datocms:|\.json/);
  });

  test("a record's hover gives its dates exactly, to the second, in the project's time zone, named", () => {
    const record: Resource<'item'> = {
      id: 'R1',
      type: 'item',
      attributes: {},
      relationships: {},
      meta: { status: 'published', updated_at: '2024-05-12T12:03:00Z', published_at: '2024-05-12T12:00:00Z' },
    };
    const text = recordTooltip(record, 'Risotto', undefined, format, datesIn('Europe/Rome', 'en-US'));
    assert.match(text, /Updated Sunday, May 12, 2024 at 2:03:00 PM GMT\+2 \(Europe\/Rome\)/);
    assert.match(text, /Published Sunday, May 12, 2024 at 2:00:00 PM GMT\+2 \(Europe\/Rome\)/);
  });
});
