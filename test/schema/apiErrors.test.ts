// A 422 answer lands where its details point: an attribute, a locale, a block at any depth, a validator, an
// editor parameter, a webhook event; only errors that name nothing are shown for the whole document.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import {
  documentValue,
  problemsFromApiError,
  renderDocument,
  type ApiErrorEntry,
  type Problem,
  type SchemaContext,
} from '../../src/schema';
import { updateBody } from '../../src/schema/plan';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { callEmulator } from './emulatorClient';
import * as fx from './fixtures';
import type { Doc } from './helpers';

const ctx = fx.context();
const recordText = renderDocument('record', fx.articleRecord(), ctx);

function one(text: string, error: Omit<ApiErrorEntry, 'transient'>): Problem {
  const problems = problemsFromApiError(text, [{ transient: false, ...error }]);
  assert.equal(problems.length, 1);
  return problems[0]!;
}

/** The text the problem underlines. */
const underlined = (text: string, p: Problem) => text.slice(p.offset, p.offset + p.length);

describe('422 answers located in a record', () => {
  test('a field of a block in a modular content list (block_path: field, index)', () => {
    const p = one(recordText, {
      code: 'INVALID_FIELD',
      details: {
        field: 'quote',
        field_id: 'fQuote00Q0K000000000eA',
        field_label: 'quote',
        code: 'VALIDATION_REQUIRED',
        block_path: ['content', 1],
      },
    });
    assert.equal(p.pathText, 'content[1].quote');
    assert.equal(underlined(recordText, p), '"Wow"');
    assert.match(p.message, /^content\[1\]\.quote: is required \(the API answered INVALID_FIELD VALIDATION_REQUIRED\)$/);
  });
  test('a block nested in a structured text block, addressed by block number in text order', () => {
    const p = one(recordText, {
      code: 'INVALID_FIELD',
      details: { field: 'url', code: 'VALIDATION_FORMAT', block_path: ['body', 'en', 'block', 0, 'cta'] },
    });
    assert.equal(p.pathText, 'body.en.document.children[1].item.cta.url');
    assert.equal(underlined(recordText, p), '"https://a.example"');
  });
  test('the same block addressed by its path in the text', () => {
    const p = one(recordText, {
      code: 'INVALID_FIELD',
      details: { field: 'quote', code: 'VALIDATION_LENGTH', block_path: ['body', 'en', 'document', 'children', 1, 'item'] },
    });
    assert.equal(p.pathText, 'body.en.document.children[1].item.quote');
  });
  test('an error about the block itself (a block model not allowed) lands on the block', () => {
    const p = one(recordText, {
      code: 'INVALID_FIELD',
      details: {
        field: 'content',
        code: 'VALIDATION_RICH_TEXT_BLOCKS',
        message: 'block model "x" is not allowed here',
        block_path: ['content', 0],
      },
    });
    assert.equal(p.pathText, 'content[0]');
    assert.match(p.message, /holds a block model the field does not allow — block model "x" is not allowed here/);
  });
  test('extraneous attributes of a block are marked at the block, by key', () => {
    const text = recordText.replace('"label": "Book",', '"label": "Book",\n      "colour": "red",');
    const p = one(text, { code: 'INVALID_ATTRIBUTES', details: { extraneous_attributes: ['colour'], block_path: ['content', 0] } });
    assert.equal(p.pathText, 'content[0].colour');
    assert.equal(underlined(text, p), '"colour"');
  });
  test('a localized field: the locale named, with the locales missing', () => {
    const p = one(recordText, {
      code: 'INVALID_FIELD',
      details: {
        field: 'seo',
        field_id: 'fSeo0000Q0K000000000oA',
        field_label: 'seo',
        locale: 'it',
        code: 'VALIDATION_INVALID_LOCALES',
        missing_locales: ['it'],
      },
    });
    assert.equal(p.pathText, 'seo.it');
    assert.match(p.message, /does not carry the same locales .* in locale "it" \(missing: "it"\)/);
  });
  test('an unknown locale is marked at its key', () => {
    const text = recordText.replace('"it": "Risotto stasera"', '"it": "Risotto stasera",\n    "fr": "Risotto ce soir"');
    const p = one(text, { code: 'INVALID_FIELD', details: { field: 'title', locale: 'fr', code: 'VALIDATION_INVALID_LOCALE' } });
    assert.equal(p.pathText, 'title.fr');
    assert.equal(underlined(text, p), '"fr"');
  });
  test('errors that name nothing are document-wide, after the located ones keep their places', () => {
    const problems = problemsFromApiError(recordText, [
      { code: 'INVALID_FIELD', details: { field: 'slug', code: 'VALIDATION_UNIQUE' }, transient: false },
      { code: 'TECHNICAL_LIMIT_REACHED', details: { limit: 'blocks', maximum: 500 }, transient: false },
    ]);
    assert.equal(problems[0]?.pathText, 'slug');
    assert.equal(problems[1]?.pathText, '(document)');
    assert.match(problems[1]?.message ?? '', /the API refused the update \(TECHNICAL_LIMIT_REACHED\)/);
  });
});

