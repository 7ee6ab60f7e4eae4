// New models, block models, fieldsets and webhooks as documents: the draft opens valid (a webhook's URL excepted:
// it must be the user's), the first save creates once, the document becomes the created resource's; problems are
// located and send nothing; a server refusal keeps the text. A fieldset opens and saves like the other kinds.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DocumentService, type SaveResult } from '../../src/documents/documentService';
import {
  documentPath,
  isNewDocumentRef,
  newFieldsetDraftRef,
  newModelDraftRef,
  newWebhookDraftRef,
  parseDocumentPath,
  type DocumentRef,
} from '../../src/domain/paths';
import { schemaChangeOf } from '../../src/documents/saveGuard';
import { ProjectData } from '../../src/projects/projectData';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

const where = { project: 'emulated-bistro', environment: 'main' } as const;
let emulator: Emulator;
let service: DocumentService;
let data: ProjectData;

useEmulator({ records: 2, jobDurationMs: 5, client: { jobs: QUICK_JOBS } }, (started) => {
  emulator = started.emulator;
  data = new ProjectData(started.client);
  service = new DocumentService(async () => data);
});

const posts = (path: string) => emulator.requests.filter((r) => r.method === 'POST' && r.path === path).length;
const writes = () => emulator.requests.filter((r) => r.method !== 'GET').length;
const edited = (text: string, changes: Record<string, unknown>) => `${JSON.stringify({ ...JSON.parse(text), ...changes }, null, 2)}\n`;

async function createDraft(ref: DocumentRef, changes: Record<string, unknown> = {}): Promise<SaveResult> {
  const parsed = parseDocumentPath(documentPath(ref));
  assert.ok(parsed && isNewDocumentRef(parsed), 'the draft path reads back as a draft');
  const opened = await service.open(parsed);
  return service.save(edited(opened.text, changes), { opened, basisText: opened.text });
}

describe('new model and block model drafts', () => {
  test('an unedited model draft is created by one POST /item-types and the document becomes the model', async () => {
    const before = posts('/item-types');
    const result = await createDraft(newModelDraftRef(where, false));
    assert.equal(result.status, 'saved', JSON.stringify(result));
    if (result.status !== 'saved') return;
    assert.equal(posts('/item-types'), before + 1);
    assert.deepEqual(result.created, { ...where, kind: 'model', apiKey: 'new_model', title: 'New model' });
    const doc = JSON.parse(result.document.text);
    assert.equal(doc.modular_block, false);
    assert.notEqual(doc.$readonly.id, 'new');
    assert.ok(
      (await data.itemTypes()).some((m) => m.attributes['api_key'] === 'new_model'),
      'the project lists the new model',
    );
    const again = await service.save(result.document.text, { opened: result.document, basisText: result.document.text });
    assert.equal(again.status, 'unchanged');
    assert.equal(posts('/item-types'), before + 1);
  });

  test('the next draft takes a free api_key; a block model draft creates a block model', async () => {
    const opened = await service.open(newModelDraftRef(where, false));
    assert.equal(JSON.parse(opened.text).api_key, 'new_model_2');
    const result = await createDraft(newModelDraftRef(where, true), { name: 'Call to action', api_key: 'call_to_action' });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    if (result.status !== 'saved') return;
    assert.equal(JSON.parse(result.document.text).modular_block, true);
    assert.equal(result.created?.kind === 'model' && result.created.apiKey, 'call_to_action');
  });

  test('a taken api_key is a problem where it was typed, before anything is sent, and the text is kept', async () => {
    const before = posts('/item-types');
    const parsed = newModelDraftRef(where, false);
    const opened = await service.open(parsed);
    const text = edited(opened.text, { api_key: 'author' });
    const result = await service.save(text, { opened, basisText: opened.text });
    assert.equal(result.status, 'invalid');
    if (result.status !== 'invalid') return;
    assert.equal(result.origin, 'local');
    assert.equal(result.text, text);
    assert.deepEqual(result.problems[0]!.path, ['api_key']);
    assert.equal(result.problems[0]!.code, 'api-key-taken');
    assert.equal(text.slice(result.problems[0]!.offset, result.problems[0]!.offset + result.problems[0]!.length).includes('author'), true);
    assert.equal(posts('/item-types'), before);
  });

  test('has_singleton_item or a missing name is a located problem and sends nothing', async () => {
    const before = writes();
    const opened = await service.open(newModelDraftRef(where, false));
    const { name: _name, ...rest } = JSON.parse(opened.text) as Record<string, unknown>;
    const noName = await service.save(`${JSON.stringify(rest, null, 2)}\n`, { opened, basisText: opened.text });
    assert.equal(noName.status, 'invalid');
    assert.match(noName.status === 'invalid' ? noName.problems[0]!.message : '', /missing.*name and api_key/);
    const owned = await service.save(edited(opened.text, { has_singleton_item: true }), { opened, basisText: opened.text });
    assert.equal(owned.status, 'invalid');
    assert.match(owned.status === 'invalid' ? owned.problems[0]!.message : '', /set by DatoCMS/);
    assert.equal(writes(), before);
  });

  test('the guard names the model about to be created; webhooks and records are not guarded', () => {
    const model = newModelDraftRef(where, true);
    const change = schemaChangeOf(model, [], '{"name": "Hero", "api_key": "hero"}', formatMessage);
    assert.equal(change?.action, 'Create the block model "Hero" (hero)');
    assert.equal(change?.environment, 'main');
    assert.equal(schemaChangeOf(newWebhookDraftRef(where), [], '{}', formatMessage), undefined);
    assert.equal(schemaChangeOf({ ...where, kind: 'record', modelApiKey: 'author', id: '1' }, ['name'], '{}', formatMessage), undefined);
  });
});

