// The schema comparison and the migration plan as a user reads them: what is added, removed, changed or
// renamed, the order of the steps, what is flagged before a delete, and the script's text.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LosslessNumber } from 'lossless-json';
import { changesOf, diffSchemas } from '../../src/schemaCode/diff';
import { planMigration, removalsOf } from '../../src/schemaCode/plan';
import { migrationFileName, migrationScript } from '../../src/schemaCode/script';
import { article, labels, schema, title, type FieldSpec } from './snapshots';

describe('schema comparison', () => {
  test('the same schema with other ids (another project) compares equal, references included', () => {
    const a = schema('main', [
      { id: 'A', api_key: 'author', fields: [{ id: 'a1', api_key: 'name' }] },
      article([title, { id: 'F2', api_key: 'author', field_type: 'link', validators: { item_item_type: { item_types: ['A'] } } }], {
        title_field: 'F1',
      }),
    ]);
    const b = schema('copy', [
      { id: 'X', api_key: 'author', fields: [{ id: 'x1', api_key: 'name' }] },
      {
        ...article(
          [
            { ...title, id: 'G1' },
            { id: 'G2', api_key: 'author', field_type: 'link', validators: { item_item_type: { item_types: ['X'] } } },
          ],
          { title_field: 'G1' },
        ),
        id: 'N1',
      },
    ]);
    assert.deepEqual(changesOf(diffSchemas(a, b)), []);
    assert.deepEqual(planMigration(diffSchemas(a, b)), []);
  });

  test('a changed api_key with the same id is a rename, not a delete and a create', () => {
    const target = schema('main', [article([title])]);
    const source = schema('sandbox', [article([{ ...title, api_key: 'heading' }])]);
    const diff = diffSchemas(source, target);
    const changes = changesOf(diff);
    assert.deepEqual(
      changes.map((c) => [c.what, c.pair.kind, c.pair.key, c.pair.changed]),
      [
        ['model', 'changed', 'article', []],
        ['field', 'changed', 'article::heading', ['api_key']],
      ],
    );
    assert.deepEqual(removalsOf(diff), []);
    assert.deepEqual(labels(planMigration(diff)), ['Update field "Title" (article.heading) (renamed from title)']);
  });

  test('what only the target has is listed as a removal and left out on request', () => {
    const target = schema('main', [
      article([title, { id: 'F9', api_key: 'subtitle', label: 'Subtitle' }]),
      { id: 'M9', api_key: 'legacy', name: 'Legacy' },
    ]);
    const source = schema('sandbox', [article([title])]);
    const diff = diffSchemas(source, target);
    assert.deepEqual(removalsOf(diff), [
      { what: 'field', label: '"Subtitle" (article.subtitle)' },
      { what: 'model', label: '"Legacy" (legacy)' },
    ]);
    assert.deepEqual(labels(planMigration(diff)), ['Delete field "Subtitle" (article.subtitle)', 'Delete model "Legacy" (legacy)']);
    assert.deepEqual(planMigration(diff, { deletes: false }), []);
  });

  test('a new model linked from a new field is created before the field; the title link after the fields', () => {
    const target = schema('main', [article([title])]);
    const source = schema('sandbox', [
      { id: 'B1', api_key: 'quote', name: 'Quote', block: true, fields: [{ id: 'q1', api_key: 'text' }] },
      { id: 'A1', api_key: 'author', name: 'Author', title_field: 'a1', fields: [{ id: 'a1', api_key: 'name' }] },
      article([
        title,
        { id: 'F2', api_key: 'author', field_type: 'link', validators: { item_item_type: { item_types: ['A1'] } } },
        { id: 'F3', api_key: 'body', field_type: 'rich_text', validators: { rich_text_blocks: { item_types: ['B1'] } } },
      ]),
    ]);
    const steps = planMigration(diffSchemas(source, target));
    assert.deepEqual(labels(steps), [
      'Create block model "Quote" (quote)',
      'Create model "Author" (author)',
      'Create field "text" (quote.text)',
      'Create field "name" (author.name)',
      'Create field "author" (article.author)',
      'Create field "body" (article.body)',
      'Set the field links of "Author" (author)',
    ]);
    assert.deepEqual(
      steps.filter((s) => s.kind === 'lookup').map((s) => (s.kind === 'lookup' ? s.find : undefined)),
      [{ model: 'article' }],
    );
  });

  test('a slug field is created after the field it takes its title from; deletes come last, a model before the one it links to', () => {
    const target = schema('main', [
      { id: 'T1', api_key: 'tag', name: 'Tag' },
      {
        id: 'P1',
        api_key: 'post',
        name: 'Post',
        fields: [{ id: 'p1', api_key: 'tags', field_type: 'links', validators: { items_item_type: { item_types: ['T1'] } } }],
      },
      article([title]),
    ]);
    const source = schema('sandbox', [
      article([
        title,
        { id: 'F3', api_key: 'slug', field_type: 'slug', validators: { slug_title_field: { title_field_id: 'F4' } } },
        { id: 'F4', api_key: 'headline' },
      ]),
    ]);
    const steps = planMigration(diffSchemas(source, target));
    assert.deepEqual(labels(steps), [
      'Create field "headline" (article.headline)',
      'Create field "slug" (article.slug)',
      'Order the fields of "Article" (article)',
      'Delete model "Post" (post)',
      'Delete model "Tag" (tag)',
    ]);
  });

  test('a fieldset is created before the fields placed in it, and matched by title across ids', () => {
    const target = schema('main', [article([title], { fieldsets: [{ id: 'S1', title: 'SEO' }] })]);
    const source = schema('sandbox', [
      {
        ...article(
          [
            { ...title, id: 'G1', fieldset: 'Z2' },
            { id: 'G2', api_key: 'meta', fieldset: 'Z1' },
          ],
          {
            fieldsets: [
              { id: 'Z1', title: 'SEO' },
              { id: 'Z2', title: 'Main' },
            ],
          },
        ),
        id: 'N1',
      },
    ]);
    const diff = diffSchemas(source, target);
    const steps = planMigration(diff);
    assert.deepEqual(labels(steps), [
      'Create fieldset "Main" in article',
      'Update field "Title" (article.title): fieldset',
      'Create field "meta" (article.meta)',
    ]);
    const script = migrationScript(steps, { source: 'sandbox', target: 'main', generatedAt: '2026-01-01T00:00:00Z' });
    assert.match(script, /ids\.set\('fieldset article\/SEO', await fieldsetId\('article', 'SEO'\)\);/);
    assert.match(script, /fieldset: \{ type: 'fieldset', id: id\('fieldset article\/Main'\) \}/);
  });
});

