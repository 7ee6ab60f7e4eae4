// Enumerations of the CMA (field types, editors, validators, model and webhook options, filter operators):
// one place for every closed list the schemas use.

export const FIELD_TYPES = [
  'string',
  'text',
  'boolean',
  'integer',
  'float',
  'date',
  'date_time',
  'color',
  'json',
  'lat_lon',
  'seo',
  'slug',
  'video',
  'file',
  'gallery',
  'link',
  'links',
  'rich_text',
  'single_block',
  'structured_text',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

export const VALIDATOR_NAMES = [
  'required',
  'unique',
  'length',
  'format',
  'enum',
  'number_range',
  'date_range',
  'date_time_range',
  'sanitized_html',
  'slug_format',
  'slug_title_field',
  'size',
  'file_size',
  'image_dimensions',
  'image_aspect_ratio',
  'extension',
  'required_alt_title',
  'required_seo_fields',
  'title_length',
  'description_length',
  'item_item_type',
  'items_item_type',
  'rich_text_blocks',
  'single_block_blocks',
  'structured_text_blocks',
  'structured_text_inline_blocks',
  'structured_text_links',
] as const;
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

export const EDITOR_NAMES = [
  'single_line',
  'string_radio_group',
  'string_select',
  'markdown',
  'wysiwyg',
  'textarea',
  'boolean',
  'boolean_radio_group',
  'integer',
  'float',
  'date_picker',
  'date_time_picker',
  'color_picker',
  'json',
  'string_multi_select',
  'string_checkbox_group',
  'map',
  'seo',
  'slug',
  'video',
  'file',
  'gallery',
  'link_select',
  'link_embed',
  'links_select',
  'links_embed',
  'rich_text',
  'framed_single_block',
  'frameless_single_block',
  'structured_text',
] as const;
export type EditorName = (typeof EDITOR_NAMES)[number];

export interface FieldTypeInfo {
  editors: readonly EditorName[];
  validators: readonly ValidatorName[];
  /** validators the API insists on for this type */
  requiredValidators: readonly ValidatorName[];
}

// The 20 field types, with the editors and validators each accepts.
export const FIELD_TYPE_INFO: Record<FieldType, FieldTypeInfo> = {
  string: {
    editors: ['single_line', 'string_radio_group', 'string_select'],
    validators: ['required', 'unique', 'length', 'format', 'enum'],
    requiredValidators: [],
  },
  text: {
    editors: ['markdown', 'wysiwyg', 'textarea'],
    validators: ['required', 'length', 'format', 'sanitized_html'],
    requiredValidators: [],
  },
  boolean: { editors: ['boolean', 'boolean_radio_group'], validators: [], requiredValidators: [] },
  integer: { editors: ['integer'], validators: ['required', 'number_range'], requiredValidators: [] },
  float: { editors: ['float'], validators: ['required', 'number_range'], requiredValidators: [] },
  date: { editors: ['date_picker'], validators: ['required', 'date_range'], requiredValidators: [] },
  date_time: { editors: ['date_time_picker'], validators: ['required', 'date_time_range'], requiredValidators: [] },
  color: { editors: ['color_picker'], validators: ['required'], requiredValidators: [] },
  json: { editors: ['json', 'string_multi_select', 'string_checkbox_group'], validators: ['required'], requiredValidators: [] },
  lat_lon: { editors: ['map'], validators: ['required'], requiredValidators: [] },
  seo: {
    editors: ['seo'],
    validators: ['required_seo_fields', 'file_size', 'image_dimensions', 'image_aspect_ratio', 'title_length', 'description_length'],
    requiredValidators: [],
  },
  slug: { editors: ['slug'], validators: ['required', 'unique', 'length', 'slug_format', 'slug_title_field'], requiredValidators: [] },
  video: { editors: ['video'], validators: ['required'], requiredValidators: [] },
  file: {
    editors: ['file'],
    validators: ['required', 'file_size', 'image_dimensions', 'image_aspect_ratio', 'extension', 'required_alt_title'],
    requiredValidators: [],
  },
  gallery: {
    editors: ['gallery'],
    validators: ['size', 'file_size', 'image_dimensions', 'image_aspect_ratio', 'extension', 'required_alt_title'],
    requiredValidators: [],
  },
  link: {
    editors: ['link_select', 'link_embed'],
    validators: ['item_item_type', 'required', 'unique'],
    requiredValidators: ['item_item_type'],
  },
  links: { editors: ['links_select', 'links_embed'], validators: ['items_item_type', 'size'], requiredValidators: ['items_item_type'] },
  rich_text: { editors: ['rich_text'], validators: ['rich_text_blocks', 'size'], requiredValidators: ['rich_text_blocks'] },
  single_block: {
    editors: ['framed_single_block', 'frameless_single_block'],
    validators: ['single_block_blocks', 'required'],
    requiredValidators: ['single_block_blocks'],
  },
  structured_text: {
    editors: ['structured_text'],
    validators: ['structured_text_blocks', 'structured_text_links', 'required', 'length', 'structured_text_inline_blocks'],
    requiredValidators: ['structured_text_blocks', 'structured_text_links'],
  },
};

/** Field types whose values hold blocks (records of block models). */
export const BLOCK_FIELD_TYPES: readonly FieldType[] = ['rich_text', 'single_block', 'structured_text'];

/** Field types whose `content_link_enabled` may be false. */
export const CONTENT_LINK_OPTIONAL_TYPES: readonly FieldType[] = ['string', 'text', 'structured_text'];

// Model (item_type) options.
export const COLLECTION_APPEARANCES = ['compact', 'table'] as const;
export const ORDERING_DIRECTIONS = ['asc', 'desc'] as const;
export const ORDERING_META = ['created_at', 'updated_at', 'first_published_at', 'published_at'] as const;

// Webhook entities, filter entities and events.
export const WEBHOOK_ENTITY_TYPES = [
  'item_type',
  'item',
  'upload',
  'build_trigger',
  'environment',
  'maintenance_mode',
  'sso_user',
  'cda_cache_tags',
] as const;
export type WebhookEntityType = (typeof WEBHOOK_ENTITY_TYPES)[number];
export const WEBHOOK_EVENT_TYPES = [
  'create',
  'update',
  'delete',
  'publish',
  'unpublish',
  'promote',
  'deploy_started',
  'deploy_succeeded',
  'deploy_failed',
  'change',
  'invalidate',
] as const;
export const WEBHOOK_EVENTS_BY_ENTITY: Record<WebhookEntityType, readonly string[]> = {
  item: ['create', 'update', 'delete', 'publish', 'unpublish'],
  item_type: ['create', 'update', 'delete'],
  upload: ['create', 'update', 'delete'],
  build_trigger: ['deploy_started', 'deploy_succeeded', 'deploy_failed'],
  environment: ['create', 'update', 'promote', 'delete'],
  maintenance_mode: ['change'],
  sso_user: ['create'],
  cda_cache_tags: ['invalidate'],
};
/** entity types that take no `filters` */
export const WEBHOOK_UNFILTERABLE_ENTITIES: readonly WebhookEntityType[] = ['cda_cache_tags'];
export const WEBHOOK_FILTER_ENTITY_TYPES = ['item_type', 'item', 'build_trigger', 'environment', 'environment_type'] as const;

// `filter[fields][<api_key>][<operator>]` operators of GET /items, per field type.
const NUMERIC_OPS = ['gt', 'lt', 'gte', 'lte', 'eq', 'neq', 'exists'] as const;
const DATE_TIME_OPS = ['gt', 'lt', 'gte', 'lte', 'eq', 'neq', 'exists'] as const;

/** Item filter operators (`filter[fields][<api_key>][<op>]`) per field type and per meta column. */
export const FILTER_OPERATORS: Record<string, readonly string[]> = Object.freeze({
  boolean: ['eq'],
  integer: NUMERIC_OPS,
  float: NUMERIC_OPS,
  date: NUMERIC_OPS,
  date_time: DATE_TIME_OPS,
  string: ['matches', 'not_matches', 'is_blank', 'is_present', 'eq', 'neq', 'in', 'not_in', 'exists'],
  text: ['matches', 'not_matches', 'is_blank', 'is_present', 'exists'],
  structured_text: ['matches', 'not_matches'],
  slug: ['eq', 'neq', 'in', 'not_in'],
  color: ['exists'],
  json: ['exists'],
  video: ['exists'],
  seo: ['exists'],
  lat_lon: ['near', 'exists'],
  file: ['eq', 'neq', 'in', 'not_in', 'exists'],
  gallery: ['eq', 'all_in', 'any_in', 'not_in', 'exists'],
  link: ['eq', 'neq', 'in', 'not_in', 'exists'],
  links: ['eq', 'all_in', 'any_in', 'not_in', 'exists'],
  rich_text: [],
  single_block: [],
  _created_at: DATE_TIME_OPS,
  _updated_at: DATE_TIME_OPS,
  _published_at: DATE_TIME_OPS,
  _first_published_at: DATE_TIME_OPS,
  _publication_scheduled_at: DATE_TIME_OPS,
  _unpublishing_scheduled_at: DATE_TIME_OPS,
  _is_valid: ['eq'],
  _status: ['eq', 'neq', 'in', 'notIn'],
  id: ['eq', 'neq', 'in', 'notIn'],
  parent_id: ['eq', 'exists'],
  position: ['gt', 'lt', 'gte', 'lte', 'eq', 'neq'],
  _creator: ['eq'],
});

/** Meta columns usable in `order_by` (`<column>_ASC|_DESC`); `position` only on sortable/tree models, `_rank` only with `filter[query]`. */
export const ORDERABLE_META_COLUMNS: readonly string[] = Object.freeze([
  'id',
  '_created_at',
  '_updated_at',
  '_status',
  '_published_at',
  '_first_published_at',
  '_publication_scheduled_at',
  '_unpublishing_scheduled_at',
  '_is_valid',
  'position',
  '_rank',
]);

/** The meta columns a model's records may be ordered by: `position` only on sortable/tree models, `_rank` only while searching. */
export function orderMetaColumns(sortable: boolean, searching: boolean): string[] {
  return ORDERABLE_META_COLUMNS.filter((c) => (c !== 'position' || sortable) && (c !== '_rank' || searching));
}
