// Update schemas (zod 4) for models, fields and webhooks: the writable part of their documents
// (the attributes the API accepts in an update, as the official client's endpoint metadata lists them). Everything is optional:
// a document may lack keys the resource lacked. Rules that relate several keys live in rules.ts.
import * as z from 'zod';
import {
  COLLECTION_APPEARANCES,
  FIELD_TYPES,
  ORDERING_DIRECTIONS,
  ORDERING_META,
  VALIDATOR_NAMES,
  WEBHOOK_ENTITY_TYPES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FILTER_ENTITY_TYPES,
  type ValidatorName,
} from './catalog';
import { compareNumbers } from './numbers';
import {
  arrayOf,
  bool,
  ID_FORMS,
  idSchema,
  int,
  isAbsoluteHttpUrl,
  isApiId,
  nonEmpty,
  nullableOneOf,
  nullableString,
  num,
  oneOf,
  reference,
  str,
  strictObject,
} from './zodHelpers';

const API_KEY = /^[a-z](?:[a-z0-9_]*[a-z0-9])?$/;
export const apiKeySchema = z
  .string({ error: 'expected a string' })
  .regex(API_KEY, { error: 'expected lowercase letters, digits and "_", starting with a letter and not ending with "_"' });

function validRegExp(value: string): boolean {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const isoDate = z
  .string({ error: 'expected a date "YYYY-MM-DD"' })
  .regex(ISO_DATE, { error: 'expected a date "YYYY-MM-DD"' })
  .refine(
    (value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    },
    { error: 'is not a real calendar date' },
  );
export const isoDateTime = z
  .string({ error: 'expected an ISO 8601 date-time, e.g. "2024-05-01T10:00:00Z"' })
  .regex(ISO_DATE_TIME, { error: 'expected an ISO 8601 date-time, e.g. "2024-05-01T10:00:00Z"' })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'is not a real date-time' });

const emptyOptions = strictObject({}, 'No options: {}');
const bound = num().nullable().optional();
const sizeUnit = oneOf(['B', 'KB', 'MB'] as const);
const publishStrategy = oneOf(['fail', 'publish_references'] as const).optional();
const unpublishStrategy = oneOf(['fail', 'unpublish', 'delete_references'] as const).optional();
const deleteStrategy = oneOf(['fail', 'delete_references'] as const).optional();
const modelIds = arrayOf(idSchema, 'Ids of the allowed models');
const blockIds = arrayOf(idSchema, 'Ids of the allowed block models');

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

const linkOptions = (what: string) =>
  strictObject(
    {
      item_types: modelIds,
      on_publish_with_unpublished_references_strategy: publishStrategy,
      on_reference_unpublish_strategy: unpublishStrategy,
      on_reference_delete_strategy: deleteStrategy,
    },
    what,
  );

