// The project (site) and its environments.

import { parseCollection, parseIncluded, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions } from '../settings';
import type { Resource } from '../types';
import { getCollection } from './shared';

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
}

const SCHEMA_INCLUDE = 'item_types,item_types.fields,item_types.fieldsets';

export function siteResource(requester: Requester): SiteResource {
  return {
    find: async (o) => {
      const { body, source } = await requester.call({ method: 'GET', path: '/site', signal: o?.signal });
      return parseSingle(body, 'site', source);
    },
    findWithSchema: async (o) => {
      const { body, source } = await requester.call({ method: 'GET', path: '/site', query: { include: SCHEMA_INCLUDE }, signal: o?.signal });
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
  };
}

function relatedIds(resource: Resource, name: string): Map<string, number> {
  const data = resource.relationships[name]?.data;
  return new Map((Array.isArray(data) ? data : []).map((entry, index) => [entry.id, index]));
}
