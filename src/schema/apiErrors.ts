// 422 answers of the API located in the document the user saved. Each error lands where its details point:
//   details.block_path  the block the error is about, from the record's attributes: field api_key, locale (when
//                       localized), index in a modular-content list; inside a structured text either the path in
//                       the text (document, children, 1, item) or "block", n = the n-th block node in text order;
//   details.field       the attribute (record field api_key, or a model/field/webhook attribute), or a dotted path;
//                       with block_path, the block's own field (or the field holding the block: then the block);
//   details.path        a path as text, e.g. "events[0].event_types[1]" (more precise than field);
//   details.locale      the locale of a localized value;
//   details.validator / details.parameter   a validator, an editor parameter of a field;
//   details.extraneous_attributes           keys the API does not take (inside the block when block_path is set).
// Only errors that name none of these are shown for the whole document.
import type { ApiError } from '../cma';
import { getOwn, hasOwn, isObject, parseText, type Json, type Path, type Problem } from './json';
import { locate, type Finding } from './problems';

/** One error of a 422 answer, as the client's ApiError carries it. */
export type ApiErrorEntry = ApiError['errors'][number];

const DETAIL_CODES: Record<string, string> = {
  VALIDATION_REQUIRED: 'is required',
  VALIDATION_UNIQUE: 'must be unique (another record already has this value)',
  VALIDATION_UNIQUENESS: 'must be unique (another resource already uses this value)',
  VALIDATION_FORMAT: 'has the wrong format',
  VALIDATION_INVALID_FORMAT: 'has the wrong format',
  VALIDATION_INCLUSION: 'is not one of the allowed values',
  VALIDATION_LENGTH: 'has the wrong length',
  VALIDATION_ENUM: 'is not one of the allowed values',
  VALIDATION_NUMBER_RANGE: 'is out of the allowed range',
  VALIDATION_DATE_RANGE: 'is out of the allowed date range',
  VALIDATION_DATE_TIME_RANGE: 'is out of the allowed date-time range',
  VALIDATION_SIZE: 'has the wrong number of items',
  VALIDATION_INVALID: 'is not valid',
  VALIDATION_INVALID_LOCALE: 'is not a locale of the project',
  VALIDATION_INVALID_LOCALES: "does not carry the same locales as the record's other localized fields",
  VALIDATION_REQUIRED_ALT_TITLE: 'needs its alt and/or title (required_alt_title)',
  VALIDATION_REQUIRED_SEO_FIELDS: 'lacks SEO parts the field requires (required_seo_fields)',
  VALIDATION_TITLE_LENGTH: 'has an SEO title of the wrong length',
  VALIDATION_DESCRIPTION_LENGTH: 'has an SEO description of the wrong length',
  VALIDATION_RICH_TEXT_BLOCKS: 'holds a block model the field does not allow',
  VALIDATION_SINGLE_BLOCK_BLOCKS: 'holds a block model the field does not allow',
  VALIDATION_STRUCTURED_TEXT_BLOCKS: 'holds a block model the field does not allow',
  VALIDATION_ITEM_ITEM_TYPE: 'links a record of a model the field does not allow',
  VALIDATION_ITEMS_ITEM_TYPE: 'links a record of a model the field does not allow',
};

const TOP_CODES: Record<string, string> = {
  INVALID_ORDERING_FOR_SINGLETON_ITEM_TYPE: 'must be null: a singleton model has no ordering',
  INVALID_ORDERING_FOR_SORTABLE_ITEM_TYPE: 'must be null: sortable and tree models are ordered by position',
  KIND_CANNOT_BE_CHANGED: 'cannot change (a model cannot become a block model, nor the other way round)',
  ITEM_TYPE_CANNOT_BE_CHANGED: 'cannot change',
};

function describeCode(code: string): string {
  return (
    DETAIL_CODES[code] ??
    TOP_CODES[code] ??
    code
      .toLowerCase()
      .replace(/^validation_/, '')
      .replace(/_/g, ' ')
  );
}

