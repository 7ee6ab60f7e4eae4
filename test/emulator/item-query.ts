// The GET /items query engine: listing and paging, the full-text query and order_by. The filter[fields]
// predicates are in item-filters.ts.
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import {
  BLOCK_FIELD_TYPES,
  blockIdsOf,
  dastText,
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  NESTED_PAGE_LIMIT,
  positionalAttributes,
  versionAttributes,
  type Version,
} from './items.js';
import type { Query, QueryValue } from './query.js';
import { asList, asString, compare, ItemFilters, META_DATE_COLUMNS, type Predicate } from './item-filters.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';

// ---- listing ---------------------------------------------------------------------------------------

const SORTABLE_FIELD_TYPES = new Set(['string', 'slug', 'text', 'integer', 'float', 'date', 'date_time', 'boolean']);

type SortKey = (item: StoredItem, attrs: Record<string, unknown>) => unknown;

export interface ItemListResult {
  items: StoredItem[];
  totalCount: number;
  version: Version;
  nested: boolean;
}

export class ItemQueryEngine {
  private readonly searchCache = new Map<string, { key: string; text: string }>();
  private readonly filters: ItemFilters;

  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {
    this.filters = new ItemFilters(store, env);
  }

  list(query: Query): ItemListResult {
    const locales = this.store.site.attributes.locales as string[];
    const page = (query.page && typeof query.page === 'object' && !Array.isArray(query.page) ? query.page : {}) as Record<
      string,
      QueryValue
    >;
    const offset = pageNumber(page.offset, 'page[offset]', 0);
    const limit = pageNumber(page.limit, 'page[limit]', DEFAULT_PAGE_LIMIT);
    if (limit > MAX_PAGE_LIMIT) {
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'page[limit]',
        value: limit,
        maximum: MAX_PAGE_LIMIT,
        message: `page[limit] must be at most ${MAX_PAGE_LIMIT}`,
      });
    }
    const version = this.version(query.version);
    const nested = query.nested === 'true';
    const locale = asString(query.locale) ?? locales[0] ?? 'en';
    if (!locales.includes(locale)) throw httpError(422, 'INVALID_PARAMS', { param: 'locale', value: locale, allowed: locales });

    const filter = (query.filter && typeof query.filter === 'object' && !Array.isArray(query.filter) ? query.filter : {}) as Record<
      string,
      QueryValue
    >;
    const typeIds = asList(filter.type).map((key) => {
      const itemType = this.store.itemType(this.env, key);
      if (!itemType)
        throw httpError(422, 'INVALID_PARAMS', { param: 'filter[type]', value: key, message: `no model or block model "${key}"` });
      return itemType.id;
    });
    // Model fields belong to one model, never to a block model.
    const singleType =
      typeIds.length === 1 && !this.env.itemTypes.get(typeIds[0] as string)?.attributes.modular_block
        ? this.env.itemTypes.get(typeIds[0] as string)
        : undefined;
    if (filter.ids !== undefined && filter.type !== undefined) {
      throw httpError(422, 'INVALID_PARAMS', { param: 'filter[ids]', message: 'filter[ids] cannot be combined with filter[type]' });
    }
    if (filter.only_valid !== undefined && filter.only_valid !== 'true' && filter.only_valid !== 'false') {
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'filter[only_valid]',
        value: asString(filter.only_valid) ?? null,
        message: 'filter[only_valid] is true or false',
      });
    }

    let candidates: StoredItem[];
    const ids = asList(filter.ids);
    if (filter.ids !== undefined) {
      candidates = ids.map((id) => this.env.items.get(id)).filter((i): i is StoredItem => i !== undefined);
    } else if (typeIds.length) {
      candidates = typeIds.flatMap(
        (id) => this.env.recordsByType.get(id) ?? [...this.env.items.values()].filter((i) => i.itemTypeId === id),
      );
    } else {
      candidates = [...this.env.recordsByType.values()].flat();
    }

    const predicates: Predicate[] = [];
    const text = asString(filter.query);
    if (text !== undefined && text.trim() !== '') predicates.push(this.searchPredicate(text, version, locale));
    if (filter.fields !== undefined) predicates.push(...this.filters.fieldPredicates(filter.fields, singleType, typeIds.length, locale));
    if (filter.only_valid !== undefined && filter.only_valid !== 'false') predicates.push((item) => item.meta.is_valid);

    const matched: StoredItem[] = [];
    for (const item of candidates) {
      const attrs = versionAttributes(item, version);
      if (!attrs) continue;
      if (predicates.every((p) => p(item, attrs))) matched.push(item);
    }

    const orderBy = asList(query.order_by);
    if (orderBy.length) this.sort(matched, orderBy, singleType, typeIds.length, version, locale);
    const served = nested ? Math.min(limit, NESTED_PAGE_LIMIT) : limit;
    return { items: matched.slice(offset, offset + served), totalCount: matched.length, version, nested };
  }

  version(value: QueryValue | undefined): Version {
    if (value === undefined || value === 'current') return 'current';
    if (value === 'published') return 'published';
    throw httpError(422, 'INVALID_PARAMS', { param: 'version', value: asString(value) ?? null, allowed: ['current', 'published'] });
  }

  // ---- full-text query ----

  private searchPredicate(text: string, version: Version, locale: string): Predicate {
    const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
    return (item) => {
      const haystack = this.searchText(item, version, locale);
      return terms.every((t) => haystack.includes(t));
    };
  }

  /** Lower-cased text of a record's string/text/structured_text values in one locale, blocks included. */
  private searchText(item: StoredItem, version: Version, locale: string): string {
    const cacheKey = `${item.id}|${version}|${locale}`;
    const stamp = `${item.meta.current_version}|${item.meta.published_at}`;
    const cached = this.searchCache.get(cacheKey);
    if (cached && cached.key === stamp) return cached.text;
    const parts: string[] = [];
    this.collectText(item, versionAttributes(item, version) ?? {}, version, locale, parts, 0);
    const result = parts.join('\n').toLowerCase();
    this.searchCache.set(cacheKey, { key: stamp, text: result });
    return result;
  }

  private collectText(
    item: StoredItem,
    attrs: Record<string, unknown>,
    version: Version,
    locale: string,
    parts: string[],
    depth: number,
  ): void {
    if (depth > 5) return;
    for (const field of this.store.fieldsOf(this.env, item.itemTypeId)) {
      const fieldType = String(field.attributes.field_type);
      let value = attrs[String(field.attributes.api_key)];
      if (field.attributes.localized) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[locale] : undefined;
      if (value === null || value === undefined) continue;
      if ((fieldType === 'string' || fieldType === 'text') && typeof value === 'string') parts.push(value);
      if (fieldType === 'structured_text') parts.push(dastText(value));
      if (BLOCK_FIELD_TYPES.has(fieldType)) {
        for (const blockId of blockIdsOf(fieldType, value)) {
          const block = this.env.items.get(blockId);
          if (!block) continue;
          const blockAttrs = (version === 'published' ? block.published : null) ?? block.attributes;
          this.collectText(block, blockAttrs, version, locale, parts, depth + 1);
        }
      }
    }
  }

  // ---- order_by ----

  private sort(
    items: StoredItem[],
    orderBy: string[],
    singleType: Resource<'item_type'> | undefined,
    typeCount: number,
    version: Version,
    locale: string,
  ): void {
    const keys = orderBy.map((entry) => {
      const match = /^(.+)_(ASC|DESC)$/i.exec(entry);
      if (!match)
        throw httpError(422, 'INVALID_PARAMS', {
          param: 'order_by',
          value: entry,
          message: 'order_by entries look like <field>_ASC or <field>_DESC',
        });
      const name = match[1] as string;
      const direction = (match[2] as string).toUpperCase() === 'DESC' ? -1 : 1;
      return { key: this.sortKey(name, singleType, typeCount, locale), direction, name };
    });
    if (keys.some((k) => k.name === '_rank')) return; // relevance: keep the match order
    const decorated = items.map((item) => {
      const attrs = versionAttributes(item, version) ?? item.attributes;
      return { item, values: keys.map((k) => k.key(item, attrs)) };
    });
    decorated.sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        const va = a.values[i];
        const vb = b.values[i];
        const direction = keys[i]?.direction ?? 1;
        const aNull = va === null || va === undefined;
        const bNull = vb === null || vb === undefined;
        // PostgreSQL: NULLS LAST when ascending, NULLS FIRST when descending
        if (aNull || bNull) {
          if (aNull && bNull) continue;
          return (aNull ? 1 : -1) * direction;
        }
        const c = compare(va, vb);
        if (c !== 0) return c * direction;
      }
      return 0;
    });
    decorated.forEach((d, i) => {
      items[i] = d.item;
    });
  }

  private sortKey(name: string, singleType: Resource<'item_type'> | undefined, typeCount: number, locale: string): SortKey {
    const metaDate = META_DATE_COLUMNS[name];
    if (metaDate) return (item) => item.meta[metaDate];
    if (name === 'id') return (item) => item.id;
    if (name === '_status') return (item) => item.meta.status;
    if (name === '_is_valid') return (item) => item.meta.is_valid;
    if (name === '_rank') return () => 0;
    if (!singleType || typeCount !== 1) {
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'order_by',
        value: name,
        message: `ordering by the field "${name}" needs exactly one model in filter[type]`,
      });
    }
    if (name === 'position' && positionalAttributes(singleType).includes('position')) return (_item, attrs) => attrs.position;
    const field = this.store.fieldsOf(this.env, singleType.id).find((f) => f.attributes.api_key === name);
    if (!field || !SORTABLE_FIELD_TYPES.has(String(field.attributes.field_type))) {
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'order_by',
        value: name,
        message: `the model "${singleType.attributes.api_key}" has no sortable field "${name}"`,
      });
    }
    const localized = Boolean(field.attributes.localized);
    const dateTime = field.attributes.field_type === 'date_time';
    return (_item, attrs) => {
      let v = attrs[name];
      if (localized) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[locale] : null;
      if (typeof v === 'string' && !dateTime) return v.toLowerCase();
      if (typeof v === 'string' && dateTime) return Date.parse(v);
      return v ?? null;
    };
  }
}

/** A `page[offset]`/`page[limit]` value: a non-negative integer, `fallback` when absent. */
export function pageNumber(value: QueryValue | undefined, param: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw httpError(422, 'INVALID_PARAMS', { param, value: asString(value) ?? null, message: `${param} must be a non-negative integer` });
  return n;
}
