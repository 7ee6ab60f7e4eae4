// The GET /items `filter[fields]` predicates: meta filters (_status, id, dates, validity, creator), positional
// ones, and each field type's operators with the API's checks on operands; plus the query-value readers the
// listing and ordering share. Kept apart from item-query.ts, which lists, searches, orders and pages.
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import { dastText, positionalAttributes } from './items.js';
import type { QueryValue } from './query.js';
import { ITEM_FILTER_OPERATORS } from './rules.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';

export const META_DATE_COLUMNS: Record<string, keyof StoredItem['meta']> = {
  _created_at: 'created_at',
  _updated_at: 'updated_at',
  _published_at: 'published_at',
  _first_published_at: 'first_published_at',
  _publication_scheduled_at: 'publication_scheduled_at',
  _unpublishing_scheduled_at: 'unpublishing_scheduled_at',
};

/** What `_status` compares with (a record's meta.status). */
const RECORD_STATUSES = ['draft', 'updated', 'published'];

export type Predicate = (item: StoredItem, attrs: Record<string, unknown>) => boolean;

export function asString(value: QueryValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A comma list or a `[]` array of strings. */
export function asList(value: QueryValue | undefined): string[] {
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

export function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Builds the predicates of one listing's filter[fields] over an environment's records. */
export class ItemFilters {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  fieldPredicates(fields: QueryValue, singleType: Resource<'item_type'> | undefined, typeCount: number, locale: string): Predicate[] {
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
      const list = op === 'eq' || op === 'neq' ? [asString(operand) ?? ''] : asList(operand);
      const unknown = list.find((value) => !RECORD_STATUSES.includes(value));
      if (name === '_status' && unknown !== undefined)
        throw httpError(422, 'INVALID_FILTER_FIELDS_PARAM', {
          filter: where,
          message: `a record status is one of ${RECORD_STATUSES.join(', ')}`,
          value: unknown,
        });
      if (op === 'eq') return (item) => get(item) === operand;
      if (op === 'neq') return (item) => get(item) !== operand;
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
}

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = 6_371_000;
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(a));
}
