// The upload document: the metadata of a file of the media area that an update may change (its default field
// metadata per locale, tags, notes, author, copyright and collection), checked with zod like every document.
// `default_field_metadata` comes in the shape the environment speaks: `{alt: {<locale>: …}, title, custom_data,
// focal_point, poster_time}` or, where DatoCMS's non-localized focal points are off, `{<locale>: {alt, title,
// custom_data, focal_point}}`; the document keeps the shape its upload was read in. An update sends it as a
// patch: only the parts that changed.
import * as z from 'zod';
import type { Resource } from '../cma';
import { exactNumber } from './numbers';
import { deepEqual, getOwn, isObject, setOwn, type Json, type JsonObject } from './json';
import type { Finding } from './problems';
import { arrayOf, nullableString, reference, strictObject } from './zodHelpers';

export const UPLOAD_ATTRIBUTES = ['default_field_metadata', 'tags', 'notes', 'author', 'copyright'] as const;
export const UPLOAD_RELATIONSHIPS = ['upload_collection'] as const;

const METADATA_PARTS = ['alt', 'title', 'custom_data', 'focal_point', 'poster_time'];

const unitInterval = exactNumber({ min: 0, max: 1, error: 'expected a number between 0 and 1', rangeError: 'must be between 0 and 1' });
const focalPoint = strictObject({ x: unitInterval, y: unitInterval }, 'The point of interest {x, y} (0–1 from the top left), or null')
  .nullable()
  .optional();
const customData = z.record(z.string(), z.unknown(), { error: 'expected an object' });

/** A value per locale: any of the project's locales, no other key. */
function perLocale(locales: readonly string[], value: z.ZodType, description: string) {
  const shape: Record<string, z.ZodType> = {};
  for (const locale of locales) shape[locale] = value.optional();
  return locales.length > 0 ? strictObject(shape, description).optional() : z.record(z.string(), value).describe(description).optional();
}

/** Whether an upload's `default_field_metadata` is keyed by locale first (the legacy shape). */
export function isLocaleKeyedMetadata(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length > 0 && !Object.keys(value).some((key) => METADATA_PARTS.includes(key));
}

function metadataSchema(locales: readonly string[], localeKeyed: boolean) {
  if (localeKeyed) {
    const perLocaleDefaults = strictObject({
      alt: nullableString('Alternative text').optional(),
      title: nullableString('Title').optional(),
      custom_data: customData.optional(),
      focal_point: focalPoint,
    });
    return perLocale(locales, perLocaleDefaults, 'What a file or gallery field uses when a record gives nothing, per locale');
  }
  return strictObject(
    {
      alt: perLocale(locales, nullableString(), 'Alternative text per locale ({"en": "…"}), for the visually impaired and search'),
      title: perLocale(locales, nullableString(), 'Title per locale ({"en": "…"})'),
      custom_data: perLocale(locales, customData, 'Free data per locale ({"en": {"key": "value"}})'),
      focal_point: focalPoint,
      poster_time: exactNumber({ min: 0, error: 'expected a number of seconds', rangeError: 'must be 0 or more' })
        .nullable()
        .describe('The second of the video its poster image is taken from, or null')
        .optional(),
    },
    'What a file or gallery field uses when a record gives nothing: alt, title, custom data, focal point',
  ).optional();
}

/** The writable part of an upload document in an environment with these locales. */
export function uploadShape(locales: readonly string[], localeKeyed: boolean): Record<string, z.ZodType> {
  return {
    default_field_metadata: metadataSchema(locales, localeKeyed),
    tags: arrayOf(z.string({ error: 'expected a tag name' }).trim().min(1, { error: 'a tag cannot be empty' }), 'Tags').optional(),
    notes: nullableString('Notes for editors').optional(),
    author: nullableString('Author of the file').optional(),
    copyright: nullableString('Copyright notice').optional(),
    upload_collection: reference(
      'upload_collection',
      'The collection (folder) of the media area: {"type": "upload_collection", "id": "…"}, or null',
    ).optional(),
  };
}

/** Rules beyond the shape: a focal point is an image's, a poster time a video's. */
export function uploadRules(doc: JsonObject, opened: Resource): Finding[] {
  const out: Finding[] = [];
  const metadata = getOwn(doc, 'default_field_metadata');
  const isImage = opened.attributes['is_image'] === true;
  const mime = opened.attributes['mime_type'];
  const isVideo = typeof mime === 'string' && mime.startsWith('video/');
  const focalPoints: { path: (string | number)[]; value: unknown }[] = [];
  if (isLocaleKeyedMetadata(metadata) && isObject(metadata)) {
    for (const locale of Object.keys(metadata))
      focalPoints.push({ path: ['default_field_metadata', locale, 'focal_point'], value: getOwn(metadata[locale], 'focal_point') });
  } else {
    focalPoints.push({ path: ['default_field_metadata', 'focal_point'], value: getOwn(metadata, 'focal_point') });
    const posterTime = getOwn(metadata, 'poster_time');
    if (posterTime !== undefined && posterTime !== null && !isVideo)
      out.push({
        path: ['default_field_metadata', 'poster_time'],
        message: 'only a video has a poster time (set it to null)',
        code: 'invalid-value',
      });
  }
  for (const { path, value } of focalPoints)
    if (value !== undefined && value !== null && !isImage)
      out.push({ path, message: 'only an image has a focal point (set it to null)', code: 'invalid-value' });
  out.push(...removedMetadataFindings(metadata, opened.attributes['default_field_metadata']));
  return out;
}

/** A part or a locale left out of the patch keeps its value in DatoCMS: removing one would not clear it. */
function removedMetadataFindings(after: unknown, before: unknown): Finding[] {
  if (!isObject(after) || !isObject(before)) return [];
  const out: Finding[] = [];
  for (const key of Object.keys(before)) {
    const path = ['default_field_metadata', key];
    if (getOwn(after, key) === undefined)
      out.push({
        path,
        message: `"${key}" was removed (set it to null to clear it)`,
        code: 'removed-key',
        data: { key, path, nullAccepted: true },
      });
    else if (isObject(before[key]) && isObject(getOwn(after, key)) && key !== 'focal_point') {
      for (const inner of Object.keys(before[key]))
        if (getOwn(getOwn(after, key), inner) === undefined)
          out.push({
            path: [...path, inner],
            message: `"${inner}" was removed (set it to null to clear it)`,
            code: 'removed-key',
            data: { key: inner, path: [...path, inner], nullAccepted: true },
          });
    }
  }
  return out;
}

/** The patch of `default_field_metadata`: the parts that changed, each whole (DatoCMS keeps what is not sent). */
export function metadataPatch(after: Json, before: Json | undefined): Json {
  if (!isObject(after) || !isObject(before)) return after;
  const patch: JsonObject = {};
  for (const key of Object.keys(after)) if (!deepEqual(after[key], getOwn(before, key))) setOwn(patch, key, after[key] as Json);
  return patch;
}
