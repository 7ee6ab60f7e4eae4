// The media area's promises in a real VS Code: expanding a collection is one page request (the Media node two); a
// file dropped on a collection appears once, there, and is shown; a file still being written is refused with one
// message naming it (a link and a folder dropped with it too) and nothing is made of it; Unused Uploads… does not
// offer an upload an open editor's unsaved text uses, and Delete Upload… refuses it naming that editor; an upload
// dragged (by the browser, Shift held) into a record's document goes in as its field takes it, or not at all.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PickItem } from '../../../src/platform/ui';
import { documentUri } from '../../../src/platform/uris';
import type { TreeNode, UploadCollectionNode } from '../../../src/tree/nodes';
import { png } from '../../emulator/upload-helpers';
import { editJson, MAIN, openEditor, valueAt } from './editing';
import {
  cma,
  clearRequests,
  closeEditors,
  config,
  describeRequests,
  dismissToasts,
  dragToEditor,
  ensureSignedIn,
  extensionApi,
  requests,
  waitFor,
  writes,
} from './helpers';
import { clearStorageRequests, dropFiles, mediaNode, storageRequests, uploadRows, uploadsNamed } from './mediaKit';

const folderIn = (nodes: TreeNode[], label: string) => {
  const found = nodes.find((n): n is UploadCollectionNode => n.kind === 'uploadCollection' && n.label === label);
  assert.ok(found, `a collection "${label}"`);
  return found;
};
const lines = async () => (await requests()).map((r) => `${r.method} ${r.path}`);

/**
 * What the extension tells the user with ui.error / warn / info while `run` runs (not shown); `atLeast`: waited for.
 * `again`: run once more when nothing was told (a drag a loaded browser let go before the editor saw it arrive).
 */
async function told(kind: 'error' | 'warn' | 'info', run: () => Promise<unknown>, atLeast = 0, again = false): Promise<string[]> {
  const { ui } = await extensionApi();
  const said: string[] = [];
  const original = ui[kind];
  ui[kind] = async (message: string) => void said.push(message);
  const heard = () => waitFor(() => said.length >= atLeast, 15_000, `${atLeast} ${kind} message(s)`);
  try {
    await run();
    await heard().catch(async (error: unknown) => {
      if (!again || said.length > 0) throw error;
      await run();
      await heard();
    });
  } finally {
    ui[kind] = original;
  }
  return said;
}

