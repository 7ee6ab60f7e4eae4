// Writing uploads: POST /uploads (a job that turns an uploaded file into an upload), PUT /uploads/:id (a job:
// metadata, rename, a new file for the same upload), DELETE /uploads/:id (at once; refused while records use
// it). The body is checked at once (422); what depends on the file or on other writes is checked again when
// the job runs, and a job that cannot apply fails with the error instead.
import type { Resource, ResourceIdentifier } from '../../src/cma/types.js';
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
import { checkQueryParams } from './params.js';
import type { Query } from './query.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData } from './store.js';
import { fileAttributes, mediaArea, newUploadResource, registerTags, renamed, uploadNotFound } from './upload-area.js';
import type { UploadStorage } from './upload-storage.js';
import { replacementProblems, usesOf } from './upload-usage.js';
import { API_TOKEN_EDITOR } from './versions.js';

const CREATE_ATTRIBUTES = ['path', 'copyright', 'author', 'notes', 'default_field_metadata', 'tags'];
const UPDATE_ATTRIBUTES = ['path', 'basename', 'copyright', 'author', 'notes', 'tags', 'default_field_metadata'];
const METADATA_KEYS = ['alt', 'title', 'custom_data', 'focal_point', 'poster_time'];
const CREATOR_TYPES = ['account', 'access_token', 'user', 'sso_user', 'organization'];
const REPLACE_STRATEGIES = ['create_new_url', 'keep_url'];
const SCOPE = { record_type: 'Upload' };

const field = (name: string, code: string, message?: string, extra: Obj = {}) =>
  invalidField(name, code, { ...SCOPE, ...extra, ...(message ? { message } : {}) });

/** Problems with the attributes of a create or update (their shapes; the file is checked by the job). */
function attributeProblems(attributes: Obj, locales: readonly string[], creating: boolean): ApiErrorSpec[] {
  const errors = extraneous(attributes, creating ? CREATE_ATTRIBUTES : UPDATE_ATTRIBUTES, 'attributes');
  if (creating && !('path' in attributes)) errors.push(field('path', 'VALIDATION_REQUIRED'));
  if ('path' in attributes && (typeof attributes.path !== 'string' || attributes.path === ''))
    errors.push(field('path', 'VALIDATION_FORMAT'));
  if ('basename' in attributes) {
    // the basename becomes part of the URL: we take the stricter reading and refuse what a URL segment cannot hold as is
    const ok = typeof attributes.basename === 'string' && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(attributes.basename);
    if (!ok) errors.push(field('basename', 'VALIDATION_FORMAT', 'letters, digits, dots, dashes and underscores, not starting with a dot'));
  }
  for (const name of ['copyright', 'author', 'notes'])
    if (name in attributes && attributes[name] !== null && typeof attributes[name] !== 'string')
      errors.push(field(name, 'VALIDATION_FORMAT'));
  if ('tags' in attributes) {
    const tags = attributes.tags;
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string' && t.trim() !== ''))
      errors.push(field('tags', 'VALIDATION_FORMAT', 'tags are a list of non-blank strings'));
  }
  if ('default_field_metadata' in attributes) errors.push(...metadataProblems(attributes.default_field_metadata, locales));
  return errors;
}

function metadataProblems(value: unknown, locales: readonly string[]): ApiErrorSpec[] {
  const bad = (message: string, code = 'VALIDATION_FORMAT') => [field('default_field_metadata', code, message)];
  if (!isObject(value)) return bad('default_field_metadata is an object of alt, title, custom_data, focal_point, poster_time');
  const unknown = Object.keys(value).filter((k) => !METADATA_KEYS.includes(k));
  if (unknown.length) {
    // a locale at the top is the older per-locale shape, which this project (non-localized focal points) does not speak
    const legacy = unknown.some((k) => locales.includes(k));
    return bad(
      legacy
        ? 'this environment takes {alt: {<locale>: …}, title, custom_data, focal_point, poster_time}, not per-locale objects'
        : `unknown keys: ${unknown.join(', ')}`,
    );
  }
  for (const key of ['alt', 'title', 'custom_data'] as const) {
    if (!(key in value)) continue;
    const perLocale = value[key];
    if (!isObject(perLocale)) return bad(`${key} is an object keyed by locale`);
    const wrong = Object.keys(perLocale).filter((l) => !locales.includes(l));
    if (wrong.length)
      return bad(
        `${key}: ${wrong.join(', ')} ${wrong.length > 1 ? 'are not locales' : 'is not a locale'} of the project`,
        'VALIDATION_INVALID_LOCALES',
      );
    const valid = (v: unknown) => (key === 'custom_data' ? isObject(v) : v === null || typeof v === 'string');
    if (!Object.values(perLocale).every(valid))
      return bad(key === 'custom_data' ? 'custom_data values are objects' : `${key} values are strings or null`);
  }
  if ('focal_point' in value && value.focal_point !== null) {
    const point = value.focal_point;
    const unit = (n: unknown) => typeof n === 'number' && n >= 0 && n <= 1;
    if (!isObject(point) || Object.keys(point).sort().join() !== 'x,y' || !unit(point.x) || !unit(point.y))
      return bad('focal_point is null or {x, y} with both from 0 to 1');
  }
  if ('poster_time' in value && value.poster_time !== null && !(typeof value.poster_time === 'number' && value.poster_time >= 0))
    return bad('poster_time is null or a number of seconds (0 or more)');
  return [];
}

