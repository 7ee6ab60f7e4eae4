// Local checks that give the server's verdict: values the API accepts are not refused, and rules that need no
// server state (locale sets, new blocks, ids, model coherence) are refused before sending, in plain words.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isLosslessNumber, LosslessNumber } from 'lossless-json';
import { checkDocument, planUpdate, renderDocument } from '../../src/schema';
import { isApiId } from '../../src/schema/zodHelpers';
import * as fx from './fixtures';
import { bodyOf, edited, plan, problemAt, problemsOf, refusedAt } from './helpers';

const ctx = fx.context();

describe('values the API accepts are not refused', () => {
  test('null editor parameters, as the API returns them', () => {
    bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.appearance.parameters = { heading: false, placeholder: null };
      }),
    );
    const role = fx.articleFields.find((f) => f.attributes['api_key'] === 'role')!;
    bodyOf(
      plan('field', role, ctx, (d) => {
        d.appearance.parameters.options[0].hint = null;
      }),
    );
  });
  test('a colour without alpha, a video with only provider, provider_uid and url, length: {}', () => {
    bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.color = { red: 1, green: 2, blue: 3 };
      }),
    );
    bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.teaser = { provider: 'youtube', provider_uid: 'abc', url: 'https://youtu.be/abc' };
      }),
    );
    bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.validators.length = {};
      }),
    );
  });
  test('length is counted in characters (code points), not UTF-16 units', () => {
    // three emoji are 6 UTF-16 units; the title needs at least 3 characters
    bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.title.en = '🍝🍝🍝';
      }),
    );
    refusedAt('record', fx.articleRecord(), ctx, 'title.en', 'at least 3 characters (has 2)', (d) => {
      d.title.en = '🍝🍝';
    });
  });
});

describe('rules checked before sending', () => {
  test('every localized field carries the same locales; a locale dropped from all of them is allowed', () => {
    const p = refusedAt('record', fx.articleRecord(), ctx, 'title', 'lacks locale "it"', (d) => {
      delete d.title.it;
    });
    assert.match(p.message, /put it back, set to null to leave it empty, or remove "it" from every localized field/);
    const dropped = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        delete d.title.it;
        delete d.body.it;
        delete d.seo.it;
      }),
    );
    assert.deepEqual(dropped.attributes?.['title'], { en: 'Risotto tonight' });
  });
  test('all_locales_required: every project locale in every localized field', () => {
    const strictModel = { ...fx.articleModel, attributes: { ...fx.articleModel.attributes, all_locales_required: true } };
    const strictCtx = fx.context({ itemTypes: [strictModel, fx.ctaModel, fx.quoteModel, fx.authorModel] });
    refusedAt('record', fx.articleRecord(), strictCtx, 'title', 'requires every locale', (d) => {
      delete d.title.it;
      delete d.body.it;
      delete d.seo.it;
    });
  });
  test('a localized value is an object; null is refused with how to clear it', () => {
    refusedAt('record', fx.articleRecord(), ctx, 'title', 'set each locale to null', (d) => {
      d.title = null;
    });
  });
  test('a new block brings its required fields, at any depth', () => {
    const quote = {
      item_type: { type: 'item_type', id: fx.QUOTE },
      quote: 'Hi',
      cta: { item_type: { type: 'item_type', id: fx.CTA }, url: null },
    };
    const problems = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content.push(quote);
      }),
    );
    problemAt(problems, 'content[2].cta.label', 'a new block needs its required field "label"');
    const ok = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content.push({ ...quote, cta: { ...quote.cta, label: 'Go' } });
      }),
    );
    assert.ok(Array.isArray(ok.attributes?.['content']));
  });
  test('a key removed from an existing block is refused like any removal', () => {
    refusedAt('record', fx.articleRecord(), ctx, 'content[0].url', 'was removed from the block', (d) => {
      delete d.content[0].url;
    });
  });
  test('SEO and required_alt_title validators', () => {
    const seoField = {
      ...fx.articleFields.find((f) => f.attributes['api_key'] === 'seo')!,
      attributes: {
        ...fx.articleFields.find((f) => f.attributes['api_key'] === 'seo')!.attributes,
        validators: { required_seo_fields: { description: true }, title_length: { max: 5 } },
      },
    };
    const coverField = {
      ...fx.articleFields.find((f) => f.attributes['api_key'] === 'cover')!,
      attributes: {
        ...fx.articleFields.find((f) => f.attributes['api_key'] === 'cover')!.attributes,
        validators: { required_alt_title: { title: true } },
      },
    };
    const fields = fx.articleFields.map((f) => (f.id === seoField.id ? seoField : f.id === coverField.id ? coverField : f));
    const seoCtx = fx.context({ fieldsOf: (id) => (id === fx.ARTICLE ? fields : fx.context().fieldsOf(id)) });
    const problems = problemsOf(
      plan('record', fx.articleRecord(), seoCtx, (d) => {
        d.seo.en = { title: 'Too long a title', description: ' ' };
        d.cover.alt = 'x';
      }),
    );
    problemAt(problems, 'seo.en', 'needs a non-empty "description"');
    problemAt(problems, 'seo.en', 'title: must have at most 5 characters');
    problemAt(problems, 'cover', 'needs a non-empty "title"');
    refusedAt('record', fx.articleRecord(), seoCtx, 'seo.en', 'needs "description"', (d) => {
      d.seo.en = null;
    });
  });
  test('ids: 22-character base64 UUID v4 or a decimal up to 2^48-1', () => {
    for (let i = 0; i < 200; i++) assert.ok(isApiId(Buffer.from(crypto.randomUUID().replace(/-/g, ''), 'hex').toString('base64url')));
    assert.ok(isApiId('281474976710655'));
    for (const bad of ['abc', '281474976710656', '0', 'DxMaW10UQiCmZcuuA-IkkB', 'DxMaW10UAiCmZcuuA-IkkA'])
      assert.equal(isApiId(bad), false, bad);
    refusedAt('record', fx.articleRecord(), ctx, 'author', 'is not a DatoCMS id', (d) => {
      d.author = 'abc';
    });
  });
  test('model coherence: ordering on singleton/sortable/tree models, block models', () => {
    refusedAt('model', fx.articleModel, ctx, 'ordering_direction', 'ordered by position', (d) => {
      d.sortable = true;
      d.ordering_direction = 'asc';
    });
    refusedAt('model', fx.articleModel, ctx, 'ordering_meta', 'on a singleton model', (d) => {
      d.singleton = true;
      d.ordering_meta = 'created_at';
    });
    refusedAt('model', fx.ctaModel, ctx, 'tree', 'must be false on a block model', (d) => {
      d.tree = true;
    });
    refusedAt('model', fx.articleModel, ctx, 'tree', 'both sortable and a tree', (d) => {
      d.sortable = true;
      d.tree = true;
    });
  });
  test('blank names and labels; field validators name real models', () => {
    refusedAt('model', fx.articleModel, ctx, 'name', 'must not be blank', (d) => {
      d.name = '  ';
    });
    refusedAt('field', fx.titleField, ctx, 'label', 'must not be blank', (d) => {
      d.label = '';
    });
    refusedAt('field', fx.contentField, ctx, 'validators.rich_text_blocks.item_types[0]', 'is a model, not a block model', (d) => {
      d.validators.rich_text_blocks.item_types = [fx.ARTICLE];
    });
    bodyOf(
      plan('field', fx.contentField, ctx, (d) => {
        d.validators.rich_text_blocks.item_types = ['Bx4Ee9ZbRbOzH5lJq0tPVg'];
      }),
    );
  });
  test('a fieldset of another model is refused; one the cached models do not know is left to the server', () => {
    const otherFieldset = 'Fs200000Q0K0000000002A';
    const cta = {
      ...fx.ctaModel,
      relationships: { ...fx.ctaModel.relationships, fieldsets: { data: [{ type: 'fieldset', id: otherFieldset }] } },
    };
    const withFieldsets = fx.context({ itemTypes: [fx.articleModel, cta, fx.quoteModel, fx.authorModel] });
    refusedAt('field', fx.titleField, withFieldsets, 'fieldset.id', 'is a fieldset of the model cta_block', (d) => {
      d.fieldset = { type: 'fieldset', id: otherFieldset };
    });
    bodyOf(
      plan('field', fx.titleField, withFieldsets, (d) => {
        d.fieldset = { type: 'fieldset', id: 'Fs300000Q0K0000000003A' };
      }),
    );
  });
  test('an out-of-range focal point says the range', () => {
    refusedAt('record', fx.articleRecord(), ctx, 'cover.focal_point.x', 'must be between 0 and 1', (d) => {
      d.cover.focal_point = { x: 2, y: 0.5 };
    });
  });
});

