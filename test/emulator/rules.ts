// The emulator's catalogue: what the API takes in schema writes, record values and record queries (field
// types with their editors and validators, option keys, editor parameters, webhook events, filter operators),
// written from the protocol. Every part of the emulator reads these facts here. They are kept apart from
// src/schema/catalog.ts on purpose: tables shared with the extension would let a mistake in them pass both
// sides of every test. test/schema/catalog.test.ts checks that the two catalogues agree.

/** A model's on/off settings, in the order both lists below give them. */
const ITEM_TYPE_SWITCHES = [
  'singleton',
  'all_locales_required',
  'sortable',
  'modular_block',
  'draft_mode_active',
  'draft_saving_active',
  'tree',
] as const;
export const ITEM_TYPE_ATTRIBUTES = [
  'name',
  'api_key',
  'collection_appeareance',
  'collection_appearance',
  ...ITEM_TYPE_SWITCHES,
  'ordering_direction',
  'ordering_meta',
  'has_singleton_item',
  'hint',
  'inverse_relationships_enabled',
] as const;
export const ITEM_TYPE_RELATIONSHIPS = [
  'ordering_field',
  'presentation_title_field',
  'presentation_image_field',
  'title_field',
  'image_preview_field',
  'excerpt_field',
  'workflow',
] as const;
export const ITEM_TYPE_BOOLEANS = [...ITEM_TYPE_SWITCHES, 'has_singleton_item', 'inverse_relationships_enabled'] as const;
export const ITEM_TYPE_ENUMS: Record<string, readonly (string | null)[]> = {
  collection_appearance: ['compact', 'table'],
  collection_appeareance: ['compact', 'table'],
  ordering_direction: ['asc', 'desc', null],
  ordering_meta: ['created_at', 'updated_at', 'first_published_at', 'published_at', null],
};

export const FIELD_ATTRIBUTES = [
  'default_value',
  'label',
  'api_key',
  'localized',
  'validators',
  'appeareance',
  'appearance',
  'position',
  'field_type',
  'hint',
  'deep_filtering_enabled',
  'content_link_enabled',
] as const;
export const FIELD_RELATIONSHIPS = ['fieldset'] as const;

export const FIELDSET_ATTRIBUTES = ['title', 'hint', 'position', 'collapsible', 'start_collapsed'] as const;

/** field_type → built-in editors, allowed validators, validators that must be present */
export const FIELD_TYPES: Record<
  string,
  { editors: readonly string[]; validators: readonly string[]; requiredValidators: readonly string[] }
