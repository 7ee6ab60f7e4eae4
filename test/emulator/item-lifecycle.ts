// DELETE /items/:id and POST /items/:id/duplicate: both async. Each is checked when asked (404 for a
// record that does not exist) and applied when its job completes, where the rest of the checks run.
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import { isObject, newId, type Document, type Obj } from './envelope.js';
import { BLOCK_FIELD_TYPES, blockIdsOf, ItemSerializer, mapDastBlocks } from './items.js';
import { wire } from './resources.js';
import { LINK_VALIDATORS } from './rules.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import { forgetVersions, recordVersion } from './versions.js';

export class ItemLifecycle {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  /** A record (not a block) by id, or the API's 404. */
  private record(id: string): StoredItem {
    const item = this.env.items.get(id);
    if (!item || this.env.itemTypes.get(item.itemTypeId)?.attributes.modular_block === true)
      throw httpError(404, 'NOT_FOUND', { entity: 'item', id, message: `No item with id "${id}"` });
    return item;
  }

  /**
   * Deletes a record with its blocks. Each record linking to it (current or published version) is
   * handled by the linking field's `on_reference_delete_strategy`: `fail` refuses the whole delete,
   * `delete_references` (also when unset) removes the link from that record.
   */
  planDestroy(id: string): () => Document {
    this.record(id);
    return () => {
      const item = this.record(id);
      const refusals: Obj[] = [];
      const removals: (() => void)[] = [];
      for (const other of [...this.env.recordsByType.values()].flat()) {
        if (other.id === id) continue;
        for (const holder of [other, ...this.blocksOf(other)]) {
          for (const field of this.store.fieldsOf(this.env, holder.itemTypeId)) {
            const strategy = referenceDeleteStrategy(field);
            if (strategy === undefined) continue;
            const apiKey = String(field.attributes.api_key);
            const linked = [holder.attributes, holder.published].some(
              (attrs) => attrs && holdsLink(attrs[apiKey], id, !!field.attributes.localized),
            );
            if (!linked) continue;
            if (strategy === 'fail') refusals.push({ item_id: other.id, field: apiKey, field_id: field.id });
            else
              removals.push(() => {
                for (const attrs of [holder.attributes, holder.published])
                  if (attrs && apiKey in attrs) attrs[apiKey] = withoutLink(attrs[apiKey], id, !!field.attributes.localized);
              });
          }
        }
      }
      if (refusals.length) {
        // The API documents the code, not its details: name nothing a client could come to rely on.
        throw httpError(422, 'DELETE_RESTRICTION', {
          message: `${refusals.length} record(s) link to this record through fields that forbid deleting it (on_reference_delete_strategy: fail)`,
        });
      }
      const deleted = wire(new ItemSerializer(this.store, this.env).serialize(item, 'current', false));
      for (const remove of removals) remove();
      for (const block of this.blocksOf(item)) this.env.items.delete(block.id);
      this.env.items.delete(id);
      forgetVersions(this.env, id);
      const ofType = this.env.recordsByType.get(item.itemTypeId) ?? [];
      if (ofType.includes(item)) ofType.splice(ofType.indexOf(item), 1);
      this.env.meta.last_data_change_at = new Date().toISOString();
      return { data: deleted };
    };
  }

  /**
   * Copies a record and its blocks under new ids: a new record, never published (draft where the model
   * has draft mode). Values of `unique` string and slug fields get a suffix, so the copy is valid.
   */
  planDuplicate(id: string): () => Document {
    this.record(id);
    return () => {
      const source = this.record(id);
      const now = new Date().toISOString();
      const itemType = this.env.itemTypes.get(source.itemTypeId);
      const copy = this.copyItem(source, undefined, now, itemType);
      for (const field of this.store.fieldsOf(this.env, source.itemTypeId)) {
        const validators = field.attributes.validators as Obj | undefined;
        const type = String(field.attributes.field_type);
        if (!validators || !('unique' in validators) || (type !== 'string' && type !== 'slug')) continue;
        const apiKey = String(field.attributes.api_key);
        const taken = (value: string) =>
          (this.env.recordsByType.get(source.itemTypeId) ?? []).some((r) => uniqueValues(r.attributes[apiKey]).includes(value));
        const unique = (value: unknown) => {
          if (typeof value !== 'string' || value === '') return value;
          for (let n = 1; ; n++) {
            const suffix = type === 'slug' ? `-copy${n > 1 ? `-${n}` : ''}` : ` (copy${n > 1 ? ` ${n}` : ''})`;
            if (!taken(value + suffix)) return value + suffix;
          }
        };
        const value = copy.attributes[apiKey];
        copy.attributes[apiKey] =
          field.attributes.localized && isObject(value)
            ? Object.fromEntries(Object.entries(value).map(([l, v]) => [l, unique(v)]))
            : unique(value);
      }
      this.env.items.set(copy.id, copy);
      let ofType = this.env.recordsByType.get(copy.itemTypeId);
      if (!ofType) this.env.recordsByType.set(copy.itemTypeId, (ofType = []));
      ofType.push(copy);
      recordVersion(this.store, this.env, copy);
      this.env.meta.last_data_change_at = now;
      return { data: wire(new ItemSerializer(this.store, this.env).serialize(copy, 'current', false)) };
    };
  }

