// Deleting and duplicating records, deleting schema and moving fields, against the emulator, with the
// window scripted: what the confirmation says, what is sent (nothing when declined), what the user is told.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import type { DeletedResources } from '../../src/domain/deleted';
import type { DocumentRef } from '../../src/domain/paths';
import type { SchemaChange } from '../../src/projects/primaryGuard';
import { ProjectData } from '../../src/projects/projectData';
import { deleteRecord } from '../../src/records/deleteRecord';
import { duplicateRecord } from '../../src/records/duplicateRecord';
import type { LifecycleDeps } from '../../src/projects/actions';
import { deleteSchemaItem } from '../../src/schemaActions/deleteSchema';
import { fieldsReferencing } from '../../src/schemaActions/schemaImpact';
import { moveField, moveFieldOnto } from '../../src/schemaActions/reorderFields';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';

let emulator: Emulator;
let client: CmaClient;
let data: ProjectData;
let ui: ScriptedUi;
let deleted: DeletedResources[];
let opened: DocumentRef[];
let guarded: SchemaChange[];
let guardAnswer: boolean;

const at = { project: 'emulated-bistro', environment: 'main' };

useEmulator(
  { records: 30, jobDurationMs: 5, client: { jobs: QUICK_JOBS }, reset: ['faults'] },
  (started) => ({ emulator, client } = started),
);
beforeEach(() => {
  data = new ProjectData(client);
  ui = new ScriptedUi();
  deleted = [];
  opened = [];
  guarded = [];
  guardAnswer = true;
});

function deps(): LifecycleDeps {
  return {
    ui,
    t: formatMessage,
    data: async () => data,
    documentsDeleted: async (gone) => void deleted.push(gone),
    confirmSchemaChange: async (change) => (guarded.push(change), guardAnswer),
    primaryWarning: async (change) => (guarded.push(change), `"${change.environment}" is the primary environment.`),
    openDocument: async (ref) => void opened.push(ref),
  };
}

const writes = () => emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
/** Answers the next confirmation; returns what it asked, to check after the action. */
function answerConfirm(choice: 'Delete' | undefined): { message?: string } {
  const seen: { message?: string } = {};
  ui.answers.push((message) => ((seen.message = message), choice));
  return seen;
}
const detailOf = () => ui.transcript.find((line) => line.startsWith('confirm:')) ?? '';
/** Records the detail text of every confirmation (the transcript has only the message). */
function captureDetails(): string[] {
  const details: string[] = [];
  const ask = ui.confirm.bind(ui);
  ui.confirm = async (options) => (details.push(options.detail ?? ''), ask(options));
  return details;
}

async function recordOf(model: string, which: (r: Resource<'item'>) => boolean = () => true): Promise<Resource<'item'>> {
  const page = await client.items.list({ filter: { type: model }, page: { limit: 100 } });
  const record = page.data.find(which);
  assert.ok(record, `a seeded ${model} record`);
  return record;
}
/** An article that links categories. */
const hasCategories = (r: Resource<'item'>) =>
  Array.isArray(r.attributes['categories']) && (r.attributes['categories'] as unknown[]).length > 0;

