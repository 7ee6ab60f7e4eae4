// The media library in a real VS Code: a file dropped on the Media node becomes an upload (one upload request, one
// PUT to the storage, one create job) the node lists; its alt text edited in its document is one partial update;
// Insert Upload… puts it in a record's editor and nothing is sent until the save; deleting it while a record uses it
// is refused with the record named; Replace File… and Unused Uploads… send nothing until confirmed.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PickItem } from '../../../src/platform/ui';
import { documentUri } from '../../../src/platform/uris';
import { png } from '../../emulator/upload-helpers';
import { MAIN, openEditor, pressSave, recordUri, valueAt, waitForClean } from './editing';
import {
  answerConfirmations,
  clearRequests,
  closeEditors,
  cma,
  config,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  restoreConfirmations,
  settledToasts,
  writes,
} from './helpers';
import { clearStorageRequests, mediaNode, storageRequests, uploadRows, uploadsNamed } from './mediaKit';

const FILE = 'dropped-terrace.png';

describe('media library', () => {
  let uploadId = '';

  before(ensureSignedIn);
  afterEach(async () => {
    await restoreConfirmations();
    await closeEditors();
  });

  it('a file dropped on the Media node: one upload request, one PUT, one create job; the node lists it', async function () {
    this.timeout(60_000);
    const { model, dragAndDrop } = await extensionApi();
    const media = await mediaNode();
    await model.children(media);
    const path = join(config().workspace, FILE);
    writeFileSync(path, png(1200, 800, 6000));
    await clearRequests();
    await clearStorageRequests();
    await dismissToasts();

    const transfer = new vscode.DataTransfer();
    transfer.set('text/uri-list', new vscode.DataTransferItem(vscode.Uri.file(path).toString()));
    const { ui } = await extensionApi();
    const infos: string[] = [];
    const info = ui.info;
    ui.info = (message, ...actions) => (infos.push(message), info.call(ui, message, ...actions));
    try {
      // let go over the project's row: nothing is uploaded, and the user is told where files go
      await dragAndDrop.handleDrop!(model.roots()[0], transfer, new vscode.CancellationTokenSource().token);
      assert.deepEqual(await writes(), [], 'a drop on the project uploads nothing');
      assert.deepEqual(infos.splice(0), ['Drop files on Media (or one of its collections) to upload them.']);
      await dragAndDrop.handleDrop!(media, transfer, new vscode.CancellationTokenSource().token);
    } finally {
      ui.info = info;
    }

    const log = await writes();
    assert.deepEqual(
      log.map((r) => `${r.method} ${r.path} ${r.status}`),
      ['POST /upload-requests 200', 'POST /uploads 202'],
      describeRequests(log),
    );
    const jobs = (await requests()).filter((r) => r.path.startsWith('/job-results/'));
    assert.ok(jobs.length >= 1 && jobs.at(-1)!.status === 200, 'the create job was followed to its end');
    const puts = (await storageRequests()).filter((r) => r.method === 'PUT');
    assert.deepEqual(
      puts.map((r) => `${r.status} ${r.outcome}`),
      ['200 stored'],
    );
    const [created] = await uploadsNamed(FILE);
    assert.ok(created, 'the upload exists');
    uploadId = created.id;
    assert.deepEqual([created.attributes['width'], created.attributes['height']], [1200, 800]);
    const rows = uploadRows(await model.children(media));
    assert.equal(rows[0]?.upload.id, uploadId, 'the newest upload is listed first');
    assert.deepEqual(infos, [`Uploaded ${FILE} to Media.`], 'the user is told');
  });

  it('an image’s hover, made when hovered: its preview on the image CDN and how many records use it', async function () {
    const { model, provider } = await extensionApi();
    const media = await mediaNode();
    const row = uploadRows(await model.children(media)).find((n) => n.upload.attributes['is_image'] === true && n.upload.id !== uploadId);
    assert.ok(row, 'an image is listed');
    const item = provider.getTreeItem(row);
    assert.equal(item.tooltip, undefined, 'no hover until hovered');
    await clearRequests();
    const resolved = await provider.resolveTreeItem!(item, row);
    const markdown = (resolved?.tooltip as vscode.MarkdownString | undefined)?.value ?? '';
    assert.ok(markdown.includes(`${String(row.upload.attributes['path'])}?w=300&h=200&fit=crop)`), markdown);
    assert.match(markdown, /(Used by \d+ records?|Not used by any record)/);
    assert.deepEqual(
      (await requests()).map((r) => `${r.method} ${r.path}`),
      [`GET /uploads/${row.upload.id}/references`],
    );
  });

  it('its alt text edited in its document is one partial update of the metadata', async function () {
    this.timeout(60_000);
    assert.ok(uploadId, 'the upload of the first test');
    const uri = documentUri({ ...MAIN, kind: 'upload', id: uploadId, title: FILE });
    const editor = await openEditor(uri);
    assert.deepEqual(valueAt(editor, ['default_field_metadata', 'alt']), { en: null, it: null });
    await clearRequests();
    const offset = editor.document.getText().indexOf('"en": null');
    assert.ok(offset > 0);
    await editor.edit((edit) =>
      edit.replace(
        new vscode.Range(editor.document.positionAt(offset), editor.document.positionAt(offset + 10)),
        '"en": "A terrace at dusk"',
      ),
    );
    await pressSave(editor);
    await waitForClean(uri);
    const log = await writes();
    assert.deepEqual(
      log.map((r) => `${r.method} ${r.path}`),
      [`PUT /uploads/${uploadId}`],
      describeRequests(log),
    );
    assert.deepEqual(log[0]!.body.data.attributes, { default_field_metadata: { alt: { en: 'A terrace at dusk', it: null } } });
    const stored = await cma('GET', `/uploads/${uploadId}`);
    assert.equal(stored.data.attributes.default_field_metadata.alt.en, 'A terrace at dusk');
  });

  it('Insert Upload… puts it in a record’s gallery; nothing is sent until the save', async function () {
    this.timeout(60_000);
    const { ui } = await extensionApi();
    // a dish whose gallery has room for one more photo (it takes six at most)
    const dishes = (await cma('GET', '/items?filter%5Btype%5D=dish&page%5Blimit%5D=50')).data as {
      id: string;
      attributes: { photos: unknown[] | null };
    }[];
    const id = dishes.find((d) => (d.attributes.photos ?? []).length < 6)?.id;
    assert.ok(id, 'a dish with room in its gallery');
    const uri = recordUri(id, 'main', 'dish');
    const editor = await openEditor(uri);
    const before = (valueAt(editor, ['photos']) as unknown[] | null) ?? [];
    await clearRequests();
    const offered: string[] = [];
    const original = ui.pickMany;
    ui.pickMany = async <T>(items: PickItem<T>[]) => {
      offered.push(...items.map((i) => i.label));
      return items.filter((i) => i.label === FILE).map((i) => i.value);
    };
    try {
      await vscode.commands.executeCommand('datocms.media.insertUpload', uri, 'photos');
    } finally {
      ui.pickMany = original;
    }
    assert.ok(offered.includes(FILE), `offered: ${offered.slice(0, 5).join(', ')}…`);
    const photos = valueAt(editor, ['photos']) as { upload_id: string }[];
    assert.equal(photos.length, before.length + 1);
    assert.deepEqual(photos.at(-1), { upload_id: uploadId });
    assert.equal(editor.document.isDirty, true);
    assert.deepEqual(await writes(), [], 'nothing is sent on insert');

    await pressSave(editor);
    await waitForClean(uri);
    const log = await writes();
    assert.deepEqual(
      log.map((r) => `${r.method} ${r.path}`),
      [`PUT /items/${id}`],
      describeRequests(log),
    );
    assert.deepEqual(Object.keys(log[0]!.body.data.attributes), ['photos']);
  });

  it('Delete while a record uses it: refused, the record named, nothing deleted', async function () {
    this.timeout(60_000);
    const { model } = await extensionApi();
    const media = await mediaNode();
    await model.refresh(media);
    const row = uploadRows(await model.children(media)).find((n) => n.upload.id === uploadId);
    assert.ok(row, 'the upload is listed');
    const asked = await answerConfirmations();
    await clearRequests();
    // the command waits for the refusal's answer (Show Records, or the toast closed)
    const deleting = vscode.commands.executeCommand('datocms.media.delete', row);
    const toast = (await settledToasts()).find((t) => t.severity === 'error');
    assert.ok(toast, 'the refusal is shown');
    assert.match(
      toast.message,
      new RegExp(`^“${FILE.replace('.', '\\.')}” cannot be deleted: the record “.+” uses it\\. Remove it from that record first\\.$`),
    );
    assert.deepEqual(toast.buttons.includes('Show Records'), true);
    assert.deepEqual(asked, [], 'nothing to confirm');
    assert.deepEqual(await writes(), []);
    assert.equal((await uploadsNamed(FILE)).length, 1);
    await dismissToasts();
    await deleting;
  });

  it('Replace File… names the records that will show it; Keep File sends nothing; Replace keeps the id with a new file', async function () {
    this.timeout(60_000);
    const { model, ui } = await extensionApi();
    const row = uploadRows(await model.children(await mediaNode())).find((n) => n.upload.id === uploadId);
    assert.ok(row, 'the upload is listed');
    const path = join(config().workspace, 'replacement-terrace.png');
    writeFileSync(path, png(640, 480, 3000));
    const openFiles = ui.openFiles;
    ui.openFiles = async () => [path];
    try {
      const asked = await answerConfirmations(undefined, 'Replace File');
      await clearRequests();
      await clearStorageRequests();
      await vscode.commands.executeCommand('datocms.media.replaceFile', row);
      assert.equal(asked[0]!.message, `Replace the file of “${FILE}” with “replacement-terrace.png”?`);
      assert.match(asked[0]!.detail ?? '', /^1 record uses it: it will show the new file\./);
      assert.deepEqual(await writes(), [], 'Keep File: nothing is sent');
      assert.deepEqual(await storageRequests(), []);

      await vscode.commands.executeCommand('datocms.media.replaceFile', row);
      const log = await writes();
      assert.deepEqual(
        log.map((r) => `${r.method} ${r.path} ${r.status}`),
        ['POST /upload-requests 200', `PUT /uploads/${uploadId} 202`],
        describeRequests(log),
      );
      assert.deepEqual(
        (await storageRequests()).map((r) => `${r.method} ${r.status}`),
        ['PUT 200'],
      );
      const [replaced] = await uploadsNamed('replacement-terrace.png');
      assert.equal(replaced?.id, uploadId, 'the same upload, with the new file');
      assert.deepEqual([replaced!.attributes['width'], replaced!.attributes['height']], [640, 480]);
    } finally {
      ui.openFiles = openFiles;
    }
  });

  it('Unused Uploads… lists what no record uses; the delete names count and size; Keep Uploads sends nothing', async function () {
    this.timeout(60_000);
    const { dragAndDrop, ui } = await extensionApi();
    const media = await mediaNode();
    const name = 'unused-lantern.png';
    const path = join(config().workspace, name);
    writeFileSync(path, png(300, 200, 2048));
    const transfer = new vscode.DataTransfer();
    transfer.set('text/uri-list', new vscode.DataTransferItem(vscode.Uri.file(path).toString()));
    await dragAndDrop.handleDrop!(media, transfer, new vscode.CancellationTokenSource().token);
    const [unused] = await uploadsNamed(name);
    assert.ok(unused, 'a new upload no record uses');

    const offered: string[] = [];
    const pickMany = ui.pickMany;
    ui.pickMany = async <T>(items: PickItem<T>[]) => {
      offered.push(...items.map((i) => i.label));
      return items.filter((i) => i.label === name).map((i) => i.value);
    };
    try {
      const asked = await answerConfirmations(undefined, 'Delete 1 Upload');
      await clearRequests();
      await vscode.commands.executeCommand('datocms.media.unused', media);
      assert.ok(offered.includes(name), `offered: ${offered.slice(0, 5).join(', ')}…`);
      assert.ok(!offered.includes(FILE) && !offered.includes('replacement-terrace.png'), 'an upload a record uses is not offered');
      assert.match(asked[0]!.message, /^Delete 1 upload \(.+\) from the media area of main\?$/);
      assert.deepEqual(await writes(), [], 'Keep Uploads: nothing is sent');

      offered.length = 0;
      await vscode.commands.executeCommand('datocms.media.unused', media);
      const log = await writes();
      assert.deepEqual(
        log.map((r) => `${r.method} ${r.path}`),
        ['POST /uploads/bulk/destroy'],
        describeRequests(log),
      );
      assert.deepEqual(
        log[0]!.body.data.relationships.uploads.data.map((u: { id: string }) => u.id),
        [unused.id],
        'only the chosen upload',
      );
      assert.deepEqual(await uploadsNamed(name), [], 'it is gone');
      assert.equal((await uploadsNamed('replacement-terrace.png')).length, 1, 'the used one stays');
    } finally {
      ui.pickMany = pickMany;
    }
  });
});
