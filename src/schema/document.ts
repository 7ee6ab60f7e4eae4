// The document format: a resource as the flat JSON object the user edits, and the
// walkers that find blocks in record values (blocks are read in place: records are fetched with nested=true).
import type { Resource } from '../cma';
import { BLOCK_FIELD_TYPES, type FieldType } from './catalog';
import {
  FIELD_ATTRIBUTES,
  FIELD_RELATIONSHIPS,
  FIELDSET_ATTRIBUTES,
  MODEL_ATTRIBUTES,
  MODEL_RELATIONSHIPS,
  WEBHOOK_ATTRIBUTES,
} from './attributes';
import { cloneJson, getOwn, hasOwn, isObject, orderedLike, printLike, setOwn, type Json, type JsonObject, type Path } from './json';
import { sortedFields, type FieldInfo } from './records';
import { UPLOAD_ATTRIBUTES, UPLOAD_RELATIONSHIPS } from './uploadDocument';

export type DocumentKind = 'model' | 'field' | 'fieldset' | 'webhook' | 'record' | 'upload';

export interface SchemaContext {
  locales: string[];
  itemTypes: Resource<'item_type'>[];
  fieldsOf: (itemTypeId: string) => Resource<'field'>[] | undefined;
}

export const READONLY_KEY = '$readonly';

/** Deprecated misspelled twins the API still returns; the document offers only the correct spelling. */
const DEPRECATED_ATTRIBUTES: Record<string, readonly string[]> = {
  model: ['collection_appeareance'],
  field: ['appeareance'],
  fieldset: [],
  webhook: [],
  record: [],
  upload: [],
};

export interface Layout {
  attributes: readonly string[];
  relationships: readonly string[];
}

export const LAYOUTS: Record<Exclude<DocumentKind, 'record'>, Layout> = {
  model: { attributes: MODEL_ATTRIBUTES, relationships: MODEL_RELATIONSHIPS },
  field: { attributes: FIELD_ATTRIBUTES, relationships: FIELD_RELATIONSHIPS },
  fieldset: { attributes: FIELDSET_ATTRIBUTES, relationships: [] },
  webhook: { attributes: WEBHOOK_ATTRIBUTES, relationships: [] },
  upload: { attributes: UPLOAD_ATTRIBUTES, relationships: UPLOAD_RELATIONSHIPS },
};

/** What the document needs to know about a record's fields: by api_key, or undefined when not loaded. */
export function recordFields(ctx: SchemaContext, itemTypeId: string | undefined): FieldInfo[] | undefined {
  if (!itemTypeId) return undefined;
  let fields: Resource<'field'>[] | undefined;
  try {
    fields = ctx.fieldsOf(itemTypeId);
  } catch {
    fields = undefined;
  }
  return fields ? sortedFields(fields) : undefined;
}

export function itemTypeIdOf(resource: Resource): string | undefined {
  const data = resource.relationships?.['item_type']?.data;
  return isObject(data) && typeof getOwn(data, 'id') === 'string' ? (getOwn(data, 'id') as string) : undefined;
}

/** A nested block as the API returns it (`nested=true`). */
function isResponseBlock(value: unknown): value is JsonObject {
  return isObject(value) && getOwn(value, 'type') === 'item' && isObject(getOwn(value, 'attributes'));
}

/** A block as the document shows it: `{id?, item_type: {type: "item_type", id}, …}`. */
export function isDocumentBlock(value: unknown): value is JsonObject {
  const itemType = getOwn(value, 'item_type');
  return isObject(value) && isObject(itemType) && getOwn(itemType, 'type') === 'item_type' && typeof getOwn(itemType, 'id') === 'string';
}

export function blockItemTypeId(block: JsonObject): string | undefined {
  const fromDocument = getOwn(getOwn(block, 'item_type'), 'id');
  if (typeof fromDocument === 'string') return fromDocument;
  const fromResponse = getOwn(getOwn(getOwn(getOwn(block, 'relationships'), 'item_type'), 'data'), 'id');
  return typeof fromResponse === 'string' ? fromResponse : undefined;
}

type BlockFn = (block: JsonObject, path: Path) => Json;

