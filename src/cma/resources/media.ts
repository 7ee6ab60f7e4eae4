// The media area's writes and its other resources: creating (from an upload request's path or from a file),
// updating, replacing and deleting uploads, the bulk operations, upload requests, collections, tags, smart tags
// and saved filters: `client.media`, made on first use over the client's requests.

import type { ClientCalls } from '../calls';
import type { BodySource } from '../jsonapi';
import { ApiError, ResponseError } from '../errors';
import { expectAskedFor, parseCollection, parsePage, parseSingle } from '../jsonapi';
import { listAllPages, MAX_LIST_CONCURRENCY } from '../paging';
import { segment } from './shared';
import type { ListAllOptions } from '../paging';
import type { CallOptions, JobCallOptions, RawRequest } from '../settings';
import type { CreateBody, Page, Resource, ResourceType, UpdateBody } from '../types';
import { UploadInUseError } from '../uploadErrors';
import {
  createUploadFromFile,
  replaceUploadFile,
  type CreateFromFileOptions,
  type ReplaceFileOptions,
  type UploadMetadata,
  type UploadSource,
} from '../uploadFile';
import type { BulkOutcome } from './publishing';

/** Uploads per bulk request: the limit the API documents for records, which the client keeps for uploads too. */
export const MAX_BULK_UPLOADS = 200;
const MAX_TAGS_PAGE_SIZE = 500;

/** A permission to store one file: its future path (the id) and where to PUT it, with which headers. */
interface UploadPermission {
  path: string;
  url: string;
  requestHeaders: Record<string, string>;
}

interface UploadWrites {
  /** `POST /uploads` from an upload request's path whose file was PUT (a job); the file's own flow is `createFromFile` */
  create(
    path: string,
    metadata?: UploadMetadata,
    o?: JobCallOptions & { collectionId?: string | null; id?: string },
  ): Promise<Resource<'upload'>>;
  /** `PUT /uploads/:id` (a job): metadata (a patch), `basename` (rename), `path` (a new file), `upload_collection`, `creator` */
  update(
    id: string,
    body: UpdateBody<'upload'>,
    o?: JobCallOptions & { replaceStrategy?: 'create_new_url' | 'keep_url' },
  ): Promise<Resource<'upload'>>;
  /** resolves with the upload as it was; UploadInUseError when records use it */
  destroy(id: string, o?: CallOptions): Promise<Resource<'upload'>>;
  /** adds tags (jobs of at most 200 uploads, one after the other) */
  bulkTag(ids: string[], tags: string[], o?: JobCallOptions): Promise<BulkOutcome>;
  bulkSetCollection(ids: string[], collectionId: string | null, o?: JobCallOptions): Promise<BulkOutcome>;
  /** uploads in use are not deleted: they count as failed */
  bulkDestroy(ids: string[], o?: JobCallOptions): Promise<BulkOutcome>;
  /** a file into a new upload: upload request, streamed PUT, create job */
  createFromFile(source: UploadSource, options?: CreateFromFileOptions): Promise<Resource<'upload'>>;
  /** a new file for the same upload (id, metadata and references kept) */
  replaceFile(id: string, source: UploadSource, options?: ReplaceFileOptions): Promise<Resource<'upload'>>;
}

interface UploadCollectionsResource {
  list(o?: CallOptions & { ids?: string[] }): Promise<Resource<'upload_collection'>[]>;
  find(id: string, o?: CallOptions): Promise<Resource<'upload_collection'>>;
  create(body: CreateBody<'upload_collection'>, o?: CallOptions): Promise<Resource<'upload_collection'>>;
  update(id: string, body: UpdateBody<'upload_collection'>, o?: CallOptions): Promise<Resource<'upload_collection'>>;
  /** resolves with the collection as it was */
  destroy(id: string, o?: CallOptions): Promise<Resource<'upload_collection'>>;
  /** positions and parents of several collections at once (a job) */
  reorder(moves: { id: string; position: number; parentId: string | null }[], o?: JobCallOptions): Promise<Resource<'upload_collection'>[]>;
}

