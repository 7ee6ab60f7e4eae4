import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { adminUrl } from '../../src/navigation/adminUrls';
import type { Project } from '../../src/projects/project';

const project: Project = {
  key: 'bistro',
  siteId: '1',
  name: 'Bistro',
  baseUrl: 'https://site-api.datocms.com',
  internalDomain: 'bistro.admin.datocms.com',
  primaryEnvironment: 'main',
};
const resource = <T extends string>(type: T, id: string, attributes: Record<string, unknown> = {}): Resource<T> => ({
  id,
  type,
  attributes,
  relationships: {},
  meta: {},
});
const model = resource('item_type', 'M1');
const block = resource('item_type', 'B1', { modular_block: true });
const ORIGIN = 'https://bistro.admin.datocms.com';

describe('Open in DatoCMS', () => {
  test('a record opens in the editor of its model', () => {
    assert.equal(
      adminUrl(project, 'main', { kind: 'record', itemType: model, record: resource('item', 'R1') }),
      `${ORIGIN}/editor/item_types/M1/items/R1/edit`,
    );
    assert.equal(
      adminUrl(project, 'staging', { kind: 'record', itemType: model, record: resource('item', 'R1') }),
      `${ORIGIN}/environments/staging/editor/item_types/M1/items/R1/edit`,
    );
  });

  test('a model opens in the schema, a block model in the blocks library', () => {
    assert.equal(adminUrl(project, 'main', { kind: 'model', itemType: model }), `${ORIGIN}/schema/item_types/M1`);
    assert.equal(adminUrl(project, 'staging', { kind: 'model', itemType: model }), `${ORIGIN}/environments/staging/schema/item_types/M1`);
    assert.equal(adminUrl(project, 'main', { kind: 'model', itemType: block }), `${ORIGIN}/schema/blocks_library/B1`);
  });

  test('a field opens in its model’s field editor', () => {
    assert.equal(
      adminUrl(project, 'main', { kind: 'field', itemType: model, field: resource('field', 'F1') }),
      `${ORIGIN}/schema/item_types/M1/fields/F1/edit`,
    );
    assert.equal(
      adminUrl(project, 'staging', { kind: 'field', itemType: block, field: resource('field', 'F2') }),
      `${ORIGIN}/environments/staging/schema/item_types/B1/fields/F2/edit`,
    );
  });

  test('a webhook opens in the project settings, whatever the environment', () => {
    assert.equal(
      adminUrl(project, 'main', { kind: 'webhook', webhook: resource('webhook', 'W1') }),
      `${ORIGIN}/project_settings/webhooks/W1/edit`,
    );
    assert.equal(
      adminUrl(project, 'staging', { kind: 'webhook', webhook: resource('webhook', 'W1') }),
      `${ORIGIN}/project_settings/webhooks/W1/edit`,
    );
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
