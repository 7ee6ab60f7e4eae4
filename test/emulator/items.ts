// Records: serialisation (with `nested` block expansion and `version`) and structured text helpers.
// The GET /items query engine is in item-query.ts.
import type { Resource } from '../../src/cma/types.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import { newId } from './envelope.js';
import { BLOCK_FIELD_TYPES } from './rules.js';

// Many emulator modules take the block field types from here, next to the block helpers.
export { BLOCK_FIELD_TYPES };

export type Version = 'current' | 'published';
export const MAX_PAGE_LIMIT = 500;
export const DEFAULT_PAGE_LIMIT = 30;
/** With `nested=true` the API serves at most this many records per page, whatever page[limit] asks. */
export const NESTED_PAGE_LIMIT = 30;

/** Attributes of a version: null when that version does not exist (never published). */
export function versionAttributes(item: StoredItem, version: Version): Record<string, unknown> | null {
  return version === 'published' ? item.published : item.attributes;
}

/** Extra attributes a record of this model carries besides its fields. */
export function positionalAttributes(itemType: Resource<'item_type'>): string[] {
  if (itemType.attributes.tree) return ['position', 'parent_id'];
  if (itemType.attributes.sortable) return ['position'];
  return [];
}

export class ItemSerializer {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  serialize(item: StoredItem, version: Version, nested: boolean): Resource<'item'> {
    const source = versionAttributes(item, version) ?? item.attributes;
    const itemType = this.env.itemTypes.get(item.itemTypeId);
    const attributes: Record<string, unknown> = {};
    for (const field of this.store.fieldsOf(this.env, item.itemTypeId)) {
      const apiKey = String(field.attributes.api_key);
      const value = source[apiKey] ?? null;
      attributes[apiKey] =
        nested && BLOCK_FIELD_TYPES.has(String(field.attributes.field_type))
          ? this.mapLocales(value, Boolean(field.attributes.localized), (v) =>
              this.expandBlocks(String(field.attributes.field_type), v, version),
            )
          : value;
    }
    if (itemType) for (const key of positionalAttributes(itemType)) attributes[key] = source[key] ?? null;
    return {
      id: item.id,
      type: 'item',
      attributes,
      relationships: {
        item_type: { data: { type: 'item_type', id: item.itemTypeId } },
        creator: { data: item.creator },
      },
      meta: { ...item.meta },
    };
  }

  private mapLocales(value: unknown, localized: boolean, map: (v: unknown) => unknown): unknown {
    if (!localized || value === null || typeof value !== 'object') return map(value);
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([locale, v]) => [locale, map(v)]));
  }

  private expandBlocks(fieldType: string, value: unknown, version: Version): unknown {
    const expand = (id: unknown): unknown => {
      if (typeof id !== 'string') return id;
      const block = this.env.items.get(id);
      if (!block) return id;
      const blockVersion = version === 'published' && block.published ? 'published' : 'current';
      return this.serialize(block, blockVersion, true);
    };
    if (fieldType === 'rich_text') return Array.isArray(value) ? value.map(expand) : value;
    if (fieldType === 'single_block') return value === null ? null : expand(value);
    return mapDastBlocks(value, expand);
  }
}

/** Copies a structured_text value, replacing `block`/`inlineBlock` node items through `map`. */
export function mapDastBlocks(value: unknown, map: (item: unknown, nodeType: 'block' | 'inlineBlock') => unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
    if ((copy.type === 'block' || copy.type === 'inlineBlock') && 'item' in copy) copy.item = map(copy.item, copy.type);
    if (Array.isArray(copy.children)) copy.children = copy.children.map(walk);
    return copy;
  };
  const st = value as Record<string, unknown>;
  return { ...st, document: walk(st.document) };
}

/** Block ids referenced by a block-bearing field value (one locale). */
export function blockIdsOf(fieldType: string, value: unknown): string[] {
  const ids: string[] = [];
  if (fieldType === 'rich_text' && Array.isArray(value)) for (const v of value) if (typeof v === 'string') ids.push(v);
  if (fieldType === 'single_block' && typeof value === 'string') ids.push(value);
  if (fieldType === 'structured_text')
    mapDastBlocks(value, (item) => {
      if (typeof item === 'string') ids.push(item);
      return item;
    });
  return ids;
}

/** Plain text of a structured_text value (spans and code), for search and `matches`. */
export function dastText(value: unknown): string {
  const parts: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (typeof n.value === 'string') parts.push(n.value);
    if (typeof n.code === 'string') parts.push(n.code);
    if (Array.isArray(n.children)) n.children.forEach(walk);
  };
  if (value && typeof value === 'object') walk((value as Record<string, unknown>).document);
  return parts.join(' ');
}

/** The meta of a block made at `now`: a block is never published, scheduled or in a workflow stage itself. */
export function newBlockMeta(now: string): StoredItem['meta'] {
  return {
    created_at: now,
    updated_at: now,
    published_at: null,
    first_published_at: null,
    publication_scheduled_at: null,
    unpublishing_scheduled_at: null,
    status: null,
    is_valid: true,
    is_current_version_valid: null,
    is_published_version_valid: null,
    current_version: newId(),
    stage: null,
    has_children: null,
  };
}
