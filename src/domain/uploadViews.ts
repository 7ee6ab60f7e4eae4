// Typed views over the media library's resources: an upload, a collection, a tag. As in ./views.ts, a missing or
// mistyped attribute reads as nothing (undefined, an empty list, the id), never as a crash.
import type { Resource } from '../cma';
import { relationshipId } from './resources';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A size of 1000 bytes or more in the largest unit it reaches (1 KB = 1000 bytes, as DatoCMS's media area counts). */
export function sizeInUnits(bytes: number): { value: number; unit: string } {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return { value, unit: units[unit]! };
}

export const Upload = {
  /** its filename, else its basename, else its id */
  filename: (upload: Resource<'upload'>): string => text(upload.attributes['filename']) ?? text(upload.attributes['basename']) ?? upload.id,
  url: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['url']),
  path: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['path']),
  size: (upload: Resource<'upload'>): number | undefined => count(upload.attributes['size']),
  width: (upload: Resource<'upload'>): number | undefined => count(upload.attributes['width']),
  height: (upload: Resource<'upload'>): number | undefined => count(upload.attributes['height']),
  format: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['format']),
  mimeType: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['mime_type']),
  isImage: (upload: Resource<'upload'>): boolean => upload.attributes['is_image'] === true,
  /** whether DatoCMS says it is an image; undefined when the answer does not say (then its MIME type tells) */
  saysImage: (upload: Resource<'upload'>): boolean | undefined =>
    upload.attributes['is_image'] === undefined ? undefined : upload.attributes['is_image'] === true,
  tags: (upload: Resource<'upload'>): string[] => {
    const tags = upload.attributes['tags'];
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  },
  collectionId: (upload: Resource<'upload'>): string | undefined => relationshipId(upload, 'upload_collection'),
  createdAt: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['created_at']),
  /** the default alt text of each locale the upload has one for (either shape of default_field_metadata) */
  alts: (upload: Resource<'upload'>): Record<string, string | undefined> => metadataOf(upload, 'alt'),
  titles: (upload: Resource<'upload'>): Record<string, string | undefined> => metadataOf(upload, 'title'),
  /** the defaults a file or gallery value of `locale` gets from the upload (either shape of default_field_metadata) */
  defaultsIn: (upload: Resource<'upload'>, locale: string): FileDefaults => {
    const metadata = objectOf(upload.attributes['default_field_metadata']);
    const current = 'alt' in metadata || 'title' in metadata || 'custom_data' in metadata || 'focal_point' in metadata;
    const focal = objectOf(current ? metadata['focal_point'] : objectOf(metadata[locale])['focal_point']);
    return {
      alt: metadataOf(upload, 'alt')[locale] ?? null,
      title: metadataOf(upload, 'title')[locale] ?? null,
      custom_data: objectOf(current ? objectOf(metadata['custom_data'])[locale] : objectOf(metadata[locale])['custom_data']),
      focal_point: typeof focal['x'] === 'number' && typeof focal['y'] === 'number' ? { x: focal['x'], y: focal['y'] } : null,
    };
  },
};

/** What a record's file value holds besides the upload: its alt text, title, custom data and focal point. */
export interface FileDefaults {
  alt: string | null;
  title: string | null;
  custom_data: Record<string, unknown>;
  focal_point: { x: number; y: number } | null;
}

/** `alt` or `title` per locale, from `{alt: {en: …}}` or the legacy `{en: {alt: …}}`. */
function metadataOf(upload: Resource<'upload'>, part: 'alt' | 'title'): Record<string, string | undefined> {
  const metadata = objectOf(upload.attributes['default_field_metadata']);
  const out: Record<string, string | undefined> = {};
  if (part in metadata || 'custom_data' in metadata || 'focal_point' in metadata) {
    for (const [locale, value] of Object.entries(objectOf(metadata[part]))) out[locale] = text(value)?.trim() || undefined;
  } else {
    for (const [locale, defaults] of Object.entries(metadata)) out[locale] = text(objectOf(defaults)[part])?.trim() || undefined;
  }
  return out;
}

export const UploadCollection = {
  /** its label, else its id */
  label: (collection: Resource<'upload_collection'>): string =>
    typeof collection.attributes['label'] === 'string' ? collection.attributes['label'] : collection.id,
  /** its position among its siblings (an unknown position reads as 0, as the media area places it first) */
  position: (collection: Resource<'upload_collection'>): number => {
    const position = collection.attributes['position'];
    return typeof position === 'number' ? position : 0;
  },
  /** the collection it sits in; null at the top */
  parentId: (collection: Resource<'upload_collection'>): string | null => relationshipId(collection, 'parent') ?? null,
};

export const UploadTag = {
  /** its name, else its id */
  name: (tag: Resource<'upload_tag'>): string => String(tag.attributes['name'] ?? tag.id),
};
