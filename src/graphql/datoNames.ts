// The way between the delivery API's GraphQL names and the project's models and fields: a model `blog_post` is the
// type `BlogPostRecord` (and `BlogPostModelFilter`, `BlogPostModelOrderBy`, `BlogPostModel<Field>Field…`), a field
// `cover_image` is `coverImage` (and `_allCoverImageLocales` when localized, `coverImage_ASC` in an order, a step of an
// inverse relationship's path `blogPost_coverImage`). Built
// from the models and fields the extension already has, so a hover or a jump asks nothing of the API. No vscode import.
import type { Resource } from '../cma';
import { Field, Model } from '../domain/views';

export interface DatoModel {
  id: string;
  apiKey: string;
  name: string;
  hint: string | undefined;
  block: boolean;
  singleton: boolean;
  /** `BlogPost` */
  pascal: string;
  /** `BlogPostRecord` */
  typeName: string;
  /** fields by GraphQL name */
  fields: Map<string, DatoField>;
}

export interface DatoField {
  id: string;
  apiKey: string;
  label: string;
  hint: string | undefined;
  fieldType: string;
  localized: boolean;
  validators: Record<string, unknown>;
  /** `coverImage` */
  graphqlName: string;
  model: DatoModel;
}

/** `blog_post` → `BlogPost`, `section_2_column` → `Section2Column`. */
export function pascalCase(apiKey: string): string {
  return apiKey
    .split('_')
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `seo_settings_social` → `seoSettingsSocial`. */
export function camelCase(apiKey: string): string {
  const pascal = pascalCase(apiKey);
  return pascal === '' ? pascal : pascal[0]!.toLowerCase() + pascal.slice(1);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export class DatoNames {
  readonly #byType = new Map<string, DatoModel>();
  readonly #byApiKey = new Map<string, DatoModel>();
  readonly #byId = new Map<string, DatoModel>();
  /** models by their camelCased api_key (`blogPost`), as inverse-relationship paths name them */
  readonly #byCamel = new Map<string, DatoModel>();
  /** model prefixes (`BlogPost`), longest first, for the types derived from a model's name */
  readonly #prefixes: DatoModel[];

  constructor(models: readonly Resource<'item_type'>[], fieldsOf: (modelId: string) => readonly Resource<'field'>[] | undefined) {
    for (const resource of models) {
      const apiKey = Model.givenApiKey(resource);
      if (apiKey === undefined) continue;
      const model = modelOf(resource, apiKey);
      for (const field of fieldsOf(resource.id) ?? []) {
        const entry = fieldOf(field, model);
        if (entry) model.fields.set(entry.graphqlName, entry);
      }
      this.#byType.set(model.typeName, model);
      this.#byApiKey.set(apiKey, model);
      this.#byId.set(model.id, model);
      this.#byCamel.set(camelCase(apiKey), model);
    }
    this.#prefixes = [...this.#byType.values()].sort((a, b) => b.pascal.length - a.pascal.length);
  }

  modelByApiKey(apiKey: string): DatoModel | undefined {
    return this.#byApiKey.get(apiKey);
  }

  modelById(id: string): DatoModel | undefined {
    return this.#byId.get(id);
  }

  models(): IterableIterator<DatoModel> {
    return this.#byId.values();
  }

  /**
   * The model a GraphQL type name stands for: its record type, or a type made for it (`<Model>ModelFilter`,
   * `<Model>ModelOrderBy`, `<Model>Model<Field>Field…`, `<Model>ModelFieldsReferencing<Target>Model`). A workflow's
   * `<Workflow>WorkflowStage` is the workflow's, not a model's.
   */
  modelOfType(typeName: string): DatoModel | undefined {
    const record = this.#byType.get(typeName);
    if (record) return record;
    // the longest model name first: `PostModelXRecord` belongs to `post_model_x`, not to `post`
    return this.#prefixes.find((m) => typeName.startsWith(`${m.pascal}Model`) && !typeName.endsWith('Record'));
  }

  /** The field a type made for one field stands for: `ArticleModelBodyField`, `…BodyBlocksField`, `…BodyFieldFilter`. */
  fieldOfType(typeName: string): DatoField | undefined {
    const model = this.modelOfType(typeName);
    if (!model || typeName === model.typeName) return undefined;
    const rest = typeName.slice(`${model.pascal}Model`.length);
    let best: DatoField | undefined;
    for (const field of model.fields.values()) {
      const pascal = field.graphqlName[0]!.toUpperCase() + field.graphqlName.slice(1);
      const own = rest.startsWith(pascal) && /^(Field|BlocksField|LinksField|InlineBlocksField)/.test(rest.slice(pascal.length));
      if (own && (!best || field.graphqlName.length > best.graphqlName.length)) best = field;
    }
    return best;
  }

  /** The field a GraphQL type's field stands for: on the record type, its filter (`coverImage`), its `_all…Locales`. */
  field(typeName: string, fieldName: string): DatoField | undefined {
    const model = this.modelOfType(typeName);
    if (!model) return undefined;
    if (typeName !== model.typeName && typeName !== `${model.pascal}ModelFilter`) return undefined;
    const direct = model.fields.get(fieldName);
    if (direct) return direct;
    const locales = /^_all(\w+)Locales$/.exec(fieldName);
    const field = locales ? model.fields.get(locales[1]![0]!.toLowerCase() + locales[1]!.slice(1)) : undefined;
    return field?.localized ? field : undefined;
  }

  /** The field an order value sorts by (`<Model>ModelOrderBy.coverImage_ASC`). */
  fieldOfOrder(enumName: string, value: string): DatoField | undefined {
    const model = this.modelOfType(enumName);
    if (!model || enumName !== `${model.pascal}ModelOrderBy`) return undefined;
    return model.fields.get(value.replace(/_(ASC|DESC)$/, ''));
  }

  /**
   * The field that links, named by an inverse relationship's path (`<Source>ModelFieldsReferencing<Target>Model`):
   * `article_author` is article's author; `academyChapter_content__tabsBlock_tabs__tabBlock_author` the author
   * field of the block model tab_block.
   */
  fieldOfPath(enumName: string, value: string): DatoField | undefined {
    if (!/ModelFieldsReferencing\w+Model$/.test(enumName)) return undefined;
    let field: DatoField | undefined;
    for (const step of value.split('__')) {
      const cut = step.indexOf('_');
      const model = cut > 0 ? this.#byCamel.get(step.slice(0, cut)) : undefined;
      field = model?.fields.get(step.slice(cut + 1));
      if (!field) return undefined;
    }
    return field;
  }
}

function modelOf(resource: Resource<'item_type'>, apiKey: string): DatoModel {
  const pascal = pascalCase(apiKey);
  return {
    id: resource.id,
    apiKey,
    name: text(Model.givenName(resource)) ?? apiKey,
    hint: text(Model.hint(resource)),
    block: Model.isBlock(resource),
    singleton: Model.isSingleton(resource),
    pascal,
    typeName: `${pascal}Record`,
    fields: new Map(),
  };
}

function fieldOf(field: Resource<'field'>, model: DatoModel): DatoField | undefined {
  const fieldKey = Field.givenApiKey(field);
  if (fieldKey === undefined) return undefined;
  return {
    id: field.id,
    apiKey: fieldKey,
    label: text(Field.givenLabel(field)) ?? fieldKey,
    hint: text(Field.hint(field)),
    fieldType: Field.type(field),
    localized: Field.isLocalized(field),
    validators: Field.validators(field),
    graphqlName: camelCase(fieldKey),
    model,
  };
}
