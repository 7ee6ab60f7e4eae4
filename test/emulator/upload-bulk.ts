// POST /uploads/bulk/tag, /uploads/bulk/set-upload-collection and /uploads/bulk/destroy: the body is checked
// at once (422), then a job applies it upload by upload; one that cannot change (unknown, in use) counts as
// failed. The job's payload is `{data: [], meta: {successful, failed}}`, as for the records' bulk operations.
import { httpError, type ApiErrorSpec } from './errors.js';
import { extraneous, fail, invalidField, isObject, relationshipTarget, type Document, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import { checkQueryParams } from './params.js';
import type { Query } from './query.js';
import type { EmulatorStore, EnvironmentData } from './store.js';
import { mediaArea, registerTags } from './upload-area.js';
import { inUseProblem } from './upload-writes.js';

/** The API documents no limit for these; 200, as for records, is the stricter reading of a limit a third party reports. */
export const MAX_BULK_UPLOADS = 200;

const OPERATIONS = {
  tag: { type: 'upload_bulk_tag_operation', attributes: ['tags'], relationships: ['uploads'] },
  'set-upload-collection': {
    type: 'upload_bulk_set_upload_collection_operation',
    attributes: [],
    relationships: ['upload_collection', 'uploads'],
  },
  destroy: { type: 'upload_bulk_destroy_operation', attributes: [], relationships: ['uploads'] },
} as const;

export type BulkUploadOperation = keyof typeof OPERATIONS;

export function isBulkUploadOperation(name: string | undefined): name is BulkUploadOperation {
  return name !== undefined && name in OPERATIONS;
}

/** Checks the body and returns the job that applies it. */
export function planUploadBulk(
  store: EmulatorStore,
  env: EnvironmentData,
  operation: BulkUploadOperation,
  query: Query,
  raw: unknown,
): () => Document {
  checkQueryParams(query, {});
  const spec = OPERATIONS[operation];
  const data = isObject(raw) && Object.keys(raw).every((k) => k === 'data') && isObject(raw.data) ? raw.data : undefined;
  const shape = `{"data": {"type": "${spec.type}", ${spec.attributes.length ? '"attributes": {"tags": […]}, ' : ''}"relationships": {${spec.relationships.map((r) => `"${r}": {"data": …}`).join(', ')}}}}`;
  if (!data || data.type !== spec.type || Object.keys(data).some((k) => !['type', 'attributes', 'relationships'].includes(k)))
    throw httpError(422, data && data.type !== spec.type && 'type' in data ? 'INVALID_TYPE' : 'INVALID_FORMAT', {
      message: `The body must be ${shape}`,
    });
  const attributes = (isObject(data.attributes) ? data.attributes : {}) as Obj;
  const relationships = (isObject(data.relationships) ? data.relationships : {}) as Obj;
  const errors: ApiErrorSpec[] = [
    ...extraneous(attributes, spec.attributes, 'attributes'),
    ...extraneous(relationships, spec.relationships, 'relationships'),
  ];
  let tags: string[] = [];
  if (operation === 'tag') {
    const given = attributes.tags;
    if (!Array.isArray(given) || given.length === 0 || !given.every((t) => typeof t === 'string' && t.trim() !== ''))
      errors.push(
        invalidField('tags', given === undefined ? 'VALIDATION_REQUIRED' : 'VALIDATION_FORMAT', {
          message: 'tags is a non-empty list of non-blank strings',
        }),
      );
    else tags = [...new Set(given as string[])];
  }
  let collection: string | null = null;
  if (operation === 'set-upload-collection') {
    const target =
      'upload_collection' in relationships ? relationshipTarget(relationships.upload_collection, 'upload_collection') : undefined;
    if (target === undefined)
      errors.push(invalidField('upload_collection', 'upload_collection' in relationships ? 'VALIDATION_FORMAT' : 'VALIDATION_REQUIRED'));
    else if (target !== null && !mediaArea(env).collections.has(target))
      errors.push(invalidField('upload_collection', 'VALIDATION_INVALID', { message: `There is no upload collection "${target}"` }));
    else collection = target;
  }
  fail(errors);
  const ids = uploadIds(relationships.uploads);
  return () => {
    let successful = 0;
    let failed = 0;
    for (const id of ids) {
      const upload = env.uploads.get(id);
      if (!upload) {
        failed++;
        continue;
      }
      if (operation === 'tag') {
        upload.attributes.tags = [...new Set([...(upload.attributes.tags as string[]), ...tags])];
        registerTags(env, tags);
      } else if (operation === 'set-upload-collection') {
        if (collection !== null && !mediaArea(env).collections.has(collection)) {
          failed++;
          continue;
        }
        upload.relationships.upload_collection = { data: collection === null ? null : { type: 'upload_collection', id: collection } };
      } else {
        if (inUseProblem(store, env, id)) {
          failed++;
          continue;
        }
        env.uploads.delete(id);
        successful++;
        continue;
      }
      upload.attributes.updated_at = new Date().toISOString();
      successful++;
    }
    return { data: [], meta: { successful, failed } };
  };
}

/** `{"data": [{"type": "upload", "id"}, …]}` → the ids (each once); none → MISSING_UPLOAD_IDS, too many → TOO_MANY_OPERATIONS. */
function uploadIds(value: unknown): string[] {
  const list = isObject(value) && Object.keys(value).every((k) => k === 'data') ? value.data : undefined;
  if (value === undefined || (Array.isArray(list) && list.length === 0))
    throw httpError(422, 'MISSING_UPLOAD_IDS', { message: 'relationships.uploads must name at least one upload' });
  if (!Array.isArray(list))
    throw httpError(422, 'INVALID_FORMAT', { message: 'relationships.uploads is {"data": [{"type": "upload", "id": …}, …]}' });
  if (list.length > MAX_BULK_UPLOADS)
    throw httpError(422, 'TOO_MANY_OPERATIONS', {
      count: list.length,
      maximum: MAX_BULK_UPLOADS,
      message: `at most ${MAX_BULK_UPLOADS} uploads per request`,
    });
  const ids = list.map((entry) =>
    isObject(entry) && entry.type === 'upload' && Object.keys(entry).length === 2 && isApiId(entry.id) ? entry.id : undefined,
  );
  if (ids.some((id) => id === undefined))
    throw httpError(422, 'INVALID_FORMAT', { message: 'each of uploads.data is {"type": "upload", "id": <id>}' });
  return [...new Set(ids as string[])];
}
