// Record versions: GET /items/:id/versions (newest first, 15 per page by default, at most 50),
// GET /versions/:id and POST /versions/:id/restore (async). Every write that changes a record calls
// recordVersion afterwards; a record's history starts lazily from its seeded state (its published
// version first when the record has unpublished changes), so seeding costs nothing.
import type { Resource, ResourceIdentifier } from '../../src/cma/types.js';
import { isObject, newId, type Document, type Obj } from './envelope.js';
import { httpError } from './errors.js';
import { pageNumber } from './item-query.js';
import { BLOCK_FIELD_TYPES, ItemSerializer, mapDastBlocks, newBlockMeta } from './items.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import type { Query } from './query.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';

export const DEFAULT_VERSIONS_PAGE_LIMIT = 15;
export const MAX_VERSIONS_PAGE_LIMIT = 50;
const VERSION_LIST_PARAMS = { nested: 'scalar', page: ['offset', 'limit'] } as const;
const VERSION_FIND_PARAMS = { nested: 'scalar' } as const;

/** Who made the emulator's writes: the API token the requests carry. */
export const API_TOKEN_EDITOR: ResourceIdentifier = { type: 'access_token', id: '90817' };

interface StoredVersion {
  id: string;
  itemId: string;
  itemTypeId: string;
  /** the record's attributes at that moment, blocks expanded (as `nested=true` serves them) */
  attributes: Obj;
  createdAt: string;
  editor: ResourceIdentifier;
  publishedFrom: string | null;
  publishedUntil: string | null;
}

interface VersionLog {
  /** oldest first */
  versions: StoredVersion[];
  publishedId: string | null;
}

interface EnvironmentVersions {
  logs: Map<string, VersionLog>;
  byId: Map<string, StoredVersion>;
}

const histories = new WeakMap<EnvironmentData, EnvironmentVersions>();

function historyOf(env: EnvironmentData): EnvironmentVersions {
  let history = histories.get(env);
  if (!history) {
    history = { logs: new Map(), byId: new Map() };
    histories.set(env, history);
  }
  return history;
}

function snapshot(
  store: EmulatorStore,
  env: EnvironmentData,
  item: StoredItem,
  which: 'current' | 'published',
  createdAt: string,
  editor: ResourceIdentifier,
  id: string,
): StoredVersion {
  const attributes = structuredClone(new ItemSerializer(store, env).serialize(item, which, true).attributes);
  return { id, itemId: item.id, itemTypeId: item.itemTypeId, attributes, createdAt, editor, publishedFrom: null, publishedUntil: null };
}

/** The record's history, started from its present state when it has none yet. */
function logOf(store: EmulatorStore, env: EnvironmentData, item: StoredItem): VersionLog {
  const history = historyOf(env);
  let log = history.logs.get(item.id);
  if (log) return log;
  log = { versions: [], publishedId: null };
  const creator = item.creator ?? API_TOKEN_EDITOR;
  if (item.published && item.meta.status === 'updated') {
    const at = item.meta.published_at ?? item.meta.created_at;
    const published = snapshot(store, env, item, 'published', at, creator, newId());
    published.publishedFrom = at;
    log.versions.push(published);
    log.publishedId = published.id;
  }
  const current = snapshot(store, env, item, 'current', item.meta.updated_at, creator, item.meta.current_version);
  log.versions.push(current);
  if (item.published && item.meta.status !== 'updated') {
    current.publishedFrom = item.meta.published_at;
    log.publishedId = current.id;
  }
  for (const version of log.versions) history.byId.set(version.id, version);
  history.logs.set(item.id, log);
  return log;
}

/**
 * Call after any write that leaves a record with a new `meta.current_version` (update, create, duplicate,
 * restore) or a new published state (publish, unpublish): the current version joins the history and the
 * published marker follows the record. `editor` defaults to the API token.
 */
export function recordVersion(
  store: EmulatorStore,
  env: EnvironmentData,
  item: StoredItem,
  editor: ResourceIdentifier = API_TOKEN_EDITOR,
): void {
  const history = historyOf(env);
  const log = logOf(store, env, item);
  const now = new Date().toISOString();
  if (!log.versions.some((v) => v.id === item.meta.current_version)) {
    const version = snapshot(store, env, item, 'current', item.meta.updated_at ?? now, editor, item.meta.current_version);
    log.versions.push(version);
    history.byId.set(version.id, version);
  }
  const publishedId = item.published === null ? null : item.meta.status === 'updated' ? log.publishedId : item.meta.current_version;
  if (publishedId === log.publishedId) return;
  const before = log.versions.find((v) => v.id === log.publishedId);
  if (before) before.publishedUntil = now;
  const after = log.versions.find((v) => v.id === publishedId);
  if (after) {
    after.publishedFrom = item.meta.published_at ?? now;
    after.publishedUntil = null;
  }
  log.publishedId = publishedId;
}

