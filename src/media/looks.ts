// How an upload reads to a person: its kind (image, video, PDF…), size, dimensions, alt text per locale, and the
// address of a small preview on the project's image CDN. No vscode import.
import type { Resource } from '../cma';
import { relationshipId } from '../domain/resources';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** What the extension reads of an upload (a missing or mistyped attribute reads as nothing, never a crash). */
export const Upload = {
  filename: (upload: Resource<'upload'>): string => text(upload.attributes['filename']) ?? text(upload.attributes['basename']) ?? upload.id,
  url: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['url']),
  path: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['path']),
  size: (upload: Resource<'upload'>): number | undefined => count(upload.attributes['size']),
  width: (upload: Resource<'upload'>): number | undefined => count(upload.attributes['width']),
  height: (upload: Resource<'upload'>): number | undefined => count(upload.attributes['height']),
  format: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['format']),
  mimeType: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['mime_type']),
  isImage: (upload: Resource<'upload'>): boolean => upload.attributes['is_image'] === true,
  tags: (upload: Resource<'upload'>): string[] => {
    const tags = upload.attributes['tags'];
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  },
  collectionId: (upload: Resource<'upload'>): string | undefined => relationshipId(upload, 'upload_collection'),
  createdAt: (upload: Resource<'upload'>): string | undefined => text(upload.attributes['created_at']),
  /** the default alt text of each locale the upload has one for (either shape of default_field_metadata) */
  alts: (upload: Resource<'upload'>): Record<string, string | undefined> => metadataOf(upload, 'alt'),
  titles: (upload: Resource<'upload'>): Record<string, string | undefined> => metadataOf(upload, 'title'),
};

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

/** The locales (of `locales`) an image has no alt text in; empty for files that are not images. */
export function missingAlt(upload: Resource<'upload'>, locales: readonly string[]): string[] {
  if (!Upload.isImage(upload)) return [];
  const alts = Upload.alts(upload);
  return locales.filter((locale) => alts[locale] === undefined);
}

export type FileKind = 'image' | 'video' | 'audio' | 'pdfdocument' | 'archive' | 'spreadsheet' | 'presentation' | 'richtext' | 'other';

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdfdocument',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  csv: 'spreadsheet',
  ods: 'spreadsheet',
  numbers: 'spreadsheet',
  ppt: 'presentation',
  pptx: 'presentation',
  key: 'presentation',
  odp: 'presentation',
  doc: 'richtext',
  docx: 'richtext',
  rtf: 'richtext',
  odt: 'richtext',
  txt: 'richtext',
  md: 'richtext',
};

export function fileKind(upload: Resource<'upload'>): FileKind {
  if (Upload.isImage(upload)) return 'image';
  const mime = Upload.mimeType(upload) ?? '';
  const family = mime.split('/')[0];
  if (family === 'image' || family === 'video' || family === 'audio') return family;
  return BY_EXTENSION[(Upload.format(upload) ?? '').toLowerCase()] ?? 'other';
}

const ICONS: Record<FileKind, string> = {
  image: 'file-media',
  video: 'device-camera-video',
  audio: 'unmute',
  pdfdocument: 'file-pdf',
  archive: 'file-zip',
  spreadsheet: 'table',
  presentation: 'preview',
  richtext: 'note',
  other: 'file',
};

export const kindIcon = (kind: FileKind): string => ICONS[kind];

/** `734 KB`, `1.2 MB`, `48 MB`: as DatoCMS's media area shows sizes (1 KB = 1,000 bytes). */
export function formatSize(bytes: number, numbers: Intl.NumberFormat): string {
  if (bytes < 1000) return `${numbers.format(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${numbers.format(value >= 100 ? Math.round(value) : Math.round(value * 10) / 10)} ${units[unit]}`;
}

/** `1.2 MB · 1920 × 1280`, `734 KB · pdf`. */
export function uploadDescription(upload: Resource<'upload'>, numbers: Intl.NumberFormat): string {
  const size = Upload.size(upload);
  const width = Upload.width(upload);
  const height = Upload.height(upload);
  const parts = [size === undefined ? undefined : formatSize(size, numbers)];
  parts.push(width !== undefined && height !== undefined ? `${width} × ${height}` : Upload.format(upload));
  return parts.filter(Boolean).join(' · ');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A small rendition of an image on the project's image CDN (`imgix_host`): `https://<host><path>?w=300&h=200&fit=crop`,
 * so a hover never loads the original file. Undefined for files that are not images or without a usable host.
 */
export function thumbnailUrl(upload: Resource<'upload'>, imgixHost: string | undefined): string | undefined {
  const path = Upload.path(upload);
  if (!Upload.isImage(upload) || !path || !imgixHost || !/^[a-z0-9.-]+(:\d+)?$/i.test(imgixHost)) return undefined;
  let url: URL;
  try {
    url = new URL(`${LOOPBACK.has(imgixHost.split(':')[0]!) ? 'http' : 'https'}://${imgixHost}`);
    url.pathname = path;
  } catch {
    return undefined;
  }
  url.search = 'w=300&h=200&fit=crop';
  // parentheses and spaces would end a Markdown link early
  return url.toString().replace(/[() ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
