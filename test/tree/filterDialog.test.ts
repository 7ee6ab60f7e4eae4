// The Records item's Filter dialogue as a user meets it, against the emulated project: operators spelled as
// the Records item shows them, an enum's values and the record statuses offered in a list, linked records
// chosen by title from a search (a page at a time), several conditions each removable on its own, and the
// filters the API then receives.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { Field, Model } from '../../src/domain/views';
import { formatMessage as t } from '../../src/platform/translate';
import { pickRecordsByTitle } from '../../src/projects/recordPicker';
import { FILTER_OPERATORS } from '../../src/schema';
import { askFilter, askRemoveFilter, type RecordChooser } from '../../src/tree/filterDialog';
import { describeFilter, describeQuery, itemQueryFor, operatorText, type RecordQuery } from '../../src/listing/recordQuery';
import { recordsTooltip } from '../../src/tree/tooltips';
import { ScriptedUi } from '../platform/scriptedUi';
import { usePickerWorld } from '../projects/pickerWorld';

const world = usePickerWorld({ records: 45 });
const model = async (apiKey: string) => (await world.data().itemTypes()).find((m) => Model.apiKey(m) === apiKey)!;
const fieldsOf = async (itemType: Resource<'item_type'>) => world.data().fields(itemType.id);
const chooser =
  (ui: ScriptedUi): RecordChooser =>
  (modelIds, options) =>
    pickRecordsByTitle(ui, t, world.data(), modelIds, options);
/** The records of `apiKey` the API returns for the query. */
const listed = async (apiKey: string, query: RecordQuery) =>
  (await world.data().client.items.list(itemQueryFor((await model(apiKey)).id, query, { offset: 0, limit: 100 }))).data;
const itemsRequests = () => world.emulator().requests.filter((r) => r.method === 'GET' && r.path === '/items');

/** Runs the Filter dialogue on `apiKey`'s records with the user's answers already scripted. */
async function filter(ui: ScriptedUi, apiKey: string, query: RecordQuery = {}) {
  const itemType = await model(apiKey);
  return askFilter(ui, t, itemType, await fieldsOf(itemType), query, chooser(ui));
}

