// Record updates are held to the rules the API applies to the whole record: locales, blocks, limits,
// validators (lengths in Unicode code points) and value shapes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startEmulator, type Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob } from './http.js';

let emu: Emulator;
useEmulator({ records: 30 }, (started) => (emu = started.emulator));

type Res = Awaited<ReturnType<typeof call>>;
const list = async (model: string, n = 1) => (await call(emu, `/items?filter[type]=${model}&page[limit]=${n}`)).json.data;
const update = (id: string, attributes: object) =>
  call(emu, `/items/${id}`, { method: 'PUT', body: { data: { type: 'item', id, attributes } } });
/** `field:CODE` of each api_error (the api_error code itself when there is no field). */
const found = (res: Res) => details(res).map((d, i) => (d.field ? `${d.field}:${d.code}` : codes(res)[i]));
const modelId = async (apiKey: string) => (await call(emu, `/item-types/${apiKey}`)).json.data.id;
const newBlock = (itemTypeId: string, attributes: object) => ({
  type: 'item',
  attributes,
  relationships: { item_type: { data: { type: 'item_type', id: itemTypeId } } },
});

describe('locales', () => {
  test('a localized value is an object keyed by project locales; null is refused', async () => {
    const [record] = await list('article');
    assert.deepEqual(found(await update(record.id, { title: null })), ['title:VALIDATION_INVALID_FORMAT']);
    assert.deepEqual(found(await update(record.id, { title: 'Plain string' })), ['title:VALIDATION_INVALID_FORMAT']);
    assert.deepEqual(found(await update(record.id, { title: { en: 'Hello there', it: 'Ciao a tutti', de: 'Hallo' } })), [
      'title:VALIDATION_INVALID_LOCALE',
    ]);
  });

  test('all localized fields of a record carry the same locales', async () => {
    const [, record] = await list('article', 2);
    const res = await update(record.id, { title: { en: record.attributes.title.en } });
    assert.deepEqual(found(res), ['title:VALIDATION_INVALID_LOCALES']);
    assert.deepEqual(details(res)[0]?.missing_locales, ['it']);
    // dropping a locale from every localized field at once is fine
    const english = (key: string) => ({ en: record.attributes[key].en });
    const dropped = await update(record.id, {
      title: english('title'),
      excerpt: english('excerpt'),
      body: english('body'),
      content: english('content'),
      seo: english('seo'),
    });
    assert.equal(dropped.status, 200, dropped.text);
    assert.deepEqual(Object.keys(dropped.json.data.attributes.seo), ['en']);
    // … and then adding it back to one field alone is not
    const added = await update(record.id, { title: { en: 'Back again', it: 'Di nuovo' } });
    assert.deepEqual(found(added).sort(), [
      'body:VALIDATION_INVALID_LOCALES',
      'content:VALIDATION_INVALID_LOCALES',
      'excerpt:VALIDATION_INVALID_LOCALES',
      'seo:VALIDATION_INVALID_LOCALES',
    ]);
  });

  test('all_locales_required: every project locale present', async () => {
    const [event] = await list('event');
    const res = await update(event.id, { name: { en: 'English only' } });
    assert.deepEqual([found(res), details(res)[0]?.missing_locales], [['name:VALIDATION_INVALID_LOCALES'], ['it']]);
    assert.equal((await update(event.id, { name: { en: 'Truffles', it: 'Tartufi' } })).status, 200);
  });
});