/**
 * Rebuilds `value` of a field with `fn` applied to every block slot (only the outer level: `fn` recurses
 * into a block's own attributes if it wants to). When the field type is unknown (fields not loaded), blocks
 * are recognised by their shape.
 */
export function mapBlockSlots(
  value: Json,
  type: FieldType | undefined,
  localized: boolean,
  isBlock: (v: unknown) => v is JsonObject,
  fn: BlockFn,
  path: Path,
): Json {
  if (localized && isObject(value)) {
    const out: JsonObject = {};
    for (const locale of Object.keys(value))
      setOwn(out, locale, mapBlockSlots(value[locale] as Json, type, false, isBlock, fn, [...path, locale]));
    return out;
  }
  if (type !== undefined && !BLOCK_FIELD_TYPES.includes(type)) return value;
  if (type === 'structured_text' || (type === undefined && getOwn(value, 'schema') === 'dast')) {
    return mapDast(value, isBlock, fn, path);
  }
  if (Array.isArray(value) && (type === 'rich_text' || type === undefined)) {
    return value.map((item, i) => (isBlock(item) ? fn(item, [...path, i]) : item));
  }
  if (isBlock(value) && (type === 'single_block' || type === undefined)) return fn(value, path);
  if (type === undefined && isObject(value) && !isBlock(value)) {
    // unknown field type: maybe a localized value holding blocks
    const out: JsonObject = {};
    let changed = false;
    for (const key of Object.keys(value)) {
      const inner = value[key] as Json;
      const mapped =
        Array.isArray(inner) || isBlock(inner) || getOwn(inner, 'schema') === 'dast'
          ? mapBlockSlots(inner, undefined, false, isBlock, fn, [...path, key])
          : inner;
      changed ||= mapped !== inner;
      setOwn(out, key, mapped);
    }
    return changed ? out : value;
  }
  return value;
}

function mapDast(value: Json, isBlock: (v: unknown) => v is JsonObject, fn: BlockFn, path: Path): Json {
  const walk = (node: Json, at: Path): Json => {
    if (Array.isArray(node)) return node.map((child, i) => walk(child, [...at, i]));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const key of Object.keys(node)) {
      const child = node[key] as Json;
      if (key === 'item' && (node['type'] === 'block' || node['type'] === 'inlineBlock') && isBlock(child)) {
        setOwn(out, key, fn(child, [...at, key]));
      } else if (key === 'children' || key === 'document') {
        setOwn(out, key, walk(child, [...at, key]));
      } else setOwn(out, key, child);
    }
    return out;
  };
  return walk(value, path);
}

/** The document's view of a record's (or block's) attributes, blocks rendered in place. */
function documentAttributes(attributes: Record<string, unknown>, fields: FieldInfo[] | undefined, ctx: SchemaContext): JsonObject {
  const out: JsonObject = {};
  const byKey = new Map(fields?.map((f) => [f.apiKey, f]));
  const keys = [
    ...(fields ?? []).map((f) => f.apiKey).filter((key) => hasOwn(attributes, key)),
    ...Object.keys(attributes).filter((key) => !byKey.has(key)),
  ];
  for (const key of keys) {
    const field = byKey.get(key);
    const value = cloneJson(attributes[key]);
    setOwn(
      out,
      key,
      mapBlockSlots(value, field?.type, field?.localized ?? false, isResponseBlock, (block) => documentBlock(block, ctx), [key]),
    );
  }
  return out;
}

function documentBlock(block: JsonObject, ctx: SchemaContext): Json {
  const itemTypeId = blockItemTypeId(block);
  const out: JsonObject = {};
  if (typeof block['id'] === 'string') setOwn(out, 'id', block['id']);
  setOwn(out, 'item_type', { type: 'item_type', id: itemTypeId ?? '' });
  const attributes = documentAttributes(getOwn(block, 'attributes') as Record<string, unknown>, recordFields(ctx, itemTypeId), ctx);
  for (const key of Object.keys(attributes)) {
    if (key !== 'id' && key !== 'item_type') setOwn(out, key, attributes[key]);
  }
  return out;
}

