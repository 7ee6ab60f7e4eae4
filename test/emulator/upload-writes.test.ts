// Creating, updating, replacing and deleting uploads, their references, and uploads as environment data.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { call, codes, details } from './http.js';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { inEnv, jobResult, jpeg, png, put, requestUpload, uploadFile } from './upload-helpers.js';

/** an id of the API's form that names nothing */
const UNKNOWN = 'Qa4dEfGhQjKlMnOpQrStUw';
let emu: Emulator;
useEmulator({ records: 30, jobDurationMs: 5 }, (started) => (emu = started.emulator));

const text = Buffer.from('Opening hours: 12–15, 19–23.\n');
const update = (id: string, attributes: Record<string, unknown>, extra: Record<string, unknown> = {}, query = '') =>
  jobResult(emu, `/uploads/${id}${query}`, { method: 'PUT', body: { data: { type: 'upload', id, attributes, ...extra } } });
const errorOf = (result: { payload: any }) => result.payload.data[0].attributes;

/** An upload a seeded article's cover uses. */
function usedCover(): { uploadId: string; recordId: string } {
  for (const item of emu.store.environment().items.values()) {
    const cover = item.attributes.cover as { upload_id?: string } | null | undefined;
    if (cover?.upload_id && !item.parentItemId) return { uploadId: cover.upload_id, recordId: item.id };
  }
  throw new Error('no seeded cover');
}

