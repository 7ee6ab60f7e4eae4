// A file into the media area with our client: upload request, streamed PUT to the storage (no API token, no
// CMA headers), create or replace job; progress, cancellation and every failure as a typed error, with
// nothing half-created left behind.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import { CancelledError, type CmaClient } from '../../src/cma';
import { storageUrl } from '../../src/cma/storagePut';
import { UploadError } from '../../src/cma/uploadErrors';
import type { UploadProgress } from '../../src/cma/uploadFile';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { png } from '../emulator/upload-helpers';
import { clientFor, hits, rejectionOf } from './support';

let emulator: Emulator;
let client: CmaClient;
let dir: string;
const uploadCount = () => emulator.store.environment().uploads.size;
/** The only headers a storage PUT may carry: the upload request's, the file's type and length, the connection's. */
const STORAGE_HEADERS = new Set(['host', 'connection', 'content-type', 'content-length', 'x-amz-acl']);

useEmulator({ records: 20, jobDurationMs: 30, reset: ['faults', 'requests'] }, (started) => {
  emulator = started.emulator;
  ({ client } = clientFor(emulator));
  dir = mkdtempSync(join(tmpdir(), 'dato-upload-file-'));
  writeFileSync(join(dir, 'menu.pdf'), Buffer.alloc(300_000, 1));
  writeFileSync(join(dir, 'terrace.png'), png(900, 600, 5000));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A stream that yields `chunks` chunks of `size` bytes, waiting `delayMs` before each. */
const slowStream = (chunks: number, size: number, delayMs: number) => () =>
  Readable.from(
    (async function* () {
      for (let i = 0; i < chunks; i++) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        yield Buffer.alloc(size, i);
      }
    })(),
  );

describe('createFromFile', () => {
  test('a local file becomes an upload; progress goes requesting → uploading (to every byte) → creating', async () => {
    const events: UploadProgress[] = [];
    const upload = await client.media.uploads.createFromFile(
      { path: join(dir, 'menu.pdf') },
      {
        onProgress: (p) => events.push(p),
        metadata: { author: 'Giulia', tags: ['menu'], default_field_metadata: { title: { en: 'Menu' } } },
      },
    );
    assert.match(String(upload.attributes['path']), /-menu\.pdf$/);
    assert.deepEqual([upload.attributes['size'], upload.attributes['format'], upload.attributes['author']], [300_000, 'pdf', 'Giulia']);
    assert.equal(upload.attributes['md5'], createHash('md5').update(Buffer.alloc(300_000, 1)).digest('hex'));
    assert.deepEqual((upload.attributes['default_field_metadata'] as { title: unknown }).title, { en: 'Menu', it: null });
    assert.deepEqual([...new Set(events.map((e) => e.phase))], ['requesting', 'uploading', 'creating']);
    const sent = events.filter((e) => e.phase === 'uploading').map((e) => e.sentBytes);
    assert.deepEqual(
      sent,
      [...sent].sort((a, b) => a - b),
      'progress only grows',
    );
    assert.equal(sent.at(-1), 300_000);
    assert.ok(events.every((e) => e.totalBytes === 300_000));
  });

  test('a file of several chunks arrives byte for byte (its one read buffer is reused only once sent)', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 12_345);
    writeFileSync(join(dir, 'clip.mp4'), bytes);
    const upload = await client.media.uploads.createFromFile({ path: join(dir, 'clip.mp4') });
    assert.equal(upload.attributes['size'], bytes.length);
    assert.equal(upload.attributes['md5'], createHash('md5').update(bytes).digest('hex'));
  });

  test('the storage PUT carries no Authorization header and none of the CMA headers', async () => {
    await client.media.uploads.createFromFile({ path: join(dir, 'terrace.png') });
    const put = emulator.uploadStorage.requests.at(-1)!;
    assert.equal(put.outcome, 'stored');
    assert.deepEqual(
      put.headerNames.filter((name) => !STORAGE_HEADERS.has(name)),
      [],
      'no authorization, accept, x-api-version, x-environment, user-agent',
    );
    assert.equal(put.contentType, 'image/png');
    const environmentClient = client.withEnvironment('sandbox');
    const inSandbox = await environmentClient.media.uploads.createFromFile({ bytes: Buffer.from('hi'), filename: 'hi.txt' });
    assert.ok(!emulator.uploadStorage.requests.at(-1)!.headerNames.includes('x-environment'));
    assert.equal(emulator.store.environment('sandbox').uploads.has(inSandbox.id), true, 'the upload is in the client environment');
    assert.equal(emulator.store.environment().uploads.has(inSandbox.id), false);
  });

  test('from bytes and from a stream of known length; into a collection, with an id of our choice', async () => {
    const collection = [...emulator.store.environment().mediaArea!.collections.values()][0]!;
    const id = 'Rb4dEfGhQjKlMnOpQrStUw';
    const fromBytes = await client.media.uploads.createFromFile(
      { bytes: png(32, 32), filename: 'icon.png' },
      { collectionId: collection.id, id },
    );
    assert.deepEqual(
      [fromBytes.id, fromBytes.attributes['width'], fromBytes.relationships['upload_collection']?.data],
      [id, 32, { type: 'upload_collection', id: collection.id }],
    );
    const fromStream = await client.media.uploads.createFromFile({ stream: slowStream(3, 1000, 1), size: 3000, filename: 'three.bin' });
    assert.equal(fromStream.attributes['size'], 3000);
  });

  test('a type the caller does not accept is refused before anything is sent', async () => {
    const before = uploadCount();
    const error = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'menu.pdf') }, { accept: ['png', '.JPG'] }));
    assert.ok(error instanceof UploadError);
    assert.equal(error.kind, 'refused-type');
    assert.match(error.message, /menu\.pdf is not one of the accepted types \(\.png, \.jpg\)/);
    assert.equal(emulator.requests.length, 0);
    assert.equal(uploadCount(), before);
  });

  test('a file that cannot be read: unreadable, nothing sent', async () => {
    const error = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'missing.png') }));
    assert.ok(error instanceof UploadError && error.kind === 'unreadable');
    assert.match(error.message, /missing\.png.*ENOENT/);
    assert.equal(emulator.requests.length, 0);
  });

  test('a file that grows while it is sent is refused as changed: the PUT stops short, nothing is stored, no upload', async () => {
    const path = join(dir, 'recording.mov');
    writeFileSync(path, Buffer.alloc(3 * 1024 * 1024, 7));
    const before = uploadCount();
    let grown = false;
    const error = await rejectionOf(
      client.media.uploads.createFromFile(
        { path },
        { onProgress: (p) => p.phase === 'uploading' && p.sentBytes > 0 && !grown && ((grown = true), appendFileSync(path, 'more')) },
      ),
    );
    assert.ok(error instanceof UploadError, String(error));
    assert.equal(error.kind, 'changed');
    assert.match(error.message, /recording\.mov: the file changed while it was sent \(it went from 3145728 to 3145732 bytes\)/);
    assert.equal(hits(emulator, 'POST', '/uploads'), 0, 'no upload is made of it');
    assert.equal(uploadCount(), before);
    assert.notEqual(emulator.uploadStorage.requests.at(-1)!.outcome, 'stored', 'the storage keeps nothing of it');
  });

  test('a file written to after its last byte left is not made an upload either', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'short');
    const before = uploadCount();
    const error = await rejectionOf(
      client.media.uploads.createFromFile(
        { path },
        { onProgress: (p) => p.phase === 'uploading' && p.sentBytes === 5 && appendFileSync(path, '!') },
      ),
    );
    assert.ok(error instanceof UploadError && error.kind === 'changed', String(error));
    assert.match(error.message, /notes\.txt: the file changed while it was sent \(it went from 5 to 6 bytes\)/);
    assert.equal(hits(emulator, 'POST', '/uploads'), 0);
    assert.equal(uploadCount(), before);
  });

  test('a symbolic link, a folder and a pipe are refused for what they are; nothing is read or sent', async () => {
    symlinkSync(join(dir, 'terrace.png'), join(dir, 'link.png'));
    mkdirSync(join(dir, 'photos'));
    execFileSync('mkfifo', [join(dir, 'pipe.png')]);
    const entries: [string, string][] = [];
    for (const name of ['link.png', 'photos', 'pipe.png']) {
      const error = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, name) }));
      assert.ok(error instanceof UploadError && error.kind === 'not-a-file', String(error));
      entries.push([name, String(error.entry)]);
    }
    assert.deepEqual(entries, [
      ['link.png', 'symbolic-link'],
      ['photos', 'folder'],
      ['pipe.png', 'special'],
    ]);
    assert.equal(emulator.requests.length, 0);
  });

  test('an interrupted PUT is an UploadError (interrupted); no upload is created', async () => {
    const before = uploadCount();
    emulator.uploadStorage.failNext({ kind: 'interrupt', afterBytes: 100_000 });
    const error = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'menu.pdf') }));
    assert.ok(error instanceof UploadError, String(error));
    assert.equal(error.kind, 'interrupted');
    assert.match(error.message, /menu\.pdf failed after \d+ of 300000 bytes/);
    assert.doesNotMatch(error.message, /X-Amz-Signature/, 'the signed URL is a credential');
    assert.equal(hits(emulator, 'POST', '/uploads'), 0);
    assert.equal(uploadCount(), before);
  });

  test('the storage refusing the file: storage-refused or too-large, with its status and code', async () => {
    emulator.uploadStorage.failNext({ kind: 'status', status: 503, code: 'SlowDown' });
    const refused = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'terrace.png') }));
    assert.ok(refused instanceof UploadError);
    assert.deepEqual([refused.kind, refused.status, refused.storageCode], ['storage-refused', 503, 'SlowDown']);
    assert.match(refused.message, /terrace\.png: 127\.0\.0\.1:\d+ refused the file with 503 \(SlowDown/);
    emulator.uploadStorage.failNext({ kind: 'status', status: 400, code: 'EntityTooLarge' });
    const tooLarge = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'terrace.png') }));
    assert.ok(tooLarge instanceof UploadError && tooLarge.kind === 'too-large');
    assert.equal(hits(emulator, 'POST', '/uploads'), 0);
  });

  test('a create job that fails is an UploadError (rejected) carrying the API error; nothing is created', async () => {
    const before = uploadCount();
    emulator.faults.add({ kind: 'job_failure', method: 'POST', path: '/uploads', code: 'INVALID_FIELD' });
    const error = await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'terrace.png') }));
    assert.ok(error instanceof UploadError);
    assert.equal(error.kind, 'rejected');
    assert.match(error.message, /DatoCMS did not create an upload from terrace\.png: POST \/uploads failed: 422 INVALID_FIELD/);
    assert.equal(uploadCount(), before);
  });

  test('cancelled during the PUT: CancelledError, the PUT stops, no create is sent', async () => {
    const controller = new AbortController();
    const before = uploadCount();
    const error = await rejectionOf(
      client.media.uploads.createFromFile(
        { stream: slowStream(50, 64 * 1024, 20), size: 50 * 64 * 1024, filename: 'slow.bin' },
        { signal: controller.signal, onProgress: (p) => p.phase === 'uploading' && p.sentBytes > 0 && controller.abort() },
      ),
    );
    assert.ok(error instanceof CancelledError, String(error));
    assert.match(error.message, /Uploading slow\.bin was cancelled after \d+ of 3276800 bytes/);
    assert.equal(hits(emulator, 'POST', '/uploads'), 0);
    assert.equal(uploadCount(), before);
    const aborted = new AbortController();
    aborted.abort();
    assert.ok(
      (await rejectionOf(client.media.uploads.createFromFile({ path: join(dir, 'terrace.png') }, { signal: aborted.signal }))) instanceof
        CancelledError,
    );
  });

  test('cancelled while DatoCMS creates the upload: the job is awaited and its upload deleted', async () => {
    const controller = new AbortController();
    const before = uploadCount();
    const error = await rejectionOf(
      client.media.uploads.createFromFile(
        { path: join(dir, 'terrace.png') },
        { signal: controller.signal, onProgress: (p) => p.phase === 'creating' && setTimeout(() => controller.abort(), 5) },
      ),
    );
    assert.ok(error instanceof CancelledError);
    assert.match(error.message, /the upload DatoCMS had already created was deleted/);
    assert.equal(hits(emulator, 'POST', '/uploads'), 1);
    assert.equal(hits(emulator, 'DELETE', /^\/uploads\/[^/]+$/), 1);
    assert.equal(uploadCount(), before);
  });

  test('only https upload URLs (or plain http on this machine) are used', () => {
    assert.equal(storageUrl('https://bucket.example/1/a.png?X-Amz-Signature=1', 'a.png').host, 'bucket.example');
    assert.equal(storageUrl('http://127.0.0.1:9/a', 'a.png').port, '9');
    assert.throws(
      () => storageUrl('http://bucket.example/1/a.png', 'a.png'),
      (error) => error instanceof UploadError && /not https/.test(error.message),
    );
  });
});