describe('delete record', () => {
  test('the confirmation names the title, model, environment and the records linking to it; declining sends nothing', async () => {
    const article = await recordOf('article', hasCategories);
    const category = await client.items.find((article.attributes['categories'] as string[])[0]!);
    const confirm = answerConfirm(undefined);
    emulator.clearRequests();
    const done = await deleteRecord(deps(), { ...at, record: category, model: await data.itemType('category') });
    assert.equal(done, false);
    const name = (category.attributes['name'] as Record<string, string>)['en']!;
    assert.match(confirm.message!, new RegExp(`Delete the record “${name}” \\(Category\\) from environment main\\?`));
    assert.equal(ui.confirmations.at(-1)?.safe, 'Keep Record', 'Enter keeps the record: the safe choice has the focus');
    assert.deepEqual(writes(), [], 'declined: no request that changes anything');
    assert.deepEqual(deleted, []);
  });

  test('confirmed: one DELETE, the open documents are told, and the record is gone', async () => {
    const article = await recordOf('article', hasCategories);
    const category = await client.items.find((article.attributes['categories'] as string[])[0]!);
    const referencing = await client.items.references(category.id, { version: 'published-or-current' });
    ui.answers.push((_m, actions) => actions[0]);
    const details = captureDetails();
    emulator.clearRequests();
    assert.equal(await deleteRecord(deps(), { ...at, record: category, model: await data.itemType('category') }), true);
    assert.match(
      details[0]!,
      referencing.length === 1 ? /1 record links to it: “/ : new RegExp(`${referencing.length} records link to it: “`),
    );
    assert.deepEqual(writes(), [`DELETE /items/${category.id}`]);
    assert.deepEqual(deleted, [{ ...at, records: [category.id] }]);
    await assert.rejects(client.items.find(category.id), /404|NOT_FOUND/);
    assert.ok(ui.transcript.some((line) => line.startsWith('info: Deleted the record')));
  });

  test('a refusal by DatoCMS names the linking records and the fields that forbid it; nothing is marked deleted', async () => {
    const article = await recordOf('article', (r) => typeof r.attributes['author'] === 'string');
    const author = await client.items.find(article.attributes['author'] as string);
    const linking = await client.items.references(author.id, { version: 'published-or-current' });
    ui.answers.push((_m, actions) => actions[0]);
    await assert.rejects(
      deleteRecord(deps(), { ...at, record: author, model: await data.itemType('author') }),
      new RegExp(
        `DatoCMS refused to delete “.+”: ${linking.length} record\\(s\\) link to it \\(“.+\\) through a field .*\\(.*“Article › Author”`,
      ),
    );
    assert.deepEqual(deleted, []);
    assert.ok(await client.items.find(author.id));
  });

  test('a refusal that names nothing (its details are not documented) is still told right', async () => {
    const article = await recordOf('article', hasCategories);
    const category = await client.items.find((article.attributes['categories'] as string[])[0]!);
    const linking = await client.items.references(category.id, { version: 'published-or-current' });
    emulator.faults.add({ kind: 'job_failure', method: 'DELETE', path: `/items/${category.id}`, code: 'DELETE_RESTRICTION', status: 422 });
    ui.answers.push((_m, actions) => actions[0]);
    const error = await deleteRecord(deps(), { ...at, record: category, model: await data.itemType('category') }).catch((e: Error) => e);
    assert.ok(error instanceof Error);
    assert.match(error.message, new RegExp(`^DatoCMS refused to delete “.+”: ${linking.length} record\\(s\\) link to it \\(“`));
    assert.doesNotMatch(error.message, /\b0 record|\(\)/);

    const dish = await recordOf('dish');
    emulator.faults.add({ kind: 'job_failure', method: 'DELETE', path: `/items/${dish.id}`, code: 'DELETE_RESTRICTION', status: 422 });
    ui.answers.push((_m, actions) => actions[0]);
    await assert.rejects(
      deleteRecord(deps(), { ...at, record: dish, model: await data.itemType('dish') }),
      /^Error: DatoCMS refused to delete “.+”: a record links to it through a field that does not allow deleting what it links to\./,
    );
    assert.deepEqual(deleted, []);
  });

  test('a failed job is reported and nothing is marked deleted', async () => {
    const dish = await recordOf('dish');
    emulator.faults.add({ kind: 'job_failure', method: 'DELETE', path: `/items/${dish.id}`, code: 'EXCEPTION', status: 500 });
    ui.answers.push((_m, actions) => actions[0]);
    await assert.rejects(deleteRecord(deps(), { ...at, record: dish, model: await data.itemType('dish') }), /EXCEPTION/);
    assert.deepEqual(deleted, []);
  });
});

