// The diff a save sends (only what changed; blocks as ids, partial updates or whole new blocks), the record
// checks made on the way, and the basis the editor text was derived from.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkDocument, documentValue, planUpdate, renderDocument } from '../../src/schema';
import * as fx from './fixtures';
import { bodyOf, plan, problemAt, problemsOf, refusedAt } from './helpers';

const ctx = fx.context();

describe('the diff', () => {
  test('only changed keys are sent; nested objects whole', () => {
    const data = bodyOf(
      plan('webhook', fx.webhook(), ctx, (d) => {
        d.headers['X-New'] = '1';
        d.events[0].event_types = ['publish'];
      }),
    );
    assert.deepEqual(data.attributes, {
      headers: { 'X-Token': 'abc', 'X-New': '1' },
      events: [
        { entity_type: 'item', event_types: ['publish'], filters: [{ entity_type: 'item_type', entity_ids: [fx.ARTICLE] }] },
        { entity_type: 'item_type', event_types: ['create', 'update'], filters: null },
      ],
    });
    assert.equal(data.relationships, undefined);
    assert.equal(data.meta, undefined);
  });
  test('field validators and appearance are sent whole', () => {
    const data = bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.validators.length.max = 90;
        d.appearance.parameters.placeholder = 'Title';
      }),
    );
    assert.deepEqual(data.attributes, {
      validators: { required: {}, length: { min: 3, max: 90 } },
      appearance: { editor: 'single_line', parameters: { heading: true, placeholder: 'Title' }, addons: [] },
    });
  });
  test('records: changed localized value sent whole, with meta.current_version', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.title.it = 'Risotto oggi';
        d.rating = 5;
      }),
    );
    assert.deepEqual(data.attributes, { title: { en: 'Risotto tonight', it: 'Risotto oggi' }, rating: 5 });
    assert.deepEqual(data.meta, { current_version: 'Version0Q0K0000000001A' });
    assert.equal(data.type, 'item');
  });
  test('block fields: unchanged blocks as ids, changed blocks with only their changed attributes, new blocks whole, removed blocks left out', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content[1].quote = 'Wow!';
        d.content.unshift({ item_type: { type: 'item_type', id: fx.CTA }, label: 'New', url: null });
      }),
    );
    assert.deepEqual(data.attributes, {
      content: [
        {
          type: 'item',
          attributes: { label: 'New', url: null },
          relationships: { item_type: { data: { type: 'item_type', id: fx.CTA } } },
        },
        'BlockCtaQ0K0000000001A',
        { type: 'item', id: 'BlockQuoQeK0000000001A', attributes: { quote: 'Wow!' } },
      ],
    });
    const removed = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content.pop();
      }),
    );
    assert.deepEqual(removed.attributes, { content: ['BlockCtaQ0K0000000001A'] });
  });
  test('a change deep inside a structured text block sends the whole text, each changed block with only what changed in it', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.body.en.document.children[1].item.cta.label = 'Deeper';
      }),
    );
    const body = data.attributes?.['body'] as { en: { document: { children: { item: unknown }[] } }; it: unknown };
    assert.equal(body.it, null);
    assert.deepEqual(body.en.document.children[1]?.item, {
      type: 'item',
      id: 'BlockQuoQeKn000000001A',
      attributes: { cta: { type: 'item', id: 'BlockCtaQeKted0000001A', attributes: { label: 'Deeper' } } },
    });
    const children = body.en.document.children;
    assert.equal(children.length, 2, 'the rest of the text is sent too');
  });
  test('an unchanged nested block of a changed block is not sent (partial update)', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.body.en.document.children[1].item.quote = 'Ottimo';
      }),
    );
    const body = data.attributes?.['body'] as { en: { document: { children: { item: { attributes: Record<string, unknown> } }[] } } };
    assert.deepEqual(body.en.document.children[1]?.item.attributes, { quote: 'Ottimo' }, 'the unchanged nested block is not sent');
  });
  test('block checks: unknown id, changed block model, model not allowed, block field values', () => {
    const problems = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content[0].id = 'NotABloQkKfThisRecordA';
        d.hero = { item_type: { type: 'item_type', id: fx.QUOTE }, quote: 'x', cta: null };
        d.content[1].quote = 7;
      }),
    );
    problemAt(problems, 'content[0].id', 'is not a block of this record');
    problemAt(problems, 'hero.item_type.id', `is not allowed here (allowed: ${fx.CTA} (cta_block))`);
    problemAt(problems, 'content[1].quote', 'expected a string or null, got the integer 7');
    const changedModel = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content[0].item_type.id = fx.QUOTE;
        d.content[0].quote = 'q';
        delete d.content[0].label;
        delete d.content[0].url;
      }),
    );
    problemAt(changedModel, 'content[0].item_type', 'cannot change');
  });
  test('record values: types and validators per field', () => {
    const problems = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.title.en = 'Hi';
        d.slug = 'Not A Slug';
        d.rating = 6;
        d.reading_time = 2.5;
        d.featured = 'yes';
        d.published_on = '2024-02-30';
        d.starts_at = 'soon';
        d.color = { red: 300, green: 0, blue: 0, alpha: 255 };
        d.details = '{not json';
        d.venue = { latitude: 100, longitude: 0 };
        d.seo.en.twitter_card = 'big';
        d.teaser = { provider: 'tiktok' };
        d.cover = { alt: 'x' };
        d.photos = {};
        d.author = 5;
        d.categories = 'a';
        d.excerpt = 'x'.repeat(301);
        d.role = 'cook';
        d.content = Array.from({ length: 6 }, () => ({ item_type: { type: 'item_type', id: fx.CTA }, label: 'Go', url: null }));
      }),
    );
    for (const [path, text] of [
      ['title.en', 'at least 3 characters'],
      ['slug', 'web page slug'],
      ['rating', '5 or less'],
      ['reading_time', 'integer'],
      ['featured', 'true, false or null'],
      ['published_on', 'real calendar date'],
      ['starts_at', 'ISO 8601'],
      ['color.red', 'must be between 0 and 255'],
      ['details', 'valid JSON'],
      ['venue.latitude', 'must be between -90 and 90'],
      ['seo.en.twitter_card', 'summary'],
      ['teaser.provider', 'youtube'],
      ['cover.upload_id', 'missing'],
      ['photos', 'array'],
      ['author', 'id'],
      ['categories', 'array'],
      ['excerpt', 'at most 300 characters'],
      ['role', 'allowed: chef, critic'],
      ['content', 'at most 5 items'],
    ] as const)
      problemAt(problems, path, text);
  });
  test('a required value cannot be emptied', () => {
    refusedAt('record', fx.articleRecord(), ctx, 'slug', 'is required', (d) => {
      d.slug = null;
    });
  });
  test('validators are not enforced on models that save invalid drafts', () => {
    const lenient = fx.context({
      itemTypes: [
        { ...fx.articleModel, attributes: { ...fx.articleModel.attributes, draft_saving_active: true } },
        fx.ctaModel,
        fx.quoteModel,
      ],
    });
    bodyOf(
      plan('record', fx.articleRecord(), lenient, (d) => {
        d.slug = null;
      }),
    );
    refusedAt('record', fx.articleRecord(), lenient, 'slug', 'expected a string', (d) => {
      d.slug = 5;
    });
  });
  test('sortable and tree records may set position and parent_id', () => {
    const treeModel = fx.model('TreeModel', 'page', { tree: true }, []);
    const treeCtx = fx.context({ itemTypes: [treeModel], fieldsOf: () => [] });
    const record = {
      ...fx.articleRecord(),
      attributes: { position: 1, parent_id: null },
      relationships: { item_type: { data: { type: 'item_type', id: 'TreeModel' } } },
    };
    assert.deepEqual(
      bodyOf(
        plan('record', record, treeCtx, (d) => {
          d.parent_id = '1234';
          d.position = 2;
        }),
      ).attributes,
      { position: 2, parent_id: '1234' },
    );
    refusedAt('record', record, treeCtx, 'position', '1 or more', (d) => {
      d.position = 0;
    });
  });
  test('records whose fields are not loaded: known keys editable, new keys refused', () => {
    const blind = fx.context({ fieldsOf: () => undefined });
    const record = fx.articleRecord();
    assert.deepEqual(planUpdate('record', record, renderDocument('record', record, blind), blind), { ok: true, body: null });
    const data = bodyOf(
      plan('record', record, blind, (d) => {
        d.content[0].label = 'Changed';
      }),
    );
    assert.deepEqual((data.attributes?.['content'] as unknown[])[1], 'BlockQuoQeK0000000001A');
    refusedAt('record', record, blind, 'brand_new', 'unknown field', (d) => {
      d.brand_new = 1;
    });
  });
});

