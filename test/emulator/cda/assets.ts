// Media: the values of `FileField` (and its narrowed variants), `ResponsiveImage` and `UploadVideoField`,
// read from the environment's uploads and, inside records, the file field's own alt/title/custom data/focal point.
import type { Resource } from '../../../src/cma/types.js';
import { localeChoice, tagUpload, type CdaContext, type LocaleChoice } from './context.js';
import { imgixQuery } from './imgix.js';

type Obj = Record<string, unknown>;

/** An upload as served: the upload, the record field's metadata (null from the uploads queries) and the locale. */
export interface AssetView {
  upload: Resource<'upload'>;
  meta: Obj | null;
  locale: LocaleChoice;
}

export function assetView(ctx: CdaContext, value: unknown, locale: LocaleChoice): AssetView | null {
  const meta = value && typeof value === 'object' ? (value as Obj) : null;
  const id = meta ? meta.upload_id : value;
  const upload = typeof id === 'string' ? ctx.env.uploads.get(id) : undefined;
  if (!upload) return null;
  tagUpload(ctx, upload);
  return { upload, meta: meta && 'upload_id' in meta ? meta : null, locale };
}

function attr(view: AssetView, name: string): unknown {
  return view.upload.attributes[name] ?? null;
}

/** The upload's default metadata in a locale: both the per-attribute and the legacy per-locale shapes. */
function defaultMetadata(view: AssetView, key: string, locale: string): unknown {
  const metadata = (view.upload.attributes.default_field_metadata ?? {}) as Obj;
  if (key in metadata) {
    const byLocale = metadata[key];
    if (key === 'focal_point' || key === 'poster_time') return byLocale ?? null;
    return byLocale && typeof byLocale === 'object' ? ((byLocale as Obj)[locale] ?? null) : null;
  }
  const legacy = metadata[locale];
  return legacy && typeof legacy === 'object' ? ((legacy as Obj)[key] ?? null) : null;
}

/** alt/title/custom_data/focal_point: the record field's own value first, then the upload's default, per fallback locale. */
export function assetMetadata(ctx: CdaContext, view: AssetView, key: string, args: Obj): unknown {
  const own = view.meta?.[key];
  if (own !== null && own !== undefined && !(key === 'custom_data' && Object.keys(own as Obj).length === 0)) return own;
  const choice = localeChoice(ctx, args, view.locale);
  for (const locale of [choice.locale, ...choice.fallbacks]) {
    const value = defaultMetadata(view, key, locale);
    if (value !== null && value !== '' && !(key === 'custom_data' && Object.keys(value as Obj).length === 0)) return value;
  }
  return key === 'custom_data' ? {} : null;
}

export function isImage(view: AssetView): boolean {
  return view.upload.attributes.is_image === true || String(attr(view, 'mime_type')).startsWith('image/');
}

export function assetUrl(view: AssetView, params: Obj | null | undefined): string {
  const query = imgixQuery(params);
  return `${String(attr(view, 'url'))}${query ? `?${query}` : ''}`;
}

export function focalPoint(ctx: CdaContext, view: AssetView, args: Obj): { x: number; y: number } | null {
  const point = assetMetadata(ctx, view, 'focal_point', args) as { x: number; y: number } | null;
  if (point) return point;
  // An image without a focal point is centred.
  return isImage(view) ? { x: 0.5, y: 0.5 } : null;
}

function hex(color: Obj): string {
  const part = (n: unknown) =>
    Number(n ?? 0)
      .toString(16)
      .padStart(2, '0');
  return `#${part(color.red)}${part(color.green)}${part(color.blue)}`;
}

