// The seed is what a real project looks like, so everything in it must pass the emulator's own rules:
// re-sending any record, model, field or webhook unchanged is accepted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call } from './http.js';

let emu: Emulator;
useEmulator({ records: 60, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const refused = (what: string, res: Awaited<ReturnType<typeof call>>) => `${what}: ${res.status} ${res.text.slice(0, 400)}`;

describe('the seed passes the emulator rules', () => {
  test('every record accepts an empty update', async () => {
    const env = emu.store.environment();
    const problems: string[] = [];
    for (const [id, item] of env.items) {
      if (env.itemTypes.get(item.itemTypeId)?.attributes.modular_block) continue;
      const res = await call(emu, `/items/${id}`, { method: 'PUT', body: { data: { type: 'item', id, attributes: {} } } });
      if (res.status !== 200) problems.push(refused(id, res));
    }
    assert.deepEqual(problems, []);
  });

  test('every record accepts its own nested value back (blocks sent whole with their ids)', async () => {
    const env = emu.store.environment();
    const problems: string[] = [];
    for (const [id, item] of env.items) {
      const itemType = env.itemTypes.get(item.itemTypeId);
      if (itemType?.attributes.modular_block || (itemType?.attributes.api_key === 'article' && Number(id.charCodeAt(0)) % 4 !== 0))
        continue;
      const nested = (await call(emu, `/items/${id}?nested=true`)).json.data;
      const res = await call(emu, `/items/${id}`, {
        method: 'PUT',
        body: { data: { type: 'item', id, attributes: stripBlocks(nested.attributes) } },
      });
      if (res.status !== 200) problems.push(refused(id, res));
    }
    assert.deepEqual(problems, []);
  });

  test('every field, model and webhook accepts its own attributes back', async () => {
    const env = emu.store.environment();
    const problems: string[] = [];
    for (const field of env.fields.values()) {
      const { validators, appearance, default_value, label, hint } = field.attributes;
      const res = await call(emu, `/fields/${field.id}`, {
        method: 'PUT',
        body: { data: { type: 'field', id: field.id, attributes: { validators, appearance, default_value, label, hint } } },
      });
      if (res.status !== 202) problems.push(refused(`field ${String(field.attributes.api_key)}`, res));
    }
    for (const model of env.itemTypes.values()) {
      const { has_singleton_item: _, ...attributes } = model.attributes;
      const res = await call(emu, `/item-types/${model.id}`, {
        method: 'PUT',
        body: { data: { type: 'item_type', id: model.id, attributes } },
      });
      if (res.status !== 202) problems.push(refused(`model ${String(model.attributes.api_key)}`, res));
    }
    for (const hook of emu.store.webhooks.values()) {
      const res = await call(emu, `/webhooks/${hook.id}`, {
        method: 'PUT',
        body: { data: { type: 'webhook', id: hook.id, attributes: hook.attributes } },
      });
      if (res.status !== 200) problems.push(refused(`webhook ${String(hook.attributes.name)}`, res));
    }
    assert.deepEqual(problems, []);
  });

  test('realistic shapes: null editor parameters and empty validator options; field values in the shapes the API answers', async () => {
    const env = emu.store.environment();
    const fields = [...env.fields.values()];
    const nullParameters = fields.filter((f) =>
      Object.values((f.attributes.appearance as { parameters: Record<string, unknown> }).parameters).includes(null),
    );
    assert.ok(nullParameters.length >= 3, `${nullParameters.length} fields with a null editor parameter`);
    assert.ok(fields.some((f) => JSON.stringify(f.attributes.validators).includes('"length":{}')));
    // a colour always has its alpha, a video all it is described by, a file its poster time (null for images)
    const values = [...env.items.values()].map((i) => i.attributes);
    const colours = values.filter((a) => a.color && typeof a.color === 'object');
    assert.ok(colours.length > 0 && colours.every((a) => 'alpha' in (a.color as object)));
    const videos = values.filter((a) => a.teaser && typeof a.teaser === 'object');
    assert.ok(videos.length > 0);
    for (const a of videos)
      assert.equal(
        Object.keys(a.teaser as object)
          .sort()
          .join(),
        'height,provider,provider_uid,thumbnail_url,title,url,width',
      );
    const files = values.filter((a) => a.avatar && typeof a.avatar === 'object');
    assert.ok(files.length > 0 && files.every((a) => 'poster_time' in (a.avatar as object)));
  });
});

/** A nested value as a client sends it back: a block as {type, id, attributes} (its item_type is implicit). */
function stripBlocks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripBlocks);
  if (!value || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  if (obj.type === 'item' && typeof obj.id === 'string' && obj.relationships)
    return { type: 'item', id: obj.id, attributes: stripBlocks(obj.attributes) };
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, stripBlocks(v)]));
}
