// The migration plan where the API is strict: api_keys unique at every step (swaps, rotations, chains, a
// name given up by what the migration deletes or keeps), types that cannot change in place (a delete and a
// create, flagged), models that link to each other, and fieldsets found by a title.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { changesOf, diffSchemas } from '../../src/schemaCode/diff';
import { scheduleNames } from '../../src/schemaCode/names';
import { AmbiguousFieldset, planMigration, removalsOf } from '../../src/schemaCode/plan';
import { migrationScript } from '../../src/schemaCode/script';
import { article, labels, schema, title, type FieldSpec } from './snapshots';

const field = (id: string, apiKey: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ id, api_key: apiKey, label: apiKey, ...extra });
const renames = (steps: ReturnType<typeof planMigration>) =>
  steps.flatMap((s) =>
    (s.kind === 'updateField' || s.kind === 'updateModel') && 'api_key' in s.body ? [`${s.ref.key} → ${String(s.body['api_key'])}`] : [],
  );

describe('the order of renames', () => {
  test('a swap goes through a temporary name; a rotation needs one; a chain runs from its free end', () => {
    const moves = (slots: Array<[string, string | undefined, string | undefined]>) =>
      scheduleNames(slots.map(([key, current, final]) => ({ key, current, final }))).map((m) => `${m.from}→${m.to}`);
    assert.deepEqual(
      moves([
        ['A', 'a', 'b'],
        ['B', 'b', 'a'],
      ]),
      ['a→a_tmp', 'b→a', 'a_tmp→b'],
    );
    assert.deepEqual(
      moves([
        ['A', 'a', 'b'],
        ['B', 'b', 'c'],
        ['C', 'c', 'a'],
      ]),
      ['a→a_tmp', 'c→a', 'b→c', 'a_tmp→b'],
    );
    assert.deepEqual(
      moves([
        ['A', 'a', 'b'],
        ['B', 'b', 'c'],
        ['N', undefined, 'a'],
      ]),
      ['b→c', 'a→b'],
    );
    // what only the target has gives up a name the source uses; a temporary name never takes a name in use
    assert.deepEqual(
      moves([
        ['A', 'a', 'b'],
        ['B', 'b', undefined],
        ['X', 'b_old', 'b_old'],
      ]),
      ['b→b_old2', 'a→b'],
    );
  });

  test('two fields swapping api_keys: the script renames through a temporary name', () => {
    const target = schema('main', [article([title, field('F2', 'role'), field('F3', 'email')])]);
    const source = schema('sandbox', [article([title, field('F2', 'email'), field('F3', 'role')])]);
    assert.deepEqual(renames(planMigration(diffSchemas(source, target))), [
      'article::email → role_tmp',
      'article::role → role',
      'article::email → email',
    ]);
  });

  test('a rename into the name of a field the migration deletes: the deleted one gives it up first', () => {
    const target = schema('main', [article([title, field('F2', 'role'), field('F3', 'email')])]);
    const source = schema('sandbox', [article([title, field('F3', 'role')])]);
    const diff = diffSchemas(source, target);
    assert.deepEqual(labels(planMigration(diff)), [
      'Rename field "role" (article.role) to role_old: role goes to another field',
      'Update field "role" (article.role) (renamed from email)',
      'Delete field "role" (article.role)',
    ]);
    assert.deepEqual(removalsOf(diff), [{ what: 'field', label: '"role" (article.role)', keptAs: 'role_old' }]);
    // left out, it stays under the name the confirmation gave
    assert.deepEqual(renames(planMigration(diff, { deletes: false })), ['article::role (removed) → role_old', 'article::role → role']);
  });
});

