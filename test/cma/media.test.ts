// The media area with our client against the emulator: listing with filters and every page, references,
// updates, deletes refused while in use, bulk operations in chunks, collections, tags, smart tags, saved filters.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, type CmaClient } from '../../src/cma';
import { MAX_BULK_UPLOADS } from '../../src/cma/resources/media';
import { UploadInUseError } from '../../src/cma/uploadErrors';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { clientFor, hits, rejectionOf } from './support';

let emulator: Emulator;
let client: CmaClient;
const EXTRA = 260;

useEmulator({ records: 20, jobDurationMs: 5, uploads: EXTRA, reset: ['requests'] }, (started) => {
  emulator = started.emulator;
  ({ client } = clientFor(emulator));
});

const allUploads = () => [...emulator.store.environment().uploads.values()];
const usedUploadId = () =>
  [...emulator.store.environment().items.values()]
    .map((i) => (i.attributes['cover'] as { upload_id?: string } | null)?.upload_id)
    .find(Boolean)!;

describe('reading uploads', () => {
  test('listAll reads every upload of a query, pages of 500 by default, in the order asked', async () => {
    const ids: string[] = [];
    for await (const upload of client.uploads.listAll({ order_by: 'size_ASC' })) ids.push(upload.id);
    assert.equal(ids.length, allUploads().length);
    assert.equal(new Set(ids).size, ids.length);
    const sizes = ids.map((id) => Number(emulator.store.environment().uploads.get(id)!.attributes['size']));
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => a - b),
    );
    assert.equal(hits(emulator, 'GET', '/uploads'), 1, `${allUploads().length} uploads fit one page of 500`);
  });

  test('typed filters go on the wire as the API takes them; small pages are followed to the end', async () => {
    const pdfs: string[] = [];
    for await (const upload of client.uploads.listAll(
      {
        filter: { fields: { type: { in: ['pdfdocument'] }, in_use: { eq: false }, size: { gte: 1 } } },
        order_by: ['_created_at_ASC', 'id_ASC'],
      },
      { pageSize: 7, concurrency: 3 },
    ))
      pdfs.push(String(upload.attributes['format']));
    assert.equal(pdfs.length, allUploads().filter((u) => u.attributes['format'] === 'pdf').length);
    assert.ok(pdfs.every((format) => format === 'pdf'));
    const page = await client.uploads.list({
      filter: { fields: { filename: { matches: { pattern: 'PHOTO-0001', case_sensitive: false } } } },
      page: { limit: 5 },
    });
    assert.equal(page.totalCount, allUploads().filter((u) => /photo-0001/i.test(String(u.attributes['filename']))).length);
    assert.equal(page.data.length, 5);
    const refused = await rejectionOf(client.uploads.list({ filter: { fields: { kind: { eq: 'x' } } as never } }));
    assert.ok(refused instanceof ApiError && refused.code === 'INVALID_FILTER_FIELDS_PARAM');
  });

  test('references name the records using an upload', async () => {
    const id = usedUploadId();
    const records = await client.uploads.references(id, { version: 'published-or-current' });
    assert.ok(records.length > 0 && records.every((r) => r.type === 'item'));
  });
});

