// Differential test: generated edits of the seeded project's records, models, fields and webhooks, each
// checked locally (planUpdate) and sent to the emulator, which stands in for the server. The local verdict
// must agree: no false refusal (we refuse what the server takes), and no late failure (we send what the server
// refuses) except where only the server can know (uniqueness, whether a linked record exists).
// The emulator's store is restored after every accepted edit, so each edit starts from the seed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import { documentValue, planUpdate, type SchemaContext } from '../../src/schema';
import { updateBody } from '../../src/schema/plan';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { fieldCases, modelCases, recordCases, webhookCases, type EditCase } from './differentialCases';
import { callEmulator } from './emulatorClient';
import type { Doc } from './helpers';

/** Server answers that depend on data only the server has. */
const SERVER_STATE = /VALIDATION_UNIQUE|VALIDATION_UNIQUENESS|VALIDATION_ITEMS?_ITEM_TYPE|no record|no block|does not belong/;

let emulator: Emulator;
const call = (method: string, path: string, body?: unknown) => callEmulator(emulator, method, path, body);
let ctx: SchemaContext;
let restore: (kind: EditCase['kind']) => void;
const cases: EditCase[] = [];

const PATHS = { record: 'items', model: 'item-types', field: 'fields', webhook: 'webhooks' } as const;

/** The store's state, to put back after an accepted edit (structuredClone keeps shared references shared). */
function snapshotStore(): (kind: EditCase['kind']) => void {
  const store = emulator.store;
  const env = store.environment();
  // what an accepted edit of each kind may change (a field edit may migrate records)
  const schema = [env.itemTypes, env.fields, env.fieldsets, env.items, env.recordsByType] as Map<unknown, unknown>[];
  const groups: Record<EditCase['kind'], Map<unknown, unknown>[]> = {
    record: [env.items, env.recordsByType] as Map<unknown, unknown>[],
    model: schema,
    field: schema,
    webhook: [store.webhooks] as Map<unknown, unknown>[],
  };
  const saved = new Map([...new Set(Object.values(groups).flat())].map((map) => [map, structuredClone(map)]));
  return (kind) => {
    const maps = groups[kind];
    const copy = structuredClone(maps.map((map) => saved.get(map)!));
    maps.forEach((map, i) => {
      map.clear();
      for (const [k, v] of copy[i]!) map.set(k, v);
    });
    store.schemaChanged(env);
  };
}

useEmulator({ records: 3, jobDurationMs: 0 }, async (started) => {
  emulator = started.emulator;
  const get = async <T>(path: string) => (await call('GET', path)).json['data'] as T;
  const site = await get<Resource<'site'>>('/site');
  const models = await get<Resource<'item_type'>[]>('/item-types');
  const fields = new Map<string, Resource<'field'>[]>();
  for (const model of models) fields.set(model.id, await get(`/item-types/${model.id}/fields`));
  ctx = { locales: site.attributes['locales'] as string[], itemTypes: models, fieldsOf: (id) => fields.get(id) };
  for (const model of models) {
    cases.push(...modelCases(model, ctx));
    if (model.attributes['modular_block'] === true) continue;
    const [record] = await get<Resource<'item'>[]>(`/items?filter%5Btype%5D=${model.id}&nested=true&page%5Blimit%5D=1`);
    if (record) cases.push(...recordCases(record, fields.get(model.id) ?? [], ctx, documentValue('record', record, ctx) as Doc));
  }
  const seenTypes = new Set<string>();
  for (const field of [...fields.values()].flat()) {
    const type = String(field.attributes['field_type']);
    if (!seenTypes.has(type)) cases.push(...fieldCases(field, ctx));
    seenTypes.add(type);
  }
  for (const webhook of await get<Resource<'webhook'>[]>('/webhooks')) cases.push(...webhookCases(webhook));
  restore = snapshotStore();
});

interface Outcome {
  name: string;
  local: 'accept' | 'refuse';
  server: 'accept' | 'refuse';
  localWhy: string;
  serverWhy: string;
}

describe('differential: local checks against the server', () => {
  test('every generated edit gets the same verdict locally and from the server', async () => {
    const outcomes: Outcome[] = [];
    let unchanged = 0;
    // the store is put back after every accepted edit, so a resource reads the same before every edit
    const openedCache = new Map<string, Resource>();
    for (const edit of cases) {
      const path = `/${PATHS[edit.kind]}/${edit.id}${edit.kind === 'record' ? '?nested=true' : ''}`;
      const opened = openedCache.get(path) ?? ((await call('GET', path)).json['data'] as Resource);
      openedCache.set(path, opened);
      const basis = documentValue(edit.kind, opened, ctx);
      const doc = structuredClone(basis) as Doc;
      edit.mutate(doc);
      const text = (edit.text ?? ((t: string) => t))(`${JSON.stringify(doc, null, 2)}\n`);
      const plan = planUpdate(edit.kind, opened, text, ctx);
      // a refused edit is sent anyway (built without checks) to learn what the server says
      const body = plan.ok ? plan.body : updateBody(edit.kind, opened, doc as never, basis, ctx);
      if (!body) {
        unchanged++;
        continue;
      }
      const answer = await call('PUT', `/${PATHS[edit.kind]}/${edit.id}`, body);
      const server = answer.status >= 200 && answer.status < 300 ? 'accept' : 'refuse';
      if (server === 'accept') restore(edit.kind);
      outcomes.push({
        name: edit.name,
        local: plan.ok ? 'accept' : 'refuse',
        server,
        localWhy: plan.ok ? '' : plan.problems.map((p) => p.message).join('; '),
        serverWhy:
          server === 'refuse'
            ? JSON.stringify(
                answer.json['data']?.map?.((e: Doc) => ({ code: e['attributes']?.code, details: e['attributes']?.details })) ?? answer.json,
              )
            : '',
      });
    }
    const disagreements = outcomes.filter((o) => o.local !== o.server);
    const falseRefusals = disagreements.filter((o) => o.local === 'refuse');
    const late = disagreements.filter((o) => o.local === 'accept');
    const lateWithState = late.filter((o) => SERVER_STATE.test(o.serverWhy));
    const lateLocal = late.filter((o) => !SERVER_STATE.test(o.serverWhy));
    const counts = {
      cases: outcomes.length,
      unchanged,
      agree: outcomes.filter((o) => o.local === o.server).length,
      falseRefusals: falseRefusals.length,
      lateFailuresNeedingServerState: lateWithState.length,
      lateFailuresCheckableLocally: lateLocal.length,
    };
    console.log(`differential: ${JSON.stringify(counts)}`);
    const show = (list: Outcome[]) =>
      list.map((o) => `- ${o.name}\n    local: ${o.localWhy || 'accepted'}\n    server: ${o.serverWhy || 'accepted'}`).join('\n');
    assert.ok(outcomes.length >= 300, `only ${outcomes.length} cases`);
    assert.deepEqual(
      [falseRefusals.length, lateLocal.length],
      [0, 0],
      `false refusals:\n${show(falseRefusals)}\nlate failures a local check could catch:\n${show(lateLocal)}\n(late failures that need server state:\n${show(lateWithState)})`,
    );
  });
});
