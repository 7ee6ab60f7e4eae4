// The query a user builds on a model's Records node (search, field filters, order, locale, version)
// and how it becomes the `GET /items` parameters. No vscode import.
import type { ItemQuery } from '../cma';

export interface FieldFilter {
  /** field api_key or a meta column such as `_status` */
  field: string;
  /** the API's name (`eq`, `not_in`, `notIn`…); people read it as `operatorText` spells it */
  operator: string;
  value: unknown;
  /** how the value reads when it is not itself: the titles of the records it names, one per id */
  labels?: string[];
}

export interface RecordOrder {
  /** field api_key or a meta column such as `_updated_at` */
  field: string;
  direction: 'ASC' | 'DESC';
}

export interface RecordQuery {
  search?: string;
  filters?: FieldFilter[];
  order?: RecordOrder;
  locale?: string;
  version?: 'current' | 'published';
}

/** Field types `order_by` can sort on (not blocks, links, files, JSON, objects). */
const ORDERABLE_FIELD_TYPES = new Set(['string', 'text', 'slug', 'boolean', 'integer', 'float', 'date', 'date_time']);

export function isOrderableFieldType(fieldType: string): boolean {
  return ORDERABLE_FIELD_TYPES.has(fieldType);
}

export function isEmptyQuery(query: RecordQuery): boolean {
  return !query.search && !query.filters?.length && !query.order && !query.locale && !query.version;
}

/** The `GET /items` parameters of one page of a model's records. */
export function itemQueryFor(modelId: string, query: RecordQuery, page: { offset: number; limit: number }): ItemQuery {
  const itemQuery: ItemQuery = { filter: { type: modelId }, page: { offset: page.offset, limit: page.limit } };
  if (query.search) itemQuery.filter!.query = query.search;
  if (query.filters?.length) {
    const fields: Record<string, Record<string, unknown>> = {};
    for (const f of query.filters) fields[f.field] = { ...fields[f.field], [f.operator]: f.value };
    itemQuery.filter!.fields = fields;
  }
  if (query.order) itemQuery.order_by = `${query.order.field}_${query.order.direction}`;
  if (query.locale) itemQuery.locale = query.locale;
  if (query.version) itemQuery.version = query.version;
  return itemQuery;
}

/**
 * How each operator reads, the one spelling the filter dialogue, the Records item and its hover share: the
 * comparisons as symbols, the others in words (the API's `notIn` and `not_in` alike are "not in").
 */
const OPERATOR_TEXT: Record<string, string> = {
  eq: '=',
  neq: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  in: 'in',
  not_in: 'not in',
  notIn: 'not in',
  matches: 'matches',
  not_matches: 'does not match',
  is_blank: 'is blank',
  is_present: 'is present',
  exists: 'exists',
  all_in: 'has all of',
  any_in: 'has any of',
  near: 'near',
};
/** A yes/no operator answered no. */
const NEGATED_FLAG_TEXT: Record<string, string> = { exists: 'does not exist', is_blank: 'is not blank', is_present: 'is not present' };

export function operatorText(operator: string): string {
  return OPERATOR_TEXT[operator] ?? operator;
}

/** One filter condition as a person reads it: `featured = true`, `title matches "pasta"`, `author in ("Ada", "Bo")`. */
export function describeFilter(filter: FieldFilter): string {
  const { field, operator, value } = filter;
  if (FLAG_OPERATORS.has(operator)) return `${field} ${value === false ? NEGATED_FLAG_TEXT[operator] : operatorText(operator)}`;
  return `${field} ${operatorText(operator)} ${filter.labels?.length ? describeLabels(filter.labels, value) : describeValue(value)}`;
}

function describeLabels(labels: string[], value: unknown): string {
  const quoted = labels.map((label) => JSON.stringify(label));
  return Array.isArray(value) ? `(${quoted.join(', ')})` : quoted[0]!;
}

/** The order as shown: `order: published_at ↓`. */
export function describeOrder(order: RecordOrder): string {
  return `order: ${order.field} ${order.direction === 'ASC' ? '↑' : '↓'}`;
}

