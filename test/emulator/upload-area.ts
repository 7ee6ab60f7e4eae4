// The media area's own data in an environment (collections, tags, saved filters) and how an upload resource
// is made from a stored file.
import type { Resource, ResourceIdentifier } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import type { EnvironmentData, MediaArea } from './store.js';
import { relId } from './store.js';
import { basenameOf, formatOf, imageDimensions, mimeTypeOf } from './upload-files.js';
import type { StoredFile } from './upload-storage.js';

export const ASSETS_HOST = 'https://www.datocms-assets.com';

/** The environment's media area, created empty on first use. */
export function mediaArea(env: EnvironmentData): MediaArea {
  env.mediaArea ??= { collections: new Map(), tags: new Set(), filters: new Map() };
  return env.mediaArea;
}

/** Tags set on an upload become tags of the media area (the official client's test sets one it created first). */
export function registerTags(env: EnvironmentData, tags: readonly string[]): void {
  const area = mediaArea(env);
  for (const tag of tags) area.tags.add(tag);
}

export function uploadNotFound(id: string) {
  return httpError(404, 'NOT_FOUND', { entity: 'upload', id, message: `No upload with id "${id}"` });
}

export function collectionNotFound(id: string) {
  return httpError(404, 'NOT_FOUND', { entity: 'upload_collection', id, message: `No upload collection with id "${id}"` });
}

/** A collection as the API shows it: `children` are the collections whose parent it is, by position. */
export function collectionResource(env: EnvironmentData, collection: Resource<'upload_collection'>): Resource<'upload_collection'> {
  const children = [...mediaArea(env).collections.values()]
    .filter((c) => relId(c, 'parent') === collection.id)
    .sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position))
    .map((c) => ({ type: 'upload_collection', id: c.id }));
  return {
    id: collection.id,
    type: 'upload_collection',
    attributes: structuredClone(collection.attributes),
    relationships: { parent: structuredClone(collection.relationships.parent ?? { data: null }), children: { data: children } },
    meta: {},
  };
}

/** `/84213/1700000000-image.png` → `image.png`: a path's last segment without its time prefix. */
export function filenameOfPath(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dash = last.indexOf('-');
  return dash >= 0 && /^\d+$/.test(last.slice(0, dash)) ? last.slice(dash + 1) : last;
}

/** The attributes a file gives an upload: everything about the bytes, the name and where they are served. */
export function fileAttributes(path: string, file: StoredFile): Record<string, unknown> {
  const filename = filenameOfPath(path);
  const format = formatOf(filename);
  const mimeType = mimeTypeOf(format);
  const isImage = mimeType.startsWith('image/');
  const dims = isImage ? imageDimensions(file.head) : null;
  return {
    size: file.size,
    width: dims?.width ?? null,
    height: dims?.height ?? null,
    path,
    basename: basenameOf(filename),
    filename,
    url: `${ASSETS_HOST}${path}`,
    format,
    md5: file.md5,
    // the emulator does not decode media: no duration, frame rate, hashes, colours or playback ids
    duration: null,
    frame_rate: null,
    blurhash: null,
    thumbhash: null,
    mux_playback_id: null,
    mux_mp4_highest_res: null,
    is_image: isImage,
    mime_type: mimeType,
    exif_info: {},
    colors: [],
  };
}

/** A new upload of a stored file, with the defaults the API gives what the create did not set. */
export function newUploadResource(
  id: string,
  path: string,
  file: StoredFile,
  locales: readonly string[],
  creator: ResourceIdentifier,
  collectionId: string | null,
): Resource<'upload'> {
  const now = new Date().toISOString();
  const perLocale = <T>(value: () => T) => Object.fromEntries(locales.map((l) => [l, value()]));
  return {
    id,
    type: 'upload',
    attributes: {
      ...fileAttributes(path, file),
      author: null,
      copyright: null,
      notes: null,
      default_field_metadata: {
        alt: perLocale(() => null),
        title: perLocale(() => null),
        custom_data: perLocale(() => ({})),
        focal_point: null,
        poster_time: null,
      },
      created_at: now,
      updated_at: now,
      tags: [],
      smart_tags: [],
    },
    relationships: {
      upload_collection: { data: collectionId === null ? null : { type: 'upload_collection', id: collectionId } },
      creator: { data: creator },
    },
    meta: { antivirus: { status: 'clean', checked_at: now, threat_name: null } },
  };
}

/** The upload renamed: a new basename keeps the format and the path's time prefix. */
export function renamed(upload: Resource<'upload'>, basename: string): void {
  const a = upload.attributes;
  const path = String(a.path);
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  const last = path.slice(dir.length);
  const dash = last.indexOf('-');
  const prefix = dash >= 0 && /^\d+$/.test(last.slice(0, dash)) ? last.slice(0, dash + 1) : '';
  const filename = a.format ? `${basename}.${String(a.format)}` : basename;
  a.basename = basename;
  a.filename = filename;
  a.path = `${dir}${prefix}${filename}`;
  a.url = `${ASSETS_HOST}${String(a.path)}`;
}