test('a renamed link field that now also allows a new model: renamed first, its validators once the model exists', () => {
  const link = (types: string[], apiKey = 'author'): FieldSpec => ({
    id: 'F2',
    api_key: apiKey,
    field_type: 'link',
    validators: { item_item_type: { item_types: types } },
  });
  const target = schema('main', [{ id: 'A', api_key: 'author' }, article([title, link(['A'])])]);
  const source = schema('sandbox', [
    { id: 'A', api_key: 'author' },
    { id: 'G', api_key: 'guest' },
    article([title, link(['A', 'G'], 'writer')]),
  ]);
  assert.deepEqual(labels(planMigration(diffSchemas(source, target))), [
    'Update field "writer" (article.writer) (renamed from author)',
    'Create model "guest" (guest)',
    'Update field "writer" (article.writer) (renamed from author): validators',
  ]);
});

test('an existing model whose title field is unset sends the null; a new model leaves its unset links out', () => {
  const target = schema('main', [article([title], { title_field: 'F1' })]);
  const source = schema('sandbox', [article([title]), { id: 'N', api_key: 'note', fields: [] }]);
  const steps = planMigration(diffSchemas(source, target));
  assert.deepEqual(
    steps.filter((s) => s.kind === 'updateModel' || s.kind === 'createModel').map((s) => ('body' in s ? s.body : undefined)),
    [{ name: 'note', api_key: 'note', modular_block: false }, { title_field: null }],
  );
});

test('the model migrations:run records its scripts in is not part of the comparison', () => {
  const target = schema('main', [article([title])]);
  const source = schema('sandbox', [article([title]), { id: 'SM', api_key: 'schema_migration', fields: [{ id: 'n', api_key: 'name' }] }]);
  assert.deepEqual(changesOf(diffSchemas(source, target)), []);
  assert.deepEqual(
    changesOf(diffSchemas(source, target, { ignoreModels: ['other_log'] })).map((c) => c.pair.key),
    ['schema_migration', 'schema_migration::name'],
  );
});

describe('migration script', () => {
  test('has the form migrations:run expects and names no id of either environment', () => {
    const target = schema('main', [article([title])]);
    const source = schema('sandbox', [
      { id: 'AUTHOR_ID', api_key: 'author', name: "Author's page", fields: [{ id: 'NAME_ID', api_key: 'name' }] },
      article([
        title,
        {
          id: 'LINK_ID',
          api_key: 'author',
          field_type: 'link',
          validators: { item_item_type: { item_types: ['AUTHOR_ID'] } },
          default_value: new LosslessNumber('12345678901234567890'),
        },
      ]),
    ]);
    const script = migrationScript(planMigration(diffSchemas(source, target)), { source: 'sandbox', target: 'main', generatedAt: 'now' });
    assert.match(script, /^import type \{ Client \} from '@datocms\/cli\/lib\/cma-client-node';$/m);
    assert.match(script, /^export default async function \(client: Client\): Promise<void> \{$/m);
    assert.doesNotMatch(script, /AUTHOR_ID|NAME_ID|LINK_ID|'M1'|'F1'/);
    assert.match(script, /item_types: \[id\('model author'\)\]/);
    assert.match(script, /name: 'Author\\'s page'/);
    assert.match(script, /default_value: exact\('12345678901234567890'\),/);
    assert.match(script, /ids\.set\('model article', \(await client\.itemTypes\.find\('article'\)\)\.id\);/);
  });

  test('file names follow migrations:new: unix seconds and the camel-cased name', () => {
    assert.equal(migrationFileName('Add author model!', new Date(1_700_000_000_500)), '1700000000_addAuthorModel.ts');
    assert.equal(migrationFileName('***', new Date(0)), '0_migration.ts');
  });
});
