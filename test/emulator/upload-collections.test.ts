// Upload collections (nested), tags, smart tags, saved filters and the bulk operations.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, codes, details } from './http.js';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { jobResult, uploadFile } from './upload-helpers.js';

/** an id of the API's form that names nothing */
const UNKNOWN = 'Qa4dEfGhQjKlMnOpQrStUw';
let emu: Emulator;
useEmulator({ records: 30, jobDurationMs: 5 }, (started) => (emu = started.emulator));

const collectionBody = (attributes: Record<string, unknown>, parent?: string | null, id?: string) => ({
  data: {
    type: 'upload_collection',
    ...(id ? { id } : {}),
    attributes,
    ...(parent !== undefined
      ? { relationships: { parent: { data: parent === null ? null : { type: 'upload_collection', id: parent } } } }
      : {}),
  },
});
const create = (attributes: Record<string, unknown>, parent?: string | null) =>
  call(emu, '/upload-collections', { method: 'POST', body: collectionBody(attributes, parent) });
const uploadsData = (ids: string[]) => ({ uploads: { data: ids.map((id) => ({ type: 'upload', id })) } });

describe('upload collections', () => {
  test('the seed: Photography with Dishes inside, and Documents; children are derived from parents', async () => {
    const list = (await call(emu, '/upload-collections')).json.data;
    const byLabel = Object.fromEntries(list.map((c: any) => [c.attributes.label, c]));
    assert.deepEqual(Object.keys(byLabel).sort(), ['Dishes', 'Documents', 'Photography']);
    assert.deepEqual(byLabel.Photography.relationships.children.data, [{ type: 'upload_collection', id: byLabel.Dishes.id }]);
    assert.deepEqual(byLabel.Dishes.relationships.parent.data, { type: 'upload_collection', id: byLabel.Photography.id });
    const filtered = (await call(emu, `/upload-collections?filter[ids]=${byLabel.Dishes.id},${byLabel.Documents.id}`)).json.data;
    assert.equal(filtered.length, 2);
    assert.deepEqual(codes(await call(emu, '/upload-collections?page[limit]=5')), ['INVALID_PARAMS']);
  });

  test('create (at once, last among its siblings unless told), nest, find, update, delete', async () => {
    const menus = (await create({ label: 'Menus' })).json.data;
    assert.equal(menus.attributes.label, 'Menus');
    assert.equal(menus.relationships.parent.data, null);
    const winter = (await create({ label: 'Winter', position: 4 }, menus.id)).json.data;
    assert.deepEqual([winter.attributes.position, winter.relationships.parent.data.id], [4, menus.id]);
    const summer = (await create({ label: 'Summer' }, menus.id)).json.data;
    assert.equal(summer.attributes.position, 5);
    assert.deepEqual(
      (await call(emu, `/upload-collections/${menus.id}`)).json.data.relationships.children.data.map((c: any) => c.id),
      [winter.id, summer.id],
    );
    const renamed = await call(emu, `/upload-collections/${winter.id}`, {
      method: 'PUT',
      body: {
        data: {
          type: 'upload_collection',
          id: winter.id,
          attributes: { label: 'Winter menus', position: 1 },
          relationships: { parent: { data: null }, children: { data: [] } },
        },
      },
    });
    assert.deepEqual(
      [renamed.status, renamed.json.data.attributes.label, renamed.json.data.relationships.parent.data],
      [200, 'Winter menus', null],
    );
    const id = 'Cx4dEfGhQjKlMnOpQrStUw';
    assert.equal(
      (await call(emu, '/upload-collections', { method: 'POST', body: collectionBody({ label: 'Mine' }, null, id) })).json.data.id,
      id,
    );
  });

  test('a collection cannot go inside itself or its own children; labels and parents are checked', async () => {
    const top = (await create({ label: 'Top' })).json.data;
    const middle = (await create({ label: 'Middle' }, top.id)).json.data;
    const putParent = (id: string, parent: string) =>
      call(emu, `/upload-collections/${id}`, {
        method: 'PUT',
        body: { data: { type: 'upload_collection', id, relationships: { parent: { data: { type: 'upload_collection', id: parent } } } } },
      });
    assert.equal(details(await putParent(top.id, middle.id))[0]!.field, 'parent');
    assert.equal(details(await putParent(top.id, top.id))[0]!.field, 'parent');
    const children = (id: string, ids: string[]) =>
      call(emu, `/upload-collections/${id}`, {
        method: 'PUT',
        body: {
          data: {
            type: 'upload_collection',
            id,
            relationships: { children: { data: ids.map((c) => ({ type: 'upload_collection', id: c })) } },
          },
        },
      });
    assert.equal(details(await children(middle.id, [top.id]))[0]!.field, 'children');
    assert.deepEqual(details(await create({}))[0], { field: 'label', code: 'VALIDATION_REQUIRED', record_type: 'UploadCollection' });
    assert.equal(details(await create({ label: '  ' }))[0]!.field, 'label');
    assert.equal(details(await create({ label: 'x', position: 1.5 }))[0]!.field, 'position');
    assert.deepEqual(codes(await create({ label: 'x', colour: 'red' })), ['INVALID_ATTRIBUTES']);
    assert.equal(details(await create({ label: 'x' }, UNKNOWN))[0]!.field, 'parent');
    assert.equal((await call(emu, '/upload-collections/Ab3dEfGhIjKlMnOpQrStUw')).status, 404);
  });

  test('deleting a collection answers it; its uploads leave it and its children move up', async () => {
    const outer = (await create({ label: 'Outer' })).json.data;
    const inner = (await create({ label: 'Inner' }, outer.id)).json.data;
    const deepest = (await create({ label: 'Deepest' }, inner.id)).json.data;
    const upload = await uploadFile(
      emu,
      'a.txt',
      Buffer.from('a'),
      {},
      { upload_collection: { data: { type: 'upload_collection', id: inner.id } } },
    );
    assert.equal(upload.relationships.upload_collection.data.id, inner.id);
    const deleted = await call(emu, `/upload-collections/${inner.id}`, { method: 'DELETE' });
    assert.deepEqual([deleted.status, deleted.json.data.attributes.label], [200, 'Inner']);
    assert.equal((await call(emu, `/upload-collections/${deepest.id}`)).json.data.relationships.parent.data.id, outer.id);
    assert.equal((await call(emu, `/uploads/${upload.id}`)).json.data.relationships.upload_collection.data, null);
  });

  test('reorder (a job) sets positions and parents of several collections at once', async () => {
    const a = (await create({ label: 'A' })).json.data;
    const b = (await create({ label: 'B' })).json.data;
    const entry = (id: string, position: number, parent: string | null) => ({
      type: 'upload_collection',
      id,
      attributes: { position },
      relationships: { parent: { data: parent && { type: 'upload_collection', id: parent } } },
    });
    const result = await jobResult(emu, '/upload-collections/reorder', {
      method: 'POST',
      body: { data: [entry(a.id, 7, null), entry(b.id, 1, a.id)] },
    });
    assert.equal(result.status, 200);
    assert.deepEqual(
      result.payload.data.map((c: any) => [c.id, c.attributes.position]),
      [
        [a.id, 7],
        [b.id, 1],
      ],
    );
    assert.equal((await call(emu, `/upload-collections/${b.id}`)).json.data.relationships.parent.data.id, a.id);
    const refused = await call(emu, '/upload-collections/reorder', {
      method: 'POST',
      body: { data: [{ type: 'upload_collection', id: a.id, attributes: {} }] },
    });
    assert.deepEqual(
      details(refused).map((d) => d.field),
      ['position', 'parent'],
    );
  });
});