describe('duplicate record', () => {
  test('runs the job with progress and opens the copy by its new id', async () => {
    const dish = await recordOf('dish');
    emulator.clearRequests();
    const copyId = await duplicateRecord(deps(), { ...at, record: dish, model: await data.itemType('dish') });
    assert.notEqual(copyId, dish.id);
    assert.deepEqual(writes(), [`POST /items/${dish.id}/duplicate`]);
    assert.equal(opened.length, 1);
    assert.deepEqual({ ...opened[0], title: undefined }, { ...at, kind: 'record', modelApiKey: 'dish', id: copyId, title: undefined });
    assert.match(ui.progressTitles[0]!, /^Duplicating the record “.+” \(.+\)…$/);
    assert.equal((await client.items.find(copyId)).id, copyId);
  });

  test('an unknown record is a clear failure and opens nothing', async () => {
    const dish = await recordOf('dish');
    await assert.rejects(
      duplicateRecord(deps(), { ...at, record: { ...dish, id: 'Ab3dEfGhIjKlMnOpQrStUw' }, model: await data.itemType('dish') }),
      /404|NOT_FOUND/,
    );
    assert.deepEqual(opened, []);
  });
});

describe('delete schema', () => {
  test("a model referenced by other models: the confirmation lists them; DatoCMS's refusal is shown", async () => {
    const category = await data.itemType('category');
    const details = captureDetails();
    ui.answers.push((_m, actions) => actions[0]);
    await assert.rejects(deleteSchemaItem(deps(), { ...at, kind: 'model', model: category }), /DatoCMS refused/);
    assert.match(detailOf(), /Delete the model “Category” \(category\) from environment main\?/);
    assert.equal(ui.confirmations.find((c) => c.message.startsWith('Delete the model'))?.safe, 'Keep It');
    const records = (await client.items.list({ filter: { type: category.id }, page: { limit: 1 } })).totalCount;
    assert.match(details[0]!, new RegExp(`and all its ${records} records`));
    assert.match(details[0]!, /1 field\(s\) of other models reference it: “Article › Categories”/);
    assert.equal(guarded.length, 1, 'the primary guard was asked');
    assert.deepEqual(deleted, []);
  });

  test('in the primary, one question: the delete names the primary (the guard asks nothing of its own); Keep It sends nothing', async () => {
    const models = await data.itemTypes();
    let free: Resource<'item_type'> | undefined;
    for (const m of models) if (m.attributes['modular_block'] !== true && (await fieldsReferencing(data, m.id)).length === 0) free = m;
    assert.ok(free, 'a model nothing references');
    ui.answers.push(() => undefined);
    emulator.clearRequests();
    assert.equal(await deleteSchemaItem(deps(), { ...at, kind: 'model', model: free }), false);
    assert.deepEqual(writes(), []);
    assert.match(guarded[0]!.action, new RegExp(`Delete model “.+” \\(${String(free.attributes['api_key'])}\\)`));
    assert.equal(ui.confirmations.length, 1, 'one question');
    assert.match(ui.confirmations[0]!.detail!, /^"main" is the primary environment\.\n/);
  });

  test('a model nothing references: its records are counted, it is deleted, its documents are told', async () => {
    const models = await data.itemTypes();
    let free: Resource<'item_type'> | undefined;
    for (const m of models) if (m.attributes['modular_block'] !== true && (await fieldsReferencing(data, m.id)).length === 0) free = m;
    const count = (await client.items.list({ filter: { type: free!.id }, page: { limit: 1 } })).totalCount;
    let detail = '';
    const ask = ui.confirm.bind(ui);
    ui.confirm = async (options) => ((detail = options.detail ?? ''), ask(options));
    ui.answers.push((_m, actions) => actions[0]);
    emulator.clearRequests();
    assert.equal(await deleteSchemaItem(deps(), { ...at, kind: 'model', model: free! }), true);
    assert.match(detail, new RegExp(`and all its ${count} records`));
    assert.match(detail, /No field of another model references it/);
    assert.deepEqual(writes(), [`DELETE /item-types/${free!.id}`]);
    assert.deepEqual(deleted, [{ ...at, models: [String(free!.attributes['api_key'])] }]);
  });

  test("a field that is its model's title field says so; its values are counted", async () => {
    const author = await data.itemType('author');
    const name = (await data.fields(author.id)).find((f) => f.attributes['api_key'] === 'name')!;
    let detail = '';
    const ask = ui.confirm.bind(ui);
    ui.confirm = async (options) => ((detail = options.detail ?? ''), ask(options));
    answerConfirm(undefined);
    emulator.clearRequests();
    assert.equal(await deleteSchemaItem(deps(), { ...at, kind: 'field', model: author, field: name }), false);
    assert.match(detail, /Its values go from all \d+ records of “Author”/);
    assert.match(detail, /“Author” uses it as its title field, its ordering field/);
    assert.deepEqual(writes(), []);
  });

  test('a fieldset keeps its fields; a webhook goes from every environment', async () => {
    const article = await data.itemType('article');
    const [fieldset] = await data.fieldsets(article.id);
    let detail = '';
    const ask = ui.confirm.bind(ui);
    ui.confirm = async (options) => ((detail = options.detail ?? ''), ask(options));
    ui.answers.push((_m, actions) => actions[0]);
    assert.equal(await deleteSchemaItem(deps(), { ...at, kind: 'fieldset', model: article, fieldset: fieldset!, fieldCount: 4 }), true);
    assert.match(detail, /Its 4 fields stay, no longer grouped/);
    const [webhook] = await client.webhooks.list();
    ui.answers.push((_m, actions) => actions[0]);
    const guardsBefore = guarded.length;
    assert.equal(await deleteSchemaItem(deps(), { ...at, kind: 'webhook', webhook: webhook! }), true);
    assert.equal(guarded.length, guardsBefore, 'webhooks are not schema: no guard');
    assert.deepEqual(deleted.at(-1), { ...at, webhooks: [webhook!.id] });
    await assert.rejects(client.webhooks.find(webhook!.id), /404|NOT_FOUND/);
  });
});

