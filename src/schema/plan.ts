// Checking an edited document against the resource it was opened from, and planning the smallest update.
import * as z from 'zod';
import type { Relationship, Resource, UpdateBody } from '../cma';
import { SCHEMA_SHAPES } from './attributes';
import {
  blockItemTypeId,
  collectBlocks,
  documentValue,
  isDocumentBlock,
  itemTypeIdOf,
  LAYOUTS,
  mapBlockSlots,
  READONLY_KEY,
  recordFields,
  type DocumentKind,
  type SchemaContext,
} from './document';
import {
  deepEqual,
  describeType,
  getOwn,
  hasOwn,
  isObject,
  parseText,
  setOwn,
  type Json,
  type JsonObject,
  type ParsedText,
  type Path,
  type Problem,
} from './json';
import { findingsFromIssues, locate, type Finding } from './problems';
import { localeSetFindings, newBlockMissingFindings } from './recordRules';
import { attributesSchema, cachedSchema, fieldsSignature, type FieldInfo, type ValidatorMode } from './records';
import { fieldRules, modelRules, webhookRules } from './rules';
import { exactNumber } from './numbers';
import { idSchema, strictObject } from './zodHelpers';
import { isLocaleKeyedMetadata, metadataPatch, uploadRules, uploadShape } from './uploadDocument';

export type UpdatePlan = { ok: true; body: UpdateBody | null } | { ok: false; problems: Problem[] };

const readonlySchema = z.unknown().describe('Read-only: id, type, meta and links the API sets. Leave it as it is.');

const STATIC_SCHEMAS = {
  model: strictObject({ ...SCHEMA_SHAPES.model, [READONLY_KEY]: readonlySchema.optional() }),
  field: strictObject({ ...SCHEMA_SHAPES.field, [READONLY_KEY]: readonlySchema.optional() }),
  fieldset: strictObject({ ...SCHEMA_SHAPES.fieldset, [READONLY_KEY]: readonlySchema.optional() }),
  webhook: strictObject({ ...SCHEMA_SHAPES.webhook, [READONLY_KEY]: readonlySchema.optional() }),
};

export function modelOf(ctx: SchemaContext, itemTypeId: string | undefined): Resource<'item_type'> | undefined {
  return itemTypeId ? ctx.itemTypes.find((m) => m.id === itemTypeId) : undefined;
}

/**
 * A model with draft mode that may save invalid drafts (`draft_saving_active`) saves any of its records, new,
 * draft or published (a save is a new draft), past their validators: DatoCMS applies them when publishing.
 * Value shapes still count. Without draft mode the flag does nothing: every save is published.
 */
function validatorMode(ctx: SchemaContext, opened: Resource): ValidatorMode {
  const model = modelOf(ctx, itemTypeIdOf(opened))?.attributes;
  return model?.['draft_mode_active'] === true && model['draft_saving_active'] === true ? 'none' : 'all';
}

/** Attributes a record has beside its fields: `position` (sortable and tree models) and `parent_id` (tree models). */
export function recordExtras(model: Resource<'item_type'> | undefined): Record<string, z.ZodType> {
  const tree = model === undefined || model.attributes?.['tree'] === true;
  const sortable = tree || model?.attributes?.['sortable'] === true;
  const extras: Record<string, z.ZodType> = {};
  if (sortable)
    extras['position'] = exactNumber({ integer: true, min: 1, error: 'expected an integer' })
      .describe('Position among its siblings (sortable and tree models)')
      .optional();
  if (tree) extras['parent_id'] = idSchema.nullable().describe('Id of the parent record, or null for a root (tree models)').optional();
  return extras;
}

export function recordSchema(
  fields: readonly FieldInfo[],
  locales: readonly string[],
  mode: ValidatorMode,
  model: Resource<'item_type'> | undefined,
  isTop: boolean,
): z.ZodType {
  const extras = isTop ? recordExtras(model) : {};
  const key = `${fieldsSignature(fields, locales, mode, isTop ? 'record' : 'block')}${Object.keys(extras).join(',')}`;
  return cachedSchema(key, () =>
    attributesSchema(
      fields,
      locales,
      mode,
      isTop ? { ...extras, [READONLY_KEY]: readonlySchema.optional() } : { id: z.unknown().optional(), item_type: z.unknown().optional() },
    ),
  );
}