describe('POST /uploads', () => {
  test('a job turns the uploaded file into an upload: name, size, MD5, type, image size, defaults per locale', async () => {
    const bytes = png(640, 480, 4096);
    const upload = await uploadFile(emu, 'terrace.png', bytes, {
      author: 'Giulia',
      tags: ['summer', 'summer'],
      default_field_metadata: { alt: { en: 'The terrace' } },
    });
    const a = upload.attributes;
    assert.match(a.path, /^\/84213\/\d+-terrace\.png$/);
    assert.deepEqual([a.filename, a.basename, a.format, a.mime_type, a.is_image], ['terrace.png', 'terrace', 'png', 'image/png', true]);
    assert.deepEqual([a.size, a.width, a.height], [4096, 640, 480]);
    assert.equal(a.md5, createHash('md5').update(bytes).digest('hex'));
    assert.equal(a.url, `https://www.datocms-assets.com${a.path}`);
    assert.deepEqual(a.tags, ['summer']);
    assert.deepEqual(a.default_field_metadata, {
      alt: { en: 'The terrace', it: null },
      title: { en: null, it: null },
      custom_data: { en: {}, it: {} },
      focal_point: null,
      poster_time: null,
    });
    assert.equal(upload.relationships.upload_collection.data, null);
    assert.equal(upload.meta.antivirus.status, 'clean');
    assert.equal((await call(emu, `/uploads/${upload.id}`)).json.data.attributes.md5, a.md5);
  });

  test('a JPEG has its dimensions, a text file none; a client-chosen id is kept', async () => {
    assert.deepEqual(((a) => [a.width, a.height])((await uploadFile(emu, 'dish.jpg', jpeg(1200, 800))).attributes), [1200, 800]);
    const id = 'Xk4dEfGhQjKlMnOpQrStUw';
    const granted = await requestUpload(emu, 'hours.txt');
    await put(granted.url, text, granted.headers);
    const result = await jobResult(emu, '/uploads', {
      method: 'POST',
      body: { data: { type: 'upload', id, attributes: { path: granted.path } } },
    });
    assert.equal(result.status, 200);
    assert.deepEqual(
      [result.payload.data.id, result.payload.data.attributes.width, result.payload.data.attributes.mime_type],
      [id, null, 'text/plain'],
    );
  });

  test('a path nobody PUT to, an unknown path or one already used fails the job; nothing is created', async () => {
    const before = emu.store.environment().uploads.size;
    const granted = await requestUpload(emu, 'later.txt');
    const create = (path: string) =>
      jobResult(emu, '/uploads', { method: 'POST', body: { data: { type: 'upload', attributes: { path } } } });
    const notPut = await create(granted.path);
    assert.equal(notPut.accepted.status, 202, 'the file is looked at by the job');
    assert.equal(notPut.status, 422);
    assert.deepEqual([errorOf(notPut).code, errorOf(notPut).details.field], ['INVALID_FIELD', 'path']);
    assert.equal(errorOf(await create('/84213/1-never-requested.txt')).details.field, 'path');
    await put(granted.url, text, granted.headers);
    assert.equal((await create(granted.path)).status, 200);
    assert.equal(errorOf(await create(granted.path)).details.code, 'VALIDATION_UNIQUENESS');
    assert.equal(emu.store.environment().uploads.size, before + 1);
  });

  test('the body is checked at once: shapes, locales, the per-locale legacy metadata, unknown members', async () => {
    const post = (attributes: unknown, more: Record<string, unknown> = {}) =>
      call(emu, '/uploads', { method: 'POST', body: { data: { type: 'upload', attributes, ...more } } });
    assert.deepEqual(details(await post({}))[0], { field: 'path', code: 'VALIDATION_REQUIRED', record_type: 'Upload' });
    assert.deepEqual(codes(await post({ path: '/84213/1-a.txt', basename: 'a' })), ['INVALID_ATTRIBUTES'], 'basename is for updates');
    assert.equal(details(await post({ path: '/x', tags: 'a,b' }))[0]!.field, 'tags');
    assert.equal(details(await post({ path: '/x', author: 3 }))[0]!.field, 'author');
    const dfm = async (value: unknown) => details(await post({ path: '/x', default_field_metadata: value }))[0];
    assert.equal((await dfm({ en: { alt: 'x' } }))!.code, 'VALIDATION_FORMAT', 'this project speaks the non-localized shape');
    assert.equal((await dfm({ alt: { fr: 'x' } }))!.code, 'VALIDATION_INVALID_LOCALES');
    assert.equal((await dfm({ focal_point: { x: 1.5, y: 0 } }))!.field, 'default_field_metadata');
    assert.equal((await dfm({ custom_data: { en: 'x' } }))!.field, 'default_field_metadata');
    assert.deepEqual(codes(await post({ path: '/x' }, { meta: { created_at: '2020-01-01T00:00:00Z' } })), ['INVALID_ATTRIBUTES']);
    const creator = { creator: { data: { type: 'account', id: '1' } } };
    assert.deepEqual(codes(await post({ path: '/x' }, { relationships: creator })), ['INVALID_ATTRIBUTES'], 'creator is for updates');
    assert.deepEqual(
      codes(await call(emu, '/uploads?nested=true', { method: 'POST', body: { data: { type: 'upload', attributes: { path: '/x' } } } })),
      ['INVALID_PARAMS'],
    );
  });

  test('a focal point only for an image (checked by the job)', async () => {
    const granted = await requestUpload(emu, 'hours.txt');
    await put(granted.url, text, granted.headers);
    const result = await jobResult(emu, '/uploads', {
      method: 'POST',
      body: { data: { type: 'upload', attributes: { path: granted.path, default_field_metadata: { focal_point: { x: 0.5, y: 0.5 } } } } },
    });
    assert.equal(result.status, 422);
    assert.match(errorOf(result).details.message, /focal point/);
  });
});

