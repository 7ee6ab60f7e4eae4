// Schemas for the types tests, built the way the API returns them: an adversarial one whose names collide with each
// other, with the file's own names and with the client's record properties, that holds every field type, localized
// fields, recursive blocks and structured text with blocks and inline blocks.
import type { Resource } from '../../src/cma/types';
import { FIELD_TYPES, type SchemaContext } from '../../src/schema';

let nextId = 0;
const newId = () => `id${String(++nextId).padStart(4, '0')}`;

export const model = (apiKey: string, attributes: Record<string, unknown> = {}): Resource<'item_type'> => ({
  id: newId(),
  type: 'item_type',
  attributes: { name: apiKey, api_key: apiKey, modular_block: false, sortable: false, tree: false, hint: null, ...attributes },
  relationships: {},
  meta: {},
});

export const field = (
  owner: Resource<'item_type'>,
  apiKey: string,
  fieldType: string,
  extra: Record<string, unknown> = {},
): Resource<'field'> => ({
  id: newId(),
  type: 'field',
  attributes: {
    label: apiKey,
    api_key: apiKey,
    field_type: fieldType,
    localized: false,
    validators: {},
    position: nextId,
    hint: null,
    ...extra,
  },
  relationships: { item_type: { data: { type: 'item_type', id: owner.id } } },
  meta: {},
});

export interface Schema {
  locales: string[];
  itemTypes: Resource<'item_type'>[];
  fields: Resource<'field'>[];
}

export const context = (schema: Schema): SchemaContext => ({
  locales: schema.locales,
  itemTypes: schema.itemTypes,
  fieldsOf: (id) => schema.fields.filter((f) => (f.relationships['item_type']?.data as { id: string }).id === id),
});

const blocks = (validator: string, ...ids: string[]) => ({ validators: { [validator]: { item_types: ids } } });

/** The adversarial schema; type names the generator should give are in the comments. */
export function adversarialSchema(): Schema {
  const section = model('section_block', { modular_block: true, name: 'Section' }); // SectionBlock
  const quote = model('quote_block', { modular_block: true }); // QuoteBlock
  const digit = model('1_block', { modular_block: true }); // Block1Block
  const everything = model('everything', { sortable: true, name: 'Everything */ at once', hint: 'Hint\non two lines' });
  const page = model('page', { tree: true }); // Page
  const colliding = ['ab1', 'ab_1', 'a_b', 'a__b', 'a___b', 'any_block', 'any_model', 'any_block_or_model'];
  const own = ['environment_settings', 'item_type_definition'];
  const globals = ['record', 'promise', 'object', 'string', 'array', 'infinity', 'na_n', 'symbol', 'date', 'function'];
  const others = [...colliding, ...own, ...globals, '3d_scene', 'empty'].map((apiKey) => model(apiKey));
  const hero = model('hero_1'); // Hero1Model: the shorter api_key of the block keeps Hero1
  const heroBlock = model('hero1', { modular_block: true }); // Hero1
  const fields = [
    field(section, 'heading', 'string', { validators: { required: {} } }),
    // a section holds sections: a block model that nests itself
    field(section, 'children', 'rich_text', blocks('rich_text_blocks', section.id, quote.id)),
    field(section, 'id', 'string'),
    field(section, 'item_type', 'string'),
    field(quote, 'quote', 'text'),
    field(quote, 'type', 'string'),
    field(digit, 'caption', 'string'),
    ...FIELD_TYPES.map((type) =>
      field(
        everything,
        `f_${type}`,
        type,
        type === 'rich_text'
          ? blocks('rich_text_blocks', section.id, quote.id)
          : type === 'single_block'
            ? blocks('single_block_blocks')
            : type === 'structured_text'
              ? { validators: { structured_text_blocks: { item_types: [] }, structured_text_links: { item_types: [page.id] } } }
              : {},
      ),
    ),
    field(everything, 'title', 'string', { localized: true, validators: { required: {} }, label: 'Title', hint: 'Shown */ on top' }),
    field(everything, 'story', 'structured_text', {
      localized: true,
      validators: {
        structured_text_blocks: { item_types: [section.id, 'gone'] },
        structured_text_inline_blocks: { item_types: [quote.id] },
        structured_text_links: { item_types: [page.id] },
      },
    }),
    field(everything, 'only_gone', 'rich_text', blocks('rich_text_blocks', 'gone')),
    ...['class', 'default', 'new', 'delete', 'function', 'constructor', 'this', '3d_view'].map((key) => field(everything, key, 'string')),
    // a field named like the sortable model's own position
    field(everything, 'position', 'string'),
    field(everything, 'meta', 'json'),
    field(everything, 'creator', 'link'),
    field(everything, 'future', 'a_field_type_from_the_future'),
    field(page, 'title', 'string'),
    field(page, 'parent_id', 'link', blocks('item_item_type', page.id)),
    field(hero, 'banner', 'single_block', blocks('single_block_blocks', heroBlock.id)),
    field(heroBlock, 'text', 'string'),
  ];
  return {
    locales: ['en', 'pt-BR', 'zh-Hant-TW'],
    itemTypes: [everything, section, quote, digit, page, ...others, hero, heroBlock],
    fields,
  };
}

/** The same schema listed in another order (as another API call might). */
export function shuffled(schema: Schema, seed = 7): Schema {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const mix = <T>(list: readonly T[]) =>
    list
      .map((value) => ({ value, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.value);
  return { locales: schema.locales, itemTypes: mix(schema.itemTypes), fields: mix(schema.fields) };
}