describe('replaceFile', () => {
  test('the same upload (id, metadata) gets the new file; keep_url keeps the URL', async () => {
    const media = client.media;
    const upload = await media.uploads.createFromFile({ bytes: png(100, 100), filename: 'old.png' }, { metadata: { notes: 'kept' } });
    const replaced = await media.uploads.replaceFile(upload.id, { path: join(dir, 'terrace.png') });
    assert.equal(replaced.id, upload.id);
    assert.deepEqual(
      [replaced.attributes['width'], replaced.attributes['notes'], replaced.attributes['filename']],
      [900, 'kept', 'terrace.png'],
    );
    const kept = await media.uploads.replaceFile(upload.id, { bytes: png(50, 40), filename: 'tiny.png' }, { replaceStrategy: 'keep_url' });
    assert.deepEqual([kept.attributes['url'], kept.attributes['width']], [replaced.attributes['url'], 50]);
    const wrongType = await rejectionOf(
      media.uploads.replaceFile(upload.id, { path: join(dir, 'menu.pdf') }, { replaceStrategy: 'keep_url' }),
    );
    assert.ok(wrongType instanceof UploadError && wrongType.kind === 'refused-type');
    assert.match(wrongType.message, /keeping the URL needs a \.png file/);
  });

  test('a file records using the upload would refuse: refused-by-fields, naming them; the upload is unchanged', async () => {
    const env = emulator.store.environment();
    const article = [...env.items.values()].find((i) => (i.attributes['cover'] as { upload_id?: string } | null)?.upload_id)!;
    const uploadId = (article.attributes['cover'] as { upload_id: string }).upload_id;
    const before = structuredClone(env.uploads.get(uploadId));
    const error = await rejectionOf(client.media.uploads.replaceFile(uploadId, { path: join(dir, 'menu.pdf') }));
    assert.ok(error instanceof UploadError);
    assert.equal(error.kind, 'refused-by-fields');
    assert.match(
      error.message,
      new RegExp(`menu\\.pdf cannot replace this upload's file: records using it would not accept it: .*${article.id} \\(cover\\)`),
    );
    assert.deepEqual(env.uploads.get(uploadId), before);
  });
});
