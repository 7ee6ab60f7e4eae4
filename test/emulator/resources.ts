// JSON:API documents of the schema resources as the API returns them.
import type { Resource } from '../../src/cma/types.js';
import type { Document } from './envelope.js';
import { httpError } from './errors.js';
import { ItemSerializer } from './items.js';
import type { Query } from './query.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';

/** A model with its `fields`/`fieldsets` relationships derived from the current schema. */
export function itemTypeResource(store: EmulatorStore, env: EnvironmentData, itemType: Resource<'item_type'>): Resource<'item_type'> {
  const fields = store.fieldsOf(env, itemType.id).map((f) => ({ type: 'field', id: f.id }));
  const fieldsets = [...env.fieldsets.values()]
    .filter((fs) => relId(fs, 'item_type') === itemType.id)
    .sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position))
    .map((fs) => ({ type: 'fieldset', id: fs.id }));
  const { fields: _f, fieldsets: _fs, ...rest } = itemType.relationships;
  return {
    id: itemType.id,
    type: 'item_type',
    attributes: structuredClone(itemType.attributes),
    relationships: {
      singleton_item: rest.singleton_item ?? { data: null },
      fields: { data: fields },
      fieldsets: { data: fieldsets },
      ...structuredClone(rest),
    },
    meta: { has_singleton_item: Boolean(itemType.attributes.has_singleton_item) },
  };
}

export function siteResource(store: EmulatorStore, env: EnvironmentData): Resource<'site'> {
  const site = structuredClone(store.site);
  site.relationships.item_types = { data: [...env.itemTypes.keys()].map((id) => ({ type: 'item_type', id })) };
  return site;
}

export function environmentResource(store: EmulatorStore, id: string): Resource<'environment'> {
  return { id, type: 'environment', attributes: {}, relationships: {}, meta: structuredClone(store.environmentMeta(id)) };
}

/** The resource as it goes on the wire: members the API does not send for a type (empty) are left out. */
export function wire(resource: Resource): Record<string, unknown> {
  const out: Record<string, unknown> = { id: resource.id, type: resource.type };
  if (Object.keys(resource.attributes).length) out.attributes = resource.attributes;
  if (Object.keys(resource.relationships).length) out.relationships = resource.relationships;
  if (Object.keys(resource.meta).length) out.meta = resource.meta;
  return out;
}

/** `GET /site`, with the `include`d resources asked for. */
export function siteDocument(store: EmulatorStore, env: EnvironmentData, query: Query): Document {
  const site = wire(siteResource(store, env));
  const include =
    typeof query.include === 'string'
      ? query.include
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const allowed = ['item_types', 'item_types.fields', 'item_types.fieldsets', 'item_types.singleton_item', 'account'];
  const unknown = include.filter((i) => !allowed.includes(i));
  if (unknown.length) throw httpError(422, 'INVALID_PARAMS', { param: 'include', value: unknown.join(','), allowed });
  if (!include.length) return { data: site };
  const included: unknown[] = [];
  if (include.includes('item_types')) for (const it of env.itemTypes.values()) included.push(wire(itemTypeResource(store, env, it)));
  if (include.includes('item_types.fields')) for (const f of env.fields.values()) included.push(wire(structuredClone(f)));
  if (include.includes('item_types.fieldsets')) for (const fs of env.fieldsets.values()) included.push(wire(structuredClone(fs)));
  if (include.includes('item_types.singleton_item')) {
    const serializer = new ItemSerializer(store, env);
    for (const it of env.itemTypes.values()) {
      const itemId = relId(it, 'singleton_item');
      const item = itemId ? env.items.get(itemId) : undefined;
      if (item) included.push(wire(serializer.serialize(item, 'current', false)));
    }
  }
  return { data: site, included };
}
