// The uploads queries (`allUploads`, `upload`, `_allUploadsMeta`): `UploadFilter`, `UploadOrderBy` and
// what they mean over the environment's media area.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import type { Resource } from '../../../src/cma/types.js';
import type { Build } from './build.js';
import type { CdaContext } from './context.js';
import { CONTAINER_FILTERS, type FilterTypes } from './filter-types.js';
import { dateTimeOps, idOps, listOps, scalarOps, textOps } from './filter-eval.js';
import { BooleanType, DateTime, IntType, UploadId } from './scalars.js';

type Obj = Record<string, unknown>;
const list = (type: GraphQLInputType) => new GraphQLList(type);
const listNonNull = (type: GraphQLInputType) => new GraphQLList(new GraphQLNonNull(type));
const enumOf = (name: string, values: string) =>
  new GraphQLEnumType({ name, values: Object.fromEntries(values.split(' ').map((v) => [v, { value: v }])) });

const ORDER_KEYS = ['_createdAt', 'size', 'resolution', 'filename', 'basename', 'mimeType', 'format', '_updatedAt', 'id'];

export function uploadFilterType(build: Build, filters: FilterTypes): GraphQLInputObjectType {
  return build.once('UploadFilter', () => {
    const ops = (name: string, spec: [string, GraphQLInputType][]) =>
      build.once(name, () => new GraphQLInputObjectType({ name, fields: Object.fromEntries(spec.map(([op, type]) => [op, { type }])) }));
    const uploadType = build.once('UploadType', () =>
      enumOf('UploadType', 'image audio video richtext presentation spreadsheet pdfdocument archive'),
    );
    const resolution = build.once('ResolutionType', () => enumOf('ResolutionType', 'icon small medium large'));
    const orientation = build.once('UploadOrientation', () => enumOf('UploadOrientation', 'landscape portrait square'));
    const colors = build.once('ColorBucketType', () =>
      enumOf('ColorBucketType', 'red orange pink cyan purple blue yellow green brown grey white black'),
    );
    const m = filters.matches();
    const numeric = (name: string) =>
      ops(
        name,
        ['gt', 'lt', 'gte', 'lte', 'eq', 'neq'].map((op) => [op, IntType]),
      );
    const strings = (name: string): GraphQLInputObjectType =>
      ops(name, [
        ['eq', GraphQLString],
        ['neq', GraphQLString],
        ['in', list(GraphQLString)],
        ['notIn', list(GraphQLString)],
      ]);
    const texts = (name: string, extra: [string, GraphQLInputType][] = []) => ops(name, [['matches', m], ['notMatches', m], ...extra]);
    const date = (name: string) =>
      ops(
        name,
        ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'].map((op) => [op, DateTime]),
      );
    const tags = ops('UploadTagsFilter', [
      ['contains', GraphQLString],
      ...['allIn', 'anyIn', 'notIn', 'eq'].map((op): [string, GraphQLInputType] => [op, listNonNull(GraphQLString)]),
    ]);
    const type: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: 'UploadFilter',
      fields: (): GraphQLInputFieldConfigMap => ({
        type: {
          type: ops('TypeFilter', [
            ['eq', uploadType],
            ['neq', uploadType],
            ['in', list(uploadType)],
            ['notIn', list(uploadType)],
          ]),
        },
        inUse: { type: ops('InUseFilter', [['eq', BooleanType]]) },
        resolution: {
          type: ops('ResolutionFilter', [
            ['eq', resolution],
            ['neq', resolution],
            ['in', list(resolution)],
            ['notIn', list(resolution)],
          ]),
        },
        size: { type: numeric('UploadSizeFilter') },
        tags: { type: tags },
        smartTags: { type: tags },
        colors: {
          // the API's colour lists take null members (`[ColorBucketType]`), unlike its tag lists
          type: ops('UploadColorsFilter', [
            ['contains', colors],
            ...['allIn', 'anyIn', 'notIn', 'eq'].map((op): [string, GraphQLInputType] => [op, list(colors)]),
          ]),
        },
        orientation: {
          type: ops('OrientationFilter', [
            ['eq', orientation],
            ['neq', orientation],
          ]),
        },
        id: {
          type: ops('UploadIdFilter', [
            ['eq', UploadId],
            ['neq', UploadId],
            ['in', list(UploadId)],
            ['notIn', list(UploadId)],
          ]),
        },
        mimeType: {
          type: texts('UploadMimeTypeFilter', [
            ['eq', GraphQLString],
            ['neq', GraphQLString],
            ['in', list(GraphQLString)],
            ['notIn', list(GraphQLString)],
          ]),
        },
        format: { type: strings('UploadFormatFilter') },
        height: { type: numeric('UploadHeightFilter') },
        width: { type: numeric('UploadWidthFilter') },
        alt: {
          type: texts('UploadAltFilter', [
            ['eq', GraphQLString],
            ['neq', GraphQLString],
            ['in', list(GraphQLString)],
            ['notIn', list(GraphQLString)],
            ['exists', BooleanType],
          ]),
        },
        title: {
          type: texts('UploadTitleFilter', [
            ['eq', GraphQLString],
            ['neq', GraphQLString],
            ['in', list(GraphQLString)],
            ['notIn', list(GraphQLString)],
            ['exists', BooleanType],
          ]),
        },
        notes: { type: texts('UploadNotesFilter', [['exists', BooleanType]]) },
        md5: { type: strings('UploadMd5Filter') },
        author: { type: texts('UploadAuthorFilter', [['exists', BooleanType]]) },
        copyright: { type: texts('UploadCopyrightFilter', [['exists', BooleanType]]) },
        basename: { type: texts('UploadBasenameFilter') },
        filename: { type: texts('UploadFilenameFilter') },
        path: { type: strings('UploadPathFilter') },
        _createdAt: { type: date('UploadCreatedAtFilter') },
        _updatedAt: { type: date('UploadUpdatedAtFilter') },
        OR: { type: list(type) },
        AND: { type: list(type) },
      }),
    });
    CONTAINER_FILTERS.add(type);
    return type;
  });
}

