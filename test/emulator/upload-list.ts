// `GET /uploads`: `filter[ids]`, `filter[query]`, `filter[fields]` (the delivery API's upload filters with
// snake_case names and operators), `locale`, `order_by` and paging (30 by default, at most 500, the count
// over every match). Anything else — an unknown filter, operator, value or order — is refused.
import type { Resource } from '../../src/cma/types.js';
import type { Document } from './envelope.js';
import { httpError } from './errors.js';
import { pageNumber } from './item-query.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './items.js';
import { checkQueryParams, UPLOAD_LIST_PARAMS } from './params.js';
import type { Query, QueryValue } from './query.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData } from './store.js';
import {
  COLOR_BUCKETS,
  colorBucket,
  kindOf,
  ORIENTATIONS,
  orientationOf,
  RESOLUTIONS,
  resolutionOf,
  UPLOAD_KINDS,
} from './upload-files.js';
import { usedUploadIds } from './upload-usage.js';

type Upload = Resource<'upload'>;
type Predicate = (upload: Upload) => boolean;
interface Context {
  locale: string;
  used: () => Set<string>;
}

const ENUM = ['eq', 'neq', 'in', 'not_in'];
const NUMBER = ['gt', 'lt', 'gte', 'lte', 'eq', 'neq'];
const TAGS = ['contains', 'all_in', 'any_in', 'not_in', 'eq'];
const TEXT = ['matches', 'not_matches', 'eq', 'neq', 'in', 'not_in', 'exists'];
const FREE_TEXT = ['matches', 'not_matches', 'exists'];
const NAME = ['matches', 'not_matches'];
const MIME = ['matches', 'not_matches', 'eq', 'neq', 'in', 'not_in'];

/** Each filter: its operators, and the value it reads (strings compared case-insensitively for `path`). */
const FILTERS: Record<string, { ops: string[]; values?: readonly string[]; read: (u: Upload, c: Context) => unknown }> = {
  type: {
    ops: ENUM,
    values: UPLOAD_KINDS,
    read: (u) => kindOf(u.attributes.mime_type as string | null, u.attributes.format as string | null),
  },
  in_use: { ops: ['eq'], read: (u, c) => c.used().has(u.id) },
  resolution: { ops: ENUM, values: RESOLUTIONS, read: (u) => resolutionOf(dim(u.attributes.width), dim(u.attributes.height)) },
  orientation: { ops: ['eq', 'neq'], values: ORIENTATIONS, read: (u) => orientationOf(dim(u.attributes.width), dim(u.attributes.height)) },
  size: { ops: NUMBER, read: (u) => u.attributes.size },
  width: { ops: NUMBER, read: (u) => u.attributes.width },
  height: { ops: NUMBER, read: (u) => u.attributes.height },
  tags: { ops: TAGS, read: (u) => u.attributes.tags },
  smart_tags: { ops: TAGS, read: (u) => u.attributes.smart_tags },
  colors: { ops: TAGS, values: COLOR_BUCKETS, read: (u) => [...new Set((u.attributes.colors as Color[]).map(colorBucket))] },
  id: { ops: ENUM, read: (u) => u.id },
  md5: { ops: ENUM, read: (u) => u.attributes.md5 },
  format: { ops: ENUM, read: (u) => u.attributes.format },
  path: { ops: ENUM, read: (u) => String(u.attributes.path).toLowerCase() },
  mime_type: { ops: MIME, read: (u) => u.attributes.mime_type },
  alt: { ops: TEXT, read: (u, c) => metadata(u, 'alt', c.locale) },
  title: { ops: TEXT, read: (u, c) => metadata(u, 'title', c.locale) },
  notes: { ops: FREE_TEXT, read: (u) => u.attributes.notes },
  author: { ops: FREE_TEXT, read: (u) => u.attributes.author },
  copyright: { ops: FREE_TEXT, read: (u) => u.attributes.copyright },
  basename: { ops: NAME, read: (u) => u.attributes.basename },
  filename: { ops: NAME, read: (u) => u.attributes.filename },
  _created_at: { ops: NUMBER, read: (u) => minute(u.attributes.created_at) },
  _updated_at: { ops: NUMBER, read: (u) => minute(u.attributes.updated_at) },
  // the collection an upload is in (exists false: in none), as the media area's collection view lists them
  upload_collection: {
    ops: ['eq', 'exists'],
    read: (u) => (u.relationships.upload_collection?.data as { id?: string } | null | undefined)?.id ?? null,
  },
};

