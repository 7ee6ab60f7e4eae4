// Listing records: filter, `orderBy` (several keys, in order), `skip`/`first` with the API's caps.
import { GraphQLError } from 'graphql';
import { localeChoice, type CdaContext, type LocaleChoice, type RecordView } from './context.js';
import { FilterEvaluator } from './filter-eval.js';
import { metaValue } from './meta.js';
import type { ModelInfo } from './model-info.js';
import { rawValue, visibleRecords } from './records.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

type Args = Record<string, unknown>;

/** Comparable form of a value: dates as epoch ms, booleans as 0/1. */
function sortable(value: unknown, dateTime: boolean): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (dateTime) return Date.parse(String(value));
  return String(value);
}

/** Compares like the API's database: ascending puts records without a value last, descending first. */
function compareValues(a: string | number | null, b: string | number | null, desc: boolean): number {
  if (a === b) return 0;
  if (a === null) return desc ? -1 : 1;
  if (b === null) return desc ? 1 : -1;
  const order = a < b ? -1 : 1;
  return desc ? -order : order;
}

export function orderRecords(ctx: CdaContext, model: ModelInfo, views: RecordView[], orderBy: unknown, locale: string): RecordView[] {
  const keys = (Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []).filter((k): k is string => typeof k === 'string');
  const getters = keys.map((key) => {
    const cut = key.lastIndexOf('_');
    const name = key.slice(0, cut);
    const desc = key.slice(cut + 1) === 'DESC';
    const field = model.fields.find((f) => f.name === name);
    const dateTime = field ? field.fieldType === 'date_time' : name.startsWith('_') && name.endsWith('At');
    const read = (view: RecordView) => sortable(field ? rawValue(field, view.attrs, locale) : metaValue(ctx, view, name), dateTime);
    return { read, desc };
  });
  const rows = views.map((view, index) => ({ view, index, values: getters.map((g) => g.read(view)) }));
  rows.sort((a, b) => {
    for (let i = 0; i < getters.length; i++) {
      const c = compareValues(a.values[i]!, b.values[i]!, getters[i]!.desc);
      if (c !== 0) return c;
    }
    return a.index - b.index;
  });
  return rows.map((r) => r.view);
}

function pageError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'argumentLiteralsIncompatible' } });
}

/** `skip`/`first` as the API takes them: first 20 by default, at most 500; neither negative. */
export function page<T>(list: T[], args: Args): T[] {
  const first = args.first === undefined || args.first === null ? DEFAULT_PAGE_SIZE : Number(args.first);
  const skip = args.skip === undefined || args.skip === null ? 0 : Number(args.skip);
  if (first > MAX_PAGE_SIZE) throw pageError(`"first" argument cannot be greater than ${MAX_PAGE_SIZE} (got ${first})`);
  if (first < 0) throw pageError(`"first" argument cannot be negative (got ${first})`);
  if (skip < 0) throw pageError(`"skip" argument cannot be negative (got ${skip})`);
  return list.slice(skip, skip + first);
}

/** The records a collection, single or meta query matches, ordered. */
export function matchingRecords(ctx: CdaContext, model: ModelInfo, args: Args, inherited?: LocaleChoice): RecordView[] {
  const choice = localeChoice(ctx, args, inherited);
  const evaluator = new FilterEvaluator(ctx, choice.locale);
  const matched = visibleRecords(ctx, model, choice).filter((view) => evaluator.matches(view, args.filter as Args | null));
  return args.orderBy === undefined ? matched : orderRecords(ctx, model, matched, args.orderBy, choice.locale);
}
