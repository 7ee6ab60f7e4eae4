// The fields inverse relationships add to a target model's records: `_allReferencing<Sources>` and
// `_allReferencing<Sources>Meta`, with the `through` filter between the two models.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLObjectType,
} from 'graphql';
import { listOf, nonNull, type Build } from './build.js';
import { matchingRecords, page } from './collection.js';
import type { CdaContext, RecordView } from './context.js';
import { cost } from './cost.js';
import type { FilterTypes } from './filter-types.js';
import { referencesThrough, type ReferencePath } from './inverse.js';
import type { ModelInfo } from './model-info.js';
import { served } from './records.js';

type Obj = Record<string, unknown>;
type FieldMap = GraphQLFieldConfigMap<RecordView, CdaContext>;

/** What the inverse fields need from the record types being built. */
export interface RecordTypeSource {
  recordType(model: ModelInfo): GraphQLObjectType;
  pagingArgs(model: ModelInfo): GraphQLFieldConfigArgumentMap;
}

/** `_allReferencing<Sources>` and its `Meta`, with the `through` filter between the two models. */
export function inverseFields(
  build: Build,
  filters: FilterTypes,
  records: RecordTypeSource,
  target: ModelInfo,
  source: ModelInfo,
  paths: ReferencePath[],
): FieldMap {
  const between = `${source.names.pascal}And${target.names.pascal}`;
  const pathsEnum = build.once(
    `${source.names.pascal}ModelFieldsReferencing${target.names.pascal}Model`,
    () =>
      new GraphQLEnumType({
        name: `${source.names.pascal}ModelFieldsReferencing${target.names.pascal}Model`,
        values: Object.fromEntries(paths.map((p) => [p.value, { value: p.value }])),
      }),
  );
  const enumList = new GraphQLList(new GraphQLNonNull(pathsEnum));
  const fieldsFilter = build.once(
    `InverseRelationshipFieldFilterBetween${between}`,
    () =>
      new GraphQLInputObjectType({
        name: `InverseRelationshipFieldFilterBetween${between}`,
        fields: { anyIn: { type: enumList }, notIn: { type: enumList } },
      }),
  );
  const localesList = () => new GraphQLList(new GraphQLNonNull(build.linkingLocale()));
  const localesFilter = build.once(
    'LinkingLocalesFilter',
    () =>
      new GraphQLInputObjectType({
        name: 'LinkingLocalesFilter',
        fields: () => ({ anyIn: { type: localesList() }, notIn: { type: localesList() } }),
      }),
  );
  const through = build.once(
    `InverseRelationshipFilterBetween${between}`,
    () =>
      new GraphQLInputObjectType({
        name: `InverseRelationshipFilterBetween${between}`,
        fields: { fields: { type: fieldsFilter }, locales: { type: localesFilter } },
      }),
  );
  const matching = (view: RecordView, args: Obj, ctx: CdaContext) =>
    matchingRecords(ctx, source, args, view).filter((r) => referencesThrough(ctx, r, view.item.id, paths, args.through as Obj | null));
  const { locale, fallbackLocales } = build.localeArgs();
  const name = `_allReferencing${source.names.pluralPascal}`;
  return {
    [name]: {
      type: listOf(records.recordType(source)),
      description: 'Returns a collection of records',
      args: { through: { type: through }, locale: locale!, fallbackLocales: fallbackLocales!, ...records.pagingArgs(source) },
      extensions: cost('inverse'),
      resolve: (view, args, ctx) => served(ctx, page(matching(view, args, ctx), args)),
    },
    [`${name}Meta`]: {
      type: nonNull(build.collectionMetadata()),
      description: 'Returns meta information regarding a record collection',
      args: { through: { type: through }, locale: locale!, filter: { type: filters.modelFilter(source) } },
      extensions: cost('inverseMeta'),
      resolve: (view, args, ctx) => ({ count: matching(view, args, ctx).length }),
    },
  };
}