function allowedBlockModels(field: FieldInfo | undefined, inline: boolean): string[] | undefined {
  if (!field) return undefined;
  const name =
    field.type === 'rich_text'
      ? 'rich_text_blocks'
      : field.type === 'single_block'
        ? 'single_block_blocks'
        : field.type === 'structured_text'
          ? inline
            ? 'structured_text_inline_blocks'
            : 'structured_text_blocks'
          : undefined;
  const ids = name ? getOwn(field.validators[name], 'item_types') : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : undefined;
}

function modelLabel(ctx: SchemaContext, id: string): string {
  const apiKey = modelOf(ctx, id)?.attributes?.['api_key'];
  return typeof apiKey === 'string' ? `${id} (${apiKey})` : id;
}

/** Schema findings of a record document and of every block in it, at any depth. */
function recordFindings(doc: JsonObject, opened: Resource, openedDoc: JsonObject, ctx: SchemaContext): Finding[] {
  const out: Finding[] = [];
  const modelId = itemTypeIdOf(opened);
  const mode = validatorMode(ctx, opened);
  const openedBlocks = collectBlocks(openedDoc, modelId, ctx);
  const seenIds = new Set<string>();

  const checkAttributes = (
    attrs: JsonObject,
    fields: FieldInfo[] | undefined,
    prefix: Path,
    isTop: boolean,
    knownKeys: JsonObject | undefined,
    modelOfAttrs: string | undefined,
  ) => {
    if (fields) {
      const result = recordSchema(fields, ctx.locales, mode, isTop ? modelOf(ctx, modelId) : undefined, isTop).safeParse(attrs);
      if (!result.success) out.push(...findingsFromIssues(result.error.issues, attrs).map((f) => ({ ...f, path: [...prefix, ...f.path] })));
      const allLocalesRequired = modelOf(ctx, modelOfAttrs)?.attributes?.['all_locales_required'] === true;
      out.push(...localeSetFindings(attrs, fields, ctx.locales, allLocalesRequired, prefix));
    } else if (knownKeys) {
      // fields not loaded: only the keys that were there when the document was opened are known
      for (const key of Object.keys(attrs)) {
        if (key !== READONLY_KEY && key !== 'id' && key !== 'item_type' && !hasOwn(knownKeys, key)) {
          out.push({
            path: [...prefix, key],
            message: `unknown field "${key}" (the fields of this model are not loaded; known: ${Object.keys(knownKeys)
              .filter((k) => k !== READONLY_KEY)
              .join(', ')})`,
            atKey: true,
          });
        }
      }
    }
    const byKey = new Map(fields?.map((f) => [f.apiKey, f]));
    for (const key of Object.keys(attrs)) {
      if (key === READONLY_KEY || (!isTop && (key === 'id' || key === 'item_type'))) continue;
      const field = byKey.get(key);
      if (fields && !field) continue;
      if (field) {
        for (const { path, id } of blockIdSlots(attrs[key], field)) {
          if (!openedBlocks.has(id))
            out.push({
              path: [...prefix, key, ...path],
              message: `"${id}" is not a block of this record (a block id stands for an existing block; write a block object without "id" to add one)`,
            });
        }
      }
      mapBlockSlots(
        attrs[key] as Json,
        field?.type,
        field?.localized ?? false,
        isDocumentBlock,
        (block, path) => {
          checkBlock(block, [...prefix, ...path], field, isInline(attrs[key], path.slice(1)));
          return block;
        },
        [key],
      );
    }
  };

  const isInline = (value: unknown, pathInValue: Path): boolean => {
    // the node holding a structured text block: its type tells block from inlineBlock
    let node: unknown = value;
    for (const segment of pathInValue.slice(0, -1))
      node = typeof segment === 'number' ? (Array.isArray(node) ? node[segment] : undefined) : getOwn(node, segment);
    return getOwn(node, 'type') === 'inlineBlock';
  };

  const checkBlock = (block: JsonObject, path: Path, field: FieldInfo | undefined, inline: boolean) => {
    const typeId = blockItemTypeId(block);
    const id = getOwn(block, 'id');
    if (typeof id === 'string') {
      const before = openedBlocks.get(id);
      if (!before) {
        out.push({ path: [...path, 'id'], message: `"${id}" is not a block of this record (remove "id" to create a new block)` });
      } else if (blockItemTypeId(before) !== typeId) {
        out.push({
          path: [...path, 'item_type'],
          message: `the block model of an existing block cannot change (was ${modelLabel(ctx, blockItemTypeId(before) ?? '')}; remove "id" to create a new block instead)`,
        });
      }
      if (seenIds.has(id))
        out.push({ path: [...path, 'id'], message: `block "${id}" appears twice (each block may appear once; remove "id" from the copy)` });
      seenIds.add(id);
    }
    if (typeId !== undefined) {
      const allowed = allowedBlockModels(field, inline);
      if (allowed && !allowed.includes(typeId)) {
        out.push({
          path: [...path, 'item_type', 'id'],
          message: `block model ${modelLabel(ctx, typeId)} is not allowed here (allowed: ${allowed.map((m) => modelLabel(ctx, m)).join(', ') || 'none'})`,
        });
      } else if (!modelOf(ctx, typeId) && ctx.itemTypes.length > 0) {
        out.push({ path: [...path, 'item_type', 'id'], message: `"${typeId}" is not a block model of this project` });
      }
    }
    const before = typeof id === 'string' ? openedBlocks.get(id) : undefined;
    const blockFields = recordFields(ctx, typeId);
    if (before) {
      for (const key of Object.keys(before)) {
        if (!hasOwn(block, key))
          out.push({
            path: [...path, key],
            message: `"${key}" was removed from the block (keys cannot be removed; set it to null, or [] for lists, to clear the value)`,
          });
      }
    } else if (typeof id !== 'string' && blockFields) {
      out.push(...newBlockMissingFindings(block, blockFields, mode, path));
    }
    checkAttributes(block, blockFields, path, false, before, typeId);
  };

  checkAttributes(doc, recordFields(ctx, modelId), [], true, openedDoc, modelId);
  return out;
}