describe('tags and smart tags', () => {
  test('a tag is created by name (its id), listed by query, 50 per page; duplicates and ids are refused', async () => {
    const created = await call(emu, '/upload-tags', {
      method: 'POST',
      body: { data: { type: 'upload_tag', attributes: { name: 'seasonal' } } },
    });
    assert.deepEqual(created.json.data, { type: 'upload_tag', id: 'seasonal', attributes: { name: 'seasonal' } });
    const found = (await call(emu, '/upload-tags?filter[query]=seas')).json;
    assert.deepEqual([found.data.map((t: any) => t.id), found.meta.total_count], [['seasonal'], 1]);
    const listed = (await call(emu, '/upload-tags')).json.data.map((t: any) => t.id);
    assert.ok(listed.includes('bistro') && listed.includes('menu'), 'tags in use are tags');
    assert.deepEqual(
      details(
        await call(emu, '/upload-tags', { method: 'POST', body: { data: { type: 'upload_tag', attributes: { name: 'seasonal' } } } }),
      )[0]!.code,
      'VALIDATION_UNIQUENESS',
    );
    assert.deepEqual(
      codes(
        await call(emu, '/upload-tags', { method: 'POST', body: { data: { type: 'upload_tag', id: 'x', attributes: { name: 'x' } } } }),
      ),
      ['INVALID_FORMAT'],
    );
    assert.deepEqual(codes(await call(emu, '/upload-tags?page[limit]=501')), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, '/upload-tags?filter[name]=x')), ['INVALID_PARAMS']);
  });

  test('smart tags are the ones DatoCMS found on the uploads; they cannot be created', async () => {
    const smart = (await call(emu, '/upload-smart-tags?page[limit]=500')).json;
    const onUploads = new Set([...emu.store.environment().uploads.values()].flatMap((u) => u.attributes.smart_tags as string[]));
    assert.deepEqual(smart.data.map((t: any) => t.id).sort(), [...onUploads].sort());
    assert.equal(smart.data[0].type, 'upload_smart_tag');
    assert.equal((await call(emu, '/upload-smart-tags?filter[query]=foo')).json.data[0].attributes.name, 'food');
    assert.deepEqual(
      codes(
        await call(emu, '/upload-smart-tags', { method: 'POST', body: { data: { type: 'upload_smart_tag', attributes: { name: 'x' } } } }),
      ),
      ['INVALID_ENDPOINT'],
    );
  });
});

