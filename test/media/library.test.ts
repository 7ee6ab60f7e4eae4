// The Media node of the tree against the emulator: its collections as folders, the uploads in no collection a page at
// a time, what each row says, the query (search, filters, order) as DatoCMS takes it, a collection's own uploads, and
// an upload's hover with a preview and where it is used (counted once).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { closeAllDispatchers, type Resource } from '../../src/cma';
import { MediaLibrary } from '../../src/media/library';
import { datesIn } from '../../src/platform/dates';
import { formatMessage } from '../../src/platform/translate';
import { TreeModel } from '../../src/tree/model';
import type { MediaNode, TreeNode, UploadCollectionNode, UploadNode, UploadsMoreNode } from '../../src/tree/nodes';
import { TreePresenter } from '../../src/tree/presenter';
import { lazy } from '../../src/platform/lazy';
import { startEmulator, type Emulator } from '../emulator/index';
import { emulatorProjects } from '../projects/emulatorProjects';

const EXTRA = 70;
let emulator: Emulator;

before(async () => {
  emulator = await startEmulator({ records: 20, uploads: EXTRA });
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
});
beforeEach(() => {
  emulator.faults.clear();
  emulator.clearRequests();
});

function setup(pageSize = 30) {
  const library = lazy(() => new MediaLibrary({ t: formatMessage, locale: 'en', pageSize: () => pageSize, tree: model }));
  const model: TreeModel = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => pageSize, media: library });
  const presenter = new TreePresenter(model, () => ({
    t: formatMessage,
    numbers: new Intl.NumberFormat('en'),
    dates: () => datesIn('UTC', 'en-US'),
  }));
  return { model, library, presenter };
}

async function mediaNode(model: TreeModel): Promise<MediaNode> {
  const [project] = await model.children();
  const media = (await model.children(project)).find((n): n is MediaNode => n.kind === 'media');
  assert.ok(media, 'the project has a Media node');
  return media;
}

const uploads = () => [...emulator.store.environment('main').uploads.values()];
const collectionOf = (u: Resource<'upload'>) => (u.relationships['upload_collection']?.data as { id?: string } | null)?.id;
/** the uploads in no collection: those the Media node lists itself */
const loose = () => uploads().filter((u) => collectionOf(u) === undefined);
const requestLines = () => emulator.requests.map((r) => `${r.method} ${r.path}`);
const uploadRows = (nodes: TreeNode[]) => nodes.filter((n): n is UploadNode => n.kind === 'upload');

