// Upload collections (nested folders of the media area), tags, smart tags and saved upload filters.
import type { Resource } from '../../src/cma/types.js';
import { httpError, type ApiErrorSpec } from './errors.js';
import {
  createEnvelope,
  envelope,
  extraneous,
  fail,
  invalidField,
  isObject,
  newId,
  relationshipTarget,
  type Document,
  type Obj,
} from './envelope.js';
import { isApiId } from './ids.js';
import { pageNumber } from './item-query.js';
import { MAX_PAGE_LIMIT } from './items.js';
import { checkQueryParams } from './params.js';
import type { Query, QueryValue } from './query.js';
import { wire } from './resources.js';
import { relId, type EnvironmentData } from './store.js';
import { collectionNotFound, collectionResource, mediaArea } from './upload-area.js';

const SCOPE = { record_type: 'UploadCollection' };
const TAGS_PAGE_LIMIT = 50;

const collectionsOf = (env: EnvironmentData) => mediaArea(env).collections;

/** Collections in the order the media area shows them: by position, then by creation. */
function ordered(env: EnvironmentData): Resource<'upload_collection'>[] {
  return [...collectionsOf(env).values()].sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position));
}

export function listCollections(env: EnvironmentData, query: Query): Document {
  checkQueryParams(query, { filter: ['ids'] });
  const filter = query.filter as Record<string, QueryValue> | undefined;
  const ids =
    typeof filter?.ids === 'string'
      ? new Set(
          filter.ids
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
      : undefined;
  return {
    data: ordered(env)
      .filter((c) => !ids || ids.has(c.id))
      .map((c) => wire(collectionResource(env, c))),
  };
}

export function findCollection(env: EnvironmentData, id: string, query: Query): Document {
  checkQueryParams(query, {});
  const collection = collectionsOf(env).get(id);
  if (!collection) throw collectionNotFound(id);
  return { data: wire(collectionResource(env, collection)) };
}

/** The collection ids under `id` (its children, theirs…). */
function descendants(env: EnvironmentData, id: string): Set<string> {
  const found = new Set<string>();
  const walk = (parent: string) => {
    for (const c of collectionsOf(env).values())
      if (relId(c, 'parent') === parent && !found.has(c.id)) {
        found.add(c.id);
        walk(c.id);
      }
  };
  walk(id);
  return found;
}

/** `parent`: null or another collection that is not the collection itself or under it. */
function parentTarget(env: EnvironmentData, value: unknown, selfId: string | undefined, errors: ApiErrorSpec[]): string | null | undefined {
  const target = relationshipTarget(value, 'upload_collection');
  if (target === undefined) errors.push(invalidField('parent', 'VALIDATION_FORMAT', SCOPE));
  else if (target !== null && !collectionsOf(env).has(target))
    errors.push(invalidField('parent', 'VALIDATION_INVALID', { ...SCOPE, message: `There is no upload collection "${target}"` }));
  else if (target !== null && selfId !== undefined && (target === selfId || descendants(env, selfId).has(target)))
    errors.push(invalidField('parent', 'VALIDATION_INVALID', { ...SCOPE, message: 'A collection cannot be inside itself' }));
  else return target;
  return undefined;
}

function attributeProblems(attributes: Obj, creating: boolean): ApiErrorSpec[] {
  const errors = extraneous(attributes, ['label', 'position'], 'attributes');
  if (creating && !('label' in attributes)) errors.push(invalidField('label', 'VALIDATION_REQUIRED', SCOPE));
  if ('label' in attributes && (typeof attributes.label !== 'string' || attributes.label.trim() === ''))
    errors.push(
      invalidField(
        'label',
        typeof attributes.label === 'string' || attributes.label === null ? 'VALIDATION_REQUIRED' : 'VALIDATION_FORMAT',
        SCOPE,
      ),
    );
  if ('position' in attributes && !(Number.isInteger(attributes.position) && Number(attributes.position) >= 0))
    errors.push(invalidField('position', 'VALIDATION_FORMAT', SCOPE));
  return errors;
}

const nextPosition = (env: EnvironmentData, parent: string | null) =>
  1 +
  Math.max(0, ...[...collectionsOf(env).values()].filter((c) => relId(c, 'parent') === parent).map((c) => Number(c.attributes.position)));

export function createCollection(env: EnvironmentData, query: Query, body: unknown): Document {
  checkQueryParams(query, {});
  const { id, attributes, relationships, meta } = createEnvelope(body, 'upload_collection', (candidate) =>
    collectionsOf(env).has(candidate),
  );
  const errors = [
    ...attributeProblems(attributes, true),
    ...extraneous(relationships, ['parent'], 'relationships'),
    ...extraneous(meta, [], 'meta'),
  ];
  const parent = 'parent' in relationships ? parentTarget(env, relationships.parent, undefined, errors) : null;
  fail(errors);
  const collection: Resource<'upload_collection'> = {
    id: id ?? newId(),
    type: 'upload_collection',
    attributes: { label: attributes.label, position: attributes.position ?? nextPosition(env, parent ?? null) },
    relationships: { parent: { data: parent ? { type: 'upload_collection', id: parent } : null } },
    meta: {},
  };
  collectionsOf(env).set(collection.id, collection);
  return { data: wire(collectionResource(env, collection)) };
}

export function updateCollection(env: EnvironmentData, id: string, query: Query, body: unknown): Document {
  checkQueryParams(query, {});
  const collection = collectionsOf(env).get(id);
  if (!collection) throw collectionNotFound(id);
  const { attributes, relationships, meta } = envelope(body, 'upload_collection', [id]);
  const errors = [
    ...attributeProblems(attributes, false),
    ...extraneous(relationships, ['parent', 'children'], 'relationships'),
    ...extraneous(meta, [], 'meta'),
  ];
  const parent = 'parent' in relationships ? parentTarget(env, relationships.parent, id, errors) : undefined;
  let children: string[] | undefined;
  if ('children' in relationships) {
    const value = relationships.children;
    const list = isObject(value) && Object.keys(value).every((k) => k === 'data') && Array.isArray(value.data) ? value.data : undefined;
    const ids = list?.map((entry) =>
      isObject(entry) && entry.type === 'upload_collection' && Object.keys(entry).length === 2 && isApiId(entry.id) ? entry.id : undefined,
    );
    if (!ids || ids.some((c) => c === undefined)) errors.push(invalidField('children', 'VALIDATION_FORMAT', SCOPE));
    else {
      const ancestors = new Set<string>();
      for (let at = parent !== undefined ? parent : relId(collection, 'parent'); at; at = relId(collectionsOf(env).get(at)!, 'parent'))
        ancestors.add(at);
      const wrong = (ids as string[]).filter((c) => !collectionsOf(env).has(c) || c === id || ancestors.has(c));
      if (wrong.length)
        errors.push(invalidField('children', 'VALIDATION_INVALID', { ...SCOPE, message: `Not possible children: ${wrong.join(', ')}` }));
      else children = ids as string[];
    }
  }
  fail(errors);
  if (attributes.label !== undefined) collection.attributes.label = attributes.label;
  if (attributes.position !== undefined) collection.attributes.position = attributes.position;
  if (parent !== undefined) collection.relationships.parent = { data: parent ? { type: 'upload_collection', id: parent } : null };
  if (children) {
    // the list is the collection's children: the ones named move in, the ones left out move to the top
    for (const other of collectionsOf(env).values()) {
      const inside = children.includes(other.id);
      if (inside) other.relationships.parent = { data: { type: 'upload_collection', id } };
      else if (relId(other, 'parent') === id) other.relationships.parent = { data: null };
    }
  }
  return { data: wire(collectionResource(env, collection)) };
}

/**
 * Deletes a collection at once and answers it as it was. The documentation does not say what happens to its
 * contents; here its uploads leave it (no collection) and its children move up to its parent.
 */
export function destroyCollection(env: EnvironmentData, id: string, query: Query): Document {
  checkQueryParams(query, {});
  const collection = collectionsOf(env).get(id);
  if (!collection) throw collectionNotFound(id);
  const shown = wire(collectionResource(env, collection));
  const parent = collection.relationships.parent ?? { data: null };
  for (const other of collectionsOf(env).values()) if (relId(other, 'parent') === id) other.relationships.parent = structuredClone(parent);
  for (const upload of env.uploads.values())
    if (relId(upload, 'upload_collection') === id) upload.relationships.upload_collection = { data: null };
  collectionsOf(env).delete(id);
  return { data: shown };
}

/** POST /upload-collections/reorder (private): `data` is a list of `{type, id, attributes: {position}, relationships: {parent}}`. */
export function planCollectionReorder(env: EnvironmentData, query: Query, body: unknown): () => Document {
  checkQueryParams(query, {});
  const list = isObject(body) && Object.keys(body).every((k) => k === 'data') && Array.isArray(body.data) ? body.data : undefined;
  if (!list || list.length === 0)
    throw httpError(422, 'INVALID_FORMAT', {
      message:
        'The body must be {"data": [{"type": "upload_collection", "id", "attributes": {"position"}, "relationships": {"parent"}}, …]}',
    });
  const errors: ApiErrorSpec[] = [];
  const moves = list.map((entry) => {
    const id = isObject(entry) && typeof entry.id === 'string' ? entry.id : '';
    const { attributes, relationships, meta } = envelope({ data: entry }, 'upload_collection', [id]);
    if (!collectionsOf(env).has(id)) throw collectionNotFound(id);
    errors.push(
      ...extraneous(attributes, ['position'], 'attributes'),
      ...extraneous(relationships, ['parent'], 'relationships'),
      ...extraneous(meta, [], 'meta'),
    );
    if (!Number.isInteger(attributes.position) || Number(attributes.position) < 0)
      errors.push(invalidField('position', 'VALIDATION_FORMAT', { ...SCOPE, id }));
    const parent =
      'parent' in relationships
        ? parentTarget(env, relationships.parent, id, errors)
        : (errors.push(invalidField('parent', 'VALIDATION_REQUIRED', { ...SCOPE, id })), undefined);
    return { id, position: Number(attributes.position), parent };
  });
  fail(errors);
  return () => {
    for (const move of moves) {
      const collection = collectionsOf(env).get(move.id);
      if (!collection) throw collectionNotFound(move.id);
      collection.attributes.position = move.position;
      collection.relationships.parent = { data: move.parent ? { type: 'upload_collection', id: move.parent } : null };
    }
    return { data: moves.map((move) => wire(collectionResource(env, collectionsOf(env).get(move.id)!))) };
  };
}

// ---- tags and smart tags ----

/** A page of names (tags or smart tags) matching `filter[query]`, 50 by default, at most 500. */
function tagPage(names: string[], type: 'upload_tag' | 'upload_smart_tag', query: Query): Document {
  checkQueryParams(query, { filter: ['query'], page: ['offset', 'limit'] });
  const page = (query.page ?? {}) as Record<string, QueryValue>;
  const offset = pageNumber(page.offset, 'page[offset]', 0);
  const limit = pageNumber(page.limit, 'page[limit]', TAGS_PAGE_LIMIT);
  if (limit > MAX_PAGE_LIMIT) throw httpError(422, 'INVALID_PARAMS', { param: 'page[limit]', value: limit, maximum: MAX_PAGE_LIMIT });
  const text = ((query.filter as Record<string, QueryValue> | undefined)?.query as string | undefined)?.toLowerCase();
  const matching = names.filter((name) => !text || name.toLowerCase().includes(text)).sort((a, b) => a.localeCompare(b));
  return {
    data: matching.slice(offset, offset + limit).map((name) => ({ type, id: name, attributes: { name } })),
    meta: { total_count: matching.length },
  };
}

export function listTags(env: EnvironmentData, query: Query): Document {
  return tagPage([...mediaArea(env).tags], 'upload_tag', query);
}

export function listSmartTags(env: EnvironmentData, query: Query): Document {
  const names = new Set<string>();
  for (const upload of env.uploads.values()) for (const tag of upload.attributes.smart_tags as string[]) names.add(tag);
  return tagPage([...names], 'upload_smart_tag', query);
}

/** POST /upload-tags: `{"data": {"type": "upload_tag", "attributes": {"name"}}}` — a tag's id is its name. */
export function createTag(env: EnvironmentData, query: Query, body: unknown): Document {
  checkQueryParams(query, {});
  if (isObject(body) && isObject(body.data) && 'id' in body.data)
    throw httpError(422, 'INVALID_FORMAT', { message: 'A tag takes no id: its name is its id' });
  const { attributes, relationships, meta } = createEnvelope(body, 'upload_tag', () => false);
  const errors = [
    ...extraneous(attributes, ['name'], 'attributes'),
    ...extraneous(relationships, [], 'relationships'),
    ...extraneous(meta, [], 'meta'),
  ];
  const name = attributes.name;
  const scope = { record_type: 'UploadTag' };
  if (typeof name !== 'string' || name.trim() === '')
    errors.push(invalidField('name', typeof name === 'string' || name === undefined ? 'VALIDATION_REQUIRED' : 'VALIDATION_FORMAT', scope));
  else if (mediaArea(env).tags.has(name)) errors.push(invalidField('name', 'VALIDATION_UNIQUENESS', scope));
  fail(errors);
  mediaArea(env).tags.add(name as string);
  return { data: { type: 'upload_tag', id: name, attributes: { name } } };
}