describe('new webhook drafts', () => {
  test('the draft leaves the URL to the user: saved unedited, it is refused at "url" and nothing is sent', async () => {
    const before = writes();
    const opened = await service.open(newWebhookDraftRef(where));
    const result = await service.save(opened.text, { opened, basisText: opened.text });
    assert.equal(result.status, 'invalid');
    if (result.status !== 'invalid') return;
    assert.equal(result.problems.length, 1);
    assert.deepEqual(result.problems[0]!.path, ['url']);
    assert.equal(writes(), before);
  });

  test('with a URL, one POST /webhooks creates it; the document becomes the webhook', async () => {
    const before = posts('/webhooks');
    const result = await createDraft(newWebhookDraftRef(where), { name: 'Rebuild', url: 'https://ci.example.com/hooks/rebuild' });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    if (result.status !== 'saved') return;
    assert.equal(posts('/webhooks'), before + 1);
    assert.equal(result.created?.kind, 'webhook');
    assert.equal(result.created?.kind === 'webhook' && result.created.id, result.document.resource.id);
    const doc = JSON.parse(result.document.text);
    assert.equal(doc.url, 'https://ci.example.com/hooks/rebuild');
    assert.deepEqual(doc.events[0].event_types, ['create', 'update', 'delete', 'publish', 'unpublish']);
  });

  test('a declined confirmation sends nothing', async () => {
    const before = writes();
    const opened = await service.open(newWebhookDraftRef(where));
    const result = await service.save(
      edited(opened.text, { url: 'https://ci.example.com/x' }),
      { opened, basisText: opened.text },
      { confirm: async () => false },
    );
    assert.equal(result.status, 'declined');
    assert.equal(writes(), before);
  });
});

describe('fieldsets', () => {
  test('New Fieldset: one POST …/fieldsets (attributes only), then the document is the fieldset; its model lists it', async () => {
    const before = writes();
    const result = await createDraft(newFieldsetDraftRef(where, 'article'), { title: 'Sources', collapsible: true });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    if (result.status !== 'saved') return;
    const sent = emulator.requests.filter((r) => r.method !== 'GET').slice(before);
    assert.equal(sent.length, 1);
    assert.match(`${sent[0]!.method} ${sent[0]!.path}`, /^POST \/item-types\/[^/]+\/fieldsets$/);
    assert.deepEqual(Object.keys((sent[0]!.body as { data: object }).data).sort(), ['attributes', 'type']);
    assert.equal(result.created?.kind, 'fieldset');
    const model = await data.itemType('article');
    assert.ok(
      (await data.fieldsets(model.id)).some((f) => f.attributes['title'] === 'Sources'),
      'the model lists the new fieldset',
    );
    const next = await service.open(newFieldsetDraftRef(where, 'article'));
    assert.equal(JSON.parse(next.text).title, 'New fieldset', 'the next draft is titled afresh');
  });

  test('a fieldset document saves only what changed, with one PUT /fieldsets/:id; an empty title is refused where it was typed', async () => {
    const model = await data.itemType('article');
    const [fieldset] = await data.fieldsets(model.id);
    assert.ok(fieldset, 'the seeded article has a fieldset');
    const opened = await service.open({ ...where, kind: 'fieldset', modelApiKey: 'article', id: fieldset.id });
    const before = writes();
    const empty = await service.save(edited(opened.text, { title: '' }), { opened, basisText: opened.text });
    assert.equal(empty.status, 'invalid');
    assert.deepEqual(empty.status === 'invalid' && empty.problems[0]!.path, ['title']);
    assert.equal(writes(), before);
    const result = await service.save(edited(opened.text, { hint: 'Where the facts come from' }), { opened, basisText: opened.text });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    const put = emulator.requests.filter((r) => r.method !== 'GET').slice(before);
    assert.deepEqual(
      put.map((r) => `${r.method} ${r.path}`),
      [`PUT /fieldsets/${fieldset.id}`],
    );
    assert.deepEqual((put[0]!.body as { data: { attributes: object } }).data.attributes, { hint: 'Where the facts come from' });
  });

  test('the guard names a fieldset create and a fieldset update', () => {
    assert.equal(
      schemaChangeOf(newFieldsetDraftRef(where, 'article'), [], '{}', formatMessage)?.action,
      'Create a fieldset in model article',
    );
    assert.equal(
      schemaChangeOf({ ...where, kind: 'fieldset', modelApiKey: 'article', id: 'F1' }, ['hint'], '{}', formatMessage)?.action,
      'Update the fieldset F1 of article (hint)',
    );
  });
});