describe('blocks', () => {
  test("an existing block id must be one of the record's blocks, named once", async () => {
    const [a, b] = await list('article', 2);
    const foreign = b.attributes.content.en[0];
    const own = a.attributes.content.en[0];
    assert.deepEqual(found(await update(a.id, { content: { en: [own, foreign], it: a.attributes.content.it } })), [
      'content:VALIDATION_INVALID_FORMAT',
    ]);
    assert.deepEqual(found(await update(a.id, { content: { en: [own, own], it: a.attributes.content.it } })), [
      'content:VALIDATION_INVALID_FORMAT',
    ]);
    assert.deepEqual(
      found(await update(a.id, { content: { en: [{ type: 'item', id: foreign, attributes: {} }], it: a.attributes.content.it } })),
      ['content:VALIDATION_INVALID_FORMAT'],
    );
  });

  test('a block must be of a model the field allows; its model cannot change', async () => {
    const records = await list('article', 12);
    const quoteType = await modelId('quote_block');
    const ctaType = await modelId('cta_block');
    const env = emu.store.environment();
    const withQuote = records.find((r: any) => r.attributes.content.en.some((id: string) => env.items.get(id)?.itemTypeId === quoteType));
    const quote = withQuote.attributes.content.en.find((id: string) => env.items.get(id)?.itemTypeId === quoteType);
    const moved = await update(withQuote.id, {
      hero: quote,
      content: { en: withQuote.attributes.content.en.filter((id: string) => id !== quote), it: withQuote.attributes.content.it },
    });
    assert.deepEqual(found(moved), ['hero:VALIDATION_SINGLE_BLOCK_BLOCKS']);
    const retyped = await update(withQuote.id, {
      content: {
        en: withQuote.attributes.content.en.map((id: string) =>
          id === quote
            ? { type: 'item', id, attributes: {}, relationships: { item_type: { data: { type: 'item_type', id: ctaType } } } }
            : id,
        ),
        it: withQuote.attributes.content.it,
      },
    });
    assert.deepEqual(found(retyped), ['content:VALIDATION_INVALID_FORMAT']);
  });

  test('a new block is created with all its required fields; a partial update of an existing block is accepted', async () => {
    const [page] = (await list('page', 7)).filter((p: any) => p.attributes.sections.length);
    const cta = await modelId('cta_block');
    const missing = await update(page.id, { sections: [...page.attributes.sections, newBlock(cta, { style: 'link' })] });
    assert.deepEqual(found(missing).sort(), ['label:VALIDATION_REQUIRED', 'url:VALIDATION_REQUIRED']);
    const [existing] = page.attributes.sections;
    const blockType = emu.store.environment().items.get(existing)?.itemTypeId;
    const change = blockType === cta ? { label: 'Reserve' } : { caption: 'New caption' };
    const partial = await update(page.id, { sections: [{ type: 'item', id: existing, attributes: change }] });
    assert.equal(partial.status, 200, partial.text);
    const nested = (await call(emu, `/items/${page.id}?nested=true`)).json.data.attributes.sections[0];
    assert.deepEqual({ ...nested.attributes, ...change }, nested.attributes);
  });

  test('a new block in Structured Text: its required fields, a model the field allows, the shape of a block', async () => {
    const [article] = await list('article');
    const [quote, cta] = [await modelId('quote_block'), await modelId('cta_block')];
    const body = (block: object) => {
      const en = { ...article.attributes.body.en, document: { type: 'root', children: [{ type: 'block', item: block }] } };
      return { body: { ...article.attributes.body, en } };
    };
    assert.deepEqual(found(await update(article.id, body(newBlock(quote, {})))), ['quote:VALIDATION_REQUIRED']);
    assert.deepEqual(found(await update(article.id, body(newBlock(cta, { label: 'Go', url: 'https://x.example/' })))), [
      'body:VALIDATION_STRUCTURED_TEXT_BLOCKS',
    ]);
    assert.deepEqual(found(await update(article.id, body({ attributes: { quote: 'Eat well' } }))), ['body:VALIDATION_INVALID_FORMAT']);
    assert.equal((await update(article.id, body(newBlock(quote, { quote: 'Eat well' })))).status, 200);
  });

  test('at most 500 blocks per record', async () => {
    const [page] = await list('page');
    const cta = await modelId('cta_block');
    const blocks = (n: number) =>
      Array.from({ length: n }, (_, i) => newBlock(cta, { label: `Go ${i}`, url: 'https://emulated-bistro.example/', style: 'link' }));
    const tooMany = await update(page.id, { sections: blocks(501) });
    assert.deepEqual([tooMany.status, codes(tooMany), details(tooMany)[0]?.limit], [422, ['TECHNICAL_LIMIT_REACHED'], 'blocks']);
    assert.equal((await update(page.id, { sections: blocks(500) })).status, 200);
  });

  test('blocks nest at most 5 levels', async () => {
    const deep = await startEmulator({ records: 1 });
    try {
      // give the call-to-action block a modular content field of its own, so blocks can nest
      const env = deep.store.environment();
      const cta = (await call(deep, '/item-types/cta_block')).json.data.id;
      env.fields.set('Nst6KqDzTjuJbYVx2wQmXg', {
        id: 'Nst6KqDzTjuJbYVx2wQmXg',
        type: 'field',
        attributes: {
          label: 'More',
          field_type: 'rich_text',
          api_key: 'more',
          localized: false,
          validators: { rich_text_blocks: { item_types: [cta] } },
          appearance: { editor: 'rich_text', parameters: {}, addons: [] },
          position: 4,
          hint: null,
          default_value: null,
          deep_filtering_enabled: false,
          content_link_enabled: true,
        },
        relationships: { item_type: { data: { type: 'item_type', id: cta } }, fieldset: { data: null } },
        meta: {},
      });
      deep.store.schemaChanged(env);
      const nest = (levels: number): object =>
        newBlock(cta, { label: `Level ${levels}`, url: 'https://emulated-bistro.example/', more: levels > 1 ? [nest(levels - 1)] : [] });
      const [page] = (await call(deep, '/items?filter[type]=page&page[limit]=1')).json.data;
      const put = (sections: object[]) =>
        call(deep, `/items/${page.id}`, { method: 'PUT', body: { data: { type: 'item', id: page.id, attributes: { sections } } } });
      const six = await put([nest(6)]);
      assert.deepEqual([six.status, codes(six), details(six)[0]?.limit], [422, ['TECHNICAL_LIMIT_REACHED'], 'block_nesting_levels']);
      assert.equal((await put([nest(5)])).status, 200);
    } finally {
      await deep.close();
    }
  });
});

