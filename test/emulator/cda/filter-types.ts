// Filter inputs and order enums: one filter type per field type, `<Model>ModelFilter` (meta filters
// first in the API's order, then the fields alphabetically, then OR, AND), `<Model>ModelOrderBy`, and the
// deep filters of block fields.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import type { Build } from './build.js';
import type { FieldInfo, ModelInfo } from './model-info.js';
import { inSchema } from './model-info.js';
import { pascalCase } from './naming.js';
import { BooleanType, DateScalar, DateTime, FloatType, IntType, ItemId, UploadId } from './scalars.js';

const list = (type: GraphQLInputType) => new GraphQLList(type);
const listNonNull = (type: GraphQLInputType) => new GraphQLList(new GraphQLNonNull(type));

/** Filter types whose members are conditions (each counts as one filter in the complexity). */
export const CONTAINER_FILTERS = new WeakSet<GraphQLInputObjectType>();

export class FilterTypes {
  constructor(private readonly build: Build) {}

  private input(name: string, fields: () => GraphQLInputFieldConfigMap, container = false): GraphQLInputObjectType {
    return this.build.once(name, () => {
      const type = new GraphQLInputObjectType({ name, fields });
      if (container) CONTAINER_FILTERS.add(type);
      return type;
    });
  }

  private ops(name: string, spec: [string, GraphQLInputType][]): GraphQLInputObjectType {
    return this.input(name, () => Object.fromEntries(spec.map(([op, type]) => [op, { type }])));
  }

  private deprecatedExists(name: string, ops: [string, GraphQLInputType][]): GraphQLInputObjectType {
    // `exists` on text filters is deprecated in favour of isBlank/isPresent, in its description only: the API does
    // not mark it deprecated, so the standard introspection query (which leaves deprecated input fields out) lists it.
    return this.input(name, () => ({
      ...Object.fromEntries(ops.map(([op, type]) => [op, { type }])),
      exists: {
        type: BooleanType,
        description: 'Filter records with the specified field defined (i.e. with any value) or not [DEPRECATED]',
      },
    }));
  }

  matches(): GraphQLInputObjectType {
    return this.input('StringMatchesFilter', () => ({
      pattern: { type: new GraphQLNonNull(GraphQLString) },
      caseSensitive: { type: BooleanType, defaultValue: false },
      regexp: { type: BooleanType, defaultValue: true },
    }));
  }

  private textOps(): [string, GraphQLInputType][] {
    return [
      ['matches', this.matches()],
      ['notMatches', this.matches()],
      ['isBlank', BooleanType],
      ['isPresent', BooleanType],
    ];
  }

  private range(scalar: GraphQLInputType, order: 'exists-first' | 'exists-last'): [string, GraphQLInputType][] {
    const cmp: [string, GraphQLInputType][] = [
      ['gt', scalar],
      ['lt', scalar],
      ['gte', scalar],
      ['lte', scalar],
    ];
    return order === 'exists-first'
      ? [...cmp, ['exists', BooleanType], ['eq', scalar], ['neq', scalar]]
      : [...cmp, ['eq', scalar], ['neq', scalar], ['exists', BooleanType]];
  }

  booleanFilter = () => this.ops('BooleanFilter', [['eq', BooleanType]]);
  createdAt = () => this.ops('CreatedAtFilter', this.range(DateTime, 'exists-last'));
  updatedAt = () => this.ops('UpdatedAtFilter', this.range(DateTime, 'exists-last'));
  publishedAt = () => this.ops('PublishedAtFilter', this.range(DateTime, 'exists-last'));
  itemId = () =>
    this.ops('ItemIdFilter', [
      ['eq', ItemId],
      ['neq', ItemId],
      ['in', list(ItemId)],
      ['notIn', list(ItemId)],
    ]);
  status = () =>
    this.ops('StatusFilter', [
      ['eq', this.build.itemStatus()],
      ['neq', this.build.itemStatus()],
      ['in', list(this.build.itemStatus())],
      ['notIn', list(this.build.itemStatus())],
    ]);
  parent = () =>
    this.ops('ParentFilter', [
      ['eq', ItemId],
      ['exists', BooleanType],
    ]);
  position = () =>
    this.ops(
      'PositionFilter',
      this.range(IntType, 'exists-first').filter(([op]) => op !== 'exists'),
    );
  locales = () =>
    this.ops('LocalesFilter', [
      ['allIn', listNonNull(this.build.siteLocale())],
      ['anyIn', listNonNull(this.build.siteLocale())],
      ['notIn', listNonNull(this.build.siteLocale())],
    ]);

