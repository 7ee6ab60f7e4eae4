import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes } from './http.js';

let emu: Emulator;
useEmulator({ records: 60 }, (started) => (emu = started.emulator));

/** Every upload id the seeded records hold: file and gallery values, SEO images. */
function usedUploadIds(): Set<string> {
  const ids = new Set<string>();
  const walk = (value: unknown, key?: string): void => {
    if (Array.isArray(value)) value.forEach((v) => walk(v));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    else if (typeof value === 'string' && (key === 'upload_id' || key === 'image')) ids.add(value);
  };
  for (const item of emu.store.environment().items.values()) walk(item.attributes);
  return ids;
}

describe('uploads', () => {
  test('every upload id a seeded record uses is an upload, with a name, a size and, for an image, its dimensions', async () => {
    const used = [...usedUploadIds()];
    assert.ok(used.length > 10);
    const res = await call(emu, `/uploads?filter[ids]=${used.join(',')}&page[limit]=500`);
    assert.equal(res.status, 200);
    assert.equal(res.json.meta.total_count, used.length);
    assert.deepEqual(res.json.data.map((u: any) => u.id).sort(), [...used].sort());
    for (const upload of res.json.data) {
      assert.equal(upload.type, 'upload');
      const a = upload.attributes;
      assert.ok(a.filename && a.size > 0 && a.mime_type && a.format, upload.id);
      assert.match(a.url, /^https:\/\/www\.datocms-assets\.com\/84213\//);
      assert.equal(a.is_image, true);
      assert.ok(a.width > 0 && a.height > 0);
    }
  });

  test('the media area also holds files that are not images (no dimensions for a PDF)', async () => {
    const res = await call(emu, '/uploads?page[limit]=500');
    const pdf = res.json.data.find((u: any) => u.attributes.format === 'pdf');
    assert.ok(pdf);
    assert.deepEqual(
      [pdf.attributes.is_image, pdf.attributes.width, pdf.attributes.height, pdf.attributes.mime_type],
      [false, null, null, 'application/pdf'],
    );
  });

  test('pages: 30 by default, page[offset]/page[limit], total_count over every match, at most 500', async () => {
    const all = (await call(emu, '/uploads?page[limit]=500')).json;
    const first = (await call(emu, '/uploads')).json;
    assert.equal(first.data.length, Math.min(30, all.meta.total_count));
    const page = (await call(emu, '/uploads?page[offset]=5&page[limit]=3')).json;
    assert.deepEqual(
      page.data.map((u: any) => u.id),
      all.data.slice(5, 8).map((u: any) => u.id),
    );
    assert.equal(page.meta.total_count, all.meta.total_count);
    assert.deepEqual(codes(await call(emu, '/uploads?page[limit]=501')), ['INVALID_PARAMS']);
  });

  test('filter[query] matches the file name; order_by sorts', async () => {
    const found = (await call(emu, '/uploads?filter[query]=autumn')).json.data;
    assert.deepEqual(
      found.map((u: any) => u.attributes.filename),
      ['autumn-menu.pdf'],
    );
    const bySize = (await call(emu, '/uploads?order_by=size_DESC&page[limit]=500')).json.data.map((u: any) => u.attributes.size);
    assert.deepEqual(
      bySize,
      [...bySize].sort((a: number, b: number) => b - a),
    );
  });

  test('GET /uploads/:id; unknown id → 404; parameters the endpoints do not define → 422', async () => {
    const [id] = usedUploadIds();
    const one = await call(emu, `/uploads/${id}`);
    assert.equal(one.json.data.id, id);
    assert.equal((await call(emu, '/uploads/Ab3dEfGhIjKlMnOpQrStUw')).status, 404);
    assert.deepEqual(codes(await call(emu, `/uploads/${id}?nested=true`)), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, '/uploads?filter[type]=image')), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, '/uploads?version=current')), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, '/uploads', { method: 'DELETE' })), ['INVALID_ENDPOINT']);
  });
});

describe('GET /items/:id/references', () => {
  const authorIds = async () => (await call(emu, '/items?filter[type]=author&page[limit]=100')).json.data.map((a: any) => a.id) as string[];

  test('lists the records that link to an author (its articles, by their author link or a link in their text), each once', async () => {
    const records = [...emu.store.environment().items.values()].filter((i) => !i.parentItemId);
    let withArticles = 0;
    for (const authorId of await authorIds()) {
      const byLink = (await call(emu, `/items?filter[type]=article&filter[fields][author][eq]=${authorId}&page[limit]=500`)).json.data.map(
        (r: any) => r.id,
      );
      // no seeded block links a record, so the records naming the id in their own values are exactly the referencing ones
      const naming = records.filter((r) => JSON.stringify(r.attributes).includes(`"${authorId}"`)).map((r) => r.id);
      const res = await call(emu, `/items/${authorId}/references`);
      assert.equal(res.status, 200);
      const ids = res.json.data.map((r: any) => r.id);
      assert.deepEqual([...ids].sort(), [...naming].sort(), `author ${authorId}`);
      assert.ok(byLink.every((id: string) => ids.includes(id)));
      if (byLink.length > 0) withArticles++;
    }
    assert.ok(withArticles > 2);
  });

  test('finds links inside structured text and blocks, and in links fields', async () => {
    const env = emu.store.environment();
    const home = [...env.items.values()].find((i) => i.attributes.signature_dish !== undefined && !i.parentItemId)!;
    const dish = home.attributes.signature_dish as string;
    const referencing = (await call(emu, `/items/${dish}/references`)).json.data.map((r: any) => r.id);
    assert.ok(referencing.includes(home.id));
  });

  test('version: published only sees published versions; nested expands blocks; bad values are refused', async () => {
    const [authorId] = await authorIds();
    const current = (await call(emu, `/items/${authorId}/references?version=current`)).json.data;
    const published = (await call(emu, `/items/${authorId}/references?version=published`)).json.data;
    const either = (await call(emu, `/items/${authorId}/references?version=published-or-current`)).json.data;
    assert.ok(published.every((r: any) => r.meta.status !== 'draft'));
    assert.ok(either.length >= Math.max(current.length, published.length));
    const nested = (await call(emu, `/items/${authorId}/references?nested=true`)).json.data;
    assert.ok(
      nested.some((r: any) =>
        Object.values(r.attributes).some(
          (v: any) =>
            v &&
            typeof v === 'object' &&
            Object.values(v).some((x: any) => Array.isArray(x) && typeof x[0] === 'object' && x[0]?.type === 'item'),
        ),
      ),
    );
    assert.deepEqual(codes(await call(emu, `/items/${authorId}/references?version=latest`)), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, `/items/${authorId}/references?page[limit]=5`)), ['INVALID_PARAMS']);
    assert.equal((await call(emu, '/items/Ab3dEfGhIjKlMnOpQrStUw/references')).status, 404);
  });
});
