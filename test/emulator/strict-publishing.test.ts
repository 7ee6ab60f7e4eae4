// Publishing, bulk jobs, schedules, duplicates and the webhook call log refuse what the API refuses: one
// request per rule, raw HTTP (no client in between).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob } from './http.js';

let emu: Emulator;
useEmulator({ records: 12, jobDurationMs: 5 }, (started) => (emu = started.emulator));

type Res = Awaited<ReturnType<typeof call>>;
const refusal = (res: Res) => [res.status, ...codes(res)];
const first = async (model: string, where: (r: any) => boolean = () => true) =>
  ((await call(emu, `/items?filter[type]=${model}&page[limit]=50`)).json.data as any[]).find(where);
const put = (path: string, body?: unknown) => call(emu, path, { method: 'PUT', body });
const post = (path: string, body?: unknown) => call(emu, path, { method: 'POST', body });
const selective = (attributes: object, type = 'selective_publish_operation') => ({ data: { type, attributes } });
const bulk = (operation: string, data: unknown) => ({
  data: { type: `item_bulk_${operation}_operation`, relationships: { items: { data } } },
});
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('publishing needs draft mode', () => {
  test('a record of a model without draft mode cannot be unpublished nor scheduled', async () => {
    const author = await first('author');
    assert.deepEqual(refusal(await put(`/items/${author.id}/unpublish`)), [422, 'INVALID_REQUEST']);
    const schedule = { data: { type: 'scheduled_publication', attributes: { publication_scheduled_at: inAWeek() } } };
    assert.deepEqual(refusal(await post(`/items/${author.id}/scheduled-publication`, schedule)), [422, 'INVALID_REQUEST']);
    const unschedule = { data: { type: 'scheduled_unpublishing', attributes: { unpublishing_scheduled_at: inAWeek() } } };
    assert.deepEqual(refusal(await post(`/items/${author.id}/scheduled-unpublishing`, unschedule)), [422, 'INVALID_REQUEST']);
    assert.equal((await call(emu, `/items/${author.id}`)).json.data.meta.status, 'published');
  });

  test('a save of such a record is published at once: it stays published, its published version follows', async () => {
    const author = await first('author');
    const saved = await put(`/items/${author.id}`, { data: { type: 'item', id: author.id, attributes: { role: 'sommelier' } } });
    assert.equal(saved.json.data.meta.status, 'published');
    assert.equal((await call(emu, `/items/${author.id}?version=published`)).json.data.attributes.role, 'sommelier');
  });

  test('in a bulk unpublish, such a record counts as failed', async () => {
    const author = await first('author');
    const article = await first('article', (a) => a.meta.status === 'published');
    const res = await post(
      '/items/bulk/unpublish',
      bulk(
        'unpublish',
        [author, article].map((r) => ({ type: 'item', id: r.id })),
      ),
    );
    const done = await waitForJob(emu, res.json.data.id);
    assert.deepEqual(done.json.data.attributes.payload, { data: [], meta: { successful: 1, failed: 1 } });
  });
});

