// Every operation of the client against the emulator: what comes back, and what reached the server.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, type CmaClient, type RequestLogEntry } from '../../src/cma';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor, hits, rejectionOf } from './support';

describe('CMA operations', () => {
  let emulator: Emulator;
  let client: CmaClient;
  let log: RequestLogEntry[];

  useEmulator({ records: 120, jobDurationMs: 30 }, (started) => {
    emulator = started.emulator;
    ({ client, log } = clientFor(emulator));
  });
  describe('reads', () => {
    test('site.find returns the project with its locales', async () => {
      const site = await client.site.find();
      assert.equal(site.type, 'site');
      assert.equal(site.attributes['name'], 'Emulated Bistro');
      assert.deepEqual(site.attributes['locales'], ['en', 'it']);
      assert.equal(site.attributes['internal_domain'], 'emulated-bistro.admin.datocms.com');
    });

    test('environments.list returns the primary and the sandbox environment', async () => {
      const environments = await client.environments.list();
      const byId = new Map(environments.map((e) => [e.id, e]));
      assert.equal(byId.get('main')?.meta['primary'], true);
      assert.equal(byId.get('sandbox')?.meta['primary'], false);
      assert.deepEqual(byId.get('main')?.attributes, {}, 'missing attributes are normalised to {}');
    });

    test('itemTypes.list returns models and block models; find accepts an id or an api_key', async () => {
      const itemTypes = await client.itemTypes.list();
      const article = itemTypes.find((it) => it.attributes['api_key'] === 'article');
      assert.ok(article, 'the article model is listed');
      assert.ok(itemTypes.filter((it) => it.attributes['modular_block'] === true).length >= 3);
      const byKey = await client.itemTypes.find('article');
      const byId = await client.itemTypes.find(article.id);
      assert.deepEqual(byKey, byId);
      assert.deepEqual(byId, article);
    });

    test('fields.list and fields.find by id or model::field (percent-encoded in the path)', async () => {
      const fields = await client.fields.list('article');
      const title = fields.find((f) => f.attributes['api_key'] === 'title');
      assert.ok(title);
      assert.equal(title.attributes['localized'], true);
      emulator.clearRequests();
      const byPair = await client.fields.find('article::title');
      assert.deepEqual(byPair, await client.fields.find(title.id));
      assert.equal(emulator.requests[0]?.path, '/fields/article::title', 'the server decodes the pair back');
      const logged = log.filter((e) => e.path.startsWith('/fields/article'));
      assert.equal(logged.at(-1)?.path, '/fields/article%3A%3Atitle');
    });

    test('fieldsets.list returns the fieldsets of a model', async () => {
      const fieldsets = await client.fieldsets.list('article');
      assert.deepEqual(fieldsets.map((f) => f.attributes['title']).sort(), ['Content', 'Publishing', 'SEO']);
      assert.ok(fieldsets.every((f) => f.type === 'fieldset'));
    });

    test('webhooks.list and webhooks.find', async () => {
      const webhooks = await client.webhooks.list();
      assert.ok(webhooks.length >= 4);
      const first = webhooks[0];
      assert.ok(first);
      assert.deepEqual(await client.webhooks.find(first.id), first);
    });

    test('items.list returns one page and the total; items.find returns the record', async () => {
      const page = await client.items.list({ filter: { type: 'article' }, page: { limit: 5, offset: 10 } });
      assert.equal(page.totalCount, 120);
      assert.equal(page.data.length, 5);
      const record = page.data[0];
      assert.ok(record);
      const found = await client.items.find(record.id);
      assert.equal(found.id, record.id);
      assert.deepEqual(found.attributes['title'], record.attributes['title']);
      assert.equal(
        found.relationships['item_type']?.data && (found.relationships['item_type'].data as { id: string }).id,
        (await client.itemTypes.find('article')).id,
      );
    });

    test('items.find with nested expands blocks in place; without it blocks are ids', async () => {
      const withBlocks = [...emulator.store.environment('main').items.values()].find(
        (item) =>
          Array.isArray((item.attributes['content'] as Record<string, unknown> | null)?.['en']) &&
          ((item.attributes['content'] as Record<string, unknown[]>)['en'] ?? []).length > 0,
      );
      assert.ok(withBlocks, 'the seed has an article with blocks');
      const flat = await client.items.find(withBlocks.id);
      const nested = await client.items.find(withBlocks.id, { nested: true });
      const flatContent = (flat.attributes['content'] as Record<string, unknown[]>)['en'] ?? [];
      const nestedContent = (nested.attributes['content'] as Record<string, unknown[]>)['en'] ?? [];
      assert.ok(flatContent.every((block) => typeof block === 'string'));
      assert.deepEqual(
        nestedContent.map((block) => (block as { id: string; type: string }).id),
        flatContent,
      );
      assert.ok(nestedContent.every((block) => (block as { type: string }).type === 'item'));
    });

    test('items.find version=published of a never-published record is a 404 ApiError', async () => {
      const draft = [...emulator.store.environment('main').items.values()].find(
        (item) => item.published === null && item.meta.status === 'draft',
      );
      assert.ok(draft, 'the seed has a draft');
      const error = await rejectionOf(client.items.find(draft.id, { version: 'published' }));
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.equal(error.code, 'NOT_FOUND');
      assert.equal(error.path, `/items/${draft.id}?version=published`);
      assert.match(error.message, new RegExp(`^GET /items/${draft.id}\\?version=published failed: 404 NOT_FOUND`));
    });

    test('a deleted environment is a 404 about the environment, not a missing record', async () => {
      const { client: gone } = clientFor(emulator, { environment: 'deleted-sandbox' });
      const error = await rejectionOf(gone.items.find('123'));
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.equal(error.environmentMissing, true);
      assert.match(error.message, /this environment does not exist \(any more\): it may have been deleted or renamed/);
      const missingModel = await rejectionOf(client.itemTypes.find('no_such_model'));
      assert.ok(missingModel instanceof ApiError && !missingModel.environmentMissing);
    });

    test('an unknown model is a 404 ApiError naming the request', async () => {
      const error = await rejectionOf(client.itemTypes.find('no_such_model'));
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.ok(error.findError('NOT_FOUND'));
      assert.equal(error.findError('INVALID_FIELD'), undefined);
      assert.match(error.message, /^GET \/item-types\/no_such_model failed: 404 NOT_FOUND/);
      assert.ok(error.requestId, 'the x-request-id is kept for support');
    });

    test('withEnvironment reads the sandbox copy with the same token', async () => {
      emulator.clearRequests();
      const sandbox = client.withEnvironment('sandbox');
      assert.equal(sandbox.environment, 'sandbox');
      assert.equal(sandbox.baseUrl, client.baseUrl);
      const models = await sandbox.itemTypes.list();
      assert.ok(models.some((m) => m.attributes['api_key'] === 'article'));
      assert.deepEqual(
        emulator.requests.map((r) => r.environment),
        ['sandbox'],
      );
    });
  });

  describe('writes', () => {
    test('itemTypes.update by api_key runs as a job and returns the updated model', async () => {
      emulator.clearRequests();
      const jobs: string[] = [];
      const before = await client.itemTypes.find('author');
      const updated = await client.itemTypes.update(
        'author',
        { data: { type: 'item_type', id: before.id, attributes: { hint: 'People who write for us' } } },
        { onJob: (id) => jobs.push(id) },
      );
      assert.equal(updated.id, before.id);
      assert.equal(updated.attributes['hint'], 'People who write for us');
      assert.equal((await client.itemTypes.find(before.id)).attributes['hint'], 'People who write for us');
      assert.equal(jobs.length, 1, 'onJob reports the job once');
      assert.equal(hits(emulator, 'PUT', '/item-types/author'), 1, 'the write is sent once');
      assert.ok(hits(emulator, 'GET', `/job-results/${jobs[0]}`) >= 1, 'the job result is polled');
      assert.deepEqual(emulator.requests.find((r) => r.method === 'PUT')?.body, {
        data: { type: 'item_type', id: before.id, attributes: { hint: 'People who write for us' } },
      });
    });

    test('fields.update by id returns the updated field', async () => {
      const field = await client.fields.find('author::email');
      const updated = await client.fields.update(field.id, {
        data: { type: 'field', id: field.id, attributes: { hint: 'Never shown publicly' } },
      });
      assert.equal(updated.attributes['hint'], 'Never shown publicly');
      assert.equal((await client.fields.find(field.id)).attributes['hint'], 'Never shown publicly');
    });

    test('webhooks.update sends only what changes and returns the webhook', async () => {
      const [webhook] = await client.webhooks.list();
      assert.ok(webhook);
      emulator.clearRequests();
      const updated = await client.webhooks.update(webhook.id, {
        data: { type: 'webhook', id: webhook.id, attributes: { name: 'Renamed hook' } },
      });
      assert.equal(updated.attributes['name'], 'Renamed hook');
      assert.equal(updated.attributes['url'], webhook.attributes['url']);
      assert.equal(hits(emulator, 'PUT', `/webhooks/${webhook.id}`), 1);
    });

    test('items.update sends no query; the nested re-read returns the record with blocks in place', async () => {
      const page = await client.items.list({ filter: { type: 'article' }, page: { limit: 1 } });
      const record = page.data[0];
      assert.ok(record);
      const title = { ...(record.attributes['title'] as Record<string, string>), en: 'Edited through the client' };
      const updated = await client.items.update(record.id, {
        data: { type: 'item', id: record.id, attributes: { title }, meta: { current_version: record.meta['current_version'] } },
      });
      assert.deepEqual(updated.attributes['title'], title);
      assert.notEqual(updated.meta['current_version'], record.meta['current_version']);
      const put = emulator.requests.filter((r) => r.method === 'PUT' && r.path === `/items/${record.id}`);
      assert.equal(put.length, 1);
      assert.deepEqual(put[0]?.query, {}, 'PUT /items/:id carries no query parameter');
      const reread = await client.items.find(record.id, { nested: true });
      assert.equal(reread.meta['current_version'], updated.meta['current_version']);
      assert.deepEqual(reread.attributes['title'], title);
    });

    test('a stale current_version is refused with 422 STALE_ITEM_VERSION', async () => {
      const page = await client.items.list({ filter: { type: 'author' }, page: { limit: 1 } });
      const record = page.data[0];
      assert.ok(record);
      await client.items.update(record.id, {
        data: {
          type: 'item',
          id: record.id,
          attributes: { email: 'first@example.com' },
          meta: { current_version: record.meta['current_version'] },
        },
      });
      const error = await rejectionOf(
        client.items.update(record.id, {
          data: {
            type: 'item',
            id: record.id,
            attributes: { email: 'second@example.com' },
            meta: { current_version: record.meta['current_version'] },
          },
        }),
      );
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 422);
      assert.equal(error.code, 'STALE_ITEM_VERSION');
    });

    test('a write in the sandbox leaves the primary environment alone', async () => {
      const sandbox = client.withEnvironment('sandbox');
      const [webhook] = await client.webhooks.list();
      assert.ok(webhook);
      const model = await sandbox.itemTypes.find('category');
      await sandbox.itemTypes.update('category', { data: { type: 'item_type', id: model.id, attributes: { hint: 'sandbox only' } } });
      assert.equal((await sandbox.itemTypes.find('category')).attributes['hint'], 'sandbox only');
      assert.notEqual((await client.itemTypes.find('category')).attributes['hint'], 'sandbox only');
    });

    test('a body of the wrong type is refused before anything is sent', async () => {
      emulator.clearRequests();
      const wrong = { data: { type: 'field', id: 'x' } } as unknown as Parameters<CmaClient['itemTypes']['update']>[1];
      await assert.rejects(
        client.itemTypes.update('author', wrong),
        /PUT \/item-types\/author: the body's data.type is "field" \(expected "item_type"\)/,
      );
      assert.equal(emulator.requests.length, 0);
    });
  });
});
