// The file system's memory of documents, driven the way VS Code drives a FileSystemProvider (stat, then
// read; write, then stat), against the emulator.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { CmaClient } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { ConflictError, DocumentStore, type Baseline, type DocumentStoreHooks } from '../../src/documents/documentStore';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';

let emulator: Emulator;
let client: CmaClient;
let store: DocumentStore;
let hooks: DocumentStoreHooks;
/** what the store asked to keep across a reload */
let kept: Map<string, Baseline>;

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

useEmulator({ records: 6 }, (started) => ({ emulator, client } = started));

beforeEach(() => {
  const data = new ProjectData(client);
  const service = new DocumentService(async () => data);
  kept = new Map();
  hooks = {
    open: (_key, ref, id) => service.open(ref, { id }),
    remoteMoved: (baseline) => service.remoteMoved(baseline),
    mayCheck: async () => true,
    save: async (_key, text, baseline, overwrite, checked) => {
      const result = await service.save(text, baseline, { checked, ...(overwrite ? { overwrite } : {}) });
      if (result.status === 'saved') return { status: 'saved', document: result.document, basisText: text };
      if (result.status === 'unchanged') return { status: 'unchanged' };
      if (result.status === 'conflict') throw new ConflictError(result.remote, 'conflict');
      throw new Error(`not saved: ${result.status}`);
    },
    restore: async (key) => kept.get(key),
    persist: (key, baseline) => {
      if (baseline) kept.set(key, baseline);
      else kept.delete(key);
    },
  };
  store = new DocumentStore(hooks);
});

type RecordRef = Extract<DocumentRef, { kind: 'record' }>;

async function someRecord(): Promise<{ key: string; ref: RecordRef }> {
  const page = await client.items.list({ filter: { type: 'article' }, page: { limit: 1 } });
  const id = page.data[0]!.id;
  return {
    key: `datocms:/emulated-bistro/main/records/article/${id}.json`,
    ref: { project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id },
  };
}

