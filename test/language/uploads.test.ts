import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import { DatoJsonLanguageServices } from '../../src/language/jsonLanguage';
import { allReferences } from '../../src/language/references';
import {
  describeUpload,
  humanSize,
  previewAddress,
  uploadFacts,
  UploadNames,
  uploadMarkdown,
  type UploadFacts,
} from '../../src/language/uploads';
import { renderDocument } from '../../src/schema';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { ARTICLE, articleRecord, context } from '../schema/fixtures';

let emulator: Emulator;
let client: CmaClient;

useEmulator(
  { records: 12, latencyMs: 0, client: { environment: 'main' }, reset: ['requests'] },
  (started) => ({ emulator, client } = started),
);

const uploadRequests = () => emulator.requests.filter((r) => r.path.startsWith('/uploads'));
const MISSING = 'NoSuchUpload0000000001';
describe('the upload cache', () => {
  test('completion searches uploads by file name and remembers what it found', async () => {
    const all = await client.uploads.list({ page: { limit: 50 } });
    const target = all.data.find((u) => typeof u.attributes['filename'] === 'string')!;
    const word = String(target.attributes['filename'])
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w.length > 2)[0]!;
    emulator.clearRequests();
    const uploads = new UploadNames(client.uploads);
    const found = await uploads.search(word);
    assert.ok(
      found.some((u) => u.id === target.id),
      `${word} finds ${String(target.attributes['filename'])}`,
    );
    assert.equal((uploadRequests()[0]!.query['filter'] as { query?: string }).query, word);
    emulator.clearRequests();
    await uploads.resolve([target.id]);
    assert.equal(uploadRequests().length, 0, 'a found upload is named without another request');
  });

  test('ids asked in the same moment cost one request; asked again (found or not), none', async () => {
    const page = await client.uploads.list({ page: { limit: 4 } });
    const ids = page.data.map((u) => u.id);
    emulator.clearRequests();
    const uploads = new UploadNames(client.uploads);
    const answers = await Promise.all([
      uploads.resolve([ids[0]!]),
      uploads.resolve([ids[1]!, ids[2]!, MISSING]),
      uploads.resolve([ids[3]!, ids[0]!]),
    ]);
    assert.equal(uploadRequests().length, 1, 'one listing for every id');
    assert.deepEqual(
      String((uploadRequests()[0]!.query['filter'] as { ids?: string }).ids)
        .split(',')
        .sort(),
      [...ids, MISSING].sort(),
    );
    assert.equal(answers[0].get(ids[0]!)?.filename, page.data[0]!.attributes['filename']);
    assert.equal(answers[1].has(MISSING), false);

    emulator.clearRequests();
    const again = await uploads.resolve([...ids, MISSING]);
    assert.equal(uploadRequests().length, 0);
    assert.equal(again.size, 4);
    uploads.forget();
    await uploads.resolve([ids[0]!]);
    assert.equal(uploadRequests().length, 1, 'forgotten uploads are asked again');
  });

  test('a hover on one upload looks up every upload of the document in the same request', async () => {
    const ids = (await client.uploads.list({ page: { limit: 3 } })).data.map((u) => u.id);
    emulator.clearRequests();
    const ctx = context();
    const record = articleRecord();
    record.attributes['cover'] = { upload_id: ids[0], alt: 'A', title: null, custom_data: {}, focal_point: null };
    record.attributes['seo'] = {
      en: { title: 'T', description: 'D', image: ids[1], twitter_card: 'summary', no_index: false },
      it: { title: 'T', description: 'D', image: ids[2], twitter_card: null, no_index: false },
    };
    const json = new DatoJsonLanguageServices().parseText(renderDocument('record', record, ctx));
    const refContext = { kind: 'record' as const, ctx, modelId: ARTICLE };
    const found = allReferences(json, refContext).filter((r) => r.kind === 'upload');
    assert.deepEqual(found.map((r) => r.id).sort(), [...ids].sort());
    const uploads = new UploadNames(client.uploads);
    const cover = found.find((r) => r.id === ids[0])!;
    assert.equal((await describeUpload(uploads, json, cover, refContext))?.id, ids[0]);
    assert.equal(uploadRequests().length, 1);
    for (const reference of found) await describeUpload(uploads, json, reference, refContext);
    assert.equal(uploadRequests().length, 1, 'the other uploads of the document were named by the first request');
  });
});