// Bounds may be left out (`length: {}` is accepted); only the option names and their types are checked.
/** Option schemas per validator. */
export const VALIDATOR_OPTIONS: Record<ValidatorName, z.ZodType> = {
  required: emptyOptions.describe('Value must be present: {}'),
  unique: emptyOptions.describe('Value must be unique among records: {}'),
  length: strictObject({ min: bound, eq: bound, max: bound }, 'Length in characters: min, eq, max'),
  format: strictObject(
    {
      custom_pattern: str('A regular expression').refine(validRegExp, { error: 'is not a valid regular expression' }).nullable().optional(),
      predefined_pattern: oneOf(['email', 'url'] as const)
        .nullable()
        .optional(),
      description: str('Shown to editors when the value does not match').nullable().optional(),
    },
    'Format: custom_pattern or predefined_pattern (email, url)',
  ).refine((v) => isSet(v.custom_pattern) || isSet(v.predefined_pattern), {
    error: 'needs custom_pattern (a regular expression) or predefined_pattern (email, url)',
  }),
  enum: strictObject({ values: arrayOf(str(), 'Allowed values') }, 'Only these values: {values: [...]}'),
  number_range: strictObject({ min: bound, max: bound }, 'Number range: min and/or max'),
  date_range: strictObject(
    { min: isoDate.nullable().optional(), max: isoDate.nullable().optional() },
    'Date range: min and/or max (YYYY-MM-DD)',
  ),
  date_time_range: strictObject(
    { min: isoDateTime.nullable().optional(), max: isoDateTime.nullable().optional() },
    'Date-time range: min and/or max (ISO 8601)',
  ),
  sanitized_html: strictObject({ sanitize_before_validation: bool().optional() }, 'HTML must be sanitized'),
  slug_format: strictObject(
    {
      custom_pattern: str('A regular expression').refine(validRegExp, { error: 'is not a valid regular expression' }).nullable().optional(),
      predefined_pattern: oneOf(['webpage_slug'] as const)
        .nullable()
        .optional(),
    },
    'Slug format: custom_pattern or predefined_pattern "webpage_slug"',
  ),
  slug_title_field: strictObject({ title_field_id: idSchema }, 'The field the slug is generated from'),
  size: strictObject({ min: bound, eq: bound, max: bound, multiple_of: bound }, 'Number of items: min, eq, max, multiple_of'),
  file_size: strictObject(
    { min_value: bound, min_unit: sizeUnit.nullable().optional(), max_value: bound, max_unit: sizeUnit.nullable().optional() },
    'File size: min_value+min_unit and/or max_value+max_unit',
  ),
  image_dimensions: strictObject(
    { width_min_value: bound, width_max_value: bound, height_min_value: bound, height_max_value: bound },
    'Image dimensions in pixels',
  ),
  image_aspect_ratio: strictObject(
    {
      min_ar_numerator: bound,
      min_ar_denominator: bound,
      eq_ar_numerator: bound,
      eq_ar_denominator: bound,
      max_ar_numerator: bound,
      max_ar_denominator: bound,
    },
    'Aspect ratio: numerator/denominator pairs for min, eq, max',
  ),
  extension: strictObject(
    {
      extensions: arrayOf(str(), 'File extensions, e.g. ["pdf"]').optional(),
      predefined_list: oneOf(['image', 'transformable_image', 'video', 'document'] as const)
        .nullable()
        .optional(),
    },
    'Allowed file extensions: extensions or predefined_list',
  ),
  required_alt_title: strictObject({ title: bool().optional(), alt: bool().optional() }, 'Require alt and/or title'),
  required_seo_fields: strictObject(
    { title: bool().optional(), description: bool().optional(), image: bool().optional(), twitter_card: bool().optional() },
    'SEO parts that must be filled',
  ),
  title_length: strictObject({ min: bound, max: bound }, 'SEO title length'),
  description_length: strictObject({ min: bound, max: bound }, 'SEO description length'),
  item_item_type: linkOptions('Models the link may point to, and what happens on publish/unpublish/delete'),
  items_item_type: linkOptions('Models the links may point to, and what happens on publish/unpublish/delete'),
  rich_text_blocks: strictObject({ item_types: blockIds }, 'Block models allowed in the modular content'),
  single_block_blocks: strictObject({ item_types: blockIds }, 'Block models allowed'),
  structured_text_blocks: strictObject({ item_types: blockIds }, 'Block models allowed as blocks'),
  structured_text_inline_blocks: strictObject({ item_types: blockIds }, 'Block models allowed as inline blocks'),
  structured_text_links: linkOptions('Models the text may link to'),
};

const validatorsSchema = strictObject(
  Object.fromEntries(VALIDATOR_NAMES.map((name) => [name, VALIDATOR_OPTIONS[name].optional()])) as Record<
    ValidatorName,
    z.ZodOptional<z.ZodType>
  >,
  'Validators keyed by name; which are allowed depends on field_type. Sent whole when changed.',
);

const jsonObject = z.record(z.string(), z.unknown(), { error: 'expected an object' });

const addonSchema = strictObject(
  {
    id: str('The id of a plugin offering a field add-on'),
    field_extension: str('The add-on extension of a modern plugin').nullable().optional(),
    parameters: jsonObject.describe("The add-on's parameters").optional(),
  },
  'An add-on {id, field_extension?, parameters}',
);

