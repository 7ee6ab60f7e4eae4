// A document whose resource was deleted in DatoCMS: its saves are refused before any request, and which
// open documents a delete takes away.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import { isDeletedDocument } from '../../src/domain/deleted';
import { DocumentService } from '../../src/documents/documentService';
import { DocumentStore } from '../../src/documents/documentStore';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';

let emulator: Emulator;
let client: CmaClient;

useEmulator({ records: 4 }, (started) => ({ emulator, client } = started));

describe('a deleted document', () => {
  test('a save of edited text is refused, sends nothing, and the session keeps refusing', async () => {
    const data = new ProjectData(client);
    const service = new DocumentService(async () => data);
    let saves = 0;
    const store = new DocumentStore({
      open: (_key, ref, id) => service.open(ref, { id }),
      save: async () => {
        saves++;
        return { status: 'unchanged' };
      },
      restore: async () => undefined,
      persist: () => undefined,
    });
    const id = (await client.items.list({ filter: { type: 'article' }, page: { limit: 1 } })).data[0]!.id;
    const ref: DocumentRef = { project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id };
    const key = `datocms:/emulated-bistro/main/records/article/${id}.json`;
    const session = store.session(key);
    await session.stat(ref);
    const text = new TextDecoder().decode(await session.read(ref));
    assert.ok(session.adopt(text));
    const edited = text.replace(/"en": "[^"]*"/, '"en": "Typed after the delete"');
    assert.notEqual(edited, text);

    session.markDeleted('The record was deleted in DatoCMS; your text is kept');
    emulator.clearRequests();
    session.willSave();
    await session.stat(ref); // the workbench's check before writing
    for (let attempt = 0; attempt < 2; attempt++) {
      assert.equal((await session.save(ref, edited, { explicit: attempt === 0 })).status, 'deleted');
    }
    assert.equal(saves, 0);
    assert.deepEqual(
      emulator.requests.map((r) => `${r.method} ${r.path}`),
      [],
      'not even a check reached the server',
    );
    assert.equal(session.deletedMessage, 'The record was deleted in DatoCMS; your text is kept');
  });
});

describe('which documents a delete takes away', () => {
  const at = { project: 'p', environment: 'main' };
  const record: DocumentRef = { ...at, kind: 'record', modelApiKey: 'article', id: 'r1', title: 'Hello' };
  const field: DocumentRef = { ...at, kind: 'field', modelApiKey: 'article', apiKey: 'title' };
  const model: DocumentRef = { ...at, kind: 'model', apiKey: 'article' };
  const webhook: DocumentRef = { ...at, kind: 'webhook', id: 'w1' };

  test('a record by id, in its project environment only', () => {
    assert.ok(isDeletedDocument(record, { ...at, records: ['r1'] }));
    assert.ok(!isDeletedDocument(record, { ...at, records: ['r2'] }));
    assert.ok(!isDeletedDocument(record, { ...at, environment: 'sandbox', records: ['r1'] }));
    assert.ok(!isDeletedDocument(record, { project: 'other', environment: 'main', records: ['r1'] }));
  });

  test('a model takes its fields and records with it; a field only itself', () => {
    const gone = { ...at, models: ['article'] };
    assert.deepEqual(
      [model, field, record].map((ref) => isDeletedDocument(ref, gone)),
      [true, true, true],
    );
    const fieldGone = { ...at, fields: ['article::title'] };
    assert.deepEqual(
      [model, field, record].map((ref) => isDeletedDocument(ref, fieldGone)),
      [false, true, false],
    );
  });

  test('a webhook belongs to the project: its documents go in every environment', () => {
    assert.ok(isDeletedDocument({ ...webhook, environment: 'sandbox' }, { ...at, webhooks: ['w1'] }));
    assert.ok(!isDeletedDocument(webhook, { ...at, records: ['w1'] }));
  });
});
