// PUT /items/:id: a record's partial update, its blocks (kept, partially updated, created) and every rule
// the API applies to the record as it would be after the update. Nothing changes unless all of it passes.
// The walk through the fields and blocks is in record-walk.ts; this file holds the record-level checks
// (version, relationships, stage, block limits) and what a save does to the record's meta.
import type { Resource } from '../../src/cma/types.js';
import { httpError, type ApiErrorSpec } from './errors.js';
import { envelope, extraneous, fail, invalidField, isObject, newId, relationshipTarget, type Document, type Obj } from './envelope.js';
import { ItemSerializer } from './items.js';
import { validationProblems } from './publishing.js';
import { MAX_BLOCK_NESTING, MAX_BLOCKS_PER_RECORD, RecordWalk, writeContext } from './record-walk.js';
import { wire } from './resources.js';
import { CREATOR_TYPES } from './rules.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import { stageProblem } from './workflows.js';

export class ItemWriter {
  private readonly walk: RecordWalk;

  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {
    this.walk = new RecordWalk(store, env);
  }

  updateItem(id: string, body: unknown): Document {
    const item = this.env.items.get(id);
    if (!item) throw httpError(404, 'NOT_FOUND', { entity: 'item', id });
    const itemType = this.env.itemTypes.get(item.itemTypeId);
    if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: item.itemTypeId });
    const { attributes, relationships, meta } = envelope(body, 'item', [id]);

    if (meta.current_version !== undefined && typeof meta.current_version !== 'string')
      throw httpError(422, 'INVALID_FORMAT', { message: 'meta.current_version is the id of a version (a string)' });
    if (meta.current_version !== undefined && meta.current_version !== item.meta.current_version) {
      throw httpError(422, 'STALE_ITEM_VERSION', {
        message: 'The record has changed since this version: fetch it again and reapply your changes',
      });
    }
    const ctx = writeContext(this.ownedBlocks(item), itemType);
    ctx.errors.push(
      ...extraneous(relationships, ['item_type', 'creator'], 'relationships'),
      ...extraneous(meta, ['current_version', 'stage'], 'meta'),
    );
    // A record moves to a stage of its model's workflow.
    const stageText =
      meta.stage === undefined || meta.stage === null ? null : stageProblem(this.store, this.env, item.itemTypeId, meta.stage);
    if (stageText) ctx.errors.push(invalidField('stage', 'VALIDATION_INVALID', { message: stageText }));
    if ('item_type' in relationships) {
      const target = relationshipTarget(relationships.item_type, 'item_type');
      if (!target)
        ctx.errors.push({
          code: 'INVALID_FORMAT',
          details: { message: 'relationships.item_type is {"data": {"type": "item_type", "id": <id>}}' },
        });
      else if (target !== item.itemTypeId)
        ctx.errors.push({
          code: 'ITEM_TYPE_CANNOT_BE_CHANGED',
          details: { message: 'This emulator does not move records between models' },
        });
    }
    let creator: StoredItem['creator'] | undefined;
    if ('creator' in relationships) {
      const target = relationshipTarget(relationships.creator, CREATOR_TYPES);
      const data = isObject(relationships.creator) && isObject(relationships.creator.data) ? relationships.creator.data : undefined;
      if (target && data) creator = { type: String(data.type), id: target };
      else
        ctx.errors.push({
          code: 'INVALID_FORMAT',
          details: { message: `relationships.creator must be {"data": {"type": ${CREATOR_TYPES.join('|')}, "id": <id>}}` },
        });
    }

    const merged = this.walk.applyAttributes(item, itemType, attributes, ctx, [], 0);
    if (ctx.blockCount > MAX_BLOCKS_PER_RECORD) {
      ctx.errors.push({
        code: 'TECHNICAL_LIMIT_REACHED',
        details: {
          limit: 'blocks',
          maximum: MAX_BLOCKS_PER_RECORD,
          count: ctx.blockCount,
          message: `a record holds at most ${MAX_BLOCKS_PER_RECORD} blocks`,
        },
      });
    }
    if (ctx.deepestBlock > MAX_BLOCK_NESTING) {
      ctx.errors.push({
        code: 'TECHNICAL_LIMIT_REACHED',
        details: {
          limit: 'block_nesting_levels',
          maximum: MAX_BLOCK_NESTING,
          count: ctx.deepestBlock,
          message: `blocks nest at most ${MAX_BLOCK_NESTING} levels deep`,
        },
      });
    }
    fail(ctx.errors);

    for (const op of ctx.ops) op();
    const now = new Date().toISOString();
    item.attributes = merged;
    if (creator) item.creator = creator;
    // Without draft mode a save is published at once; with it, a published record gets a newer draft.
    const draftMode = itemType.attributes.draft_mode_active === true;
    if (!draftMode) item.published = structuredClone(merged);
    item.meta = {
      ...item.meta,
      updated_at: now,
      current_version: newId(),
      ...(draftMode
        ? { status: item.meta.status === 'published' ? 'updated' : item.meta.status }
        : { status: 'published', published_at: now, first_published_at: item.meta.first_published_at ?? now }),
      ...(typeof meta.stage === 'string' ? { stage: meta.stage } : {}),
    };
    // A model that allows invalid drafts saves whatever its validators say: the record is then invalid.
    const valid = validationProblems(this.store, this.env, item).length === 0;
    item.meta = { ...item.meta, is_valid: valid, is_current_version_valid: item.meta.status === null ? null : valid };
    this.env.meta.last_data_change_at = now;
    return { data: wire(new ItemSerializer(this.store, this.env).serialize(item, 'current', false)) };
  }

  /**
   * A new record's attributes checked as an update of an empty record: the stored form, the problems found,
   * and the block creations to run once nothing failed.
   */
  checkNewRecord(itemType: Resource<'item_type'>, attributes: Obj): { merged: Obj; errors: ApiErrorSpec[]; commit: () => void } {
    const ctx = writeContext(new Set(), itemType);
    const merged = this.walk.applyAttributes(null, itemType, attributes, ctx, [], 0);
    if (ctx.blockCount > MAX_BLOCKS_PER_RECORD)
      ctx.errors.push({
        code: 'TECHNICAL_LIMIT_REACHED',
        details: { limit: 'blocks', maximum: MAX_BLOCKS_PER_RECORD, count: ctx.blockCount },
      });
    return { merged, errors: ctx.errors, commit: () => ctx.ops.forEach((op) => op()) };
  }

  /** Every block id reachable from the record's current value, nested blocks included. */
  private ownedBlocks(item: StoredItem): Set<string> {
    const owned = new Set<string>();
    const walk = (record: StoredItem, depth: number) => {
      if (depth > MAX_BLOCK_NESTING + 1) return;
      for (const id of this.walk.blocksOf(record.itemTypeId, record.attributes)) {
        if (owned.has(id)) continue;
        owned.add(id);
        const block = this.env.items.get(id);
        if (block) walk(block, depth + 1);
      }
    };
    walk(item, 0);
    return owned;
  }
}
