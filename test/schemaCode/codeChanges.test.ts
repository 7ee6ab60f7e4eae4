// What a migration changes that the workspace's queries can see: removed models and fields (only when the user deletes
// them) and renamed api_keys, named as the environment the migration runs on knows them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeChangesOf } from '../../src/schemaCode/codeChanges';
import { diffSchemas } from '../../src/schemaCode/diff';
import { article, schema, title } from './snapshots';

test('a renamed field is a change to its new name; a removed field and model count only when deleted', () => {
  const target = schema('main', [
    article([title, { id: 'F2', api_key: 'subtitle' }]),
    { id: 'A', api_key: 'author', fields: [{ id: 'a1', api_key: 'name' }] },
  ]);
  const source = schema('sandbox', [article([{ ...title, api_key: 'heading' }])]);
  const diff = diffSchemas(source, target);
  const place = { project: 'bistro', environment: 'main' };
  assert.deepEqual(codeChangesOf(diff, 'bistro', { deletes: false }), [
    { ...place, kind: 'field', modelApiKey: 'article', fieldApiKey: 'title', to: 'heading' },
  ]);
  assert.deepEqual(
    codeChangesOf(diff, 'bistro', { deletes: true }).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    [
      { ...place, kind: 'field', modelApiKey: 'article', fieldApiKey: 'subtitle' },
      { ...place, kind: 'field', modelApiKey: 'article', fieldApiKey: 'title', to: 'heading' },
      { ...place, kind: 'model', modelApiKey: 'author' },
    ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );
});
