// Record schemas built at run time from a model's fields: one key per field api_key,
// localized values as {locale: value}, the field's validators applied to each value. Blocks are checked
// against their own block model by walking them (blocks.ts), because their shape depends on item_type.
import * as z from 'zod';
import type { Resource } from '../cma';
import { isFieldType, type FieldType } from './catalog';
import { isoDate, isoDateTime } from './attributes';
import { getOwn, isObject, setOwn } from './json';
import { compareNumbers, exactNumber, isJsonNumber, numberText } from './numbers';
import type { ProblemCoding } from './problemCodes';
import {
  allowedKeysMessage,
  arrayOf,
  bool,
  idSchema,
  nullableString,
  num,
  oneOf,
  requiredReference,
  str,
  strictObject,
} from './zodHelpers';

export interface FieldInfo {
  id: string;
  apiKey: string;
  type: FieldType | undefined;
  localized: boolean;
  validators: Record<string, unknown>;
  label: string;
  position: number;
}

export function fieldInfo(field: Resource): FieldInfo {
  const a = field.attributes;
  const type = a['field_type'];
  return {
    id: field.id,
    apiKey: typeof a['api_key'] === 'string' ? a['api_key'] : field.id,
    type: isFieldType(type) ? type : undefined,
    localized: a['localized'] === true,
    validators: isObject(a['validators']) ? a['validators'] : {},
    label: typeof a['label'] === 'string' ? a['label'] : '',
    position: typeof a['position'] === 'number' ? a['position'] : 0,
  };
}

/** Fields in the order editors see them. */
export function sortedFields(fields: readonly Resource[]): FieldInfo[] {
  return fields.map(fieldInfo).sort((a, b) => a.position - b.position);
}

const rgbChannel = exactNumber({
  integer: true,
  min: 0,
  max: 255,
  error: 'expected an integer 0-255',
  rangeError: 'must be between 0 and 255',
});
const color = strictObject(
  { red: rgbChannel, green: rgbChannel, blue: rgbChannel, alpha: rgbChannel.optional() },
  'A colour {red, green, blue, alpha?}, each 0-255',
);
const latLon = strictObject(
  {
    latitude: exactNumber({ min: -90, max: 90, error: 'expected a number', rangeError: 'must be between -90 and 90' }),
    longitude: exactNumber({ min: -180, max: 180, error: 'expected a number', rangeError: 'must be between -180 and 180' }),
  },
  'A position {latitude, longitude}',
);
const unitInterval = exactNumber({ min: 0, max: 1, error: 'expected a number between 0 and 1', rangeError: 'must be between 0 and 1' });
const seo = strictObject(
  {
    title: nullableString('Meta title').optional(),
    description: nullableString('Meta description').optional(),
    image: idSchema.nullable().describe('Upload id of the sharing image').optional(),
    twitter_card: oneOf(['summary', 'summary_large_image'] as const)
      .nullable()
      .optional(),
    no_index: bool().optional(),
  },
  'SEO {title, description, image, twitter_card, no_index}',
);
const video = strictObject(
  {
    provider: oneOf(['youtube', 'vimeo', 'facebook'] as const),
    provider_uid: str(),
    url: str(),
    width: num().nullable().optional(),
    height: num().nullable().optional(),
    thumbnail_url: str().nullable().optional(),
    title: str().nullable().optional(),
  },
  'An external video {provider, provider_uid, url, and optionally width, height, thumbnail_url, title}',
);
const file = strictObject(
  {
    upload_id: idSchema.describe('Id of the upload'),
    alt: nullableString().optional(),
    title: nullableString().optional(),
    custom_data: z.record(z.string(), z.unknown(), { error: 'expected an object' }).optional(),
    focal_point: strictObject({ x: unitInterval, y: unitInterval }).nullable().optional(),
    poster_time: num().nullable().optional(),
  },
  'A file {upload_id, alt, title, custom_data, focal_point}',
);
const jsonString = z.string({ error: 'expected a string holding JSON, e.g. "{\\"a\\": 1}"' }).refine(
  (value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'does not hold valid JSON (json field values are JSON text in a string)' },
);