/** `a.b[2].c` → ['a', 'b', 2, 'c']. */
function parsePathText(text: string): Path {
  const out: Path = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) out.push(Number(match[2]));
    else if (match[1] !== undefined) out.push(match[1]);
  }
  return out;
}

function child(node: unknown, segment: string | number): unknown {
  if (typeof segment === 'number') return Array.isArray(node) ? node[segment] : getOwn(node, String(segment));
  return getOwn(node, segment);
}

/** Paths (within `value`) of the block nodes of a structured text, in text order. */
function dastBlockPaths(value: unknown): Path[] {
  const out: Path[] = [];
  const walk = (node: unknown, at: Path, depth: number) => {
    if (depth > 200 || !isObject(node)) return;
    if ((node['type'] === 'block' || node['type'] === 'inlineBlock') && hasOwn(node, 'item')) out.push([...at, 'item']);
    const children = getOwn(node, 'children');
    if (Array.isArray(children)) children.forEach((c, i) => walk(c, [...at, 'children', i], depth + 1));
  };
  walk(getOwn(value, 'document'), ['document'], 0);
  return out;
}

/**
 * Follows `segments` through the document value as far as they go. Returns the path found; segments that do not
 * exist are kept as they are, so the problem is located at the nearest existing parent.
 */
function resolve(document: unknown, start: Path, segments: readonly unknown[]): Path {
  const path: Path = [...start];
  let node: unknown = start.reduce<unknown>((n, s) => child(n, s), document);
  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i];
    const segment =
      typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) && Array.isArray(node) ? Number(raw) : String(raw);
    if (segment === 'block' && typeof segments[i + 1] === 'number' && !hasOwn(isObject(node) ? node : {}, 'block')) {
      const target = dastBlockPaths(node)[segments[i + 1] as number];
      if (target) {
        path.push(...target);
        node = target.reduce<unknown>((n, s) => child(n, s), node);
        i++;
        continue;
      }
    }
    path.push(segment);
    node = child(node, segment);
  }
  return path;
}

function valueAt(document: unknown, path: Path): unknown {
  return path.reduce<unknown>((n, s) => child(n, s), document);
}

/** Where an error's details point, or undefined when they name nothing. */
function placeOf(document: Json | undefined, details: Record<string, unknown>): { path: Path; atKey?: boolean } | undefined {
  const blockPath = getOwn(details, 'block_path');
  const base = Array.isArray(blockPath) ? resolve(document, [], blockPath) : [];
  const field = getOwn(details, 'field');
  const pathText = getOwn(details, 'path');
  let path: Path | undefined;
  if (typeof pathText === 'string' && pathText.length > 0) path = resolve(document, base, parsePathText(pathText));
  else if (typeof field === 'string' && field.length > 0) {
    const holder = valueAt(document, base);
    // an error about a block itself names the field that holds it (the first step of block_path)
    if (base.length > 0 && !(isObject(holder) && hasOwn(holder, field)) && base[0] === field) path = base;
    else path = resolve(document, base, isObject(holder) && hasOwn(holder, field) ? [field] : parsePathText(field));
  } else if (base.length > 0) path = base;
  if (!path) return undefined;
  const validator = getOwn(details, 'validator');
  const parameter = getOwn(details, 'parameter');
  if (typeof validator === 'string' && path.length === 1 && path[0] === 'validators') path = resolve(document, path, [validator]);
  if (typeof parameter === 'string' && path.length === 1 && path[0] === 'appearance')
    path = resolve(document, path, ['parameters', parameter]);
  const locale = getOwn(details, 'locale');
  const value = valueAt(document, path);
  if (typeof locale === 'string') {
    if (getOwn(details, 'code') === 'VALIDATION_INVALID_LOCALE') return { path: [...path, locale], atKey: true };
    if (isObject(value) && hasOwn(value, locale)) path = [...path, locale];
  }
  return { path };
}

function listOf(value: unknown): string | undefined {
  return Array.isArray(value) && value.length > 0
    ? value.map((v) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v))).join(', ')
    : undefined;
}

