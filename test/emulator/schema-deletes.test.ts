import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob, type RawResponse } from './http.js';

let emu: Emulator;
useEmulator({ records: 30, jobDurationMs: 5 }, (started) => (emu = started.emulator));

const del = (path: string) => call(emu, path, { method: 'DELETE' });
async function outcome(res: RawResponse): Promise<{ status: number; payload: any }> {
  assert.equal(res.status, 202, JSON.stringify(res.json));
  return (await waitForJob(emu, res.json.data.id)).json.data.attributes;
}
const blocksOf = (apiKey: string) => {
  const env = emu.store.environment();
  const id = emu.store.itemType(env, apiKey)!.id;
  return [...env.items.values()].filter((i) => i.itemTypeId === id).length;
};

describe('DELETE /fields/:id', () => {
  test("a job: the field, its values in every record and the model's pointer to it are gone; siblings are renumbered", async () => {
    const event = (await call(emu, '/item-types/event')).json.data;
    const name = (await call(emu, '/fields/event::name')).json.data;
    assert.equal(event.relationships.title_field.data?.id, name.id, 'the seed titles events by name');
    const { status, payload } = await outcome(await del('/fields/event::name'));
    assert.equal(status, 200);
    assert.equal(payload.data.id, name.id);
    assert.equal((await call(emu, `/fields/${name.id}`)).status, 404);
    const after = (await call(emu, '/item-types/event')).json.data;
    assert.equal(after.relationships.title_field.data, null);
    assert.ok(!after.relationships.fields.data.some((f: { id: string }) => f.id === name.id));
    const fields = (await call(emu, '/item-types/event/fields')).json.data;
    assert.deepEqual(
      fields.map((f: any) => f.attributes.position),
      fields.map((_: unknown, i: number) => i + 1),
    );
    const record = (await call(emu, '/items?filter[type]=event&page[limit]=1')).json.data[0];
    assert.ok(!('name' in record.attributes));
  });

  test('deleting a modular content field deletes the blocks it held', async () => {
    const before = blocksOf('cta_block') + blocksOf('image_block') + blocksOf('quote_block');
    const { status } = await outcome(await del('/fields/article::content'));
    assert.equal(status, 200);
    const after = blocksOf('cta_block') + blocksOf('image_block') + blocksOf('quote_block');
    assert.ok(after < before, `blocks ${before} → ${after}`);
    // every remaining block is still held by a record
    const record = (await call(emu, '/items?filter[type]=article&nested=true&page[limit]=5')).json;
    assert.equal(record.data.length, 5);
  });

  test('the source of a slug cannot be deleted; an unknown field is 404; a query parameter is refused', async () => {
    const res = await del('/fields/author::name');
    assert.deepEqual([res.status, codes(res)], [422, ['USED_AS_SLUG_SOURCE']]);
    assert.equal((await call(emu, '/fields/author::name')).status, 200);
    assert.deepEqual(codes(await del('/fields/author::nothing')), ['NOT_FOUND']);
    assert.deepEqual(codes(await del('/fields/author::bio?force=true')), ['INVALID_PARAMS']);
  });
});

