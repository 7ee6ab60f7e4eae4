// The delivery API's schema for one environment, built with graphql-js from its models and cached per
// (environment, strict mode, drafts) until the models, fields, locales or workflows change.
import {
  GraphQLEnumType,
  GraphQLList,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql';
import type { Resource } from '../../../src/cma/types.js';
import { relId, type EmulatorStore, type EnvironmentData } from '../store.js';
import { workflowsOf } from '../workflows.js';
import { assetView } from './assets.js';
import { Build, listOf, nonNull, type BuildOptions } from './build.js';
import { matchingRecords, page } from './collection.js';
import { localeChoice, tagModel, type CdaContext, type LocaleChoice } from './context.js';
import { cost } from './cost.js';
import { FilterTypes } from './filter-types.js';
import { inSchema, modelInfos, type ModelInfo } from './model-info.js';
import { localeEnumValue } from './naming.js';
import { RecordTypes } from './record-types.js';
import { served, singletonView } from './records.js';
import { BooleanType, IntType } from './scalars.js';
import { faviconTags, globalSeoValue } from './seo.js';
import { orderUploads, uploadFilterType, uploadMatches, uploadOrderByType } from './upload-query.js';

type Obj = Record<string, unknown>;
type QueryFields = GraphQLFieldConfigMap<unknown, CdaContext>;

export interface CdaSchema {
  schema: GraphQLSchema;
  models: Map<string, ModelInfo>;
}

function siteType(build: Build): GraphQLObjectType {
  return build.once('Site', () => {
    const globalSeo = new GraphQLObjectType({
      name: 'GlobalSeoField',
      fields: () => ({
        facebookPageUrl: { type: GraphQLString },
        fallbackSeo: { type: build.seoField() },
        siteName: { type: GraphQLString },
        titleSuffix: { type: GraphQLString },
        twitterAccount: { type: GraphQLString },
      }),
    });
    const favicon = build.once(
      'FaviconType',
      () =>
        new GraphQLEnumType({
          name: 'FaviconType',
          values: { icon: { value: 'icon' }, appleTouchIcon: { value: 'appleTouchIcon' }, msApplication: { value: 'msApplication' } },
        }),
    );
    return new GraphQLObjectType<LocaleChoice, CdaContext>({
      name: 'Site',
      fields: () => ({
        favicon: { type: build.fileField(), resolve: (choice, _a, ctx) => assetView(ctx, ctx.store.site.attributes.favicon, choice) },
        faviconMetaTags: {
          type: listOf(build.tag()),
          args: { variants: { type: new GraphQLList(favicon), defaultValue: ['icon'] } },
          resolve: (_c, args, ctx) => faviconTags(ctx, args.variants),
        },
        globalSeo: { type: globalSeo, args: build.localeArgs(), resolve: (choice, args, ctx) => globalSeoValue(ctx, args, choice) },
        locales: { type: listOf(build.siteLocale()), resolve: (_c, _a, ctx) => ctx.locales.map(localeEnumValue) },
        noIndex: { type: BooleanType, resolve: (_c, _a, ctx) => ctx.store.site.attributes.no_index ?? null },
      }),
    });
  });
}

function modelQueries(build: Build, records: RecordTypes, model: ModelInfo): QueryFields {
  const type = records.recordType(model);
  const locale = build.localeArgs();
  if (model.singleton)
    return {
      [model.names.single]: {
        type,
        description: 'Returns the single instance record',
        args: locale,
        extensions: cost('singleton'),
        resolve: (_root, args: Obj, ctx: CdaContext) => {
          tagModel(ctx, model.id);
          return served(ctx, [singletonView(ctx, model, localeChoice(ctx, args))])[0];
        },
      },
    };
  return {
    [model.names.collection]: {
      type: listOf(type),
      description: 'Returns a collection of records',
      args: { ...locale, ...records.pagingArgs(model) },
      extensions: cost('collection'),
      resolve: (_root, args: Obj, ctx: CdaContext) => {
        tagModel(ctx, model.id);
        return served(ctx, page(matchingRecords(ctx, model, args), args));
      },
    },
    [model.names.single]: {
      type,
      description: 'Returns a specific record',
      args: { ...locale, ...records.filterArgs(model) },
      extensions: cost('single'),
      resolve: (_root, args: Obj, ctx: CdaContext) => {
        tagModel(ctx, model.id);
        return served(ctx, matchingRecords(ctx, model, args).slice(0, 1))[0] ?? null;
      },
    },
    [model.names.meta]: {
      type: nonNull(build.collectionMetadata()),
      description: 'Returns meta information regarding a record collection',
      args: { locale: locale.locale!, filter: records.filterArgs(model).filter! },
      extensions: cost('meta'),
      resolve: (_root, args: Obj, ctx: CdaContext) => {
        tagModel(ctx, model.id);
        return { count: matchingRecords(ctx, model, { ...args, orderBy: undefined }).length };
      },
    },
  };
}

function uploadQueries(build: Build, filters: FilterTypes): QueryFields {
  const file = build.fileField();
  const filter = uploadFilterType(build, filters);
  const orderBy = { type: new GraphQLList(uploadOrderByType(build)), defaultValue: ['_createdAt_DESC'] };
  const matching = (args: Obj, ctx: CdaContext) => {
    const choice = localeChoice(ctx, args);
    const uploads = [...ctx.env.uploads.values()].filter((u) => uploadMatches(ctx, u, args.filter as Obj | null, choice.locale));
    return { choice, uploads: args.orderBy === undefined ? uploads : orderUploads(uploads, args.orderBy) };
  };
  const views = (ctx: CdaContext, uploads: Resource<'upload'>[], choice: LocaleChoice) => uploads.map((u) => assetView(ctx, u.id, choice));
  const uploadsTag = (ctx: CdaContext) => tagModel(ctx, 'uploads');
  return {
    allUploads: {
      type: listOf(file),
      description: 'Returns a collection of assets',
      args: {
        ...build.localeArgs(),
        skip: { type: IntType, description: 'Skip the first results' },
        first: { type: IntType, defaultValue: 20, description: 'Limit the number of results' },
        filter: { type: filter },
        orderBy,
      },
      extensions: cost('collection'),
      resolve: (_root, args: Obj, ctx: CdaContext) => {
        uploadsTag(ctx);
        const { choice, uploads } = matching(args, ctx);
        return views(ctx, page(uploads, args), choice);
      },
    },
    upload: {
      type: file,
      description: 'Returns a specific asset',
      args: { ...build.localeArgs(), filter: { type: filter }, orderBy },
      extensions: cost('single'),
      resolve: (_root, args: Obj, ctx: CdaContext) => {
        uploadsTag(ctx);
        const { choice, uploads } = matching(args, ctx);
        return uploads[0] ? assetView(ctx, uploads[0].id, choice) : null;
      },
    },
    _allUploadsMeta: {
      type: nonNull(build.collectionMetadata()),
      description: 'Returns meta information regarding an assets collection',
      args: { locale: build.localeArgs().locale!, filter: { type: filter } },
      extensions: cost('meta'),
      resolve: (_root, args: Obj, ctx: CdaContext) => {
        uploadsTag(ctx);
        return { count: matching({ ...args, orderBy: undefined }, ctx).uploads.length };
      },
    },
  };
}

export function buildSchema(models: Map<string, ModelInfo>, options: BuildOptions): GraphQLSchema {
  const build = new Build(options, models);
  const filters = new FilterTypes(build);
  const records = new RecordTypes(build, filters);
  const query = new GraphQLObjectType({
    name: 'Query',
    fields: () => {
      const fields: QueryFields = {
        ...uploadQueries(build, filters),
        _site: {
          type: nonNull(siteType(build)),
          description: 'Returns the single instance record',
          args: build.localeArgs(),
          extensions: cost('site'),
          resolve: (_root, args: Obj, ctx: CdaContext) => {
            tagModel(ctx, 'site');
            return localeChoice(ctx, args);
          },
        },
      };
      for (const model of models.values())
        if (!model.block && inSchema(model))
          for (const [name, field] of Object.entries(modelQueries(build, records, model))) fields[name] ??= field;
      return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
  });
  // The API lists its types by name; graphql-js keeps them in the order `types` gives.
  const collected = new GraphQLSchema({ query });
  const types = Object.values(collected.getTypeMap())
    .filter((t: GraphQLNamedType) => !t.name.startsWith('__'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return new GraphQLSchema({ query, types });
}

/** What the schema depends on, to know when to build it again. */
function fingerprint(store: EmulatorStore, env: EnvironmentData): string {
  const site = store.site;
  return JSON.stringify([
    site.attributes.locales,
    (site.meta as Obj).improved_exposure_of_inline_blocks_in_cda,
    [...workflowsOf(store).values()].map((w) => [w.id, w.attributes.stages.map((s) => s.id)]),
    [...env.itemTypes.values()].map((it) => [it.id, it.attributes, relId(it, 'workflow')]),
    [...env.fields.values()].map((f) => {
      const a = f.attributes;
      return [
        f.id,
        relId(f, 'item_type'),
        a.api_key,
        a.field_type,
        a.localized,
        a.validators,
        a.position,
        (a.appearance as Obj | undefined)?.editor,
        a.deep_filtering_enabled,
      ];
    }),
  ]);
}

const cache = new WeakMap<EnvironmentData, Map<string, { fingerprint: string; built: CdaSchema }>>();

export function schemaFor(store: EmulatorStore, env: EnvironmentData, strict: boolean, drafts: boolean): CdaSchema {
  let byMode = cache.get(env);
  if (!byMode) cache.set(env, (byMode = new Map()));
  const key = `${strict}:${drafts}`;
  const print = fingerprint(store, env);
  const hit = byMode.get(key);
  if (hit && hit.fingerprint === print) return hit.built;
  const models = modelInfos(store, env);
  const locales = (store.site.attributes.locales as string[] | undefined) ?? [];
  const inlineBlocks = (store.site.meta as Obj).improved_exposure_of_inline_blocks_in_cda === true;
  const built = { schema: buildSchema(models, { strict, drafts, locales, inlineBlocks }), models };
  byMode.set(key, { fingerprint: print, built });
  return built;
}
