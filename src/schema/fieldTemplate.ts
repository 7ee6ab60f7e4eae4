// New fields as documents: a draft of each field type, valid as it is (the validators its type requires, its
// first editor with the parameters that editor requires). Its text becomes a POST body through planSchemaCreate.
import type { Resource } from '../cma';
import { FIELD_TYPE_INFO, type FieldType } from './catalog';
import type { SchemaContext } from './document';
import { setOwn, type JsonObject } from './json';
import { freeName } from './schemaDrafts';
import { DRAFT_ID } from './templates';

/** The field types as the DatoCMS editor names them, in its order. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  string: 'Single-line string',
  text: 'Multiple-paragraph text',
  structured_text: 'Structured text',
  boolean: 'Boolean',
  integer: 'Integer number',
  float: 'Floating-point number',
  date: 'Date',
  date_time: 'Date and time',
  color: 'Color',
  json: 'JSON',
  lat_lon: 'Geolocation',
  seo: 'SEO meta tags',
  slug: 'Slug',
  video: 'External video',
  file: 'Single asset',
  gallery: 'Asset gallery',
  link: 'Single link',
  links: 'Multiple links',
  rich_text: 'Modular content',
  single_block: 'Single block',
};

/** Parameters an editor requires (the others take none, or only optional ones). */
const REQUIRED_PARAMETERS: Partial<Record<string, JsonObject>> = { single_line: { heading: false } };

/** The validators a type requires, pointing at the project's first models of the right kind (none: an empty list). */
function requiredValidators(type: FieldType, model: Resource<'item_type'>, ctx: SchemaContext): JsonObject {
  const blocks = ctx.itemTypes
    .filter((m) => m.attributes['modular_block'] === true && m.id !== model.id)
    .map((m) => m.id)
    .slice(0, 1);
  const models =
    model.attributes['modular_block'] === true
      ? ctx.itemTypes
          .filter((m) => m.attributes['modular_block'] !== true)
          .map((m) => m.id)
          .slice(0, 1)
      : [model.id];
  const out: JsonObject = {};
  for (const name of FIELD_TYPE_INFO[type].requiredValidators) {
    setOwn(out, name, { item_types: name.endsWith('_blocks') ? blocks : models });
  }
  return out;
}

/** The not-yet-created field of a model, as a resource the document format renders and checks. */
export function draftField(model: Resource<'item_type'>, type: FieldType, ctx: SchemaContext): Resource<'field'> {
  const taken = new Set((ctx.fieldsOf(model.id) ?? []).map((f) => String(f.attributes['api_key'])));
  const { name: apiKey, n } = freeName('new_field', taken);
  const editor = FIELD_TYPE_INFO[type].editors[0]!;
  return {
    id: DRAFT_ID,
    type: 'field',
    attributes: {
      label: n === 1 ? 'New field' : `New field ${n}`,
      api_key: apiKey,
      field_type: type,
      localized: false,
      hint: null,
      validators: requiredValidators(type, model, ctx),
      appearance: { editor, parameters: { ...REQUIRED_PARAMETERS[editor] }, addons: [] },
    },
    relationships: { item_type: { data: { type: 'item_type', id: model.id } }, fieldset: { data: null } },
    meta: {},
  };
}
