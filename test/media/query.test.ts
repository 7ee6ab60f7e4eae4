// The Media node's query: every filter the user can set is one DatoCMS accepts (the emulator refuses any other, as
// the API does) and selects what it says; the row describes it in words; sizes are read as people write them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CmaClient, closeAllDispatchers, type Resource } from '../../src/cma';
import { uploadQueryFor } from '../../src/listing/mediaQuery';
import { describeMediaQuery, parseSize } from '../../src/media/query';
import { formatMessage } from '../../src/platform/translate';
import type { MediaQuery } from '../../src/listing/mediaQuery';
import { startEmulator, type Emulator } from '../emulator/index';

let emulator: Emulator;
let client: CmaClient;

before(async () => {
  emulator = await startEmulator({ records: 12, uploads: 40 });
  client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } });
});
after(async () => {
  await emulator.close();
  await closeAllDispatchers();
});

async function matching(query: MediaQuery): Promise<Resource<'upload'>[]> {
  const found: Resource<'upload'>[] = [];
  for await (const upload of client.uploads.listAll(uploadQueryFor(query))) found.push(upload);
  return found;
}
const all = () => [...emulator.store.environment('main').uploads.values()];

describe('the Media query', () => {
  test('each filter is accepted by DatoCMS and selects what it says', async () => {
    const pdfs = await matching({ type: 'pdfdocument' });
    assert.ok(pdfs.length > 0 && pdfs.every((u) => u.attributes['format'] === 'pdf'));
    const webp = await matching({ format: '.WEBP' });
    assert.ok(webp.length > 0 && webp.every((u) => u.attributes['format'] === 'webp'));
    const big = await matching({ minSize: 2_000_000, maxSize: 3_000_000 });
    assert.ok(big.length > 0 && big.every((u) => Number(u.attributes['size']) >= 2_000_000 && Number(u.attributes['size']) <= 3_000_000));
    const menus = await matching({ tags: ['menu'] });
    assert.deepEqual(
      menus.map((u) => u.attributes['filename']),
      ['autumn-menu.pdf'],
    );
    const unused = await matching({ inUse: false });
    const used = await matching({ inUse: true });
    assert.equal(unused.length + used.length, all().length);
    assert.ok(unused.some((u) => u.attributes['filename'] === 'kitchen-tour.mp4'));
    const noTitle = await matching({ missingTitle: true });
    assert.equal(noTitle.length, all().length, 'no seeded upload has a default title');
    const image = all().find((u) => u.attributes['is_image'] === true)!;
    (image.attributes['default_field_metadata'] as { alt: Record<string, string | null> }).alt['it'] = null;
    assert.deepEqual(
      (await matching({ missingAlt: true, locale: 'it' })).map((u) => u.id),
      [image.id],
    );
    assert.deepEqual(await matching({ missingAlt: true }), [], 'every image has alt text in the main locale');
    const searched = await matching({ search: 'harbour' });
    assert.ok(searched.length > 0 && searched.every((u) => String(u.attributes['filename']).includes('harbour')));
    const bySize = await matching({ order: 'size_ASC', type: 'image' });
    const sizes = bySize.map((u) => Number(u.attributes['size']));
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => a - b),
    );
  });

  test('the row says the query in words', () => {
    const numbers = new Intl.NumberFormat('en');
    assert.equal(
      describeMediaQuery(
        formatMessage,
        {
          search: 'harbour',
          type: 'image',
          format: 'jpg',
          minSize: 1_500_000,
          tags: ['bistro', 'menu'],
          missingAlt: true,
          inUse: false,
          order: 'size_DESC',
          locale: 'it',
        },
        numbers,
      ),
      '“harbour” · images · .jpg · ≥ 1.5 MB · tags bistro, menu · missing alt · unused · largest first · it',
    );
    assert.equal(describeMediaQuery(formatMessage, {}, numbers), '');
  });

  test('sizes are read as people write them; anything else is refused', () => {
    assert.equal(parseSize('500 KB'), 500_000);
    assert.equal(parseSize('1,5 mb'), 1_500_000);
    assert.equal(parseSize('2GB'), 2_000_000_000);
    assert.equal(parseSize('123'), 123);
    assert.equal(parseSize(' '), null);
    assert.equal(parseSize('big'), undefined);
    assert.equal(parseSize('-1 MB'), undefined);
  });
});
