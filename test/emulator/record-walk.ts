// The walk of a record write through its fields and blocks: each field's value (all its locales) checked for
// shape, every block kept, partially updated or created, blocks counted and their nesting measured, and the
// record's validators run on the result. ItemWriter (item-writes.ts) runs it for PUT /items/:id and POST /items;
// block changes are queued so nothing is stored unless the whole request passes.
import type { Resource } from '../../src/cma/types.js';
import type { ApiErrorSpec } from './errors.js';
import { isObject, newId, relationshipTarget, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import { BLOCK_FIELD_TYPES, blockIdsOf, mapDastBlocks, newBlockMeta, positionalAttributes } from './items.js';
import { checkLocaleSets, checkValidators, dastProblems, savesInvalidDrafts, shapeProblem } from './record-rules.js';
import { LIST_FIELD_TYPES } from './rules.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';

export const MAX_BLOCKS_PER_RECORD = 500;
export const MAX_BLOCK_NESTING = 5;
const BLOCK_VALIDATORS = ['rich_text_blocks', 'single_block_blocks'];

/** State shared by one request's walk through the record and its blocks. */
export interface WriteContext {
  errors: ApiErrorSpec[];
  /** block changes, run only when nothing failed */
  ops: (() => void)[];
  /** blocks the record has now: the only block ids the request may name */
  owned: Set<string>;
  /** block ids already named in this request */
  seen: Set<string>;
  blockCount: number;
  deepestBlock: number;
  /** a save of a model that may save invalid drafts: field validators do not stop it (blocks included) */
  relaxed: boolean;
}

export function writeContext(owned: Set<string>, itemType: Resource<'item_type'>): WriteContext {
  return { errors: [], ops: [], owned, seen: new Set(), blockCount: 0, deepestBlock: 0, relaxed: savesInvalidDrafts(itemType) };
}

/** Checks a record's (or a block's) new attributes against its model, down through its blocks. */
export class RecordWalk {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  /** Block ids held by the block-bearing fields of a stored record (all locales). */
  blocksOf(itemTypeId: string, attributes: Obj, only?: (apiKey: string) => boolean): string[] {
    const ids: string[] = [];
    for (const field of this.store.fieldsOf(this.env, itemTypeId)) {
      const fieldType = String(field.attributes.field_type);
      const apiKey = String(field.attributes.api_key);
      if (!BLOCK_FIELD_TYPES.has(fieldType) || (only && !only(apiKey))) continue;
      const value = attributes[apiKey];
      const perLocale = field.attributes.localized && isObject(value) ? Object.values(value) : [value];
      for (const v of perLocale) ids.push(...blockIdsOf(fieldType, v));
    }
    return ids;
  }

  /** Stored blocks under these ids, counted with their own nested blocks. */
  private countStored(ids: string[], depth: number, ctx: WriteContext): void {
    for (const id of ids) {
      ctx.blockCount++;
      ctx.deepestBlock = Math.max(ctx.deepestBlock, depth);
      const block = this.env.items.get(id);
      if (block && depth <= MAX_BLOCK_NESTING) this.countStored(this.blocksOf(block.itemTypeId, block.attributes), depth + 1, ctx);
    }
  }

  /**
   * Validates `changes` against the model and returns the merged attributes (block values as ids).
   * `depth` is the block nesting level of the record being written (0 = the record itself).
   */
  applyAttributes(
    item: StoredItem | null,
    itemType: Resource<'item_type'>,
    changes: Obj,
    ctx: WriteContext,
    blockPath: (string | number)[],
    depth: number,
  ): Obj {
    const { errors } = ctx;
    const fields = this.store.fieldsOf(this.env, itemType.id);
    const positional = depth === 0 ? positionalAttributes(itemType) : [];
    const allowed = [...fields.map((f) => String(f.attributes.api_key)), ...positional];
    const extra = Object.keys(changes).filter((k) => !allowed.includes(k));
    if (extra.length)
      errors.push({
        code: 'INVALID_ATTRIBUTES',
        details: { extraneous_attributes: extra, ...(blockPath.length ? { block_path: blockPath } : {}) },
      });
    if (item)
      this.countStored(
        this.blocksOf(itemType.id, item.attributes, (k) => !(k in changes)),
        depth + 1,
        ctx,
      );

    const merged: Obj = { ...(item?.attributes ?? {}) };
    const locales = this.store.site.attributes.locales as string[];
    /** fields whose value is malformed: their validators are not run */
    const malformed = new Set<string>();
    for (const field of fields) {
      const apiKey = String(field.attributes.api_key);
      if (!(apiKey in changes)) continue;
      const errorsBefore = errors.length;
      this.applyField(field, changes[apiKey], merged, ctx, blockPath, depth);
      if (errors.length > errorsBefore) malformed.add(apiKey);
    }
    for (const key of positional) {
      if (!(key in changes)) continue;
      const v = changes[key];
      if (key === 'position' && !(Number.isInteger(v) && (v as number) >= 1))
        errors.push({ code: 'INVALID_FIELD', details: { field: 'position', code: 'VALIDATION_INVALID_FORMAT' } });
      else if (key === 'parent_id' && v !== null && (!isApiId(v) || this.env.items.get(v)?.itemTypeId !== itemType.id || v === item?.id)) {
        errors.push({
          code: 'INVALID_FIELD',
          details: {
            field: 'parent_id',
            code: 'VALIDATION_INVALID',
            message: 'parent_id must be another record of the same model, or null',
          },
        });
      } else merged[key] = v;
    }
    const validation = { env: this.env, item, itemType, fields, siteLocales: locales, blockPath, relaxed: ctx.relaxed };
    const recordLocales = checkLocaleSets(validation, merged, errors, malformed);
    checkValidators(
      { ...validation, fields: fields.filter((f) => !malformed.has(String(f.attributes.api_key))) },
      merged,
      recordLocales,
      errors,
    );
    return merged;
  }

  /** Checks one field's new value (all its locales) into `merged`. */
  private applyField(
    field: Resource<'field'>,
    value: unknown,
    merged: Obj,
    ctx: WriteContext,
    blockPath: (string | number)[],
    depth: number,
  ): void {
    const { errors } = ctx;
    const apiKey = String(field.attributes.api_key);
    const locales = this.store.site.attributes.locales as string[];
    const describe = (locale?: string): Obj => ({
      field: apiKey,
      field_id: field.id,
      field_label: field.attributes.label,
      field_type: field.attributes.field_type,
      ...(locale ? { locale } : {}),
      ...(blockPath.length ? { block_path: blockPath } : {}),
    });
    if (!field.attributes.localized) {
      merged[apiKey] = this.checkValue(field, value, describe(), ctx, [...blockPath, apiKey], depth);
      return;
    }
    // The API's documentation does not say whether a localized field may be null as a whole; we take the
    // stricter reading: it is always an object keyed by locale (a locale's value may be null).
    if (!isObject(value)) {
      errors.push({
        code: 'INVALID_FIELD',
        details: {
          ...describe(),
          code: 'VALIDATION_INVALID_FORMAT',
          message: `${apiKey} is localized: send an object keyed by locale (${locales.join(', ')})`,
        },
      });
      return;
    }
    const perLocale: Obj = {};
    for (const [locale, v] of Object.entries(value)) {
      if (!locales.includes(locale)) {
        errors.push({
          code: 'INVALID_FIELD',
          details: {
            ...describe(locale),
            code: 'VALIDATION_INVALID_LOCALE',
            message: `"${locale}" is not a locale of the project (${locales.join(', ')})`,
          },
        });
        continue;
      }
      perLocale[locale] = this.checkValue(field, v, describe(locale), ctx, [...blockPath, apiKey, locale], depth);
    }
    merged[apiKey] = perLocale;
  }

  /** Checks one (per-locale) value; returns the stored form (blocks as ids). */
  private checkValue(
    field: Resource<'field'>,
    value: unknown,
    where: Obj,
    ctx: WriteContext,
    blockPath: (string | number)[],
    depth: number,
  ): unknown {
    const fieldType = String(field.attributes.field_type);
    const invalid = (message: string) => {
      ctx.errors.push({ code: 'INVALID_FIELD', details: { ...where, code: 'VALIDATION_INVALID_FORMAT', message } });
      return value;
    };
    // List-valued types are documented as arrays only: empty is [], never null.
    if (value === null) return LIST_FIELD_TYPES.has(fieldType) ? invalid('expected an array ([] when empty)') : null;
    switch (fieldType) {
      case 'rich_text':
        if (!Array.isArray(value)) return invalid('expected an array of blocks');
        return value.map((block, i) => this.checkBlock(field, block, where, ctx, [...blockPath, i], depth + 1));
      case 'single_block':
        return this.checkBlock(field, value, where, ctx, blockPath, depth + 1);
      case 'structured_text': {
        if (
          !isObject(value) ||
          value.schema !== 'dast' ||
          !isObject(value.document) ||
          value.document.type !== 'root' ||
          !Array.isArray(value.document.children)
        ) {
          return invalid('expected {"schema": "dast", "document": {"type": "root", "children": […]}}');
        }
        const linkRule = (field.attributes.validators as Obj | undefined)?.structured_text_links;
        const linkable = isObject(linkRule) && Array.isArray(linkRule.item_types) ? (linkRule.item_types as string[]) : [];
        for (const problem of dastProblems(value, this.env, linkable))
          ctx.errors.push({ code: 'INVALID_FIELD', details: { ...where, ...problem } });
        let index = 0;
        return mapDastBlocks(value, (block, nodeType) =>
          this.checkBlock(
            field,
            block,
            where,
            ctx,
            [...blockPath, 'block', index++],
            depth + 1,
            nodeType === 'inlineBlock' ? 'structured_text_inline_blocks' : 'structured_text_blocks',
          ),
        );
      }
      default: {
        const problem = shapeProblem(fieldType, value, this.env);
        return problem ? invalid(problem) : value;
      }
    }
  }

  /** A block in a request: its id (unchanged), `{type, id, attributes}` (partial update) or a new block. Returns its id. */
  private checkBlock(
    field: Resource<'field'>,
    block: unknown,
    where: Obj,
    ctx: WriteContext,
    blockPath: (string | number)[],
    depth: number,
    dastValidator?: string,
  ): unknown {
    const validators = (field.attributes.validators ?? {}) as Obj;
    const validator = dastValidator ?? BLOCK_VALIDATORS.find((k) => k in validators) ?? 'rich_text_blocks';
    const rule = validators[validator];
    const allowedTypes = isObject(rule) && Array.isArray(rule.item_types) ? (rule.item_types as string[]) : [];
    const invalid = (message: string, code = 'VALIDATION_INVALID_FORMAT') => {
      ctx.errors.push({ code: 'INVALID_FIELD', details: { ...where, code, message, block_path: blockPath } });
      return block;
    };
    const notAllowed = (typeId: string) => invalid(`block model "${typeId}" is not allowed here`, `VALIDATION_${validator.toUpperCase()}`);
    ctx.blockCount++;
    ctx.deepestBlock = Math.max(ctx.deepestBlock, depth);
    /** An existing block named by the request: it must be one of this record's, named once. */
    const existingBlock = (id: unknown): StoredItem | undefined => {
      if (!isApiId(id)) return void invalid('a block id is a 22-character id');
      if (!ctx.owned.has(id)) return void invalid(`"${id}" is not a block of this record (a new block has no id)`);
      if (ctx.seen.has(id)) return void invalid(`the block "${id}" appears twice`);
      ctx.seen.add(id);
      const existing = this.env.items.get(id);
      if (!existing) return void invalid(`no block "${id}"`);
      if (!allowedTypes.includes(existing.itemTypeId)) return void notAllowed(existing.itemTypeId);
      return existing;
    };

    if (typeof block === 'string') {
      const existing = existingBlock(block);
      if (existing && depth <= MAX_BLOCK_NESTING) this.countStored(this.blocksOf(existing.itemTypeId, existing.attributes), depth + 1, ctx);
      return block;
    }
    if (
      !isObject(block) ||
      block.type !== 'item' ||
      Object.keys(block).some((k) => !['type', 'id', 'attributes', 'relationships'].includes(k))
    ) {
      return invalid('a block is its id, or {"type": "item", "id"?, "attributes": {…}, "relationships"?: {"item_type": …}}');
    }
    const attrs = block.attributes === undefined ? {} : block.attributes;
    if (!isObject(attrs)) return invalid('block attributes must be an object');
    if (
      block.relationships !== undefined &&
      (!isObject(block.relationships) || Object.keys(block.relationships).some((k) => k !== 'item_type'))
    ) {
      return invalid('block relationships take only item_type');
    }
    const declaredType =
      isObject(block.relationships) && 'item_type' in block.relationships
        ? relationshipTarget(block.relationships.item_type, 'item_type')
        : undefined;
    if (isObject(block.relationships) && 'item_type' in block.relationships && !declaredType)
      return invalid('relationships.item_type must be {"data": {"type": "item_type", "id": <id>}}');

    if (block.id !== undefined) {
      const existing = existingBlock(block.id);
      if (!existing) return block;
      if (declaredType && declaredType !== existing.itemTypeId)
        return invalid('a block cannot change its block model (leave out the id to create a new block)');
      const blockType = this.env.itemTypes.get(existing.itemTypeId);
      if (!blockType) return existing.id;
      const merged = this.applyAttributes(existing, blockType, attrs, ctx, blockPath, depth);
      ctx.ops.push(() => {
        existing.attributes = merged;
        existing.meta = { ...existing.meta, updated_at: new Date().toISOString(), current_version: newId() };
      });
      return existing.id;
    }
    if (!declaredType) return invalid('a new block needs relationships.item_type: {"data": {"type": "item_type", "id": <id>}}');
    const blockType = this.env.itemTypes.get(declaredType);
    if (!blockType || !allowedTypes.includes(declaredType)) return notAllowed(declaredType);
    const id = newId();
    const created = this.applyAttributes(null, blockType, attrs, ctx, blockPath, depth);
    ctx.ops.push(() => {
      const now = new Date().toISOString();
      this.env.items.set(id, {
        id,
        itemTypeId: declaredType,
        attributes: created,
        published: null,
        creator: null,
        meta: newBlockMeta(now),
      });
    });
    return id;
  }
}
