// What a record's values must look like (per field type) and the field validators over a whole record.
import type { Resource } from '../../src/cma/types.js';
import type { ApiErrorSpec } from './errors.js';
import { isObject, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import type { EnvironmentData, StoredItem } from './store.js';

const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'facebook'];
const TWITTER_CARDS = ['summary', 'summary_large_image'];
const FILE_KEYS = ['upload_id', 'alt', 'title', 'custom_data', 'focal_point', 'poster_time'];

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optional = (test: (v: unknown) => boolean) => (v: unknown) => v === undefined || v === null || test(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isByte = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255;
/** Unicode code points, not UTF-16 units: an emoji counts once. */
export const codePoints = (text: string) => [...text].length;

/** A real calendar day: Date.parse alone accepts 2023-02-30 and rolls it over. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isIsoDate(value: unknown): value is string {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** An ISO 8601 date-time with a time zone (`Z` or ±hh:mm), every part in range. */
export function isIsoDateTime(value: unknown): value is string {
  const match =
    typeof value === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(value)
      : null;
  if (!match) return false;
  const [, y, mo, d, h, mi, sec, oh, om] = match.map((part) => (part === undefined ? 0 : Number(part)));
  return isCalendarDay(y ?? 0, mo ?? 0, d ?? 0) && (h ?? 0) < 24 && (mi ?? 0) < 60 && (sec ?? 0) < 60 && (oh ?? 0) <= 14 && (om ?? 0) < 60;
}

/** Keys outside `allowed`, or a required key missing: the object's shape is wrong. */
function shaped(value: unknown, required: string[], allowed: string[]): value is Obj {
  return isObject(value) && required.every((k) => k in value) && Object.keys(value).every((k) => allowed.includes(k));
}

function isFile(value: unknown): boolean {
  if (!shaped(value, ['upload_id'], FILE_KEYS) || !isApiId(value.upload_id)) return false;
  const focal = value.focal_point;
  const focalOk =
    focal === undefined ||
    focal === null ||
    (shaped(focal, ['x', 'y'], ['x', 'y']) && [focal.x, focal.y].every((n) => isNumber(n) && n >= 0 && n <= 1));
  return (
    focalOk &&
    optional(isString)(value.alt) &&
    optional(isString)(value.title) &&
    optional(isObject)(value.custom_data) &&
    optional(isNumber)(value.poster_time)
  );
}

/**
 * The message when a (per-locale) value of a non-block field type has the wrong shape, else undefined.
 * The API's documentation does not list which keys these objects may hold beyond the documented ones; we take the
 * stricter reading and refuse others. Optional members (a colour's alpha, a video's size and title) may be absent.
 */
export function shapeProblem(fieldType: string, value: unknown, env: EnvironmentData): string | undefined {
  switch (fieldType) {
    case 'string':
    case 'text':
    case 'slug':
      return isString(value) ? undefined : 'expected a string';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'expected true or false';
    case 'integer':
      return Number.isSafeInteger(value) ? undefined : 'expected an integer';
    case 'float':
      return isNumber(value) ? undefined : 'expected a number';
    case 'date':
      return isIsoDate(value) ? undefined : 'expected a date YYYY-MM-DD';
    case 'date_time':
      return isIsoDateTime(value) ? undefined : 'expected an ISO 8601 date-time with a time zone';
    case 'color':
      return shaped(value, ['red', 'green', 'blue'], ['red', 'green', 'blue', 'alpha']) &&
        [value.red, value.green, value.blue].every(isByte) &&
        optional(isByte)(value.alpha)
        ? undefined
        : 'expected {"red", "green", "blue", "alpha"?} integers 0-255';
    case 'json':
      if (!isString(value)) return 'expected a string containing JSON';
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return 'expected a string containing valid JSON';
      }
    case 'lat_lon':
      return shaped(value, ['latitude', 'longitude'], ['latitude', 'longitude']) &&
        isNumber(value.latitude) &&
        isNumber(value.longitude) &&
        Math.abs(value.latitude) <= 90 &&
        Math.abs(value.longitude) <= 180
        ? undefined
        : 'expected {"latitude": -90..90, "longitude": -180..180}';
    case 'seo':
      return shaped(value, [], ['title', 'description', 'image', 'twitter_card', 'no_index']) &&
        optional(isString)(value.title) &&
        optional(isString)(value.description) &&
        optional(isApiId)(value.image) &&
        optional((v) => TWITTER_CARDS.includes(v as string))(value.twitter_card) &&
        optional((v) => typeof v === 'boolean')(value.no_index)
        ? undefined
        : 'expected {"title"?, "description"?, "image"?: <upload id>, "twitter_card"?: summary|summary_large_image, "no_index"?}';
    case 'video':
      return shaped(
        value,
        ['provider', 'provider_uid', 'url'],
        ['provider', 'provider_uid', 'url', 'width', 'height', 'thumbnail_url', 'title'],
      ) &&
        VIDEO_PROVIDERS.includes(value.provider as string) &&
        isString(value.provider_uid) &&
        isString(value.url) &&
        optional(Number.isInteger)(value.width) &&
        optional(Number.isInteger)(value.height) &&
        optional(isString)(value.thumbnail_url) &&
        optional(isString)(value.title)
        ? undefined
        : 'expected {"provider": youtube|vimeo|facebook, "provider_uid", "url", "width"?, "height"?, "thumbnail_url"?, "title"?}';
    case 'file':
      return isFile(value)
        ? undefined
        : 'expected {"upload_id": <upload id>, "alt"?, "title"?, "custom_data"?, "focal_point"?: {"x", "y"} | null}';
    case 'gallery':
      return Array.isArray(value) && value.every(isFile) ? undefined : 'expected an array of {"upload_id": <upload id>, …}';
    case 'link':
      if (!isApiId(value)) return 'expected a record id';
      return isRecord(env, value) ? undefined : `no record "${value}"`;
    case 'links': {
      if (!Array.isArray(value) || !value.every(isApiId)) return 'expected an array of record ids';
      const missing = value.filter((id) => !isRecord(env, id));
      return missing.length ? `no record ${missing.map((id) => `"${id}"`).join(', ')}` : undefined;
    }
    default:
      return undefined;
  }
}

