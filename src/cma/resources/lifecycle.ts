// Creating and deleting records, schema and webhooks, environment operations and maintenance mode: the
// resource families expose these as their methods (see methodsOf).

import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { CreateBody, Resource, UpdateBody } from '../types';
import { fieldApiKeyOf, getOne, putOne, segment, sendOne } from './shared';

export interface ForkOptions {
  /** faster, but the source environment takes no writes meanwhile */
  fast?: boolean;
  /** start a fast fork even while collaborators are editing records */
  force?: boolean;
  /** answer at once with the environment still `creating` (poll `find` until it is `ready`) instead of waiting for the copy */
  immediateReturn?: boolean;
}

const environmentPath = (id: string, action = '') => `/environments/${segment(id)}${action}`;
const named = (id: string) => ({ data: { type: 'environment' as const, id } });
const MAINTENANCE = '/maintenance-mode';

const lifecycle = {
  items: {
    destroy: (r: Requester, id: string, o?: JobCallOptions): Promise<Resource<'item'>> =>
      sendOne(r, 'DELETE', `/items/${segment(id)}`, 'item', undefined, { id }, o),
    /** the copy has a new id: the answer is not checked against the one asked */
    duplicate: (r: Requester, id: string, o?: JobCallOptions): Promise<Resource<'item'>> =>
      sendOne(r, 'POST', `/items/${segment(id)}/duplicate`, 'item', undefined, {}, o),
    create: (r: Requester, body: CreateBody<'item'>, o?: CallOptions): Promise<Resource<'item'>> =>
      sendOne(r, 'POST', '/items', 'item', body, { id: body?.data?.id }, o),
  },
  itemTypes: {
    create: (r: Requester, body: CreateBody<'item_type'>, o?: CallOptions): Promise<Resource<'item_type'>> =>
      sendOne(r, 'POST', '/item-types', 'item_type', body, { id: body?.data?.id }, o),
    destroy: (r: Requester, idOrApiKey: string, o?: JobCallOptions): Promise<Resource<'item_type'>> =>
      sendOne(r, 'DELETE', `/item-types/${segment(idOrApiKey)}`, 'item_type', undefined, { id: idOrApiKey, apiKey: idOrApiKey }, o),
  },
  fields: {
    create: (r: Requester, model: string, body: CreateBody<'field'>, o?: JobCallOptions): Promise<Resource<'field'>> =>
      sendOne(r, 'POST', `/item-types/${segment(model)}/fields`, 'field', body, { id: body?.data?.id }, o),
    destroy: (r: Requester, key: string, o?: JobCallOptions): Promise<Resource<'field'>> =>
      sendOne(r, 'DELETE', `/fields/${segment(key)}`, 'field', undefined, { id: key, ...fieldApiKeyOf(key) }, o),
  },
  fieldsets: {
    find: (r: Requester, id: string, o?: CallOptions): Promise<Resource<'fieldset'>> =>
      getOne(r, `/fieldsets/${segment(id)}`, 'fieldset', { id }, o),
    create: (r: Requester, model: string, body: CreateBody<'fieldset'>, o?: CallOptions): Promise<Resource<'fieldset'>> =>
      sendOne(r, 'POST', `/item-types/${segment(model)}/fieldsets`, 'fieldset', body, { id: body?.data?.id }, o),
    update: (r: Requester, id: string, body: UpdateBody<'fieldset'>, o?: CallOptions): Promise<Resource<'fieldset'>> =>
      putOne(r, `/fieldsets/${segment(id)}`, 'fieldset', body, {}, o),
    destroy: (r: Requester, id: string, o?: CallOptions): Promise<Resource<'fieldset'>> =>
      sendOne(r, 'DELETE', `/fieldsets/${segment(id)}`, 'fieldset', undefined, { id }, o),
  },
  webhooks: {
    create: (r: Requester, body: CreateBody<'webhook'>, o?: CallOptions): Promise<Resource<'webhook'>> =>
      sendOne(r, 'POST', '/webhooks', 'webhook', body, { id: body?.data?.id }, o),
    destroy: (r: Requester, id: string, o?: CallOptions): Promise<Resource<'webhook'>> =>
      sendOne(r, 'DELETE', `/webhooks/${segment(id)}`, 'webhook', undefined, { id }, o),
  },
  environments: {
    find: (r: Requester, id: string, o?: CallOptions): Promise<Resource<'environment'>> =>
      getOne(r, environmentPath(id), 'environment', { id }, o),
    fork: (r: Requester, sourceId: string, newId: string, options: ForkOptions, o?: JobCallOptions): Promise<Resource<'environment'>> =>
      sendOne(r, 'POST', environmentPath(sourceId, '/fork'), 'environment', named(newId), { id: newId }, o, {
        immediate_return: options.immediateReturn,
        fast: options.fast,
        force: options.force,
      }),
    promote: (r: Requester, id: string, o?: CallOptions): Promise<Resource<'environment'>> =>
      sendOne(r, 'PUT', environmentPath(id, '/promote'), 'environment', undefined, { id }, o),
    rename: (r: Requester, id: string, newId: string, o?: CallOptions): Promise<Resource<'environment'>> =>
      sendOne(r, 'PUT', environmentPath(id, '/rename'), 'environment', named(newId), { id: newId }, o),
    destroy: (r: Requester, id: string, o?: JobCallOptions): Promise<Resource<'environment'>> =>
      sendOne(r, 'DELETE', environmentPath(id), 'environment', undefined, { id }, o),
  },
  maintenanceMode: {
    find: (r: Requester, o?: CallOptions): Promise<Resource<'maintenance_mode'>> =>
      sendOne(r, 'GET', MAINTENANCE, 'maintenance_mode', undefined, {}, o),
    activate: (r: Requester, options?: { force?: boolean }, o?: CallOptions): Promise<Resource<'maintenance_mode'>> =>
      sendOne(r, 'PUT', `${MAINTENANCE}/activate`, 'maintenance_mode', undefined, {}, o, { force: options?.force }),
    deactivate: (r: Requester, o?: CallOptions): Promise<Resource<'maintenance_mode'>> =>
      sendOne(r, 'PUT', `${MAINTENANCE}/deactivate`, 'maintenance_mode', undefined, {}, o),
  },
};

export type Lifecycle = typeof lifecycle;

/** A lifecycle function with its requester bound. */
type Bound<F> = F extends (requester: Requester, ...args: infer A) => infer R ? (...args: A) => R : never;
type BoundFamily<K extends keyof Lifecycle> = { [M in keyof Lifecycle[K]]: Bound<Lifecycle[K][M]> };

/** The methods `names` of a family, bound to `requester`. */
export function methodsOf<K extends keyof Lifecycle>(requester: Requester, family: K, names: (keyof Lifecycle[K])[]): BoundFamily<K> {
  const functions = lifecycle[family] as Record<keyof Lifecycle[K], (...all: unknown[]) => unknown>;
  return Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => functions[name](requester, ...args)])) as BoundFamily<K>;
}
