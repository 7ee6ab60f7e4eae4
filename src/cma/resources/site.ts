// The project (site), its environments and its maintenance mode.

import { parseCollection, parseIncluded, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { Resource } from '../types';
import { getCollection } from './shared';
import { methodsOf, type ForkOptions } from './lifecycle';

/** The project with its whole schema, as one request returns it. */
export interface SiteWithSchema {
  site: Resource<'site'>;
  /** in the order of the site's `item_types` relationship (the API's order) */
  itemTypes: Resource<'item_type'>[];
  fields: Resource<'field'>[];
  fieldsets: Resource<'fieldset'>[];
}

export interface SiteResource {
  find(o?: CallOptions): Promise<Resource<'site'>>;
  /** `GET /site?include=item_types,item_types.fields,item_types.fieldsets`: models, fields and fieldsets in one request */
  findWithSchema(o?: CallOptions): Promise<SiteWithSchema>;
}

export interface EnvironmentsResource {
  list(o?: CallOptions): Promise<Resource<'environment'>[]>;
  find(id: string, o?: CallOptions): Promise<Resource<'environment'>>;
  /** copies `sourceId` (schema, records, uploads; ids kept) as `newId`; resolves with the new environment once DatoCMS answers it */
  fork(sourceId: string, newId: string, options: ForkOptions, o?: JobCallOptions): Promise<Resource<'environment'>>;
  /** makes `id` the primary environment; the former primary becomes a sandbox */
  promote(id: string, o?: CallOptions): Promise<Resource<'environment'>>;
  rename(id: string, newId: string, o?: CallOptions): Promise<Resource<'environment'>>;
  /** resolves with the environment as it was; the primary environment cannot be deleted */
  destroy(id: string, o?: JobCallOptions): Promise<Resource<'environment'>>;
}

/** While maintenance mode is active the primary environment takes no writes. */
export interface MaintenanceModeResource {
  find(o?: CallOptions): Promise<Resource<'maintenance_mode'>>;
  /** `force`: activate even while collaborators are editing records */
  activate(options?: { force?: boolean }, o?: CallOptions): Promise<Resource<'maintenance_mode'>>;
  deactivate(o?: CallOptions): Promise<Resource<'maintenance_mode'>>;
}

const SCHEMA_INCLUDE = 'item_types,item_types.fields,item_types.fieldsets';

export function siteResource(requester: Requester): SiteResource {
  return {
    find: async (o) => {
      const { body, source } = await requester.call({ method: 'GET', path: '/site', signal: o?.signal });
      return parseSingle(body, 'site', source);
    },
    findWithSchema: async (o) => {
      const { body, source } = await requester.call({
        method: 'GET',
        path: '/site',
        query: { include: SCHEMA_INCLUDE },
        signal: o?.signal,
      });
      const site = parseSingle(body, 'site', source);
      const included = parseIncluded(body, source);
      const ofType = <T extends string>(type: T) => parseCollection({ data: included.filter((r) => r.type === type) }, type, source);
      const itemTypes = ofType('item_type');
      const order = relatedIds(site, 'item_types');
      const rank = (id: string) => (order.has(id) ? order.get(id)! : order.size);
      itemTypes.sort((a, b) => rank(a.id) - rank(b.id));
      return { site, itemTypes, fields: ofType('field'), fieldsets: ofType('fieldset') };
    },
  };
}

export function environmentsResource(requester: Requester): EnvironmentsResource {
  return {
    list: (o) => getCollection(requester, '/environments', 'environment', o),
    ...methodsOf(requester, 'environments', ['find', 'fork', 'promote', 'rename', 'destroy']),
  };
}

export const maintenanceModeResource = (requester: Requester): MaintenanceModeResource =>
  methodsOf(requester, 'maintenanceMode', ['find', 'activate', 'deactivate']);

function relatedIds(resource: Resource, name: string): Map<string, number> {
  const data = resource.relationships[name]?.data;
  return new Map((Array.isArray(data) ? data : []).map((entry, index) => [entry.id, index]));
}
