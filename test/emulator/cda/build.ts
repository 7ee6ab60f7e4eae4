// One schema under construction: its options, its named types (each made once) and the types every
// project's schema shares (media, SEO, colours, site, meta). Record types are in record-types.ts.
import {
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputObjectType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';
import type { CdaContext } from './context.js';
import { cost } from './cost.js';
import {
  assetMetadata,
  assetUrl,
  blurUpThumb,
  colorValue,
  focalPoint,
  responsiveImage,
  videoOf,
  type AssetView,
  type VideoValue,
} from './assets.js';
import { imgixParamsType } from './imgix.js';
import type { ModelInfo } from './model-info.js';
import { localeEnumValue } from './naming.js';
import { BooleanType, CustomData, DateTime, FloatType, IntType, MetaTagAttributes, UploadId } from './scalars.js';

export interface BuildOptions {
  /** X-Exclude-Invalid: required fields become non-null, validated files get narrowed types */
  strict: boolean;
  /** X-Include-Drafts: `_publishedAt`/`_firstPublishedAt` may be null */
  drafts: boolean;
  locales: string[];
  /** the site's opt-in that adds `inlineBlocks` to structured text */
  inlineBlocks: boolean;
}

type Obj = Record<string, unknown>;
export const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type);
export const listOf = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));

export const LOCALE_DESCRIPTION = "The locale to use to fetch the field's content";

/** A file field's narrowed type in strict mode: image/video validated, alt/title required. */
export interface FileVariant {
  image: boolean;
  video: boolean;
  alt: boolean;
  title: boolean;
}

export class Build {
  private readonly named = new Map<string, GraphQLNamedType>();

  constructor(
    readonly options: BuildOptions,
    readonly models: Map<string, ModelInfo>,
  ) {}

  once<T extends GraphQLNamedType>(name: string, make: () => T): T {
    let type = this.named.get(name) as T | undefined;
    if (!type) {
      type = make();
      this.named.set(name, type);
    }
    return type;
  }

  siteLocale(): GraphQLEnumType {
    return this.once(
      'SiteLocale',
      () =>
        new GraphQLEnumType({
          name: 'SiteLocale',
          values: Object.fromEntries(this.options.locales.map((l) => [localeEnumValue(l), { value: localeEnumValue(l) }])),
        }),
    );
  }

  linkingLocale(): GraphQLEnumType {
    return this.once(
      'LinkingLocale',
      () =>
        new GraphQLEnumType({
          name: 'LinkingLocale',
          values: Object.fromEntries([...this.options.locales.map(localeEnumValue), '_nonLocalized'].map((l) => [l, { value: l }])),
        }),
    );
  }

  localeArgs(withFallbacks = true): GraphQLFieldConfigArgumentMap {
    const args: GraphQLFieldConfigArgumentMap = { locale: { type: this.siteLocale(), description: LOCALE_DESCRIPTION } };
    if (withFallbacks) args.fallbackLocales = { type: new GraphQLList(new GraphQLNonNull(this.siteLocale())) };
    return args;
  }

  itemStatus(): GraphQLEnumType {
    return this.once(
      'ItemStatus',
      () =>
        new GraphQLEnumType({
          name: 'ItemStatus',
          values: { draft: { value: 'draft' }, updated: { value: 'updated' }, published: { value: 'published' } },
        }),
    );
  }

  imgixParams(): GraphQLInputObjectType {
    return this.once('ImgixParams', imgixParamsType);
  }

  tag(): GraphQLObjectType {
    return this.once(
      'Tag',
      () =>
        new GraphQLObjectType({
          name: 'Tag',
          fields: { attributes: { type: MetaTagAttributes }, content: { type: GraphQLString }, tag: { type: nonNull(GraphQLString) } },
        }),
    );
  }

  collectionMetadata(): GraphQLObjectType {
    return this.once(
      'CollectionMetadata',
      () => new GraphQLObjectType({ name: 'CollectionMetadata', fields: { count: { type: nonNull(IntType) } } }),
    );
  }

  colorField(): GraphQLObjectType {
    return this.once('ColorField', () => {
      const int = { type: nonNull(IntType) };
      return new GraphQLObjectType({
        name: 'ColorField',
        fields: {
          alpha: int,
          blue: int,
          cssRgb: { type: nonNull(GraphQLString) },
          green: int,
          hex: { type: nonNull(GraphQLString) },
          red: int,
        },
      });
    });
  }

  latLonField(): GraphQLObjectType {
    return this.once(
      'LatLonField',
      () =>
        new GraphQLObjectType({
          name: 'LatLonField',
          fields: { latitude: { type: nonNull(FloatType) }, longitude: { type: nonNull(FloatType) } },
        }),
    );
  }