  /** A copy of a stored record or block under a new id, its blocks copied too (the copy's values name the new ids). */
  private copyItem(
    source: StoredItem,
    parentItemId: string | undefined,
    now: string,
    itemType: Resource<'item_type'> | undefined,
  ): StoredItem {
    const id = newId();
    const attributes: Obj = structuredClone(source.attributes);
    for (const field of this.store.fieldsOf(this.env, source.itemTypeId)) {
      const type = String(field.attributes.field_type);
      if (!BLOCK_FIELD_TYPES.has(type)) continue;
      const apiKey = String(field.attributes.api_key);
      const copyBlocks = (value: unknown): unknown => {
        const map = (blockId: unknown) => {
          const block = typeof blockId === 'string' ? this.env.items.get(blockId) : undefined;
          if (!block) return blockId;
          const copied = this.copyItem(block, id, now, undefined);
          this.env.items.set(copied.id, copied);
          return copied.id;
        };
        if (type === 'rich_text') return Array.isArray(value) ? value.map(map) : value;
        if (type === 'single_block') return typeof value === 'string' ? map(value) : value;
        return mapDastBlocks(value, map);
      };
      const value = attributes[apiKey];
      attributes[apiKey] =
        field.attributes.localized && isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([l, v]) => [l, copyBlocks(v)]))
          : copyBlocks(value);
    }
    const isBlock = parentItemId !== undefined;
    const draft = itemType?.attributes.draft_mode_active === true;
    return {
      id,
      itemTypeId: source.itemTypeId,
      attributes,
      published: isBlock || draft ? null : structuredClone(attributes),
      creator: source.creator,
      ...(isBlock ? { parentItemId } : {}),
      meta: {
        ...source.meta,
        created_at: now,
        updated_at: now,
        current_version: newId(),
        published_at: isBlock || draft ? null : now,
        first_published_at: isBlock || draft ? null : now,
        publication_scheduled_at: null,
        unpublishing_scheduled_at: null,
        status: isBlock ? null : draft ? 'draft' : 'published',
        is_current_version_valid: isBlock ? null : true,
        is_published_version_valid: isBlock || draft ? null : true,
      },
    };
  }

  /** Every block of a record, at any depth, current and published versions. */
  private blocksOf(item: StoredItem): StoredItem[] {
    const found = new Map<string, StoredItem>();
    const walk = (holder: StoredItem, depth: number) => {
      if (depth > 6) return;
      for (const field of this.store.fieldsOf(this.env, holder.itemTypeId)) {
        const type = String(field.attributes.field_type);
        if (!BLOCK_FIELD_TYPES.has(type)) continue;
        for (const attrs of [holder.attributes, holder.published]) {
          const value = attrs?.[String(field.attributes.api_key)];
          const perLocale = field.attributes.localized && isObject(value) ? Object.values(value) : [value];
          for (const blockId of perLocale.flatMap((v) => blockIdsOf(type, v))) {
            const block = this.env.items.get(blockId);
            if (block && !found.has(block.id)) {
              found.set(block.id, block);
              walk(block, depth + 1);
            }
          }
        }
      }
    };
    walk(item, 0);
    return [...found.values()];
  }
}

/** The field's strategy when a record it links to is deleted; undefined for fields that link no record. */
function referenceDeleteStrategy(field: Resource<'field'>): string | undefined {
  const validators = field.attributes.validators as Obj | undefined;
  for (const name of LINK_VALIDATORS) {
    const rule = validators?.[name];
    if (isObject(rule))
      return typeof rule.on_reference_delete_strategy === 'string' ? rule.on_reference_delete_strategy : 'delete_references';
  }
  return undefined;
}

function perLocale(value: unknown, localized: boolean): unknown[] {
  return localized && isObject(value) ? Object.values(value) : [value];
}

function holdsLink(value: unknown, id: string, localized: boolean): boolean {
  return perLocale(value, localized).some((v) => v === id || (Array.isArray(v) && v.includes(id)) || dastLinks(v, id));
}

function dastLinks(value: unknown, id: string): boolean {
  let found = false;
  mapDastLinks(value, (node) => {
    if (node.item === id) found = true;
    return node;
  });
  return found;
}

/** The value without links to `id`: a link becomes null, a list loses it, structured text loses its inline records and keeps a link's text. */
function withoutLink(value: unknown, id: string, localized: boolean): unknown {
  const one = (v: unknown): unknown => {
    if (v === id) return null;
    if (Array.isArray(v)) return v.filter((x) => x !== id);
    return mapDastLinks(v, (node) => (node.item !== id ? node : node.type === 'itemLink' ? ((node.children as unknown[]) ?? []) : []));
  };
  return localized && isObject(value) ? Object.fromEntries(Object.entries(value).map(([l, v]) => [l, one(v)])) : one(value);
}

/** Rewrites a structured text value's `itemLink`/`inlineItem` nodes (a node may become several, or none). */
function mapDastLinks(value: unknown, map: (node: Obj) => Obj | unknown[]): unknown {
  if (!isObject(value) || !isObject(value.document)) return value;
  const walk = (node: Obj): Obj => {
    if (!Array.isArray(node.children)) return node;
    const children = (node.children as unknown[]).flatMap((child) => {
      if (!isObject(child)) return [child];
      const mapped = child.type === 'itemLink' || child.type === 'inlineItem' ? map(child) : child;
      return Array.isArray(mapped) ? mapped : [walk(mapped)];
    });
    return { ...node, children };
  };
  return { ...value, document: walk(value.document) };
}

function uniqueValues(value: unknown): unknown[] {
  return isObject(value) ? Object.values(value) : [value];
}