/** A block in a document: its id (absent for a new block), its block model, then its attributes. */
const blockDocumentSchema = z.looseObject(
  {
    id: idSchema.describe('Id of the block; leave it out for a new block').optional(),
    item_type: requiredReference('item_type', 'The block model'),
  },
  { error: 'expected a block {"item_type": {"type": "item_type", "id": "…"}, …attributes} or a block id' },
);

const blockOrId = z.union([idSchema, blockDocumentSchema], { error: 'expected a block object or a block id string' });

const dastNode: z.ZodType = z.lazy(() =>
  z.looseObject(
    {
      type: str('Node type'),
      children: arrayOf(dastNode).optional(),
    },
    { error: 'expected a structured text node {type, …}' },
  ),
);
const structuredText = z.looseObject(
  {
    schema: z.literal('dast', { error: 'expected "dast"' }),
    document: z.looseObject(
      { type: z.literal('root', { error: 'expected "root"' }), children: arrayOf(dastNode) },
      { error: 'expected {"type": "root", "children": [...]}' },
    ),
  },
  { error: 'expected structured text {"schema": "dast", "document": {...}} or null' },
);

/** The value shape of a field type, without validators. */
function baseValueSchema(type: FieldType | undefined): z.ZodType {
  switch (type) {
    case 'string':
    case 'text':
    case 'slug':
      return nullableString();
    case 'boolean':
      return z.boolean({ error: 'expected true, false or null' }).nullable();
    case 'integer':
      return exactNumber({ integer: true, error: 'expected an integer or null' }).nullable();
    case 'float':
      return exactNumber({ error: 'expected a number or null' }).nullable();
    case 'date':
      return isoDate.nullable();
    case 'date_time':
      return isoDateTime.nullable();
    case 'color':
      return color.nullable();
    case 'json':
      return jsonString.nullable();
    case 'lat_lon':
      return latLon.nullable();
    case 'seo':
      return seo.nullable();
    case 'video':
      return video.nullable();
    case 'file':
      return file.nullable();
    case 'gallery':
      return arrayOf(file, 'Files');
    case 'link':
      return idSchema.nullable().describe('Id of the linked record, or null');
    case 'links':
      return arrayOf(idSchema, 'Ids of the linked records');
    case 'rich_text':
      return arrayOf(blockOrId, 'Blocks, in order');
    case 'single_block':
      return blockOrId.nullable();
    case 'structured_text':
      return structuredText.nullable();
    default:
      return z.unknown();
  }
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEBPAGE_SLUG = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

function safeRegExp(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

const isBlankText = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * Which validators a record's values must pass: all of them, or none (a save where invalid drafts may be
 * saved; the JSON Schema for completion).
 */
export type ValidatorMode = 'all' | 'none';

/** What a validator finds wrong: its message, and the problem code (and data) it is reported with. */
type ValidatorFinding = { message: string } & ProblemCoding;

/** What the field's validators find wrong with one (non-localized) value; empty when it passes. */
// eslint-disable-next-line max-lines-per-function -- one check per DatoCMS validator, in the order the editor shows them
function validatorFindings(field: FieldInfo, value: unknown, mode: ValidatorMode = 'all'): ValidatorFinding[] {
  const v = field.validators;
  const out: ValidatorFinding[] = [];
  const fail = (validator: string, message: string) => out.push({ message, code: 'validator-failed', data: { validator } });
  const opt = (name: string, key: string): unknown => getOwn(v[name], key);
  const has = (name: string) => v[name] !== undefined && v[name] !== null;
  if (has('required') && mode === 'all') {
    if (
      isBlank(value) ||
      (field.type === 'structured_text' &&
        isObject(value) &&
        Array.isArray(getOwn(getOwn(value, 'document'), 'children')) &&
        (getOwn(getOwn(value, 'document'), 'children') as unknown[]).length === 0)
    ) {
      fail('required', 'is required (the field has the "required" validator)');
      return out;
    }
  }
  if (field.type === 'seo' && value === null) {
    // an empty SEO value lacks every part the field requires
    const parts = ['title', 'description', 'image', 'twitter_card'].filter((part) => opt('required_seo_fields', part) === true);
    if (parts.length > 0)
      fail(
        'required_seo_fields',
        `needs ${parts.map((p) => `"${p}"`).join(', ')} (the field has the "required_seo_fields" validator; null has none)`,
      );
    return out;
  }
  if (isBlank(value)) return out;
  const range = (name: string, n: number, unit: string, prefix = '') => {
    const min = opt(name, 'min'),
      max = opt(name, 'max'),
      eq = opt(name, 'eq');
    if (isJsonNumber(eq) && compareNumbers(n, eq) !== 0) fail(name, `${prefix}must have exactly ${numberText(eq)}${unit} (has ${n})`);
    if (isJsonNumber(min) && compareNumbers(n, min) < 0) fail(name, `${prefix}must have at least ${numberText(min)}${unit} (has ${n})`);
    if (isJsonNumber(max) && compareNumbers(n, max) > 0) fail(name, `${prefix}must have at most ${numberText(max)}${unit} (has ${n})`);
  };
  if (has('length') && typeof value === 'string') range('length', lengthOf(value) ?? 0, ' characters');
  if (has('size') && Array.isArray(value)) {
    range('size', value.length, ' items');
    const multiple = opt('size', 'multiple_of');
    if (typeof multiple === 'number' && multiple > 0 && value.length % multiple !== 0)
      fail('size', `must have a multiple of ${multiple} items (has ${value.length})`);
  }
  if (has('format') && typeof value === 'string') {
    const predefined = opt('format', 'predefined_pattern');
    const custom = safeRegExp(opt('format', 'custom_pattern'));
    const description = opt('format', 'description');
    const hint = typeof description === 'string' && description ? ` ${description}` : '';
    if (predefined === 'email' && !EMAIL.test(value)) fail('format', `must be an email address${hint}`);
    if (predefined === 'url' && !/^https?:\/\/\S+$/i.test(value)) fail('format', `must be a URL starting with http:// or https://${hint}`);
    if (custom && !custom.test(value)) fail('format', `must match /${custom.source}/${hint}`);
  }
  if (has('enum') && typeof value === 'string') {
    const values = opt('enum', 'values');
    if (Array.isArray(values) && !values.includes(value))
      out.push({
        message: `${JSON.stringify(value)} is not allowed (allowed: ${values.join(', ')})`,
        code: 'value-not-allowed',
        data: { allowed: values.filter((x): x is string => typeof x === 'string') },
      });
  }
  if (has('number_range') && isJsonNumber(value)) {
    const min = opt('number_range', 'min'),
      max = opt('number_range', 'max');
    if (isJsonNumber(min) && compareNumbers(value, min) < 0) fail('number_range', `must be ${numberText(min)} or more`);
    if (isJsonNumber(max) && compareNumbers(value, max) > 0) fail('number_range', `must be ${numberText(max)} or less`);
  }
  for (const name of ['date_range', 'date_time_range']) {
    if (has(name) && typeof value === 'string') {
      const at = Date.parse(name === 'date_range' ? `${value}T00:00:00Z` : value);
      const rawMin = opt(name, 'min'),
        rawMax = opt(name, 'max');
      const min = typeof rawMin === 'string' ? Date.parse(name === 'date_range' ? `${rawMin}T00:00:00Z` : rawMin) : NaN;
      const max = typeof rawMax === 'string' ? Date.parse(name === 'date_range' ? `${rawMax}T00:00:00Z` : rawMax) : NaN;
      if (!Number.isNaN(min) && at < min) fail(name, `must be ${String(rawMin)} or later`);
      if (!Number.isNaN(max) && at > max) fail(name, `must be ${String(rawMax)} or earlier`);
    }
  }
  if (has('slug_format') && typeof value === 'string') {
    const custom = safeRegExp(opt('slug_format', 'custom_pattern'));
    if (opt('slug_format', 'predefined_pattern') === 'webpage_slug' && !WEBPAGE_SLUG.test(value))
      fail('slug_format', 'must be a web page slug (lowercase letters, digits, "-" and "_")');
    if (custom && !custom.test(value)) fail('slug_format', `must match /${custom.source}/`);
  }
  if (has('required_alt_title')) {
    const files = Array.isArray(value) ? value : [value];
    files.forEach((file, i) => {
      const where = Array.isArray(value) ? `item ${i}: ` : '';
      for (const part of ['alt', 'title'] as const) {
        if (opt('required_alt_title', part) === true && isObject(file) && isBlankText(getOwn(file, part)))
          fail('required_alt_title', `${where}needs a non-empty "${part}" (the field has the "required_alt_title" validator)`);
      }
    });
  }
  if (field.type === 'seo' && isObject(value)) {
    for (const part of ['title', 'description', 'image', 'twitter_card'] as const) {
      if (opt('required_seo_fields', part) === true && isBlankText(getOwn(value, part)))
        fail('required_seo_fields', `needs a non-empty "${part}" (the field has the "required_seo_fields" validator)`);
    }
    const title = getOwn(value, 'title'),
      description = getOwn(value, 'description');
    if (has('title_length') && typeof title === 'string') range('title_length', lengthOf(title) ?? 0, ' characters', 'title: ');
    if (has('description_length') && typeof description === 'string')
      range('description_length', lengthOf(description) ?? 0, ' characters', 'description: ');
  }
  return out;
}

/** A field's value schema: type shape, validators, and per-locale objects when localized. */
function fieldValueSchema(field: FieldInfo, locales: readonly string[], mode: ValidatorMode): z.ZodType {
  const base = baseValueSchema(field.type);
  const checked =
    mode !== 'none'
      ? base.superRefine((value, ctx) => {
          for (const { message, ...coding } of validatorFindings(field, value, mode))
            ctx.addIssue({ code: 'custom', message, params: { problem: coding.code, data: coding.data } });
        })
      : base;
  const described = field.label ? `${field.label} (${field.type ?? 'unknown type'}${field.localized ? ', localized' : ''})` : field.apiKey;
  if (!field.localized) return checked.describe(described);
  const shape = Object.fromEntries(locales.map((locale) => [locale, checked.optional()]));
  // a localized value is always an object; clear it per locale ({"en": null, …})
  const expected = `expected an object with one value per locale (${locales.join(', ')}); to clear it set each locale to null`;
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? allowedKeysMessage(locales, "the project's locales")
          : issue.code === 'invalid_type'
            ? expected
            : undefined,
    })
    .describe(`${described}: one value per locale {${locales.join(', ')}}`);
}