/** Runs a write on a record, keeping its history: the state before the write is kept as a version first. */
export function withVersionHistory(store: EmulatorStore, env: EnvironmentData, itemId: string, write: () => Document): Document {
  const item = env.items.get(itemId);
  if (item && !item.parentItemId) logOf(store, env, item);
  const result = write();
  const after = env.items.get(itemId);
  if (after && !after.parentItemId) recordVersion(store, env, after);
  return result;
}

/** A deleted record's versions are gone with it. */
export function forgetVersions(env: EnvironmentData, itemId: string): void {
  const history = historyOf(env);
  for (const version of history.logs.get(itemId)?.versions ?? []) history.byId.delete(version.id);
  history.logs.delete(itemId);
}

function findVersion(store: EmulatorStore, env: EnvironmentData, id: string): StoredVersion {
  const history = historyOf(env);
  let version = history.byId.get(id);
  if (!version) {
    // the current version of a record whose history has not been read yet
    for (const item of env.items.values()) {
      if (item.meta.current_version === id && !item.parentItemId && !history.logs.has(item.id)) {
        logOf(store, env, item);
        break;
      }
    }
    version = history.byId.get(id);
  }
  if (!version) throw httpError(404, 'NOT_FOUND', { entity: 'item_version', id, message: `No record version with id "${id}"` });
  return version;
}

/** A block value with its blocks as ids (what a response without `nested` carries). */
function collapseBlocks(fieldType: string, value: unknown): unknown {
  const idOf = (block: unknown) => (isObject(block) && typeof block.id === 'string' ? block.id : block);
  if (fieldType === 'rich_text') return Array.isArray(value) ? value.map(idOf) : value;
  if (fieldType === 'single_block') return value === null ? null : idOf(value);
  return mapDastBlocks(value, idOf);
}

/** Calls `map` on each block-bearing value of a record's attributes (per locale), returning the new attributes. */
function mapBlockFields(
  store: EmulatorStore,
  env: EnvironmentData,
  itemTypeId: string,
  attributes: Obj,
  map: (fieldType: string, value: unknown) => unknown,
): Obj {
  const out: Obj = { ...attributes };
  for (const field of store.fieldsOf(env, itemTypeId)) {
    const fieldType = String(field.attributes.field_type);
    const apiKey = String(field.attributes.api_key);
    if (!BLOCK_FIELD_TYPES.has(fieldType) || !(apiKey in out)) continue;
    const value = out[apiKey];
    out[apiKey] =
      field.attributes.localized && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([locale, v]) => [locale, map(fieldType, v)]))
        : map(fieldType, value);
  }
  return out;
}

function versionResource(store: EmulatorStore, env: EnvironmentData, version: StoredVersion, nested: boolean): Record<string, unknown> {
  const log = historyOf(env).logs.get(version.itemId);
  const attributes = nested
    ? structuredClone(version.attributes)
    : mapBlockFields(store, env, version.itemTypeId, version.attributes, collapseBlocks);
  const resource: Resource<'item_version'> = {
    id: version.id,
    type: 'item_version',
    attributes,
    relationships: {
      item_type: { data: { type: 'item_type', id: version.itemTypeId } },
      item: { data: { type: 'item', id: version.itemId } },
      editor: { data: version.editor },
    },
    meta: {
      created_at: version.createdAt,
      is_valid: true,
      is_published: log?.publishedId === version.id,
      published_from: version.publishedFrom,
      published_until: version.publishedUntil,
      is_current: log?.versions.at(-1)?.id === version.id,
    },
  };
  return wire(resource);
}