describe('validators', () => {
  test('lengths count Unicode code points, not UTF-16 units', async () => {
    const [record] = await list('article');
    const it = record.attributes.title.it;
    assert.equal((await update(record.id, { title: { en: '🍝'.repeat(120), it } })).status, 200);
    assert.deepEqual(found(await update(record.id, { title: { en: '🍝'.repeat(121), it } })), ['title:VALIDATION_LENGTH']);
    const seo = (title: string, description = 'Fresh pasta every day.') => ({
      en: { ...record.attributes.seo.en, title, description },
      it: record.attributes.seo.it,
    });
    assert.equal((await update(record.id, { seo: seo('🍝'.repeat(60), '🍅'.repeat(160)) })).status, 200);
    assert.deepEqual(found(await update(record.id, { seo: seo('🍝'.repeat(61)) })), ['seo:VALIDATION_TITLE_LENGTH']);
    assert.deepEqual(found(await update(record.id, { seo: seo('Pasta', '🍅'.repeat(161)) })), ['seo:VALIDATION_DESCRIPTION_LENGTH']);
  });

  test('length on structured text counts its text', async () => {
    const [home] = await list('home_page');
    const doc = (text: string) => ({
      schema: 'dast',
      document: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'span', value: text.slice(0, 600) },
              { type: 'span', marks: ['strong'], value: text.slice(600) },
            ],
          },
        ],
      },
    });
    const intro = (en: object) => ({ intro: { en, it: home.attributes.intro.it } });
    assert.equal((await update(home.id, intro(doc('a'.repeat(1200))))).status, 200);
    assert.deepEqual(found(await update(home.id, intro(doc('a'.repeat(1201))))), ['intro:VALIDATION_LENGTH']);
  });

  test('required_seo_fields and required_alt_title', async () => {
    const [record] = await list('article');
    const res = await update(record.id, { seo: { en: { ...record.attributes.seo.en, description: '' }, it: record.attributes.seo.it } });
    assert.deepEqual(
      [found(res), details(res)[0]?.locale, details(res)[0]?.missing_fields],
      [['seo:VALIDATION_REQUIRED_SEO_FIELDS'], 'en', ['description']],
    );
    const cover = record.attributes.cover;
    assert.deepEqual(found(await update(record.id, { cover: { ...cover, alt: ' ' } })), ['cover:VALIDATION_REQUIRED_ALT_TITLE']);
    assert.equal((await update(record.id, { cover: { ...cover, alt: 'A plate', title: null } })).status, 200);
    const [home] = await list('home_page');
    const gallery = home.attributes.gallery.map((f: any, i: number) => (i === 1 ? { ...f, alt: null } : f));
    assert.deepEqual(found(await update(home.id, { gallery })), ['gallery:VALIDATION_REQUIRED_ALT_TITLE']);
  });

  test('a model that allows saving invalid drafts saves any of its records past its validators, not past value shapes', async () => {
    const events = await list('event', 4);
    const draft = events.find((e: any) => e.meta.status === 'draft');
    const published = events.find((e: any) => e.meta.status === 'published');
    const invalid = { name: { en: '', it: '' }, starts_at: '2019-01-01T10:00:00Z', ticket_url: 'not a url' };
    assert.equal((await update(draft.id, invalid)).status, 200);
    // a published record too: the save is a new draft version on top of the published one
    const saved = await update(published.id, invalid);
    assert.equal(saved.status, 200);
    assert.deepEqual([saved.json.data.meta.status, saved.json.data.meta.is_valid], ['updated', false]);
    // the validators apply when it is published
    const publish = await call(emu, `/items/${published.id}/publish`, { method: 'PUT' });
    assert.deepEqual(found(publish).sort(), [
      'name:VALIDATION_REQUIRED',
      'name:VALIDATION_REQUIRED',
      'starts_at:VALIDATION_DATE_TIME_RANGE',
      'ticket_url:VALIDATION_FORMAT',
    ]);
    assert.deepEqual(found(await update(draft.id, { starts_at: 'soon' })), ['starts_at:VALIDATION_INVALID_FORMAT']);
  });

  test('allowing invalid drafts needs draft mode: without it every save is held to the validators', async () => {
    const id = await modelId('event');
    const draftMode = async (on: boolean) => {
      const body = { data: { type: 'item_type', id, attributes: { draft_mode_active: on } } };
      const res = await call(emu, `/item-types/${id}`, { method: 'PUT', body });
      assert.equal((await waitForJob(emu, res.json.data.id)).status, 200);
    };
    await draftMode(false);
    const [event] = await list('event');
    assert.deepEqual(found(await update(event.id, { ticket_url: 'not a url' })), ['ticket_url:VALIDATION_FORMAT']);
    await draftMode(true);
  });

  test('date_range and date_time_range', async () => {
    const [record] = await list('article');
    assert.deepEqual(found(await update(record.id, { published_on: '2014-12-31' })), ['published_on:VALIDATION_DATE_RANGE']);
    const [event] = await list('event');
    assert.equal((await update(event.id, { starts_at: '2019-12-31T23:00:00Z' })).status, 200);
    const publish = await call(emu, `/items/${event.id}/publish`, { method: 'PUT' });
    assert.deepEqual(found(publish), ['starts_at:VALIDATION_DATE_TIME_RANGE']);
    assert.equal((await update(event.id, { starts_at: '2025-03-01T19:00:00+01:00' })).status, 200);
  });
});