/** The relationships of a create (`upload_collection`) or update (also `creator`); undefined members are left as they are. */
function relationshipValues(
  env: EnvironmentData,
  relationships: Obj,
  creating: boolean,
): { collection?: string | null; creator?: ResourceIdentifier; errors: ApiErrorSpec[] } {
  const errors = extraneous(relationships, creating ? ['upload_collection'] : ['creator', 'upload_collection'], 'relationships');
  const out: { collection?: string | null; creator?: ResourceIdentifier; errors: ApiErrorSpec[] } = { errors };
  if ('upload_collection' in relationships) {
    const target = relationshipTarget(relationships.upload_collection, 'upload_collection');
    if (target === undefined) errors.push(field('upload_collection', 'VALIDATION_FORMAT'));
    else if (target !== null && !mediaArea(env).collections.has(target))
      errors.push(field('upload_collection', 'VALIDATION_INVALID', `There is no upload collection "${target}"`));
    else out.collection = target;
  }
  if ('creator' in relationships) {
    const target = relationshipTarget(relationships.creator, CREATOR_TYPES);
    const data = (relationships.creator as { data?: { type?: string } } | undefined)?.data;
    if (target === undefined || target === null) errors.push(field('creator', 'VALIDATION_FORMAT'));
    else out.creator = { type: String(data?.type), id: target };
  }
  return out;
}

/** Applies a default_field_metadata patch: keys left out keep their value; alt, title and custom_data merge per locale. */
function patchMetadata(upload: Resource<'upload'>, patch: Obj): void {
  const current = upload.attributes.default_field_metadata as Obj;
  for (const [key, value] of Object.entries(patch)) {
    current[key] = key === 'focal_point' || key === 'poster_time' ? value : { ...(current[key] as Obj), ...(value as Obj) };
  }
}

/** What the file allows: a focal point on an image only, a poster time on a video only. */
function kindProblems(upload: Resource<'upload'>): ApiErrorSpec[] {
  const metadata = upload.attributes.default_field_metadata as Obj;
  const mime = String(upload.attributes.mime_type ?? '');
  const errors: ApiErrorSpec[] = [];
  if (metadata.focal_point !== null && !upload.attributes.is_image)
    errors.push(field('default_field_metadata', 'VALIDATION_INVALID', 'only an image has a focal point'));
  if (metadata.poster_time !== null && !mime.startsWith('video/'))
    errors.push(field('default_field_metadata', 'VALIDATION_INVALID', 'only a video has a poster time'));
  return errors;
}

/** The stored file of an upload request's path, for a create or replacement; the error when there is none. */
function storedFile(storage: UploadStorage, env: EnvironmentData, path: string, ownId?: string) {
  const file = storage.file(path);
  if (!file) {
    const requested = storage.slot(path) !== undefined;
    throw httpError(422, 'INVALID_FIELD', {
      field: 'path',
      code: 'VALIDATION_INVALID',
      ...SCOPE,
      message: requested
        ? `No file was uploaded to "${path}" yet: PUT it to the upload request's URL first`
        : `"${path}" is not the id of an upload request`,
    });
  }
  // A path becomes one upload: the documentation does not say what a second use does, we take the stricter reading.
  for (const other of env.uploads.values())
    if (other.id !== ownId && other.attributes.path === path)
      throw httpError(422, 'INVALID_FIELD', {
        field: 'path',
        code: 'VALIDATION_UNIQUENESS',
        ...SCOPE,
        message: `The upload "${other.id}" already has this file`,
      });
  return file;
}

