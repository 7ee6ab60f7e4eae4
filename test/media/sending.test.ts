// Files into the media area with the window scripted: each file is one upload request, one PUT to the storage and
// one create job; a few at a time; one progress notification; every failure told in our words with nothing
// half-created left behind; Replace File keeps the upload and its uses.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, beforeEach, describe, test } from 'node:test';
import type { CmaClient, Resource } from '../../src/cma';
import type { MediaPlace, OperationDeps, UploadPlace } from '../../src/media/operation';
import { replaceFileOf, sendFiles, uploadFilesTo, type FileToSend } from '../../src/media/sending';
import { formatMessage } from '../../src/platform/translate';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator/index';
import { QUICK_JOBS, useEmulator } from '../support/emulator';
import { png } from '../emulator/upload-helpers';
import { ScriptedUi } from '../platform/scriptedUi';

let emulator: Emulator;
let client: CmaClient;
let dir: string;
let ui: ScriptedUi;
let reloads: number;
let changed: Resource<'upload'>[];

useEmulator({ records: 12, jobDurationMs: 10, client: { jobs: QUICK_JOBS }, reset: ['faults', 'requests'] }, (started) => {
  ({ emulator, client } = started);
  dir = mkdtempSync(join(tmpdir(), 'dato-media-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  ui = new ScriptedUi();
  reloads = 0;
  changed = [];
  emulator.uploadStorage.requests.length = 0;
});

const deps = (): OperationDeps => ({
  ui,
  t: formatMessage,
  locale: 'en',
  open: async () => undefined,
  documentsDeleted: async () => undefined,
  reload: async () => void reloads++,
  uploadChanged: async (_where, upload) => void changed.push(upload),
  unsavedEditors: () => [],
});
const place = (collectionId?: string): MediaPlace => ({
  project: 'emulated-bistro',
  environment: 'main',
  data: new ProjectData(client),
  label: collectionId ? 'Media › Dishes' : 'Media',
  ...(collectionId ? { collectionId } : {}),
});
const uploadCount = () => emulator.store.environment('main').uploads.size;
function file(name: string, bytes: Buffer): FileToSend {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { name, size: bytes.length, source: { path } };
}
const lines = () => emulator.requests.map((r) => `${r.method} ${r.path}`).filter((l) => !l.startsWith('GET /job-results'));

describe('uploading files', () => {
  test('each file: one upload request, one PUT, one create job; the uploads appear; the user is told', async () => {
    const before = uploadCount();
    const files = [
      file('terrace.png', png(640, 480, 4000)),
      file('menu.pdf', Buffer.alloc(120_000, 7)),
      file('notes.txt', Buffer.from('hello')),
    ];
    const outcome = await uploadFilesTo(deps(), place(), files);
    assert.equal(outcome.uploaded.length, 3);
    assert.deepEqual(outcome.failed, []);
    assert.equal(uploadCount(), before + 3);
    const sorted = lines().sort();
    assert.deepEqual(sorted, [
      'POST /upload-requests',
      'POST /upload-requests',
      'POST /upload-requests',
      'POST /uploads',
      'POST /uploads',
      'POST /uploads',
    ]);
    assert.equal(emulator.uploadStorage.requests.filter((r) => r.method === 'PUT').length, 3);
    const terrace = outcome.uploaded.find((u) => String(u.attributes['filename']).endsWith('terrace.png'))!;
    assert.deepEqual([terrace.attributes['width'], terrace.attributes['height'], terrace.attributes['is_image']], [640, 480, true]);
    assert.equal(reloads, 1, 'the Media rows reload once');
    assert.deepEqual(ui.progressTitles, ['Uploading 3 files to Media']);
    assert.equal(ui.progressMessages.at(-1), '3 of 3 files · 124 KB of 124 KB');
    assert.deepEqual(ui.transcript.at(-1), 'info: Uploaded 3 files to Media.');
  });

  test('at most three files at a time', async () => {
    const slow = (name: string): FileToSend => ({
      name,
      size: 4 * 64 * 1024,
      source: {
        filename: name,
        size: 4 * 64 * 1024,
        stream: () =>
          Readable.from(
            (async function* () {
              for (let i = 0; i < 4; i++) {
                await new Promise((resolve) => setTimeout(resolve, 15));
                yield Buffer.alloc(64 * 1024, i);
              }
            })(),
          ),
      },
    });
    let running = 0;
    let most = 0;
    const tracked = (f: FileToSend): FileToSend => {
      const source = f.source as { stream: () => Readable; size: number; filename: string };
      return {
        ...f,
        source: {
          ...source,
          stream: () => {
            running++;
            most = Math.max(most, running);
            const stream = source.stream();
            stream.on('end', () => running--);
            return stream;
          },
        },
      };
    };
    const outcome = await sendFiles(
      deps(),
      client,
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => tracked(slow(`${n}.bin`))),
      { label: 'Media' },
    );
    assert.equal(outcome.uploaded.length, 7);
    assert.equal(most, 3);
  });

  test('into a collection: the upload request and the upload name it', async () => {
    const dishes = [...emulator.store.environment('main').uploads.values()]
      .map((u) => (u.relationships['upload_collection']?.data as { id?: string } | null)?.id)
      .find(Boolean)!;
    const outcome = await uploadFilesTo(deps(), place(dishes), [file('pici.png', png(300, 300, 900))]);
    assert.equal((outcome.uploaded[0]!.relationships['upload_collection']?.data as { id: string }).id, dishes);
    const request = emulator.requests.find((r) => r.path === '/upload-requests')!;
    assert.deepEqual((request.body as { data: { relationships: unknown } }).data.relationships, {
      upload_collection: { data: { type: 'upload_collection', id: dishes } },
    });
    assert.deepEqual(ui.progressTitles, ['Uploading pici.png to Media › Dishes']);
  });

  test('a file over the storage’s limit fails in our words, the others go on, nothing half-made is left', async () => {
    const before = uploadCount();
    emulator.uploadStorage.failNext({ kind: 'status', status: 400, code: 'EntityTooLarge' });
    ui.answers.push(() => undefined);
    const outcome = await uploadFilesTo(deps(), place(), [file('huge.mov', Buffer.alloc(2000, 1))]);
    assert.equal(outcome.uploaded.length, 0);
    assert.equal(uploadCount(), before);
    assert.deepEqual(
      ui.transcript.at(-1),
      ['error: huge.mov is larger than the storage accepts for one file (your plan’s limit); nothing was uploaded. []'][0],
    );
    assert.equal(lines().filter((l) => l === 'POST /uploads').length, 0, 'no create after a refused PUT');
    assert.equal(reloads, 0);
  });

  test('an interrupted PUT and a refused create (the plan’s limit) are told per file; the third file is uploaded', async () => {
    const before = uploadCount();
    emulator.uploadStorage.failNext({ kind: 'interrupt', afterBytes: 1000 });
    emulator.faults.add({ kind: 'job_failure', method: 'POST', path: '/uploads', code: 'PLAN_UPGRADE_REQUIRED', count: 1 });
    const outcome = await sendFiles(
      deps(),
      client,
      [file('one.bin', Buffer.alloc(50_000, 1)), file('two.bin', Buffer.alloc(500, 2)), file('three.bin', Buffer.alloc(500, 3))],
      {
        label: 'Media',
      },
      1,
    );
    assert.equal(outcome.uploaded.length, 1);
    assert.deepEqual(
      outcome.failed.map((f) => f.message),
      [
        'The connection broke while one.bin was sent; nothing was uploaded. Try again.',
        'DatoCMS did not accept two.bin: the project’s plan allows no more. Upgrade the plan or remove files first.',
      ],
    );
    assert.equal(uploadCount(), before + 1);
  });

  test('a link, a folder, a pipe and a file still being written: one message each in our words; the good file is uploaded', async () => {
    const before = uploadCount();
    const good = file('menu.pdf', Buffer.alloc(2000, 4));
    const growing = file('recording.mov', Buffer.alloc(3 * 1024 * 1024, 5));
    symlinkSync(join(dir, 'menu.pdf'), join(dir, 'link.pdf'));
    mkdirSync(join(dir, 'photos'));
    execFileSync('mkfifo', [join(dir, 'pipe.png')]);
    const odd = ['link.pdf', 'photos', 'pipe.png'].map((name) => ({ name, size: 0, source: { path: join(dir, name) } }));
    let grown = false;
    // the recording is still being written: it grows once its first megabyte has left
    ui.cancelProgressWhen = (message) => {
      if (!grown && /· [1-9][\d.]* MB of/.test(message)) {
        grown = true;
        appendFileSync(join(dir, 'recording.mov'), Buffer.alloc(4096, 6));
      }
      return false;
    };
    ui.answers.push(() => undefined);
    const outcome = await uploadFilesTo(deps(), place(), [...odd, growing, good]);
    assert.equal(outcome.uploaded.length, 1);
    assert.equal(uploadCount(), before + 1, 'only menu.pdf became an upload');
    assert.deepEqual(
      outcome.failed.map((f) => f.message),
      [
        'link.pdf is a symbolic link; nothing was uploaded. Upload the file it points to instead.',
        'photos is a folder; nothing was uploaded. Choose the files inside it instead.',
        'pipe.png is not a regular file (a pipe, socket or device); nothing was uploaded.',
        'recording.mov changed while it was being uploaded (is it still being written?); nothing was uploaded. Upload it again once it is complete.',
      ],
    );
    assert.match(
      ui.transcript.at(-1)!,
      /^error: Uploaded 1 of 5 files to Media\. link\.pdf is a symbolic link; .* pipe\.png is not a regular file .*; nothing was uploaded\. \(1 more failed: recording\.mov\) \[\]$/,
    );
    assert.equal(lines().filter((l) => l === 'POST /upload-requests').length, 2, 'nothing was asked for the link, the folder or the pipe');
  });

  test('a type DatoCMS refuses: the create job fails and no upload exists', async () => {
    const before = uploadCount();
    emulator.faults.add({ kind: 'job_failure', method: 'POST', path: '/uploads', code: 'INVALID_FIELD', count: 1 });
    ui.answers.push(() => undefined);
    await uploadFilesTo(deps(), place(), [file('setup.exe', Buffer.alloc(300, 1))]);
    assert.equal(uploadCount(), before);
    assert.match(ui.transcript.at(-1)!, /^error: DatoCMS did not accept setup\.exe: /);
  });

  test('cancelled: the files in flight stop, the others never start, nothing is left', async () => {
    const before = uploadCount();
    ui.cancelProgressWhen = (message) => /^0 of 4 files · [1-9]/.test(message);
    const big = (name: string) => file(name, Buffer.alloc(3 * 1024 * 1024, 9));
    const outcome = await uploadFilesTo(deps(), place(), [big('a.bin'), big('b.bin'), big('c.bin'), big('d.bin')]);
    assert.equal(outcome.cancelled, true);
    assert.equal(outcome.uploaded.length, 0);
    assert.equal(uploadCount(), before);
    assert.ok(lines().filter((l) => l === 'POST /upload-requests').length <= 3, 'the fourth file never started');
    assert.equal(ui.transcript.at(-1), 'info: Upload cancelled: nothing was uploaded.');
  });
});

describe('replacing a file', () => {
  const used = (): UploadPlace => {
    const env = emulator.store.environment('main');
    const upload = [...env.uploads.values()].find((u) => u.attributes['format'] === 'png' && u.attributes['is_image'] === true)!;
    return {
      project: 'emulated-bistro',
      environment: 'main',
      upload: JSON.parse(JSON.stringify(upload)) as Resource<'upload'>,
      data: new ProjectData(client),
    };
  };

  test('asked first (how many records show it), then the same upload gets the new file; its uses are kept', async () => {
    const target = used();
    ui.answers.push((message) => {
      assert.match(message, /^Replace the file of “.+\.png” with “new-terrace\.png”\?$/);
      return 'Replace File';
    });
    const replaced = await replaceFileOf(deps(), target, file('new-terrace.png', png(1024, 768, 3000)));
    assert.equal(replaced?.id, target.upload.id);
    assert.deepEqual([replaced?.attributes['width'], replaced?.attributes['height']], [1024, 768]);
    assert.match(ui.confirmations[0]!.detail!, /records? uses? it: (it|they) will show the new file/);
    assert.equal(ui.confirmations[0]!.safe, 'Keep File');
    assert.deepEqual(
      changed.map((u) => u.id),
      [target.upload.id],
    );
  });

  test('kept: nothing is sent but the question', async () => {
    const target = used();
    ui.answers.push(() => undefined);
    emulator.clearRequests();
    assert.equal(await replaceFileOf(deps(), target, file('other.png', png(10, 10, 100))), undefined);
    assert.deepEqual(lines(), [`GET /uploads/${target.upload.id}/references`]);
    assert.equal(emulator.uploadStorage.requests.length, 0);
  });

  test('a file the records using it would refuse fails with the reason; the upload keeps its file', async () => {
    const target = used();
    ui.answers.push(() => 'Replace File');
    const before = JSON.stringify(emulator.store.environment('main').uploads.get(target.upload.id)!.attributes['path']);
    await assert.rejects(replaceFileOf(deps(), target, file('notes.txt', Buffer.from('not an image'))), (error: Error) =>
      /notes\.txt cannot replace this file: records using it would not accept it/.test(error.message),
    );
    assert.equal(JSON.stringify(emulator.store.environment('main').uploads.get(target.upload.id)!.attributes['path']), before);
  });
});
