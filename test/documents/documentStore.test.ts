// Each document's session, driven the way VS Code drives a FileSystemProvider (stat, then read; stat, then
// write) and the way the save command does (save, then the workbench's write), against the emulator.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { CmaClient } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { DocumentStore, type DocumentSession } from '../../src/documents/documentStore';
import type { DocumentHost } from '../../src/documents/host';
import type { Baseline, SaveResult } from '../../src/documents/model';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';

let emulator: Emulator;
let client: CmaClient;
let store: DocumentStore;
let host: Pick<DocumentHost, 'open' | 'save' | 'restore' | 'persist'>;
/** what the store asked to keep across a reload */
let kept: Map<string, Baseline>;

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

useEmulator({ records: 6 }, (started) => ({ emulator, client } = started));

beforeEach(() => {
  const data = new ProjectData(client);
  const service = new DocumentService(async () => data);
  kept = new Map();
  host = {
    open: (_key, ref, id) => service.open(ref, { id }),
    save: (_key, text, basis, request) => service.save(text, basis, request.overwrite ? { overwrite: request.overwrite } : {}),
    restore: async (key) => kept.get(key),
    persist: (key, baseline) => {
      if (baseline) kept.set(key, baseline);
      else kept.delete(key);
    },
  };
  store = new DocumentStore(host);
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
  const session = store.session(key);
  await session.stat(ref);
  const text = decode(await session.read(ref));
  assert.ok(session.adopt(text));
  return text;
}

/** A save the workbench makes itself (File > Save): the stat before the write, then the write. */
async function workbenchSave(session: DocumentSession, ref: DocumentRef, text: string): Promise<SaveResult> {
  session.willSave();
  assert.equal((await session.stat(ref)).mtime, 0, 'the stat before a write never looks newer: the write goes through');
  return session.save(ref, text, { explicit: false });
}

/** A colleague changes the record's excerpt through the API. */
async function colleagueChangesExcerpt(id: string): Promise<void> {
  await client.items.update(id, { data: { type: 'item', id, attributes: { excerpt: { en: 'From a colleague', it: 'Da un collega' } } } });
}

const attributesSent = (index = 0) =>
  Object.keys((writes()[index]?.body as { data: { attributes: Record<string, unknown> } }).data.attributes);

describe('document sessions', () => {
  test('opening fetches once: the first stat loads the document and the read that follows serves it', async () => {
    const { key, ref } = await someRecord();
    emulator.clearRequests();
    const session = store.session(key);
    const stat = await session.stat(ref);
    const bytes = await session.read(ref);
    assert.equal(fetchesOf(ref), 1);
    assert.equal(stat.size, bytes.byteLength);
    assert.equal(JSON.parse(decode(bytes)).$readonly.id, ref.id);
    assert.ok(session.adopt(decode(bytes)));
    assert.equal(store.baseline(key)?.basisText, decode(bytes));
  });

  test('a read while the editor holds other text (a compare) does not move the baseline', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const session = store.session(key);
    const baseline = session.baseline;
    await colleagueChangesExcerpt(ref.id);
    const remote = decode(await session.read(ref));
    assert.match(remote, /From a colleague/);
    assert.equal(session.baseline, baseline, 'the editor still derives from the first rendering');
    // A revert makes the editor show the new rendering: only then does the baseline move.
    assert.ok(session.adopt(remote));
    assert.notEqual(session.baseline, baseline);
    assert.notEqual(remote, text);
  });

  test("after a save the clean editor is reloaded with the server's answer, which becomes the baseline", async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const session = store.session(key);
    const written = withNewTitle(text, 'Saved, then shown as the server answered');
    const result = await workbenchSave(session, ref, written);
    assert.equal(result.status, 'saved');
    assert.equal(session.baseline?.basisText, written, 'until the editor reloads, it derives from the text it saved');
    const afterWrite = await session.stat(ref);
    assert.equal(afterWrite.size, byteLength(written), 'the stat after a write describes what was written');
    emulator.clearRequests();
    assert.equal(session.refreshAfterSave(written), true, 'the editor still shows what was saved: reload it');
    const reloadStat = await session.stat(ref);
    assert.ok(reloadStat.mtime > afterWrite.mtime, 'a newer file makes the workbench reload the clean editor');
    const answer = decode(await session.read(ref));
    assert.equal(fetchesOf(ref), 0, "the server's answer is served without fetching again");
    assert.match(answer, /Saved, then shown as the server answered/);
    assert.notEqual(answer, written, 'the answer carries the new version');
    assert.ok(session.adopt(answer));
    assert.equal(session.baseline?.basisText, answer);
  });

  test('the save command sends the text; the write the workbench makes after it sends nothing', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const session = store.session(key);
    const mine = withNewTitle(text, 'Sent by the save command');
    emulator.clearRequests();
    assert.equal((await session.save(ref, mine, { explicit: true })).status, 'saved');
    assert.equal(writes().length, 1);
    assert.ok(session.isSaved(mine));
    emulator.clearRequests();
    assert.equal((await workbenchSave(session, ref, mine)).status, 'unchanged');
    assert.deepEqual(emulator.requests, [], 'no request at all');
  });

  test('typing through a save keeps the typed text, and the next save sends only what was typed', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const session = store.session(key);
    const written = withNewTitle(text, 'First save');
    await workbenchSave(session, ref, written);
    const typed = edited(written, (doc) => {
      doc['reading_time'] = 12;
    });
    assert.equal(session.refreshAfterSave(typed), false, 'the editor holds typed text: no reload');
    emulator.clearRequests();
    assert.equal((await workbenchSave(session, ref, typed)).status, 'saved');
    assert.deepEqual(attributesSent(), ['reading_time'], 'only the typed key, no $readonly complaint');
  });

  test("a colleague's change is a conflict found by the save itself; Overwrite sends the user's keys on top of it", async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const session = store.session(key);
    const mine = withNewTitle(text, 'Mine');
    await colleagueChangesExcerpt(ref.id);
    emulator.clearRequests();
    const result = await session.save(ref, mine, { explicit: true });
    assert.equal(result.status, 'conflict');
    assert.ok(
      writes().every((r) => r.status === 422),
      'the PUT carried the old version and was refused',
    );
    assert.ok(session.conflict, 'the remote is kept for Overwrite');
    assert.equal(session.baseline?.basisText, text, 'the baseline did not move');
    emulator.clearRequests();
    assert.equal((await session.save(ref, mine, { explicit: true, overwrite: session.conflict })).status, 'saved');
    assert.deepEqual(attributesSent(), ['title']);
    const record = await client.items.find(ref.id);
    assert.deepEqual(record.attributes['excerpt'], { en: 'From a colleague', it: 'Da un collega' }, "the colleague's change survives");
    assert.equal(session.conflict, undefined);
  });

  test('an editor restored after a reload saves against the baseline kept from before', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const mine = withNewTitle(text, 'Typed before the reload');
    // The window reloads: a new store, the editor restored from its backup with `mine`.
    store = new DocumentStore(host);
    const session = store.session(key);
    await session.stat(ref);
    await session.read(ref);
    assert.equal(session.adopt(mine), false);
    await colleagueChangesExcerpt(ref.id);
    assert.ok(await session.restoreBaseline(ref, mine), 'the kept baseline is found');
    const conflict = await workbenchSave(session, ref, mine);
    assert.equal(conflict.status, 'conflict', "the colleague's change is a conflict, not a silent revert");
    emulator.clearRequests();
    await session.save(ref, mine, { explicit: true, overwrite: session.conflict });
    assert.deepEqual(attributesSent(), ['title'], "the overwrite sends only the user's key");
  });

  test('without a known baseline a changed text is a conflict and nothing is sent', async () => {
    const { key, ref } = await someRecord();
    const remote = decode(await store.session(key).read(ref));
    kept.clear();
    store = new DocumentStore(host);
    emulator.clearRequests();
    const mine = withNewTitle(remote, 'From nowhere');
    assert.equal((await store.session(key).save(ref, mine, { explicit: false })).status, 'conflict');
    assert.deepEqual(writes(), []);
  });

  test('a refused save leaves the baseline as it was', async () => {
    const { key, ref } = await someRecord();
    const text = await open(key, ref);
    const session = store.session(key);
    const baseline = session.baseline;
    const invalid = withNewTitle(text, 'x'.repeat(500));
    assert.equal((await session.save(ref, invalid, { explicit: true })).status, 'invalid');
    assert.equal(session.baseline, baseline);
  });
});