/** The top-level schema of a record document (or a block's attributes) for the given fields. */
export function attributesSchema(fields: readonly FieldInfo[], locales: readonly string[], mode: ValidatorMode, extra: z.ZodRawShape = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) setOwn(shape, field.apiKey, fieldValueSchema(field, locales, mode).optional());
  return strictObject({ ...shape, ...extra });
}

// Built schemas are cached per (fields, locales, validators on/off) so checking stays fast while typing.
const schemaCache = new Map<string, z.ZodType>();
const CACHE_LIMIT = 100;

export function cachedSchema(key: string, build: () => z.ZodType): z.ZodType {
  const hit = schemaCache.get(key);
  if (hit) {
    schemaCache.delete(key);
    schemaCache.set(key, hit);
    return hit;
  }
  const built = build();
  schemaCache.set(key, built);
  if (schemaCache.size > CACHE_LIMIT) {
    const oldest = schemaCache.keys().next().value;
    if (oldest !== undefined) schemaCache.delete(oldest);
  }
  return built;
}

export function fieldsSignature(fields: readonly FieldInfo[], locales: readonly string[], mode: ValidatorMode, kind: string): string {
  return JSON.stringify([kind, locales, mode, fields.map((f) => [f.id, f.apiKey, f.type, f.localized, f.validators, f.label, f.position])]);
}
