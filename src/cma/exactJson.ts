// JSON in and out of the API without losing digits. Numbers JavaScript cannot hold exactly (integers beyond
// 2^53, decimals with more significant digits than a double keeps) become LosslessNumber instances whose
// `value` is the exact text; safe numbers stay plain numbers. Parsing takes JSON.parse's fast path unless a
// cheap scan finds a long number, and the same scan refuses absurdly deep bodies.

import { isLosslessNumber, isSafeNumber, LosslessNumber, parseLossless, stringifyLossless } from '../numbers';

export { isLosslessNumber };

const MAX_RESPONSE_DEPTH = 1000;

/** Fewer significant digits than this always survive a double; longer numbers are checked one by one. */
const SAFE_DIGITS = 16;

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string };

export function parseJsonBody(text: string, contentType: string | undefined): ParsedBody {
  if (contentType !== undefined && !/\bjson\b/i.test(contentType)) {
    return { ok: false, problem: `is ${contentType.split(';')[0]}, not JSON` };
  }
  const scan = scanJson(text, MAX_RESPONSE_DEPTH);
  // JSON.parse copes with any depth, but walking the value (scrubbing, rendering) recurses: refuse
  // bodies no real API answer comes near, instead of a stack overflow later.
  if (scan.tooDeep) return { ok: false, problem: `is nested more than ${MAX_RESPONSE_DEPTH} levels deep` };
  try {
    return { ok: true, value: scan.longNumber ? parseLossless(text, null, exactNumber) : JSON.parse(text) };
  } catch {
    return { ok: false, problem: text.trim() === '' ? 'has an empty body (expected JSON)' : 'is not valid JSON' };
  }
}

/** JSON text of a request body; a LosslessNumber is written as its exact digits. */
export function stringifyBody(body: unknown): string {
  return containsLosslessNumber(body, 0) ? (stringifyLossless(body) ?? 'null') : JSON.stringify(body);
}

function exactNumber(text: string): number | LosslessNumber {
  return isSafeNumber(text) ? Number(text) : new LosslessNumber(text);
}

function containsLosslessNumber(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || depth > MAX_RESPONSE_DEPTH) return false;
  if (isLosslessNumber(value)) return true;
  if (Array.isArray(value)) return value.some((item) => containsLosslessNumber(item, depth + 1));
  for (const key in value) if (containsLosslessNumber((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/**
 * One pass over the text, no recursion: whether brackets nest deeper than `max` and whether a number
 * (outside strings) has SAFE_DIGITS digits or more. Most of a body is string content: each string is
 * skipped with one native search for its closing quote instead of a character-by-character walk.
 */
function scanJson(text: string, max: number): { tooDeep: boolean; longNumber: boolean } {
  let depth = 0;
  let digits = 0;
  let longNumber = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch >= 48 && ch <= 57) {
      if (++digits >= SAFE_DIGITS) longNumber = true;
      continue;
    }
    if (ch !== 46 /* . */) digits = 0;
    if (ch === 34 /* " */) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscapedQuote(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) break; // an unterminated string: JSON.parse reports it
      i = end;
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > max) return { tooDeep: true, longNumber };
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return { tooDeep: false, longNumber };
}

/** A quote preceded by an odd number of backslashes is part of the string. */
function isEscapedQuote(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let j = quote - 1; j >= 0 && text.charCodeAt(j) === 92 /* \ */; j--) backslashes++;
  return backslashes % 2 === 1;
}