describe('422 answers located in models, fields and webhooks', () => {
  test('a validator and an editor parameter of a field', () => {
    const text = renderDocument('field', fx.titleField, ctx);
    const v = one(text, {
      code: 'INVALID_FIELD',
      details: { field: 'validators', code: 'VALIDATION_FORMAT', validator: 'length', record_type: 'Field' },
    });
    assert.equal(v.pathText, 'validators.length');
    const a = one(text, {
      code: 'INVALID_FIELD',
      details: { field: 'appearance', code: 'VALIDATION_REQUIRED', parameter: 'heading', record_type: 'Field' },
    });
    assert.equal(a.pathText, 'appearance.parameters.heading');
  });
  test('an ordering refused on a sortable model lands on the ordering key', () => {
    const text = renderDocument('model', fx.articleModel, ctx);
    const p = one(text, {
      code: 'INVALID_ORDERING_FOR_SORTABLE_ITEM_TYPE',
      details: { field: 'ordering_direction', fields: ['ordering_direction'] },
    });
    assert.equal(p.pathText, 'ordering_direction');
    assert.match(p.message, /ordered by position/);
  });
  test('a webhook event type, by the path the API gives', () => {
    const text = renderDocument('webhook', fx.webhook(), ctx);
    const p = one(text, {
      code: 'INVALID_FIELD',
      details: {
        field: 'events',
        path: 'events[1].event_types[0]',
        code: 'VALIDATION_INCLUSION',
        allowed_values: ['create', 'update', 'delete'],
      },
    });
    assert.equal(p.pathText, 'events[1].event_types[0]');
    assert.equal(underlined(text, p), '"create"');
    assert.match(p.message, /allowed: "create", "update", "delete"/);
  });
});

describe('422 answers of the emulator located in the text that was saved', () => {
  let emulator: Emulator;
  let ctx2: SchemaContext;
  let article: Resource;
  useEmulator({ records: 2, jobDurationMs: 0 }, async (started) => {
    emulator = started.emulator;
    const get = async <T>(path: string) => (await callEmulator(emulator, 'GET', path)).json['data'] as T;
    const models = await get<Resource<'item_type'>[]>('/item-types');
    const fields = new Map<string, Resource<'field'>[]>();
    for (const model of models) fields.set(model.id, await get(`/item-types/${model.id}/fields`));
    ctx2 = {
      locales: (await get<Resource>('/site')).attributes['locales'] as string[],
      itemTypes: models,
      fieldsOf: (id) => fields.get(id),
    };
    const articleModel = models.find((m) => m.attributes['api_key'] === 'article')!;
    article = (await get<Resource[]>(`/items?filter%5Btype%5D=${articleModel.id}&nested=true&page%5Blimit%5D=1`))[0]!;
  });

  /** Sends the edit unchecked and locates the answer in the edited text. */
  async function saveUnchecked(mutate: (doc: Doc) => void): Promise<{ text: string; problems: Problem[] }> {
    const basis = documentValue('record', article, ctx2);
    const doc = structuredClone(basis) as Doc;
    mutate(doc);
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    const answer = await callEmulator(emulator, 'PUT', `/items/${article.id}`, updateBody('record', article, doc as never, basis, ctx2));
    assert.equal(answer.status, 422);
    const errors = (answer.json['data'] as Doc[]).map((e) => ({
      code: e['attributes'].code,
      details: e['attributes'].details,
      transient: false,
    }));
    return { text, problems: problemsFromApiError(text, errors) };
  }

  test('a new structured text block without its required field', async () => {
    const quoteModel = ctx2.itemTypes.find((m) => m.attributes['api_key'] === 'quote_block')!;
    let index = -1;
    const { problems } = await saveUnchecked((d) => {
      d.body.en.document.children.push({
        type: 'block',
        item: { item_type: { type: 'item_type', id: quoteModel.id }, attribution: 'Anon' },
      });
      index = d.body.en.document.children.length - 1;
    });
    assert.ok(
      problems.some((p) => p.pathText === `body.en.document.children[${index}].item.quote`),
      problems.map((p) => p.message).join('\n'),
    );
  });
  test('a changed field of an existing modular content block', async () => {
    const { text, problems } = await saveUnchecked((d) => {
      const block = (Object.values(d.content ?? {}) as Doc[][]).flat().find((b) => b && typeof b === 'object' && 'label' in b);
      assert.ok(block, 'the seeded article has a cta block in content');
      block.label = 42;
    });
    const p = problems.find((x) => x.pathText.endsWith('.label'));
    assert.ok(p && /^content\.\w+\[\d+\]\.label$/.test(p.pathText), problems.map((x) => x.message).join('\n'));
    assert.equal(text.slice(p.offset, p.offset + p.length), '42');
  });
});
