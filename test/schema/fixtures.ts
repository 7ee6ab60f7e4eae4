// Hand-built resources shaped like the API's answers, for the schema tests.
import type { Resource } from '../../src/cma/types';
import type { SchemaContext } from '../../src/schema';

const ref = (type: string, id: string) => ({ type, id });

export function model(
  id: string,
  apiKey: string,
  attributes: Record<string, unknown> = {},
  fieldIds: string[] = [],
): Resource<'item_type'> {
  return {
    id,
    type: 'item_type',
    attributes: {
      name: apiKey.replace(/_/g, ' '),
      api_key: apiKey,
      collection_appearance: 'compact',
      collection_appeareance: 'compact',
      singleton: false,
      all_locales_required: false,
      sortable: false,
      modular_block: false,
      draft_mode_active: false,
      draft_saving_active: false,
      tree: false,
      ordering_direction: null,
      ordering_meta: null,
      has_singleton_item: false,
      hint: null,
      inverse_relationships_enabled: false,
      ...attributes,
    },
    relationships: {
      singleton_item: { data: null },
      fields: { data: fieldIds.map((f) => ref('field', f)) },
      fieldsets: { data: [] },
      presentation_title_field: { data: null },
      presentation_image_field: { data: null },
      title_field: { data: fieldIds[0] ? ref('field', fieldIds[0]) : null },
      image_preview_field: { data: null },
      excerpt_field: { data: null },
      ordering_field: { data: null },
      workflow: { data: null },
    },
    meta: { has_singleton_item: false },
  };
}

export function field(
  id: string,
  modelId: string,
  apiKey: string,
  fieldType: string,
  extra: Record<string, unknown> = {},
  editor = 'single_line',
  parameters: Record<string, unknown> = {},
): Resource<'field'> {
  const appearance = { editor, parameters, addons: [] };
  return {
    id,
    type: 'field',
    attributes: {
      label: apiKey,
      field_type: fieldType,
      api_key: apiKey,
      localized: false,
      validators: {},
      appearance,
      appeareance: appearance,
      position: 1,
      hint: null,
      default_value: null,
      deep_filtering_enabled: false,
      content_link_enabled: true,
      ...extra,
    },
    relationships: { item_type: { data: ref('item_type', modelId) }, fieldset: { data: null } },
    meta: {},
  };
}

export const ARTICLE = 'ArticleMQdel000000001A';
export const CTA = 'CtaBlockQoKel00000001A';
export const QUOTE = 'QuoteBloQkKodel000001A';
export const AUTHOR = 'AuthorMoQeK0000000001A';

let position = 0;
const f = (
  id: string,
  modelId: string,
  apiKey: string,
  type: string,
  extra: Record<string, unknown>,
  editor: string,
  parameters: Record<string, unknown> = {},
) => field(id, modelId, apiKey, type, { position: ++position, ...extra }, editor, parameters);