const DAST_NODE_TYPES = new Set([
  'root',
  'paragraph',
  'heading',
  'list',
  'listItem',
  'code',
  'blockquote',
  'block',
  'inlineBlock',
  'thematicBreak',
  'span',
  'link',
  'itemLink',
  'inlineItem',
]);

/**
 * Problems of a structured_text document other than its blocks: unknown node types, and record links
 * (`itemLink`, `inlineItem`) that are not ids of existing records of the models `structured_text_links` allows.
 */
export function dastProblems(value: Obj, env: EnvironmentData, linkableModels: readonly string[]): { code: string; message: string }[] {
  const problems: { code: string; message: string }[] = [];
  const walk = (node: unknown): void => {
    if (!isObject(node) || !DAST_NODE_TYPES.has(String(node.type))) {
      problems.push({ code: 'VALIDATION_INVALID_FORMAT', message: `not a structured text node: ${JSON.stringify(node).slice(0, 80)}` });
      return;
    }
    if (node.type === 'itemLink' || node.type === 'inlineItem') {
      if (!isApiId(node.item) || !isRecord(env, node.item))
        problems.push({ code: 'VALIDATION_INVALID_FORMAT', message: `${String(node.type)}: no record "${String(node.item)}"` });
      else if (!linkableModels.includes(env.items.get(node.item)?.itemTypeId ?? ''))
        problems.push({
          code: 'VALIDATION_STRUCTURED_TEXT_LINKS',
          message: `${String(node.type)}: records of this model cannot be linked here`,
        });
    }
    if (Array.isArray(node.children)) node.children.forEach(walk);
  };
  walk(value.document);
  return problems;
}

/** A record, not a block: links cannot point at blocks. */
function isRecord(env: EnvironmentData, id: string): boolean {
  const item = env.items.get(id);
  return item !== undefined && env.itemTypes.get(item.itemTypeId)?.attributes.modular_block !== true;
}

function isBlank(fieldType: string, value: unknown): boolean {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return true;
  return (
    fieldType === 'structured_text' &&
    isObject(value) &&
    isObject(value.document) &&
    Array.isArray(value.document.children) &&
    value.document.children.length === 0
  );
}

