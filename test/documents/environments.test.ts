// A document remembers the environment it was read from: a save refuses to write once that environment's name
// leads to another one (renamed, and another forked under the old name), against the emulator.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import { DocumentService, type OpenedDocument } from '../../src/documents/documentService';
import { EnvironmentWatch } from '../../src/documents/environmentWatch';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

let emulator: Emulator;
let client: CmaClient;
let service: DocumentService;
let watch: EnvironmentWatch;
/** the watch's clock: a test moves it past the time a list vouches for a name */
let clock = 0;
const later = () => (clock += 5_000);

useEmulator({ records: 4, jobDurationMs: 5, client: { jobs: QUICK_JOBS } }, (started) => ({ emulator, client } = started));

beforeEach(() => {
  const data = new Map<string, ProjectData>();
  const dataOf = (environment: string) => {
    if (!data.has(environment)) data.set(environment, new ProjectData(client.withEnvironment(environment)));
    return data.get(environment)!;
  };
  clock = Date.now();
  watch = new EnvironmentWatch(
    (_project, o) => client.environments.list(o),
    () => clock,
  );
  service = new DocumentService(async (ref) => dataOf(ref.environment), watch);
});

const fork = (source: string, id: string) => client.environments.fork(source, id, {});
const writes = () => emulator.requests.filter((r) => r.method !== 'GET');
const environmentReads = () => emulator.requests.filter((r) => r.method === 'GET' && r.path === '/environments');

async function articleIn(environment: string): Promise<DocumentRef> {
  const [record] = (await client.withEnvironment(environment).items.list({ filter: { type: 'article' }, page: { limit: 1 } })).data;
  return { project: 'emulated-bistro', environment, kind: 'record', modelApiKey: 'article', id: record!.id };
}