export const UPLOAD_FILTER_NAMES = Object.keys(FILTERS);

/** `order_by` fields; the default is the newest first. */
const ORDERS: Record<string, (u: Upload) => unknown> = {
  _created_at: (u) => u.attributes.created_at,
  _updated_at: (u) => u.attributes.updated_at,
  size: (u) => u.attributes.size,
  resolution: (u) => {
    const r = resolutionOf(dim(u.attributes.width), dim(u.attributes.height));
    return r === null ? null : RESOLUTIONS.indexOf(r as (typeof RESOLUTIONS)[number]);
  },
  filename: (u) => u.attributes.filename,
  basename: (u) => u.attributes.basename,
  mime_type: (u) => u.attributes.mime_type,
  format: (u) => u.attributes.format,
  id: (u) => u.id,
};

interface Color {
  red: number;
  green: number;
  blue: number;
}

const dim = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const minute = (value: unknown): number | null => (typeof value === 'string' ? Math.floor(Date.parse(value) / 60_000) : null);
const metadata = (u: Upload, key: 'alt' | 'title', locale: string): unknown =>
  ((u.attributes.default_field_metadata as Record<string, Record<string, unknown> | undefined>)[key] ?? {})[locale] ?? null;
const objectParam = (value: QueryValue | undefined): Record<string, QueryValue> =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, QueryValue>;

/** `GET /uploads`: a page of the matching uploads and `meta.total_count` over all of them. */
export function listUploads(store: EmulatorStore, env: EnvironmentData, query: Query): Document {
  checkQueryParams(query, UPLOAD_LIST_PARAMS);
  const filter = objectParam(query.filter);
  const page = objectParam(query.page);
  const offset = pageNumber(page.offset, 'page[offset]', 0);
  const limit = pageNumber(page.limit, 'page[limit]', DEFAULT_PAGE_LIMIT);
  if (limit > MAX_PAGE_LIMIT)
    throw httpError(422, 'INVALID_PARAMS', {
      param: 'page[limit]',
      value: limit,
      maximum: MAX_PAGE_LIMIT,
      message: `page[limit] must be at most ${MAX_PAGE_LIMIT}`,
    });
  const locales = (store.site.attributes.locales as string[] | undefined) ?? [];
  if (query.locale !== undefined && !locales.includes(String(query.locale)))
    throw httpError(422, 'INVALID_PARAMS', { param: 'locale', value: String(query.locale), allowed: locales });
  let used: Set<string> | undefined;
  const context: Context = {
    locale: typeof query.locale === 'string' ? query.locale : (locales[0] ?? 'en'),
    used: () => (used ??= usedUploadIds(store, env)),
  };

  const predicates: Predicate[] = [];
  if (filter.ids !== undefined) {
    const ids = new Set(
      String(filter.ids)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    predicates.push((u) => ids.has(u.id));
  }
  if (typeof filter.query === 'string' && filter.query.trim() !== '') predicates.push(textSearch(filter.query, context));
  if (filter.fields !== undefined) predicates.push(...fieldPredicates(collectionFilterAsSet(store, filter.fields), context));
  const sorted = sort([...env.uploads.values()], typeof query.order_by === 'string' ? query.order_by : '_created_at_DESC');
  const matching = predicates.length ? sorted.filter((u) => predicates.every((p) => p(u))) : sorted;
  return { data: matching.slice(offset, offset + limit).map((u) => wire(structuredClone(u))), meta: { total_count: matching.length } };
}

/** `filter[query]`: every word in the file name, author, copyright, notes, tags or default alt/title (in `locale`). */
function textSearch(text: string, context: Context): Predicate {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (u) => {
    const a = u.attributes;
    const haystack = [
      a.filename,
      a.author,
      a.copyright,
      a.notes,
      ...(a.tags as string[]),
      metadata(u, 'alt', context.locale),
      metadata(u, 'title', context.locale),
    ]
      .filter((t) => typeof t === 'string')
      .join(' ')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  };
}

/** The fields as this emulator is set to take `upload_collection`: honoured, refused as unknown, or dropped. */
function collectionFilterAsSet(store: EmulatorStore, fields: QueryValue): QueryValue {
  const mode = store.uploadCollectionFilter.mode;
  if (mode === 'honoured' || !fields || typeof fields !== 'object' || Array.isArray(fields) || !('upload_collection' in fields))
    return fields;
  if (mode === 'refused')
    throw refuse('filter[fields][upload_collection]', 'there is no upload filter "upload_collection"', {
      allowed_filters: Object.keys(FILTERS).filter((name) => name !== 'upload_collection'),
    });
  const { upload_collection: _ignored, ...others } = fields;
  return others;
}

function refuse(where: string, message: string, extra: Record<string, unknown> = {}) {
  return httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { filter: where, ...extra, message: `${where}: ${message}` });
}

