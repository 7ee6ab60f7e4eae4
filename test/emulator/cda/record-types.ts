// Record and block types: `<Model>Record implements RecordInterface`, their meta fields, one field per
// model field (typed per field type, narrowed in strict mode), localized fields' `_all<Field>Locales`,
// tree/sortable/workflow extras and inverse relationships. Object fields are listed alphabetically, as
// the API lists them.
import {
  GraphQLBoolean,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  getNamedType,
  isListType,
  isNonNullType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import { stageOf } from '../workflows.js';
import { listOf, nonNull, type Build } from './build.js';
import { cost, type CostKind } from './cost.js';
import { localeChoice, type CdaContext, type RecordView } from './context.js';
import { fieldValue } from './field-values.js';
import { hasLocalesMeta, type FilterTypes } from './filter-types.js';
import { inverseFields } from './inverse-fields.js';
import { referencingModels } from './inverse.js';
import { editingUrl, metaValue } from './meta.js';
import { inSchema, type FieldInfo, type ModelInfo } from './model-info.js';
import { localeEnumValue } from './naming.js';
import { linkedView, localizedValue, presentLocales, served, visibleRecords } from './records.js';
import { BooleanType, DateScalar, DateTime, FloatType, IntType, ItemId, JsonField } from './scalars.js';
import { seoMetaTags } from './seo.js';

type Obj = Record<string, unknown>;
type FieldMap = GraphQLFieldConfigMap<RecordView, CdaContext>;

const LIST_FIELDS = new Set(['gallery', 'links', 'rich_text']);

function sorted<T>(fields: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function multiLocaleName(type: GraphQLOutputType): string {
  const named = getNamedType(type).name;
  if (isNonNullType(type) && isListType(type.ofType)) return `${named}ListListNonNullMultiLocaleField`;
  return `${named}${isNonNullType(type) ? 'NonNull' : ''}MultiLocaleField`;
}

export class RecordTypes {
  constructor(
    private readonly build: Build,
    private readonly filters: FilterTypes,
  ) {}

  private get strict(): boolean {
    return this.build.options.strict;
  }

  private metaFields(): FieldMap {
    // nullable in every mode, strict and published included (as the API prints them)
    const publishedAt = DateTime;
    const meta = (key: string) => (view: RecordView, _args: Obj, ctx: CdaContext) => metaValue(ctx, view, key);
    return {
      _createdAt: { type: nonNull(DateTime), resolve: meta('_createdAt') },
      _editingUrl: { type: GraphQLString, description: 'Editing URL', resolve: (view, _args, ctx) => editingUrl(ctx, view) },
      _firstPublishedAt: { type: publishedAt, resolve: meta('_firstPublishedAt') },
      _isValid: { type: nonNull(BooleanType), resolve: meta('_isValid') },
      _modelApiKey: { type: nonNull(GraphQLString), resolve: meta('_modelApiKey') },
      _publicationScheduledAt: { type: DateTime, resolve: meta('_publicationScheduledAt') },
      _publishedAt: { type: publishedAt, resolve: meta('_publishedAt') },
      _seoMetaTags: {
        type: listOf(this.build.tag()),
        description: 'Generates SEO and Social card meta tags to be used in your frontend',
        args: this.build.localeArgs(false),
        extensions: cost('seoMeta'),
        resolve: (view, args, ctx) => seoMetaTags(ctx, view, args),
      },
      _status: { type: nonNull(this.build.itemStatus()), resolve: meta('_status') },
      _unpublishingScheduledAt: { type: DateTime, resolve: meta('_unpublishingScheduledAt') },
      _updatedAt: { type: nonNull(DateTime), resolve: meta('_updatedAt') },
      id: { type: nonNull(ItemId), resolve: meta('id') },
    };
  }

  recordInterface(): GraphQLInterfaceType {
    return this.build.once(
      'RecordInterface',
      () =>
        new GraphQLInterfaceType({
          name: 'RecordInterface',
          fields: () => this.metaFields() as GraphQLFieldConfigMap<unknown, CdaContext>,
          resolveType: (view: RecordView) => view.model.names.type,
        }),
    );
  }

  recordType(model: ModelInfo): GraphQLObjectType {
    return this.build.once(
      model.names.type,
      () =>
        new GraphQLObjectType({
          name: model.names.type,
          description: `${model.block ? 'Block' : 'Record'} of type ${model.name} (${model.apiKey})`,
          interfaces: () => [this.recordInterface()],
          fields: () => this.recordFields(model) as GraphQLFieldConfigMap<unknown, CdaContext>,
        }),
    );
  }

  /** A record type when one model is allowed, else the union `name` of the allowed ones; undefined when none is in the schema. */
  private targetType(name: string, ids: string[]): GraphQLOutputType | undefined {
    const models = [...new Set(ids)].map((id) => this.build.models.get(id)).filter(inSchema);
    if (models.length === 0) return undefined;
    if (models.length === 1) return this.recordType(models[0]!);
    return this.build.once(
      name,
      () =>
        new GraphQLUnionType({
          name,
          types: () => models.map((m) => this.recordType(m)).sort((a, b) => (a.name < b.name ? -1 : 1)),
          resolveType: (view: RecordView) => view.model.names.type,
        }),
    );
  }

  private structuredTextType(model: ModelInfo, field: FieldInfo): GraphQLObjectType {
    const prefix = `${model.names.pascal}Model${field.pascal}`;
    return this.build.once(
      `${prefix}Field`,
      () =>
        new GraphQLObjectType({
          name: `${prefix}Field`,
          fields: () => {
            const elements = (suffix: string, ids: string[]) => listOf(this.targetType(`${prefix}${suffix}Field`, ids) ?? GraphQLString);
            const fields: GraphQLFieldConfigMap<unknown, CdaContext> = {
              blocks: { type: elements('Blocks', field.blocks), extensions: cost('list') },
            };
            // only where the field allows inline blocks (and the site exposes them)
            if (this.build.options.inlineBlocks && field.inlineBlocks.length > 0)
              fields.inlineBlocks = { type: elements('InlineBlocks', field.inlineBlocks), extensions: cost('list') };
            fields.links = { type: elements('Links', field.targets), extensions: cost('list') };
            fields.value = { type: nonNull(JsonField), extensions: cost('stValue') };
            return fields;
          },
        }),
    );
  }

  /** The field's output type, null-able unless strict mode and a `required` validator make it non-null. */
  private outputType(model: ModelInfo, field: FieldInfo): GraphQLOutputType | undefined {
    const union = `${model.names.pascal}Model${field.pascal}Field`;
    const extension = field.validators.extension as { predefined_list?: string } | undefined;
    const altTitle = field.validators.required_alt_title as { alt?: boolean; title?: boolean } | undefined;
    const file = () =>
      this.build.fileField({
        image: this.strict && extension?.predefined_list === 'transformable_image',
        video: this.strict && extension?.predefined_list === 'video',
        alt: this.strict && altTitle?.alt === true,
        title: this.strict && altTitle?.title === true,
      });
    let type: GraphQLOutputType | undefined;
    switch (field.fieldType) {
      case 'string':
      case 'text':
      case 'slug':
        type = GraphQLString;
        break;
      case 'integer':
        type = IntType;
        break;
      case 'float':
        type = FloatType;
        break;
      case 'boolean':
        type = BooleanType;
        break;
      case 'date':
        type = DateScalar;
        break;
      case 'date_time':
        type = DateTime;
        break;
      case 'color':
        type = this.build.colorField();
        break;
      case 'lat_lon':
        type = this.build.latLonField();
        break;
      case 'json':
        type = JsonField;
        break;
      case 'seo':
        type = this.build.seoField();
        break;
      case 'video':
        type = this.build.videoField();
        break;
      case 'file':
        type = file();
        break;
      case 'gallery':
        return listOf(file());
      case 'link':
        type = this.targetType(union, field.targets);
        break;
      case 'links': {
        const target = this.targetType(union, field.targets);
        return target && listOf(target);
      }
      case 'rich_text': {
        const target = this.targetType(union, field.blocks);
        return target && listOf(target);
      }
      case 'single_block':
        type = this.targetType(union, field.blocks);
        break;
      case 'structured_text':
        type = this.structuredTextType(model, field);
        break;
    }
    return type && this.strict && field.validators.required ? nonNull(type) : type;
  }

  private costOf(field: FieldInfo): ReturnType<typeof cost> | undefined {
    const kind: CostKind | undefined =
      field.fieldType === 'file'
        ? 'asset'
        : LIST_FIELDS.has(field.fieldType)
          ? 'list'
          : field.fieldType === 'link' || field.fieldType === 'single_block'
            ? 'link'
            : field.fieldType === 'json'
              ? 'json'
              : field.fieldType === 'text'
                ? 'markdown'
                : undefined;
    return kind || field.localized ? cost(kind ?? 'scalar', field.localized) : undefined;
  }

  private fieldArgs(field: FieldInfo, multiLocale = false): GraphQLFieldConfigArgumentMap {
    const args: GraphQLFieldConfigArgumentMap = {};
    if (field.fieldType === 'text' && field.editor === 'markdown')
      args.markdown = { type: GraphQLBoolean, description: 'Process content as markdown' };
    if (field.localized || multiLocale) Object.assign(args, this.build.localeArgs());
    return args;
  }

  private recordFields(model: ModelInfo): FieldMap {
    const fields: FieldMap = this.metaFields();
    for (const field of model.fields) {
      const type = this.outputType(model, field);
      if (!type) continue;
      fields[field.name] = {
        type,
        args: this.fieldArgs(field),
        extensions: this.costOf(field),
        resolve: (view, args, ctx) => {
          const choice = localeChoice(ctx, args, view);
          return fieldValue(ctx, view, field, localizedValue(field, view.attrs, choice), choice, args);
        },
      };
      if (field.localized && !model.block) fields[`_all${field.pascal}Locales`] = this.allLocalesField(field, type);
    }
    if (hasLocalesMeta(model))
      fields._locales = {
        type: listOf(this.build.siteLocale()),
        resolve: (view, _args, ctx) => presentLocales(ctx, view).map(localeEnumValue),
      };
    if (model.stages) {
      const stage = this.filters.stageEnum(model);
      fields._stage = { type: nonNull(stage), resolve: (view, _args, ctx) => stageOf(ctx.store, ctx.env, view.item) };
    }
    if (model.tree || model.sortable) fields.position = { type: IntType, resolve: (view, _args, ctx) => metaValue(ctx, view, 'position') };
    if (model.tree) {
      const self = this.recordType(model);
      fields.parent = {
        type: self,
        extensions: cost('parent'),
        resolve: (view, _a, ctx) => served(ctx, [linkedView(ctx, metaValue(ctx, view, 'parent'), view)])[0],
      };
      fields.children = {
        type: listOf(self),
        extensions: cost('list'),
        resolve: (view, _args, ctx) =>
          served(
            ctx,
            visibleRecords(ctx, model, view)
              .filter((child) => metaValue(ctx, child, 'parent') === view.item.id)
              .sort((a, b) => Number(metaValue(ctx, a, 'position') ?? 0) - Number(metaValue(ctx, b, 'position') ?? 0)),
          ),
      };
    }
    for (const { source, paths } of referencingModels(this.build.models, model))
      Object.assign(fields, inverseFields(this.build, this.filters, this, model, source, paths));
    return sorted(fields);
  }

  private allLocalesField(field: FieldInfo, type: GraphQLOutputType): GraphQLFieldConfig<RecordView, CdaContext> {
    const name = multiLocaleName(type);
    const entry = this.build.once(
      name,
      () => new GraphQLObjectType({ name, fields: { locale: { type: this.build.siteLocale() }, value: { type } } }),
    );
    return {
      type: new GraphQLList(new GraphQLNonNull(entry)),
      args: this.fieldArgs(field, true),
      extensions: cost('allLocales'),
      resolve: (view, args, ctx) => {
        const value = view.attrs[field.apiKey];
        const fallbacks = localeChoice(ctx, args, view).fallbacks;
        const locales = value && typeof value === 'object' ? ctx.locales.filter((l) => l in (value as Obj)) : [];
        return locales.map((locale) => {
          const choice = { locale, fallbacks };
          return {
            locale: localeEnumValue(locale),
            value: fieldValue(ctx, view, field, localizedValue(field, view.attrs, choice), choice, args),
          };
        });
      },
    };
  }

  /** `skip`, `first = 20`, `filter`, `orderBy = [default]` of a collection. */
  pagingArgs(model: ModelInfo): GraphQLFieldConfigArgumentMap {
    return {
      skip: { type: IntType, description: 'Skip the first results' },
      first: { type: IntType, defaultValue: 20, description: 'Limit the number of results' },
      ...this.filterArgs(model),
    };
  }

  filterArgs(model: ModelInfo): GraphQLFieldConfigArgumentMap {
    return {
      filter: { type: this.filters.modelFilter(model) },
      orderBy: {
        type: new GraphQLList(this.filters.orderBy(model)),
        defaultValue: [model.tree || model.sortable ? 'position_ASC' : '_updatedAt_DESC'],
      },
    };
  }
}