const blankText = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export interface ValidationContext {
  env: EnvironmentData;
  /** the record being written; null for a new block */
  item: StoredItem | null;
  itemType: Resource<'item_type'>;
  fields: Resource<'field'>[];
  siteLocales: string[];
  blockPath: (string | number)[];
  /** field validators are not enforced (a save where invalid drafts may be saved; never a publication) */
  relaxed?: boolean;
}

/**
 * Localized fields of one record all carry the same locales (with `all_locales_required`: every project
 * locale). Returns the record's locales; the api_keys of fields that miss some are added to `wrong`.
 */
export function checkLocaleSets(ctx: ValidationContext, merged: Obj, errors: ApiErrorSpec[], wrong: Set<string>): string[] {
  const localized = ctx.fields.filter((f) => f.attributes.localized);
  const setOf = (f: Resource<'field'>) => {
    const v = merged[String(f.attributes.api_key)];
    return isObject(v) ? Object.keys(v) : [];
  };
  const expected = ctx.itemType.attributes.all_locales_required
    ? ctx.siteLocales
    : ctx.siteLocales.filter((l) => localized.some((f) => setOf(f).includes(l)));
  for (const field of localized) {
    const missing = expected.filter((l) => !setOf(field).includes(l));
    if (missing.length) {
      wrong.add(String(field.attributes.api_key));
      errors.push({
        code: 'INVALID_FIELD',
        details: {
          field: field.attributes.api_key,
          field_id: field.id,
          field_label: field.attributes.label,
          field_type: field.attributes.field_type,
          code: 'VALIDATION_INVALID_LOCALES',
          missing_locales: missing,
          expected_locales: expected,
          message: ctx.itemType.attributes.all_locales_required
            ? 'this model requires a value for every locale of the project'
            : 'every localized field of a record has the same locales',
          ...(ctx.blockPath.length ? { block_path: ctx.blockPath } : {}),
        },
      });
    }
  }
  return expected.length ? expected : [ctx.siteLocales[0] ?? 'en'];
}

/** "Allow saving invalid drafts" (it needs draft mode): a save is not held to the validators, publishing is. */
export function savesInvalidDrafts(itemType: Resource<'item_type'>): boolean {
  return itemType.attributes.draft_mode_active === true && itemType.attributes.draft_saving_active === true;
}