describe('what cannot change in place', () => {
  test('a field of the same name and another type (a new id) is a delete and a create, flagged as replaced', () => {
    const target = schema('main', [article([title, field('F2', 'bio', { field_type: 'text' })])]);
    const source = schema('sandbox', [article([title, field('G2', 'bio', { field_type: 'json' })])]);
    const diff = diffSchemas(source, target);
    assert.deepEqual(
      changesOf(diff).map((c) => `${c.what} ${c.pair.kind} ${c.pair.key}`),
      ['model changed article', 'field added article::bio', 'field removed article::bio (removed)'],
    );
    assert.deepEqual(removalsOf(diff), [{ what: 'field', label: '"bio" (article.bio)', replaced: true, keptAs: 'bio_old' }]);
    assert.deepEqual(labels(planMigration(diff)), [
      'Rename field "bio" (article.bio) to bio_old: bio goes to another field',
      'Create field "bio" (article.bio)',
      'Delete field "bio" (article.bio)',
    ]);
    // the same field (its id) changing type is sent in place: the API accepted it where it was made
    const inPlace = diffSchemas(schema('sandbox', [article([title, field('F2', 'bio', { field_type: 'string' })])]), target);
    assert.deepEqual(labels(planMigration(inPlace)), ['Update field "bio" (article.bio)']);
  });

  test('a model made anew as a block model of the same api_key is deleted and created, and listed', () => {
    const target = schema('main', [{ id: 'M7', api_key: 'banner', name: 'Banner', fields: [field('b1', 'label')] }]);
    const source = schema('sandbox', [{ id: 'N7', api_key: 'banner', name: 'Banner', block: true, fields: [field('c1', 'label')] }]);
    const diff = diffSchemas(source, target);
    assert.deepEqual(removalsOf(diff), [{ what: 'model', label: '"Banner" (banner)', replaced: true, keptAs: 'banner_old' }]);
    assert.deepEqual(labels(planMigration(diff)), [
      'Rename model "Banner" (banner) to banner_old: banner goes to another model',
      'Create block model "Banner" (banner)',
      'Create field "label" (banner.label)',
      'Delete model "Banner" (banner)',
    ]);
  });

  test('a model of the same name whose field of the same name changed type was made anew; otherwise it is the same model', () => {
    const target = schema('main', [{ id: 'M7', api_key: 'promo', fields: [field('p1', 'starts', { field_type: 'date' })] }]);
    const anew = schema('sandbox', [{ id: 'N7', api_key: 'promo', fields: [field('q1', 'starts', { field_type: 'date_time' })] }]);
    assert.deepEqual(
      removalsOf(diffSchemas(anew, target)).map((r) => r.label),
      ['"promo" (promo)'],
    );
    const same = schema('sandbox', [
      { id: 'N7', api_key: 'promo', fields: [field('q1', 'starts', { field_type: 'date', label: 'From' })] },
    ]);
    assert.deepEqual(removalsOf(diffSchemas(same, target)), []);
  });

  test('a type change whose validators name a new model waits for it, in one request', () => {
    const target = schema('main', [article([title, field('F2', 'writer', { field_type: 'text' })])]);
    const source = schema('sandbox', [
      { id: 'A', api_key: 'author', fields: [] },
      article([title, field('F2', 'writer', { field_type: 'link', validators: { item_item_type: { item_types: ['A'] } } })]),
    ]);
    const steps = planMigration(diffSchemas(source, target));
    const update = steps.find((s) => s.kind === 'updateField');
    assert.deepEqual(labels(steps), ['Create model "author" (author)', 'Update field "writer" (article.writer): field_type, validators']);
    assert.deepEqual(Object.keys((update as { body: object }).body), ['field_type', 'validators']);
  });
});

