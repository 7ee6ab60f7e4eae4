// What the media area knows of a file from its name and its first bytes: format, MIME type, kind (the
// upload filters' `type`), image dimensions, and the derived facets the filters use (resolution,
// orientation, colour buckets). The API's documentation publishes none of the thresholds; ours are said below.

const MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  heic: 'image/heic',
  ico: 'image/vnd.microsoft.icon',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m4v: 'video/x-m4v',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  key: 'application/vnd.apple.keynote',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  gz: 'application/gzip',
};

/** The upload filters' `type` values, by format (images, audio and video go by MIME type). */
const KIND_BY_FORMAT: Record<string, string> = {
  pdf: 'pdfdocument',
  doc: 'richtext',
  docx: 'richtext',
  odt: 'richtext',
  rtf: 'richtext',
  txt: 'richtext',
  md: 'richtext',
  ppt: 'presentation',
  pptx: 'presentation',
  odp: 'presentation',
  key: 'presentation',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  ods: 'spreadsheet',
  csv: 'spreadsheet',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
};

export const UPLOAD_KINDS = ['image', 'audio', 'video', 'richtext', 'presentation', 'spreadsheet', 'pdfdocument', 'archive'] as const;
export const RESOLUTIONS = ['icon', 'small', 'medium', 'large'] as const;
export const ORIENTATIONS = ['landscape', 'portrait', 'square'] as const;
export const COLOR_BUCKETS = [
  'red',
  'orange',
  'pink',
  'cyan',
  'purple',
  'blue',
  'yellow',
  'green',
  'brown',
  'grey',
  'white',
  'black',
] as const;

/** The extension lists of the `extension` validator's `predefined_list`. */
export const PREDEFINED_EXTENSIONS: Record<string, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'svg', 'tif', 'tiff', 'bmp', 'heic', 'ico'],
  transformable_image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'tif', 'tiff'],
  video: ['mp4', 'mov', 'webm', 'm4v', 'avi'],
  document: ['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt', 'md', 'xls', 'xlsx', 'ods', 'csv', 'ppt', 'pptx', 'odp', 'key'],
};

/** `name.ext` → `ext` in lower case; null without an extension. */
export function formatOf(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : null;
}

export function basenameOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

export function mimeTypeOf(format: string | null): string {
  return (format && MIME_TYPES[format]) || 'application/octet-stream';
}

/** The upload filters' `type` of an upload; null when it is none of them. */
export function kindOf(mimeType: string | null, format: string | null): string | null {
  const family = (mimeType ?? '').split('/')[0];
  if (family === 'image' || family === 'audio' || family === 'video') return family;
  return (format && KIND_BY_FORMAT[format]) || null;
}

/** Ours: by the longer side, up to 300 px an icon, 1000 small, 2000 medium, then large. */
export function resolutionOf(width: number | null, height: number | null): string | null {
  if (width === null || height === null) return null;
  const side = Math.max(width, height);
  return side <= 300 ? 'icon' : side <= 1000 ? 'small' : side <= 2000 ? 'medium' : 'large';
}

export function orientationOf(width: number | null, height: number | null): string | null {
  if (width === null || height === null) return null;
  return width === height ? 'square' : width > height ? 'landscape' : 'portrait';
}

/** Ours: a colour's bucket by its hue, saturation and lightness. */
export function colorBucket(color: { red: number; green: number; blue: number }): string {
  const r = color.red / 255;
  const g = color.green / 255;
  const b = color.blue / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (lightness > 0.9) return 'white';
  if (lightness < 0.12) return 'black';
  if (chroma < 0.12) return 'grey';
  let hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue < 15 || hue >= 345) return lightness > 0.7 ? 'pink' : 'red';
  if (hue < 45) return lightness < 0.35 ? 'brown' : 'orange';
  if (hue < 70) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 200) return 'cyan';
  if (hue < 255) return 'blue';
  if (hue < 300) return 'purple';
  return 'pink';
}

/** Width and height read from the first bytes of a PNG, GIF, JPEG or WebP; null when unknown. */
export function imageDimensions(head: Buffer): { width: number; height: number } | null {
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR') {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'GIF') return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (head.length >= 30 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = head.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = head.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegDimensions(head);
  return null;
}

function jpegDimensions(head: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = head.readUInt16BE(offset + 2);
    // SOF0…SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: head.readUInt16BE(offset + 7), height: head.readUInt16BE(offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}