/** A field's appearance in one order, whatever order DatoCMS answers in: editor, its plugin, parameters, addons. */
const APPEARANCE_ORDER = { editor: null, field_extension: null, parameters: null, addons: null };
const ADDON_ORDER = { id: null, field_extension: null, parameters: null };

function canonicalAppearance(appearance: unknown): Json {
  const value = orderedLike(cloneJson(appearance), APPEARANCE_ORDER);
  const addons = getOwn(value, 'addons');
  if (isObject(value) && Array.isArray(addons))
    setOwn(
      value,
      'addons',
      addons.map((addon) => orderedLike(addon, ADDON_ORDER)),
    );
  return value;
}

/** The document as a value (what renderDocument prints). */
export function documentValue(kind: DocumentKind, resource: Resource, ctx: SchemaContext): JsonObject {
  const attributes = resource.attributes ?? {};
  const relationships = resource.relationships ?? {};
  const meta = resource.meta ?? {};
  const out: JsonObject = {};
  const readonly: JsonObject = {};
  setOwn(readonly, 'id', resource.id);
  setOwn(readonly, 'type', resource.type);
  const deprecated = DEPRECATED_ATTRIBUTES[kind] ?? [];
  let writableRelationships: readonly string[];
  if (kind === 'record') {
    const fields = recordFields(ctx, itemTypeIdOf(resource));
    const attrs = documentAttributes(attributes, fields, ctx);
    for (const key of Object.keys(attrs)) if (key !== READONLY_KEY) setOwn(out, key, attrs[key]);
    writableRelationships = [];
  } else {
    const layout = LAYOUTS[kind];
    for (const key of layout.attributes)
      if (hasOwn(attributes, key))
        setOwn(out, key, key === 'appearance' ? canonicalAppearance(attributes[key]) : cloneJson(attributes[key]));
    for (const key of layout.relationships) if (hasOwn(relationships, key)) setOwn(out, key, cloneJson(relationships[key]?.data ?? null));
    // attributes the document does not offer for writing are shown read-only (deprecated twins are dropped)
    for (const key of Object.keys(attributes)) {
      if (!layout.attributes.includes(key) && !deprecated.includes(key) && !hasOwn(readonly, key))
        setOwn(readonly, key, cloneJson(attributes[key]));
    }
    writableRelationships = layout.relationships;
  }
  for (const key of Object.keys(relationships)) {
    if (!writableRelationships.includes(key) && !hasOwn(readonly, key)) setOwn(readonly, key, cloneJson(relationships[key]?.data ?? null));
  }
  if (Object.keys(meta).length > 0 && !hasOwn(readonly, 'meta')) setOwn(readonly, 'meta', cloneJson(meta));
  setOwn(out, READONLY_KEY, readonly);
  return out;
}

/**
 * The document's text: 2-space indented, "$readonly" last. `like` is a text whose key order it keeps (what the user
 * saved: the answer then shows in the order they saw, whatever order DatoCMS answers in).
 */
export function renderDocument(kind: DocumentKind, resource: Resource, ctx: SchemaContext, like?: string): string {
  return printLike(documentValue(kind, resource, ctx), like);
}

/** Every block of a record document by id, at any depth. */
export function collectBlocks(document: JsonObject, itemTypeId: string | undefined, ctx: SchemaContext): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>();
  const visitAttributes = (attrs: JsonObject, modelId: string | undefined) => {
    const fields = recordFields(ctx, modelId);
    const byKey = new Map(fields?.map((f) => [f.apiKey, f]));
    for (const key of Object.keys(attrs)) {
      if (key === READONLY_KEY || key === 'id' || key === 'item_type') continue;
      const field = byKey.get(key);
      mapBlockSlots(
        attrs[key] as Json,
        field?.type,
        field?.localized ?? false,
        isDocumentBlock,
        (block) => {
          const id = getOwn(block, 'id');
          if (typeof id === 'string' && !found.has(id)) found.set(id, block);
          visitAttributes(block, blockItemTypeId(block));
          return block;
        },
        [key],
      );
    }
  };
  visitAttributes(document, itemTypeId);
  return found;
}
