import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminUrl, type AdminTarget } from '../../src/navigation/adminUrls';
import { project, resource } from './adminFixtures';
const model = resource('item_type', 'M1');
const block = resource('item_type', 'B1', { modular_block: true });
const ORIGIN = 'https://bistro.admin.datocms.com';

describe('Open in DatoCMS', () => {
  /** Each row: the environment, what to open, the address expected. */
  const opens = (rows: [string, AdminTarget, string][]) => {
    for (const [environment, target, expected] of rows) assert.equal(adminUrl(project, environment, target), expected);
  };

  test('a record opens in the editor of its model', () => {
    const record = { kind: 'record', itemType: model, record: resource('item', 'R1') } as const;
    opens([
      ['main', record, `${ORIGIN}/editor/item_types/M1/items/R1/edit`],
      ['staging', record, `${ORIGIN}/environments/staging/editor/item_types/M1/items/R1/edit`],
    ]);
  });

  test('a model opens in the schema, a block model in the blocks library', () => {
    assert.equal(adminUrl(project, 'main', { kind: 'model', itemType: model }), `${ORIGIN}/schema/item_types/M1`);
    assert.equal(adminUrl(project, 'staging', { kind: 'model', itemType: model }), `${ORIGIN}/environments/staging/schema/item_types/M1`);
    assert.equal(adminUrl(project, 'main', { kind: 'model', itemType: block }), `${ORIGIN}/schema/blocks_library/B1`);
  });

  test('a field opens in its model’s field editor', () => {
    opens([
      ['main', { kind: 'field', itemType: model, field: resource('field', 'F1') }, `${ORIGIN}/schema/item_types/M1/fields/F1/edit`],
      [
        'staging',
        { kind: 'field', itemType: block, field: resource('field', 'F2') },
        `${ORIGIN}/environments/staging/schema/item_types/B1/fields/F2/edit`,
      ],
    ]);
  });

  test('a webhook opens in the project settings, whatever the environment', () => {
    const webhook = { kind: 'webhook', webhook: resource('webhook', 'W1') } as const;
    opens([
      ['main', webhook, `${ORIGIN}/project_settings/webhooks/W1/edit`],
      ['staging', webhook, `${ORIGIN}/project_settings/webhooks/W1/edit`],
    ]);
  });

  test('the primary environment is the one known at sign-in; ids are path-encoded; no domain, no link', () => {
    const renamed = { ...project, primaryEnvironment: 'production' };
    assert.equal(adminUrl(renamed, 'production', { kind: 'model', itemType: model }), `${ORIGIN}/schema/item_types/M1`);
    assert.equal(adminUrl(renamed, 'main', { kind: 'model', itemType: model }), `${ORIGIN}/environments/main/schema/item_types/M1`);
    assert.equal(
      adminUrl(project, 'main', { kind: 'record', itemType: model, record: resource('item', 'a/b') }),
      `${ORIGIN}/editor/item_types/M1/items/a%2Fb/edit`,
    );
    assert.equal(adminUrl({ ...project, internalDomain: null }, 'main', { kind: 'project' }), undefined);
  });
});