describe('DELETE /item-types/:id', () => {
  test("a model named by other models' validators is refused, naming the fields", async () => {
    const res = await del('/item-types/author');
    assert.deepEqual([res.status, codes(res)], [422, ['REQUIRED_BY_ASSOCIATION']]);
    const articleAuthor = (await call(emu, '/fields/article::author')).json.data.id;
    assert.ok((details(res)[0]!.fields as { id: string }[]).some((f) => f.id === articleAuthor));
    const block = await del('/item-types/quote_block');
    assert.deepEqual(codes(block), ['MODULAR_BLOCK_IN_USE']);
  });

  test('a job: the model, its fields, fieldsets and records are gone', async () => {
    const model = (
      await call(emu, '/item-types', {
        method: 'POST',
        body: { data: { type: 'item_type', attributes: { name: 'Note', api_key: 'note' } } },
      })
    ).json.data;
    const fieldset = (
      await call(emu, '/item-types/note/fieldsets', { method: 'POST', body: { data: { type: 'fieldset', attributes: { title: 'Main' } } } })
    ).json.data;
    const field = (
      await outcome(
        await call(emu, '/item-types/note/fields', {
          method: 'POST',
          body: { data: { type: 'field', attributes: { label: 'Text', api_key: 'text', field_type: 'text' } } },
        }),
      )
    ).payload.data;
    const env = emu.store.environment();
    env.items.set('note-record', {
      ...structuredClone([...env.items.values()][0]!),
      id: 'note-record',
      itemTypeId: model.id,
      attributes: { text: 'x' },
      published: null,
    });
    const { status, payload } = await outcome(await del('/item-types/note?skip_menu_items_deletion=true'));
    assert.equal(status, 200);
    assert.equal(payload.data.id, model.id);
    assert.deepEqual(payload.data.relationships.fields.data, [{ type: 'field', id: field.id }]);
    assert.equal((await call(emu, '/item-types/note')).status, 404);
    assert.equal((await call(emu, `/fields/${field.id}`)).status, 404);
    assert.equal((await call(emu, `/fieldsets/${fieldset.id}`)).status, 404);
    assert.equal(env.items.has('note-record'), false);
    assert.ok(!(await call(emu, '/site')).json.data.relationships.item_types.data.some((r: { id: string }) => r.id === model.id));
  });

  test('a block model no field allows any more can go, with its blocks', async () => {
    // stop allowing cta blocks in every field that does
    const ctaId = (await call(emu, '/item-types/cta_block')).json.data.id;
    const users = (await call(emu, '/item-types')).json.data as { id: string }[];
    for (const model of users) {
      for (const f of (await call(emu, `/item-types/${model.id}/fields`)).json.data) {
        for (const [name, options] of Object.entries(f.attributes.validators as Record<string, { item_types?: string[] }>)) {
          if (!options.item_types?.includes(ctaId)) continue;
          const remaining = options.item_types.filter((id) => id !== ctaId);
          const res = await call(emu, `/fields/${f.id}`, {
            method: 'PUT',
            body: {
              data: {
                type: 'field',
                id: f.id,
                attributes: { validators: { ...f.attributes.validators, [name]: { ...options, item_types: remaining } } },
              },
            },
          });
          assert.equal((await outcome(res)).status, 200);
        }
      }
    }
    const { status } = await outcome(await del('/item-types/cta_block'));
    assert.equal(status, 200);
    assert.equal([...emu.store.environment().items.values()].filter((i) => i.itemTypeId === ctaId).length, 0);
  });

  test('an unknown model is 404; an unknown query parameter is refused', async () => {
    assert.deepEqual(codes(await del('/item-types/nothing')), ['NOT_FOUND']);
    assert.deepEqual(codes(await del('/item-types/event?cascade=true')), ['INVALID_PARAMS']);
  });
});

describe('DELETE /fieldsets/:id and /webhooks/:id', () => {
  test('a fieldset goes at once; its fields stay, outside any fieldset', async () => {
    const fieldset = (await call(emu, '/item-types/article/fieldsets')).json.data[0];
    const inside = (await call(emu, '/item-types/article/fields')).json.data.filter(
      (f: any) => f.relationships.fieldset.data?.id === fieldset.id,
    );
    assert.ok(inside.length > 0);
    const res = await del(`/fieldsets/${fieldset.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.json.data.id, fieldset.id);
    assert.equal((await call(emu, `/fieldsets/${fieldset.id}`)).status, 404);
    for (const f of inside) assert.equal((await call(emu, `/fields/${f.id}`)).json.data.relationships.fieldset.data, null);
    assert.deepEqual(codes(await del(`/fieldsets/${fieldset.id}`)), ['NOT_FOUND']);
  });

  test('a webhook goes at once and answers with itself', async () => {
    const webhook = (await call(emu, '/webhooks')).json.data[0];
    const res = await del(`/webhooks/${webhook.id}`);
    assert.deepEqual([res.status, res.json.data.id], [200, webhook.id]);
    assert.equal((await call(emu, `/webhooks/${webhook.id}`)).status, 404);
  });
});
