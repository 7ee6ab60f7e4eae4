// Exact round trip against the emulator's seeded project (contract B): every model, field and webhook,
// and a sample of records fetched with nested=true, render to a document that plans "nothing changed";
// and the seeded resources pass the schemas (no false alarms on real-looking data).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import { planUpdate, renderDocument, type DocumentKind, type SchemaContext } from '../../src/schema';
import { findingsOfResource } from '../../src/schema/plan';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { bodyOf, plan } from './helpers';

let emulator: Emulator;
let ctx: SchemaContext;
const subjects: [DocumentKind, Resource][] = [];

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`, {
    headers: { Authorization: `Bearer ${emulator.token}`, Accept: 'application/json', 'X-Api-Version': '3' },
  });
  assert.equal(response.status, 200, path);
  return ((await response.json()) as { data: T }).data;
}

useEmulator({ records: 40 }, async (started) => {
  emulator = started.emulator;
  const site = await get<Resource<'site'>>('/site');
  const models = await get<Resource<'item_type'>[]>('/item-types');
  const fields = new Map<string, Resource<'field'>[]>();
  for (const model of models) fields.set(model.id, await get(`/item-types/${model.id}/fields`));
  ctx = { locales: site.attributes['locales'] as string[], itemTypes: models, fieldsOf: (id) => fields.get(id) };
  for (const model of models) subjects.push(['model', model]);
  for (const list of fields.values()) for (const field of list) subjects.push(['field', field]);
  for (const webhook of await get<Resource<'webhook'>[]>('/webhooks')) subjects.push(['webhook', webhook]);
  for (const model of models.filter((m) => m.attributes['modular_block'] !== true)) {
    for (const record of await get<Resource<'item'>[]>(`/items?filter%5Btype%5D=${model.id}&nested=true&page%5Blimit%5D=8`))
      subjects.push(['record', record]);
  }
});

describe('seeded project round trip', () => {
  test('the seed covers every kind', () => {
    const count = (kind: DocumentKind) => subjects.filter(([k]) => k === kind).length;
    assert.ok(
      count('model') >= 9 && count('field') >= 40 && count('webhook') >= 4 && count('record') >= 20,
      JSON.stringify(subjects.map(([k]) => k)),
    );
  });
  test('every seeded resource opens and saves unchanged as "nothing to send"', () => {
    for (const [kind, resource] of subjects) {
      assert.deepEqual(
        planUpdate(kind, resource, renderDocument(kind, resource, ctx), ctx),
        { ok: true, body: null },
        `${kind} ${resource.id}`,
      );
    }
  });
  test('seeded resources satisfy the schemas', () => {
    for (const [kind, resource] of subjects) {
      const findings = findingsOfResource(kind, resource, ctx);
      assert.deepEqual(findings, [], `${kind} ${resource.id}`);
    }
  });
  test('a one-key edit of each seeded record sends exactly that key and the version lock', () => {
    let edited = 0;
    for (const [kind, resource] of subjects.filter(([k]) => k === 'record')) {
      const modelId = (resource.relationships['item_type']?.data as { id: string }).id;
      // a free-text field: no enum/format/slug rules to trip over
      const field = ctx
        .fieldsOf(modelId)
        ?.find(
          (f) =>
            ['string', 'text'].includes(f.attributes['field_type'] as string) &&
            !('enum' in (f.attributes['validators'] as object)) &&
            !('format' in (f.attributes['validators'] as object)),
        );
      const key = field?.attributes['api_key'] as string | undefined;
      if (!key || !field) continue;
      const data = bodyOf(
        plan(kind, resource, ctx, (d) => {
          if (field.attributes['localized']) d[key] = { ...d[key], [ctx.locales[0]!]: 'Edited text' };
          else d[key] = 'Edited text';
        }),
      );
      assert.deepEqual(Object.keys(data.attributes ?? {}), [key]);
      assert.deepEqual(data.meta, { current_version: resource.meta['current_version'] });
      edited++;
    }
    assert.ok(edited >= 10, `edited ${edited} records`);
  });
});