const appearanceSchema = strictObject(
  {
    editor: nonEmpty('A built-in editor allowed for the field type (e.g. "single_line"), or a plugin id'),
    parameters: jsonObject.describe("The editor's parameters (depend on the editor)").optional(),
    addons: arrayOf(addonSchema, 'Add-on plugins: [{id, parameters}]').optional(),
    field_extension: str('With a plugin editor: which of its field extensions').nullable().optional(),
  },
  'How the field is edited: {editor, parameters, addons}. Sent whole when changed.',
);

/** Writable part of a model document. */
const modelShape = {
  name: nonEmpty('Name of the model').optional(),
  api_key: apiKeySchema.describe('API key of the model (lowercase, digits, "_")').optional(),
  collection_appearance: oneOf(COLLECTION_APPEARANCES, 'How the records list looks: compact or table').optional(),
  singleton: bool('Only one record of this model').optional(),
  all_locales_required: bool('Every locale must be filled for a record to be valid').optional(),
  sortable: bool('Records can be sorted by hand').optional(),
  modular_block: bool('A block model (true) or a regular model (false)').optional(),
  draft_mode_active: bool('Records have a draft/published workflow').optional(),
  draft_saving_active: bool('Invalid drafts may be saved').optional(),
  tree: bool('Records form a hierarchy').optional(),
  ordering_direction: nullableOneOf(ORDERING_DIRECTIONS, 'Default order: asc, desc or null').optional(),
  ordering_meta: nullableOneOf(ORDERING_META, 'Default order by a meta date (not together with ordering_field)').optional(),
  hint: nullableString('Hint shown to editors').optional(),
  inverse_relationships_enabled: bool('Show records that link here').optional(),
  has_singleton_item: bool('Whether the singleton record exists').optional(),
  ordering_field: reference('field', 'Default order by this field (not together with ordering_meta), or null').optional(),
  title_field: reference('field', 'The field used as record title, or null').optional(),
  image_preview_field: reference('field', 'The field used as preview image, or null').optional(),
  excerpt_field: reference('field', 'The field used as excerpt, or null').optional(),
  presentation_title_field: reference('field', 'The field used as presentation title, or null').optional(),
  presentation_image_field: reference('field', 'The field used as presentation image, or null').optional(),
  workflow: reference('workflow', 'The workflow of the model, or null').optional(),
};
export const MODEL_ATTRIBUTES = [
  'name',
  'api_key',
  'collection_appearance',
  'singleton',
  'all_locales_required',
  'sortable',
  'modular_block',
  'draft_mode_active',
  'draft_saving_active',
  'tree',
  'ordering_direction',
  'ordering_meta',
  'hint',
  'inverse_relationships_enabled',
  'has_singleton_item',
] as const;
/** The model's pointers to fields of its own. */
export const MODEL_FIELD_POINTERS = [
  'ordering_field',
  'title_field',
  'image_preview_field',
  'excerpt_field',
  'presentation_title_field',
  'presentation_image_field',
] as const;
export const MODEL_RELATIONSHIPS = [...MODEL_FIELD_POINTERS, 'workflow'] as const;

/** Writable part of a field document. */
const fieldShape = {
  label: nonEmpty('Label shown to editors').optional(),
  api_key: apiKeySchema.describe('API key of the field (lowercase, digits, "_")').optional(),
  field_type: oneOf(FIELD_TYPES, 'The field type; changing it converts existing values').optional(),
  localized: bool('One value per locale').optional(),
  default_value: z.unknown().describe('Default for new records; with localized: an object keyed by locale').optional(),
  validators: validatorsSchema.optional(),
  appearance: appearanceSchema.optional(),
  position: int('Position among the fields of the model, from 1')
    .refine((n) => compareNumbers(n, 1) >= 0, { error: 'must be 1 or more' })
    .optional(),
  hint: nullableString('Hint shown to editors').optional(),
  deep_filtering_enabled: bool('Allow filtering by the fields of linked blocks').optional(),
  content_link_enabled: bool('Visual editing links (may be false only for string, text, structured_text)').optional(),
  fieldset: reference('fieldset', 'The fieldset the field is in, or null').optional(),
};
export const FIELD_ATTRIBUTES = [
  'label',
  'api_key',
  'field_type',
  'localized',
  'default_value',
  'validators',
  'appearance',
  'position',
  'hint',
  'deep_filtering_enabled',
  'content_link_enabled',
] as const;
export const FIELD_RELATIONSHIPS = ['fieldset'] as const;

