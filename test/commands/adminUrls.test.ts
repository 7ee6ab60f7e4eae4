import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { adminUrl } from '../../src/commands/adminUrls';
import type { Project } from '../../src/projects/project';

const project: Project = { key: 'bistro', siteId: '1', name: 'Bistro', baseUrl: 'https://site-api.datocms.com', internalDomain: 'bistro.admin.datocms.com', primaryEnvironment: 'main' };
const resource = <T extends string>(type: T, id: string, attributes: Record<string, unknown> = {}): Resource<T> => ({ id, type, attributes, relationships: {}, meta: {} });

describe('Open in DatoCMS', () => {
  test('links models, fields, records and webhooks, with the environment prefix outside the primary one', () => {
    const model = resource('item_type', 'M1');
    const block = resource('item_type', 'B1', { modular_block: true });
    assert.equal(adminUrl(project, 'main', { kind: 'model', itemType: model }), 'https://bistro.admin.datocms.com/schema/item_types/M1');
    assert.equal(adminUrl(project, 'staging', { kind: 'model', itemType: model }), 'https://bistro.admin.datocms.com/environments/staging/schema/item_types/M1');
    assert.equal(adminUrl(project, 'main', { kind: 'model', itemType: block }), 'https://bistro.admin.datocms.com/schema/blocks_library/B1');
    assert.equal(adminUrl(project, 'main', { kind: 'field', itemType: model, field: resource('field', 'F1') }), 'https://bistro.admin.datocms.com/schema/item_types/M1/fields/F1/edit');
    assert.equal(adminUrl(project, 'staging', { kind: 'record', itemType: model, record: resource('item', 'R1') }), 'https://bistro.admin.datocms.com/environments/staging/editor/item_types/M1/items/R1/edit');
    assert.equal(adminUrl(project, 'staging', { kind: 'webhook', webhook: resource('webhook', 'W1') }), 'https://bistro.admin.datocms.com/admin/webhooks/W1');
    assert.equal(adminUrl({ ...project, internalDomain: null }, 'main', { kind: 'project' }), undefined);
  });
});
