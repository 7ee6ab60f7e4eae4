// Deleting schema: DELETE /item-types/:id and /fields/:id (jobs), /fieldsets/:id and /webhooks/:id (at once).
// What still depends on the deleted resource is refused first; what only belonged to it goes with it.
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import { isObject, type Document } from './envelope.js';
import { BLOCK_FIELD_TYPES, blockIdsOf } from './items.js';
import { checkQueryParams } from './params.js';
import { BLOCK_VALIDATORS, LINK_VALIDATORS } from './rules.js';
import { itemTypeResource, wire } from './resources.js';
import { booleanParam, type RouteContext, type RouteReply } from './schema-creates.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';

/** Validators whose `item_types` name the models a field may link to or embed. */
const REFERENCE_VALIDATORS = [...LINK_VALIDATORS, ...BLOCK_VALIDATORS];
/** The model's relationships that point at one of its fields. */
const FIELD_POINTERS = [
  'title_field',
  'image_preview_field',
  'excerpt_field',
  'ordering_field',
  'presentation_title_field',
  'presentation_image_field',
] as const;

/** The delete routes; undefined when the request is none of them. */
export function routeSchemaDeletes(ctx: RouteContext): RouteReply | undefined {
  const { method, segments } = ctx;
  const [head, id] = segments;
  if (method !== 'DELETE' || segments.length !== 2 || !id) return undefined;
  switch (head) {
    case 'item-types':
      checkQueryParams(ctx.query, { skip_menu_items_deletion: 'scalar' });
      booleanParam(ctx.query, 'skip_menu_items_deletion');
      return ctx.startJob(planItemTypeDelete(ctx.store, ctx.env(), id));
    case 'fields':
      checkQueryParams(ctx.query, {});
      return ctx.startJob(planFieldDelete(ctx.store, ctx.env(), id));
    case 'fieldsets':
      checkQueryParams(ctx.query, {});
      return { status: 200, body: deleteFieldset(ctx.env(), id) };
    case 'webhooks': {
      checkQueryParams(ctx.query, {});
      const webhook = ctx.store.webhooks.get(id);
      if (!webhook) throw httpError(404, 'NOT_FOUND', { entity: 'webhook', id });
      ctx.store.webhooks.delete(id);
      return { status: 200, body: { data: wire(structuredClone(webhook)) } };
    }
    default:
      return undefined;
  }
}

/** Fields of other models whose validators name the model (those of the model itself go with it). */
export function fieldsReferencing(store: EmulatorStore, env: EnvironmentData, itemTypeId: string): Resource<'field'>[] {
  return [...env.fields.values()].filter((field) => {
    if (relId(field, 'item_type') === itemTypeId) return false;
    const validators = field.attributes.validators;
    if (!isObject(validators)) return false;
    return REFERENCE_VALIDATORS.some((name) => {
      const options = validators[name];
      return isObject(options) && Array.isArray(options.item_types) && options.item_types.includes(itemTypeId);
    });
  });
}

function planItemTypeDelete(store: EmulatorStore, env: EnvironmentData, key: string): () => Document {
  const itemType = store.itemType(env, key);
  if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: key });
  const check = () => {
    const referencing = fieldsReferencing(store, env, itemType.id);
    if (!referencing.length) return;
    // A model other models' fields link to or embed is refused (REQUIRED_BY_ASSOCIATION; a block model:
    // MODULAR_BLOCK_IN_USE), naming the fields to change first.
    const fields = referencing.map((f) => ({ id: f.id, api_key: f.attributes.api_key, item_type: relId(f, 'item_type') }));
    if (itemType.attributes.modular_block === true) {
      throw httpError(422, 'MODULAR_BLOCK_IN_USE', {
        item_type: itemType.id,
        fields,
        message: `The block model "${String(itemType.attributes.api_key)}" is still allowed in ${fields.length} field(s) of other models`,
      });
    }
    throw httpError(422, 'REQUIRED_BY_ASSOCIATION', {
      item_type: itemType.id,
      fields,
      message: `The model "${String(itemType.attributes.api_key)}" is still named in the validators of ${fields.length} field(s) of other models`,
    });
  };
  check();
  return () => {
    const current = env.itemTypes.get(itemType.id);
    if (!current) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: itemType.id });
    check();
    const deleted = wire(itemTypeResource(store, env, current));
    for (const [id, field] of env.fields) if (relId(field, 'item_type') === current.id) env.fields.delete(id);
    for (const [id, fieldset] of env.fieldsets) if (relId(fieldset, 'item_type') === current.id) env.fieldsets.delete(id);
    for (const [id, item] of env.items) if (item.itemTypeId === current.id) env.items.delete(id);
    env.recordsByType.delete(current.id);
    env.itemTypes.delete(current.id);
    store.schemaChanged(env);
    dropUnreachableBlocks(store, env);
    env.meta.last_data_change_at = new Date().toISOString();
    return { data: deleted };
  };
}