describe('selective publication bodies', () => {
  test('structural mistakes are INVALID_FORMAT', async () => {
    const article = await first('article');
    const path = `/items/${article.id}/publish`;
    for (const attributes of [
      { content_in_locales: ['en'] },
      { content_in_locales: ['en'], non_localized_content: 'yes' },
      { content_in_locales: 'en', non_localized_content: true },
      { non_localized_content: true },
      { content_in_locales: ['en'], non_localized_content: true, recursive: true },
    ])
      assert.deepEqual(refusal(await put(path, selective(attributes))), [422, 'INVALID_FORMAT'], JSON.stringify(attributes));
    const unpublish = selective({ content_in_locales: ['en'], non_localized_content: true }, 'selective_unpublish_operation');
    assert.deepEqual(refusal(await put(`/items/${article.id}/unpublish`, unpublish)), [422, 'INVALID_FORMAT']);
  });

  test("locales: the project's (INVALID_LOCALE), and for publishing the record's own (INCLUSION)", async () => {
    const article = await first('article', (a) => Object.keys(a.attributes.title).length === 2);
    const path = `/items/${article.id}/publish`;
    const wrong = await put(path, selective({ content_in_locales: ['fr'], non_localized_content: true }));
    assert.deepEqual([...refusal(wrong), details(wrong)[0]!.code], [422, 'INVALID_FIELD', 'VALIDATION_INVALID_LOCALE']);
    // the record drops Italian: every localized field keeps English only
    const englishOnly = Object.fromEntries(
      Object.entries(article.attributes)
        .filter(([, v]) => v !== null && typeof v === 'object' && !Array.isArray(v) && 'en' in (v as object))
        .map(([k, v]) => [k, { en: (v as Record<string, unknown>).en }]),
    );
    const saved = await put(`/items/${article.id}`, { data: { type: 'item', id: article.id, attributes: englishOnly } });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    const lacking = await put(path, selective({ content_in_locales: ['it'], non_localized_content: true }));
    assert.deepEqual([...refusal(lacking), details(lacking)[0]!.code], [422, 'INVALID_FIELD', 'VALIDATION_INCLUSION']);
    assert.equal((await put(path, selective({ content_in_locales: ['en'], non_localized_content: true }))).status, 200);
  });
});

describe('bulk bodies and jobs', () => {
  test('a body without items is INVALID_FORMAT, never a crash', async () => {
    for (const body of [
      { data: { type: 'item_bulk_publish_operation' } },
      { data: { type: 'item_bulk_publish_operation', relationships: {} } },
      { data: { type: 'item_bulk_publish_operation', relationships: { items: [] } } },
      { data: { type: 'item_bulk_publish_operation', relationships: { items: { data: [{ id: 'x' }] } } } },
    ])
      assert.deepEqual(refusal(await post('/items/bulk/publish', body)), [422, 'INVALID_FORMAT'], JSON.stringify(body));
  });

  test('ids of no record (of the API form or not) count as failed; the job goes on', async () => {
    const draft = await first('article', (a) => a.meta.status === 'draft' && a.meta.is_valid);
    const items = [draft.id, 'AAAAAAAAQACAAAAAAAAAAA', 'no-such-record'].map((id) => ({ type: 'item', id }));
    const res = await post('/items/bulk/publish', bulk('publish', items));
    assert.equal(res.status, 202);
    const done = await waitForJob(emu, res.json.data.id);
    assert.deepEqual(done.json.data.attributes.payload, { data: [], meta: { successful: 1, failed: 2 } });
    assert.equal((await call(emu, `/items/${draft.id}`)).json.data.meta.status, 'published');
  });
});

describe('bodies where the endpoint takes none, and malformed members', () => {
  test('DELETE, duplicate, promote and resend with a body are INVALID_FORMAT', async () => {
    const article = await first('article');
    const hook = (await call(emu, '/webhooks')).json.data[0];
    for (const [method, path] of [
      ['DELETE', `/items/${article.id}`],
      ['POST', `/items/${article.id}/duplicate`],
      ['POST', '/fields/article::title/duplicate'],
      ['DELETE', `/webhooks/${hook.id}`],
      ['DELETE', '/fields/article::excerpt'],
      ['PUT', '/environments/sandbox/promote'],
      ['PUT', '/maintenance-mode/activate'],
    ] as const)
      assert.deepEqual(refusal(await call(emu, path, { method, body: { data: {} } })), [422, 'INVALID_FORMAT'], `${method} ${path}`);
    assert.equal((await call(emu, `/webhooks/${hook.id}`)).status, 200, 'nothing was deleted');
  });

  test("a record's relationships, locking version and import dates of the wrong JSON type are INVALID_FORMAT", async () => {
    const author = await first('author');
    const update = (data: object) => put(`/items/${author.id}`, { data: { type: 'item', id: author.id, ...data } });
    assert.deepEqual(refusal(await update({ relationships: { item_type: 'author' } })), [422, 'INVALID_FORMAT']);
    assert.deepEqual(refusal(await update({ relationships: { creator: { data: { type: 'user' } } } })), [422, 'INVALID_FORMAT']);
    assert.deepEqual(refusal(await update({ meta: { current_version: 5 } })), [422, 'INVALID_FORMAT']);
    const create = (meta: object, relationships: object = {}) =>
      post('/items', {
        data: {
          type: 'item',
          attributes: { name: 'Ada', slug: 'ada' },
          relationships: { item_type: author.relationships.item_type, ...relationships },
          meta,
        },
      });
    assert.deepEqual(refusal(await create({ created_at: 1700000000 })), [422, 'INVALID_FORMAT']);
    assert.deepEqual(refusal(await create({ created_at: 'last week' })), [422, 'INVALID_FIELD']);
    assert.deepEqual(refusal(await create({}, { creator: { data: 'me' } })), [422, 'INVALID_FORMAT']);
  });
});