describe('media: each upload once, what it costs, and what is kept', () => {
  before(ensureSignedIn);
  afterEach(closeEditors);
  // the uploads made here leave again: later suites (and the UI test's pictures) see the media area as seeded
  after(async () => {
    for (const name of ['dropped-onto-dishes.png', 'candle-for-the-gallery.png'])
      for (const upload of await uploadsNamed(name)) await cma('DELETE', `/uploads/${upload.id}`);
  });

  it('expanding a collection is one page request, narrowed to it; the Media node two', async function () {
    this.timeout(60_000);
    const { model } = await extensionApi();
    const media = await mediaNode();
    // counted from the refresh: the view, when it shows the node, may load it again before this test asks
    await clearRequests();
    await model.refresh(media);
    const top = await model.children(media);
    assert.deepEqual((await lines()).sort(), ['GET /upload-collections', 'GET /uploads']);
    const documents = folderIn(top, 'Documents');
    await clearRequests();
    const inside = await model.children(documents);
    const log = await requests();
    assert.deepEqual(
      log.map((r) => `${r.method} ${r.path}`),
      ['GET /uploads'],
      describeRequests(log),
    );
    // a page of the collection's own uploads, not a pass over the media area
    assert.deepEqual(log[0]!.query['filter'], { fields: { upload_collection: { eq: documents.collection.id } } });
    assert.deepEqual(log[0]!.query['page'], { offset: '0', limit: String(vscode.workspace.getConfiguration('datocms').get('pageSize')) });
    assert.deepEqual(
      uploadRows(inside).map((n) => n.label),
      ['autumn-menu.pdf'],
    );
  });

  it('a file dropped on a collapsed collection appears once, there, and is shown; not under Media', async function () {
    this.timeout(60_000);
    const { model, treeView } = await extensionApi();
    const name = 'dropped-onto-dishes.png';
    const path = join(config().workspace, name);
    writeFileSync(path, png(640, 480, 3000));
    const dishes = folderIn(await model.children(folderIn(await model.children(await mediaNode()), 'Photography')), 'Dishes');
    await clearRequests();
    const said = await told('info', () => dropFiles(dishes, [path]));
    assert.deepEqual(said, [`Uploaded ${name} to Media › Dishes.`]);
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path} ${r.status}`),
      ['POST /upload-requests 200', 'POST /uploads 202'],
    );
    const [created, ...more] = await uploadsNamed(name);
    assert.ok(created && more.length === 0, 'one upload');
    assert.equal(created.relationships.upload_collection.data.id, dishes.collection.id);
    // the rows as the tree shows them now (read again after the upload)
    const media = await mediaNode();
    const dishesNow = folderIn(await model.children(folderIn(await model.children(media), 'Photography')), 'Dishes');
    assert.equal(uploadRows(await model.children(dishesNow)).filter((n) => n.upload.id === created.id).length, 1, 'once in Dishes');
    assert.equal(uploadRows(await model.children(media)).filter((n) => n.upload.id === created.id).length, 0, 'not under Media');
    await waitFor(() => treeView.selection.some((n) => n.label === name), 10_000, 'the new upload to be shown, selected, where it went');
  });

  it('a file still being written is refused with one message naming it; a link and a folder too; nothing is made', async function () {
    this.timeout(60_000);
    const workspace = config().workspace;
    const recording = join(workspace, 'recording-in-progress.mov');
    writeFileSync(recording, Buffer.alloc(3 * 1024 * 1024, 1));
    writeFileSync(join(workspace, 'menu-original.pdf'), Buffer.alloc(2000, 2));
    symlinkSync(join(workspace, 'menu-original.pdf'), join(workspace, 'menu-link.pdf'));
    mkdirSync(join(workspace, 'photo-folder'));
    await clearRequests();
    await clearStorageRequests();
    // the recording is still being written while it is dropped and sent
    const writer = setInterval(() => appendFileSync(recording, Buffer.alloc(64 * 1024, 3)), 5);
    let said: string[];
    try {
      said = await told('error', async () =>
        dropFiles(await mediaNode(), [recording, join(workspace, 'menu-link.pdf'), join(workspace, 'photo-folder')]),
      );
    } finally {
      clearInterval(writer);
    }
    assert.deepEqual(said, [
      'recording-in-progress.mov changed while it was being uploaded (is it still being written?); nothing was uploaded. Upload it again once it is complete. ' +
        'menu-link.pdf is a symbolic link; nothing was uploaded. Upload the file it points to instead. ' +
        'photo-folder is a folder; nothing was uploaded. Choose the files inside it instead.',
    ]);
    const log = await writes();
    assert.ok(!log.some((r) => r.path === '/uploads'), `no upload is created: ${describeRequests(log)}`);
    assert.ok(log.filter((r) => r.path === '/upload-requests').length <= 1, 'nothing was asked for the link or the folder');
    assert.deepEqual(await uploadsNamed('recording-in-progress'), []);
    assert.ok(!(await storageRequests()).some((r) => r.outcome === 'stored'), 'the storage keeps nothing of it');
  });

  it('Unused Uploads… leaves out an upload an unsaved editor uses, naming it; Delete Upload… refuses it', async function () {
    this.timeout(90_000);
    const { model, ui } = await extensionApi();
    const name = 'candle-for-the-gallery.png';
    const path = join(config().workspace, name);
    writeFileSync(path, png(320, 240, 1500));
    await told('info', async () => dropFiles(await mediaNode(), [path]));
    const [candle] = await uploadsNamed(name);
    assert.ok(candle, 'a new upload no record uses');
    // a dish's editor takes it into its gallery, unsaved
    const dish = (await cma('GET', '/items?filter%5Btype%5D=dish&page%5Blimit%5D=1')).data[0] as { id: string };
    const editor = await openEditor(documentUri({ ...MAIN, kind: 'record', modelApiKey: 'dish', id: dish.id, title: 'Candlelit dish' }));
    await editJson(editor.document, (json) => (json.photos = [...(json.photos ?? []), { upload_id: candle.id }]));
    assert.equal(editor.document.isDirty, true);

    const offered: string[] = [];
    let placeholder: string | undefined;
    const pickMany = ui.pickMany;
    ui.pickMany = async <T>(items: PickItem<T>[], options: { title: string; placeholder?: string }) => {
      offered.push(...items.map((i) => i.label));
      placeholder = options.placeholder;
      return [];
    };
    try {
      await clearRequests();
      await vscode.commands.executeCommand('datocms.media.unused', await mediaNode());
    } finally {
      ui.pickMany = pickMany;
    }
    assert.ok(!offered.includes(name), 'the upload the editor uses is not offered');
    assert.match(placeholder ?? '', /more are left out: unsaved editors use them, “Candlelit dish · dish”\)$/);
    assert.deepEqual(await writes(), [], 'nothing is sent');

    const row = uploadRows(await model.children(await mediaNode())).find((n) => n.upload.id === candle.id);
    assert.ok(row, 'the upload is listed');
    await clearRequests();
    const refused = await told('error', async () => vscode.commands.executeCommand('datocms.media.delete', row));
    assert.deepEqual(refused, [
      `“${name}” cannot be deleted: the unsaved editor “Candlelit dish · dish” uses it. Save or revert that editor first.`,
    ]);
    assert.deepEqual(await lines(), [], 'nothing is asked of DatoCMS');
    assert.equal((await uploadsNamed(name)).length, 1, 'it is kept');
    await dismissToasts();
  });

  it('an upload dragged into a record’s document: the status bar says how; its cover takes an image with its alt text', async function () {
    this.timeout(120_000);
    const { model, treeView } = await extensionApi();
    // an article whose cover is set, and an image of the Media node with alt text that the cover may take
    const articles = (await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=20')).data as any[];
    const article = articles.find((a) => a.attributes.cover?.upload_id);
    assert.ok(article, 'an article with a cover');
    const rows = uploadRows(await model.children(await mediaNode()));
    const image = rows.find(
      (n) =>
        n.upload.attributes['is_image'] === true &&
        (n.upload.attributes['default_field_metadata'] as any)?.alt?.en &&
        Number(n.upload.attributes['size']) < 5e6,
    );
    const video = rows.find((n) => n.label === 'kitchen-tour.mp4');
    assert.ok(image && video, 'an image with alt text, and the video, under Media');
    const uri = documentUri({ ...MAIN, kind: 'record', modelApiKey: 'article', id: article.id, title: 'Dragged onto' });
    const editor = await openEditor(uri);
    const coverLine = `"upload_id": "${article.attributes.cover.upload_id}"`;
    const at = editor.document.positionAt(editor.document.getText().indexOf(coverLine));
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
    await treeView.reveal(image, { select: false, focus: false });
    await clearRequests();

    const during = await dragToEditor(image.label, coverLine, 250);
    assert.ok(
      during.some((text) => text.includes('Hold Shift and drop on a file or gallery value in a record’s document to insert the upload')),
      `the status bar says how: ${during.join(' | ')}`,
    );
    await waitFor(() => (valueAt(editor, ['cover']) as any)?.upload_id === image.upload.id, 15_000, 'the cover to take the image');
    const alt = (image.upload.attributes['default_field_metadata'] as any).alt.en;
    assert.deepEqual(valueAt(editor, ['cover']), { upload_id: image.upload.id, alt, title: null, custom_data: {}, focal_point: null });
    assert.equal(editor.document.isDirty, true);
    assert.deepEqual(await writes(), [], 'only the editor changed');
    await vscode.commands.executeCommand('workbench.action.files.revert');

    // a video on the images-only cover: refused, named, nothing inserted
    await treeView.reveal(video, { select: false, focus: false });
    const refused = await told('warn', () => dragToEditor(video.label, coverLine, 250), 1, true);
    assert.deepEqual(refused, ['“Cover image” takes only images: kitchen-tour.mp4 is not one. Nothing was inserted.']);
    assert.equal(editor.document.isDirty, false);

    // anywhere else: nothing inserted (not the row's address), and where uploads go is said
    await treeView.reveal(image, { select: false, focus: false });
    const elsewhere = await told('info', () => dragToEditor(image.label, '"reading_time"', 150), 1, true);
    assert.match(
      elsewhere[0] ?? '',
      /^Drop uploads on the value of a file or gallery field of this record \(“Cover image”.*\); nothing was inserted\.$/,
    );
    assert.equal(editor.document.isDirty, false, 'nothing was inserted');
    assert.ok(!editor.document.getText().includes('datocms:'), 'not the row’s address');
  });
});
