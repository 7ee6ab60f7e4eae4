// Ids a user would rather pick by name: where a model or field document asks for one, and the names offered there.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyEdits } from 'jsonc-parser';
import type { Resource } from '../../src/cma/types';
import { choiceText, idChoices, idSlotAt, type IdSlot } from '../../src/language/idSlots';
import { DatoJsonLanguageServices } from '../../src/language/jsonLanguage';
import type { ReferenceContext } from '../../src/language/references';
import { checkDocument, renderDocument } from '../../src/schema';
import { ARTICLE, AUTHOR, CTA, QUOTE, articleFields, articleModel, context, FIELDSET } from '../schema/fixtures';

const services = new DatoJsonLanguageServices();
const ctx = context();
const inModel: ReferenceContext = { kind: 'model', ctx, modelId: ARTICLE };
const inField: ReferenceContext = { kind: 'field', ctx, modelId: ARTICLE };
const fieldsets = async (modelId: string): Promise<Resource<'fieldset'>[]> =>
  modelId === ARTICLE
    ? [
        {
          id: FIELDSET,
          type: 'fieldset',
          attributes: { title: 'Publishing', position: 1 },
          relationships: { item_type: { data: { type: 'item_type', id: ARTICLE } } },
          meta: {},
        },
      ]
    : [];

/** The slot where `|` is in `marked`, and the text without the marker. */
function slotAt(marked: string, where: ReferenceContext): { slot: IdSlot | undefined; text: string } {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { slot: idSlotAt(services.parseText(text), offset, where), text };
}

/** The text with `id` written into the slot, as completion would. */
function written(text: string, slot: IdSlot, id: string): string {
  const lineStart = text.lastIndexOf('\n', slot.offset - 1) + 1;
  const indent = /^\s*/.exec(text.slice(lineStart))![0];
  return applyEdits(text, [{ offset: slot.offset, length: slot.length, content: choiceText(slot, id, indent) }]);
}

describe('ids completed by name in model and field documents', () => {
  const author = articleFields.find((f) => f.attributes['api_key'] === 'author')!;
  const content = articleFields.find((f) => f.attributes['api_key'] === 'content')!;

  test("a link validator's item_types offer the models (not block models) by name, and write the id", async () => {
    const opened = renderDocument('field', author, ctx);
    const { slot, text } = slotAt(opened.replace(`"item_types": [\n        "${AUTHOR}"\n      ]`, '"item_types": ["|"]'), inField);
    assert.equal(slot?.kind, 'model');
    assert.equal(slot.blockModels, false);
    const choices = await idChoices(slot, inField, fieldsets);
    assert.deepEqual(
      choices.map((c) => [c.name, c.details[0]]),
      [
        ['article', 'article'],
        ['author', 'author'],
      ],
    );
    const fixed = written(text, slot, AUTHOR);
    assert.deepEqual(JSON.parse(fixed).validators.item_item_type.item_types, [AUTHOR]);
    assert.deepEqual(checkDocument('field', fixed, author, ctx), []);
  });

  test("a block validator's item_types offer the block models, not those already listed; a new item is written quoted", async () => {
    const opened = renderDocument('field', content, ctx);
    const { slot, text } = slotAt(opened.replace(`"${QUOTE}"\n`, `"${QUOTE}", |\n`), inField);
    assert.deepEqual([slot?.kind, slot?.blockModels, slot?.write], ['model', true, 'quoted']);
    assert.deepEqual(
      (await idChoices(slot!, inField, fieldsets)).map((c) => c.id),
      [],
      'cta and quote are listed already',
    );
    const { slot: replacing } = slotAt(opened.replace(`"${QUOTE}"`, `"|"`), inField);
    assert.deepEqual(
      (await idChoices(replacing!, inField, fieldsets)).map((c) => c.id),
      [QUOTE],
      'a block model listed beside the one being typed is not offered again',
    );
    assert.deepEqual(JSON.parse(written(text, slot!, 'NewBlockQ0K0000000001A')).validators.rich_text_blocks.item_types, [
      CTA,
      QUOTE,
      'NewBlockQ0K0000000001A',
    ]);
  });

  test("a model's title_field offers its own fields by label, in their order; on null it writes the whole link", async () => {
    const opened = renderDocument('model', articleModel, ctx);
    const inside = slotAt(opened.replace('"id": "fTitle00Q0K000000000eA"', '"id": "|"'), inModel);
    assert.deepEqual([inside.slot?.kind, inside.slot?.write], ['field', 'bare']);
    const choices = await idChoices(inside.slot!, inModel, fieldsets);
    assert.deepEqual(
      choices.map((c) => c.id),
      articleFields.map((f) => f.id),
    );
    assert.deepEqual(choices[0], { id: 'fTitle00Q0K000000000eA', name: 'title', details: ['title', 'string'] });

    const onNull = slotAt(opened.replace('"excerpt_field": null', '"excerpt_field": |null'), inModel);
    assert.deepEqual([onNull.slot?.kind, onNull.slot?.write], ['field', 'link']);
    const excerpt = articleFields.find((f) => f.attributes['api_key'] === 'excerpt')!.id;
    const fixed = written(onNull.text, onNull.slot!, excerpt);
    assert.deepEqual(JSON.parse(fixed).excerpt_field, { type: 'field', id: excerpt });
    assert.ok(fixed.includes(`"excerpt_field": {\n    "type": "field",\n    "id": "${excerpt}"\n  }`), 'in the document format');
    assert.deepEqual(checkDocument('model', fixed, articleModel, ctx), []);
  });

  test("a field's fieldset offers its model's fieldsets by title", async () => {
    const opened = renderDocument('field', author, ctx);
    const { slot, text } = slotAt(opened.replace('"fieldset": null', '"fieldset": |null'), inField);
    assert.deepEqual([slot?.kind, slot?.write], ['fieldset', 'link']);
    assert.deepEqual(await idChoices(slot!, inField, fieldsets), [{ id: FIELDSET, name: 'Publishing', details: [] }]);
    assert.deepEqual(JSON.parse(written(text, slot!, FIELDSET)).fieldset, { type: 'fieldset', id: FIELDSET });
  });

  test("a slug's title field offers the fields of its model but itself", async () => {
    const slug = articleFields.find((f) => f.attributes['api_key'] === 'slug')!;
    const text = renderDocument('field', slug, ctx).replace(
      '"slug_format"',
      '"slug_title_field": { "title_field_id": "|" },\n    "slug_format"',
    );
    const { slot } = slotAt(text, inField);
    assert.equal(slot?.kind, 'field');
    const ids = (await idChoices(slot!, { ...inField, ownId: slug.id }, fieldsets)).map((c) => c.id);
    assert.ok(ids.includes(articleFields[0]!.id));
    assert.ok(!ids.includes(slug.id));
  });

  test('elsewhere there is no slot: names, $readonly, records', () => {
    const opened = renderDocument('model', articleModel, ctx);
    assert.equal(slotAt(opened.replace('"name": "article"', '"name": "|article"'), inModel).slot, undefined);
    assert.equal(slotAt(opened.replace(`"id": "${ARTICLE}"`, `"id": "|${ARTICLE}"`), inModel).slot, undefined);
    assert.equal(slotAt('{"author": "|"}', { kind: 'record', ctx, modelId: ARTICLE }).slot, undefined);
  });
});
