// Record history against the emulator: pages of 50, the version document, and a restore's effect on an
// open editor (a clean one shows the restored record; one with unsaved changes keeps them and its next save
// is a conflict, never a silent overwrite of the restored version).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient, type Resource } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { DocumentStore } from '../../src/documents/documentStore';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import { editorLabel, versionAsRecord, VersionHistory, VERSIONS_PAGE_SIZE } from '../../src/history/historyModel';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

type RecordRef = Extract<DocumentRef, { kind: 'record' }>;

let emulator: Emulator;
let client: CmaClient;
let service: DocumentService;

useEmulator({ records: 12, jobDurationMs: 5, client: { jobs: QUICK_JOBS } }, (started) => {
  ({ emulator, client } = started);
  const data = new ProjectData(client);
  service = new DocumentService(async () => data);
});

async function article(index: number): Promise<{ key: string; ref: RecordRef; record: Resource<'item'> }> {
  const record = (await client.items.list({ filter: { type: 'article' }, page: { offset: index, limit: 1 } })).data[0]!;
  const ref: RecordRef = { project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: record.id };
  return { key: `datocms:/emulated-bistro/main/records/article/${record.id}.json`, ref, record };
}

async function saveTitle(record: Resource<'item'>, en: string): Promise<Resource<'item'>> {
  const title = { ...(record.attributes['title'] as Record<string, unknown>), en };
  return client.items.update(record.id, {
    data: { type: 'item', id: record.id, attributes: { title }, meta: { current_version: record.meta['current_version'] } },
  });
}

const withTitle = (text: string, en: string) => {
  const doc = JSON.parse(text) as { title: Record<string, string> };
  doc.title['en'] = en;
  return `${JSON.stringify(doc, null, 2)}\n`;
};

function storeFor(): DocumentStore {
  return new DocumentStore({
    open: (_key, ref, id) => service.open(ref, { id }),
    save: (_key, text, basis, request) => service.save(text, basis, request.overwrite ? { overwrite: request.overwrite } : {}),
    restore: async () => undefined,
    persist: () => undefined,
  });
}

async function openIn(store: DocumentStore, key: string, ref: RecordRef): Promise<string> {
  const session = store.session(key);
  await session.stat(ref);
  const text = new TextDecoder().decode(await session.read(ref));
  assert.ok(session.adopt(text));
  return text;
}

describe('record history', () => {
  test('versions load 50 per request, newest first, with a Load more until every version is listed', async () => {
    let { record } = await article(0);
    for (let i = 0; i < 54; i++) record = await saveTitle(record, `Edit ${i}`);
    const history = new VersionHistory(client.itemVersions, record.id);
    emulator.clearRequests();
    await history.loadMore();
    assert.equal(history.entries.length, VERSIONS_PAGE_SIZE);
    assert.equal(history.total, 55);
    assert.ok(history.hasMore);
    assert.equal(history.entries[0]!.id, record.meta['current_version']);
    assert.equal(history.entries[0]!.isCurrent, true);
    await history.loadMore();
    assert.equal(history.entries.length, 55);
    assert.equal(history.hasMore, false);
    assert.equal(new Set(history.entries.map((e) => e.id)).size, 55);
    const limits = emulator.requests.map((r) => (r.query['page'] as Record<string, string>)['limit']);
    assert.deepEqual(limits, ['50', '50']);
  });

  test('a version opens as the record document it was: its old title, the record id, its author named', async () => {
    const { ref, record: first } = await article(1);
    let record = first;
    const before = record.attributes['title'] as Record<string, string>;
    record = await saveTitle(record, 'A newer title');
    const history = new VersionHistory(client.itemVersions, record.id);
    await history.loadMore();
    const older = history.entries[1]!;
    const version = await client.itemVersions.find(older.id, { nested: true });
    const rendered = await service.rendered(ref, versionAsRecord(version));
    const doc = JSON.parse(rendered.text) as { title: Record<string, string>; $readonly: { id: string; meta: { version: string } } };
    assert.deepEqual(doc.title, before);
    assert.equal(doc.$readonly.id, record.id);
    assert.equal(doc.$readonly.meta.version, older.id);
    assert.equal(editorLabel(formatMessage, history.entries[0]!.editor), 'API token 90817');
  });

  test('after a restore a clean editor reloads with the restored record, which becomes its baseline', async () => {
    const { key, ref, record } = await article(2);
    const store = storeFor();
    const text = await openIn(store, key, ref);
    const original = String(record.meta['current_version']);
    await saveTitle(record, 'Changed elsewhere');
    const restored = await client.itemVersions.restore(original);
    const document = await service.open(ref, { id: ref.id });
    const session = store.session(key);
    assert.equal(session.remoteChanged(document, false), true, 'the workbench is told the file changed');
    const reloaded = new TextDecoder().decode(await session.read(ref));
    assert.equal(reloaded, document.text);
    assert.notEqual(reloaded, text, 'the new current version shows in $readonly');
    assert.equal(JSON.parse(reloaded).title.en, (record.attributes['title'] as Record<string, string>)['en']);
    assert.ok(session.adopt(reloaded));
    assert.equal(store.baseline(key)?.opened.resource.meta['current_version'], restored.item.meta['current_version']);
  });

  test('after a restore an editor with unsaved changes keeps them, and its save is a conflict that sends nothing', async () => {
    const { key, ref, record } = await article(3);
    const store = storeFor();
    const text = await openIn(store, key, ref);
    const typed = withTitle(text, 'Typed before the restore');
    const earlier = String(record.meta['current_version']);
    const changed = await saveTitle(record, 'Saved by a colleague');
    await client.itemVersions.restore(earlier);
    const document = await service.open(ref, { id: ref.id });
    const baseline = store.baseline(key);
    assert.equal(store.session(key).remoteChanged(document, true), false, 'a dirty editor is not reloaded');
    assert.equal(store.baseline(key), baseline, 'its baseline stays what its text derives from');
    emulator.clearRequests();
    assert.equal((await store.session(key).save(ref, typed, { explicit: false })).status, 'conflict');
    const current = await client.items.find(ref.id);
    assert.equal(
      (current.attributes['title'] as Record<string, string>)['en'],
      (record.attributes['title'] as Record<string, string>)['en'],
      'the restored content stays',
    );
    assert.notEqual(current.meta['current_version'], changed.meta['current_version']);
    assert.equal(emulator.requests.filter((r) => r.method === 'PUT' && r.status === 200).length, 0, 'nothing was written over the restore');
  });
});