describe('deletes the API refuses in the wrong order', () => {
  test('models linking to each other: a link field goes first, then each model', () => {
    const link = (id: string, to: string) =>
      field(id, 'next', { field_type: 'link', validators: { item_item_type: { item_types: [to] } } });
    const target = schema('main', [
      { id: 'L', api_key: 'left', fields: [link('l1', 'R')] },
      { id: 'R', api_key: 'right', fields: [link('r1', 'L')] },
    ]);
    assert.deepEqual(labels(planMigration(diffSchemas(schema('sandbox', []), target))), [
      'Delete field "next" (right.next), which links to left: the models link to each other',
      'Delete model "left" (left)',
      'Delete model "right" (right)',
    ]);
  });

  test('a slug goes before the field it takes its title from', () => {
    const target = schema('main', [
      article([
        title,
        field('F2', 'name'),
        field('F3', 'slug', { field_type: 'slug', validators: { slug_title_field: { title_field_id: 'F2' } } }),
      ]),
    ]);
    const source = schema('sandbox', [article([title])]);
    assert.deepEqual(labels(planMigration(diffSchemas(source, target))), [
      'Delete field "slug" (article.slug)',
      'Delete field "name" (article.name)',
    ]);
  });
});

describe('fieldsets found by title', () => {
  const twoSeo = [
    { id: 'S1', title: 'SEO' },
    { id: 'S2', title: 'SEO' },
  ];

  test('a step that needs one of two fieldsets sharing a title, whose id the source does not have, is refused, naming them', () => {
    const target = schema('main', [article([title, field('F2', 'meta', { fieldset: 'S2' })], { fieldsets: twoSeo })]);
    const source = schema('sandbox', [
      { ...article([{ ...title, id: 'G1' }, field('G2', 'meta')], { fieldsets: [{ id: 'Z1', title: 'SEO' }] }), id: 'N1' },
    ]);
    assert.throws(
      () => planMigration(diffSchemas(source, target)),
      (error: unknown) =>
        error instanceof AmbiguousFieldset && error.model === 'article' && error.title === 'SEO' && error.environment === 'main',
    );
  });

  test('environments that share ancestry (a fork keeps ids): two fieldsets sharing a title are found by their ids', () => {
    const target = schema('main', [article([title, field('F2', 'meta', { fieldset: 'S1' })], { fieldsets: twoSeo })]);
    // the source moved meta into the second SEO fieldset and deleted the first
    const source = schema('sandbox', [article([title, field('F2', 'meta', { fieldset: 'S2' })], { fieldsets: [twoSeo[1]!] })]);
    const steps = planMigration(diffSchemas(source, target));
    assert.deepEqual(labels(steps), [
      'Update field "meta" (article.meta)',
      'Update fieldset "SEO" in article',
      'Delete fieldset "SEO" of article',
    ]);
    const finds = steps.flatMap((s) => (s.kind === 'lookup' && s.find.fieldsetTitle ? [[s.ref.key, s.find.fieldsetId]] : []));
    assert.deepEqual(finds, [
      ['article/SEO', 'S2'],
      ['article/SEO (removed)', 'S1'],
    ]);
    const script = migrationScript(steps, { source: 'sandbox', target: 'main', generatedAt: '2026-01-01T00:00:00Z' });
    assert.match(script, /ids\.set\('fieldset article\/SEO', await fieldsetId\('article', 'SEO', 'S2'\)\);/);
    assert.match(script, /ids\.set\('fieldset article\/SEO \(removed\)', await fieldsetId\('article', 'SEO', 'S1'\)\);/);
  });

  test('fieldsets sharing a title that no step needs are no obstacle; a title is matched across ids only when one holds it', () => {
    const target = schema('main', [article([title], { fieldsets: twoSeo })]);
    const source = schema('sandbox', [article([title, field('F2', 'extra')], { fieldsets: twoSeo })]);
    assert.deepEqual(labels(planMigration(diffSchemas(source, target))), ['Create field "extra" (article.extra)']);
    const otherIds = schema('sandbox', [{ ...article([{ ...title, id: 'G1' }], { fieldsets: [{ id: 'Z1', title: 'SEO' }] }), id: 'N1' }]);
    assert.deepEqual(
      removalsOf(diffSchemas(otherIds, target)).map((r) => r.label),
      ['SEO (article)', 'SEO (article)'],
    );
  });
});