interface TagQuery {
  query?: string;
  page?: { offset?: number; limit?: number };
}

interface TagsResource<T extends ResourceType> {
  /** one page (50 unless `page.limit` says, at most 500) */
  list(query?: TagQuery, o?: CallOptions): Promise<Page<T>>;
  listAll(query?: Omit<TagQuery, 'page'>, o?: ListAllOptions): AsyncGenerator<Resource<T>>;
}

export interface MediaArea {
  uploads: UploadWrites;
  uploadRequests: { create(filename?: string, o?: CallOptions & { collectionId?: string | null }): Promise<UploadPermission> };
  collections: UploadCollectionsResource;
  tags: TagsResource<'upload_tag'> & { create(name: string, o?: CallOptions): Promise<Resource<'upload_tag'>> };
  smartTags: TagsResource<'upload_smart_tag'>;
  filters: {
    list(o?: CallOptions): Promise<Resource<'upload_filter'>[]>;
    find(id: string, o?: CallOptions): Promise<Resource<'upload_filter'>>;
    create(body: CreateBody<'upload_filter'>, o?: CallOptions): Promise<Resource<'upload_filter'>>;
    update(id: string, body: UpdateBody<'upload_filter'>, o?: CallOptions): Promise<Resource<'upload_filter'>>;
    destroy(id: string, o?: CallOptions): Promise<Resource<'upload_filter'>>;
  };
}

type Send = (req: RawRequest) => Promise<{ body: unknown; source: BodySource }>;

/** The media area's calls of a client (and of its environment). */
// eslint-disable-next-line max-lines-per-function -- a resource family: one object of small methods over one requester
export function mediaOf(client: ClientCalls): MediaArea {
  const send: Send = async (req) => ({
    body: await client.request(req),
    source: { method: req.method, path: req.path, status: 200 },
  });
  const one = async <T extends ResourceType>(type: T, req: RawRequest, askedId?: string): Promise<Resource<T>> => {
    const reply = await send(req);
    const resource = parseSingle(reply.body, type, reply.source);
    return askedId === undefined ? resource : expectAskedFor(resource, askedId, reply.source);
  };
  const signalOf = (o?: CallOptions) => (o?.signal ? { signal: o.signal } : {});
  return {
    uploads: uploadWrites(client, send, one),
    uploadRequests: {
      create: async (filename, o) => {
        const relationships = o?.collectionId
          ? { upload_collection: { data: { type: 'upload_collection', id: o.collectionId } } }
          : undefined;
        const body = {
          data: {
            type: 'upload_request',
            attributes: filename === undefined ? {} : { filename },
            ...(relationships ? { relationships } : {}),
          },
        };
        const granted = await one('upload_request', { method: 'POST', path: '/upload-requests', body, ...signalOf(o) });
        return {
          path: granted.id,
          url: String(granted.attributes['url']),
          requestHeaders: { ...(granted.attributes['request_headers'] as Record<string, string>) },
        };
      },
    },
    collections: {
      list: async (o) => {
        const reply = await send({
          method: 'GET',
          path: '/upload-collections',
          query: { filter: o?.ids ? { ids: o.ids } : undefined },
          ...signalOf(o),
        });
        return parseCollection(reply.body, 'upload_collection', reply.source);
      },
      find: (id, o) => one('upload_collection', { method: 'GET', path: `/upload-collections/${segment(id)}`, ...signalOf(o) }, id),
      create: (body, o) => one('upload_collection', { method: 'POST', path: '/upload-collections', body, ...signalOf(o) }, body.data.id),
      update: (id, body, o) =>
        one('upload_collection', { method: 'PUT', path: `/upload-collections/${segment(id)}`, body, ...signalOf(o) }, id),
      destroy: (id, o) => one('upload_collection', { method: 'DELETE', path: `/upload-collections/${segment(id)}`, ...signalOf(o) }, id),
      reorder: async (moves, o) => {
        const data = moves.map((m) => ({
          type: 'upload_collection',
          id: m.id,
          attributes: { position: m.position },
          relationships: { parent: { data: m.parentId === null ? null : { type: 'upload_collection', id: m.parentId } } },
        }));
        const reply = await send({
          method: 'POST',
          path: '/upload-collections/reorder',
          body: { data },
          ...signalOf(o),
          onJob: o?.onJob,
        });
        return parseCollection(reply.body, 'upload_collection', reply.source);
      },
    },
    tags: {
      ...tagsResource(send, '/upload-tags', 'upload_tag'),
      create: (name, o) =>
        one('upload_tag', {
          method: 'POST',
          path: '/upload-tags',
          body: { data: { type: 'upload_tag', attributes: { name } } },
          ...signalOf(o),
        }),
    },
    smartTags: tagsResource(send, '/upload-smart-tags', 'upload_smart_tag'),
    filters: {
      list: async (o) => {
        const reply = await send({ method: 'GET', path: '/upload-filters', ...signalOf(o) });
        return parseCollection(reply.body, 'upload_filter', reply.source);
      },
      find: (id, o) => one('upload_filter', { method: 'GET', path: `/upload-filters/${segment(id)}`, ...signalOf(o) }, id),
      create: (body, o) => one('upload_filter', { method: 'POST', path: '/upload-filters', body, ...signalOf(o) }, body.data.id),
      update: (id, body, o) => one('upload_filter', { method: 'PUT', path: `/upload-filters/${segment(id)}`, body, ...signalOf(o) }, id),
      destroy: (id, o) => one('upload_filter', { method: 'DELETE', path: `/upload-filters/${segment(id)}`, ...signalOf(o) }, id),
    },
  };
}