/** Each active part of the query, in the order they apply: search, filters, order, locale, version. */
function describeQueryParts(query: RecordQuery): string[] {
  const parts: string[] = [];
  if (query.search) parts.push(`"${query.search}"`);
  for (const f of query.filters ?? []) parts.push(describeFilter(f));
  if (query.order) parts.push(describeOrder(query.order));
  if (query.locale) parts.push(query.locale);
  if (query.version) parts.push(query.version);
  return parts;
}

/** The whole query on one line for the Records node, e.g. `"pasta" · featured = true · order: published_at ↓ · it`. */
export function describeQuery(query: RecordQuery): string {
  return describeQueryParts(query).join(' · ');
}

function describeValue(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'pattern' in value) return JSON.stringify(String(value.pattern));
  if (value && typeof value === 'object' && !Array.isArray(value) && 'latitude' in value) {
    const near = value as { latitude: unknown; longitude: unknown; radius: unknown };
    return `${String(near.latitude)}, ${String(near.longitude)} (${String(near.radius)} m)`;
  }
  if (Array.isArray(value)) return `(${value.map(String).join(', ')})`;
  if (value && typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/** Operators whose value is a yes/no flag rather than typed text. */
const FLAG_OPERATORS = new Set(['exists', 'is_blank', 'is_present']);
/** Operators whose value is a list (and `eq` of a links or gallery field: the whole list, in order). */
const LIST_OPERATORS = new Set(['in', 'not_in', 'notIn', 'all_in', 'any_in']);

export function takesList(fieldType: string, operator: string): boolean {
  return LIST_OPERATORS.has(operator) || (operator === 'eq' && (fieldType === 'links' || fieldType === 'gallery'));
}
const NUMBER_TYPES = new Set(['integer', 'float']);

export type ParsedValue = { ok: true; value: unknown } | { ok: false; message: string };

/** What the user must enter for an operator, for the input box prompt. */
export function valueKind(fieldType: string, operator: string): 'flag' | 'list' | 'number' | 'pattern' | 'near' | 'text' {
  if (FLAG_OPERATORS.has(operator) || fieldType === 'boolean' || fieldType === '_is_valid') return 'flag';
  if (takesList(fieldType, operator)) return 'list';
  if (operator === 'matches' || operator === 'not_matches') return 'pattern';
  if (operator === 'near') return 'near';
  if (NUMBER_TYPES.has(fieldType) || fieldType === 'position') return 'number';
  return 'text';
}

/** Turns the text a user typed into the filter value the API expects for this field type and operator. */
export function parseFilterValue(fieldType: string, operator: string, text: string): ParsedValue {
  const trimmed = text.trim();
  switch (valueKind(fieldType, operator)) {
    case 'flag':
      if (trimmed === 'true' || trimmed === 'false') return { ok: true, value: trimmed === 'true' };
      return { ok: false, message: `Enter true or false for ${operatorText(operator)}.` };
    case 'list': {
      const items = trimmed
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (items.length === 0) return { ok: false, message: `Enter one or more values separated by commas for ${operatorText(operator)}.` };
      const numbers = NUMBER_TYPES.has(fieldType);
      if (numbers && items.some((s) => !Number.isFinite(Number(s))))
        return { ok: false, message: `Every value of ${operatorText(operator)} must be a number.` };
      return { ok: true, value: numbers ? items.map(Number) : items };
    }
    case 'pattern':
      if (trimmed === '') return { ok: false, message: 'Enter the text to match.' };
      return { ok: true, value: { pattern: trimmed, case_sensitive: false } };
    case 'near': {
      const parts = trimmed.split(',').map((s) => Number(s.trim()));
      if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n)))
        return { ok: false, message: 'Enter latitude, longitude, radius in meters (e.g. 45.46, 9.19, 1000).' };
      const [latitude, longitude, radius] = parts as [number, number, number];
      return { ok: true, value: { latitude, longitude, radius } };
    }
    case 'number': {
      if (trimmed === '' || !Number.isFinite(Number(trimmed))) return { ok: false, message: `"${text}" is not a number.` };
      return { ok: true, value: Number(trimmed) };
    }
    case 'text':
      if (trimmed === '') return { ok: false, message: 'Enter a value.' };
      return { ok: true, value: trimmed };
  }
}
