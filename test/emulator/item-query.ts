// The GET /items query engine: filters, full-text query, order_by and paging.
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
import { ITEM_FILTER_OPERATORS } from './rules.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';

// ---- listing ---------------------------------------------------------------------------------------

const META_DATE_COLUMNS: Record<string, keyof StoredItem['meta']> = {
  _created_at: 'created_at',
  _updated_at: 'updated_at',
  _published_at: 'published_at',
  _first_published_at: 'first_published_at',
  _publication_scheduled_at: 'publication_scheduled_at',
  _unpublishing_scheduled_at: 'unpublishing_scheduled_at',
};

const SORTABLE_FIELD_TYPES = new Set(['string', 'slug', 'text', 'integer', 'float', 'date', 'date_time', 'boolean']);

type Predicate = (item: StoredItem, attrs: Record<string, unknown>) => boolean;
type SortKey = (item: StoredItem, attrs: Record<string, unknown>) => unknown;

export interface ItemListResult {
  items: StoredItem[];
  totalCount: number;
  version: Version;
  nested: boolean;
}

function asString(value: QueryValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A comma list or a `[]` array of strings. */
function asList(value: QueryValue | undefined): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value))
    return value
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

function asBool(value: QueryValue | undefined, where: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { filter: where, message: 'expected true or false', value: value ?? null });
}

function asNumber(value: QueryValue | undefined, where: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n))
    throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { filter: where, message: 'expected a number', value: value ?? null });
  return n;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

