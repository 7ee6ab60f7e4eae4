// The file system's memory of documents, driven the way VS Code drives a FileSystemProvider (stat, then
// read; write, then stat), against the emulator.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { CmaClient, closeAllDispatchers } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { DocumentStore } from '../../src/documents/documentStore';
import type { DocumentRef } from '../../src/documents/paths';
import { ProjectData } from '../../src/projects/projectData';
import { startEmulator, type Emulator } from '../emulator';

let emulator: Emulator;
let client: CmaClient;
let store: DocumentStore;

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const encode = (text: string) => new TextEncoder().encode(text);

before(async () => {
  emulator = await startEmulator({ records: 6 });
  client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } });
});

after(async () => {
  await emulator.close();
  await closeAllDispatchers();
});

beforeEach(() => {
  const data = new ProjectData(client);
  const service = new DocumentService(async () => data);
  store = new DocumentStore({
    open: (_key, ref, id) => service.open(ref, { id }),
    save: async (_key, text, opened) => {
      const result = await service.save(text, opened);
      if (result.status === 'saved') return result.document;
      if (result.status === 'unchanged') return undefined;
      throw new Error(`not saved: ${result.status}`);
    },
  });
});

type RecordRef = Extract<DocumentRef, { kind: 'record' }>;

async function someRecord(): Promise<{ key: string; ref: RecordRef }> {
  const page = await client.items.list({ filter: { type: 'article' }, page: { limit: 1 } });
  const id = page.data[0]!.id;
  return { key: `datocms:/emulated-bistro/main/records/article/${id}.json`, ref: { project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id } };
}

function withNewTitle(text: string, title: string): string {
  const doc = JSON.parse(text) as { title: Record<string, string> };
  doc.title['en'] = title;
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function fetchesOf(ref: RecordRef): number {
  return emulator.requests.filter((r) => r.method === 'GET' && r.path === `/items/${ref.id}`).length;
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
    assert.equal(store.opened(key)?.text, decode(bytes));
  });

  test('reading again (a revert) fetches afresh but leaves the stat alone when nothing changed', async () => {
    const { key, ref } = await someRecord();
    const before = await store.stat(key, ref);
    await store.read(key, ref);
    emulator.clearRequests();
    await store.read(key, ref);
    assert.equal(fetchesOf(ref), 1);
    assert.deepEqual(await store.stat(key, ref), before);
  });

  test("after a save the server's answer is the baseline, and the stat describes what VS Code wrote", async () => {
    const { key, ref } = await someRecord();
    await store.stat(key, ref);
    const opened = decode(await store.read(key, ref));
    const before = await store.stat(key, ref);
    const written = encode(withNewTitle(opened, 'Saved, then shown as the server answered'));
    await store.write(key, ref, written);
    const saved = store.opened(key);
    assert.ok(saved);
    assert.notEqual(saved.text, decode(written), 'the server text differs (new version in $readonly)');
    assert.match(saved.text, /Saved, then shown as the server answered/);
    // VS Code's stat right after the write must describe what it wrote, and be newer than before.
    const afterWrite = await store.stat(key, ref);
    assert.equal(afterWrite.size, written.byteLength);
    assert.ok(afterWrite.mtime > before.mtime);
    // DatoDocuments then writes the server's text back; that second write sends nothing.
    emulator.clearRequests();
    await store.write(key, ref, encode(saved.text));
    assert.deepEqual(emulator.requests.filter((r) => r.method !== 'GET'), []);
    assert.equal((await store.stat(key, ref)).size, encode(saved.text).byteLength);
  });

  test('a save with nothing to send sends no request and keeps the stat in step with the written text', async () => {
    const { key, ref } = await someRecord();
    const before = await store.stat(key, ref);
    const text = decode(await store.read(key, ref));
    const reformatted = encode(JSON.stringify(JSON.parse(text), null, 4));
    emulator.clearRequests();
    await store.write(key, ref, reformatted);
    assert.deepEqual(emulator.requests, []);
    const after = await store.stat(key, ref);
    assert.equal(after.size, reformatted.byteLength);
    assert.equal(after.mtime, before.mtime);
  });

  test('a failed save leaves the baseline as it was', async () => {
    const { key, ref } = await someRecord();
    await store.stat(key, ref);
    const text = decode(await store.read(key, ref));
    const baseline = store.opened(key);
    await assert.rejects(store.write(key, ref, encode(withNewTitle(text, 'x'.repeat(500)))), /not saved: invalid/);
    assert.equal(store.opened(key), baseline);
  });
});
