// The media area against DatoCMS's official Node client, unchanged: its upload helpers (upload request, PUT to
// the storage, create job), listing, updating, replacing and deleting, collections and tags, as its own tests
// use them against the real API.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildClient, type Client } from '@datocms/cma-client-node';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { png } from './upload-helpers.js';

let emu: Emulator;
let client: Client;
let dir: string;
useEmulator({ records: 10, jobDurationMs: 5 }, (started) => {
  emu = started.emulator;
  client = buildClient({ apiToken: emu.token, baseUrl: emu.url, autoRetry: false });
  dir = mkdtempSync(join(tmpdir(), 'dato-uploads-'));
  writeFileSync(join(dir, 'text.txt'), 'Specials: saffron risotto.\n');
  writeFileSync(join(dir, 'image.png'), png(480, 320, 2048));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('the official client', () => {
  test('createFromLocalFile: progress, a PUT with no API token or CMA headers, the upload; then list, update, delete', async () => {
    const events: string[] = [];
    const upload = await client.uploads.createFromLocalFile({
      localPath: join(dir, 'text.txt'),
      author: 'Giulia',
      default_field_metadata: { alt: { en: 'Specials' } } as never,
      onProgress: (info) => events.push(info.type),
    });
    assert.ok(upload.path.endsWith('text.txt'));
    assert.deepEqual([upload.size, upload.mime_type, upload.author], [27, 'text/plain', 'Giulia']);
    assert.deepEqual(upload.default_field_metadata.alt, { en: 'Specials', it: null });
    assert.deepEqual([...new Set(events)], ['REQUESTING_UPLOAD_URL', 'UPLOADING_FILE', 'CREATING_UPLOAD_OBJECT']);
    const stored = emu.uploadStorage.requests.at(-1)!;
    assert.equal(stored.outcome, 'stored');
    for (const header of ['authorization', 'x-api-version', 'x-environment']) assert.ok(!stored.headerNames.includes(header), header);

    const listed = await client.uploads.list({ filter: { fields: { md5: { eq: upload.md5 } } } });
    assert.deepEqual(
      listed.map((u) => u.id),
      [upload.id],
    );
    const again = await client.uploads.createFromLocalFile({ localPath: join(dir, 'text.txt'), skipCreationIfAlreadyExists: true });
    assert.equal(again.id, upload.id, 'found by its MD5, not uploaded twice');

    const updated = await client.uploads.update(upload, {
      notes: 'daily',
      tags: ['specials'],
      default_field_metadata: { title: { it: 'Piatti del giorno' } } as never,
    });
    assert.deepEqual(
      [updated.notes, updated.tags, updated.default_field_metadata.title],
      ['daily', ['specials'], { en: null, it: 'Piatti del giorno' }],
    );
    assert.equal(updated.default_field_metadata.alt.en, 'Specials');
    assert.equal((await client.uploads.destroy(upload.id)).id, upload.id);
    await assert.rejects(client.uploads.find(upload.id), /NOT_FOUND/);
  });

  test('updateFromLocalFile replaces the file of the same upload; a remote-like PNG gets its width', async () => {
    const upload = await client.uploads.createFromLocalFile({ localPath: join(dir, 'text.txt') });
    const replaced = await client.uploads.updateFromLocalFile(upload.id, { localPath: join(dir, 'image.png') });
    assert.equal(replaced.id, upload.id);
    assert.ok(replaced.path.endsWith('image.png'));
    assert.deepEqual([replaced.width, replaced.height, replaced.format, replaced.is_image], [480, 320, 'png', true]);
  });

  test('references, in-use deletes and the paged iterator', async () => {
    const [used] = await client.uploads.list({ filter: { fields: { in_use: { eq: true } } }, page: { limit: 1 } });
    assert.ok(used);
    assert.ok((await client.uploads.references(used.id)).length > 0);
    await assert.rejects(client.uploads.destroy(used.id), /UPLOAD_IS_CURRENTLY_IN_USE/);
    let count = 0;
    for await (const upload of client.uploads.listPagedIterator({ filter: { fields: { type: { eq: 'image' } } } }, { perPage: 5 }))
      if (upload.is_image) count++;
    assert.equal(
      count,
      (await client.uploads.rawList({ filter: { fields: { type: { eq: 'image' } } }, page: { limit: 1 } })).meta.total_count,
    );
  });

  test('upload collections: create, find, list, update with the whole entity, destroy', async () => {
    const before = (await client.uploadCollections.list()).length;
    const collection = await client.uploadCollections.create({ label: 'Browse Articles', position: 1 });
    assert.equal((await client.uploadCollections.find(collection)).id, collection.id);
    assert.equal((await client.uploadCollections.list()).length, before + 1);
    const updated = await client.uploadCollections.update(collection, { ...collection, label: 'Updated' });
    assert.equal(updated.label, 'Updated');
    await client.uploadCollections.destroy(collection);
    assert.equal((await client.uploadCollections.list()).length, before);
  });

  test('tags, smart tags, an upload request, bulk tag', async () => {
    const upload = await client.uploads.createFromLocalFile({ localPath: join(dir, 'image.png') });
    const tag = await client.uploadTags.create({ name: 'foo' });
    const updated = await client.uploads.update(upload, { tags: [tag.id] });
    assert.equal(updated.tags[0], tag.id);
    const tags = [];
    for await (const found of client.uploadTags.listPagedIterator({ filter: { query: 'foo' } })) tags.push(found);
    assert.equal(tags[0]!.name, 'foo');
    assert.ok((await client.uploadSmartTags.list()).length > 0);
    assert.ok((await client.uploadRequest.create({ filename: 'test.svg' })).id.endsWith('test.svg'));
    const result = await client.uploads.bulkTag({ tags: ['bar'], uploads: [{ type: 'upload', id: upload.id }] });
    assert.deepEqual(result, []);
    assert.deepEqual((await client.uploads.find(upload.id)).tags, ['foo', 'bar']);
  });
});