function withTitle(opened: OpenedDocument, title: string): string {
  const doc = JSON.parse(opened.text) as { title: Record<string, string> };
  doc.title['en'] = title;
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/**
 * `name` renamed to `<name>-old` and another environment forked under it, past the time the last list vouches for:
 * the save of `opened` is refused naming both, and nothing is written.
 */
async function savedAfterReplaced(opened: OpenedDocument, name: string): Promise<void> {
  await client.environments.rename(name, `${name}-old`);
  await fork('main', name);
  later();
  emulator.clearRequests();
  const result = await service.save(withTitle(opened, 'Meant for the original'), { opened, basisText: opened.text });
  assert.deepEqual(result, { status: 'replaced', environment: name, renamedTo: `${name}-old`, taken: true });
  assert.deepEqual(writes(), [], 'nothing was sent');
}

describe('the environment a document was read from', () => {
  test('renamed, with another forked under its name: the save is refused naming both, and nothing is written', async () => {
    await fork('main', 'feature-a');
    const opened = await service.open(await articleIn('feature-a'));
    assert.equal(opened.environment?.id, 'feature-a');
    await savedAfterReplaced(opened, 'feature-a');
    assert.equal(environmentReads().length, 1, 'one read of the environments');

    // Opened again from where it went, it saves there.
    const moved = await service.open({ ...opened.ref, environment: 'feature-a-old' });
    const saved = await service.save(withTitle(moved, 'Saved in the original'), { opened: moved, basisText: moved.text });
    assert.equal(saved.status, 'saved');
    const inNew = await client.withEnvironment('feature-a').items.find(opened.ref.kind === 'record' ? opened.ref.id : '');
    assert.notEqual(
      (inNew.attributes['title'] as Record<string, string>)['en'],
      'Saved in the original',
      'the new environment is untouched',
    );
  });

  test('an environment made after the last list (forked just before opening) is still marked and checked', async () => {
    await watch.list('emulated-bistro', 0);
    await fork('main', 'feature-d');
    const opened = await service.open(await articleIn('feature-d'));
    assert.equal(opened.environment?.id, 'feature-d', 'the list was read again to mark it');
    await savedAfterReplaced(opened, 'feature-d');
  });

  test('documents of a deleted environment opened together read the environments twice, not twice each', async () => {
    await fork('main', 'feature-g');
    const refs = await Promise.all([articleIn('feature-g'), articleIn('feature-g')]);
    await client.environments.destroy('feature-g');
    later();
    emulator.clearRequests();
    const opened = await Promise.allSettled([...refs, ...refs].map((ref) => service.open(ref)));
    assert.ok(
      opened.every((o) => o.status === 'rejected'),
      'none opens',
    );
    assert.equal(environmentReads().length, 2, 'one list, and one read again because the name was missing');
  });

  test('renamed away with nothing under its name: refused, naming the new name', async () => {
    await fork('main', 'feature-b');
    const opened = await service.open(await articleIn('feature-b'));
    await client.environments.rename('feature-b', 'feature-b2');
    later();
    const result = await service.save(withTitle(opened, 'Nowhere'), { opened, basisText: opened.text });
    assert.deepEqual(result, { status: 'replaced', environment: 'feature-b', renamedTo: 'feature-b2', taken: false });
  });

  test('deleted: refused, and nothing has its name (so it is told as deleted)', async () => {
    await fork('main', 'feature-e');
    const opened = await service.open(await articleIn('feature-e'));
    await client.environments.destroy('feature-e');
    later();
    emulator.clearRequests();
    const result = await service.save(withTitle(opened, 'Into the void'), { opened, basisText: opened.text });
    assert.deepEqual(result, { status: 'replaced', environment: 'feature-e', taken: false });
    assert.deepEqual(writes(), [], 'nothing was sent');
  });

  test('saves in a row read the environments once: a list read moments ago still vouches for the name', async () => {
    const opened = await service.open(await articleIn('main'));
    later();
    emulator.clearRequests();
    const first = await service.save(withTitle(opened, 'First'), { opened, basisText: opened.text });
    assert.equal(first.status, 'saved');
    if (first.status !== 'saved') return;
    const second = await service.save(withTitle(first.document, 'Second'), { opened: first.document, basisText: first.document.text });
    assert.equal(second.status, 'saved');
    // one list for both saves, one PUT each: the second save is a single round trip
    assert.equal(environmentReads().length, 1);
    assert.equal(writes().length, 2);
    // once that moment is past, the next save reads them again
    if (second.status !== 'saved') return;
    later();
    await service.save(withTitle(second.document, 'Third'), { opened: second.document, basisText: second.document.text });
    assert.equal(environmentReads().length, 2);
  });

  test('an environment renamed and renamed back is the same one: the save goes through', async () => {
    await fork('main', 'feature-c');
    const opened = await service.open(await articleIn('feature-c'));
    await client.environments.rename('feature-c', 'feature-c-tmp');
    await client.environments.rename('feature-c-tmp', 'feature-c');
    const result = await service.save(withTitle(opened, 'Back home'), { opened, basisText: opened.text });
    assert.equal(result.status, 'saved');
  });

  test('a model save reads the environments once: what the guard read serves the check', async () => {
    const ref: DocumentRef = { project: 'emulated-bistro', environment: 'main', kind: 'model', apiKey: 'category' };
    const opened = await service.open(ref);
    const doc = JSON.parse(opened.text) as Record<string, unknown>;
    doc['hint'] = 'Read once';
    later();
    emulator.clearRequests();
    const result = await service.save(
      `${JSON.stringify(doc, null, 2)}\n`,
      { opened, basisText: opened.text },
      {
        // the guard reads the primary afresh while confirming
        confirm: async () => (await watch.list('emulated-bistro', 0)).some((e) => e.id === 'main' && e.meta['primary'] === true),
      },
    );
    assert.equal(result.status, 'saved');
    assert.equal(environmentReads().length, 1);
  });

  test('where the environments cannot be listed, documents open and save without the check', async () => {
    const data = new ProjectData(client.withEnvironment('main'));
    const blind = new DocumentService(
      async () => data,
      new EnvironmentWatch(async () => {
        throw new Error('403: the token may not list environments');
      }),
    );
    const opened = await blind.open(await articleIn('main'));
    assert.equal(opened.environment, undefined);
    const result = await blind.save(withTitle(opened, 'Unchecked'), { opened, basisText: opened.text });
    assert.equal(result.status, 'saved');
  });
});