function toMinute(value: string): number {
  return Math.floor(Date.parse(value) / 60_000);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export class ItemQueryEngine {
  private readonly searchCache = new Map<string, { key: string; text: string }>();

  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

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
    if (filter.fields !== undefined) predicates.push(...this.fieldPredicates(filter.fields, singleType, typeIds.length, locale));
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

  // ---- filter[fields] ----

  private fieldPredicates(
    fields: QueryValue,
    singleType: Resource<'item_type'> | undefined,
    typeCount: number,
    locale: string,
  ): Predicate[] {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
      throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { message: 'filter[fields] must be an object of field filters' });
    }
    const predicates: Predicate[] = [];
    for (const [name, ops] of Object.entries(fields)) {
      if (!ops || typeof ops !== 'object' || Array.isArray(ops)) {
        throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
          field: name,
          message: `filter[fields][${name}] must name an operator, e.g. filter[fields][${name}][eq]`,
        });
      }
      for (const [op, operand] of Object.entries(ops)) {
        predicates.push(this.fieldPredicate(name, op, operand, singleType, typeCount, locale));
      }
    }
    return predicates;
  }

  private fieldPredicate(
    name: string,
    op: string,
    operand: QueryValue,
    singleType: Resource<'item_type'> | undefined,
    typeCount: number,
    locale: string,
  ): Predicate {
    const where = `filter[fields][${name}][${op}]`;
    const unknownOp = (allowed: readonly string[]) =>
      httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
        field: name,
        operator: op,
        allowed_operators: allowed,
        message: `${where}: operator "${op}" is not available for ${name}`,
      });

    const metaDate = META_DATE_COLUMNS[name];
    if (metaDate) {
      const allowed = ITEM_FILTER_OPERATORS.date_time as readonly string[];
      if (!allowed.includes(op)) throw unknownOp(allowed);
      return this.comparePredicate('date_time', op, operand, where, (item) => item.meta[metaDate]);
    }
    if (name === '_status' || name === 'id') {
      // the meta filters spell it notIn, unlike the fields' not_in
      const allowed = ['eq', 'neq', 'in', 'notIn'];
      if (!allowed.includes(op)) throw unknownOp(allowed);
      const get = (item: StoredItem) => (name === 'id' ? item.id : item.meta.status);
      if (op === 'eq') return (item) => get(item) === operand;
      if (op === 'neq') return (item) => get(item) !== operand;
      const list = asList(operand);
      return op === 'in' ? (item) => list.includes(String(get(item))) : (item) => !list.includes(String(get(item)));
    }
    if (name === '_is_valid') {
      if (op !== 'eq') throw unknownOp(['eq']);
      const wanted = asBool(operand, where);
      return (item) => item.meta.is_valid === wanted;
    }
    if (name === '_creator') {
      if (op !== 'eq') throw unknownOp(['eq']);
      const wanted = operand && typeof operand === 'object' && !Array.isArray(operand) ? operand : {};
      return (item) => item.creator?.id === wanted.id && (wanted.type === undefined || item.creator?.type === wanted.type);
    }

    if (!singleType || typeCount !== 1) {
      throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
        field: name,
        message: `filtering on the field "${name}" needs exactly one model (not a block model) in filter[type]`,
      });
    }
    const positional = positionalAttributes(singleType);
    if (name === 'position' && positional.includes('position')) {
      const allowed = ['gt', 'lt', 'gte', 'lte', 'eq', 'neq'];
      if (!allowed.includes(op)) throw unknownOp(allowed);
      return this.comparePredicate('integer', op, operand, where, (_item, attrs) => attrs.position);
    }
    if (name === 'parent_id' && positional.includes('parent_id')) {
      if (op === 'eq') return (_item, attrs) => attrs.parent_id === operand;
      if (op === 'exists') {
        const wanted = asBool(operand, where);
        return (_item, attrs) => (attrs.parent_id !== null && attrs.parent_id !== undefined) === wanted;
      }
      throw unknownOp(['eq', 'exists']);
    }
    const field = this.store.fieldsOf(this.env, singleType.id).find((f) => f.attributes.api_key === name);
    if (!field) {
      throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
        field: name,
        message: `the model "${singleType.attributes.api_key}" has no field "${name}"`,
      });
    }
    const fieldType = String(field.attributes.field_type);
    const allowed = ITEM_FILTER_OPERATORS[fieldType] ?? [];
    if (!allowed.includes(op)) throw unknownOp(allowed);
    const localized = Boolean(field.attributes.localized);
    const get = (_item: StoredItem, attrs: Record<string, unknown>): unknown => {
      const value = attrs[name];
      if (!localized) return value ?? null;
      return value && typeof value === 'object' ? ((value as Record<string, unknown>)[locale] ?? null) : null;
    };
    return this.typedPredicate(fieldType, op, operand, where, get);
  }

  private typedPredicate(
    fieldType: string,
    op: string,
    operand: QueryValue,
    where: string,
    get: (item: StoredItem, attrs: Record<string, unknown>) => unknown,
  ): Predicate {
    if (op === 'exists') {
      const wanted = asBool(operand, where);
      return (item, attrs) => !isBlank(get(item, attrs)) === wanted;
    }
    if (op === 'is_blank' || op === 'is_present') {
      const wanted = asBool(operand, where) === (op === 'is_present');
      return (item, attrs) => !isBlank(get(item, attrs)) === wanted;
    }
    if (op === 'matches' || op === 'not_matches') {
      const test = this.matcher(operand, where);
      const text = (v: unknown) => (fieldType === 'structured_text' ? dastText(v) : typeof v === 'string' ? v : '');
      return op === 'matches' ? (item, attrs) => test(text(get(item, attrs))) : (item, attrs) => !test(text(get(item, attrs)));
    }
    switch (fieldType) {
      case 'boolean': {
        const wanted = asBool(operand, where);
        return (item, attrs) => Boolean(get(item, attrs)) === wanted;
      }
      case 'integer':
      case 'float':
      case 'date':
      case 'date_time':
        return this.comparePredicate(fieldType, op, operand, where, get);
      case 'lat_lon': {
        const near = operand && typeof operand === 'object' && !Array.isArray(operand) ? operand : {};
        const lat = asNumber(near.latitude, `${where}[latitude]`);
        const lon = asNumber(near.longitude, `${where}[longitude]`);
        const radius = asNumber(near.radius, `${where}[radius]`);
        return (item, attrs) => {
          const v = get(item, attrs) as { latitude?: number; longitude?: number } | null;
          return (
            !!v &&
            typeof v.latitude === 'number' &&
            typeof v.longitude === 'number' &&
            haversineMetres(lat, lon, v.latitude, v.longitude) <= radius
          );
        };
      }
      default: {
        // string, slug, link, links, file, gallery: compare ids / strings
        const scalar = (v: unknown): unknown =>
          fieldType === 'file' && v && typeof v === 'object' ? (v as { upload_id?: unknown }).upload_id : v;
        const many = (v: unknown): string[] => {
          if (!Array.isArray(v)) return [];
          return v.map((x) =>
            fieldType === 'gallery' && x && typeof x === 'object' ? String((x as { upload_id?: unknown }).upload_id) : String(x),
          );
        };
        const multi = fieldType === 'links' || fieldType === 'gallery';
        const list = asList(operand);
        if (multi) {
          if (op === 'eq')
            return (item, attrs) => {
              const v = many(get(item, attrs));
              return v.length === list.length && v.every((x, i) => x === list[i]);
            };
          if (op === 'all_in')
            return (item, attrs) => {
              const v = many(get(item, attrs));
              return list.every((x) => v.includes(x));
            };
          if (op === 'any_in')
            return (item, attrs) => {
              const v = many(get(item, attrs));
              return list.some((x) => v.includes(x));
            };
          return (item, attrs) => {
            const v = many(get(item, attrs));
            return !list.some((x) => v.includes(x));
          };
        }
        if (op === 'eq') return (item, attrs) => scalar(get(item, attrs)) === operand;
        if (op === 'neq') return (item, attrs) => scalar(get(item, attrs)) !== operand;
        if (op === 'in') return (item, attrs) => list.includes(String(scalar(get(item, attrs))));
        return (item, attrs) => !list.includes(String(scalar(get(item, attrs))));
      }
    }
  }

  private comparePredicate(
    fieldType: string,
    op: string,
    operand: QueryValue,
    where: string,
    get: (item: StoredItem, attrs: Record<string, unknown>) => unknown,
  ): Predicate {
    if (op === 'exists') {
      const wanted = asBool(operand, where);
      return (item, attrs) => !isBlank(get(item, attrs)) === wanted;
    }
    let key: (v: unknown) => number | string | null;
    let target: number | string;
    if (fieldType === 'integer' || fieldType === 'float') {
      target = asNumber(operand, where);
      key = (v) => (typeof v === 'number' ? v : null);
    } else if (fieldType === 'date_time') {
      if (typeof operand !== 'string' || Number.isNaN(Date.parse(operand))) {
        throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
          filter: where,
          message: 'expected an ISO 8601 date-time',
          value: asString(operand) ?? null,
        });
      }
      target = toMinute(operand);
      key = (v) => (typeof v === 'string' ? toMinute(v) : null);
    } else {
      if (typeof operand !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(operand)) {
        throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
          filter: where,
          message: 'expected a date YYYY-MM-DD',
          value: asString(operand) ?? null,
        });
      }
      target = operand;
      key = (v) => (typeof v === 'string' ? v : null);
    }
    const test: (c: number) => boolean =
      op === 'gt'
        ? (c) => c > 0
        : op === 'gte'
          ? (c) => c >= 0
          : op === 'lt'
            ? (c) => c < 0
            : op === 'lte'
              ? (c) => c <= 0
              : op === 'eq'
                ? (c) => c === 0
                : (c) => c !== 0;
    return (item, attrs) => {
      const k = key(get(item, attrs));
      if (k === null) return op === 'neq';
      return test(compare(k, target));
    };
  }

  private matcher(operand: QueryValue, where: string): (text: string) => boolean {
    const spec = operand && typeof operand === 'object' && !Array.isArray(operand) ? operand : { pattern: operand };
    const pattern = asString(spec.pattern as QueryValue);
    if (pattern === undefined)
      throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { filter: where, message: `${where}[pattern] is required` });
    const caseSensitive = spec.case_sensitive === 'true';
    if (spec.regexp === 'true') {
      let re: RegExp;
      try {
        re = new RegExp(pattern, caseSensitive ? '' : 'i');
      } catch {
        throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { filter: where, message: 'pattern is not a valid regular expression' });
      }
      return (text) => re.test(text);
    }
    if (caseSensitive) return (text) => text.includes(pattern);
    const lower = pattern.toLowerCase();
    return (text) => text.toLowerCase().includes(lower);
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

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = 6_371_000;
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(a));
}

/** A `page[offset]`/`page[limit]` value: a non-negative integer, `fallback` when absent. */
export function pageNumber(value: QueryValue | undefined, param: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw httpError(422, 'INVALID_PARAMS', { param, value: asString(value) ?? null, message: `${param} must be a non-negative integer` });
  return n;
}