/** Block ids written as strings in a block field (they must name blocks the record has). */
function blockIdSlots(value: unknown, field: FieldInfo): { path: Path; id: string }[] {
  const out: { path: Path; id: string }[] = [];
  const visit = (v: unknown, path: Path) => {
    if (field.type === 'rich_text' && Array.isArray(v))
      v.forEach((item, i) => {
        if (typeof item === 'string') out.push({ path: [...path, i], id: item });
      });
    else if (field.type === 'single_block' && typeof v === 'string') out.push({ path, id: v });
    else if (field.type === 'structured_text' && isObject(v)) {
      const walk = (node: unknown, at: Path, depth: number) => {
        if (depth > 100) return;
        if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...at, i], depth + 1));
        else if (isObject(node)) {
          const item = getOwn(node, 'item');
          if ((getOwn(node, 'type') === 'block' || getOwn(node, 'type') === 'inlineBlock') && typeof item === 'string')
            out.push({ path: [...at, 'item'], id: item });
          for (const key of ['document', 'children']) if (hasOwn(node, key)) walk(node[key], [...at, key], depth + 1);
        }
      };
      walk(v, path, 0);
    }
  };
  if (field.localized && isObject(value)) for (const locale of Object.keys(value)) visit(value[locale], [locale]);
  else visit(value, []);
  return out;
}

/** The first path where two values differ, for pointing at a read-only edit. */
function firstDifference(before: unknown, after: unknown, path: Path): { path: Path; before: unknown; after: unknown } | undefined {
  if (deepEqual(before, after)) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const d = firstDifference(before[i], after[i], [...path, i]);
      if (d) return d;
    }
  } else if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const d = firstDifference(getOwn(before, key), getOwn(after, key), [...path, key]);
      if (d) return d;
    }
  }
  return { path, before, after };
}

function readonlyFindings(doc: JsonObject, openedDoc: JsonObject): Finding[] {
  if (!hasOwn(doc, READONLY_KEY)) {
    return [{ path: [READONLY_KEY], message: 'was removed (the read-only part must stay as it was opened)' }];
  }
  const d = firstDifference(openedDoc[READONLY_KEY], doc[READONLY_KEY], [READONLY_KEY]);
  if (!d) return [];
  if (d.before === undefined) return [{ path: d.path, message: 'is read-only: nothing can be added here (remove it)', atKey: true }];
  if (d.after === undefined) return [{ path: d.path, message: `is read-only and was removed (put it back: ${describeType(d.before)})` }];
  return [{ path: d.path, message: `is read-only (it was ${describeType(d.before)}; undo the change)` }];
}

