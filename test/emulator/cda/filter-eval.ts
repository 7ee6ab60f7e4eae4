// Evaluates a `<Model>ModelFilter` against a record: sibling conditions AND, `AND`/`OR` lists nest,
// negations (`neq`, `notIn`, `notMatches`) also take records without a value, `in: []` takes nothing.
import { GraphQLError } from 'graphql';
import { blockIdsOf, dastText } from '../items.js';
import { localeCode, type CdaContext, type RecordView } from './context.js';
import { metaValue } from './meta.js';
import { inSchema, type FieldInfo } from './model-info.js';
import { blockView, rawValue } from './records.js';

type Ops = Record<string, unknown>;

const DATE_TIME_META = new Set([
  '_createdAt',
  '_updatedAt',
  '_publishedAt',
  '_firstPublishedAt',
  '_publicationScheduledAt',
  '_unpublishingScheduledAt',
]);

/** A `matches` / `notMatches` argument as a test. */
function matcher(spec: unknown): (text: string) => boolean {
  const { pattern, caseSensitive = false, regexp = true } = spec as { pattern: string; caseSensitive?: boolean; regexp?: boolean };
  if (!regexp) {
    const needle = caseSensitive ? pattern : pattern.toLowerCase();
    return (text) => (caseSensitive ? text : text.toLowerCase()).includes(needle);
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern, caseSensitive ? '' : 'i');
  } catch {
    throw new GraphQLError(`Invalid regular expression in "pattern": ${pattern}`, { extensions: { code: 'INVALID_FILTER' } });
  }
  return (text) => re.test(text);
}

function each(ops: Ops, test: (op: string, arg: unknown) => boolean): boolean {
  for (const [op, arg] of Object.entries(ops)) if (arg !== null && arg !== undefined && !test(op, arg)) return false;
  return true;
}

function compare(op: string, value: number | string | null, arg: number | string): boolean {
  if (op === 'neq') return value === null || value !== arg;
  if (value === null) return false;
  if (op === 'eq') return value === arg;
  if (op === 'gt') return value > arg;
  if (op === 'lt') return value < arg;
  if (op === 'gte') return value >= arg;
  if (op === 'lte') return value <= arg;
  return true;
}

export function scalarOps(value: number | string | null, ops: Ops): boolean {
  return each(ops, (op, arg) => (op === 'exists' ? (value !== null) === arg : compare(op, value, arg as number | string)));
}

/** DateTime arguments are truncated to the minute; `eq`/`neq` mean within/outside that minute. */
export function dateTimeOps(value: unknown, ops: Ops): boolean {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  const has = !Number.isNaN(at);
  return each(ops, (op, arg) => {
    if (op === 'exists') return has === arg;
    const minute = Math.floor(Date.parse(String(arg)) / 60_000) * 60_000;
    if (op === 'neq') return !has || at < minute || at >= minute + 60_000;
    if (!has) return false;
    if (op === 'eq') return at >= minute && at < minute + 60_000;
    return compare(op, at, minute);
  });
}

export function textOps(value: string | null, ops: Ops, blank = value === null || value === ''): boolean {
  return each(ops, (op, arg) => {
    switch (op) {
      case 'matches':
        return value !== null && matcher(arg)(value);
      case 'notMatches':
        return value === null || !matcher(arg)(value);
      case 'isBlank':
        return blank === arg;
      case 'isPresent':
      case 'exists':
        return !blank === arg;
      case 'in':
        return value !== null && (arg as unknown[]).includes(value);
      case 'notIn':
        return value === null || !(arg as unknown[]).includes(value);
      default:
        return compare(op, value, arg as string);
    }
  });
}

export function idOps(value: string | null, ops: Ops): boolean {
  return each(ops, (op, arg) => {
    if (op === 'exists') return (value !== null) === arg;
    if (op === 'in') return value !== null && (arg as unknown[]).includes(value);
    if (op === 'notIn') return value === null || !(arg as unknown[]).includes(value);
    return compare(op, value, arg as string);
  });
}

export function listOps(values: string[], ops: Ops): boolean {
  return each(ops, (op, arg) => {
    const list = arg as string[];
    if (op === 'exists') return values.length > 0 === arg;
    if (op === 'eq') return values.length === list.length && values.every((v, i) => v === list[i]);
    if (op === 'allIn') return list.every((v) => values.includes(v));
    if (op === 'anyIn') return list.some((v) => values.includes(v));
    if (op === 'notIn') return !list.some((v) => values.includes(v));
    return true;
  });
}

function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function structuredTextBlank(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  const children = ((value as { document?: { children?: unknown[] } }).document?.children ?? []) as {
    type?: string;
    children?: unknown[];
  }[];
  return (
    children.length === 0 ||
    (children.length === 1 && children[0]!.type === 'paragraph' && dastText({ document: children[0] }).trim() === '')
  );
}

