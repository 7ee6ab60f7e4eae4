// PUT /site and workflows through DatoCMS's official CMA client (@datocms/cma-client-node): the calls a
// script makes to recreate a project's settings are accepted as the API accepts them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildClient, type Client } from '@datocms/cma-client-node';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';

let emu: Emulator;
let client: Client;
useEmulator({ empty: true, jobDurationMs: 5 }, (started) => {
  emu = started.emulator;
  client = buildClient({ apiToken: emu.token, baseUrl: emu.url, autoRetry: false });
});

describe('site settings and workflows with the official client', () => {
  test('site.update waits for its job and returns the site', async () => {
    const site = await client.site.update({ locales: ['en', 'it', 'de'], timezone: 'Europe/Berlin', name: 'Recreated' });
    assert.deepEqual(site.locales, ['en', 'it', 'de']);
    assert.equal(site.timezone, 'Europe/Berlin');
    assert.equal((await client.site.find()).name, 'Recreated');
  });

  test('workflows: create, list, update, attach to a model, destroy', async () => {
    const workflow = await client.workflows.create({
      name: 'Review',
      api_key: 'review',
      stages: [
        { id: 'writing', name: 'Writing', initial: true },
        { id: 'review', name: 'Review' },
      ],
    });
    assert.equal((await client.workflows.list()).length, 1);
    const renamed = await client.workflows.update(workflow.id, { name: 'Peer review' });
    assert.equal(renamed.name, 'Peer review');
    const model = await client.itemTypes.create({
      name: 'Post',
      api_key: 'post',
      draft_mode_active: true,
      workflow: { type: 'workflow', id: workflow.id },
    });
    assert.equal(model.workflow?.id, workflow.id);
    await client.itemTypes.update(model.id, { workflow: null });
    await client.workflows.destroy(workflow.id);
    assert.deepEqual(await client.workflows.list(), []);
  });
});