  videoField(): GraphQLObjectType {
    return this.once('VideoField', () => {
      const text = { type: nonNull(GraphQLString) };
      return new GraphQLObjectType({
        name: 'VideoField',
        fields: {
          height: { type: nonNull(IntType) },
          provider: text,
          providerUid: text,
          thumbnailUrl: text,
          title: text,
          url: text,
          width: { type: nonNull(IntType) },
        },
      });
    });
  }

  seoField(): GraphQLObjectType {
    return this.once(
      'SeoField',
      () =>
        new GraphQLObjectType({
          name: 'SeoField',
          fields: () => ({
            description: { type: GraphQLString },
            image: { type: this.fileField(), extensions: cost('seoImage'), resolve: (seo: { image: AssetView | null }) => seo.image },
            noIndex: { type: BooleanType },
            title: { type: GraphQLString },
            twitterCard: { type: GraphQLString },
          }),
        }),
    );
  }

  focalPoint(): GraphQLObjectType {
    return this.once(
      'focalPoint',
      () => new GraphQLObjectType({ name: 'focalPoint', fields: { x: { type: nonNull(FloatType) }, y: { type: nonNull(FloatType) } } }),
    );
  }

  responsiveImage(): GraphQLObjectType {
    return this.once('ResponsiveImage', () => {
      const text = { type: nonNull(GraphQLString) };
      return new GraphQLObjectType({
        name: 'ResponsiveImage',
        fields: {
          alt: { type: GraphQLString },
          aspectRatio: { type: nonNull(FloatType) },
          base64: { type: GraphQLString },
          bgColor: { type: GraphQLString },
          height: { type: nonNull(IntType) },
          sizes: text,
          src: text,
          srcSet: text,
          title: { type: GraphQLString },
          webpSrcSet: text,
          width: { type: nonNull(IntType) },
        },
      });
    });
  }

  private blurUpThumbArgs(): GraphQLFieldConfigArgumentMap {
    return {
      punch: { type: nonNull(GraphQLFloat), defaultValue: 1 },
      size: { type: nonNull(GraphQLInt), defaultValue: 24 },
      quality: { type: nonNull(GraphQLInt), defaultValue: 70 },
      imgixParams: { type: this.imgixParams() },
    };
  }

  uploadVideoField(): GraphQLObjectType {
    return this.once('UploadVideoField', () => {
      const mp4Res = this.once(
        'VideoMp4Res',
        () =>
          new GraphQLEnumType({
            name: 'VideoMp4Res',
            values: { low: { value: 'low' }, medium: { value: 'medium' }, high: { value: 'high' } },
          }),
      );
      const thumbFormat = this.once(
        'MuxThumbnailFormatType',
        () =>
          new GraphQLEnumType({
            name: 'MuxThumbnailFormatType',
            values: { jpg: { value: 'jpg' }, png: { value: 'png' }, gif: { value: 'gif' } },
          }),
      );
      const meta = (key: string) => (video: VideoValue, args: Obj, ctx: CdaContext) => assetMetadata(ctx, video.view, key, args);
      return new GraphQLObjectType<VideoValue, CdaContext>({
        name: 'UploadVideoField',
        fields: {
          alt: { type: GraphQLString, args: this.localeArgs(), resolve: meta('alt') },
          blurUpThumb: {
            type: GraphQLString,
            args: this.blurUpThumbArgs(),
            extensions: cost('blurUp'),
            resolve: (video) => blurUpThumb(video.view),
          },
          blurhash: { type: GraphQLString },
          duration: { type: GraphQLInt },
          framerate: { type: GraphQLInt },
          height: { type: nonNull(IntType) },
          mp4Url: {
            type: GraphQLString,
            args: { res: { type: mp4Res }, exactRes: { type: mp4Res } },
            resolve: (video, args: Obj) => video.mp4Url(args),
          },
          muxAssetId: { type: nonNull(GraphQLString) },
          muxPlaybackId: { type: nonNull(GraphQLString) },
          streamingUrl: { type: nonNull(GraphQLString) },
          thumbhash: { type: GraphQLString },
          thumbnailUrl: {
            type: nonNull(GraphQLString),
            args: { format: { type: thumbFormat, defaultValue: 'jpg' } },
            resolve: (video, args: Obj) => video.thumbnailUrl(args),
          },
          title: { type: GraphQLString, args: this.localeArgs(), resolve: meta('title') },
          width: { type: nonNull(IntType) },
        },
      });
    });
  }