describe('duplicating a field', () => {
  test('a job whose copy is named after the original; the model gets it empty', async () => {
    const res = await post('/fields/article::excerpt/duplicate');
    assert.equal(res.status, 202);
    const done = await waitForJob(emu, res.json.data.id);
    const copy = done.json.data.attributes.payload.data;
    assert.deepEqual([copy.attributes.api_key, copy.attributes.label], ['excerpt_copy', 'Excerpt (copy #1)']);
    assert.equal(done.json.data.attributes.payload.included[0].type, 'item_type');
    const again = await waitForJob(emu, (await post('/fields/article::excerpt/duplicate')).json.data.id);
    assert.equal(again.json.data.attributes.payload.data.attributes.api_key, 'excerpt_copy2');
    assert.deepEqual(refusal(await post('/fields/article::nothing/duplicate')), [404, 'NOT_FOUND']);
    assert.deepEqual(refusal(await post('/fields/article::excerpt/duplicate?position=1')), [422, 'INVALID_PARAMS']);
  });
});

describe('the webhook call log', () => {
  test('pages of 30 by default, at most 500, with the webhooks included', async () => {
    const all = await call(emu, '/webhook_calls');
    assert.equal(all.status, 200);
    assert.ok(all.json.meta.total_count > 0);
    assert.ok(all.json.data.length <= 30);
    assert.deepEqual(
      all.json.included.map((w: any) => w.type),
      [...new Set(all.json.data.map((c: any) => c.relationships.webhook.data.id))].map(() => 'webhook'),
    );
    assert.deepEqual(refusal(await call(emu, '/webhook_calls?page[limit]=501')), [422, 'INVALID_PARAMS']);
  });

  test('filters and order as the endpoint defines them; anything else is refused', async () => {
    const failed = await call(emu, '/webhook_calls?filter[fields][status][eq]=failed&order_by=created_at_asc');
    assert.ok(failed.json.data.length > 0 && failed.json.data.every((c: any) => c.attributes.status === 'failed'));
    const dates = failed.json.data.map((c: any) => c.attributes.created_at);
    assert.deepEqual(dates, [...dates].sort());
    for (const query of [
      'filter[fields][status][eq]=broken',
      'filter[fields][status][neq]=failed',
      'filter[fields][request_url][eq]=x',
      'filter[fields][created_at][gt]=yesterday',
      'order_by=created_at_DESC',
      'order_by=status_asc',
      'filter[type]=item',
    ])
      assert.deepEqual(refusal(await call(emu, `/webhook_calls?${query}`))[0], 422, query);
  });

  test('find and resend; an unknown id is NOT_FOUND', async () => {
    const [call0] = (await call(emu, '/webhook_calls?filter[fields][status][eq]=failed')).json.data;
    const found = await call(emu, `/webhook_calls/${call0.id}`);
    assert.equal(found.json.data.id, call0.id);
    assert.equal(typeof found.json.data.attributes.request_payload, 'string');
    const resent = await post(`/webhook_calls/${call0.id}/resend_webhook`);
    assert.equal(resent.status, 204);
    assert.equal((await call(emu, `/webhook_calls/${call0.id}`)).json.data.attributes.status, 'pending');
    assert.deepEqual(refusal(await post('/webhook_calls/1/resend_webhook')), [404, 'NOT_FOUND']);
  });
});