function planFieldDelete(store: EmulatorStore, env: EnvironmentData, key: string): () => Document {
  const field = store.field(env, key);
  if (!field) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: key });
  const itemTypeId = relId(field, 'item_type') ?? '';
  const check = () => {
    const slugs = store.fieldsOf(env, itemTypeId).filter((f) => {
      const validators = f.attributes.validators;
      return isObject(validators) && isObject(validators.slug_title_field) && validators.slug_title_field.title_field_id === field.id;
    });
    if (slugs.length) {
      throw httpError(422, 'USED_AS_SLUG_SOURCE', {
        field: field.id,
        slug_fields: slugs.map((f) => f.id),
        message: `The slug field "${String(slugs[0]!.attributes.api_key)}" is generated from this field`,
      });
    }
  };
  check();
  return () => {
    const current = env.fields.get(field.id);
    if (!current) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: field.id });
    check();
    const apiKey = String(current.attributes.api_key);
    env.fields.delete(current.id);
    store.schemaChanged(env);
    const siblings = store.fieldsOf(env, itemTypeId);
    siblings.forEach((f, i) => {
      f.attributes = { ...f.attributes, position: i + 1 };
    });
    const itemType = env.itemTypes.get(itemTypeId);
    if (itemType) {
      for (const name of FIELD_POINTERS) if (relId(itemType, name) === current.id) itemType.relationships[name] = { data: null };
      // ordered by a field that is gone: back to the default order
      if (relId(itemType, 'ordering_field') === null && itemType.attributes.ordering_meta == null)
        itemType.attributes = { ...itemType.attributes, ordering_direction: null };
    }
    for (const item of env.items.values()) {
      if (item.itemTypeId !== itemTypeId) continue;
      const { [apiKey]: _gone, ...rest } = item.attributes;
      item.attributes = rest;
      if (item.published) {
        const { [apiKey]: _published, ...publishedRest } = item.published;
        item.published = publishedRest;
      }
    }
    if (BLOCK_FIELD_TYPES.has(String(current.attributes.field_type))) dropUnreachableBlocks(store, env);
    store.schemaChanged(env);
    env.meta.last_data_change_at = new Date().toISOString();
    return { data: wire(structuredClone(current)) };
  };
}

function deleteFieldset(env: EnvironmentData, id: string): Document {
  const fieldset = env.fieldsets.get(id);
  if (!fieldset) throw httpError(404, 'NOT_FOUND', { entity: 'fieldset', id });
  env.fieldsets.delete(id);
  for (const field of env.fields.values()) {
    if (relId(field, 'fieldset') === id) field.relationships = { ...field.relationships, fieldset: { data: null } };
  }
  env.meta.last_data_change_at = new Date().toISOString();
  return { data: wire(structuredClone(fieldset)) };
}

/** Blocks no record holds any more (their field or their record's model is gone) are deleted too. */
function dropUnreachableBlocks(store: EmulatorStore, env: EnvironmentData): void {
  const isBlock = (itemTypeId: string) => env.itemTypes.get(itemTypeId)?.attributes.modular_block === true;
  const reachable = new Set<string>();
  const pending = [...env.items.values()].filter((item) => !isBlock(item.itemTypeId));
  while (pending.length) {
    const item = pending.pop()!;
    for (const field of store.fieldsOf(env, item.itemTypeId)) {
      const fieldType = String(field.attributes.field_type);
      if (!BLOCK_FIELD_TYPES.has(fieldType)) continue;
      for (const version of [item.attributes, item.published]) {
        const value = version?.[String(field.attributes.api_key)];
        const values = field.attributes.localized === true && isObject(value) ? Object.values(value) : [value];
        for (const id of values.flatMap((v) => blockIdsOf(fieldType, v))) {
          const block = env.items.get(id);
          if (block && !reachable.has(id)) {
            reachable.add(id);
            pending.push(block);
          }
        }
      }
    }
  }
  for (const [id, item] of env.items)
    if (!reachable.has(id) && (isBlock(item.itemTypeId) || !env.itemTypes.has(item.itemTypeId))) env.items.delete(id);
}