describe('value shapes', () => {
  test('a colour without alpha is accepted; other keys or out-of-range channels are not', async () => {
    const [category] = await list('category');
    assert.equal((await update(category.id, { color: { red: 1, green: 2, blue: 3 } })).status, 200);
    for (const color of [
      { red: 1, green: 2, blue: 3, alpha: 256 },
      { hex: '#ffffff' },
      { red: 1, green: 2 },
      { red: 1, green: 2, blue: 3, name: 'x' },
    ]) {
      assert.deepEqual(found(await update(category.id, { color })), ['color:VALIDATION_INVALID_FORMAT'], JSON.stringify(color));
    }
  });

  test('a video with only provider, provider_uid and url is accepted; without url or with other keys it is not', async () => {
    const [home] = await list('home_page');
    const video = { provider: 'youtube', provider_uid: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    assert.equal((await update(home.id, { hero_video: video })).status, 200);
    const { url: _url, ...withoutUrl } = video;
    for (const bad of [withoutUrl, { ...video, provider: 'tiktok' }, { ...video, duration: 12 }]) {
      assert.deepEqual(found(await update(home.id, { hero_video: bad })), ['hero_video:VALIDATION_INVALID_FORMAT'], JSON.stringify(bad));
    }
  });

  test('list-valued fields (links, gallery, modular content) are arrays, never null', async () => {
    const [record] = await list('article');
    assert.deepEqual(found(await update(record.id, { categories: null })), ['categories:VALIDATION_INVALID_FORMAT']);
    assert.equal((await update(record.id, { categories: [] })).status, 200);
    const [dish] = await list('dish');
    assert.deepEqual(found(await update(dish.id, { photos: null })), ['photos:VALIDATION_INVALID_FORMAT']);
    const [page] = await list('page');
    assert.deepEqual(found(await update(page.id, { sections: null })), ['sections:VALIDATION_INVALID_FORMAT']);
  });

  test('structured text: known node types, record links per structured_text_links, inline blocks per their validator', async () => {
    const [home] = await list('home_page');
    const [author] = await list('author');
    const [dish] = await list('dish');
    const doc = (...children: object[]) => ({ schema: 'dast', document: { type: 'root', children } });
    const linkTo = (id: string) =>
      doc({ type: 'paragraph', children: [{ type: 'itemLink', item: id, children: [{ type: 'span', value: 'see' }] }] });
    const intro = (en: object) => ({ intro: { en, it: home.attributes.intro.it } });
    assert.equal((await update(home.id, intro(linkTo(dish.id)))).status, 200);
    assert.deepEqual(found(await update(home.id, intro(linkTo(author.id)))), ['intro:VALIDATION_STRUCTURED_TEXT_LINKS']);
    assert.deepEqual(found(await update(home.id, intro(linkTo('not-a-record')))), ['intro:VALIDATION_INVALID_FORMAT']);
    assert.deepEqual(found(await update(home.id, intro(doc({ type: 'image', src: 'x.png' })))), ['intro:VALIDATION_INVALID_FORMAT']);
    const [article] = await list('article');
    const quote = await modelId('quote_block');
    const inline = doc({
      type: 'paragraph',
      children: [{ type: 'inlineBlock', item: newBlock(quote, { quote: 'Inline words', attribution: null }) }],
    });
    assert.deepEqual(found(await update(article.id, { body: { en: inline, it: article.attributes.body.it } })), [
      'body:VALIDATION_STRUCTURED_TEXT_INLINE_BLOCKS',
    ]);
  });

  test('seo, file, lat_lon and date_time keep to their documented shapes', async () => {
    const [record] = await list('article');
    assert.deepEqual(
      found(await update(record.id, { seo: { en: { ...record.attributes.seo.en, keywords: 'x' }, it: record.attributes.seo.it } })),
      ['seo:VALIDATION_INVALID_FORMAT'],
    );
    assert.deepEqual(found(await update(record.id, { cover: { ...record.attributes.cover, focal_point: { x: 2, y: 0.5 } } })), [
      'cover:VALIDATION_INVALID_FORMAT',
    ]);
    const [event] = await list('event');
    assert.deepEqual(found(await update(event.id, { venue: { latitude: 44, longitude: 8, zoom: 3 } })), [
      'venue:VALIDATION_INVALID_FORMAT',
    ]);
    for (const endsAt of ['2024-11-08T22:30:00', '2023-02-29T10:00:00Z', '2024-11-08T24:30:00Z', '2024-11-08 22:30:00Z']) {
      assert.deepEqual(found(await update(event.id, { ends_at: endsAt })), ['ends_at:VALIDATION_INVALID_FORMAT'], endsAt);
    }
    assert.equal((await update(event.id, { ends_at: '2024-02-29T22:30:00.123+01:00' })).status, 200);
    for (const date of ['2023-02-29', '2024-04-31', '2024-1-05']) {
      assert.deepEqual(found(await update(record.id, { published_on: date })), ['published_on:VALIDATION_INVALID_FORMAT'], date);
    }
  });
});