describe('move fields', () => {
  const ungroupedOf = async (model: string) => {
    const itemType = await data.itemType(model);
    const fields = (await data.fields(itemType.id)).filter((f) => !f.relationships['fieldset']?.data);
    return { itemType, fields };
  };

  test("Move Down sends one update with the next field's position, guarded; the order changes", async () => {
    const { itemType, fields } = await ungroupedOf('dish');
    const [first, second] = fields;
    emulator.clearRequests();
    assert.equal(await moveField(deps(), { ...at, model: itemType, field: first! }, 'down'), true);
    const puts = emulator.requests.filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 1);
    assert.equal(puts[0]!.path, `/fields/${first!.id}`);
    assert.deepEqual((puts[0]!.body as any).data.attributes, { position: second!.attributes['position'] });
    assert.match(guarded[0]!.action, /Move field “.+” of model “.+” to position \d+/);
    const after = (await client.fields.list(itemType.id)).sort(
      (a, b) => Number(a.attributes['position']) - Number(b.attributes['position']),
    );
    assert.ok(after.findIndex((f) => f.id === first!.id) > after.findIndex((f) => f.id === second!.id));
  });

  test('the first field cannot move up, and a declined guard sends nothing', async () => {
    const { itemType, fields } = await ungroupedOf('dish');
    emulator.clearRequests();
    assert.equal(await moveField(deps(), { ...at, model: itemType, field: fields[0]! }, 'up'), false);
    assert.match(ui.transcript.at(-1)!, /already the first field/);
    guardAnswer = false;
    assert.equal(await moveField(deps(), { ...at, model: itemType, field: fields[1]! }, 'up'), false);
    assert.deepEqual(writes(), []);
  });

  test('dropping onto a field of another fieldset is refused; onto a sibling moves there', async () => {
    const article = await data.itemType('article');
    const fields = await data.fields(article.id);
    const grouped = fields.filter((f) => f.relationships['fieldset']?.data);
    const other = fields.find(
      (f) => JSON.stringify(f.relationships['fieldset']?.data) !== JSON.stringify(grouped[0]!.relationships['fieldset']?.data),
    );
    assert.ok(other);
    emulator.clearRequests();
    assert.equal(await moveFieldOnto(deps(), { ...at, model: article, field: grouped[0]! }, other), false);
    assert.match(ui.transcript.at(-1)!, /only within their own model and fieldset/);
    const sibling = grouped.find(
      (f) =>
        f.id !== grouped[0]!.id &&
        JSON.stringify(f.relationships['fieldset']?.data) === JSON.stringify(grouped[0]!.relationships['fieldset']?.data),
    )!;
    assert.equal(await moveFieldOnto(deps(), { ...at, model: article, field: grouped[0]! }, sibling), true);
    assert.deepEqual(writes(), [`PUT /fields/${grouped[0]!.id}`]);
  });
});
