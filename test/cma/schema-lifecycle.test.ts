// The client's creates and deletes of schema, its environment operations and maintenance mode, against the
// emulator: what comes back, which calls run as jobs, and how refusals surface.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, type CmaClient } from '../../src/cma';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor, rejectionOf } from './support';

describe('schema lifecycle and environments through the client', () => {
  let emulator: Emulator;
  let client: CmaClient;

  useEmulator({ records: 10, jobDurationMs: 10, forkDurationMs: 60 }, (started) => {
    emulator = started.emulator;
    ({ client } = clientFor(emulator));
  });
  test('a model, its fieldset and a field are created; the field create runs as a job', async () => {
    const model = await client.itemTypes.create({ data: { type: 'item_type', attributes: { name: 'Supplier', api_key: 'supplier' } } });
    assert.equal(model.type, 'item_type');
    assert.equal(model.attributes['api_key'], 'supplier');
    const fieldset = await client.fieldsets.create('supplier', { data: { type: 'fieldset', attributes: { title: 'Contact' } } });
    assert.equal((await client.fieldsets.find(fieldset.id)).attributes['title'], 'Contact');
    const jobs: string[] = [];
    const field = await client.fields.create(
      model.id,
      {
        data: {
          type: 'field',
          attributes: { label: 'Name', api_key: 'name', field_type: 'string' },
          relationships: { fieldset: { data: { type: 'fieldset', id: fieldset.id } } },
        },
      },
      { onJob: (id) => jobs.push(id) },
    );
    assert.equal(jobs.length, 1, 'the create ran as a job');
    assert.equal(field.attributes['api_key'], 'name');
    assert.deepEqual(field.relationships['fieldset']?.data, { type: 'fieldset', id: fieldset.id });
    const renamed = await client.fieldsets.update(fieldset.id, {
      data: { type: 'fieldset', id: fieldset.id, attributes: { title: 'Contacts' } },
    });
    assert.equal(renamed.attributes['title'], 'Contacts');
  });

  test('a refused create is an ApiError naming the attribute; nothing is created', async () => {
    const error = await rejectionOf(
      client.fields.create('supplier', {
        data: { type: 'field', attributes: { label: 'Name again', api_key: 'name', field_type: 'string' } },
      }),
    );
    assert.ok(error instanceof ApiError);
    assert.ok(error.findError('INVALID_FIELD', { field: 'api_key', code: 'VALIDATION_UNIQUENESS' }));
    assert.equal((await client.fields.list('supplier')).length, 1);
  });

  test('a body of the wrong type is refused before anything is sent', async () => {
    const before = emulator.requests.length;
    await assert.rejects(client.itemTypes.create({ data: { type: 'field', attributes: {} } } as never), TypeError);
    assert.equal(emulator.requests.length, before);
  });

  test('deletes answer with what was deleted; a field by model::api_key, a model by api_key', async () => {
    const field = await client.fields.destroy('supplier::name');
    assert.equal(field.attributes['api_key'], 'name');
    const fieldset = (await client.fieldsets.list('supplier'))[0]!;
    assert.equal((await client.fieldsets.destroy(fieldset.id)).id, fieldset.id);
    const model = await client.itemTypes.destroy('supplier');
    assert.equal(model.attributes['api_key'], 'supplier');
    assert.equal(((await rejectionOf(client.itemTypes.find('supplier'))) as ApiError).status, 404);
  });

  test('a model other models link to is not deleted; the refusal names the fields', async () => {
    const error = await rejectionOf(client.itemTypes.destroy('author'));
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'REQUIRED_BY_ASSOCIATION');
    assert.ok(Array.isArray(error.errors[0]?.details['fields']));
  });

  test('webhooks are created and deleted at once', async () => {
    const webhook = await client.webhooks.create({
      data: {
        type: 'webhook',
        attributes: {
          name: 'Build',
          url: 'https://example.com/build',
          custom_payload: null,
          headers: {},
          events: [{ entity_type: 'item', event_types: ['publish'] }],
          http_basic_user: null,
          http_basic_password: null,
        },
      },
    });
    assert.equal((await client.webhooks.destroy(webhook.id)).id, webhook.id);
    assert.equal(((await rejectionOf(client.webhooks.find(webhook.id))) as ApiError).status, 404);
  });

  test('fork (waiting, or answering at once while creating), find, rename, promote, destroy', async () => {
    const jobs: string[] = [];
    const waited = await client.environments.fork('main', 'feature-one', {}, { onJob: (id) => jobs.push(id) });
    assert.deepEqual([waited.id, waited.meta['status'], jobs.length], ['feature-one', 'ready', 1]);
    const pending = await client.environments.fork('main', 'feature-two', { immediateReturn: true });
    assert.equal(pending.meta['status'], 'creating');
    const inFork = client.withEnvironment('feature-two');
    assert.equal(((await rejectionOf(inFork.itemTypes.list())) as ApiError).code, 'ENVIRONMENT_NOT_READY');
    let status: unknown = pending.meta['status'];
    for (let i = 0; i < 50 && status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await client.environments.find('feature-two')).meta['status'];
    }
    assert.equal(status, 'ready');
    assert.ok((await inFork.itemTypes.list()).length > 0);
    assert.equal((await client.environments.rename('feature-two', 'feature-three')).id, 'feature-three');
    const promoted = await client.environments.promote('feature-one');
    assert.equal(promoted.meta['primary'], true);
    assert.equal(((await rejectionOf(client.environments.destroy('feature-one'))) as ApiError).code, 'CANNOT_DESTROY_PRIMARY_ENVIRONMENT');
    assert.equal((await client.environments.destroy('feature-three')).id, 'feature-three');
    assert.deepEqual(
      (await client.environments.list()).map((e) => e.id),
      ['feature-one', 'main', 'sandbox'],
    );
  });

  test('maintenance mode: find, activate, deactivate', async () => {
    assert.equal((await client.maintenanceMode.find()).attributes['active'], false);
    assert.equal((await client.maintenanceMode.activate({ force: true })).attributes['active'], true);
    const primary = emulator.store.primaryId;
    const refused = await rejectionOf(
      client
        .withEnvironment(primary)
        .itemTypes.update('article', { data: { type: 'item_type', id: 'article', attributes: { hint: 'x' } } }),
    );
    assert.equal((refused as ApiError).code, 'MAINTENANCE_MODE');
    assert.equal((await client.maintenanceMode.deactivate()).attributes['active'], false);
  });
});
