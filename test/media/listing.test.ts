// What the Media branch lists and what it costs, in a media area of more than a thousand uploads: the Media node
// lists the uploads in no collection, a collection its own, each upload once; expanding a collection is one page
// request (the Media node two); a DatoCMS that refuses or ignores the collection filter still gets the same branch,
// from one pass over the uploads; a file dropped on a collection shows there, once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { closeAllDispatchers, type Resource } from '../../src/cma';
import { MediaLibrary } from '../../src/media/library';
import { uploadFilesTo } from '../../src/media/sending';
import { lazy } from '../../src/platform/lazy';
import { formatMessage } from '../../src/platform/translate';
import { TreeModel } from '../../src/tree/model';
import type { MediaNode, TreeNode, UploadCollectionNode, UploadNode, UploadsMoreNode } from '../../src/tree/nodes';
import { startEmulator, type Emulator } from '../emulator/index';
import { png } from '../emulator/upload-helpers';
import { ScriptedUi } from '../platform/scriptedUi';
import { emulatorProjects } from '../projects/emulatorProjects';

/** More uploads than one request of 500 can list: reading them all is three requests. */
const EXTRA = 1100;
let emulator: Emulator;
let dir: string;

before(async () => {
  emulator = await startEmulator({ records: 12, uploads: EXTRA, jobDurationMs: 5 });
  dir = mkdtempSync(join(tmpdir(), 'dato-listing-'));
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.store.uploadCollectionFilter.mode = 'honoured';
  emulator.clearRequests();
});

function setup() {
  const library = lazy(() => new MediaLibrary({ t: formatMessage, locale: 'en', pageSize: () => 30, tree: model }));
  const model: TreeModel = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 30, media: library });
  return { model, library };
}

async function mediaNode(model: TreeModel): Promise<MediaNode> {
  const [project] = await model.children();
  return (await model.children(project)).find((n): n is MediaNode => n.kind === 'media')!;
}

const uploads = () => [...emulator.store.environment('main').uploads.values()];
const collectionOf = (u: Resource<'upload'>) => (u.relationships['upload_collection']?.data as { id?: string } | null)?.id ?? null;
const listRequests = () => emulator.requests.filter((r) => r.method === 'GET' && r.path === '/uploads').length;
const folder = (nodes: TreeNode[], label: string) => nodes.find((n): n is UploadCollectionNode => n.label === label)!;

/** Every upload row of the branch, each row's place: its pages loaded to the end, its collections opened. */
async function wholeBranch(model: TreeModel, library: () => MediaLibrary, owner: MediaNode | UploadCollectionNode) {
  const rows: { upload: string; place: string | null }[] = [];
  let children = await model.children(owner);
  while (children.at(-1)?.kind === 'uploadsMore') {
    await library().loadMore(children.at(-1) as UploadsMoreNode);
    children = await model.children(owner);
  }
  for (const node of children) {
    if (node.kind === 'upload') rows.push({ upload: node.upload.id, place: owner.kind === 'media' ? null : owner.collection.id });
    if (node.kind === 'uploadCollection') rows.push(...(await wholeBranch(model, library, node)));
  }
  return rows;
}

/** Each upload once, in the place it is in. */
function assertEachOnce(rows: { upload: string; place: string | null }[]) {
  assert.equal(new Set(rows.map((r) => r.upload)).size, rows.length, 'no upload shows twice');
  assert.deepEqual(
    rows.map((r) => `${r.upload} ${r.place}`).sort(),
    uploads()
      .map((u) => `${u.id} ${collectionOf(u)}`)
      .sort(),
  );
}

