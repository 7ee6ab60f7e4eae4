// Checking an edited document against the resource it was opened from, and planning the smallest update.
import type * as z from 'zod';
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
import { readonlySchema, recordFindings } from './recordCheck';
import type { FieldInfo } from './records';
import { fieldRules, modelRules, webhookRules } from './rules';
import { strictObject } from './zodHelpers';
import { isLocaleKeyedMetadata, metadataPatch, uploadRules, uploadShape } from './uploadDocument';

export type UpdatePlan = { ok: true; body: UpdateBody | null } | { ok: false; problems: Problem[] };

const STATIC_SCHEMAS = {
  model: strictObject({ ...SCHEMA_SHAPES.model, [READONLY_KEY]: readonlySchema.optional() }),
  field: strictObject({ ...SCHEMA_SHAPES.field, [READONLY_KEY]: readonlySchema.optional() }),
  fieldset: strictObject({ ...SCHEMA_SHAPES.fieldset, [READONLY_KEY]: readonlySchema.optional() }),
  webhook: strictObject({ ...SCHEMA_SHAPES.webhook, [READONLY_KEY]: readonlySchema.optional() }),
};

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
    return [{ path: [READONLY_KEY], message: 'was removed (the read-only part must stay as it was opened)', code: 'readonly-changed' }];
  }
  const d = firstDifference(openedDoc[READONLY_KEY], doc[READONLY_KEY], [READONLY_KEY]);
  if (!d) return [];
  const code = 'readonly-changed';
  if (d.before === undefined) return [{ path: d.path, message: 'is read-only: nothing can be added here (remove it)', atKey: true, code }];
  if (d.after === undefined)
    return [{ path: d.path, message: `is read-only and was removed (put it back: ${describeType(d.before)})`, code }];
  return [{ path: d.path, message: `is read-only (it was ${describeType(d.before)}; undo the change)`, code }];
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
    const acceptsNull = nullAccepted(kind, key);
    const hint =
      kind === 'record'
        ? `set it to null (or [] for lists; for a localized field, each locale to null) to clear the value`
        : acceptsNull
          ? 'set it to null to clear it'
          : 'put it back with a value';
    out.push({
      path: [key],
      message: `"${key}" was removed (keys cannot be removed; ${hint})`,
      code: 'removed-key',
      data: { key, path: [key], nullAccepted: acceptsNull },
    });
  }
  return out;
}

function schemaFindings(kind: DocumentKind, doc: JsonObject, opened: Resource, openedDoc: JsonObject, ctx: SchemaContext): Finding[] {
  if (kind === 'record') return recordFindings(doc, opened, openedDoc, ctx);
  if (kind === 'upload') return uploadFindings(doc, opened, ctx);
  const result = STATIC_SCHEMAS[kind].safeParse(doc);
  const out = result.success ? [] : findingsFromIssues(result.error.issues, doc);
  if (kind === 'model') out.push(...modelRules(doc, opened, ctx));
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