describe('the Filter dialogue', () => {
  test('operators read the same in the dialogue, next to Records and in its hover: one spelling each', async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      () => 'Price (EUR)',
      (labels) => {
        assert.deepEqual(labels, ['>', '<', '≥', '≤', '=', '≠', 'exists']);
        return '≥';
      },
    );
    ui.inputs.push((options) => {
      assert.equal(options.title, 'price ≥');
      assert.match(options.validate?.('cheap') ?? '', /not a number/);
      return '12.5';
    });
    const query = await filter(ui, 'dish');
    assert.deepEqual(query?.filters, [{ field: 'price', operator: 'gte', value: 12.5 }]);
    assert.equal(describeQuery(query!), 'price ≥ 12.5');
    const hover = recordsTooltip('Menu dish', query!, undefined, { t, numbers: new Intl.NumberFormat('en') } as never);
    assert.match(hover, /Filter: price ≥ 12\\\.5/, 'the hover spells it the same (Markdown-escaped)');
    // no operator anywhere reads as its API name (not_in, notIn, is_blank…)
    for (const [type, operators] of Object.entries(FILTER_OPERATORS))
      for (const operator of operators) {
        const text = operatorText(operator);
        assert.doesNotMatch(text, /_|[a-z][A-Z]/, `${type} ${operator}`);
        const value = ['exists', 'is_blank', 'is_present'].includes(operator) ? true : 'x';
        assert.match(describeFilter({ field: 'f', operator, value }), new RegExp(`^f ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      }
    assert.equal(operatorText('notIn'), operatorText('not_in'));
  });

  test("an enum field offers its values (with its editor's labels); several chosen for 'in'", async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      () => 'Role',
      () => 'in',
    );
    ui.manyPicks.push((labels) => {
      assert.deepEqual(labels, ['chef', 'sommelier', 'critic', 'guest']);
      return ['chef', 'critic'];
    });
    const query = await filter(ui, 'author');
    assert.deepEqual(query?.filters, [{ field: 'role', operator: 'in', value: ['chef', 'critic'] }]);
    assert.equal(describeQuery(query!), 'role in (chef, critic)');
    const roles = (await listed('author', query!)).map((r) => r.attributes['role']);
    assert.deepEqual([...new Set(roles)].sort(), ['chef', 'critic']);
  });

  test("_status offers draft, updated and published; 'not in' is sent as the API spells it for _status", async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      () => '_status',
      (labels) => {
        assert.deepEqual(labels, ['=', '≠', 'in', 'not in']);
        return 'not in';
      },
    );
    ui.manyPicks.push((labels) => {
      assert.deepEqual(labels, ['draft', 'updated', 'published']);
      return ['draft'];
    });
    const query = await filter(ui, 'article');
    assert.deepEqual(query?.filters, [{ field: '_status', operator: 'notIn', value: ['draft'] }]);
    assert.equal(describeQuery(query!), '_status not in (draft)');
    const statuses = new Set((await listed('article', query!)).map((r) => r.meta['status']));
    assert.ok(statuses.size > 0 && !statuses.has('draft'), [...statuses].join());
  });

  test('a link offers its records by title, searched as typed: one request per search, the title shown, the id sent', async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      () => 'Author',
      () => '=',
    );
    world.emulator().clearRequests();
    ui.searchPicks.push(async ({ search }) => {
      assert.equal((await search('')).labels.length, 6, 'every author, before typing');
      const found = await search('BELL');
      assert.deepEqual(found.labels, ['Marco Bellini']);
      assert.deepEqual(found.descriptions, ['published']);
      return ['Marco Bellini'];
    });
    const query = await filter(ui, 'article');
    assert.equal(itemsRequests().length, 2, 'one GET /items per search');
    assert.deepEqual(itemsRequests()[1]!.query['filter'], {
      type: (await model('author')).id,
      fields: { name: { matches: { pattern: 'BELL', case_sensitive: 'false' } } },
    });
    const marco = (await listed('author', {})).find((r) => r.attributes['name'] === 'Marco Bellini')!;
    assert.deepEqual(query?.filters, [{ field: 'author', operator: 'eq', value: marco.id, labels: ['Marco Bellini'] }]);
    assert.equal(describeQuery(query!), 'author = "Marco Bellini"');
    const articles = await listed('article', query!);
    assert.ok(articles.length > 0 && articles.every((a) => a.attributes['author'] === marco.id));
  });

  test("a links field's records come a page at a time; several chosen for 'has any of'", async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      () => 'Featured articles',
      () => 'has any of',
    );
    let chosen: string[] = [];
    ui.searchPicks.push(async ({ search }) => {
      const first = await search('');
      const second = await search('', 1);
      const third = await search('', 2);
      assert.deepEqual(
        [first, second, third].map((p) => [p.labels.length, p.more]),
        [
          [20, true],
          [20, true],
          [5, false],
        ],
      );
      chosen = [first.labels[0]!, third.labels[4]!];
      return chosen;
    });
    const query = await filter(ui, 'home_page');
    const [condition] = query!.filters!;
    assert.equal(condition!.operator, 'any_in');
    assert.equal((condition!.value as string[]).length, 2);
    assert.deepEqual(condition!.labels, chosen);
    assert.equal(describeQuery(query!), `featured_articles has any of (${chosen.map((c) => JSON.stringify(c)).join(', ')})`);
    await listed('home_page', query!);
  });

  test('conditions add up, each shown; each is removed on its own from the dialogue or with Remove Filter Condition', async () => {
    const ui = new ScriptedUi();
    const start: RecordQuery = {
      search: 'pasta',
      filters: [
        { field: 'price', operator: 'gt', value: 10 },
        { field: 'vegetarian', operator: 'eq', value: true },
      ],
    };
    ui.picks.push(
      () => 'Course',
      () => '≠',
      (labels) => {
        assert.deepEqual(labels, ['starter', 'main', 'dessert', 'drink']);
        return 'drink';
      },
    );
    const three = await filter(ui, 'dish', start);
    assert.equal(describeQuery(three!), '"pasta" · price > 10 · vegetarian = true · course ≠ "drink"');
    // the dialogue lists the conditions set, to remove one
    ui.picks.push((labels) => {
      assert.deepEqual(labels.slice(0, 3), ['$(close) price > 10', '$(close) vegetarian = true', '$(close) course ≠ "drink"']);
      return '$(close) vegetarian = true';
    });
    const two = await filter(ui, 'dish', three);
    assert.equal(describeQuery(two!), '"pasta" · price > 10 · course ≠ "drink"');
    ui.picks.push((labels) => {
      assert.deepEqual(labels, ['price > 10', 'course ≠ "drink"']);
      return 'price > 10';
    });
    const one = await askRemoveFilter(ui, t, two!);
    assert.equal(describeQuery(one!), '"pasta" · course ≠ "drink"');
    // the last one goes without a question; then there is nothing to remove
    const none = await askRemoveFilter(ui, t, one!);
    assert.deepEqual(none, { search: 'pasta' });
    assert.equal(await askRemoveFilter(ui, t, none!), undefined);
    assert.deepEqual(ui.transcript.at(-1), 'info: These records are not filtered.');
  });

  test('a yes/no operator offers the two conditions it makes; dismissing a step changes nothing', async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      () => 'Cover image',
      () => 'exists',
      (labels) => {
        assert.deepEqual(labels, ['cover exists', 'cover does not exist']);
        return 'cover does not exist';
      },
    );
    const query = await filter(ui, 'article');
    assert.deepEqual(query?.filters, [{ field: 'cover', operator: 'exists', value: false }]);
    assert.ok((await listed('article', query!)).every((a) => a.attributes['cover'] === null));
    ui.picks.push(
      () => 'Author',
      () => '=',
    );
    ui.searchPicks.push(async () => undefined);
    assert.equal(await filter(ui, 'article', query!), undefined);
    const cover = (await fieldsOf(await model('article'))).find((f) => Field.apiKey(f) === 'cover')!;
    assert.equal(Field.label(cover), 'Cover image');
  });
});
