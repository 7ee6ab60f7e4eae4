// A record's title as every place shows it (see recordTitle), read through the project's cached schema.
import type { Resource } from '../cma';
import type { DocumentRef } from './paths';
import { localesOf, recordTitle, relationshipId } from './resources';
import { Field, Fieldset, Model, Webhook } from './views';

/** Where the schema comes from (a project's cached data). */
export interface SchemaSource {
  itemType(idOrApiKey: string): Promise<Resource<'item_type'>>;
  fields(modelId: string): Promise<Resource<'field'>[]>;
  site(): Promise<Resource<'site'>>;
}

/** The record's title, else its id. */
export async function titleOf(data: SchemaSource, record: Resource<'item'>, model?: Resource<'item_type'>): Promise<string> {
  return (await titleReader(data, model ?? (await modelOfRecord(data, record))))?.(record) ?? record.id;
}

/** Reads titles of records of `model` (undefined when the model is unknown), preferring `locale` when given. */
export async function titleReader(
  data: SchemaSource,
  model: Resource<'item_type'> | undefined,
  locale?: string,
): Promise<((record: Resource) => string | undefined) | undefined> {
  if (!model) return undefined;
  const [fields, site] = await Promise.all([data.fields(model.id), data.site()]);
  const locales = locale ? [locale, ...localesOf(site)] : localesOf(site);
  return (record) => recordTitle(record, model, fields, locales);
}

function modelOfRecord(data: SchemaSource, record: Resource<'item'>): Promise<Resource<'item_type'> | undefined> {
  const id = relationshipId(record, 'item_type');
  return id ? data.itemType(id).catch(() => undefined) : Promise.resolve(undefined);
}

/** What the tree calls a document, and so its tab: a model's name, a field's label, a fieldset's title, a record's title. */
export function documentTitle(
  kind: DocumentRef['kind'],
  resource: Resource,
  schema: {
    itemTypes: readonly Resource<'item_type'>[];
    fieldsOf(modelId: string): readonly Resource<'field'>[] | undefined;
    locales: readonly string[];
  },
): string | undefined {
  switch (kind) {
    case 'model':
      return Model.name(resource as Resource<'item_type'>);
    case 'field':
      return Field.label(resource as Resource<'field'>);
    case 'markdown':
      return undefined;
    case 'fieldset':
      return Fieldset.givenTitle(resource as Resource<'fieldset'>);
    case 'webhook':
      return Webhook.givenName(resource as Resource<'webhook'>);
    case 'record': {
      const modelId = relationshipId(resource, 'item_type');
      const model = schema.itemTypes.find((m) => m.id === modelId);
      const fields = model && schema.fieldsOf(model.id);
      return model && fields ? recordTitle(resource, model, fields, schema.locales) : undefined;
    }
    case 'upload':
      return undefined;
  }
}
