// New schema documents (models, block models, fieldsets, webhooks; fields have their own template): a draft resource the
// document format renders and checks like any other, and the one POST body a draft's edited text becomes.
import type { CreateBody, Resource } from '../cma';
import { documentValue, READONLY_KEY, type DocumentKind, type SchemaContext } from './document';
import { getOwn, parseText, setOwn, stringifyJson, type Json, type JsonObject, type Problem } from './json';
import { basisValue, checkDocument, updateBody } from './plan';
import { locate } from './problems';
import { DRAFT_ID } from './templates';

export type SchemaDraftKind = Exclude<DocumentKind, 'record' | 'upload'>;

/** Keys a create must carry (the API refuses the create without them). */
const CREATE_REQUIRED: Record<SchemaDraftKind, readonly string[]> = {
  model: ['name', 'api_key'],
  field: ['label', 'api_key', 'field_type'],
  fieldset: ['title'],
  webhook: ['name', 'url', 'custom_payload', 'headers', 'events', 'http_basic_user', 'http_basic_password'],
};

/** Keys only DatoCMS sets on a create: refused where they were typed rather than sent. */
const SERVER_OWNED_ON_CREATE: Partial<Record<SchemaDraftKind, readonly string[]>> = { model: ['has_singleton_item'] };

export type SchemaCreatePlan<K extends SchemaDraftKind> =
  { ok: true; body: CreateBody<ResourceType<K>> } | { ok: false; problems: Problem[] };
type ResourceType<K extends SchemaDraftKind> = K extends 'model' ? 'item_type' : K;

/** The first of "base", "base_2", … that `taken` does not hold. */
export function freeName(base: string, taken: ReadonlySet<string>, separator = '_'): { name: string; n: number } {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}${separator}${n}`;
    if (!taken.has(name)) return { name, n };
  }
}

/** A new model or block model, named so that its api_key is free in the project. */
export function draftModel(ctx: SchemaContext, block: boolean): Resource<'item_type'> {
  const taken = new Set(ctx.itemTypes.map((m) => String(m.attributes['api_key'])));
  const { name: apiKey, n } = freeName(block ? 'new_block' : 'new_model', taken);
  const label = block ? 'New block' : 'New model';
  const attributes: Record<string, unknown> = { name: n === 1 ? label : `${label} ${n}`, api_key: apiKey, modular_block: block };
  if (!block)
    Object.assign(attributes, {
      singleton: false,
      sortable: false,
      tree: false,
      draft_mode_active: false,
      all_locales_required: true,
      collection_appearance: 'table',
    });
  attributes['hint'] = null;
  return { id: DRAFT_ID, type: 'item_type', attributes, relationships: {}, meta: {} };
}

/** A new fieldset of a model, named so that its title is free among the model's fieldsets. */
export function draftFieldset(model: Resource<'item_type'>, takenTitles: ReadonlySet<string>): Resource<'fieldset'> {
  const { name: title } = freeName('New fieldset', takenTitles, ' ');
  return {
    id: DRAFT_ID,
    type: 'fieldset',
    attributes: { title, hint: null, collapsible: false, start_collapsed: false },
    relationships: { item_type: { data: { type: 'item_type', id: model.id } } },
    meta: {},
  };
}

/**
 * A new webhook. Its URL is left for the user to type: a placeholder address would send the project's content
 * to a place the user never chose, so the draft cannot be saved until the URL is theirs.
 */
export function draftWebhook(): Resource<'webhook'> {
  return {
    id: DRAFT_ID,
    type: 'webhook',
    attributes: {
      name: 'New webhook',
      url: '',
      enabled: true,
      events: [{ entity_type: 'item', event_types: ['create', 'update', 'delete', 'publish', 'unpublish'], filters: null }],
      headers: {},
      custom_payload: null,
      http_basic_user: null,
      http_basic_password: null,
      payload_api_version: '3',
      nested_items_in_payload: false,
      auto_retry: true,
    },
    relationships: {},
    meta: {},
  };
}

export function renderSchemaDraft(kind: SchemaDraftKind, draft: Resource, ctx: SchemaContext): string {
  return `${stringifyJson(documentValue(kind, draft, ctx), 2)}\n`;
}

/** The POST body for a draft's edited `text` (every value counts as the user's), or the problems in the way. */
export function planSchemaCreate<K extends SchemaDraftKind>(
  kind: K,
  draft: Resource,
  text: string,
  ctx: SchemaContext,
): SchemaCreatePlan<K> {
  const basis: JsonObject = {};
  setOwn(basis, READONLY_KEY, getOwn(documentValue(kind, draft, ctx), READONLY_KEY) as Json);
  const problems = checkDocument(kind, text, draft, ctx, basis);
  const doc = basisValue(text);
  if (problems.length === 0 && doc) {
    const parsed = parseText(text);
    const what = kind === 'model' ? `a new ${draft.attributes['modular_block'] === true ? 'block model' : 'model'}` : `a new ${kind}`;
    const required = CREATE_REQUIRED[kind];
    for (const key of required) {
      if (getOwn(doc, key) === undefined)
        problems.push(
          locate(parsed, {
            path: [key],
            message: `is missing (${what} needs ${listed(required)})`,
            code: 'required-on-create',
            data: { key },
          }),
        );
    }
    for (const key of SERVER_OWNED_ON_CREATE[kind] ?? []) {
      if (getOwn(doc, key) !== undefined)
        problems.push(
          locate(parsed, { path: [key], message: `is set by DatoCMS: remove it from ${what}`, code: 'set-by-datocms', data: { key } }),
        );
    }
  }
  if (problems.length > 0 || !doc) return { ok: false, problems };
  const update = updateBody(kind, draft, doc, basis, ctx);
  const data: { type: string; attributes: Record<string, unknown>; relationships?: unknown } = {
    type: draft.type,
    attributes: update?.data.attributes ?? {},
  };
  if (update?.data.relationships) data.relationships = update.data.relationships;
  return { ok: true, body: { data } as CreateBody<ResourceType<K>> };
}

const listed = (keys: readonly string[]): string =>
  keys.length === 1 ? keys[0]! : `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
