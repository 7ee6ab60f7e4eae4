// Overwrite merges at the finest grain the API takes: a colleague's change is kept unless the user changed the same
// value, and what both changed is named.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import { basisValue, documentValue } from '../../src/schema';
import { conflictsOf, describeUnit, planOver } from '../../src/schema/merge';
import * as fx from './fixtures';
import { edited } from './helpers';

const ctx = fx.context();

/** The record after a colleague's save: `attributes` changed, a new version. */
function theirs(changes: Record<string, unknown>): Resource<'item'> {
  const record = fx.articleRecord();
  return {
    ...record,
    attributes: { ...record.attributes, ...changes },
    meta: { ...record.meta, current_version: 'Version0Q0K0000000002A' },
  };
}

describe('Overwrite merges over the newer version', () => {
  const opened = fx.articleRecord();
  const base = documentValue('record', opened, ctx);

  test("the user changed one locale, the colleague both: only the user's locale is replaced, the other is theirs", () => {
    const remote = theirs({ title: { en: 'Their risotto', it: 'Il loro risotto' } });
    const text = edited('record', opened, ctx, (d) => (d.title.en = 'My risotto'));
    const plan = planOver('record', text, opened, base, ctx, { resource: remote, ctx });
    assert.ok(plan.ok && plan.body);
    assert.deepEqual(plan.body.data.attributes, { title: { en: 'My risotto', it: 'Il loro risotto' } });
    assert.deepEqual(plan.body.data.meta, { current_version: 'Version0Q0K0000000002A' }, 'locked on the version overwritten');
    assert.deepEqual(plan.conflicts, [['title', 'en']]);
    assert.deepEqual(plan.conflicts?.map(describeUnit), ['title (en)']);
  });

  test("a colleague's change to another field is neither sent nor reverted; no conflict is named", () => {
    const remote = theirs({ rating: 2, slug: 'their-slug' });
    const text = edited('record', opened, ctx, (d) => (d.title.it = 'Mio'));
    const plan = planOver('record', text, opened, base, ctx, { resource: remote, ctx });
    assert.ok(plan.ok && plan.body);
    assert.deepEqual(plan.body.data.attributes, { title: { en: 'Risotto tonight', it: 'Mio' } });
    assert.deepEqual(plan.conflicts, []);
  });

  test('the same change on both sides sends nothing', () => {
    const remote = theirs({ rating: 5 });
    const text = edited('record', opened, ctx, (d) => (d.rating = 5));
    const plan = planOver('record', text, opened, base, ctx, { resource: remote, ctx });
    assert.deepEqual(plan, { ok: true, body: null, conflicts: [] });
  });

  test('a non-localized field both changed is one unit, named by its key', () => {
    const remote = theirs({ rating: 2 });
    const text = edited('record', opened, ctx, (d) => (d.rating = 3));
    assert.deepEqual(conflictsOf('record', text, base, { resource: remote, ctx }).map(describeUnit), ['rating']);
  });

  test('after a save the user typed through, the base is the text that was saved, not the server answer', () => {
    const saved = edited('record', opened, ctx, (d) => (d.title.en = 'Saved'));
    const typed = edited('record', opened, ctx, (d) => {
      d.title.en = 'Saved';
      d.rating = 1;
    });
    const remote = theirs({ title: { en: 'Saved', it: 'Loro' } });
    const plan = planOver('record', typed, opened, basisValue(saved)!, ctx, { resource: remote, ctx });
    assert.ok(plan.ok && plan.body);
    assert.deepEqual(plan.body.data.attributes, { rating: 1 });
    assert.deepEqual(plan.conflicts, []);
  });

  test('fields: one validator is a unit; a model key is a unit', () => {
    const field = fx.titleField;
    const fieldBase = documentValue('field', field, ctx);
    const remote: Resource = {
      ...field,
      attributes: { ...field.attributes, validators: { required: {}, length: { min: 3, max: 50 } }, hint: 'Theirs' },
    };
    const text = edited('field', field, ctx, (d) => {
      d.validators.format = { predefined_pattern: 'email' };
      d.hint = 'Mine';
    });
    const plan = planOver('field', text, field, fieldBase, ctx, { resource: remote, ctx });
    assert.ok(plan.ok && plan.body);
    assert.deepEqual(plan.body.data.attributes, {
      validators: { required: {}, length: { min: 3, max: 50 }, format: { predefined_pattern: 'email' } },
      hint: 'Mine',
    });
    assert.deepEqual(plan.conflicts?.map(describeUnit), ['hint']);
  });

  test('a text with problems is refused before any merge', () => {
    const remote = theirs({ rating: 2 });
    const text = edited('record', opened, ctx, (d) => (d.rating = 'high'));
    const plan = planOver('record', text, opened, base, ctx, { resource: remote, ctx });
    assert.equal(plan.ok, false);
  });
});