describe('bulk operations', () => {
  test('tag adds tags; set-upload-collection moves; destroy deletes the unused and counts the rest as failed', async () => {
    const mine = [await uploadFile(emu, 'b1.txt', Buffer.from('1')), await uploadFile(emu, 'b2.txt', Buffer.from('2'))];
    const ids = mine.map((u) => u.id);
    const tagged = await jobResult(emu, '/uploads/bulk/tag', {
      method: 'POST',
      body: {
        data: { type: 'upload_bulk_tag_operation', attributes: { tags: ['archive'] }, relationships: uploadsData([...ids, UNKNOWN]) },
      },
    });
    assert.deepEqual(tagged.payload, { data: [], meta: { successful: 2, failed: 1 } });
    assert.deepEqual((await call(emu, `/uploads/${ids[0]}`)).json.data.attributes.tags, ['archive']);
    const collection = (await create({ label: 'Bulk' })).json.data;
    const moved = await jobResult(emu, '/uploads/bulk/set-upload-collection', {
      method: 'POST',
      body: {
        data: {
          type: 'upload_bulk_set_upload_collection_operation',
          relationships: { upload_collection: { data: { type: 'upload_collection', id: collection.id } }, ...uploadsData(ids) },
        },
      },
    });
    assert.deepEqual(moved.payload.meta, { successful: 2, failed: 0 });
    assert.equal((await call(emu, `/uploads/${ids[1]}`)).json.data.relationships.upload_collection.data.id, collection.id);
    const used = [...emu.store.environment().items.values()]
      .map((i) => (i.attributes.cover as { upload_id?: string } | null)?.upload_id)
      .find(Boolean)!;
    const destroyed = await jobResult(emu, '/uploads/bulk/destroy', {
      method: 'POST',
      body: { data: { type: 'upload_bulk_destroy_operation', relationships: uploadsData([...ids, used]) } },
    });
    assert.deepEqual(destroyed.payload.meta, { successful: 2, failed: 1 });
    assert.equal((await call(emu, `/uploads/${ids[0]}`)).status, 404);
    assert.equal((await call(emu, `/uploads/${used}`)).status, 200, 'an upload in use stays');
  });

  test('bodies are checked at once: type, members, tags, collection, no uploads, too many', async () => {
    const post = (path: string, data: unknown) => call(emu, `/uploads/bulk/${path}`, { method: 'POST', body: { data } });
    const one = uploadsData([UNKNOWN]);
    assert.deepEqual(codes(await post('tag', { type: 'upload_bulk_destroy_operation', attributes: { tags: ['x'] }, relationships: one })), [
      'INVALID_TYPE',
    ]);
    assert.equal(details(await post('tag', { type: 'upload_bulk_tag_operation', relationships: one }))[0]!.field, 'tags');
    assert.equal(
      details(await post('tag', { type: 'upload_bulk_tag_operation', attributes: { tags: [] }, relationships: one }))[0]!.field,
      'tags',
    );
    assert.deepEqual(
      codes(await post('tag', { type: 'upload_bulk_tag_operation', attributes: { tags: ['x'] }, relationships: uploadsData([]) })),
      ['MISSING_UPLOAD_IDS'],
    );
    const many = uploadsData(Array.from({ length: 201 }, () => UNKNOWN));
    assert.deepEqual(codes(await post('destroy', { type: 'upload_bulk_destroy_operation', relationships: many })), ['TOO_MANY_OPERATIONS']);
    assert.deepEqual(
      codes(await post('destroy', { type: 'upload_bulk_destroy_operation', attributes: { tags: ['x'] }, relationships: one })),
      ['INVALID_ATTRIBUTES'],
    );
    assert.deepEqual(
      codes(
        await post('destroy', {
          type: 'upload_bulk_destroy_operation',
          relationships: { uploads: { data: [{ type: 'item', id: UNKNOWN }] } },
        }),
      ),
      ['INVALID_FORMAT'],
    );
    assert.equal(
      details(await post('set-upload-collection', { type: 'upload_bulk_set_upload_collection_operation', relationships: one }))[0]!.field,
      'upload_collection',
    );
    assert.deepEqual(codes(await post('publish', { type: 'upload_bulk_publish_operation', relationships: one })), ['INVALID_ENDPOINT']);
  });
});

