// Models and block models (item types), their fields and fieldsets.

import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { CreateBody, Resource, UpdateBody } from '../types';
import { fieldApiKeyOf, getCollection, getOne, putOne, segment } from './shared';
import { methodsOf } from './lifecycle';

export interface ItemTypesResource {
  list(o?: CallOptions): Promise<Resource<'item_type'>[]>;
  find(idOrApiKey: string, o?: CallOptions): Promise<Resource<'item_type'>>;
  /** answered at once; DatoCMS also adds the model to the navigation menu */
  create(body: CreateBody<'item_type'>, o?: CallOptions): Promise<Resource<'item_type'>>;
  /** runs as a job on DatoCMS's side; resolves when it is done */
  update(idOrApiKey: string, body: UpdateBody<'item_type'>, o?: JobCallOptions): Promise<Resource<'item_type'>>;
  /** a job: deletes the model with its fields, fieldsets and records; resolves with the model as it was */
  destroy(idOrApiKey: string, o?: JobCallOptions): Promise<Resource<'item_type'>>;
}

export interface FieldsResource {
  list(modelIdOrApiKey: string, o?: CallOptions): Promise<Resource<'field'>[]>;
  /** by id, or `<model_api_key>::<field_api_key>` */
  find(idOrModelColonColonField: string, o?: CallOptions): Promise<Resource<'field'>>;
  /** runs as a job on DatoCMS's side; resolves with the new field when it is done */
  create(modelIdOrApiKey: string, body: CreateBody<'field'>, o?: JobCallOptions): Promise<Resource<'field'>>;
  /** runs as a job on DatoCMS's side; resolves when it is done */
  update(id: string, body: UpdateBody<'field'>, o?: JobCallOptions): Promise<Resource<'field'>>;
  /** a job: the field's values go from every record of its model; resolves with the field as it was */
  destroy(idOrModelColonColonField: string, o?: JobCallOptions): Promise<Resource<'field'>>;
}

export interface FieldsetsResource {
  list(modelIdOrApiKey: string, o?: CallOptions): Promise<Resource<'fieldset'>[]>;
  find(id: string, o?: CallOptions): Promise<Resource<'fieldset'>>;
  create(modelIdOrApiKey: string, body: CreateBody<'fieldset'>, o?: CallOptions): Promise<Resource<'fieldset'>>;
  update(id: string, body: UpdateBody<'fieldset'>, o?: CallOptions): Promise<Resource<'fieldset'>>;
  /** its fields stay, outside any fieldset; resolves with the fieldset as it was */
  destroy(id: string, o?: CallOptions): Promise<Resource<'fieldset'>>;
}

export function itemTypesResource(requester: Requester): ItemTypesResource {
  return {
    list: (o) => getCollection(requester, '/item-types', 'item_type', o),
    find: (idOrApiKey, o) =>
      getOne(requester, `/item-types/${segment(idOrApiKey)}`, 'item_type', { id: idOrApiKey, apiKey: idOrApiKey }, o),
    update: (idOrApiKey, body, o) => putOne(requester, `/item-types/${segment(idOrApiKey)}`, 'item_type', body, { apiKey: idOrApiKey }, o),
    ...methodsOf(requester, 'itemTypes', ['create', 'destroy']),
  };
}

export function fieldsResource(requester: Requester): FieldsResource {
  return {
    list: (model, o) => getCollection(requester, `/item-types/${segment(model)}/fields`, 'field', o),
    find: (key, o) => getOne(requester, `/fields/${segment(key)}`, 'field', { id: key, ...fieldApiKeyOf(key) }, o),
    update: (key, body, o) => putOne(requester, `/fields/${segment(key)}`, 'field', body, fieldApiKeyOf(key), o),
    ...methodsOf(requester, 'fields', ['create', 'destroy']),
  };
}

export function fieldsetsResource(requester: Requester): FieldsetsResource {
  return {
    list: (model, o) => getCollection(requester, `/item-types/${segment(model)}/fieldsets`, 'fieldset', o),
    ...methodsOf(requester, 'fieldsets', ['find', 'create', 'update', 'destroy']),
  };
}