function fieldPredicates(fields: QueryValue, context: Context): Predicate[] {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields))
    throw refuse('filter[fields]', 'expected filters such as filter[fields][type][eq]=image');
  const predicates: Predicate[] = [];
  for (const [name, ops] of Object.entries(fields)) {
    const spec = FILTERS[name];
    if (!spec) throw refuse(`filter[fields][${name}]`, `there is no upload filter "${name}"`, { allowed_filters: Object.keys(FILTERS) });
    if (!ops || typeof ops !== 'object' || Array.isArray(ops))
      throw refuse(`filter[fields][${name}]`, `name an operator, e.g. filter[fields][${name}][${spec.ops[0]}]`);
    for (const [op, operand] of Object.entries(ops)) {
      const where = `filter[fields][${name}][${op}]`;
      if (!spec.ops.includes(op)) throw refuse(where, `operator "${op}" is not available for ${name}`, { allowed_operators: spec.ops });
      const test = predicate(name, op, operand, where, spec.values);
      predicates.push((u) => test(spec.read(u, context)));
    }
  }
  return predicates;
}

function predicate(name: string, op: string, operand: QueryValue, where: string, values?: readonly string[]): (value: unknown) => boolean {
  const one = (v: QueryValue): string => {
    if (typeof v !== 'string') throw refuse(where, 'expected one value');
    if (values && !values.includes(v)) throw refuse(where, `"${v}" is not one of ${values.join(', ')}`, { value: v });
    return name === 'path' ? v.toLowerCase() : v;
  };
  const list = (v: QueryValue): string[] => {
    if (!Array.isArray(v)) throw refuse(where, `expected a list (${where}[]=…)`);
    return v.map(one);
  };
  if (name === 'in_use') {
    if (operand !== 'true' && operand !== 'false') throw refuse(where, 'expected true or false');
    return (value) => value === (operand === 'true');
  }
  if (op === 'exists') {
    if (operand !== 'true' && operand !== 'false') throw refuse(where, 'expected true or false');
    return (value) => (typeof value === 'string' && value.trim() !== '') === (operand === 'true');
  }
  if (op === 'matches' || op === 'not_matches') {
    const test = matcher(operand, where);
    return op === 'matches' ? (value) => typeof value === 'string' && test(value) : (value) => !(typeof value === 'string' && test(value));
  }
  if (FILTERS[name]!.ops === TAGS) {
    if (op === 'contains') {
      const wanted = one(operand);
      return (value) => (value as string[]).includes(wanted);
    }
    const wanted = list(operand);
    const has = (value: unknown) => new Set(value as string[]);
    if (op === 'all_in') return (value) => wanted.every((t) => has(value).has(t));
    if (op === 'any_in') return (value) => wanted.some((t) => has(value).has(t));
    if (op === 'not_in') return (value) => !wanted.some((t) => has(value).has(t));
    return (value) => has(value).size === new Set(wanted).size && wanted.every((t) => has(value).has(t));
  }
  if (FILTERS[name]!.ops === NUMBER) {
    const target = name.startsWith('_') ? dateMinute(operand, where) : integer(operand, where);
    const sign = {
      gt: (c: number) => c > 0,
      lt: (c: number) => c < 0,
      gte: (c: number) => c >= 0,
      lte: (c: number) => c <= 0,
      eq: (c: number) => c === 0,
      neq: (c: number) => c !== 0,
    }[op]!;
    return (value) => (typeof value === 'number' ? sign(value - target) : op === 'neq');
  }
  if (op === 'in' || op === 'not_in') {
    const wanted = new Set(list(operand));
    return op === 'in' ? (value) => wanted.has(value as string) : (value) => !wanted.has(value as string);
  }
  const wanted = one(operand);
  return op === 'eq' ? (value) => value === wanted : (value) => value !== wanted;
}