export const articleFields: Resource<'field'>[] = [
  f(
    'fTitle00Q0K000000000eA',
    ARTICLE,
    'title',
    'string',
    { localized: true, validators: { required: {}, length: { min: 3, max: 120 } } },
    'single_line',
    { heading: true },
  ),
  f(
    'fSlug000Q0K0000000000A',
    ARTICLE,
    'slug',
    'slug',
    { validators: { required: {}, slug_format: { predefined_pattern: 'webpage_slug' } } },
    'slug',
    { url_prefix: 'https://x.example/' },
  ),
  f(
    'fBody000Q0K000000000yA',
    ARTICLE,
    'body',
    'structured_text',
    {
      localized: true,
      validators: {
        structured_text_blocks: { item_types: [QUOTE] },
        structured_text_links: { item_types: [ARTICLE] },
        structured_text_inline_blocks: { item_types: [] },
      },
    },
    'structured_text',
  ),
  f(
    'fContentQ0K000000000tA',
    ARTICLE,
    'content',
    'rich_text',
    { validators: { rich_text_blocks: { item_types: [CTA, QUOTE] }, size: { max: 5 } } },
    'rich_text',
  ),
  f(
    'fHero000Q0K000000000oA',
    ARTICLE,
    'hero',
    'single_block',
    { validators: { single_block_blocks: { item_types: [CTA] } } },
    'framed_single_block',
  ),
  f('fAuthor0Q0K000000000rA', ARTICLE, 'author', 'link', { validators: { item_item_type: { item_types: [AUTHOR] } } }, 'link_select'),
  f(
    'fCats000Q0K000000000sA',
    ARTICLE,
    'categories',
    'links',
    { validators: { items_item_type: { item_types: [AUTHOR] } } },
    'links_select',
  ),
  f('fRating0Q0K0000000000A', ARTICLE, 'rating', 'float', { validators: { number_range: { min: 0, max: 5 } } }, 'float'),
  f('fReadingQ0K0000000000A', ARTICLE, 'reading_time', 'integer', {}, 'integer'),
  f('fFeatureQ0K000000000dA', ARTICLE, 'featured', 'boolean', { default_value: false }, 'boolean'),
  f('fDate000Q0K000000000eA', ARTICLE, 'published_on', 'date', { validators: { date_range: { min: '2015-01-01' } } }, 'date_picker'),
  f('fStarts0Q0K000000000sA', ARTICLE, 'starts_at', 'date_time', {}, 'date_time_picker'),
  f('fColor00Q0K000000000rA', ARTICLE, 'color', 'color', {}, 'color_picker'),
  f('fJson000Q0K000000000nA', ARTICLE, 'details', 'json', {}, 'json'),
  f('fLatLon0Q0K000000000nA', ARTICLE, 'venue', 'lat_lon', {}, 'map'),
  f('fSeo0000Q0K000000000oA', ARTICLE, 'seo', 'seo', { localized: true }, 'seo'),
  f('fVideo00Q0K000000000oA', ARTICLE, 'teaser', 'video', {}, 'video'),
  f('fCover00Q0K000000000rA', ARTICLE, 'cover', 'file', {}, 'file'),
  f('fGalleryQ0K000000000yA', ARTICLE, 'photos', 'gallery', {}, 'gallery'),
  f('fText000Q0K000000000tA', ARTICLE, 'excerpt', 'text', { validators: { length: { max: 300 } } }, 'textarea'),
  f('fRole000Q0K000000000eA', ARTICLE, 'role', 'string', { validators: { enum: { values: ['chef', 'critic'] } } }, 'string_select', {
    options: [
      { label: 'Chef', value: 'chef' },
      { label: 'Critic', value: 'critic' },
    ],
  }),
];

export const ctaFields: Resource<'field'>[] = [
  f('fCtaLabeQ0K000000000lA', CTA, 'label', 'string', { validators: { required: {} } }, 'single_line'),
  f('fCtaUrl0Q0K000000000lA', CTA, 'url', 'string', { validators: { format: { predefined_pattern: 'url' } } }, 'single_line'),
];
export const quoteFields: Resource<'field'>[] = [
  f('fQuote00Q0K000000000eA', QUOTE, 'quote', 'text', { validators: { required: {} } }, 'textarea'),
  f(
    'fQuoteCtQ0K000000000aA',
    QUOTE,
    'cta',
    'single_block',
    { validators: { single_block_blocks: { item_types: [CTA] } } },
    'framed_single_block',
  ),
];

export const FIELDSET = 'Fs100000Q0K0000000001A';
export const articleModel = model(
  ARTICLE,
  'article',
  { draft_mode_active: true },
  articleFields.map((x) => x.id),
);
articleModel.relationships['fieldsets'] = { data: [ref('fieldset', FIELDSET)] };
export const ctaModel = model(
  CTA,
  'cta_block',
  { modular_block: true },
  ctaFields.map((x) => x.id),
);
export const quoteModel = model(
  QUOTE,
  'quote_block',
  { modular_block: true },
  quoteFields.map((x) => x.id),
);
export const authorModel = model(AUTHOR, 'author', {}, []);

