// Checking a record document (and every block in it, at any depth) against its model's fields: the schema built
// from the fields, the locales its localized values share, and the blocks it may hold.
import * as z from 'zod';
import type { Resource } from '../cma';
import {
  blockItemTypeId,
  collectBlocks,
  isDocumentBlock,
  itemTypeIdOf,
  mapBlockSlots,
  READONLY_KEY,
  recordFields,
  type SchemaContext,
} from './document';
import { getOwn, hasOwn, isObject, type Json, type JsonObject, type Path } from './json';
import { exactNumber } from './numbers';
import { findingsFromIssues, type Finding } from './problems';
import { localeSetFindings, newBlockMissingFindings } from './recordRules';
import { attributesSchema, cachedSchema, fieldsSignature, type FieldInfo, type ValidatorMode } from './records';
import { idSchema } from './zodHelpers';

export const readonlySchema = z.unknown().describe('Read-only: id, type, meta and links the API sets. Leave it as it is.');

function modelOf(ctx: SchemaContext, itemTypeId: string | undefined): Resource<'item_type'> | undefined {
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

function recordSchema(
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
export function recordFindings(doc: JsonObject, opened: Resource, openedDoc: JsonObject, ctx: SchemaContext): Finding[] {
  const modelId = itemTypeIdOf(opened);
  const walk = new RecordWalk(ctx, modelId, validatorMode(ctx, opened), collectBlocks(openedDoc, modelId, ctx));
  walk.attributes(doc, recordFields(ctx, modelId), [], true, openedDoc, modelId);
  return walk.out;
}

/** One walk over a record document and its blocks: the findings, and the block ids seen so far. */
class RecordWalk {
  readonly out: Finding[] = [];
  private readonly seenIds = new Set<string>();

  constructor(
    private readonly ctx: SchemaContext,
    private readonly modelId: string | undefined,
    private readonly mode: ReturnType<typeof validatorMode>,
    /** the blocks the record had when opened, by id */
    private readonly openedBlocks: ReturnType<typeof collectBlocks>,
  ) {}

  /** The attributes of the record (`isTop`) or of a block, then every block in them. */
  attributes(
    attrs: JsonObject,
    fields: FieldInfo[] | undefined,
    prefix: Path,
    isTop: boolean,
    knownKeys: JsonObject | undefined,
    modelOfAttrs: string | undefined,
  ): void {
    const { ctx, out } = this;
    if (fields) {
      const result = recordSchema(fields, ctx.locales, this.mode, isTop ? modelOf(ctx, this.modelId) : undefined, isTop).safeParse(attrs);
      if (!result.success) out.push(...findingsFromIssues(result.error.issues, attrs).map((f) => ({ ...f, path: [...prefix, ...f.path] })));
      const allLocalesRequired = modelOf(ctx, modelOfAttrs)?.attributes?.['all_locales_required'] === true;
      out.push(...localeSetFindings(attrs, fields, ctx.locales, allLocalesRequired, prefix));
    } else if (knownKeys) {
      out.push(...unknownKeyFindings(attrs, knownKeys, prefix));
    }
    this.blocksIn(attrs, fields, prefix, isTop);
  }

  /** The block ids and block objects in the attributes' block fields. */
  private blocksIn(attrs: JsonObject, fields: FieldInfo[] | undefined, prefix: Path, isTop: boolean): void {
    const byKey = new Map(fields?.map((f) => [f.apiKey, f]));
    for (const key of Object.keys(attrs)) {
      if (key === READONLY_KEY || (!isTop && (key === 'id' || key === 'item_type'))) continue;
      const field = byKey.get(key);
      if (fields && !field) continue;
      if (field) {
        for (const { path, id } of blockIdSlots(attrs[key], field)) {
          if (!this.openedBlocks.has(id))
            this.out.push({
              path: [...prefix, key, ...path],
              message: `"${id}" is not a block of this record (a block id stands for an existing block; write a block object without "id" to add one)`,
              code: 'unknown-block',
            });
        }
      }
      mapBlockSlots(
        attrs[key] as Json,
        field?.type,
        field?.localized ?? false,
        isDocumentBlock,
        (block, path) => {
          this.block(block, [...prefix, ...path], field, isInline(attrs[key], path.slice(1)));
          return block;
        },
        [key],
      );
    }
  }

  private block(block: JsonObject, path: Path, field: FieldInfo | undefined, inline: boolean): void {
    const typeId = blockItemTypeId(block);
    const id = getOwn(block, 'id');
    if (typeof id === 'string') this.blockIdentity(id, typeId, path);
    if (typeId !== undefined) this.blockModel(typeId, path, field, inline);
    const before = typeof id === 'string' ? this.openedBlocks.get(id) : undefined;
    const blockFields = recordFields(this.ctx, typeId);
    if (before) {
      for (const key of Object.keys(before)) {
        if (!hasOwn(block, key))
          this.out.push({
            path: [...path, key],
            message: `"${key}" was removed from the block (keys cannot be removed; set it to null, or [] for lists, to clear the value)`,
            code: 'removed-key',
            data: { key, path: [...path, key], nullAccepted: true },
          });
      }
    } else if (typeof id !== 'string' && blockFields) {
      this.out.push(...newBlockMissingFindings(block, blockFields, this.mode, path));
    }
    this.attributes(block, blockFields, path, false, before, typeId);
  }

  /** An existing block's id: one the record has, of the same model, once. */
  private blockIdentity(id: string, typeId: string | undefined, path: Path): void {
    const before = this.openedBlocks.get(id);
    if (!before) {
      this.out.push({
        path: [...path, 'id'],
        message: `"${id}" is not a block of this record (remove "id" to create a new block)`,
        code: 'unknown-block',
      });
    } else if (blockItemTypeId(before) !== typeId) {
      this.out.push({
        path: [...path, 'item_type'],
        message: `the block model of an existing block cannot change (was ${modelLabel(this.ctx, blockItemTypeId(before) ?? '')}; remove "id" to create a new block instead)`,
        code: 'block-model-changed',
      });
    }
    if (this.seenIds.has(id))
      this.out.push({
        path: [...path, 'id'],
        message: `block "${id}" appears twice (each block may appear once; remove "id" from the copy)`,
        code: 'duplicate-block',
      });
    this.seenIds.add(id);
  }

  /** A block's model: one the field allows, of this project. */
  private blockModel(typeId: string, path: Path, field: FieldInfo | undefined, inline: boolean): void {
    const { ctx } = this;
    const allowed = allowedBlockModels(field, inline);
    if (allowed && !allowed.includes(typeId)) {
      this.out.push({
        path: [...path, 'item_type', 'id'],
        message: `block model ${modelLabel(ctx, typeId)} is not allowed here (allowed: ${allowed.map((m) => modelLabel(ctx, m)).join(', ') || 'none'})`,
        code: 'block-model-not-allowed',
        data: { allowed },
      });
    } else if (!modelOf(ctx, typeId) && ctx.itemTypes.length > 0) {
      this.out.push({
        path: [...path, 'item_type', 'id'],
        message: `"${typeId}" is not a block model of this project`,
        code: 'unknown-block-model',
      });
    }
  }
}

/** Keys not known when the model's fields are not loaded: only those there when the document was opened are. */
function unknownKeyFindings(attrs: JsonObject, knownKeys: JsonObject, prefix: Path): Finding[] {
  const known = Object.keys(knownKeys).filter((k) => k !== READONLY_KEY);
  return Object.keys(attrs)
    .filter((key) => key !== READONLY_KEY && key !== 'id' && key !== 'item_type' && !hasOwn(knownKeys, key))
    .map((key) => ({
      path: [...prefix, key],
      message: `unknown field "${key}" (the fields of this model are not loaded; known: ${known.join(', ')})`,
      atKey: true,
      code: 'unknown-key',
      data: { key, allowed: known },
    }));
}

/** Whether the block at `pathInValue` of a structured text value is an inline block (its node's type tells). */
function isInline(value: unknown, pathInValue: Path): boolean {
  let node: unknown = value;
  for (const segment of pathInValue.slice(0, -1))
    node = typeof segment === 'number' ? (Array.isArray(node) ? node[segment] : undefined) : getOwn(node, segment);
  return getOwn(node, 'type') === 'inlineBlock';
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
