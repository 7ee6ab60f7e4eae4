// 422 answers of the API located in the document the user saved (the `details` of INVALID_FIELD errors name the attribute).
import type { ApiError } from '../cma/errors';
import { getOwn, hasOwn, isObject, parseText, type Path, type Problem } from './json';
import { locate, type Finding } from './problems';

/** One error of a 422 answer, as the client's ApiError carries it. */
export type ApiErrorEntry = ApiError['errors'][number];

const DETAIL_CODES: Record<string, string> = {
  VALIDATION_REQUIRED: 'is required',
  VALIDATION_UNIQUE: 'must be unique (another record already has this value)',
  VALIDATION_UNIQUENESS: 'must be unique (another resource already uses this value)',
  VALIDATION_FORMAT: 'has the wrong format',
  VALIDATION_LENGTH: 'has the wrong length',
  VALIDATION_ENUM: 'is not one of the allowed values',
  VALIDATION_NUMBER_RANGE: 'is out of the allowed range',
  VALIDATION_DATE_RANGE: 'is out of the allowed date range',
  VALIDATION_SIZE: 'has the wrong number of items',
  VALIDATION_INVALID: 'is not valid',
};

function describeCode(code: string): string {
  return DETAIL_CODES[code] ?? code.toLowerCase().replace(/^validation_/, '').replace(/_/g, ' ');
}

function fieldPath(document: unknown, field: string, locale: unknown): Path {
  const path: Path = [];
  let node: unknown = document;
  const segments = isObject(document) && hasOwn(document, field) ? [field] : field.split('.');
  for (const segment of segments) {
    const match = /^([^[\]]+)((?:\[\d+\])*)$/.exec(segment);
    const name = match?.[1] ?? segment;
    path.push(name);
    node = getOwn(node, name);
    for (const index of (match?.[2] ?? '').match(/\d+/g) ?? []) {
      path.push(Number(index));
      node = Array.isArray(node) ? node[Number(index)] : undefined;
    }
  }
  if (typeof locale === 'string' && isObject(node) && hasOwn(node, locale)) path.push(locale);
  return path;
}

/** Locates each error of a 422 answer in the document text, by `details.field` (and `details.locale`). */
export function problemsFromApiError(text: string, errors: ApiError['errors']): Problem[] {
  const parsed = parseText(text);
  const findings: Finding[] = [];
  for (const error of errors) {
    const details = isObject(error.details) ? error.details : {};
    const field = getOwn(details, 'field');
    const detailCode = getOwn(details, 'code');
    const extraneous = getOwn(details, 'extraneous_attributes');
    if (typeof field === 'string' && field.length > 0) {
      const what = typeof detailCode === 'string' ? describeCode(detailCode) : describeCode(error.code);
      const codes = typeof detailCode === 'string' ? `${error.code} ${detailCode}` : error.code;
      const locale = getOwn(details, 'locale');
      const where = typeof locale === 'string' ? ` in locale "${locale}"` : '';
      findings.push({ path: fieldPath(parsed.value, field, locale), message: `${what}${where} (the API answered ${codes})` });
    } else if (Array.isArray(extraneous)) {
      for (const key of extraneous) {
        if (typeof key === 'string') findings.push({ path: [key], message: `is not accepted by the API (${error.code}: extraneous attribute)`, atKey: true });
      }
    } else if (error.code === 'STALE_ITEM_VERSION') {
      findings.push({ path: [], message: 'the record was changed by someone else since it was opened (STALE_ITEM_VERSION; reopen it and apply your edit again)' });
    } else {
      const extra = typeof detailCode === 'string' ? ` ${detailCode}` : '';
      findings.push({ path: [], message: `the API refused the update (${error.code}${extra})` });
    }
  }
  return findings.map((f) => locate(parsed, f));
}