function placeholder(width: number, height: number, fill: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function background(view: AssetView): string | null {
  const colors = attr(view, 'colors');
  return Array.isArray(colors) && colors[0] ? hex(colors[0] as Obj) : null;
}

export function blurUpThumb(view: AssetView): string | null {
  if (!isImage(view)) return null;
  return placeholder(24, 24, background(view) ?? '#cccccc');
}

/** The size the transformed image has: `w`/`h`/`ar` win over the original, keeping its proportions otherwise. */
function outputSize(view: AssetView, params: Obj): { width: number; height: number } {
  const ow = Number(attr(view, 'width') ?? 0);
  const oh = Number(attr(view, 'height') ?? 0);
  const ratio = typeof params.ar === 'string' && /^\d+(\.\d+)?:\d+(\.\d+)?$/.test(params.ar) ? params.ar.split(':').map(Number) : null;
  const aspect = ratio ? ratio[0]! / ratio[1]! : ow && oh ? ow / oh : 1;
  const w = typeof params.w === 'number' ? params.w : null;
  const h = typeof params.h === 'number' ? params.h : null;
  const width = Math.round(w ?? (h !== null ? h * aspect : ow));
  const height = Math.round(h ?? width / aspect);
  return { width, height };
}

export function responsiveImage(ctx: CdaContext, view: AssetView, args: Obj): Obj | null {
  if (!isImage(view)) return null;
  const params = (args.imgixParams as Obj | null) ?? {};
  const { width, height } = outputSize(view, params);
  const original = Number(attr(view, 'width') ?? width);
  const srcSet = (extra: Obj) =>
    [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4]
      .map((m) => Math.round(width * m))
      .filter((w, i) => i <= 3 || w <= original)
      .map(
        (w) =>
          `${assetUrl(view, { ...params, ...extra, dpr: undefined, w, h: params.h !== undefined ? Math.round((w * height) / width) : undefined })} ${w}w`,
      )
      .join(',');
  const bg = background(view);
  return {
    alt: assetMetadata(ctx, view, 'alt', args),
    aspectRatio: height ? width / height : 1,
    base64: placeholder(Math.max(1, Math.round(width / 50)), Math.max(1, Math.round(height / 50)), bg ?? '#cccccc'),
    bgColor: bg,
    height,
    sizes: typeof args.sizes === 'string' ? args.sizes : `(max-width: ${width}px) 100vw, ${width}px`,
    src: assetUrl(view, params),
    srcSet: srcSet({}),
    title: assetMetadata(ctx, view, 'title', args),
    webpSrcSet: srcSet({ fm: 'webp' }),
    width,
  };
}

const RESOLUTIONS = ['low', 'medium', 'high'] as const;

export interface VideoValue {
  view: AssetView;
  mp4Url(args: Obj): string | null;
  thumbnailUrl(args: Obj): string;
}

/** Mux data of a video upload; null for any other file. */
export function videoOf(view: AssetView): (VideoValue & Obj) | null {
  const playback = attr(view, 'mux_playback_id');
  if (typeof playback !== 'string') return null;
  const highest = attr(view, 'mux_mp4_highest_res') as string | null;
  const duration = attr(view, 'duration');
  const frameRate = attr(view, 'frame_rate');
  return {
    view,
    muxPlaybackId: playback,
    muxAssetId: `${String(attr(view, 'md5')).slice(0, 24)}`,
    streamingUrl: `https://stream.mux.com/${playback}.m3u8`,
    duration: typeof duration === 'number' ? Math.round(duration) : null,
    framerate: typeof frameRate === 'number' ? Math.round(frameRate) : null,
    width: Number(attr(view, 'width') ?? 0),
    height: Number(attr(view, 'height') ?? 0),
    blurhash: attr(view, 'blurhash'),
    thumbhash: attr(view, 'thumbhash'),
    mp4Url: (args: Obj) => {
      const top = highest ? RESOLUTIONS.indexOf(highest as (typeof RESOLUTIONS)[number]) : -1;
      if (top < 0) return null;
      if (typeof args.exactRes === 'string') {
        const exact = RESOLUTIONS.indexOf(args.exactRes as (typeof RESOLUTIONS)[number]);
        return exact <= top ? `https://stream.mux.com/${playback}/${args.exactRes}.mp4` : null;
      }
      const wanted = typeof args.res === 'string' ? RESOLUTIONS.indexOf(args.res as (typeof RESOLUTIONS)[number]) : top;
      return `https://stream.mux.com/${playback}/${RESOLUTIONS[Math.min(wanted, top)]}.mp4`;
    },
    thumbnailUrl: (args: Obj) => `https://image.mux.com/${playback}/thumbnail.${String(args.format ?? 'jpg')}`,
  };
}

export function colorValue(color: Obj): Obj {
  const alpha = typeof color.alpha === 'number' ? color.alpha : 255;
  const rgb = `${Number(color.red)}, ${Number(color.green)}, ${Number(color.blue)}`;
  return {
    alpha,
    blue: color.blue,
    cssRgb: alpha === 255 ? `rgb(${rgb})` : `rgba(${rgb}, ${Math.round((alpha / 255) * 100) / 100})`,
    green: color.green,
    hex: hex(color),
    red: color.red,
  };
}