export class FilterEvaluator {
  constructor(
    private readonly ctx: CdaContext,
    /** the locale the filters read localized values in */
    private readonly locale: string,
  ) {}

  matches(view: RecordView, filter: Ops | null | undefined): boolean {
    if (!filter) return true;
    return each(filter, (key, arg) => {
      if (key === 'AND') return (arg as Ops[]).every((f) => this.matches(view, f));
      // An empty OR list constrains nothing (as filter builders send it), so it is not "no match".
      if (key === 'OR') return (arg as Ops[]).length === 0 || (arg as Ops[]).some((f) => this.matches(view, f));
      const field = view.model.fields.find((f) => f.name === key);
      if (field) return this.fieldMatches(view, field, arg as Ops);
      return this.metaMatches(view, key, arg as Ops);
    });
  }

  private metaMatches(view: RecordView, key: string, ops: Ops): boolean {
    const value = metaValue(this.ctx, view, key);
    if (DATE_TIME_META.has(key)) return dateTimeOps(value, ops);
    if (key === '_isValid') return each(ops, (_op, arg) => value === arg);
    if (key === 'position') return scalarOps(value as number | null, ops);
    if (key === 'id' || key === 'parent' || key === '_status' || key === '_stage') return idOps((value as string | null) ?? null, ops);
    if (key === '_locales') {
      const mapped = Object.fromEntries(
        Object.entries(ops).map(([op, arg]) => [op, Array.isArray(arg) ? arg.map((l) => localeCode(this.ctx, l)) : arg]),
      );
      return listOps(value as string[], mapped);
    }
    return true;
  }

  private fieldMatches(view: RecordView, field: FieldInfo, ops: Ops): boolean {
    const value = rawValue(field, view.attrs, this.locale);
    switch (field.fieldType) {
      case 'string':
      case 'text':
      case 'slug':
        return textOps(typeof value === 'string' ? value : null, ops);
      case 'structured_text': {
        if (field.deepFiltering && field.blocks.some((id) => inSchema(this.ctx.models.get(id)))) {
          const { value: textFilter, blocks } = ops as { value?: Ops; blocks?: Ops };
          return (
            (!textFilter || this.fieldMatches(view, { ...field, deepFiltering: false }, textFilter)) &&
            (!blocks || this.blocksMatch(view, field, value, blocks))
          );
        }
        return textOps(value === null ? null : dastText(value), ops, structuredTextBlank(value));
      }
      case 'integer':
      case 'float':
        return scalarOps(typeof value === 'number' ? value : null, ops);
      case 'boolean':
        // Booleans are never null in the delivery API: no value reads as false.
        return each(ops, (_op, arg) => (value === true) === arg);
      case 'date':
        return scalarOps(typeof value === 'string' ? value : null, ops);
      case 'date_time':
        return dateTimeOps(value, ops);
      case 'link':
        return idOps(typeof value === 'string' ? value : null, ops);
      case 'links':
        return listOps(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [], ops);
      case 'file': {
        const id = value && typeof value === 'object' ? (value as { upload_id?: unknown }).upload_id : null;
        return idOps(typeof id === 'string' ? id : null, ops);
      }
      case 'gallery':
        return listOps(Array.isArray(value) ? value.map((v) => String((v as { upload_id?: unknown }).upload_id)) : [], ops);
      case 'lat_lon':
        return each(ops, (op, arg) => {
          const point = value as { latitude: number; longitude: number } | null;
          if (op === 'exists') return (point !== null) === arg;
          const near = arg as { latitude: number; longitude: number; radius: number };
          return point !== null && distanceMeters(point, near) <= near.radius;
        });
      case 'rich_text':
      case 'single_block':
        return this.blocksMatch(view, field, value, ops);
      default:
        // color, json, seo, video
        return each(ops, (_op, arg) => (value !== null && value !== undefined) === arg);
    }
  }

  /** Deep filtering: `any` (a matching block of each named type), `containsAny` (presence per type), `exists`. */
  private blocksMatch(view: RecordView, field: FieldInfo, value: unknown, ops: Ops): boolean {
    const blocks = blockIdsOf(field.fieldType, value)
      .map((id) => blockView(this.ctx, id, view, view.published))
      .filter((b): b is RecordView => b !== null);
    const ofType = (camel: string) => blocks.filter((b) => b.model.names.single === camel);
    return each(ops, (op, arg) => {
      if (op === 'exists') return blocks.length > 0 === arg;
      if (op === 'containsAny') return each(arg as Ops, (camel, present) => ofType(camel).length > 0 === present);
      if (op === 'any') return each(arg as Ops, (camel, filter) => ofType(camel).some((b) => this.matches(b, filter as Ops)));
      return true;
    });
  }
}
