// A record's title as every place shows it (see recordTitle), read through the project's cached schema.
import type { Resource } from '../cma';
import { localesOf, recordTitle, relationshipId } from './resources';

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