> = {
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

/**
 * The field types an existing field of each type may become (PUT /fields/:id with another field_type).
 * The API's documentation says only that an update may change field_type, not between which types; we take
 * the stricter reading: a single-line string and a multi-paragraph text become each other (their values are
 * strings either way), and no other type changes in place.
 */
export const FIELD_TYPE_CHANGES: Record<string, readonly string[]> = {
  string: ['text'],
  text: ['string'],
};

/** Why a field of type `from` cannot become `to` in place; undefined when it can (or the type is unchanged). */
export function fieldTypeChangeProblem(from: string, to: string): string | undefined {
  if (from === to || FIELD_TYPE_CHANGES[from]?.includes(to)) return undefined;
  return `a ${from} field cannot become a ${to} field (${FIELD_TYPE_CHANGES[from]?.join(', ') || 'no other type'}): create a new field instead`;
}

export const WEBHOOK_ATTRIBUTES = [
  'name',
  'url',
  'custom_payload',
  'headers',
  'events',
  'http_basic_user',
  'http_basic_password',
  'enabled',
  'payload_api_version',
  'nested_items_in_payload',
  'auto_retry',
] as const;

/** entity_type → event types it fires (D-wh) */
export const WEBHOOK_EVENTS: Record<string, readonly string[]> = {
  item: ['create', 'update', 'delete', 'publish', 'unpublish'],
  item_type: ['create', 'update', 'delete'],
  upload: ['create', 'update', 'delete'],
  build_trigger: ['deploy_started', 'deploy_succeeded', 'deploy_failed'],
  environment: ['create', 'update', 'promote', 'delete'],
  maintenance_mode: ['change'],
  sso_user: ['create'],
  cda_cache_tags: ['invalidate'],
};
export const WEBHOOK_FILTER_ENTITY_TYPES = ['item_type', 'item', 'build_trigger', 'environment', 'environment_type'] as const;
/** Entity types whose events take no `filters`. */
export const WEBHOOK_UNFILTERABLE_ENTITIES = ['cda_cache_tags'] as const;
export const WEBHOOK_PAYLOAD_VERSIONS = ['1', '2', '3'] as const;

export const CREATOR_TYPES = ['account', 'access_token', 'user', 'sso_user', 'organization'] as const;

export const API_KEY_PATTERN = /^[a-z](?:[a-z0-9_]*[a-z0-9])?$/;

/** Option keys of each validator. */
export const VALIDATOR_OPTIONS: Record<string, readonly string[]> = {
  required: [],
  unique: [],
  length: ['min', 'eq', 'max'],
  format: ['custom_pattern', 'predefined_pattern', 'description'],
  enum: ['values'],
  number_range: ['min', 'max'],
  date_range: ['min', 'max'],
  date_time_range: ['min', 'max'],
  sanitized_html: ['sanitize_before_validation'],
  slug_format: ['custom_pattern', 'predefined_pattern'],
  slug_title_field: ['title_field_id'],
  size: ['min', 'eq', 'max', 'multiple_of'],
  file_size: ['min_value', 'min_unit', 'max_value', 'max_unit'],
  image_dimensions: ['width_min_value', 'width_max_value', 'height_min_value', 'height_max_value'],
  image_aspect_ratio: [
    'min_ar_numerator',
    'min_ar_denominator',
    'eq_ar_numerator',
    'eq_ar_denominator',
    'max_ar_numerator',
    'max_ar_denominator',
  ],
  extension: ['extensions', 'predefined_list'],
  required_alt_title: ['title', 'alt'],
  required_seo_fields: ['title', 'description', 'image', 'twitter_card'],
  title_length: ['min', 'max'],
  description_length: ['min', 'max'],
  item_item_type: [
    'item_types',
    'on_publish_with_unpublished_references_strategy',
    'on_reference_unpublish_strategy',
    'on_reference_delete_strategy',
  ],
  items_item_type: [
    'item_types',
    'on_publish_with_unpublished_references_strategy',
    'on_reference_unpublish_strategy',
    'on_reference_delete_strategy',
  ],
  structured_text_links: [
    'item_types',
    'on_publish_with_unpublished_references_strategy',
    'on_reference_unpublish_strategy',
    'on_reference_delete_strategy',
  ],
  rich_text_blocks: ['item_types'],
  single_block_blocks: ['item_types'],
  structured_text_blocks: ['item_types'],
  structured_text_inline_blocks: ['item_types'],
};

/** Parameters of each built-in editor; `required` ones must be present, the others may be absent or null. */
export const EDITOR_PARAMETERS: Record<string, { optional: readonly string[]; required?: readonly string[] }> = {
  single_line: { required: ['heading'], optional: ['placeholder'] },
  textarea: { optional: ['placeholder'] },
  integer: { optional: ['placeholder'] },
  float: { optional: ['placeholder'] },
  slug: { optional: ['url_prefix', 'placeholder'] },
  markdown: { optional: ['toolbar'] },
  wysiwyg: { optional: ['toolbar'] },
  color_picker: { optional: ['enable_alpha', 'preset_colors'] },
  boolean_radio_group: { optional: ['positive_radio', 'negative_radio'] },
  string_radio_group: { optional: ['radios'] },
  string_select: { optional: ['options'] },
  string_multi_select: { optional: ['options'] },
  string_checkbox_group: { optional: ['options'] },
  seo: { optional: ['fields', 'previews'] },
  rich_text: { optional: ['start_collapsed'] },
  framed_single_block: { optional: ['start_collapsed'] },
  frameless_single_block: { optional: ['start_collapsed'] },
  structured_text: {
    optional: ['nodes', 'marks', 'heading_levels', 'blocks_start_collapsed', 'show_links_target_blank', 'show_links_meta_editor'],
  },
};

/** Field types whose `content_link_enabled` may be false. */
export const CONTENT_LINK_OPTIONAL_TYPES = ['string', 'text', 'structured_text'] as const;

/** Field types whose values hold blocks. */
export const BLOCK_FIELD_TYPES: ReadonlySet<string> = new Set(['rich_text', 'single_block', 'structured_text']);
/** Field types whose value is a list: `[]` when empty, never null. */
export const LIST_FIELD_TYPES: ReadonlySet<string> = new Set(['links', 'gallery', 'rich_text']);
/** Validators whose `item_types` name the models a field may link to. */
export const LINK_VALIDATORS = ['item_item_type', 'items_item_type', 'structured_text_links'] as const;
/** Validators whose `item_types` name the block models a field may hold. */
export const BLOCK_VALIDATORS = [
  'rich_text_blocks',
  'single_block_blocks',
  'structured_text_blocks',
  'structured_text_inline_blocks',
] as const;

/** `filter[fields][<api_key>][<operator>]` operators of GET /items, per field type. */
export const ITEM_FILTER_OPERATORS: Record<string, readonly string[]> = {
  boolean: ['eq'],
  integer: ['gt', 'lt', 'gte', 'lte', 'eq', 'neq', 'exists'],
  float: ['gt', 'lt', 'gte', 'lte', 'eq', 'neq', 'exists'],
  date: ['gt', 'lt', 'gte', 'lte', 'eq', 'neq', 'exists'],
  date_time: ['gt', 'lt', 'gte', 'lte', 'eq', 'neq', 'exists'],
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
};

/** Buttons of the markdown editor's toolbar. */
export const MARKDOWN_TOOLBAR = [
  'heading',
  'bold',
  'italic',
  'strikethrough',
  'code',
  'unordered_list',
  'ordered_list',
  'quote',
  'link',
  'image',
  'fullscreen',
] as const;
/** Node types and marks the structured text editor can offer. */
export const STRUCTURED_TEXT_NODES = ['blockquote', 'code', 'heading', 'link', 'list', 'thematicBreak'] as const;
export const STRUCTURED_TEXT_MARKS = ['strong', 'emphasis', 'underline', 'strikethrough', 'code', 'highlight'] as const;

/** Values an editor parameter takes: a list of allowed items, or a kind of value. */
export const EDITOR_PARAMETER_VALUES: Record<
  string,
  readonly (string | number)[] | 'boolean' | 'string' | 'strings' | 'choices' | 'radio'
> = {
  'markdown.toolbar': MARKDOWN_TOOLBAR,
  'wysiwyg.toolbar': [
    'format',
    'bold',
    'italic',
    'strikethrough',
    'code',
    'ordered_list',
    'unordered_list',
    'quote',
    'table',
    'link',
    'image',
    'show_source',
    'undo',
    'redo',
    'align_left',
    'align_center',
    'align_right',
    'align_justify',
    'outdent',
    'indent',
    'fullscreen',
  ],
  'seo.fields': ['title', 'description', 'image', 'no_index', 'twitter_card'],
  'seo.previews': ['google', 'twitter', 'slack', 'whatsapp', 'telegram', 'facebook', 'linkedin'],
  'structured_text.nodes': STRUCTURED_TEXT_NODES,
  'structured_text.marks': STRUCTURED_TEXT_MARKS,
  'structured_text.heading_levels': [1, 2, 3, 4, 5, 6],
  heading: 'boolean',
  enable_alpha: 'boolean',
  start_collapsed: 'boolean',
  blocks_start_collapsed: 'boolean',
  show_links_target_blank: 'boolean',
  show_links_meta_editor: 'boolean',
  placeholder: 'string',
  url_prefix: 'string',
  preset_colors: 'strings',
  options: 'choices',
  radios: 'choices',
  positive_radio: 'radio',
  negative_radio: 'radio',
};
