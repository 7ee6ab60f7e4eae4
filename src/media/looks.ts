// How an upload reads to a person: its kind (image, video, PDF…), size, dimensions, alt text per locale, and the
// address of a small preview on the project's image CDN. No vscode import.
import type { Resource } from '../cma';
import { sizeInUnits, Upload } from '../domain/uploadViews';

// What the extension reads of an upload lives in the domain; the media room keeps importing it from here.
export { Upload };

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
  const { value, unit } = sizeInUnits(bytes);
  return `${numbers.format(value >= 100 ? Math.round(value) : Math.round(value * 10) / 10)} ${unit}`;
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