describe('basis: the value the editor text was derived from', () => {
  test('the diff, removed keys and $readonly compare with the basis; ids and version come from the opened resource', () => {
    const opened = fx.articleRecord();
    const basis = documentValue('record', opened, ctx) as Record<string, any>;
    basis.slug = 'typed-before';
    basis.$readonly.meta = { ...basis.$readonly.meta, status: 'published' };
    delete basis.excerpt;
    const text = (mutate: (d: Record<string, any>) => void) => {
      const d = structuredClone(basis);
      mutate(d);
      return `${JSON.stringify(d, null, 2)}\n`;
    };
    // text equal to the basis: nothing to send, although it differs from the opened resource
    assert.deepEqual(
      planUpdate(
        'record',
        opened,
        text(() => {}),
        ctx,
        basis,
      ),
      { ok: true, body: null },
    );
    assert.deepEqual(
      checkDocument(
        'record',
        text(() => {}),
        opened,
        ctx,
        basis,
      ),
      [],
    );
    const sent = bodyOf(
      planUpdate(
        'record',
        opened,
        text((d) => {
          d.reading_time = 9;
        }),
        ctx,
        basis,
      ),
    );
    assert.deepEqual(Object.keys(sent.attributes ?? {}), ['reading_time']);
    assert.equal(sent.id, opened.id);
    assert.deepEqual(sent.meta, { current_version: opened.meta?.['current_version'] });
    problemAt(
      checkDocument(
        'record',
        text((d) => {
          delete d.slug;
        }),
        opened,
        ctx,
        basis,
      ),
      'slug',
      'was removed',
    );
    problemAt(
      checkDocument(
        'record',
        text((d) => {
          d.$readonly.meta.status = 'draft';
        }),
        opened,
        ctx,
        basis,
      ),
      '$readonly.meta.status',
      'is read-only',
    );
  });
});