export function uploadOrderByType(build: Build): GraphQLEnumType {
  return build.once('UploadOrderBy', () => {
    const values: Record<string, { value: string }> = {};
    for (const key of ORDER_KEYS) for (const dir of ['ASC', 'DESC']) values[`${key}_${dir}`] = { value: `${key}_${dir}` };
    return new GraphQLEnumType({ name: 'UploadOrderBy', values });
  });
}

function attr(upload: Resource<'upload'>, name: string): unknown {
  return upload.attributes[name] ?? null;
}

/** The media area's kind of file, from its MIME type. */
export function uploadKind(upload: Resource<'upload'>): string | null {
  const mime = String(attr(upload, 'mime_type') ?? '');
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime === 'application/pdf') return 'pdfdocument';
  if (/spreadsheet|excel|csv/.test(mime)) return 'spreadsheet';
  if (/presentation|powerpoint/.test(mime)) return 'presentation';
  if (/zip|tar|rar|7z|gzip/.test(mime)) return 'archive';
  if (/msword|wordprocessing|rtf|text\//.test(mime)) return 'richtext';
  return null;
}

// The API does not document where the resolution buckets start; these are the emulator's thresholds (longest side).
export function resolutionOf(upload: Resource<'upload'>): string | null {
  const w = Number(attr(upload, 'width') ?? 0);
  const h = Number(attr(upload, 'height') ?? 0);
  if (!w || !h) return null;
  const side = Math.max(w, h);
  return side <= 256 ? 'icon' : side <= 1024 ? 'small' : side <= 2048 ? 'medium' : 'large';
}

function orientationOf(upload: Resource<'upload'>): string | null {
  const w = Number(attr(upload, 'width') ?? 0);
  const h = Number(attr(upload, 'height') ?? 0);
  if (!w || !h) return null;
  return w > h ? 'landscape' : w < h ? 'portrait' : 'square';
}

/** The colour bucket of an RGB colour (by hue, with greys, white and black by lightness). */
function bucketOf(color: Obj): string {
  const [r, g, b] = [Number(color.red), Number(color.green), Number(color.blue)].map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  if (max - min < 0.1) return light > 0.9 ? 'white' : light < 0.1 ? 'black' : 'grey';
  let hue = max === r ? ((g - b) / (max - min)) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
  hue = (hue * 60 + 360) % 360;
  if (light < 0.35 && hue >= 15 && hue < 50) return 'brown';
  if (hue < 15 || hue >= 345) return 'red';
  if (hue < 40) return 'orange';
  if (hue < 65) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 195) return 'cyan';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'purple';
  return 'pink';
}

const usedUploads = new WeakMap<CdaContext, Set<string>>();

