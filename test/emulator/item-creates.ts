// POST /items: a new record, checked with the same rules as an update of an empty record (fields, locales,
// blocks, validators, uniqueness, links), plus what only a create has: the model it belongs to, one record
// per singleton model, the defaults of the fields it leaves out, and its place among sortable/tree siblings.
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import { createEnvelope, extraneous, fail, isObject, newId, relationshipTarget, type Document, type Obj } from './envelope.js';
import { ItemWriter } from './item-writes.js';
import { ItemSerializer } from './items.js';
import { checkQueryParams } from './params.js';
import { validationProblems } from './publishing.js';
import { isIsoDateTime } from './record-rules.js';
import { CREATOR_TYPES, LIST_FIELD_TYPES } from './rules.js';
import { itemTypeResource, wire } from './resources.js';
import type { RouteContext, RouteReply } from './schema-creates.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import { initialStage } from './workflows.js';

const CREATE_META = ['created_at', 'updated_at', 'published_at', 'first_published_at'];

/** The POST /items route; undefined when the request is something else. */
export function routeItemCreates(ctx: RouteContext): RouteReply | undefined {
  if (ctx.method !== 'POST' || ctx.segments.length !== 1 || ctx.segments[0] !== 'items') return undefined;
  checkQueryParams(ctx.query, {});
  return { status: 200, body: createItem(ctx.store, ctx.env(), ctx.body()) };
}

/** The value a record gets for a field it does not name: the field's default (per locale), else empty. */
function defaultValue(field: Resource<'field'>, locales: string[]): unknown {
  const fallback = LIST_FIELD_TYPES.has(String(field.attributes.field_type)) ? [] : null;
  const given = field.attributes.default_value;
  if (!field.attributes.localized) return given ?? fallback;
  return Object.fromEntries(locales.map((locale) => [locale, isObject(given) && given[locale] !== undefined ? given[locale] : fallback]));
}

export function createItem(store: EmulatorStore, env: EnvironmentData, body: unknown): Document {
  const { attributes, relationships, meta, id } = createEnvelope(body, 'item', (taken) => env.items.has(taken));
  fail([...extraneous(relationships, ['item_type', 'creator'], 'relationships'), ...extraneous(meta, CREATE_META, 'meta')]);
  const itemTypeId = relationshipTarget(relationships.item_type, 'item_type');
  if (!itemTypeId)
    throw httpError(422, 'INVALID_FORMAT', { message: 'relationships.item_type is required: {"data": {"type": "item_type", "id": <id>}}' });
  const creatorId = 'creator' in relationships ? relationshipTarget(relationships.creator, CREATOR_TYPES) : null;
  if (creatorId === undefined)
    throw httpError(422, 'INVALID_FORMAT', {
      message: `relationships.creator is {"data": {"type": ${CREATOR_TYPES.join('|')}, "id": <id>}}`,
    });
  // the import use case: dates as the API writes them (a value of another JSON type is a malformed body)
  for (const key of CREATE_META) {
    const value = meta[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw httpError(422, 'INVALID_FORMAT', { message: `meta.${key} is a date-time string or null` });
    if (!isIsoDateTime(value))
      throw httpError(422, 'INVALID_FIELD', {
        field: key,
        code: 'VALIDATION_INVALID_FORMAT',
        message: `meta.${key} is an ISO 8601 date-time`,
      });
  }
  const itemType = env.itemTypes.get(itemTypeId);
  if (!itemType)
    throw httpError(422, 'INVALID_FIELD', { field: 'item_type', code: 'VALIDATION_INVALID', message: `No model with id "${itemTypeId}"` });
  if (itemType.attributes.modular_block) {
    throw httpError(422, 'INVALID_FIELD', {
      field: 'item_type',
      code: 'VALIDATION_INVALID',
      message: 'A block is created inside the record that holds it',
    });
  }
  if (itemType.attributes.singleton && itemType.attributes.has_singleton_item) {
    throw httpError(422, 'DUPLICATE_SINGLETON', {
      message: `The singleton model "${String(itemType.attributes.api_key)}" already has its record`,
    });
  }

  const locales = store.site.attributes.locales as string[];
  const complete: Obj = { ...attributes };
  for (const field of store.fieldsOf(env, itemType.id)) {
    const apiKey = String(field.attributes.api_key);
    if (!(apiKey in complete)) complete[apiKey] = defaultValue(field, locales);
  }
  const { merged, errors, commit } = new ItemWriter(store, env).checkNewRecord(itemType, complete);
  fail(errors);

  const siblings = (env.recordsByType.get(itemType.id) ?? []).filter(
    (other) => !itemType.attributes.tree || (other.attributes.parent_id ?? null) === (merged.parent_id ?? null),
  );
  if (itemType.attributes.tree && !('parent_id' in merged)) merged.parent_id = null;
  if (itemType.attributes.sortable || itemType.attributes.tree) {
    const last = siblings.length + 1;
    const asked = typeof merged.position === 'number' ? Math.min(merged.position, last) : last;
    // the new record takes its place; the siblings at or after it move down one
    for (const other of siblings)
      if (typeof other.attributes.position === 'number' && other.attributes.position >= asked) other.attributes.position += 1;
    merged.position = asked;
  }

  commit();
  const now = new Date().toISOString();
  const status = itemType.attributes.draft_mode_active ? 'draft' : 'published';
  const at = (key: string, fallback: string | null) => (typeof meta[key] === 'string' ? (meta[key] as string) : fallback);
  const item: StoredItem = {
    id: id ?? newId(),
    itemTypeId: itemType.id,
    attributes: merged,
    published: status === 'published' ? structuredClone(merged) : null,
    creator:
      creatorId && isObject(relationships.creator) && isObject(relationships.creator.data)
        ? { type: String(relationships.creator.data.type), id: creatorId }
        : null,
    meta: {
      created_at: at('created_at', now)!,
      updated_at: at('updated_at', now)!,
      published_at: at('published_at', status === 'published' ? now : null),
      first_published_at: at('first_published_at', status === 'published' ? now : null),
      publication_scheduled_at: null,
      unpublishing_scheduled_at: null,
      status,
      is_valid: true,
      is_current_version_valid: true,
      is_published_version_valid: status === 'published' ? true : null,
      current_version: newId(),
      stage: initialStage(store, env, itemType.id),
      has_children: itemType.attributes.tree ? false : null,
    },
  };
  env.items.set(item.id, item);
  env.recordsByType.get(itemType.id)?.push(item);
  // A model that allows invalid drafts saves whatever its validators say: the new record is then invalid.
  const valid = validationProblems(store, env, item).length === 0;
  item.meta = { ...item.meta, is_valid: valid, is_current_version_valid: valid };
  if (itemType.attributes.tree && typeof merged.parent_id === 'string') {
    const parent = env.items.get(merged.parent_id);
    if (parent) parent.meta.has_children = true;
  }
  if (itemType.attributes.singleton) {
    itemType.attributes.has_singleton_item = true;
    itemType.relationships.singleton_item = { data: { type: 'item', id: item.id } };
  }
  env.meta.last_data_change_at = now;
  return {
    data: wire(new ItemSerializer(store, env).serialize(item, 'current', false)),
    included: [wire(itemTypeResource(store, env, itemType))],
  };
}