describe('upload hovers', () => {
  const image: UploadFacts = {
    id: 'U1',
    filename: 'harbour-at-dawn.jpg',
    size: 1_234_567,
    width: 1920,
    height: 1280,
    isImage: true,
    mimeType: 'image/jpeg',
    url: 'https://www.datocms-assets.com/84213/harbour-at-dawn.jpg',
  };

  test('sizes read like the media area shows them', () => {
    assert.deepEqual([0, 999, 1000, 734_003, 1_234_567, 48_234_496, 999_999, 3_200_000_000].map(humanSize), [
      '0 B',
      '999 B',
      '1 KB',
      '734 KB',
      '1.2 MB',
      '48.2 MB',
      '1 MB',
      '3.2 GB',
    ]);
  });

  test('an image: name, size, dimensions, type and a small preview from the image CDN', () => {
    const text = uploadMarkdown(image);
    assert.match(text, /^\*\*harbour-at-dawn\.jpg\*\* · 1\.2 MB · 1920 × 1280 · image\/jpeg/);
    assert.match(text, /!\[harbour-at-dawn\.jpg\]\(https:\/\/www\.datocms-assets\.com\/84213\/harbour-at-dawn\.jpg\?w=320&h=240&fit=max\)/);
    assert.match(text, /upload `U1`$/);
  });

  test('a file name shows as itself: dashes and dots unescaped, Markdown in it inert, no escapes in the image text', () => {
    const text = uploadMarkdown({ ...image, filename: 'focaccia-tray.png' });
    assert.ok(text.startsWith('**focaccia-tray.png**'), text);
    assert.ok(text.includes('![focaccia-tray.png]('), text);
    const tricky = uploadMarkdown({ ...image, filename: '*bold* [x](y) <b>.png' });
    assert.ok(tricky.startsWith('**\\*bold\\* \\[x\\](y) \\<b\\>.png**'), tricky);
    assert.ok(tricky.includes('![*bold* x(y) <b>.png]('), 'the alt text holds no brackets and no escapes');
  });

  test('a file that is not an image has no preview and no dimensions', () => {
    const pdf = {
      ...image,
      filename: 'autumn-menu.pdf',
      isImage: false,
      width: null,
      height: null,
      mimeType: 'application/pdf',
      url: 'https://www.datocms-assets.com/84213/autumn-menu.pdf',
    };
    const text = uploadMarkdown(pdf);
    assert.doesNotMatch(text, /!\[/);
    assert.match(text, /^\*\*autumn-menu\.pdf\*\* · 1\.2 MB · application\/pdf/);
  });

  test('previews load only over https, or plain http on this machine', () => {
    assert.equal(previewAddress('http://127.0.0.1:3030/u/a.png'), 'http://127.0.0.1:3030/u/a.png');
    assert.equal(previewAddress('http://localhost/a.png'), 'http://localhost/a.png');
    assert.equal(previewAddress('http://example.com/a.png'), undefined);
    assert.equal(previewAddress('file:///etc/passwd'), undefined);
    assert.equal(previewAddress('javascript:alert(1)'), undefined);
    assert.equal(previewAddress('not a url'), undefined);
    assert.equal(previewAddress('https://cdn.example.com/a (1).png'), 'https://cdn.example.com/a%20%281%29.png');
    assert.equal(uploadMarkdown({ ...image, url: 'http://example.com/a.jpg' }).includes('!['), false);
  });

  test('facts read from an upload as the API returns it', async () => {
    const [upload] = (await client.uploads.list({ page: { limit: 1 } })).data;
    const facts = uploadFacts(upload!);
    assert.deepEqual(
      [facts.filename, facts.size, facts.isImage],
      [upload!.attributes['filename'], upload!.attributes['size'], upload!.attributes['is_image']],
    );
    assert.equal(uploadFacts({ ...upload!, attributes: {} }).filename, upload!.id);
  });
});
