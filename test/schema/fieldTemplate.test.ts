// New field drafts: every field type's template passes the local checks as it is and is accepted by POST …/fields;
// the api_key placeholder is free in the model; a create without a label is a located problem and sends nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import { ProjectData } from '../../src/projects/projectData';
import { FIELD_TYPES } from '../../src/schema/catalog';
import { draftField, FIELD_TYPE_LABELS } from '../../src/schema/fieldTemplate';
import { planSchemaCreate, renderSchemaDraft } from '../../src/schema/schemaDrafts';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

let emulator: Emulator;
let client: CmaClient;

useEmulator({ records: 4, jobDurationMs: 5, client: { jobs: QUICK_JOBS } }, (started) => ({ emulator, client } = started));

async function templateOf(modelApiKey: string, type: (typeof FIELD_TYPES)[number]) {
  const data = new ProjectData(client);
  const model = await data.itemType(modelApiKey);
  const ctx = await data.schemaContext([model.id]);
  const draft = draftField(model, type, ctx);
  return { model, draft, ctx, text: renderSchemaDraft('field', draft, ctx) };
}

describe('new field templates', () => {
  for (const modelApiKey of ['author', 'quote_block']) {
    test(`each of the 20 field types is valid as drafted and created by DatoCMS (${modelApiKey})`, async () => {
      assert.equal(Object.keys(FIELD_TYPE_LABELS).length, FIELD_TYPES.length);
      for (const type of FIELD_TYPES) {
        const { model, draft, ctx, text } = await templateOf(modelApiKey, type);
        const plan = planSchemaCreate('field', draft, text, ctx);
        assert.ok(plan.ok, `${type}: ${JSON.stringify(!plan.ok && plan.problems.map((p) => p.message))}`);
        const created = await client.fields.create(model.id, plan.body);
        assert.equal(created.attributes['field_type'], type);
        assert.equal(created.attributes['api_key'], draft.attributes['api_key']);
      }
    });
  }

  test('the placeholder api_key is one the model does not use yet', async () => {
    const { draft } = await templateOf('category', 'string');
    assert.equal(draft.attributes['api_key'], 'new_field');
    const { model, ctx, text, draft: first } = await templateOf('category', 'string');
    const plan = planSchemaCreate('field', first, text, ctx);
    assert.ok(plan.ok);
    await client.fields.create(model.id, plan.body);
    const again = await templateOf('category', 'integer');
    assert.equal(again.draft.attributes['api_key'], 'new_field_2');
    assert.equal(again.draft.attributes['label'], 'New field 2');
  });

  test('a draft whose label was taken out is refused where the label was, and nothing is sent', async () => {
    const { draft, ctx, text } = await templateOf('author', 'boolean');
    const { label: _label, ...rest } = JSON.parse(text) as Record<string, unknown>;
    const before = emulator.requests.length;
    const plan = planSchemaCreate('field', draft, JSON.stringify(rest, null, 2), ctx);
    assert.ok(!plan.ok);
    assert.match(plan.problems[0]!.message, /label.*missing/);
    assert.equal(emulator.requests.length, before);
  });
});