export function context(overrides: Partial<SchemaContext> = {}): SchemaContext {
  const fields: Record<string, Resource<'field'>[]> = { [ARTICLE]: articleFields, [CTA]: ctaFields, [QUOTE]: quoteFields, [AUTHOR]: [] };
  return {
    locales: ['en', 'it'],
    itemTypes: [articleModel, ctaModel, quoteModel, authorModel],
    fieldsOf: (id) => fields[id],
    ...overrides,
  };
}

function block(id: string, modelId: string, attributes: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'item',
    id,
    attributes,
    relationships: { item_type: { data: ref('item_type', modelId) } },
    meta: { created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z', status: null, current_version: `v-${id}` },
  };
}

export function articleRecord(): Resource<'item'> {
  return {
    id: 'RecordArQiKle00000001A',
    type: 'item',
    attributes: {
      title: { en: 'Risotto tonight', it: 'Risotto stasera' },
      slug: 'risotto-tonight',
      body: {
        en: {
          schema: 'dast',
          document: {
            type: 'root',
            children: [
              { type: 'paragraph', children: [{ type: 'span', value: 'Hello' }] },
              {
                type: 'block',
                item: block('BlockQuoQeKn000000001A', QUOTE, {
                  quote: 'Buono!',
                  cta: block('BlockCtaQeKted0000001A', CTA, { label: 'Go', url: 'https://a.example' }),
                }),
              },
            ],
          },
        },
        it: null,
      },
      content: [
        block('BlockCtaQ0K0000000001A', CTA, { label: 'Book', url: 'https://book.example' }),
        block('BlockQuoQeK0000000001A', QUOTE, { quote: 'Wow', cta: null }),
      ],
      hero: block('BlockHerQ0K0000000001A', CTA, { label: 'Hero', url: null }),
      author: 'RecordAuQhKr000000001A',
      categories: [],
      rating: 4.5,
      reading_time: 7,
      featured: false,
      published_on: '2024-03-01',
      starts_at: '2024-03-01T10:00:00+01:00',
      color: { red: 10, green: 20, blue: 30, alpha: 255 },
      details: '{"seats": 4}',
      venue: { latitude: 45.4, longitude: 9.2 },
      seo: { en: { title: 'T', description: 'D', image: null, twitter_card: 'summary', no_index: false }, it: null },
      teaser: null,
      cover: { upload_id: 'Upload00Q0K0000000001A', alt: 'A', title: null, custom_data: {}, focal_point: null },
      photos: [],
      excerpt: 'Short',
      role: 'chef',
    },
    relationships: { item_type: { data: ref('item_type', ARTICLE) }, creator: { data: ref('account', '43210') } },
    meta: {
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-02T00:00:00.000Z',
      published_at: null,
      first_published_at: null,
      publication_scheduled_at: null,
      unpublishing_scheduled_at: null,
      status: 'draft',
      is_valid: true,
      is_current_version_valid: true,
      is_published_version_valid: null,
      current_version: 'Version0Q0K0000000001A',
      stage: null,
      has_children: null,
    },
  };
}

export function webhook(): Resource<'webhook'> {
  return {
    id: 'Webhook0Q0K0000000001A',
    type: 'webhook',
    attributes: {
      name: 'Deploy',
      url: 'https://hooks.example/deploy',
      enabled: true,
      custom_payload: null,
      http_basic_user: null,
      http_basic_password: null,
      headers: { 'X-Token': 'abc' },
      events: [
        { entity_type: 'item', event_types: ['publish', 'unpublish'], filters: [{ entity_type: 'item_type', entity_ids: [ARTICLE] }] },
        { entity_type: 'item_type', event_types: ['create', 'update'], filters: null },
      ],
      payload_api_version: '3',
      nested_items_in_payload: false,
      auto_retry: true,
    },
    relationships: {},
    meta: {},
  };
}

export const titleField = articleFields[0]!;
export const contentField = articleFields[3]!;
