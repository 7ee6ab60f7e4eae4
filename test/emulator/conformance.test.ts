// The official client (@datocms/cma-client-node), unmodified, against the emulator: if it works
// here the emulator speaks the protocol the real API speaks.
import { ApiError, buildClient } from '@datocms/cma-client-node';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';

let emu: Emulator;
let client: ReturnType<typeof buildClient>;
useEmulator({ records: 260, jobDurationMs: 5 }, (started) => {
  emu = started.emulator;
  client = buildClient({ apiToken: emu.token, baseUrl: emu.url });
});

describe('official client conformance', () => {
  test('listPagedIterator reads every record to the end, in order, without duplicates', async () => {
    const seen: string[] = [];
    for await (const record of client.items.listPagedIterator({ filter: { type: 'article' } }, { perPage: 100, concurrency: 2 })) {
      seen.push(record.id);
    }
    assert.equal(seen.length, 260);
    assert.equal(new Set(seen).size, 260);
    const direct = emu.store
      .environment()
      .recordsByType.get((await client.itemTypes.find('article')).id)
      ?.map((r) => r.id);
    assert.deepEqual(seen, direct);
  });

  test('site, environments, models, fields, fieldsets as the client types them', async () => {
    const site = await client.site.find();
    assert.deepEqual(site.locales, ['en', 'it']);
    assert.deepEqual(
      (await client.environments.list()).map((e) => e.id),
      ['main', 'sandbox'],
    );
    const article = await client.itemTypes.find('article');
    const fields = await client.fields.list(article);
    assert.equal(fields.find((f) => f.api_key === 'title')?.localized, true);
    assert.equal((await client.fields.find('article::slug')).field_type, 'slug');
    assert.equal((await client.fieldsets.list('article')).length, 3);
  });

  test('item type and field updates go through jobs', async () => {
    const updated = await client.itemTypes.update('event', { hint: 'Book early' });
    assert.equal(updated.hint, 'Book early');
    assert.equal((await client.itemTypes.find('event')).hint, 'Book early');
    const field = await client.fields.update('event::ticket_url', { label: 'Ticket page' });
    assert.equal(field.label, 'Ticket page');
  });

  test('webhook find and update', async () => {
    const [hook] = await client.webhooks.list();
    assert.ok(hook);
    const updated = await client.webhooks.update(hook.id, { auto_retry: false });
    assert.equal(updated.auto_retry, false);
    assert.equal((await client.webhooks.find(hook.id)).auto_retry, false);
  });

  test('item find and update with optimistic locking, then STALE_ITEM_VERSION', async () => {
    const [record] = await client.items.list({ filter: { type: 'author' }, page: { limit: 1 } });
    assert.ok(record);
    const found = await client.items.find(record.id);
    const updated = await client.items.update(record.id, { role: 'sommelier', meta: { current_version: found.meta.current_version } });
    assert.equal(updated.role, 'sommelier');
    await assert.rejects(
      client.items.update(record.id, { role: 'critic', meta: { current_version: found.meta.current_version } }),
      (error: unknown) => error instanceof ApiError && error.findError('STALE_ITEM_VERSION') !== undefined,
    );
  });

  test('a bad token → INVALID_AUTHORIZATION_HEADER', async () => {
    const bad = buildClient({ apiToken: 'definitely-wrong', baseUrl: emu.url });
    await assert.rejects(
      bad.site.find(),
      (error: unknown) =>
        error instanceof ApiError && error.response.status === 401 && error.findError('INVALID_AUTHORIZATION_HEADER') !== undefined,
    );
  });

  test('environment selection reads and writes the sandbox only', async () => {
    const sandbox = buildClient({ apiToken: emu.token, baseUrl: emu.url, environment: 'sandbox' });
    const [dish] = await sandbox.items.list({ filter: { type: 'dish' }, page: { limit: 1 } });
    assert.ok(dish);
    await sandbox.items.update(dish.id, { price: 99 });
    assert.equal((await sandbox.items.find(dish.id)).price, 99);
    assert.notEqual((await client.items.find(dish.id)).price, 99);
    assert.ok(emu.requests.some((r) => r.method === 'PUT' && r.environment === 'sandbox'));
  });
});