/** Field validators over the merged record; code = VALIDATION_<VALIDATOR>. */
export function checkValidators(ctx: ValidationContext, merged: Obj, recordLocales: string[], errors: ApiErrorSpec[]): void {
  const { item, itemType, env, blockPath } = ctx;
  // "Allow saving invalid drafts": a save is not held to the validators (value shapes and locales still count).
  if (ctx.relaxed) return;
  for (const field of ctx.fields) {
    const apiKey = String(field.attributes.api_key);
    const fieldType = String(field.attributes.field_type);
    const validators = (field.attributes.validators ?? {}) as Record<string, Obj>;
    const entries: [string | undefined, unknown][] = field.attributes.localized
      ? recordLocales.map((l) => [l, isObject(merged[apiKey]) ? ((merged[apiKey] as Obj)[l] ?? null) : null])
      : [[undefined, merged[apiKey] ?? null]];
    for (const [locale, value] of entries) {
      const report = (validator: string, extra: Obj = {}) =>
        errors.push({
          code: 'INVALID_FIELD',
          details: {
            field: apiKey,
            field_id: field.id,
            field_label: field.attributes.label,
            field_type: fieldType,
            ...(locale ? { locale } : {}),
            code: `VALIDATION_${validator.toUpperCase()}`,
            ...extra,
            ...(blockPath.length ? { block_path: blockPath } : {}),
          },
        });
      const blank = isBlank(fieldType, value);
      if (validators.required && blank) {
        report('required');
        continue;
      }
      const seoRule = validators.required_seo_fields;
      if (seoRule) {
        const seo = isObject(value) ? value : {};
        const missing = ['title', 'description', 'image', 'twitter_card'].filter((k) => seoRule[k] === true && blankText(seo[k]));
        if (missing.length) report('required_seo_fields', { missing_fields: missing });
      }
      if (blank) continue;
      // structured text: the length of its text, span values and code blocks concatenated
      const text =
        typeof value === 'string' ? value : fieldType === 'structured_text' && isObject(value) ? dastPlainText(value.document) : undefined;
      const bounds = (rule: Obj | undefined, n: number) =>
        rule && ((isNumber(rule.min) && n < rule.min) || (isNumber(rule.max) && n > rule.max) || (isNumber(rule.eq) && n !== rule.eq));
      if (text !== undefined && bounds(validators.length, codePoints(text))) report('length', { ...validators.length });
      if (typeof value === 'number' && bounds(validators.number_range, value)) report('number_range', { ...validators.number_range });
      if (validators.enum && typeof value === 'string' && Array.isArray(validators.enum.values) && !validators.enum.values.includes(value))
        report('enum', { values: validators.enum.values });
      const format = validators.format;
      if (format && typeof value === 'string') {
        const pattern =
          format.predefined_pattern === 'email'
            ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/
            : format.predefined_pattern === 'url'
              ? /^https?:\/\/[^\s]+$/
              : typeof format.custom_pattern === 'string'
                ? safeRegExp(format.custom_pattern)
                : null;
        if (pattern && !pattern.test(value)) report('format', { ...format });
      }
      if (validators.slug_format && typeof value === 'string') {
        const rule = validators.slug_format;
        const pattern =
          rule.predefined_pattern === 'webpage_slug'
            ? /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/
            : typeof rule.custom_pattern === 'string'
              ? safeRegExp(rule.custom_pattern)
              : null;
        if (pattern && !pattern.test(value)) report('slug_format');
      }
      const dateRule = fieldType === 'date' ? validators.date_range : fieldType === 'date_time' ? validators.date_time_range : undefined;
      if (dateRule && typeof value === 'string') {
        const at = Date.parse(value);
        const min = typeof dateRule.min === 'string' ? Date.parse(dateRule.min) : NaN;
        const max = typeof dateRule.max === 'string' ? Date.parse(dateRule.max) : NaN;
        if (at < min || at > max) report(fieldType === 'date' ? 'date_range' : 'date_time_range', { ...dateRule });
      }
      if (Array.isArray(value) && validators.size) {
        const size = validators.size;
        if (bounds(size, value.length) || (isNumber(size.multiple_of) && size.multiple_of > 0 && value.length % size.multiple_of !== 0))
          report('size', { ...size });
      }
      const altRule = validators.required_alt_title;
      if (altRule && (fieldType === 'file' || fieldType === 'gallery')) {
        const files = (Array.isArray(value) ? value : [value]).filter(isObject);
        const missing = ['alt', 'title'].filter((k) => altRule[k] === true && files.some((f) => blankText(f[k])));
        if (missing.length) report('required_alt_title', { missing_fields: missing });
      }
      if (fieldType === 'seo' && isObject(value)) {
        if (typeof value.title === 'string' && bounds(validators.title_length, codePoints(value.title)))
          report('title_length', { ...validators.title_length });
        if (typeof value.description === 'string' && bounds(validators.description_length, codePoints(value.description)))
          report('description_length', { ...validators.description_length });
      }
      const linkRule = validators.item_item_type ?? validators.items_item_type;
      if (linkRule && Array.isArray(linkRule.item_types)) {
        const ids = Array.isArray(value) ? value : [value];
        const wrong = ids.filter(
          (id) =>
            typeof id === 'string' && env.items.has(id) && !(linkRule.item_types as string[]).includes(env.items.get(id)?.itemTypeId ?? ''),
        );
        if (wrong.length) report(validators.item_item_type ? 'item_item_type' : 'items_item_type', { item_ids: wrong });
      }
      // a block's values are not unique-checked; a new record (item null) is checked against every record
      if (validators.unique && !blockPath.length) {
        const clash = (env.recordsByType.get(itemType.id) ?? []).some((other) => {
          if (other.id === item?.id) return false;
          const ov = other.attributes[apiKey];
          return (field.attributes.localized ? (isObject(ov) ? ov[locale ?? ''] : undefined) : ov) === value;
        });
        if (clash) report('unique');
      }
    }
  }
}

function dastPlainText(node: unknown): string {
  if (!isObject(node)) return '';
  const own = typeof node.value === 'string' ? node.value : typeof node.code === 'string' ? node.code : '';
  return own + (Array.isArray(node.children) ? node.children.map(dastPlainText).join('') : '');
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}