/** Puts a version's blocks back (with their content then) and returns its attributes with blocks as ids. */
function restoreBlocks(store: EmulatorStore, env: EnvironmentData, ownerId: string, itemTypeId: string, attributes: Obj): Obj {
  const putBack = (block: unknown): unknown => {
    if (!isObject(block) || typeof block.id !== 'string') return block;
    const blockTypeId = (block.relationships as { item_type?: { data?: { id?: string } } } | undefined)?.item_type?.data?.id;
    if (!blockTypeId || !env.itemTypes.has(blockTypeId)) return block.id;
    const blockAttributes = restoreBlocks(store, env, ownerId, blockTypeId, isObject(block.attributes) ? block.attributes : {});
    const existing = env.items.get(block.id);
    const now = new Date().toISOString();
    env.items.set(block.id, {
      id: block.id,
      itemTypeId: blockTypeId,
      attributes: blockAttributes,
      published: existing?.published ?? null,
      creator: null,
      parentItemId: ownerId,
      meta: existing ? { ...existing.meta, updated_at: now, current_version: newId() } : newBlockMeta(now),
    });
    return block.id;
  };
  return mapBlockFields(store, env, itemTypeId, attributes, (fieldType, value) => {
    if (fieldType === 'rich_text') return Array.isArray(value) ? value.map(putBack) : value;
    if (fieldType === 'single_block') return value === null ? null : putBack(value);
    return mapDastBlocks(value, putBack);
  });
}

/** The record becomes the version's content (its place in a sortable or tree model stays), as a new current version. */
function restore(store: EmulatorStore, env: EnvironmentData, version: StoredVersion): Document {
  const item = env.items.get(version.itemId);
  if (!item) throw httpError(404, 'NOT_FOUND', { entity: 'item', id: version.itemId });
  logOf(store, env, item);
  const content = restoreBlocks(store, env, item.id, item.itemTypeId, structuredClone(version.attributes));
  for (const key of ['position', 'parent_id']) {
    if (key in item.attributes) content[key] = item.attributes[key];
    else delete content[key];
  }
  const now = new Date().toISOString();
  item.attributes = content;
  item.meta = {
    ...item.meta,
    updated_at: now,
    current_version: newId(),
    status: item.meta.status === 'published' ? 'updated' : item.meta.status,
  };
  env.meta.last_data_change_at = now;
  recordVersion(store, env, item);
  const restored = findVersion(store, env, item.meta.current_version);
  return { data: [wire(new ItemSerializer(store, env).serialize(item, 'current', false)), versionResource(store, env, restored, false)] };
}

/**
 * The versions endpoints: a document to answer, a commit to run as a job (restore), or undefined when the
 * request is none of them.
 */
export function answerVersions(
  store: EmulatorStore,
  env: EnvironmentData,
  method: string,
  segments: string[],
  query: Query,
  rawBody: string,
): Document | (() => Document) | undefined {
  const [head, id, sub] = segments;
  const nested = query.nested === 'true';
  if (head === 'items' && sub === 'versions' && id && segments.length === 3 && method === 'GET') {
    checkQueryParams(query, VERSION_LIST_PARAMS);
    const item = env.items.get(id);
    if (!item || item.parentItemId) throw httpError(404, 'NOT_FOUND', { entity: 'item', id, message: `No record with id "${id}"` });
    const page = isObject(query.page) ? query.page : {};
    const offset = pageNumber(page.offset, 'page[offset]', 0);
    const limit = pageNumber(page.limit, 'page[limit]', DEFAULT_VERSIONS_PAGE_LIMIT);
    if (limit > MAX_VERSIONS_PAGE_LIMIT) {
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'page[limit]',
        value: limit,
        maximum: MAX_VERSIONS_PAGE_LIMIT,
        message: `page[limit] must be at most ${MAX_VERSIONS_PAGE_LIMIT}`,
      });
    }
    const newestFirst = [...logOf(store, env, item).versions].reverse();
    return {
      data: newestFirst.slice(offset, offset + limit).map((v) => versionResource(store, env, v, nested)),
      meta: { total_count: newestFirst.length },
    };
  }
  if (head !== 'versions' || !id) return undefined;
  if (segments.length === 2 && method === 'GET') {
    checkQueryParams(query, VERSION_FIND_PARAMS);
    return { data: versionResource(store, env, findVersion(store, env, id), nested) };
  }
  if (segments.length === 3 && sub === 'restore' && method === 'POST') {
    checkQueryParams(query, NO_PARAMS);
    // The endpoint defines no request body; we take the stricter reading and refuse one.
    if (rawBody.trim() !== '') throw httpError(422, 'INVALID_FORMAT', { message: 'POST /versions/:id/restore takes no body' });
    const version = findVersion(store, env, id);
    return () => restore(store, env, version);
  }
  return undefined;
}