function nullAccepted(kind: DocumentKind, key: string): boolean {
  if (kind === 'record') return true;
  const shape: Record<string, z.ZodType> = kind === 'upload' ? uploadShape([], false) : SCHEMA_SHAPES[kind];
  return shape[key]?.safeParse(null).success ?? false;
}

function removedKeyFindings(kind: DocumentKind, doc: JsonObject, openedDoc: JsonObject): Finding[] {
  const out: Finding[] = [];
  for (const key of Object.keys(openedDoc)) {
    if (key === READONLY_KEY || hasOwn(doc, key)) continue;
    const hint =
      kind === 'record'
        ? `set it to null (or [] for lists; for a localized field, each locale to null) to clear the value`
        : nullAccepted(kind, key)
          ? 'set it to null to clear it'
          : 'put it back with a value';
    out.push({ path: [key], message: `"${key}" was removed (keys cannot be removed; ${hint})` });
  }
  return out;
}

function schemaFindings(kind: DocumentKind, doc: JsonObject, opened: Resource, openedDoc: JsonObject, ctx: SchemaContext): Finding[] {
  if (kind === 'record') return recordFindings(doc, opened, openedDoc, ctx);
  if (kind === 'upload') return uploadFindings(doc, opened, ctx);
  const result = STATIC_SCHEMAS[kind].safeParse(doc);
  const out = result.success ? [] : findingsFromIssues(result.error.issues, doc);
  if (kind === 'model') out.push(...modelRules(doc, opened));
  else if (kind === 'field') out.push(...fieldRules(doc, opened, ctx));
  else if (kind === 'webhook') out.push(...webhookRules(doc));
  return out;
}

function uploadFindings(doc: JsonObject, opened: Resource, ctx: SchemaContext): Finding[] {
  const localeKeyed = isLocaleKeyedMetadata(opened.attributes['default_field_metadata']);
  const schema = strictObject({ ...uploadShape(ctx.locales, localeKeyed), [READONLY_KEY]: readonlySchema.optional() });
  const result = schema.safeParse(doc);
  return [...(result.success ? [] : findingsFromIssues(result.error.issues, doc)), ...uploadRules(doc, opened)];
}

const findingKey = (f: Finding) => `${JSON.stringify(f.path)} ${f.message}`;

interface Analysis {
  parsed: ParsedText;
  doc: JsonObject | undefined;
  openedDoc: JsonObject;
  problems: Problem[];
}

function analyse(kind: DocumentKind, text: string, opened: Resource, ctx: SchemaContext, basis: JsonObject | undefined): Analysis {
  const parsed = parseText(text);
  // the value the editor's text was derived from: what the diff, removed keys, $readonly and old problems compare with
  const openedDoc = basis ?? documentValue(kind, opened, ctx);
  if (parsed.problems.length > 0 || !isObject(parsed.value)) {
    return { parsed, doc: undefined, openedDoc, problems: parsed.problems };
  }
  const doc = parsed.value;
  const findings = [...readonlyFindings(doc, openedDoc), ...removedKeyFindings(kind, doc, openedDoc)];
  // problems the resource already had when opened are not the editor's doing: report only new ones,
  // or old ones whose top-level value was changed
  const before = new Set(schemaFindings(kind, openedDoc, opened, openedDoc, ctx).map(findingKey));
  for (const finding of schemaFindings(kind, doc, opened, openedDoc, ctx)) {
    const top = finding.path[0];
    const unchanged = typeof top === 'string' && deepEqual(getOwn(doc, top), getOwn(openedDoc, top));
    if (!(unchanged && before.has(findingKey(finding)))) findings.push(finding);
  }
  const seen = new Set<string>();
  const problems = findings
    .filter((f) => (seen.has(findingKey(f)) ? false : (seen.add(findingKey(f)), true)))
    .map((f) => locate(parsed, f))
    .sort((a, b) => a.offset - b.offset);
  return { parsed, doc, openedDoc, problems };
}

/** The document value of a text an editor's content was derived from (undefined when it is not an object). */
export function basisValue(text: string): JsonObject | undefined {
  const { value } = parseText(text);
  return isObject(value) ? value : undefined;
}

/**
 * Problems of the edited `text` of a document opened from `opened`. `basis` is the document value the text was
 * derived from (default: the document of `opened`); ids, the record version and the schema come from `opened`.
 */
export function checkDocument(kind: DocumentKind, text: string, opened: Resource, ctx: SchemaContext, basis?: JsonObject): Problem[] {
  return analyse(kind, text, opened, ctx, basis).problems;
}