  /** The fields of FileFieldInterface and of every file type; `variant` makes some of them non-null. */
  private fileFields(variant: FileVariant): GraphQLFieldConfigMap<AssetView, CdaContext> {
    const attr = (name: string) => (view: AssetView) => view.upload.attributes[name] ?? null;
    const maybe = <T extends GraphQLOutputType>(type: T, required: boolean) => (required ? nonNull(type) : type);
    const meta = (key: string) => (view: AssetView, args: Obj, ctx: CdaContext) => assetMetadata(ctx, view, key, args);
    const dimensions = variant.image || variant.video;
    return {
      _createdAt: { type: nonNull(DateTime), resolve: attr('created_at') },
      _editingUrl: {
        type: GraphQLString,
        description: 'To use this field, you need to set a X-Base-Editing-Url header in the request',
        resolve: (view, _args, ctx) =>
          ctx.baseEditingUrl ? `${ctx.baseEditingUrl.replace(/\/+$/, '')}/media/assets/${view.upload.id}` : null,
      },
      _updatedAt: { type: nonNull(DateTime), resolve: attr('updated_at') },
      alt: { type: maybe(GraphQLString, variant.alt), args: this.localeArgs(), resolve: meta('alt') },
      author: { type: GraphQLString, resolve: attr('author') },
      basename: { type: nonNull(GraphQLString), resolve: attr('basename') },
      blurUpThumb: { type: GraphQLString, args: this.blurUpThumbArgs(), extensions: cost('blurUp'), resolve: (view) => blurUpThumb(view) },
      blurhash: { type: GraphQLString, resolve: attr('blurhash') },
      colors: {
        type: listOf(this.colorField()),
        resolve: (view) => ((view.upload.attributes.colors as Obj[] | undefined) ?? []).map(colorValue),
      },
      copyright: { type: GraphQLString, resolve: attr('copyright') },
      customData: { type: nonNull(CustomData), args: this.localeArgs(), resolve: meta('custom_data') },
      exifInfo: { type: nonNull(CustomData), resolve: (view) => view.upload.attributes.exif_info ?? {} },
      filename: { type: nonNull(GraphQLString), resolve: attr('filename') },
      focalPoint: {
        type: maybe(this.focalPoint(), variant.image),
        args: this.localeArgs(),
        resolve: (view, args, ctx) => focalPoint(ctx, view, args),
      },
      format: { type: nonNull(GraphQLString), resolve: attr('format') },
      height: { type: maybe(IntType, dimensions), resolve: attr('height') },
      id: { type: nonNull(UploadId), resolve: (view) => view.upload.id },
      md5: { type: nonNull(GraphQLString), resolve: attr('md5') },
      mimeType: { type: nonNull(GraphQLString), resolve: attr('mime_type') },
      notes: { type: GraphQLString, resolve: attr('notes') },
      responsiveImage: {
        type: maybe(this.responsiveImage(), variant.image),
        args: { imgixParams: { type: this.imgixParams() }, sizes: { type: GraphQLString }, ...this.localeArgs() },
        extensions: cost('responsive'),
        resolve: (view, args, ctx) => responsiveImage(ctx, view, args),
      },
      size: { type: nonNull(IntType), resolve: attr('size') },
      smartTags: { type: listOf(GraphQLString), resolve: (view) => view.upload.attributes.smart_tags ?? [] },
      tags: { type: listOf(GraphQLString), resolve: (view) => view.upload.attributes.tags ?? [] },
      thumbhash: { type: GraphQLString, resolve: attr('thumbhash') },
      title: { type: maybe(GraphQLString, variant.title), args: this.localeArgs(), resolve: meta('title') },
      url: {
        type: nonNull(GraphQLString),
        args: { imgixParams: { type: this.imgixParams() } },
        resolve: (view, args) => assetUrl(view, args.imgixParams as Obj | null),
      },
      video: { type: maybe(this.uploadVideoField(), variant.video), resolve: (view) => videoOf(view) },
      width: { type: maybe(IntType, dimensions), resolve: attr('width') },
    };
  }

  fileInterface(): GraphQLInterfaceType {
    return this.once(
      'FileFieldInterface',
      () =>
        new GraphQLInterfaceType({
          name: 'FileFieldInterface',
          fields: () => this.fileFields({ image: false, video: false, alt: false, title: false }),
        }),
    );
  }

  /** FileField, or in strict mode a narrowed variant: ImageFileField, VideoFileField, AltFileField… */
  fileField(variant: FileVariant = { image: false, video: false, alt: false, title: false }): GraphQLObjectType {
    const name = `${variant.image ? 'Image' : variant.video ? 'Video' : ''}${variant.alt ? 'Alt' : ''}${variant.title ? 'Title' : ''}FileField`;
    return this.once(
      name,
      () =>
        new GraphQLObjectType({
          name,
          interfaces: () => [this.fileInterface()],
          fields: () => this.fileFields(variant) as GraphQLFieldConfigMap<unknown, CdaContext>,
        }),
    );
  }
}