/** Plain words for one error: what is wrong, the locale, the allowed values, the API's own message. */
function messageOf(error: ApiErrorEntry, details: Record<string, unknown>): string {
  const detailCode = getOwn(details, 'code');
  const what = typeof detailCode === 'string' ? describeCode(detailCode) : describeCode(error.code);
  const codes = typeof detailCode === 'string' ? `${error.code} ${detailCode}` : error.code;
  const locale = getOwn(details, 'locale');
  const parts = [what];
  if (typeof locale === 'string') parts.push(`in locale "${locale}"`);
  const missing = listOf(getOwn(details, 'missing_locales'));
  const extra = listOf(getOwn(details, 'extra_locales'));
  if (missing) parts.push(`(missing: ${missing})`);
  if (extra) parts.push(`(not in the other fields: ${extra})`);
  const allowed = listOf(getOwn(details, 'allowed_values'));
  if (allowed) parts.push(`(allowed: ${allowed})`);
  const apiMessage = getOwn(details, 'message');
  if (typeof apiMessage === 'string' && apiMessage.length > 0) parts.push(`— ${apiMessage}`);
  return `${parts.join(' ')} (the API answered ${codes})`;
}

/**
 * Refusals about the project's state, not the document: nothing in the text to fix, so no problem is placed in it
 * (the save says it failed and to try again).
 */
const NOT_ABOUT_THE_DOCUMENT = new Set([
  'MAINTENANCE_MODE',
  'ENVIRONMENT_IN_READ_ONLY_MODE',
  'ENVIRONMENT_NOT_READY',
  'BATCH_DATA_VALIDATION_IN_PROGRESS',
  'ITEM_LOCKED',
  'INSUFFICIENT_PERMISSIONS',
]);

/** Locates each error of a 422 answer in the document text (see the top of this file for the details read). */
export function problemsFromApiError(text: string, errors: ApiError['errors']): Problem[] {
  const parsed = parseText(text);
  const findings: Finding[] = [];
  for (const error of errors) {
    if (NOT_ABOUT_THE_DOCUMENT.has(error.code)) continue;
    const details = isObject(error.details) ? (error.details as Record<string, unknown>) : {};
    const extraneous = getOwn(details, 'extraneous_attributes');
    if (Array.isArray(extraneous) && extraneous.length > 0) {
      const blockPath = getOwn(details, 'block_path');
      const base = Array.isArray(blockPath) ? resolve(parsed.value, [], blockPath) : [];
      const member = getOwn(details, 'member');
      const what = typeof member === 'string' && member !== 'attributes' ? ` in ${member}` : '';
      for (const key of extraneous) {
        if (typeof key === 'string')
          findings.push({
            path: [...base, key],
            message: `is not accepted by the API${what} (${error.code}: extraneous attribute; remove it)`,
            atKey: true,
            code: 'api-extraneous-attribute',
            data: { key },
          });
      }
      continue;
    }
    if (error.code === 'STALE_ITEM_VERSION') {
      findings.push({
        path: [],
        message: 'the record was changed by someone else since it was opened (STALE_ITEM_VERSION; reopen it and apply your edit again)',
        code: 'api-stale-version',
      });
      continue;
    }
    const place = placeOf(parsed.value, details);
    const detailCode = getOwn(details, 'code');
    const allowed = getOwn(details, 'allowed_values');
    const data = {
      apiCode: error.code,
      ...(typeof detailCode === 'string' ? { detailCode } : {}),
      ...(Array.isArray(allowed)
        ? { allowed: allowed.filter((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)) }
        : {}),
    };
    if (place) findings.push({ ...place, message: messageOf(error, details), code: 'api-refused', data });
    else {
      const apiMessage = getOwn(details, 'message');
      const codes = typeof detailCode === 'string' ? `${error.code} ${detailCode}` : error.code;
      findings.push({
        path: [],
        message: `the API refused the update (${codes})${typeof apiMessage === 'string' && apiMessage ? `: ${apiMessage}` : ''}`,
        code: 'api-refused',
        data,
      });
    }
  }
  return findings.map((f) => locate(parsed, f));
}