/**
 * Blocks of the edited document as the API wants them: an unchanged block as its id, a changed block as
 * `{type, id, attributes: <only its changed attributes>}` (its block model is implicit), a new block whole with
 * its block model. Nested blocks follow the same rule.
 */
function requestBlocks(value: Json, field: FieldInfo | undefined, openedBlocks: Map<string, JsonObject>, ctx: SchemaContext): Json {
  return mapBlockSlots(
    value,
    field?.type,
    field?.localized ?? false,
    isDocumentBlock,
    (block) => {
      const id = getOwn(block, 'id');
      const before = typeof id === 'string' ? openedBlocks.get(id) : undefined;
      if (typeof id === 'string' && deepEqual(before, block)) return id;
      const typeId = blockItemTypeId(block) ?? '';
      const fields = recordFields(ctx, typeId);
      const byKey = new Map(fields?.map((f) => [f.apiKey, f]));
      const attributes: JsonObject = {};
      for (const key of Object.keys(block)) {
        if (key === 'id' || key === 'item_type') continue;
        if (before && deepEqual(block[key], getOwn(before, key))) continue;
        setOwn(attributes, key, requestBlocks(block[key] as Json, byKey.get(key), openedBlocks, ctx));
      }
      const out: JsonObject = { type: 'item' };
      if (typeof id === 'string') setOwn(out, 'id', id);
      setOwn(out, 'attributes', attributes);
      if (!before) setOwn(out, 'relationships', { item_type: { data: { type: 'item_type', id: typeId } } });
      return out;
    },
    [],
  );
}

/** The smallest update turning `basis` (default: the document of `opened`) into `text`, or the problems in the way. */
export function planUpdate(kind: DocumentKind, opened: Resource, text: string, ctx: SchemaContext, basis?: JsonObject): UpdatePlan {
  const { doc, openedDoc, problems } = analyse(kind, text, opened, ctx, basis);
  if (problems.length > 0 || !doc) return { ok: false, problems };
  return { ok: true, body: updateBody(kind, opened, doc, openedDoc, ctx) };
}

/** The request body for the difference between two document values, without checking them (null: no change). */
export function updateBody(
  kind: DocumentKind,
  opened: Resource,
  doc: JsonObject,
  basis: JsonObject,
  ctx: SchemaContext,
): UpdateBody | null {
  const attributes: JsonObject = {};
  const relationships: Record<string, Relationship> = {};
  const relationshipKeys: readonly string[] = kind === 'record' ? [] : LAYOUTS[kind].relationships;
  const modelId = itemTypeIdOf(opened);
  const fields = kind === 'record' ? recordFields(ctx, modelId) : undefined;
  const byKey = new Map(fields?.map((f) => [f.apiKey, f]));
  const openedBlocks = kind === 'record' ? collectBlocks(basis, modelId, ctx) : new Map<string, JsonObject>();
  for (const key of Object.keys(doc)) {
    if (key === READONLY_KEY || deepEqual(doc[key], getOwn(basis, key))) continue;
    const value = doc[key] as Json;
    if (relationshipKeys.includes(key)) setOwn(relationships, key, { data: value });
    else if (kind === 'record') setOwn(attributes, key, requestBlocks(value, byKey.get(key), openedBlocks, ctx));
    else if (kind === 'upload' && key === 'default_field_metadata')
      setOwn(attributes, key, metadataPatch(value, getOwn(basis, key) as Json));
    else setOwn(attributes, key, value);
  }
  const changed = Object.keys(attributes).length > 0 || Object.keys(relationships).length > 0;
  if (!changed) return null;
  const data: UpdateBody['data'] = { type: opened.type, id: opened.id };
  if (Object.keys(attributes).length > 0) data.attributes = attributes;
  if (Object.keys(relationships).length > 0) data.relationships = relationships;
  const version = opened.meta?.['current_version'];
  if (kind === 'record' && typeof version === 'string') data.meta = { current_version: version };
  return { data };
}

/** What the schemas find wrong in a resource as it is (for tests and diagnostics: a valid resource has none). */
export function findingsOfResource(kind: DocumentKind, resource: Resource, ctx: SchemaContext): Finding[] {
  const doc = documentValue(kind, resource, ctx);
  return schemaFindings(kind, doc, resource, doc, ctx);
}