function integer(operand: QueryValue, where: string): number {
  if (typeof operand !== 'string' || !/^-?\d+$/.test(operand)) throw refuse(where, 'expected an integer');
  return Number(operand);
}

function dateMinute(operand: QueryValue, where: string): number {
  // a date-time with its zone, as in the records' filters (minute precision)
  if (
    typeof operand !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(operand) ||
    Number.isNaN(Date.parse(operand))
  )
    throw refuse(where, 'expected an ISO 8601 date-time with a time zone');
  return Math.floor(Date.parse(operand) / 60_000);
}

/** `{pattern, case_sensitive?, regexp?}`, as the records' `matches`. */
function matcher(operand: QueryValue, where: string): (text: string) => boolean {
  if (!operand || typeof operand !== 'object' || Array.isArray(operand) || typeof operand.pattern !== 'string')
    throw refuse(where, `expected ${where}[pattern]=… (and optionally [case_sensitive], [regexp])`);
  const extra = Object.keys(operand).filter((k) => !['pattern', 'case_sensitive', 'regexp'].includes(k));
  if (extra.length) throw refuse(where, `unknown keys ${extra.join(', ')}`);
  for (const flag of ['case_sensitive', 'regexp'] as const)
    if (operand[flag] !== undefined && operand[flag] !== 'true' && operand[flag] !== 'false')
      throw refuse(`${where}[${flag}]`, 'expected true or false');
  const pattern = operand.pattern;
  const caseSensitive = operand.case_sensitive === 'true';
  if (operand.regexp === 'true') {
    let re: RegExp;
    try {
      re = new RegExp(pattern, caseSensitive ? '' : 'i');
    } catch {
      throw refuse(where, 'the pattern is not a valid regular expression');
    }
    return (text) => re.test(text);
  }
  return caseSensitive ? (text) => text.includes(pattern) : (text) => text.toLowerCase().includes(pattern.toLowerCase());
}

function sort(uploads: Upload[], orderBy: string): Upload[] {
  const rules = orderBy.split(',').map((rule) => {
    const match = /^(\w+?)_(ASC|DESC)$/.exec(rule.trim());
    const read = match ? ORDERS[match[1]!] : undefined;
    if (!match || !read)
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'order_by',
        value: rule,
        allowed: Object.keys(ORDERS).flatMap((k) => [`${k}_ASC`, `${k}_DESC`]),
      });
    return { read, sign: match[2] === 'ASC' ? 1 : -1 };
  });
  const compare = (a: unknown, b: unknown) =>
    a === b ? 0 : a === null || a === undefined ? 1 : b === null || b === undefined ? -1 : (a as number) < (b as number) ? -1 : 1;
  // ties keep a stable order by id, so paging never shows an upload twice
  return uploads
    .map((upload) => ({ upload, keys: rules.map((r) => r.read(upload)) }))
    .sort((x, y) => {
      for (let i = 0; i < rules.length; i++) {
        const c = compare(x.keys[i], y.keys[i]);
        if (c !== 0) return c * rules[i]!.sign;
      }
      return x.upload.id < y.upload.id ? -1 : x.upload.id > y.upload.id ? 1 : 0;
    })
    .map((entry) => entry.upload);
}