/** Upload ids some record or block (either version) points at: computed once per request. */
function inUse(ctx: CdaContext, id: string): boolean {
  let used = usedUploads.get(ctx);
  if (!used) {
    const ids = new Set<string>();
    const text = [...ctx.env.items.values()].map((item) => JSON.stringify([item.attributes, item.published])).join('');
    for (const upload of ctx.env.uploads.keys()) if (text.includes(`"${upload}"`)) ids.add(upload);
    usedUploads.set(ctx, (used = ids));
  }
  return used.has(id);
}

function metadata(upload: Resource<'upload'>, key: string, locale: string): string | null {
  const meta = (attr(upload, 'default_field_metadata') ?? {}) as Obj;
  const value = key in meta ? (meta[key] as Obj | null)?.[locale] : (meta[locale] as Obj | undefined)?.[key];
  return typeof value === 'string' ? value : null;
}

export function uploadMatches(ctx: CdaContext, upload: Resource<'upload'>, filter: Obj | null | undefined, locale: string): boolean {
  if (!filter) return true;
  for (const [key, arg] of Object.entries(filter)) {
    if (arg === null || arg === undefined) continue;
    const ops = arg as Obj;
    let ok: boolean;
    switch (key) {
      case 'AND':
        ok = (arg as Obj[]).every((f) => uploadMatches(ctx, upload, f, locale));
        break;
      case 'OR':
        ok = (arg as Obj[]).length === 0 || (arg as Obj[]).some((f) => uploadMatches(ctx, upload, f, locale));
        break;
      case 'type':
        ok = idOps(uploadKind(upload), ops);
        break;
      case 'inUse':
        ok = inUse(ctx, upload.id) === ops.eq || ops.eq === undefined;
        break;
      case 'resolution':
        ok = idOps(resolutionOf(upload), ops);
        break;
      case 'orientation':
        ok = idOps(orientationOf(upload), ops);
        break;
      case 'size':
      case 'height':
      case 'width':
        ok = scalarOps(attr(upload, key) as number | null, ops);
        break;
      case 'tags':
      case 'smartTags':
      case 'colors': {
        const values =
          key === 'colors'
            ? ((attr(upload, 'colors') ?? []) as Obj[]).map(bucketOf)
            : ((attr(upload, key === 'tags' ? 'tags' : 'smart_tags') ?? []) as string[]);
        const { contains, ...rest } = ops;
        ok = (contains === undefined || contains === null || values.includes(String(contains))) && listOps(values, rest);
        break;
      }
      case 'id':
        ok = idOps(upload.id, ops);
        break;
      case 'alt':
      case 'title':
        ok = textOps(metadata(upload, key, locale), ops);
        break;
      case '_createdAt':
      case '_updatedAt':
        ok = dateTimeOps(attr(upload, key === '_createdAt' ? 'created_at' : 'updated_at'), ops);
        break;
      default: {
        const column = { mimeType: 'mime_type' }[key] ?? key;
        const value = attr(upload, column);
        ok = textOps(typeof value === 'string' ? value : null, ops);
      }
    }
    if (!ok) return false;
  }
  return true;
}

export function orderUploads(uploads: Resource<'upload'>[], orderBy: unknown): Resource<'upload'>[] {
  const keys = (Array.isArray(orderBy) ? orderBy : [orderBy]).filter((k): k is string => typeof k === 'string');
  const read = (upload: Resource<'upload'>, key: string): string | number | null => {
    if (key === 'id') return upload.id;
    if (key === 'resolution') return Number(attr(upload, 'width') ?? 0) * Number(attr(upload, 'height') ?? 0) || null;
    const column = { _createdAt: 'created_at', _updatedAt: 'updated_at', mimeType: 'mime_type' }[key] ?? key;
    return (attr(upload, column) as string | number | null) ?? null;
  };
  const rows = uploads.map((upload, index) => ({ upload, index }));
  rows.sort((a, b) => {
    for (const key of keys) {
      const cut = key.lastIndexOf('_');
      const desc = key.slice(cut + 1) === 'DESC';
      const [x, y] = [read(a.upload, key.slice(0, cut)), read(b.upload, key.slice(0, cut))];
      if (x === y) continue;
      if (x === null) return desc ? -1 : 1;
      if (y === null) return desc ? 1 : -1;
      return (x < y ? -1 : 1) * (desc ? -1 : 1);
    }
    return a.index - b.index;
  });
  return rows.map((r) => r.upload);
}
