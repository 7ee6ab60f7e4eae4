// New fields as documents: a draft of each field type, valid as it is (the validators its type requires, its
// first editor with the parameters that editor requires), and the POST body a draft's edited text becomes.
import type { CreateBody, Resource } from '../cma/types';
import { FIELD_TYPE_INFO, type FieldType } from './catalog';
import { documentValue, READONLY_KEY, type SchemaContext } from './document';
import { getOwn, parseText, setOwn, stringifyJson, type Json, type JsonObject, type Problem } from './json';
import { basisValue, checkDocument, updateBody } from './plan';
import { locate } from './problems';
import { DRAFT_ID } from './templates';

/** The field types as the DatoCMS editor names them, in its order. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  string: 'Single-line string', text: 'Multiple-paragraph text', structured_text: 'Structured text',
  boolean: 'Boolean', integer: 'Integer number', float: 'Floating-point number', date: 'Date', date_time: 'Date and time',
  color: 'Color', json: 'JSON', lat_lon: 'Geolocation', seo: 'SEO meta tags', slug: 'Slug', video: 'External video',
  file: 'Single asset', gallery: 'Asset gallery', link: 'Single link', links: 'Multiple links',
  rich_text: 'Modular content', single_block: 'Single block',
};

/** Keys a field create must carry. */
const CREATE_REQUIRED = ['label', 'api_key', 'field_type'] as const;

/** Parameters an editor requires (the others take none, or only optional ones). */
const REQUIRED_PARAMETERS: Partial<Record<string, JsonObject>> = { single_line: { heading: false } };

export type FieldCreatePlan = { ok: true; body: CreateBody<'field'> } | { ok: false; problems: Problem[] };

/** "new_field", else "new_field_2", … : an api_key no field of the model has. */
function freeApiKey(taken: ReadonlySet<string>): { apiKey: string; n: number } {
  for (let n = 1; ; n++) {
    const apiKey = n === 1 ? 'new_field' : `new_field_${n}`;
    if (!taken.has(apiKey)) return { apiKey, n };
  }
}

/** The validators a type requires, pointing at the project's first models of the right kind (none: an empty list). */
function requiredValidators(type: FieldType, model: Resource<'item_type'>, ctx: SchemaContext): JsonObject {
  const blocks = ctx.itemTypes.filter((m) => m.attributes['modular_block'] === true && m.id !== model.id).map((m) => m.id).slice(0, 1);
  const models = model.attributes['modular_block'] === true
    ? ctx.itemTypes.filter((m) => m.attributes['modular_block'] !== true).map((m) => m.id).slice(0, 1)
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
  const { apiKey, n } = freeApiKey(taken);
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

export function renderFieldDraft(draft: Resource<'field'>, ctx: SchemaContext): string {
  return `${stringifyJson(documentValue('field', draft, ctx), 2)}\n`;
}

/** The POST …/fields body for a draft's edited `text` (every value counts as the user's), or the problems in the way. */
export function planFieldCreate(draft: Resource<'field'>, text: string, ctx: SchemaContext): FieldCreatePlan {
  const basis: JsonObject = {};
  setOwn(basis, READONLY_KEY, getOwn(documentValue('field', draft, ctx), READONLY_KEY) as Json);
  const problems = checkDocument('field', text, draft, ctx, basis);
  const doc = basisValue(text);
  if (problems.length === 0 && doc) {
    const parsed = parseText(text);
    for (const key of CREATE_REQUIRED) {
      if (getOwn(doc, key) === undefined) problems.push(locate(parsed, { path: [key], message: 'is missing (a new field needs a label, an api_key and a field_type)' }));
    }
  }
  if (problems.length > 0 || !doc) return { ok: false, problems };
  const update = updateBody('field', draft, doc, basis, ctx);
  const data: CreateBody<'field'>['data'] = { type: 'field', attributes: (update?.data.attributes ?? {}) as Record<string, unknown> };
  if (update?.data.relationships) data.relationships = update.data.relationships;
  return { ok: true, body: { data } };
}