type One = <T extends ResourceType>(type: T, req: RawRequest, askedId?: string) => Promise<Resource<T>>;

// eslint-disable-next-line max-lines-per-function -- a resource family: one object of small methods over one requester
function uploadWrites(client: ClientCalls, send: Send, one: One): UploadWrites {
  const jobOptions = (o?: JobCallOptions) => ({ signal: o?.signal, onJob: o?.onJob });
  const bulk = async (operation: string, ids: string[], data: (chunk: string[]) => unknown, o?: JobCallOptions): Promise<BulkOutcome> => {
    if (ids.length === 0) throw new RangeError(`uploads.bulk ${operation}: no uploads given`);
    const outcome: BulkOutcome = { successful: 0, failed: 0, data: [] };
    for (let i = 0; i < ids.length; i += MAX_BULK_UPLOADS) {
      const reply = await send({
        method: 'POST',
        path: `/uploads/bulk/${operation}`,
        body: { data: data(ids.slice(i, i + MAX_BULK_UPLOADS)) },
        ...jobOptions(o),
      });
      const meta = (reply.body as { meta?: { successful?: unknown; failed?: unknown } } | null)?.meta;
      if (typeof meta?.successful !== 'number' || typeof meta.failed !== 'number')
        throw new ResponseError(`POST /uploads/bulk/${operation}: the job answered no successful/failed counts`, {
          status: 200,
          method: 'POST',
          path: `/uploads/bulk/${operation}`,
        });
      outcome.successful += meta.successful;
      outcome.failed += meta.failed;
      const rows = (reply.body as { data?: unknown }).data;
      if (Array.isArray(rows)) outcome.data.push(...rows);
    }
    return outcome;
  };
  const uploads = (chunk: string[]) => ({ uploads: { data: chunk.map((id) => ({ type: 'upload', id })) } });
  return {
    create: (path, metadata, o) => {
      const collection = o?.collectionId;
      const body = {
        data: {
          type: 'upload',
          ...(o?.id ? { id: o.id } : {}),
          attributes: { ...metadata, path },
          ...(collection !== undefined
            ? { relationships: { upload_collection: { data: collection === null ? null : { type: 'upload_collection', id: collection } } } }
            : {}),
        },
      };
      return one('upload', { method: 'POST', path: '/uploads', body, ...jobOptions(o) }, o?.id);
    },
    update: (id, body, o) => {
      if (body?.data?.type !== 'upload' || body.data.id !== id)
        throw new TypeError(`uploads.update: the body must be {data: {type: "upload", id: "${id}"}}`);
      const query = o?.replaceStrategy ? { replace_strategy: o.replaceStrategy } : undefined;
      return one('upload', { method: 'PUT', path: `/uploads/${segment(id)}`, body, query, ...jobOptions(o) }, id);
    },
    destroy: async (id, o) => {
      try {
        return await one('upload', { method: 'DELETE', path: `/uploads/${segment(id)}`, signal: o?.signal }, id);
      } catch (error) {
        if (!(error instanceof ApiError) || !error.findError('UPLOAD_IS_CURRENTLY_IN_USE')) throw error;
        // name the records that use it, when they can be read
        const references = await client.uploads.references(id, { version: 'published-or-current' }).catch(() => undefined);
        throw new UploadInUseError(
          {
            status: error.status,
            method: error.method,
            path: error.path,
            errors: error.errors,
            ...(error.requestId ? { requestId: error.requestId } : {}),
          },
          id,
          references,
        );
      }
    },
    bulkTag: (ids, tags, o) => {
      if (tags.length === 0) throw new RangeError('uploads.bulkTag: no tags given');
      return bulk('tag', ids, (chunk) => ({ type: 'upload_bulk_tag_operation', attributes: { tags }, relationships: uploads(chunk) }), o);
    },
    bulkSetCollection: (ids, collectionId, o) =>
      bulk(
        'set-upload-collection',
        ids,
        (chunk) => ({
          type: 'upload_bulk_set_upload_collection_operation',
          relationships: {
            upload_collection: { data: collectionId === null ? null : { type: 'upload_collection', id: collectionId } },
            ...uploads(chunk),
          },
        }),
        o,
      ),
    bulkDestroy: (ids, o) => bulk('destroy', ids, (chunk) => ({ type: 'upload_bulk_destroy_operation', relationships: uploads(chunk) }), o),
    createFromFile: (source, options) => createUploadFromFile(client, source, options),
    replaceFile: (id, source, options) => replaceUploadFile(client, id, source, options),
  };
}

