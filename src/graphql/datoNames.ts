// The way between the delivery API's GraphQL names and the project's models and fields: a model `blog_post` is the
// type `BlogPostRecord` (and `BlogPostModelFilter`, `BlogPostModelOrderBy`, `BlogPostModel<Field>Field…`), a field
// `cover_image` is `coverImage` (and `_allCoverImageLocales` when localized, `coverImage_ASC` in an order). Built
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
  /** model prefixes (`BlogPost`), longest first, for the types derived from a model's name */
  readonly #prefixes: DatoModel[];

  constructor(models: readonly Resource<'item_type'>[], fieldsOf: (modelId: string) => readonly Resource<'field'>[] | undefined) {
    for (const resource of models) {
      const apiKey = Model.givenApiKey(resource);
      if (apiKey === undefined) continue;
      const pascal = pascalCase(apiKey);
      const model: DatoModel = {
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
      for (const field of fieldsOf(resource.id) ?? []) {
        const fieldKey = Field.givenApiKey(field);
        if (fieldKey === undefined) continue;
        const entry: DatoField = {
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
        model.fields.set(entry.graphqlName, entry);
      }
      this.#byType.set(model.typeName, model);
      this.#byApiKey.set(apiKey, model);
    }
    this.#prefixes = [...this.#byType.values()].sort((a, b) => b.pascal.length - a.pascal.length);
  }

  modelByApiKey(apiKey: string): DatoModel | undefined {
    return this.#byApiKey.get(apiKey);
  }

  /**
   * The model a GraphQL type name stands for: its record type, or a type made for it (`<Model>ModelFilter`,
   * `<Model>ModelOrderBy`, `<Model>Model<Field>Field…`, `<Model>WorkflowStage…`).
   */
  modelOfType(typeName: string): DatoModel | undefined {
    const record = this.#byType.get(typeName);
    if (record) return record;
    // the longest model name first: `PostModelXRecord` belongs to `post_model_x`, not to `post`
    return this.#prefixes.find(
      (m) => (typeName.startsWith(`${m.pascal}Model`) && !typeName.endsWith('Record')) || typeName.startsWith(`${m.pascal}WorkflowStage`),
    );
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
}
