// Exact numbers: a number JavaScript cannot hold exactly (an integer beyond 2^53, a decimal with more digits than a
// double keeps) is a LosslessNumber holding its source digits. These helpers check and compare such values exactly,
// and the zod builder below accepts them wherever a number is allowed.
import { compareLosslessNumber, isLosslessNumber, isSafeNumber, LosslessNumber, splitNumber } from '../numbers';
import * as z from 'zod';

export { isLosslessNumber, LosslessNumber };

export type JsonNumber = number | LosslessNumber;

export function isJsonNumber(value: unknown): value is JsonNumber {
  return (typeof value === 'number' && Number.isFinite(value)) || isLosslessNumber(value);
}

/** The value of a number's source text: a plain number when that is exact, else a LosslessNumber. */
export function numberFromText(text: string): JsonNumber {
  return isSafeNumber(text) ? Number(text) : new LosslessNumber(text);
}

function exact(value: JsonNumber): LosslessNumber {
  return typeof value === 'number' ? new LosslessNumber(String(value)) : value;
}

/** -1, 0 or 1, exactly (no rounding through doubles). */
export function compareNumbers(a: JsonNumber, b: JsonNumber): -1 | 0 | 1 {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareLosslessNumber(exact(a), exact(b));
}

function isIntegerNumber(value: JsonNumber): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  const { digits, exponent } = splitNumber(value.value);
  return digits.length - 1 <= exponent;
}

/** The number as text, exactly as it would be written in JSON. */
export function numberText(value: JsonNumber): string {
  return typeof value === 'number' ? String(value) : value.value;
}

export interface NumberOptions {
  integer?: boolean;
  min?: number;
  max?: number;
  /** message when the value is not a number (starts with "expected ") */
  error: string;
  /** message when out of range; defaults to "must be <min> or more" / "must be <max> or less" */
  rangeError?: string;
}

/**
 * A number schema that accepts plain numbers and LosslessNumbers, with integer and range checks done exactly.
 * Its JSON Schema says "number" (or "integer") with the bounds, so hover and completion stay helpful.
 */
export function exactNumber(options: NumberOptions) {
  const { integer = false, min, max, error, rangeError } = options;
  // the problem codes of ./problemCodes.ts (the params ./problems.ts reads)
  const wrongType = { problem: 'wrong-type', data: { expected: integer ? 'integer' : 'number' } };
  const outOfRange = { problem: 'out-of-range' };
  return z
    .custom<JsonNumber>((value) => isJsonNumber(value), { error, params: wrongType })
    .superRefine((value, ctx) => {
      if (integer && !isIntegerNumber(value)) {
        ctx.addIssue({ code: 'custom', message: error, params: wrongType });
        return;
      }
      if (min !== undefined && compareNumbers(value, min) < 0)
        ctx.addIssue({ code: 'custom', message: rangeError ?? `must be ${min} or more`, params: outOfRange });
      else if (max !== undefined && compareNumbers(value, max) > 0)
        ctx.addIssue({ code: 'custom', message: rangeError ?? `must be ${max} or less`, params: outOfRange });
    })
    .meta({
      type: integer ? 'integer' : 'number',
      ...(min !== undefined ? { minimum: min } : {}),
      ...(max !== undefined ? { maximum: max } : {}),
    });
}