function tagsResource<T extends 'upload_tag' | 'upload_smart_tag'>(send: Send, path: string, type: T): TagsResource<T> {
  const list = async (query?: TagQuery, o?: CallOptions): Promise<Page<T>> => {
    const limit = query?.page?.limit;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 0 || limit > MAX_TAGS_PAGE_SIZE))
      throw new RangeError(`${path}: page.limit must be an integer from 0 to ${MAX_TAGS_PAGE_SIZE} (got ${limit})`);
    const params = { filter: query?.query ? { query: query.query } : undefined, page: query?.page };
    const reply = await send({ method: 'GET', path, query: params, signal: o?.signal });
    return parsePage(reply.body, type, reply.source);
  };
  return {
    list,
    listAll: async function* (query, o) {
      const concurrency = o?.concurrency ?? 2;
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_LIST_CONCURRENCY)
        throw new RangeError(`${path}: concurrency must be an integer from 1 to ${MAX_LIST_CONCURRENCY} (got ${concurrency})`);
      yield* listAllPages((page, signal) => list({ ...query, page }, { signal }), {
        pageSize: o?.pageSize ?? MAX_TAGS_PAGE_SIZE,
        concurrency,
        signal: o?.signal,
        onProgress: o?.onProgress,
        what: `${path} listAll`,
      });
    },
  };
}
