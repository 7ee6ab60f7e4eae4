// The media area's endpoints: uploads (list, find, create and update as jobs, delete, references, bulk
// operations), upload requests, collections, tags, smart tags and saved filters. Uploads and everything
// about them are environment data; the stored files are the project's (the storage is shared).
import { httpError } from './errors.js';
import { createEnvelope, extraneous, fail, invalidField, isObject, relationshipTarget, type Document } from './envelope.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import { wire } from './resources.js';
import type { RouteContext, RouteReply } from './schema-creates.js';
import { mediaArea, uploadNotFound } from './upload-area.js';
import { isBulkUploadOperation, planUploadBulk } from './upload-bulk.js';
import {
  createCollection,
  createTag,
  destroyCollection,
  findCollection,
  listCollections,
  listSmartTags,
  listTags,
  planCollectionReorder,
  updateCollection,
} from './upload-collections.js';
import { routeUploadFilters } from './upload-filters.js';
import { listUploads } from './upload-list.js';
import type { UploadStorage } from './upload-storage.js';
import { uploadReferences } from './upload-usage.js';
import { destroyUpload, planUploadCreate, planUploadUpdate } from './upload-writes.js';

/** The media area's routes; undefined when the request is none of them. */
export function routeUploads(ctx: RouteContext, storage: UploadStorage): RouteReply | undefined {
  const { method, segments, query, store } = ctx;
  const [head, id, sub] = segments;
  const ok = (body: Document): RouteReply => ({ status: 200, body });
  switch (head) {
    case 'uploads': {
      if (segments.length === 1 && method === 'GET') return ok(listUploads(store, ctx.env(), query));
      if (segments.length === 1 && method === 'POST') {
        checkQueryParams(query, NO_PARAMS);
        return ctx.startJob(planUploadCreate(store, ctx.env(), storage, ctx.body()));
      }
      if (id === 'bulk' && segments.length === 3 && method === 'POST' && isBulkUploadOperation(sub))
        return ctx.startJob(planUploadBulk(store, ctx.env(), sub, query, ctx.body()));
      if (segments.length === 2 && id) {
        if (method === 'GET') {
          checkQueryParams(query, NO_PARAMS);
          const upload = ctx.env().uploads.get(id);
          if (!upload) throw uploadNotFound(id);
          return ok({ data: wire(structuredClone(upload)) });
        }
        if (method === 'PUT') return ctx.startJob(planUploadUpdate(store, ctx.env(), storage, id, query, ctx.body()));
        if (method === 'DELETE') return ok(destroyUpload(store, ctx.env(), id, query));
      }
      if (segments.length === 3 && id && sub === 'references' && method === 'GET') return ok(uploadReferences(store, ctx.env(), id, query));
      return undefined;
    }
    case 'upload-requests':
      if (segments.length === 1 && method === 'POST') return ok(createUploadRequest(ctx, storage));
      return undefined;
    case 'upload-collections': {
      const env = ctx.env();
      if (segments.length === 1 && method === 'GET') return ok(listCollections(env, query));
      if (segments.length === 1 && method === 'POST') return ok(createCollection(env, query, ctx.body()));
      if (segments.length === 2 && id === 'reorder' && method === 'POST')
        return ctx.startJob(planCollectionReorder(env, query, ctx.body()));
      if (segments.length === 2 && id && method === 'GET') return ok(findCollection(env, id, query));
      if (segments.length === 2 && id && method === 'PUT') return ok(updateCollection(env, id, query, ctx.body()));
      if (segments.length === 2 && id && method === 'DELETE') return ok(destroyCollection(env, id, query));
      return undefined;
    }
    case 'upload-tags':
      if (segments.length === 1 && method === 'GET') return ok(listTags(ctx.env(), query));
      if (segments.length === 1 && method === 'POST') return ok(createTag(ctx.env(), query, ctx.body()));
      return undefined;
    case 'upload-smart-tags':
      if (segments.length === 1 && method === 'GET') return ok(listSmartTags(ctx.env(), query));
      return undefined;
    case 'upload-filters': {
      if (segments.length > 2) return undefined;
      const answer = routeUploadFilters(ctx.env(), method, id, query, ctx.body);
      return answer && ok(answer);
    }
  }
  return undefined;
}

/**
 * POST /upload-requests: `{"data": {"type": "upload_request", "attributes": {"filename"?}, "relationships"?: {"upload_collection"}}}`.
 * Answers the path the file will have (the id) and a presigned URL of the emulator's storage.
 */
function createUploadRequest(ctx: RouteContext, storage: UploadStorage): Document {
  checkQueryParams(ctx.query, NO_PARAMS);
  const body = ctx.body();
  // the id is the path DatoCMS chooses: a body cannot name it
  if (isObject(body) && isObject(body.data) && 'id' in body.data)
    throw httpError(422, 'INVALID_FORMAT', { message: "An upload request takes no id: DatoCMS answers the file's path as its id" });
  const { attributes, relationships, meta } = createEnvelope(body, 'upload_request', () => false);
  const errors = [
    ...extraneous(attributes, ['filename'], 'attributes'),
    ...extraneous(relationships, ['upload_collection'], 'relationships'),
    ...extraneous(meta, [], 'meta'),
  ];
  const scope = { record_type: 'UploadRequest' };
  const filename = attributes.filename;
  if (filename !== undefined && (typeof filename !== 'string' || filename.trim() === '' || /[/\\]/.test(filename)))
    errors.push(invalidField('filename', 'VALIDATION_FORMAT', { ...scope, message: 'a file name, without directories' }));
  let collection: string | null = null;
  if ('upload_collection' in relationships) {
    const target = relationshipTarget(relationships.upload_collection, 'upload_collection');
    if (target === undefined) errors.push(invalidField('upload_collection', 'VALIDATION_FORMAT', scope));
    else if (target !== null && !mediaArea(ctx.env()).collections.has(target))
      errors.push(
        invalidField('upload_collection', 'VALIDATION_INVALID', { ...scope, message: `There is no upload collection "${target}"` }),
      );
    else collection = target;
  }
  fail(errors);
  const granted = storage.request(typeof filename === 'string' ? filename : null, collection);
  return { data: { type: 'upload_request', id: granted.path, attributes: { url: granted.url, request_headers: granted.requestHeaders } } };
}