export function planUploadCreate(store: EmulatorStore, env: EnvironmentData, storage: UploadStorage, body: unknown): () => Document {
  const { id, attributes, relationships, meta } = createEnvelope(body, 'upload', (candidate) => env.uploads.has(candidate));
  const locales = store.site.attributes.locales as string[];
  const rel = relationshipValues(env, relationships, true);
  fail([...attributeProblems(attributes, locales, true), ...rel.errors, ...extraneous(meta, [], 'meta')]);
  const path = String(attributes.path);
  return () => {
    if (id !== undefined && env.uploads.has(id))
      throw httpError(422, 'INVALID_FIELD', { field: 'id', code: 'VALIDATION_UNIQUENESS', ...SCOPE });
    const file = storedFile(storage, env, path);
    const requestCollection = storage.slot(path)?.collectionId ?? null;
    const collection =
      rel.collection !== undefined
        ? rel.collection
        : requestCollection && mediaArea(env).collections.has(requestCollection)
          ? requestCollection
          : null;
    if (collection && !mediaArea(env).collections.has(collection))
      throw httpError(422, 'INVALID_FIELD', { field: 'upload_collection', code: 'VALIDATION_INVALID', ...SCOPE });
    const upload = newUploadResource(id ?? newId(), path, file, locales, API_TOKEN_EDITOR, collection);
    applyMetadata(env, upload, attributes);
    fail(kindProblems(upload));
    env.uploads.set(upload.id, upload);
    return { data: wire(structuredClone(upload)) };
  };
}

function applyMetadata(env: EnvironmentData, upload: Resource<'upload'>, attributes: Obj): void {
  for (const name of ['copyright', 'author', 'notes']) if (name in attributes) upload.attributes[name] = attributes[name];
  if (Array.isArray(attributes.tags)) {
    const tags = [...new Set(attributes.tags as string[])];
    upload.attributes.tags = tags;
    registerTags(env, tags);
  }
  if (isObject(attributes.default_field_metadata)) patchMetadata(upload, attributes.default_field_metadata);
}

export function planUploadUpdate(
  store: EmulatorStore,
  env: EnvironmentData,
  storage: UploadStorage,
  id: string,
  query: Query,
  body: unknown,
): () => Document {
  checkQueryParams(query, { replace_strategy: 'scalar' });
  const strategy = query.replace_strategy ?? 'create_new_url';
  if (!REPLACE_STRATEGIES.includes(String(strategy)))
    throw httpError(422, 'INVALID_PARAMS', { param: 'replace_strategy', value: String(strategy), allowed: REPLACE_STRATEGIES });
  if (!env.uploads.has(id)) throw uploadNotFound(id);
  const { attributes, relationships, meta } = envelope(body, 'upload', [id]);
  const locales = store.site.attributes.locales as string[];
  const rel = relationshipValues(env, relationships, false);
  fail([...attributeProblems(attributes, locales, false), ...rel.errors, ...extraneous(meta, [], 'meta')]);
  return () => {
    const stored = env.uploads.get(id);
    if (!stored) throw uploadNotFound(id);
    const upload = structuredClone(stored);
    const path = attributes.path;
    if (typeof path === 'string' && path !== stored.attributes.path) {
      const file = storedFile(storage, env, path, id);
      const next = fileAttributes(path, file);
      if (strategy === 'keep_url') {
        if (next.format !== stored.attributes.format)
          throw httpError(422, 'INVALID_FIELD', {
            field: 'path',
            code: 'VALIDATION_INVALID',
            ...SCOPE,
            message: `keep_url needs a file of the same format (${String(stored.attributes.format)})`,
          });
        for (const kept of ['path', 'url', 'filename', 'basename']) next[kept] = stored.attributes[kept];
      }
      Object.assign(upload.attributes, next);
      // a new file has its own smart tags, found later
      upload.attributes.smart_tags = [];
    }
    if (typeof attributes.basename === 'string') renamed(upload, attributes.basename);
    applyMetadata(env, upload, attributes);
    if (rel.collection !== undefined) {
      if (rel.collection !== null && !mediaArea(env).collections.has(rel.collection))
        throw httpError(422, 'INVALID_FIELD', { field: 'upload_collection', code: 'VALIDATION_INVALID', ...SCOPE });
      upload.relationships.upload_collection = { data: rel.collection === null ? null : { type: 'upload_collection', id: rel.collection } };
    }
    if (rel.creator) upload.relationships.creator = { data: rel.creator };
    fail([...kindProblems(upload), ...replacementProblems(store, env, upload)]);
    upload.attributes.updated_at = new Date().toISOString();
    env.uploads.set(id, upload);
    return { data: wire(structuredClone(upload)) };
  };
}

/** Refused while a record's current or published version uses the upload. */
export function inUseProblem(store: EmulatorStore, env: EnvironmentData, id: string): ApiErrorSpec | undefined {
  if (!usesOf(store, env, id, ['current', 'published']).length) return undefined;
  return {
    code: 'UPLOAD_IS_CURRENTLY_IN_USE',
    details: { message: "Couldn't delete this asset, as it's currently used by some records!" },
  };
}

export function destroyUpload(store: EmulatorStore, env: EnvironmentData, id: string, query: Query): Document {
  checkQueryParams(query, {});
  const upload = env.uploads.get(id);
  if (!upload) throw uploadNotFound(id);
  const inUse = inUseProblem(store, env, id);
  if (inUse) fail([inUse]);
  env.uploads.delete(id);
  return { data: wire(structuredClone(upload)) };
}