  /** The filter input of a field type; undefined when the field cannot be filtered on. */
  forField(model: ModelInfo, field: FieldInfo): GraphQLInputObjectType | undefined {
    if (field.apiKey === 'created_at' && field.fieldType === 'date_time') return this.createdAt();
    if (field.apiKey === 'updated_at' && field.fieldType === 'date_time') return this.updatedAt();
    const exists: [string, GraphQLInputType][] = [['exists', BooleanType]];
    switch (field.fieldType) {
      case 'string':
        return this.deprecatedExists('StringFilter', [
          ...this.textOps(),
          ['eq', GraphQLString],
          ['neq', GraphQLString],
          ['in', list(GraphQLString)],
          ['notIn', list(GraphQLString)],
        ]);
      case 'text':
        return this.deprecatedExists('TextFilter', this.textOps());
      case 'structured_text':
        return field.deepFiltering && this.blockModels(field).length
          ? this.structuredTextDeep(model, field)
          : this.deprecatedExists('StructuredTextFilter', this.textOps());
      case 'slug':
        return this.ops('SlugFilter', [
          ['eq', GraphQLString],
          ['neq', GraphQLString],
          ['in', list(GraphQLString)],
          ['notIn', list(GraphQLString)],
        ]);
      case 'integer':
        return this.ops('IntegerFilter', this.range(IntType, 'exists-first'));
      case 'float':
        return this.ops('FloatFilter', this.range(FloatType, 'exists-first'));
      case 'boolean':
        return this.booleanFilter();
      case 'date':
        return this.ops('DateFilter', this.range(DateScalar, 'exists-first'));
      case 'date_time':
        return this.ops('DateTimeFilter', this.range(DateTime, 'exists-last'));
      case 'link':
        return this.ops('LinkFilter', [['eq', ItemId], ['neq', ItemId], ['in', list(ItemId)], ['notIn', list(ItemId)], ...exists]);
      case 'links':
        return this.ops('LinksFilter', [
          ['eq', list(ItemId)],
          ['allIn', list(ItemId)],
          ['anyIn', list(ItemId)],
          ['notIn', list(ItemId)],
          ...exists,
        ]);
      case 'file':
        return this.ops('FileFilter', [['eq', UploadId], ['neq', UploadId], ['in', list(UploadId)], ['notIn', list(UploadId)], ...exists]);
      case 'gallery':
        return this.ops('GalleryFilter', [
          ['eq', list(UploadId)],
          ['allIn', list(UploadId)],
          ['anyIn', list(UploadId)],
          ['notIn', list(UploadId)],
          ...exists,
        ]);
      case 'lat_lon': {
        const near = this.input('LatLonNearFilter', () => ({
          latitude: { type: new GraphQLNonNull(FloatType) },
          longitude: { type: new GraphQLNonNull(FloatType) },
          radius: { type: new GraphQLNonNull(FloatType) },
        }));
        return this.ops('LatLonFilter', [['near', near], ...exists]);
      }
      case 'color':
        return this.ops('ColorFilter', exists);
      case 'json':
        return this.ops('JsonFilter', exists);
      case 'seo':
        return this.ops('SeoFilter', exists);
      case 'video':
        return this.ops('VideoFilter', exists);
      case 'rich_text':
      case 'single_block':
        return field.deepFiltering && this.blockModels(field).length
          ? this.blocksFilter(`${model.names.pascal}Model${field.pascal}Field`, field)
          : undefined;
      default:
        return undefined;
    }
  }

  private blockModels(field: FieldInfo): ModelInfo[] {
    return field.blocks.map((id) => this.build.models.get(id)).filter(inSchema);
  }

  /** `{any, exists, containsAny}` over the field's block models (deep filtering). */
  private blocksFilter(prefix: string, field: FieldInfo, name = `${prefix}Filter`): GraphQLInputObjectType {
    const blocks = this.blockModels(field);
    const conditions = this.input(
      `${prefix}BlocksConditions`,
      () => Object.fromEntries(blocks.map((b) => [b.names.single, { type: this.modelFilter(b) }])),
      true,
    );
    const presence = this.input(`${prefix}BlocksPresence`, () =>
      Object.fromEntries(blocks.map((b) => [b.names.single, { type: BooleanType }])),
    );
    return this.input(name, () => ({ any: { type: conditions }, exists: { type: BooleanType }, containsAny: { type: presence } }), true);
  }