describe('PUT /uploads/:id', () => {
  test('metadata is a patch: alt merges per locale, tags are replaced, the rest is kept', async () => {
    const upload = await uploadFile(emu, 'oven.png', png(800, 600), {
      notes: 'wood fired',
      default_field_metadata: { alt: { en: 'Oven', it: 'Forno' } },
    });
    const result = await update(upload.id, {
      tags: ['kitchen'],
      author: 'Marco',
      default_field_metadata: { alt: { it: 'Il forno' }, focal_point: { x: 0.25, y: 0.75 } },
    });
    assert.equal(result.accepted.status, 202);
    const a = result.payload.data.attributes;
    assert.deepEqual(a.default_field_metadata.alt, { en: 'Oven', it: 'Il forno' });
    assert.deepEqual(a.default_field_metadata.focal_point, { x: 0.25, y: 0.75 });
    assert.deepEqual([a.tags, a.author, a.notes], [['kitchen'], 'Marco', 'wood fired']);
    assert.ok(a.updated_at >= upload.attributes.updated_at);
    assert.ok(
      (await call(emu, '/upload-tags?filter[query]=kitchen')).json.data.some((t: any) => t.id === 'kitchen'),
      'a tag set on an upload is a tag',
    );
  });

  test('a new basename renames the file and its URL; a bad one is refused at once', async () => {
    const upload = await uploadFile(emu, 'oven.png', png(800, 600));
    const a = (await update(upload.id, { basename: 'wood-oven' })).payload.data.attributes;
    assert.deepEqual([a.basename, a.filename], ['wood-oven', 'wood-oven.png']);
    assert.match(a.path, /^\/84213\/\d+-wood-oven\.png$/);
    assert.ok(a.url.endsWith(a.path));
    assert.equal((await update(upload.id, { basename: 'a/b' })).payload.data[0].attributes.details.field, 'basename');
  });

  test('a new path replaces the file of the same upload (same id, metadata kept); keep_url keeps the URL for the same format only', async () => {
    const upload = await uploadFile(emu, 'oven.png', png(800, 600), { default_field_metadata: { alt: { en: 'Oven' } } });
    const next = await requestUpload(emu, 'oven-2024.png');
    await put(next.url, png(1600, 1200), next.headers);
    const replaced = (await update(upload.id, { path: next.path })).payload.data;
    assert.equal(replaced.id, upload.id);
    assert.deepEqual(
      [replaced.attributes.path, replaced.attributes.width, replaced.attributes.filename],
      [next.path, 1600, 'oven-2024.png'],
    );
    assert.equal(replaced.attributes.default_field_metadata.alt.en, 'Oven');

    const same = await requestUpload(emu, 'oven-2025.png');
    await put(same.url, png(400, 300), same.headers);
    const kept = (await update(upload.id, { path: same.path }, {}, '?replace_strategy=keep_url')).payload.data.attributes;
    assert.deepEqual([kept.path, kept.url, kept.width], [next.path, replaced.attributes.url, 400]);
    const pdf = await requestUpload(emu, 'oven.pdf');
    await put(pdf.url, text, pdf.headers);
    const refused = await update(upload.id, { path: pdf.path }, {}, '?replace_strategy=keep_url');
    assert.deepEqual([refused.status, errorOf(refused).details.field], [422, 'path']);
    assert.deepEqual(codes((await update(upload.id, {}, {}, '?replace_strategy=overwrite')).accepted), ['INVALID_PARAMS']);
  });

  test('a file that records using the upload would refuse fails with UPLOAD_NOT_PASSING_FIELD_VALIDATIONS; nothing changes', async () => {
    const { uploadId, recordId } = usedCover();
    const before = (await call(emu, `/uploads/${uploadId}`)).json.data.attributes;
    const pdf = await requestUpload(emu, 'cover.pdf');
    await put(pdf.url, text, pdf.headers);
    const result = await update(uploadId, { path: pdf.path });
    assert.equal(result.status, 422);
    const error = errorOf(result);
    assert.equal(error.code, 'UPLOAD_NOT_PASSING_FIELD_VALIDATIONS');
    assert.ok(error.details.records.some((r: any) => r.item_id === recordId && r.field === 'cover' && r.validators.includes('extension')));
    assert.deepEqual((await call(emu, `/uploads/${uploadId}`)).json.data.attributes, before);
  });

  test('the body must name the upload of the URL; creator and collection are checked', async () => {
    const upload = await uploadFile(emu, 'hours.txt', text);
    const put_ = (data: unknown) => call(emu, `/uploads/${upload.id}`, { method: 'PUT', body: { data } });
    assert.deepEqual(codes(await put_({ type: 'upload', attributes: { notes: 'x' } })), ['INVALID_ENTITY_ID']);
    assert.deepEqual(codes(await put_({ type: 'item', id: upload.id, attributes: {} })), ['INVALID_TYPE']);
    assert.deepEqual(codes(await put_({ type: 'upload', id: upload.id, attributes: { size: 3 } })), ['INVALID_ATTRIBUTES']);
    const collection = { upload_collection: { data: { type: 'upload_collection', id: UNKNOWN } } };
    assert.equal(details(await put_({ type: 'upload', id: upload.id, relationships: collection }))[0]!.field, 'upload_collection');
    const creator = { creator: { data: { type: 'user', id: '1234' } } };
    const changed = await update(upload.id, {}, { relationships: creator });
    assert.deepEqual(changed.payload.data.relationships.creator.data, { type: 'user', id: '1234' });
    assert.equal((await call(emu, `/uploads/${UNKNOWN}`, { method: 'PUT', body: { data: { type: 'upload', id: UNKNOWN } } })).status, 404);
  });
});

