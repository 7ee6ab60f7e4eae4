// Models and block models (item types), their fields and fieldsets.

import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { Resource, UpdateBody } from '../types';
import { getCollection, getOne, putOne, segment } from './shared';

export interface ItemTypesResource {
  list(o?: CallOptions): Promise<Resource<'item_type'>[]>;
  find(idOrApiKey: string, o?: CallOptions): Promise<Resource<'item_type'>>;
  /** runs as a job on DatoCMS's side; resolves when it is done */
  update(idOrApiKey: string, body: UpdateBody<'item_type'>, o?: JobCallOptions): Promise<Resource<'item_type'>>;
}

export interface FieldsResource {
  list(modelIdOrApiKey: string, o?: CallOptions): Promise<Resource<'field'>[]>;
  /** by id, or `<model_api_key>::<field_api_key>` */
  find(idOrModelColonColonField: string, o?: CallOptions): Promise<Resource<'field'>>;
  /** runs as a job on DatoCMS's side; resolves when it is done */
  update(id: string, body: UpdateBody<'field'>, o?: JobCallOptions): Promise<Resource<'field'>>;
}

export interface FieldsetsResource {
  list(modelIdOrApiKey: string, o?: CallOptions): Promise<Resource<'fieldset'>[]>;
}

export function itemTypesResource(requester: Requester): ItemTypesResource {
  return {
    list: (o) => getCollection(requester, '/item-types', 'item_type', o),
    find: (idOrApiKey, o) => getOne(requester, `/item-types/${segment(idOrApiKey)}`, 'item_type', { id: idOrApiKey, apiKey: idOrApiKey }, o),
    update: (idOrApiKey, body, o) => putOne(requester, `/item-types/${segment(idOrApiKey)}`, 'item_type', body, { apiKey: idOrApiKey }, o),
  };
}

export function fieldsResource(requester: Requester): FieldsResource {
  return {
    list: (model, o) => getCollection(requester, `/item-types/${segment(model)}/fields`, 'field', o),
    find: (key, o) => getOne(requester, `/fields/${segment(key)}`, 'field', { id: key, ...fieldApiKeyOf(key) }, o),
    update: (key, body, o) => putOne(requester, `/fields/${segment(key)}`, 'field', body, fieldApiKeyOf(key), o),
  };
}

export function fieldsetsResource(requester: Requester): FieldsetsResource {
  return {
    list: (model, o) => getCollection(requester, `/item-types/${segment(model)}/fieldsets`, 'fieldset', o),
  };
}

/** `article::title` names the field `title` (of the model `article`); a plain id names no api_key. */
function fieldApiKeyOf(key: string): { apiKey?: string } {
  const separator = key.indexOf('::');
  return separator === -1 ? {} : { apiKey: key.slice(separator + 2) };
}
