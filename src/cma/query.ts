// Query-string encoding as the official client does it: nested objects become bracket keys,
// arrays repeat `key[]=v`, booleans are true/false, null/undefined are left out, and the pairs go through
// URLSearchParams (so brackets are percent-encoded and spaces become `+`).
// The API takes several ids, model types or orderings as one comma-separated value, so those keys join
// arrays with commas instead of repeating them.

import { isLosslessNumber } from './exactJson';

const COMMA_JOINED_KEYS = new Set(['filter[ids]', 'filter[type]', 'order_by']);

/** Encodes query parameters; returns '' when nothing is left to send (no leading '?'). */
export function encodeQuery(params: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) appendPairs(pairs, key, value);
  return new URLSearchParams(pairs).toString();
}

function appendPairs(pairs: [string, string][], key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    if (COMMA_JOINED_KEYS.has(key)) {
      const parts = value.filter((part) => part !== null && part !== undefined).map((part) => scalar(key, part));
      if (parts.length > 0) pairs.push([key, parts.join(',')]);
      return;
    }
    for (const item of value) appendPairs(pairs, `${key}[]`, item);
    return;
  }
  if (isLosslessNumber(value)) {
    pairs.push([key, value.value]);
    return;
  }
  if (typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
      throw new TypeError(
        `encodeQuery: ${key} is a ${value.constructor?.name ?? 'object'}; only plain objects, arrays, strings, numbers and booleans can be sent`,
      );
    }
    for (const [inner, innerValue] of Object.entries(value)) appendPairs(pairs, `${key}[${inner}]`, innerValue);
    return;
  }
  pairs.push([key, scalar(key, value)]);
}

function scalar(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`encodeQuery: ${key} is ${value}; only finite numbers can be sent`);
    return String(value);
  }
  throw new TypeError(`encodeQuery: ${key} is a ${typeof value}; only strings, numbers and booleans can be sent`);
}
