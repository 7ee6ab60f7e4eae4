import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { askLocale, askOrder, askSearch, askVersion } from '../../src/tree/queries';
import { itemQueryFor, parseFilterValue } from '../../src/listing/recordQuery';
import { formatMessage as t } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';

const field = (apiKey: string, fieldType: string, label = apiKey): Resource<'field'> => ({
  id: `f-${apiKey}`,
  type: 'field',
  attributes: { api_key: apiKey, field_type: fieldType, label },
  relationships: {},
  meta: {},
});
const model: Resource<'item_type'> = {
  id: 'm1',
  type: 'item_type',
  attributes: { api_key: 'dish', sortable: true },
  relationships: {},
  meta: {},
};
const fields = [
  field('name', 'string', 'Name'),
  field('price', 'float', 'Price'),
  field('tags', 'links', 'Tags'),
  field('sections', 'rich_text', 'Sections'),
  field('vegetarian', 'boolean', 'Vegetarian'),
];

describe('record query commands', () => {
  test('filter values follow the API shapes per operator', () => {
    assert.deepEqual(parseFilterValue('links', 'any_in', 'a, b ,c'), { ok: true, value: ['a', 'b', 'c'] });
    assert.deepEqual(parseFilterValue('string', 'matches', 'pasta'), { ok: true, value: { pattern: 'pasta', case_sensitive: false } });
    assert.deepEqual(parseFilterValue('lat_lon', 'near', '45.4, 9.1, 500'), {
      ok: true,
      value: { latitude: 45.4, longitude: 9.1, radius: 500 },
    });
    assert.deepEqual(parseFilterValue('_status', 'in', 'draft,updated'), { ok: true, value: ['draft', 'updated'] });
    assert.deepEqual(parseFilterValue('integer', 'in', '1,2'), { ok: true, value: [1, 2] });
    assert.equal(parseFilterValue('lat_lon', 'near', '45.4').ok, false);
    assert.equal(parseFilterValue('string', 'exists', 'maybe').ok, false);
  });

  test('order by: sortable fields and meta columns, then direction; "Default order" clears it', async () => {
    const ui = new ScriptedUi();
    ui.picks.push(
      (labels) => {
        assert.ok(labels.includes('Name') && labels.includes('Price') && !labels.includes('Tags'), 'only sortable field types');
        assert.ok(labels.includes('_updated_at') && labels.includes('position'));
        assert.ok(!labels.includes('_rank'), 'relevance only with a search');
        return 'Price';
      },
      () => 'Descending',
    );
    const ordered = await askOrder(ui, t, model, fields, {});
    assert.deepEqual(ordered, { order: { field: 'price', direction: 'DESC' } });
    assert.equal(itemQueryFor('m1', ordered!, { offset: 0, limit: 1 }).order_by, 'price_DESC');
    ui.picks.push(() => 'Default order');
    assert.deepEqual(await askOrder(ui, t, model, fields, ordered!), {});
  });

  test('search, locale and version set and clear their part of the query', async () => {
    const ui = new ScriptedUi();
    ui.inputs.push(() => '  truffle ');
    const searched = await askSearch(ui, t, { version: 'published' });
    assert.deepEqual(searched, { version: 'published', search: 'truffle' });
    ui.inputs.push(() => '');
    assert.deepEqual(await askSearch(ui, t, searched!), { version: 'published' });

    ui.picks.push((labels) => {
      assert.deepEqual(labels, ['en', 'it']);
      return 'it';
    });
    const italian = await askLocale(ui, t, ['en', 'it'], {});
    assert.deepEqual(italian, { locale: 'it' });
    ui.picks.push(() => 'en');
    assert.deepEqual(await askLocale(ui, t, ['en', 'it'], italian!), {}, 'the main locale is the default');

    ui.picks.push(() => 'Published');
    const published = await askVersion(ui, t, {});
    assert.deepEqual(itemQueryFor('m1', published!, { offset: 0, limit: 1 }).version, 'published');
    ui.picks.push(() => 'Current');
    assert.deepEqual(await askVersion(ui, t, published!), {});
  });
});