describe('saved upload filters', () => {
  test('create (name, filter, shared required), list, find, update, delete; unknown filters refused', async () => {
    const post = (attributes: unknown) =>
      call(emu, '/upload-filters', { method: 'POST', body: { data: { type: 'upload_filter', attributes } } });
    const created = (await post({ name: 'Unused', filter: { in_use: { eq: false } }, shared: true })).json.data;
    assert.deepEqual(created.attributes, { name: 'Unused', filter: { in_use: { eq: false } }, shared: true });
    assert.deepEqual(
      (await call(emu, '/upload-filters')).json.data.map((f: any) => f.id),
      [created.id],
    );
    assert.equal(details(await post({ name: 'x', filter: {} }))[0]!.field, 'shared');
    assert.equal(details(await post({ name: 'x', filter: { usage: { eq: 1 } }, shared: false }))[0]!.field, 'filter');
    const updated = await call(emu, `/upload-filters/${created.id}`, {
      method: 'PUT',
      body: { data: { type: 'upload_filter', id: created.id, attributes: { name: 'Not used', filter: { type: { eq: 'image' } } } } },
    });
    assert.deepEqual([updated.json.data.attributes.name, updated.json.data.attributes.shared], ['Not used', true]);
    assert.equal((await call(emu, `/upload-filters/${created.id}`, { method: 'DELETE' })).json.data.id, created.id);
    assert.equal((await call(emu, `/upload-filters/${created.id}`)).status, 404);
  });
});