describe('what the Media branch lists, and at what cost', () => {
  test(`expanding a collection is one page request in a media area of ${EXTRA}+ uploads; the Media node two`, async () => {
    const { model } = setup();
    const media = await mediaNode(model);
    emulator.clearRequests();
    const top = await model.children(media);
    assert.deepEqual(emulator.requests.map((r) => `${r.method} ${r.path}`).sort(), ['GET /upload-collections', 'GET /uploads']);
    for (const label of ['Photography', 'Documents']) {
      emulator.clearRequests();
      await model.children(folder(top, label));
      assert.deepEqual(
        emulator.requests.map((r) => `${r.method} ${r.path}`),
        ['GET /uploads'],
        `expanding ${label}`,
      );
    }
    emulator.clearRequests();
    const dishes = folder(await model.children(folder(top, 'Photography')), 'Dishes');
    await model.children(dishes);
    assert.equal(emulator.requests.length, 1, 'expanding Dishes');
  });

  test('every upload shows once, in its own place: the Media node lists only those in no collection', async () => {
    const { model, library } = setup();
    assertEachOnce(await wholeBranch(model, library, await mediaNode(model)));
  });

  test('a DatoCMS that refuses the collection filter: the same branch, from one pass over the uploads', async () => {
    emulator.store.uploadCollectionFilter.mode = 'refused';
    const { model, library } = setup();
    const media = await mediaNode(model);
    emulator.clearRequests();
    await model.children(media);
    // the page asked by collection (refused), then the pass: pages of 500
    assert.equal(listRequests(), 1 + Math.ceil(uploads().length / 500));
    emulator.clearRequests();
    assertEachOnce(await wholeBranch(model, library, media));
    assert.equal(listRequests(), 0, 'the collections are read from the same pass');
    // learnt: after a refresh, the filter is not tried again
    await model.refresh(media);
    emulator.clearRequests();
    await model.children(media);
    assert.equal(listRequests(), Math.ceil(uploads().length / 500));
  });

  test('a DatoCMS that ignores the collection filter (an answer lists an upload of another place): the same branch', async () => {
    emulator.store.uploadCollectionFilter.mode = 'ignored';
    const { model, library } = setup();
    const media = await mediaNode(model);
    assertEachOnce(await wholeBranch(model, library, media));
    await model.refresh(media);
    emulator.clearRequests();
    await model.children(media);
    assert.equal(listRequests(), Math.ceil(uploads().length / 500), 'learnt: one pass, the filter not tried again');
  });

  test('a file dropped on a collection shows there, once, and not at the Media node', async () => {
    const { model, library } = setup();
    const media = await mediaNode(model);
    const documents = folder(await model.children(media), 'Documents');
    await model.children(documents);
    const path = join(dir, 'autumn-wine-list.png');
    writeFileSync(path, png(300, 200, 1000));
    const ui = new ScriptedUi();
    const data = await emulatorProjects(emulator).data('emulated-bistro');
    await uploadFilesTo(
      {
        ui,
        t: formatMessage,
        locale: 'en',
        open: async () => undefined,
        documentsDeleted: async () => undefined,
        reload: () => model.refresh(media),
        uploadChanged: async () => undefined,
        unsavedEditors: () => [],
      },
      { project: 'emulated-bistro', environment: 'main', data, label: 'Media › Documents', collectionId: documents.collection.id },
      [{ name: 'autumn-wine-list.png', size: 1000, source: { path } }],
    );
    assert.deepEqual(ui.transcript, ['info: Uploaded autumn-wine-list.png to Media › Documents.']);
    const rows = await wholeBranch(model, library, media);
    assert.deepEqual(
      rows.filter((r) => uploads().find((u) => u.id === r.upload)?.attributes['filename'] === 'autumn-wine-list.png'),
      [{ upload: uploads().find((u) => u.attributes['filename'] === 'autumn-wine-list.png')!.id, place: documents.collection.id }],
    );
    assertEachOnce(rows);
    const topRows = (await model.children(media)).filter((n): n is UploadNode => n.kind === 'upload');
    assert.ok(!topRows.some((n) => n.label === 'autumn-wine-list.png'));
  });
});
