// The shapes the seeded schema is written in (models, fieldsets, fields, id lookups) and the option sets
// several seeded models share. The models themselves are in seed-schema-blocks.ts, seed-schema-journal.ts
// and seed-schema-site.ts; seed-schema.ts puts them in order.
import { STRUCTURED_TEXT_MARKS, STRUCTURED_TEXT_NODES } from './rules.js';

export interface FieldSpec {
  api_key: string;
  label: string;
  field_type: string;
  localized?: boolean;
  hint?: string | null;
  /** validators; `ref` resolves model and field api_keys to the seeded ids */
  validators?: (ref: Refs) => Record<string, unknown>;
  editor: string;
  parameters?: Record<string, unknown>;
  default_value?: unknown;
  /** title of the model's fieldset holding the field */
  fieldset?: string;
}

export interface FieldsetSpec {
  title: string;
  hint?: string | null;
  collapsible?: boolean;
  start_collapsed?: boolean;
}

export interface ModelSpec {
  api_key: string;
  name: string;
  modular_block?: boolean;
  singleton?: boolean;
  sortable?: boolean;
  tree?: boolean;
  draft_mode_active?: boolean;
  draft_saving_active?: boolean;
  all_locales_required?: boolean;
  collection_appearance?: 'compact' | 'table';
  ordering_direction?: 'asc' | 'desc' | null;
  ordering_meta?: string | null;
  ordering_field?: string;
  hint?: string | null;
  title_field?: string;
  image_preview_field?: string;
  excerpt_field?: string;
  fieldsets?: FieldsetSpec[];
  fields: FieldSpec[];
}

export interface Refs {
  model(apiKey: string): string;
  field(modelApiKey: string, fieldApiKey: string): string;
}

export const linkStrategies = {
  on_publish_with_unpublished_references_strategy: 'fail',
  on_reference_unpublish_strategy: 'delete_references',
  on_reference_delete_strategy: 'delete_references',
};

export const imageOnly = { extensions: [], predefined_list: 'image' };

export const structuredTextEditor = {
  nodes: [...STRUCTURED_TEXT_NODES],
  marks: [...STRUCTURED_TEXT_MARKS],
  heading_levels: [2, 3, 4],
  blocks_start_collapsed: false,
  show_links_target_blank: true,
  show_links_meta_editor: false,
};

export const slugFormat = { predefined_pattern: 'webpage_slug' };

/** A single-line heading field (a model's title): `localized` unless told otherwise. */
export function headingField(
  api_key: string,
  label: string,
  validators: FieldSpec['validators'],
  options: { localized?: boolean } = {},
): FieldSpec {
  return {
    api_key,
    label,
    field_type: 'string',
    ...(options.localized === false ? {} : { localized: true }),
    editor: 'single_line',
    parameters: { heading: true, placeholder: null },
    validators,
  };
}

/** The options of a select, radio group or checkbox group: `[label, value]`, or `[label, value, hint]`. */
export function choices(...entries: ([string, string] | [string, string, string | null])[]): Record<string, unknown>[] {
  return entries.map(([label, value, ...hint]) => ({ label, value, ...(hint.length ? { hint: hint[0] } : {}) }));
}

/** The slug of a model's title field: required, unique, in the webpage slug format; `parameters` its editor's. */
export function slugField(
  model: string,
  titleField: string,
  parameters: Record<string, unknown>,
  options: { fieldset?: string; maxLength?: number } = {},
): FieldSpec {
  return {
    api_key: 'slug',
    label: 'Slug',
    field_type: 'slug',
    ...(options.fieldset ? { fieldset: options.fieldset } : {}),
    editor: 'slug',
    parameters,
    validators: (r) => ({
      required: {},
      unique: {},
      ...(options.maxLength === undefined ? {} : { length: { max: options.maxLength } }),
      slug_title_field: { title_field_id: r.field(model, titleField) },
      slug_format: slugFormat,
    }),
  };
}
