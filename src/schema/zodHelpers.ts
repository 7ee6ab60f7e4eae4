// Small zod builders whose error messages say what is expected; src/schema/problems.ts turns them into Problems.
// Convention: a message set here that starts with "expected " is completed with ", got <actual value>".
import * as z from 'zod';
import { exactNumber } from './numbers';
import type { ProblemCoding } from './problemCodes';

/** The most allowed keys a message lists. */
export const SHORT_LIST = 30;

const ALLOWED = 'allowed: ';

/**
 * The message of an unknown-key issue: every allowed key (keys are api_keys, locales or our own names, never
 * holding ", "), then an optional note. ./problems.ts reads the keys back with readAllowedKeys.
 */
export function allowedKeysMessage(keys: readonly string[], note?: string): string {
  return `${ALLOWED}${keys.join(', ')}${note ? ` (${note})` : ''}`;
}

export function readAllowedKeys(message: string): { keys: string[]; note?: string } | undefined {
  if (!message.startsWith(ALLOWED)) return undefined;
  const note = /\s\(([^()]*)\)$/.exec(message);
  const list = message.slice(ALLOWED.length, note ? note.index : undefined);
  const keys = list.split(', ').filter((k) => k !== '');
  return note ? { keys, note: note[1]! } : { keys };
}

/** The `params` that give a schema's own issue its problem code (and data): `.refine(fn, { error, ...problem('blank') })`. */
function problem(code: ProblemCoding['code'], data?: unknown): { params: { problem: string; data?: unknown } } {
  return { params: data === undefined ? { problem: code } : { problem: code, data } };
}

/** A strict object: unknown keys are errors that list the allowed keys. */
export function strictObject<T extends z.ZodRawShape>(shape: T, description?: string) {
  const allowed = allowedKeysMessage(Object.keys(shape));
  const schema = z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? allowed : issue.code === 'invalid_type' ? 'expected an object' : undefined),
  });
  return description ? schema.describe(description) : schema;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const MAX_LEGACY_ID = 2 ** 48 - 1;

/**
 * The id forms DatoCMS accepts: an RFC 4122 version 4 UUID written as 22 characters of URL-safe base64
 * (canonical: the 4 spare bits of the last character are zero), or a legacy decimal id up to 2^48-1.
 */
export function isApiId(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (/^[1-9][0-9]{0,14}$/.test(value)) return Number(value) <= MAX_LEGACY_ID;
  if (!/^[A-Za-z0-9_-]{22}$/.test(value)) return false;
  const sixBits = (index: number) => BASE64URL.indexOf(value.charAt(index));
  // bits 48-51 hold the version (4), bits 64-65 the variant (binary 10)
  return sixBits(8) >> 2 === 4 && (sixBits(10) & 3) === 2 && (sixBits(21) & 15) === 0;
}

export const ID_FORMS = 'a DatoCMS id: 22 characters of URL-safe base64 (a UUID v4), or a decimal number up to 2^48-1';

export const idSchema = z
  .string({ error: 'expected an id string' })
  .refine(isApiId, { error: `is not ${ID_FORMS}`, ...problem('invalid-id') });

export function str(description?: string) {
  const schema = z.string({ error: 'expected a string' });
  return description ? schema.describe(description) : schema;
}

export function nonEmpty(description?: string) {
  const schema = z
    .string({ error: 'expected a string' })
    .refine((value) => value.trim() !== '', { error: 'must not be blank', ...problem('blank') });
  return description ? schema.describe(description) : schema;
}

export function nullableString(description?: string) {
  const schema = z.string({ error: 'expected a string or null' }).nullable();
  return description ? schema.describe(description) : schema;
}

export function bool(description?: string) {
  const schema = z.boolean({ error: 'expected true or false' });
  return description ? schema.describe(description) : schema;
}

export function int(description?: string) {
  const schema = exactNumber({ integer: true, error: 'expected an integer' });
  return description ? schema.describe(description) : schema;
}

export function num(description?: string) {
  const schema = exactNumber({ error: 'expected a number' });
  return description ? schema.describe(description) : schema;
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, description?: string) {
  const schema = z.enum(values, { error: `expected one of: ${values.join(', ')}` });
  return description ? schema.describe(description) : schema;
}

export function nullableOneOf<const T extends readonly [string, ...string[]]>(values: T, description?: string) {
  const schema = z.enum(values, { error: `expected one of: ${values.join(', ')}, or null` }).nullable();
  return description ? schema.describe(description) : schema;
}

export function arrayOf<T extends z.ZodType>(item: T, description?: string) {
  const schema = z.array(item, { error: 'expected an array' });
  return description ? schema.describe(description) : schema;
}

/** A JSON:API link `{type, id}` to a resource of `type`, or null. */
export function reference(type: string, description?: string) {
  const schema = strictObject({
    type: z.literal(type, { error: `expected "${type}"` }),
    id: idSchema,
  })
    .nullable()
    .describe(description ?? `A ${type}: {"type": "${type}", "id": "…"}, or null`);
  return schema;
}

/** Non-null link `{type, id}`. */
export function requiredReference(type: string, description?: string) {
  return strictObject({ type: z.literal(type, { error: `expected "${type}"` }), id: idSchema }).describe(
    description ?? `A ${type}: {"type": "${type}", "id": "…"}`,
  );
}

export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && /^https?:\/\//i.test(value);
  } catch {
    return false;
  }
}