export const PAYLOAD_API_VERSIONS = ['1', '2', '3'] as const;
/** Filters on these entity types name them by id; environments by name, environment types as primary/sandbox. */
const ID_FILTER_TARGETS: readonly string[] = ['item_type', 'item', 'build_trigger'];

const eventSchema = strictObject({
  entity_type: oneOf(WEBHOOK_ENTITY_TYPES, 'What the event is about'),
  event_types: arrayOf(oneOf(WEBHOOK_EVENT_TYPES), 'Which events of that entity trigger the webhook').min(1, {
    error: 'needs at least one event type',
  }),
  filters: arrayOf(
    strictObject({
      entity_type: oneOf(WEBHOOK_FILTER_ENTITY_TYPES, 'What the filter matches on'),
      entity_ids: arrayOf(nonEmpty(), 'Ids (or environment names) to match, at least one').min(1, { error: 'needs at least one id' }),
    }).superRefine((filter, ctx) => {
      if (!ID_FILTER_TARGETS.includes(filter.entity_type)) return;
      filter.entity_ids.forEach((id, i) => {
        if (!isApiId(id)) ctx.addIssue({ code: 'custom', path: ['entity_ids', i], message: `is not ${ID_FORMS}` });
      });
    }),
    'Only entities matching these filters, or null',
  )
    .nullable()
    .optional(),
});

/** Writable part of a webhook document. */
export const webhookShape = {
  name: nonEmpty('Name of the webhook').optional(),
  url: str('Absolute http(s) URL called on events (Mustache tags allowed)')
    .refine(isAbsoluteHttpUrl, { error: 'expected an absolute http(s) URL, e.g. "https://example.com/hook"' })
    .optional(),
  custom_payload: nullableString('Mustache template for the body, or null for the default payload').optional(),
  headers: z
    .record(
      z.string().refine((name) => name.trim() !== '', { error: 'a header name must not be blank' }),
      z.string({ error: 'expected a string (header values are strings)' }),
      { error: 'expected an object mapping header names to strings' },
    )
    .describe('Extra HTTP headers: {"Name": "value"}. Sent whole when changed.')
    .optional(),
  events: arrayOf(eventSchema, 'Events that trigger the webhook. Sent whole when changed.').optional(),
  http_basic_user: nullableString('Basic auth user, or null').optional(),
  http_basic_password: nullableString('Basic auth password, or null').optional(),
  enabled: bool('Whether the webhook fires').optional(),
  payload_api_version: oneOf(PAYLOAD_API_VERSIONS, 'Version of the payload format: "1", "2" or "3"').optional(),
  nested_items_in_payload: bool('Blocks expanded in the payload').optional(),
  auto_retry: bool('Retry failed calls').optional(),
};
export const WEBHOOK_ATTRIBUTES = Object.keys(webhookShape) as (keyof typeof webhookShape)[];

/** Writable part of a fieldset document (its model is set by where it was created). */
export const fieldsetShape = {
  title: nonEmpty('Title of the fieldset, shown to editors').optional(),
  hint: nullableString('Hint shown under the title, or null').optional(),
  collapsible: bool('Editors can collapse the fieldset').optional(),
  start_collapsed: bool('Collapsed when a record opens (when collapsible)').optional(),
  position: z
    .number({ error: 'expected a number' })
    .int({ error: 'expected a whole number' })
    .min(0, { error: 'expected 0 or more' })
    .describe("Order among the model's fields and fieldsets")
    .optional(),
};
export const FIELDSET_ATTRIBUTES = Object.keys(fieldsetShape) as (keyof typeof fieldsetShape)[];

/** The writable shape of each schema document kind. */
export const SCHEMA_SHAPES = { model: modelShape, field: fieldShape, webhook: webhookShape, fieldset: fieldsetShape } as const;