  private structuredTextDeep(model: ModelInfo, field: FieldInfo): GraphQLInputObjectType {
    const prefix = `${model.names.pascal}Model${field.pascal}Field`;
    const text = this.deprecatedExists('StructuredTextFilter', this.textOps());
    return this.input(
      `${prefix}Filter`,
      () => ({ value: { type: text }, blocks: { type: this.blocksFilter(prefix, field, `${prefix}BlocksFilter`) } }),
      true,
    );
  }

  /** `<Model>ModelFilter`; a block model's is reduced to `id`, its fields, OR and AND. */
  modelFilter(model: ModelInfo): GraphQLInputObjectType {
    const name = `${model.names.pascal}ModelFilter`;
    return this.input(
      name,
      () => {
        const fields: GraphQLInputFieldConfigMap = {};
        const custom = (apiKey: string) => model.fields.find((f) => f.apiKey === apiKey && f.fieldType === 'date_time');
        const self = this.modelFilter(model);
        if (model.block) fields.id = { type: this.itemId() };
        else {
          fields._createdAt = { type: this.createdAt() };
          if (custom('created_at')) fields.createdAt = { type: this.createdAt() };
          fields.id = { type: this.itemId() };
          fields._firstPublishedAt = { type: this.publishedAt() };
          if (model.tree) fields.parent = { type: this.parent() };
          if (model.tree || model.sortable) fields.position = { type: this.position() };
          fields._publicationScheduledAt = { type: this.publishedAt() };
          fields._unpublishingScheduledAt = { type: this.publishedAt() };
          fields._publishedAt = { type: this.publishedAt() };
          fields._status = { type: this.status() };
          fields._updatedAt = { type: this.updatedAt() };
          if (custom('updated_at')) fields.updatedAt = { type: this.updatedAt() };
          fields._isValid = { type: this.booleanFilter() };
          if (hasLocalesMeta(model)) fields._locales = { type: this.locales() };
          if (model.stages) fields._stage = { type: this.stageFilter(model) };
        }
        const userFields = model.fields
          .filter((f) => !(['created_at', 'updated_at'].includes(f.apiKey) && f.fieldType === 'date_time'))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const field of userFields) {
          const type = this.forField(model, field);
          if (type) fields[field.name] = { type };
        }
        fields.OR = { type: list(self) };
        fields.AND = { type: list(self) };
        return fields;
      },
      true,
    );
  }

  /** `<Workflow>WorkflowStage`: named after the model's workflow, so models in one workflow share it. */
  stageEnum(model: ModelInfo): GraphQLEnumType {
    const name = `${pascalCase(model.workflow ?? model.apiKey)}WorkflowStage`;
    return this.build.once(
      name,
      () => new GraphQLEnumType({ name, values: Object.fromEntries((model.stages ?? []).map((s) => [s, { value: s }])) }),
    );
  }

  private stageFilter(model: ModelInfo): GraphQLInputObjectType {
    const stage = this.stageEnum(model);
    return this.ops(`${stage.name}Filter`, [
      ['eq', stage],
      ['neq', stage],
      ['in', listNonNull(stage)],
      ['notIn', listNonNull(stage)],
    ]);
  }

  /** `<Model>ModelOrderBy`: meta columns in the API's order, then the orderable fields alphabetically. */
  orderBy(model: ModelInfo): GraphQLEnumType {
    const name = `${model.names.pascal}ModelOrderBy`;
    return this.build.once(name, () => {
      const custom = (apiKey: string) => model.fields.some((f) => f.apiKey === apiKey && f.fieldType === 'date_time');
      const keys = ['_createdAt'];
      if (custom('created_at')) keys.push('createdAt');
      keys.push('id', '_firstPublishedAt');
      if (model.tree || model.sortable) keys.push('position');
      keys.push('_publicationScheduledAt', '_unpublishingScheduledAt', '_publishedAt', '_status', '_updatedAt');
      if (custom('updated_at')) keys.push('updatedAt');
      keys.push('_isValid');
      const orderable = new Set(['string', 'text', 'integer', 'float', 'boolean', 'date', 'date_time']);
      const fields = model.fields
        .filter((f) => orderable.has(f.fieldType) && !(['created_at', 'updated_at'].includes(f.apiKey) && f.fieldType === 'date_time'))
        .map((f) => f.name)
        .sort();
      const values: Record<string, { value: string }> = {};
      for (const key of [...keys, ...fields]) for (const dir of ['ASC', 'DESC']) values[`${key}_${dir}`] = { value: `${key}_${dir}` };
      return new GraphQLEnumType({ name, values });
    });
  }
}

/** Records of a model with localized fields that need not have every locale say which locales they have. */
export function hasLocalesMeta(model: ModelInfo): boolean {
  return !model.block && !model.allLocalesRequired && model.fields.some((f) => f.localized);
}