function edited(text: string, change: (doc: Record<string, any>) => void): string {
  const doc = JSON.parse(text) as Record<string, any>;
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const withNewTitle = (text: string, title: string) =>
  edited(text, (doc) => {
    doc['title']['en'] = title;
  });

function fetchesOf(ref: RecordRef): number {
  return emulator.requests.filter((r) => r.method === 'GET' && r.path === `/items/${ref.id}`).length;
}

const writes = () => emulator.requests.filter((r) => r.method !== 'GET');
const byteLength = (text: string) => new TextEncoder().encode(text).byteLength;

/** Opens the document the way the workbench does (stat, read) and shows its text in an "editor". */
async function open(key: string, ref: DocumentRef): Promise<string> {
  await store.stat(key, ref);
  const text = decode(await store.read(key, ref));
  assert.ok(store.adopt(key, text));
  return text;
}

/** A colleague changes the record's excerpt through the API. */
async function colleagueChangesExcerpt(id: string): Promise<void> {
  await client.items.update(id, { data: { type: 'item', id, attributes: { excerpt: { en: 'From a colleague', it: 'Da un collega' } } } });
}

describe('document store', () => {
  test('opening fetches once: the first stat loads the document and the read that follows serves it', async () => {
    const { key, ref } = await someRecord();
    emulator.clearRequests();
    const stat = await store.stat(key, ref);
    const bytes = await store.read(key, ref);
    assert.equal(fetchesOf(ref), 1);
    assert.equal(stat.size, bytes.byteLength);
    assert.equal(JSON.parse(decode(bytes)).$readonly.id, ref.id);
    assert.ok(store.adopt(key, decode(bytes)));
    assert.equal(store.baseline(key)?.basisText, decode(bytes));
  });

  test('a read while the editor holds other text (a compare) does not move the baseline', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const baseline = store.baseline(key);
    await colleagueChangesExcerpt(ref.id);
    const remote = decode(await store.read(key, ref));
    assert.match(remote, /From a colleague/);
    assert.equal(store.baseline(key), baseline, 'the editor still derives from the first rendering');
    // A revert makes the editor show the new rendering: only then does the baseline move.
    assert.ok(store.adopt(key, remote));
    assert.notEqual(store.baseline(key), baseline);
    assert.notEqual(remote, text);
  });

  test("after a save the clean editor is reloaded with the server's answer, which becomes the baseline", async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const written = withNewTitle(text, 'Saved, then shown as the server answered');
    const result = await store.write(key, ref, written, byteLength(written));
    assert.equal(result.status, 'saved');
    assert.equal(store.baseline(key)?.basisText, written, 'until the editor reloads, it derives from the text it saved');
    const afterWrite = await store.stat(key, ref);
    assert.equal(afterWrite.size, byteLength(written), 'the stat after a write describes what was written');
    emulator.clearRequests();
    assert.equal(store.refreshAfterSave(key, written), true, 'the editor still shows what was saved: reload it');
    const reloadStat = await store.stat(key, ref);
    assert.ok(reloadStat.mtime > afterWrite.mtime, 'a newer file makes the workbench reload the clean editor');
    const answer = decode(await store.read(key, ref));
    assert.equal(fetchesOf(ref), 0, "the server's answer is served without fetching again");
    assert.match(answer, /Saved, then shown as the server answered/);
    assert.notEqual(answer, written, 'the answer carries the new version');
    assert.ok(store.adopt(key, answer));
    assert.equal(store.baseline(key)?.basisText, answer);
  });

  test('typing through a save keeps the typed text, and the next save sends only what was typed', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const written = withNewTitle(text, 'First save');
    await store.write(key, ref, written, byteLength(written));
    const typed = edited(written, (doc) => {
      doc['reading_time'] = 12;
    });
    assert.equal(store.refreshAfterSave(key, typed), false, 'the editor holds typed text: no reload');
    emulator.clearRequests();
    store.willSave(key, typed);
    const preWrite = await store.stat(key, ref);
    assert.equal(preWrite.mtime, 0, 'nothing moved on the server: the write goes through');
    assert.equal((await store.write(key, ref, typed, byteLength(typed))).status, 'saved');
    const [put] = writes();
    const body = (put?.body as { data: { attributes: Record<string, unknown> } }).data;
    assert.deepEqual(Object.keys(body.attributes), ['reading_time'], 'only the typed key, no $readonly complaint');
  });

  test('a save declined before its check reads nothing: the stat lets the write through to refuse it', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const mine = withNewTitle(text, 'Declined');
    const asked: string[] = [];
    store = new DocumentStore({ ...hooks, mayCheck: async (_key, typed) => (asked.push(typed), false) });
    await open(key, ref);
    emulator.clearRequests();
    store.willSave(key, mine);
    assert.equal((await store.stat(key, ref)).mtime, 0);
    assert.deepEqual(asked, [mine], 'asked once, with the text about to be saved');
    assert.deepEqual(emulator.requests, [], 'no request at all');
  });

  test("a colleague's change found before a save makes the file newer; the write that follows overwrites on top of it", async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const mine = withNewTitle(text, 'Mine');
    await colleagueChangesExcerpt(ref.id);
    store.willSave(key, mine);
    const known = (await store.stat(key, ref)).mtime;
    assert.ok(known > 0, 'a newer file: the workbench offers Compare / Overwrite and does not write');
    assert.ok(store.conflict(key));
    emulator.clearRequests();
    // Overwrite (the workbench writes without checking the time)
    assert.equal((await store.write(key, ref, mine, byteLength(mine))).status, 'saved');
    const body = (writes()[0]?.body as { data: { attributes: Record<string, unknown> } }).data;
    assert.deepEqual(Object.keys(body.attributes), ['title']);
    const record = await client.items.find(ref.id);
    assert.deepEqual(record.attributes['excerpt'], { en: 'From a colleague', it: 'Da un collega' }, "the colleague's change survives");
  });

  test('an editor restored after a reload saves against the baseline kept from before', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const mine = withNewTitle(text, 'Typed before the reload');
    // The window reloads: a new store, the editor restored from its backup with `mine`.
    store = new DocumentStore(hooks);
    await store.stat(key, ref);
    await store.read(key, ref);
    assert.equal(store.adopt(key, mine), false);
    await colleagueChangesExcerpt(ref.id);
    assert.ok(await store.restoreBaseline(key, ref, mine), 'the kept baseline is found');
    store.willSave(key, mine);
    assert.ok((await store.stat(key, ref)).mtime > 0, "the colleague's change is a conflict, not a silent revert");
    emulator.clearRequests();
    await store.write(key, ref, mine, byteLength(mine));
    const body = (writes()[0]?.body as { data: { attributes: Record<string, unknown> } }).data;
    assert.deepEqual(Object.keys(body.attributes), ['title'], "the overwrite sends only the user's key");
  });

  test('without a known baseline a changed text is a conflict and nothing is sent', async () => {
    const { key, ref } = await someRecord();
    const remote = decode(await store.read(key, ref));
    kept.clear();
    emulator.clearRequests();
    const mine = withNewTitle(remote, 'From nowhere');
    await assert.rejects(store.write(key, ref, mine, byteLength(mine)), ConflictError);
    assert.deepEqual(writes(), []);
  });

  test('a failed save leaves the baseline as it was', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const baseline = store.baseline(key);
    const invalid = withNewTitle(text, 'x'.repeat(500));
    await assert.rejects(store.write(key, ref, invalid, byteLength(invalid)), /not saved: invalid/);
    assert.equal(store.baseline(key), baseline);
  });
});