describe('exact numbers', () => {
  const big = '12345678901234567890123';
  test('a number JavaScript cannot hold is parsed, compared, sent and rendered exactly', () => {
    const text = edited('record', fx.articleRecord(), ctx, () => {}).replace('"reading_time": 7', `"reading_time": ${big}`);
    const data = bodyOf(planUpdate('record', fx.articleRecord(), text, ctx));
    const sent = data.attributes?.['reading_time'];
    assert.ok(isLosslessNumber(sent) && sent.value === big);
    const record = fx.articleRecord();
    record.attributes['reading_time'] = new LosslessNumber(big);
    const rendered = renderDocument('record', record, ctx);
    assert.match(rendered, new RegExp(`"reading_time": ${big},`));
    assert.deepEqual(planUpdate('record', record, rendered, ctx), { ok: true, body: null }, 'unchanged digits are no change');
    const nextDigit = rendered.replace(big, `${big.slice(0, -1)}4`);
    assert.ok(
      isLosslessNumber(bodyOf(planUpdate('record', record, nextDigit, ctx)).attributes?.['reading_time']),
      'a change in the last digit is a change',
    );
  });
  test('ranges are checked exactly', () => {
    const text = edited('record', fx.articleRecord(), ctx, () => {}).replace('"rating": 4.5', '"rating": 5.00000000000000000001');
    problemAt(checkDocument('record', text, fx.articleRecord(), ctx), 'rating', 'must be 5 or less');
    const integerText = edited('record', fx.articleRecord(), ctx, () => {}).replace(
      '"reading_time": 7',
      '"reading_time": 1.00000000000000000001',
    );
    problemAt(checkDocument('record', integerText, fx.articleRecord(), ctx), 'reading_time', 'expected an integer');
  });
});