describe('the Media node', () => {
  test('from cold, its first page is two requests: the collections, and the newest uploads in no collection', async () => {
    const { model } = setup();
    const media = await mediaNode(model);
    emulator.clearRequests();
    const children = await model.children(media);
    assert.deepEqual(requestLines().sort(), ['GET /upload-collections', 'GET /uploads']);
    assert.deepEqual(
      children.filter((n) => n.kind === 'uploadCollection').map((n) => n.label),
      ['Photography', 'Documents'],
    );
    const rows = uploadRows(children);
    assert.equal(rows.length, 30);
    const list = emulator.requests.find((r) => r.path === '/uploads')!;
    assert.deepEqual(list.query['filter'], { fields: { upload_collection: { exists: 'false' } } });
    const newest = [...loose()].sort((a, b) => String(b.attributes['created_at']).localeCompare(String(a.attributes['created_at'])));
    assert.deepEqual(
      rows.map((n) => n.upload.id),
      newest.slice(0, 30).map((u) => u.id),
    );
    const more = children.at(-1) as UploadsMoreNode;
    assert.equal(more.kind, 'uploadsMore');
    assert.equal(more.label, `Load more… (30 of ${loose().length})`);
    // expanding again is served from memory
    emulator.clearRequests();
    await model.children(media);
    assert.equal(emulator.requests.length, 0);
  });

  test('Load more… adds the next page, one request, until every upload is listed', async () => {
    const { model, library } = setup(40);
    const media = await mediaNode(model);
    let children = await model.children(media);
    emulator.clearRequests();
    while (children.at(-1)?.kind === 'uploadsMore') {
      await library().loadMore(children.at(-1) as UploadsMoreNode);
      children = await model.children(media);
    }
    assert.equal(uploadRows(children).length, loose().length);
    assert.equal(new Set(uploadRows(children).map((n) => n.upload.id)).size, loose().length);
    assert.equal(emulator.requests.length, Math.ceil(loose().length / 40) - 1);
    assert.ok(emulator.requests.every((r) => r.path === '/uploads' && (r.query['page'] as { limit?: string }).limit === '40'));
  });

  test('each upload row says its size and dimensions, with an icon of its kind; an image without alt text is marked', async () => {
    const { model, presenter } = setup(200);
    const media = await mediaNode(model);
    const documents = (await model.children(media)).find((n) => n.label === 'Documents')!;
    const rows = [...uploadRows(await model.children(media)), ...uploadRows(await model.children(documents))];
    const pdf = rows.find((n) => n.label === 'autumn-menu.pdf')!;
    assert.equal(presenter.description(pdf), '734 KB · pdf');
    assert.equal(presenter.icon(pdf).id, 'file-pdf');
    assert.equal(presenter.contextValue(pdf), 'upload');
    const video = rows.find((n) => n.label === 'kitchen-tour.mp4')!;
    assert.equal(presenter.description(video), '48.2 MB · 1920 × 1080');
    assert.equal(presenter.icon(video).id, 'device-camera-video');
    const image = rows.find((n) => n.upload.attributes['is_image'] === true && n.upload.attributes['width'] !== null)!;
    const { width, height } = image.upload.attributes as { width: number; height: number };
    assert.match(presenter.description(image)!, new RegExp(`^\\d+(\\.\\d)? (KB|MB) · ${width} × ${height}$`));
    assert.deepEqual(presenter.icon(image), { id: 'file-media' });
    assert.equal(presenter.contextValue(image), 'upload image');

    // no alt text in the main locale: a warning colour, and the flag menus can select on
    const bare = image.upload;
    (bare.attributes['default_field_metadata'] as { alt: Record<string, string | null> }).alt['en'] = null;
    assert.deepEqual(presenter.icon(image), { id: 'file-media', color: 'list.warningForeground' });
    assert.equal(presenter.contextValue(image), 'upload image noAlt');
  });

  test('a collection lists its sub-collections and its own uploads, one request each; every upload shows once', async () => {
    const { model, presenter } = setup();
    const media = await mediaNode(model);
    const photography = (await model.children(media)).find((n): n is UploadCollectionNode => n.label === 'Photography')!;
    emulator.clearRequests();
    const inside = await model.children(photography);
    assert.deepEqual(
      inside.map((n) => n.label),
      ['Dishes', 'No uploads in this collection'].slice(0, uploads().some((u) => collectionOf(u) === photography.collection.id) ? 2 : 1),
    );
    assert.deepEqual(requestLines(), ['GET /uploads']);
    assert.deepEqual(emulator.requests[0]!.query['filter'], { fields: { upload_collection: { eq: photography.collection.id } } });
    const dishes = inside[0] as UploadCollectionNode;
    emulator.clearRequests();
    const dishRows = uploadRows(await model.children(dishes));
    assert.deepEqual(requestLines(), ['GET /uploads'], 'one page request');
    const expected = uploads().filter((u) => collectionOf(u) === dishes.collection.id);
    assert.ok(expected.length > 0);
    assert.deepEqual(new Set(dishRows.map((n) => n.upload.id)), new Set(expected.map((u) => u.id)));
    assert.equal(presenter.description(dishes), expected.length === 1 ? '1 upload' : `${expected.length} uploads`);
    const documents = (await model.children(media)).find((n): n is UploadCollectionNode => n.label === 'Documents')!;
    assert.deepEqual(
      uploadRows(await model.children(documents)).map((n) => n.label),
      ['autumn-menu.pdf'],
    );
    assert.ok(
      !uploadRows(await model.children(media)).some((n) => collectionOf(n.upload) !== undefined),
      'the Media node lists none of them',
    );
  });

  test('a query is sent as DatoCMS filters; the Media row lists every match (no collections) and says how many', async () => {
    const { model, presenter } = setup();
    const media = await mediaNode(model);
    await model.children(media);
    model.setMediaQuery(media, { type: 'pdfdocument', order: 'size_DESC' });
    emulator.clearRequests();
    const children = await model.children(media);
    const rows = uploadRows(children);
    // under a query the Media node lists every match, its collections' too, and not its collections
    assert.ok(!children.some((n) => n.kind === 'uploadCollection'));
    const pdfs = uploads().filter((u) => u.attributes['format'] === 'pdf');
    assert.equal(rows.length, Math.min(30, pdfs.length));
    assert.ok(rows.every((n) => n.upload.attributes['format'] === 'pdf'));
    const sizes = rows.map((n) => Number(n.upload.attributes['size']));
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => b - a),
    );
    const list = emulator.requests.find((r) => r.path === '/uploads')!;
    assert.deepEqual(list.query['filter'], { fields: { type: { eq: 'pdfdocument' } } });
    assert.deepEqual(requestLines(), ['GET /uploads'], 'one request: no collections under a query');
    assert.equal(list.query['order_by'], 'size_DESC');
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(presenter.description(media), `PDFs · largest first · ${pdfs.length} matches`);
    assert.equal(presenter.contextValue(media), 'media query');
    assert.equal(presenter.icon(media).id, 'filter');

    model.setMediaQuery(media, { search: 'harbour', inUse: true, missingAlt: true });
    const empty = await model.children(media);
    assert.equal(empty.at(-1)?.label, 'No uploads match this query');
    // the query survives a refresh
    await model.refresh(media);
    assert.deepEqual(media.query, { search: 'harbour', inUse: true, missingAlt: true });
    model.setMediaQuery(media, {});
    assert.equal(presenter.description(media), undefined);
    assert.equal(presenter.contextValue(media), 'media');
  });

  test('an upload’s hover shows a preview on the image CDN and how many records use it, counted once', async () => {
    const { model, library } = setup(200);
    const media = await mediaNode(model);
    const rows = uploadRows(await model.children(media));
    // the seeded images are those the records use; the extra ones ("photo-…") no record uses
    const used = rows.find((n) => n.upload.attributes['is_image'] === true && !n.label.startsWith('photo-'))!;
    emulator.clearRequests();
    const tooltip = await library().tooltip(used);
    assert.deepEqual(requestLines(), [`GET /uploads/${used.upload.id}/references`]);
    const path = String(used.upload.attributes['path']);
    assert.ok(tooltip.includes(`](https://www.datocms-assets.com${path}?w=300&h=200&fit=crop)`), tooltip);
    assert.match(tooltip, /Used by \d+ records?/);
    assert.match(tooltip, /Alt text: en: /);
    emulator.clearRequests();
    await library().tooltip(used);
    assert.equal(emulator.requests.length, 0, 'the count is remembered');
    await model.refresh(media);
    const again = uploadRows(await model.children(media)).find((n) => n.upload.id === used.upload.id)!;
    emulator.clearRequests();
    await library().tooltip(again);
    assert.equal(emulator.requests.filter((r) => r.path.endsWith('/references')).length, 1, 'a refresh counts again');

    const video = rows.find((n) => n.label === 'kitchen-tour.mp4')!;
    const videoTip = await library().tooltip(video);
    assert.match(videoTip, /Not used by any record/);
    assert.ok(!videoTip.includes('!['), 'no preview for a video');
  });

  test('an upload saved from its document changes its rows in place', async () => {
    const { model, library } = setup(200);
    const media = await mediaNode(model);
    const row = uploadRows(await model.children(media))[0]!;
    const fired: (TreeNode | undefined)[] = [];
    model.onDidChange((node) => fired.push(node));
    const renamed: Resource<'upload'> = { ...row.upload, attributes: { ...row.upload.attributes, filename: 'renamed.jpg' } };
    await model.documentSaved({ project: row.projectKey, environment: row.environment, kind: 'upload', id: row.upload.id }, renamed);
    assert.equal(row.label, 'renamed.jpg');
    assert.ok(fired.includes(row));
    assert.equal(library.peek(), library());
  });

  test('a failed page is a row that retries; the Media node does not load the media feature until expanded', async () => {
    const { model, library } = setup();
    const media = await mediaNode(model);
    const presenter = new TreePresenter(model, () => ({
      t: formatMessage,
      numbers: new Intl.NumberFormat('en'),
      dates: () => datesIn('UTC', 'en-US'),
    }));
    presenter.present(media);
    assert.equal(library.peek(), undefined, 'showing the Media row made nothing');
    emulator.faults.add({ kind: 'server_error', path: '/uploads', method: 'GET', count: 5 });
    const [failed] = await model.children(media);
    assert.equal(failed?.kind, 'error');
    assert.match(failed!.label, /uploads/);
    emulator.faults.clear();
    await model.refresh(failed);
    assert.ok(uploadRows(await model.children(media)).length > 0);
  });
});