describe('DELETE /uploads/:id and references', () => {
  test('an upload records use is refused with UPLOAD_IS_CURRENTLY_IN_USE; its references name them', async () => {
    const { uploadId, recordId } = usedCover();
    const refused = await call(emu, `/uploads/${uploadId}`, { method: 'DELETE' });
    assert.deepEqual([refused.status, codes(refused)], [422, ['UPLOAD_IS_CURRENTLY_IN_USE']]);
    assert.equal((await call(emu, `/uploads/${uploadId}`)).status, 200);
    const references = (await call(emu, `/uploads/${uploadId}/references`)).json.data;
    assert.ok(references.some((r: any) => r.id === recordId && r.type === 'item'));
    assert.deepEqual(codes(await call(emu, `/uploads/${uploadId}/references?version=latest`)), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, `/uploads/${uploadId}/references?page[limit]=5`)), ['INVALID_PARAMS']);
    const either = (await call(emu, `/uploads/${uploadId}/references?version=published-or-current&nested=true`)).json.data;
    assert.ok(either.length >= references.length);
  });

  test('uploads used inside blocks (an image block in modular content) are in use too', async () => {
    const env = emu.store.environment();
    const isBlock = (id: string) => env.itemTypes.get(id)?.attributes.modular_block === true;
    const block = [...env.items.values()].find(
      (i) => isBlock(i.itemTypeId) && (i.attributes.image as { upload_id?: string } | null)?.upload_id,
    );
    assert.ok(block, 'the seed has image blocks');
    const owner = [...env.recordsByType.values()].flat().find((r) => JSON.stringify(r.attributes).includes(`"${block.id}"`));
    assert.ok(owner);
    const uploadId = (block.attributes.image as { upload_id: string }).upload_id;
    const references = (await call(emu, `/uploads/${uploadId}/references`)).json.data.map((r: any) => r.id);
    assert.ok(references.includes(owner.id), 'the record holding the block references the upload');
    assert.ok(!references.includes(block.id), 'a block is not a record');
  });

  test('an unused upload is deleted at once and answered as it was; then 404', async () => {
    const upload = await uploadFile(emu, 'hours.txt', text);
    assert.deepEqual((await call(emu, `/uploads/${upload.id}/references`)).json.data, []);
    const deleted = await call(emu, `/uploads/${upload.id}`, { method: 'DELETE' });
    assert.deepEqual([deleted.status, deleted.json.data.id, deleted.json.data.attributes.path], [200, upload.id, upload.attributes.path]);
    assert.equal((await call(emu, `/uploads/${upload.id}`)).status, 404);
    assert.equal((await call(emu, `/uploads/${upload.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await call(emu, `/uploads/${upload.id}/references`)).status, 404);
  });
});

describe('uploads are environment data', () => {
  test('a fork copies the media area; an upload made in the fork stays there; the file storage is shared', async () => {
    const fork = await jobResult(emu, '/environments/main/fork', {
      method: 'POST',
      body: { data: { type: 'environment', id: 'media-fork' } },
    });
    assert.equal(fork.status, 200);
    const mainCount = (await call(emu, '/uploads?page[limit]=1')).json.meta.total_count;
    assert.equal((await call(emu, '/uploads?page[limit]=1', inEnv('media-fork'))).json.meta.total_count, mainCount);
    const granted = await requestUpload(emu, 'fork-only.txt', { 'X-Environment': 'media-fork' });
    await put(granted.url, text, granted.headers);
    const created = await jobResult(emu, '/uploads', {
      method: 'POST',
      body: { data: { type: 'upload', attributes: { path: granted.path } } },
      ...inEnv('media-fork'),
    });
    assert.equal(created.status, 200);
    assert.equal((await call(emu, `/uploads/${created.payload.data.id}`)).status, 404, 'not in main');
    assert.equal((await call(emu, '/uploads?page[limit]=1', inEnv('media-fork'))).json.meta.total_count, mainCount + 1);
    const collections = (await call(emu, '/upload-collections', inEnv('media-fork'))).json.data.map((c: any) => c.id);
    assert.deepEqual(
      collections,
      (await call(emu, '/upload-collections')).json.data.map((c: any) => c.id),
    );
  });
});
