// Every lifecycle call of the official client (@datocms/cma-client-node), unmodified, against the emulator:
// records (create, update, duplicate, publish and unpublish whole or per locale, schedules, bulk jobs, delete),
// schema creates, duplicates and deletes, webhooks and their calls. One test per call, in order: each one is
// what a migration script or an integration does, and the answer is what the API documents for it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, buildClient, type Client } from '@datocms/cma-client-node';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';

let emu: Emulator;
let client: Client;
useEmulator({ records: 10, jobDurationMs: 5 }, (started) => {
  emu = started.emulator;
  client = buildClient({ apiToken: emu.token, baseUrl: emu.url, autoRetry: false });
});

type Body = Record<string, unknown>;
const create = (body: Body) => client.items.create(body as Parameters<Client['items']['create']>[0]);
const update = (id: string, body: Body) => client.items.update(id, body as Parameters<Client['items']['update']>[1]);
const refusal = (code: string) => (error: unknown) => error instanceof ApiError && error.findError(code) !== undefined;
const model = async (apiKey: string) => (await client.itemTypes.find(apiKey)).id;

const state: { note?: string; article?: string; event?: string; copy?: string; author?: string; recipe?: string; link?: string } = {};

describe('the official client, one lifecycle call at a time', () => {
  test('itemTypes.create: a model with draft mode', async () => {
    const note = await client.itemTypes.create({ name: 'Note', api_key: 'note', draft_mode_active: true });
    assert.equal(note.draft_mode_active, true);
    state.note = note.id;
  });

  test('fieldsets.create and destroy', async () => {
    const fieldset = await client.fieldsets.create(state.note!, { title: 'Text' });
    assert.equal((await client.fieldsets.destroy(fieldset.id)).id, fieldset.id);
  });

  test('fields.create: jobs answering the fields', async () => {
    const [title, author] = await Promise.all([
      client.fields.create(state.note!, {
        label: 'Title',
        api_key: 'title',
        field_type: 'string',
        localized: true,
        validators: { required: {} },
      }),
      client.fields.create(state.note!, {
        label: 'Author',
        api_key: 'author',
        field_type: 'link',
        validators: { item_item_type: { item_types: [await model('author')] } },
      }),
    ]);
    assert.deepEqual([title.api_key, author.api_key], ['title', 'author']);
  });

  test('fields.duplicate: a job answering the copy, in the same model', async () => {
    const copy = await client.fields.duplicate('note::title');
    assert.notEqual(copy.api_key, 'title');
    assert.equal(copy.item_type.id, state.note);
    assert.equal(copy.field_type, 'string');
    assert.equal((await client.fields.list(state.note!)).length, 3);
    assert.equal((await client.fields.destroy(copy.id)).id, copy.id);
  });

  test('items.create: a draft of a draft-mode model, valid', async () => {
    const created = await create({
      item_type: { type: 'item_type', id: state.note! },
      title: { en: 'Bread at dawn', it: "Pane all'alba" },
    });
    assert.equal(created.meta.status, 'draft');
    assert.equal(created.meta.is_valid, true);
    state.article = created.id;
  });

  test('items.create: an invalid draft where invalid drafts may be saved has is_valid false', async () => {
    const created = await create({ item_type: { type: 'item_type', id: await model('event') }, name: { en: null, it: null } });
    assert.equal(created.meta.status, 'draft');
    assert.equal(created.meta.is_valid, false);
    state.event = created.id;
  });

  test('items.update: optimistic locking with meta.current_version', async () => {
    const found = await client.items.find(state.article!);
    const updated = await update(state.article!, {
      title: { en: 'Bread at dawn, again', it: "Pane all'alba" },
      meta: { current_version: found.meta.current_version },
    });
    assert.deepEqual(updated.title, { en: 'Bread at dawn, again', it: "Pane all'alba" });
    assert.notEqual(updated.meta.current_version, found.meta.current_version);
  });

  test('items.publish: the whole record', async () => {
    const published = await client.items.publish(state.article!);
    assert.equal(published.meta.status, 'published');
    assert.ok(published.meta.published_at);
  });

  test('items.unpublish: one locale it has published', async () => {
    const record = await client.items.unpublish(state.article!, { content_in_locales: ['it'] });
    assert.equal(record.meta.status, 'updated');
    const published = await client.items.find(state.article!, { version: 'published' });
    assert.deepEqual(Object.keys(published.title as object), ['en']);
  });

  test('items.publish: one locale of the record, without its non-localized content', async () => {
    const record = await client.items.publish(state.article!, { content_in_locales: ['it'], non_localized_content: false });
    assert.equal(record.meta.status, 'published');
  });

  test('items.publish: a locale the record does not have is refused', async () => {
    const english = await create({ item_type: { type: 'item_type', id: state.note! }, title: { en: 'Only in English' } });
    await assert.rejects(client.items.publish(english.id, { content_in_locales: ['it'], non_localized_content: true }), (error) => {
      assert.ok(error instanceof ApiError && error.response.status === 422);
      return true;
    });
    assert.equal((await client.items.find(english.id)).meta.status, 'draft');
  });

  test('items.unpublish: the whole record', async () => {
    const record = await client.items.unpublish(state.article!);
    assert.equal(record.meta.status, 'draft');
    assert.equal(record.meta.published_at, null);
  });

  test('items.unpublish: a record of a model without draft mode is refused', async () => {
    const [author] = await client.items.list({ filter: { type: 'author' }, page: { limit: 1 } });
    state.author = author!.id;
    await assert.rejects(client.items.unpublish(author!.id), (error) => error instanceof ApiError && error.response.status === 422);
    assert.equal((await client.items.find(author!.id)).meta.status, 'published');
  });

  test('scheduledPublication.create: refused on a model without draft mode', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    await assert.rejects(
      client.scheduledPublication.create(state.author!, { publication_scheduled_at: at }),
      (error) => error instanceof ApiError && error.response.status === 422,
    );
  });

  test('scheduledPublication.create and destroy on a draft', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const schedule = await client.scheduledPublication.create(state.article!, { publication_scheduled_at: at });
    assert.equal(schedule.publication_scheduled_at, at);
    const record = await client.scheduledPublication.destroy(state.article!);
    assert.equal(record.meta.publication_scheduled_at, null);
  });

  test('items.references: the records linking to a record', async () => {
    const linking = await create({ item_type: { type: 'item_type', id: state.note! }, title: { en: 'Who bakes' }, author: state.author });
    const references = await client.items.references(state.author!);
    assert.ok(references.some((r) => r.id === linking.id));
  });

  test('items.duplicate: a new draft with a new id', async () => {
    const copy = await client.items.duplicate(state.article!);
    assert.notEqual(copy.id, state.article);
    assert.equal(copy.meta.status, 'draft');
    state.copy = copy.id;
  });

  test('items.bulkPublish: counts what was published', async () => {
    const result = await client.items.bulkPublish({
      items: [
        { type: 'item', id: state.article! },
        { type: 'item', id: state.copy! },
      ],
    });
    assert.deepEqual(result, []);
    assert.equal((await client.items.find(state.copy!)).meta.status, 'published');
  });

  test('items.bulkUnpublish: counts what was unpublished', async () => {
    await client.items.bulkUnpublish({ items: [{ type: 'item', id: state.copy! }] });
    assert.equal((await client.items.find(state.copy!)).meta.status, 'draft');
  });

  test('items.bulkDestroy: an unknown id counts as failed, the others go', async () => {
    const raw = await client.items.rawBulkDestroy({
      data: {
        type: 'item_bulk_destroy_operation',
        relationships: {
          items: {
            data: [
              { type: 'item', id: state.copy! },
              { type: 'item', id: 'AAAAAAAAQACAAAAAAAAAAA' },
              { type: 'item', id: 'no-such-record' },
            ],
          },
        },
      },
    });
    assert.deepEqual(raw, { data: [], meta: { successful: 1, failed: 2 } });
    await assert.rejects(client.items.find(state.copy!), refusal('NOT_FOUND'));
  });

  test('items.destroy: a job answering the record as it was', async () => {
    const gone = await client.items.destroy(state.event!);
    assert.equal(gone.id, state.event);
    await assert.rejects(client.items.find(state.event!), refusal('NOT_FOUND'));
  });

  test('itemTypes.destroy: a model other models link to is refused with REQUIRED_BY_ASSOCIATION', async () => {
    const link = await client.fields.create('article', {
      label: 'Note',
      api_key: 'note',
      field_type: 'link',
      validators: { item_item_type: { item_types: [state.note!] } },
    });
    state.link = link.id;
    await assert.rejects(client.itemTypes.destroy(state.note!), refusal('REQUIRED_BY_ASSOCIATION'));
  });

  test('itemTypes.destroy: once nothing links to it, with its records', async () => {
    await client.fields.destroy(state.link!);
    assert.equal((await client.itemTypes.destroy(state.note!)).id, state.note);
    await assert.rejects(client.items.find(state.article!), refusal('NOT_FOUND'));
  });

  test('webhooks.create and destroy', async () => {
    const hook = await client.webhooks.create({
      name: 'Deploy',
      url: 'https://example.com/hook',
      custom_payload: null,
      headers: {},
      events: [{ entity_type: 'item', event_types: ['publish'] }],
      http_basic_user: null,
      http_basic_password: null,
    });
    assert.equal((await client.webhooks.destroy(hook.id)).id, hook.id);
  });

  test('webhookCalls.list and find: the call log with its webhook', async () => {
    const calls = await client.webhookCalls.list({ page: { limit: 5 } });
    assert.ok(calls.length > 0 && calls.length <= 5);
    const [first] = calls;
    const found = await client.webhookCalls.find(first!.id);
    assert.equal(found.webhook.id, first!.webhook.id);
    assert.equal(typeof found.request_payload, 'string');
  });

  test('webhookCalls.resendWebhook', async () => {
    const [call] = await client.webhookCalls.list({ filter: { fields: { status: { eq: 'failed' } } } });
    assert.ok(call, 'the log holds a failed call');
    await client.webhookCalls.resendWebhook(call.id);
  });
});