describe('writing uploads', () => {
  test('update: metadata patch, rename, collection; the answer is the upload asked for', async () => {
    const media = client.media;
    const upload = await media.uploads.createFromFile(
      { bytes: Buffer.from('a'), filename: 'a.txt' },
      { metadata: { default_field_metadata: { alt: { en: 'A' } } } },
    );
    const collection = await media.collections.create({ data: { type: 'upload_collection', attributes: { label: 'Texts' } } });
    const jobs: string[] = [];
    const updated = await media.uploads.update(
      upload.id,
      {
        data: {
          type: 'upload',
          id: upload.id,
          attributes: { basename: 'letter-a', default_field_metadata: { alt: { it: 'A (it)' } } },
          relationships: { upload_collection: { data: { type: 'upload_collection', id: collection.id } } },
        },
      },
      { onJob: (id) => jobs.push(id) },
    );
    assert.equal(jobs.length, 1, 'an update is a job');
    assert.deepEqual((updated.attributes['default_field_metadata'] as { alt: unknown }).alt, { en: 'A', it: 'A (it)' });
    assert.equal(updated.attributes['filename'], 'letter-a.txt');
    assert.equal(
      updated.relationships['upload_collection']?.data && (updated.relationships['upload_collection'].data as { id: string }).id,
      collection.id,
    );
    assert.throws(() => media.uploads.update(upload.id, { data: { type: 'upload', id: 'other' } }), TypeError);
  });

  test('create from a path whose file was PUT by hand; an unknown path fails the job', async () => {
    const media = client.media;
    const permission = await media.uploadRequests.create('hand.txt');
    assert.deepEqual(permission.requestHeaders, { 'x-amz-acl': 'public-read' });
    const put = await fetch(permission.url, { method: 'PUT', headers: permission.requestHeaders, body: 'by hand' });
    assert.equal(put.status, 200);
    const created = await media.uploads.create(permission.path, { notes: 'manual' });
    assert.deepEqual([created.attributes['path'], created.attributes['notes'], created.attributes['size']], [permission.path, 'manual', 7]);
    const failed = await rejectionOf(media.uploads.create('/84213/1-nothing.txt'));
    assert.ok(failed instanceof ApiError && failed.findError('INVALID_FIELD', { field: 'path' }));
  });

  test('destroy: an unused upload goes; one in use is an UploadInUseError naming its records, and stays', async () => {
    const media = client.media;
    const upload = await media.uploads.createFromFile({ bytes: Buffer.from('b'), filename: 'b.txt' });
    assert.equal((await media.uploads.destroy(upload.id)).id, upload.id);
    assert.equal(emulator.store.environment().uploads.has(upload.id), false);
    const id = usedUploadId();
    const error = await rejectionOf(media.uploads.destroy(id));
    assert.ok(error instanceof UploadInUseError && error instanceof ApiError);
    assert.equal(error.code, 'UPLOAD_IS_CURRENTLY_IN_USE');
    assert.ok(error.references && error.references.length > 0);
    assert.match(
      error.message,
      /DELETE \/uploads\/.* 422 UPLOAD_IS_CURRENTLY_IN_USE.* record.* use this file .*: remove it from them first|uses this file/,
    );
    assert.equal(emulator.store.environment().uploads.has(id), true);
  });

  test('bulk operations go in chunks of 200 and add up what each job reports', async () => {
    const media = client.media;
    const photos = allUploads()
      .filter((u) => String(u.attributes['basename']).startsWith('photo-'))
      .map((u) => u.id);
    assert.ok(photos.length > MAX_BULK_UPLOADS);
    const tagged = await media.uploads.bulkTag(photos, ['archive']);
    assert.deepEqual([tagged.successful, tagged.failed], [photos.length, 0]);
    assert.equal(hits(emulator, 'POST', '/uploads/bulk/tag'), Math.ceil(photos.length / MAX_BULK_UPLOADS));
    assert.ok(photos.every((id) => (emulator.store.environment().uploads.get(id)!.attributes['tags'] as string[]).includes('archive')));
    const collection = await media.collections.create({ data: { type: 'upload_collection', attributes: { label: 'Archive' } } });
    assert.equal((await media.uploads.bulkSetCollection(photos.slice(0, 3), collection.id)).successful, 3);
    assert.equal((await media.uploads.bulkSetCollection(photos.slice(0, 1), null)).successful, 1);
    const gone = await media.uploads.bulkDestroy([photos.at(-1)!, usedUploadId()]);
    assert.deepEqual([gone.successful, gone.failed], [1, 1]);
    await assert.rejects(media.uploads.bulkTag([], ['x']), RangeError);
  });
});

describe('collections, tags, smart tags, saved filters', () => {
  test('collections: create nested, list by ids, update, reorder, destroy', async () => {
    const { collections } = client.media;
    const parent = await collections.create({ data: { type: 'upload_collection', attributes: { label: 'Events' } } });
    const child = await collections.create({
      data: {
        type: 'upload_collection',
        attributes: { label: '2024' },
        relationships: { parent: { data: { type: 'upload_collection', id: parent.id } } },
      },
    });
    assert.deepEqual((await collections.find(parent.id)).relationships['children']?.data, [{ type: 'upload_collection', id: child.id }]);
    assert.deepEqual((await collections.list({ ids: [parent.id, child.id] })).map((c) => c.id).sort(), [parent.id, child.id].sort());
    const renamed = await collections.update(child.id, {
      data: { type: 'upload_collection', id: child.id, attributes: { label: 'Year 2024' } },
    });
    assert.equal(renamed.attributes['label'], 'Year 2024');
    const moved = await collections.reorder([{ id: child.id, position: 3, parentId: null }]);
    assert.deepEqual([moved[0]!.attributes['position'], moved[0]!.relationships['parent']?.data], [3, null]);
    assert.equal((await collections.destroy(parent.id)).id, parent.id);
    await assert.rejects(collections.find(parent.id), (e) => e instanceof ApiError && e.status === 404);
  });

  test('tags: create, one page, every page; smart tags; saved filters', async () => {
    const { tags, smartTags, filters } = client.media;
    assert.equal((await tags.create('spring')).id, 'spring');
    const page = await tags.list({ query: 'spr', page: { limit: 10 } });
    assert.deepEqual(
      page.data.map((t) => t.id),
      ['spring'],
    );
    const every: string[] = [];
    for await (const tag of tags.listAll({}, { pageSize: 1 })) every.push(tag.id);
    assert.ok(every.includes('spring') && every.includes('bistro'));
    const smart: string[] = [];
    for await (const tag of smartTags.listAll()) smart.push(tag.id);
    assert.ok(smart.includes('food'));
    const saved = await filters.create({
      data: { type: 'upload_filter', attributes: { name: 'Unused', filter: { in_use: { eq: false } }, shared: false } },
    });
    assert.deepEqual(
      (await filters.list()).map((f) => f.id),
      [saved.id],
    );
    assert.equal(
      (await filters.update(saved.id, { data: { type: 'upload_filter', id: saved.id, attributes: { name: 'Free', filter: {} } } }))
        .attributes['name'],
      'Free',
    );
    assert.equal((await filters.find(saved.id)).attributes['name'], 'Free');
    assert.equal((await filters.destroy(saved.id)).id, saved.id);
    await assert.rejects(tags.list({ page: { limit: 501 } }), RangeError);
  });
});
