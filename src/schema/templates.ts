// New records as documents: a draft pre-filled from its model (every field in order, localized values per
// locale, defaults applied, lists and blocks empty), and the POST body a draft's edited text becomes.
import type { CreateBody, Resource } from '../cma';
import { documentValue, READONLY_KEY, type SchemaContext } from './document';
import { cloneJson, getOwn, isObject, setOwn, stringifyJson, type Json, type JsonObject, type Problem } from './json';
import { basisValue, checkDocument, updateBody } from './plan';
import { fieldInfo } from './records';

/** The id a draft shows in `$readonly` until DatoCMS gives it one. */
export const DRAFT_ID = 'new';

const EMPTY_LIST_TYPES = new Set(['links', 'gallery', 'rich_text']);

export type CreatePlan = { ok: true; body: CreateBody<'item'> } | { ok: false; problems: Problem[] };

/** A field's value in a new record: its default (per locale when localized), else empty. */
function initialValue(field: Resource<'field'>, locales: readonly string[]): Json {
  const info = fieldInfo(field);
  const empty: Json = info.type !== undefined && EMPTY_LIST_TYPES.has(info.type) ? [] : null;
  const given = field.attributes['default_value'];
  if (!info.localized) return given === undefined || given === null ? empty : cloneJson(given);
  const perLocale: JsonObject = {};
  for (const locale of locales) {
    const value = isObject(given) ? getOwn(given, locale) : undefined;
    setOwn(perLocale, locale, value === undefined || value === null ? empty : cloneJson(value));
  }
  return perLocale;
}

/** The not-yet-created record of a model, as a resource the document format can render and check. */
export function draftRecord(
  model: Resource<'item_type'>,
  ctx: SchemaContext,
  options: { parentId?: string | null } = {},
): Resource<'item'> {
  const fields = [...(ctx.fieldsOf(model.id) ?? [])].sort((a, b) => fieldInfo(a).position - fieldInfo(b).position);
  const attributes: Record<string, unknown> = {};
  for (const field of fields) attributes[fieldInfo(field).apiKey] = initialValue(field, ctx.locales);
  if (model.attributes['tree'] === true) attributes['parent_id'] = options.parentId ?? null;
  return { id: DRAFT_ID, type: 'item', attributes, relationships: { item_type: { data: { type: 'item_type', id: model.id } } }, meta: {} };
}

/** The draft's text as the editor first shows it. */
export function renderDraft(draft: Resource<'item'>, ctx: SchemaContext): string {
  return `${stringifyJson(documentValue('record', draft, ctx), 2)}\n`;
}

/**
 * The POST /items body for a draft's edited `text`, or the problems in the way. Every value counts as the
 * user's (a required field left empty is a problem); a key taken out is left to DatoCMS's default; blocks are
 * sent whole with their block model.
 */
export function planCreate(draft: Resource<'item'>, text: string, ctx: SchemaContext): CreatePlan {
  const basis: JsonObject = {};
  setOwn(basis, READONLY_KEY, getOwn(documentValue('record', draft, ctx), READONLY_KEY) as Json);
  const problems = checkDocument('record', text, draft, ctx, basis);
  if (problems.length > 0) return { ok: false, problems };
  const doc = basisValue(text)!;
  const update = updateBody('record', { ...draft, meta: {} }, doc, basis, ctx);
  const attributes = update?.data.attributes ?? {};
  return { ok: true, body: { data: { type: 'item', attributes, relationships: { item_type: draft.relationships['item_type']! } } } };
}
