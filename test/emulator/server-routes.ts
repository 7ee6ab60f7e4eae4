// The CMA routes: which handler answers a method and path (the route files first, then the reads and updates
// kept here), and the asynchronous jobs the writes start. Kept apart from the HTTP plumbing in server.ts so
// routing reads on its own.
import type { IncomingMessage } from 'node:http';
import { errorDocument, httpError, HttpError } from './errors.js';
import { headerValue, parseJsonBody } from './http-io.js';
import { ItemLifecycle } from './item-lifecycle.js';
import { ItemQueryEngine } from './item-query.js';
import { ItemSerializer } from './items.js';
import { checkQueryParams, ITEM_FIND_PARAMS, ITEM_LIST_PARAMS, NO_PARAMS, SITE_PARAMS } from './params.js';
import { routePublishing } from './publishing.js';
import type { Query } from './query.js';
import type { Reply } from './reply.js';
import { environmentResource, itemTypeResource, siteDocument, wire } from './resources.js';
import { routeSchemaCreates, type RouteContext } from './schema-creates.js';
import { routeItemCreates } from './item-creates.js';
import { routeSchemaDeletes } from './schema-deletes.js';
import { routeSchemaDuplicates } from './schema-duplicates.js';
import { refuseUnwantedBody } from './envelope.js';
import { routeWebhookCalls } from './webhook-calls.js';
import { routeEnvironmentOps } from './environment-ops.js';
import { referencesDocument } from './uploads.js';
import { routeUploads } from './upload-routes.js';
import type { UploadStorage } from './upload-storage.js';
import { routeSite } from './site.js';
import { routeWorkflows } from './workflows.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';
import type { FaultRule } from './types.js';
import { answerVersions } from './versions.js';
import { Writer, type Document } from './writes.js';

interface Job {
  result?: { status: number; payload: unknown };
}

export class CmaRouter {
  private readonly jobs = new Map<string, Job>();
  private nextJobId = 4235;
  private readonly engines = new WeakMap<EnvironmentData, ItemQueryEngine>();

  constructor(
    private readonly store: EmulatorStore,
    private readonly uploadStorage: UploadStorage,
    private readonly forkDurationMs: number,
    private readonly jobDurationMs: number,
    /** runs `fn` after `ms`, unless the server closes first */
    private readonly later: (ms: number, fn: () => void) => void,
  ) {}

  private engine(env: EnvironmentData): ItemQueryEngine {
    let engine = this.engines.get(env);
    if (!engine) {
      engine = new ItemQueryEngine(this.store, env);
      this.engines.set(env, engine);
    }
    return engine;
  }

  route(
    method: string,
    path: string,
    query: Query,
    rawBody: string,
    req: IncomingMessage,
    envId: string,
    jobFault: FaultRule | undefined,
  ): Reply {
    const segments = path.split('/').filter(Boolean);
    const [head, id, sub, extra] = segments;
    refuseUnwantedBody(method, path, rawBody);
    const env = () => this.store.environment(envId);
    const ok = (body: Document): Reply => ({ status: 200, body });
    const body = () => parseJsonBody(rawBody, headerValue(req, 'content-type'));
    const notFound = (what: string, key: string) =>
      httpError(404, 'NOT_FOUND', { entity: what, id: key, message: `No ${what} with id "${key}"` });
    const is = (m: string, count: number) => method === m && segments.length === count;
    const noParams = () => checkQueryParams(query, NO_PARAMS);
    const publishing = routePublishing(
      { store: this.store, env: env(), startJob: (commit) => this.startJob(commit, jobFault) },
      method,
      segments,
      query,
      () => (rawBody === '' ? null : body()),
    );
    if (publishing) return publishing;
    const ctx: RouteContext = {
      store: this.store,
      env,
      envId,
      method,
      segments,
      query,
      body,
      startJob: (commit, ms) => this.startJob(commit, jobFault, ms),
    };
    const routed =
      routeSchemaCreates(ctx) ??
      routeItemCreates(ctx) ??
      routeSchemaDeletes(ctx) ??
      routeSchemaDuplicates(ctx) ??
      routeWebhookCalls(ctx) ??
      routeUploads(ctx, this.uploadStorage) ??
      routeSite(ctx) ??
      routeWorkflows(ctx);
    if (routed) return routed;
    const environmentOps = routeEnvironmentOps(ctx, this.forkDurationMs);
    if (environmentOps) return environmentOps;

    if (head === 'versions' || sub === 'versions') {
      const versions = answerVersions(this.store, env(), method, segments, query, rawBody);
      if (versions) return typeof versions === 'function' ? this.startJob(versions, jobFault) : ok(versions);
    }
    if (extra === undefined) {
      switch (head) {
        case 'site':
          if (is('GET', 1)) {
            checkQueryParams(query, SITE_PARAMS);
            return ok(siteDocument(this.store, env(), query));
          }
          break;
        case 'environments':
          if (method === 'GET' && segments.length <= 2) noParams();
          if (is('GET', 1)) return ok({ data: this.store.environmentIds.map((e) => wire(environmentResource(this.store, e))) });
          if (is('GET', 2) && id) {
            if (!this.store.hasEnvironment(id)) throw notFound('environment', id);
            return ok({ data: wire(environmentResource(this.store, id)) });
          }
          break;
        case 'item-types': {
          if (
            is('GET', 1) ||
            (segments.length === 2 && (method === 'GET' || method === 'PUT')) ||
            (is('GET', 3) && (sub === 'fields' || sub === 'fieldsets'))
          )
            noParams();
          if (is('GET', 1)) return ok({ data: [...env().itemTypes.values()].map((it) => wire(itemTypeResource(this.store, env(), it))) });
          if (!id) break;
          const itemType = this.store.itemType(env(), id);
          if (segments.length === 2 && (method === 'GET' || method === 'PUT')) {
            if (!itemType) throw notFound('item_type', id);
            if (method === 'GET') return ok({ data: wire(itemTypeResource(this.store, env(), itemType)) });
            return this.startJob(new Writer(this.store, env()).planItemTypeUpdate(id, body()), jobFault);
          }
          if (is('GET', 3) && (sub === 'fields' || sub === 'fieldsets')) {
            if (!itemType) throw notFound('item_type', id);
            if (sub === 'fields') return ok({ data: this.store.fieldsOf(env(), itemType.id).map((f) => wire(structuredClone(f))) });
            const fieldsets = [...env().fieldsets.values()]
              .filter((fs) => relId(fs, 'item_type') === itemType.id)
              .sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position));
            return ok({ data: fieldsets.map((fs) => wire(structuredClone(fs))) });
          }
          break;
        }
        case 'fields':
          if (segments.length === 2 && id && (method === 'GET' || method === 'PUT')) {
            noParams();
            const field = this.store.field(env(), id);
            if (!field) throw notFound('field', id);
            if (method === 'GET') return ok({ data: wire(structuredClone(field)) });
            return this.startJob(new Writer(this.store, env()).planFieldUpdate(id, body()), jobFault);
          }
          break;
        case 'fieldsets':
          if (is('GET', 2) && id) {
            noParams();
            const fieldset = env().fieldsets.get(id);
            if (!fieldset) throw notFound('fieldset', id);
            return ok({ data: wire(structuredClone(fieldset)) });
          }
          break;
        case 'webhooks':
          if (is('GET', 1) || (segments.length === 2 && (method === 'GET' || method === 'PUT'))) noParams();
          if (is('GET', 1)) return ok({ data: [...this.store.webhooks.values()].map((w) => wire(structuredClone(w))) });
          if (segments.length === 2 && id && (method === 'GET' || method === 'PUT')) {
            const webhook = this.store.webhooks.get(id);
            if (!webhook) throw notFound('webhook', id);
            if (method === 'GET') return ok({ data: wire(structuredClone(webhook)) });
            return ok(new Writer(this.store, env()).updateWebhook(id, body()));
          }
          break;
        case 'items': {
          if (is('GET', 1)) {
            checkQueryParams(query, ITEM_LIST_PARAMS);
            const result = this.engine(env()).list(query);
            const serializer = new ItemSerializer(this.store, env());
            return ok({
              data: result.items.map((item) => wire(serializer.serialize(item, result.version, result.nested))),
              meta: { total_count: result.totalCount },
            });
          }
          if (segments.length === 2 && id && (method === 'GET' || method === 'PUT')) {
            checkQueryParams(query, method === 'PUT' ? NO_PARAMS : ITEM_FIND_PARAMS);
            const item = env().items.get(id);
            if (!item) throw notFound('item', id);
            const nested = query.nested === 'true';
            if (method === 'PUT') return ok(new Writer(this.store, env()).updateItem(id, body()));
            const version = this.engine(env()).version(query.version);
            if (version === 'published' && !item.published)
              throw httpError(404, 'NOT_FOUND', { entity: 'item', id, message: `The record "${id}" has never been published` });
            return ok({ data: wire(new ItemSerializer(this.store, env()).serialize(item, version, nested)) });
          }
          if (is('GET', 3) && id && sub === 'references') return ok(referencesDocument(this.store, env(), id, query));
          if ((segments.length === 2 && id && method === 'DELETE') || (is('POST', 3) && id && sub === 'duplicate')) {
            noParams();
            const lifecycle = new ItemLifecycle(this.store, env());
            return this.startJob(method === 'DELETE' ? lifecycle.planDestroy(id) : lifecycle.planDuplicate(id), jobFault);
          }
          break;
        }
        case 'job-results':
          if (is('GET', 2) && id) {
            noParams();
            const job = this.jobs.get(id);
            if (!job?.result) throw notFound('job_result', id);
            return ok({ data: { id, type: 'job_result', attributes: { status: job.result.status, payload: job.result.payload } } });
          }
          break;
      }
    }
    throw httpError(404, 'INVALID_ENDPOINT', { method, path, message: `No endpoint ${method} ${path}` });
  }

  /** 202 + job; the change is applied when the job completes (jobDurationMs later). */
  private startJob(commit: () => Document, fault: FaultRule | undefined, durationMs = this.jobDurationMs): Reply {
    const id = String(this.nextJobId++);
    const job: Job = {};
    this.jobs.set(id, job);
    this.later(durationMs, () => {
      if (fault) {
        job.result = {
          status: fault.status ?? 422,
          payload: errorDocument([
            { code: fault.code ?? 'INVALID_FIELD', details: fault.code ? {} : { field: 'api_key', code: 'VALIDATION_UNIQUENESS' } },
          ]),
        };
        return;
      }
      try {
        job.result = { status: 200, payload: commit() };
      } catch (error) {
        job.result =
          error instanceof HttpError
            ? { status: error.status, payload: errorDocument(error.errors) }
            : { status: 500, payload: errorDocument([{ code: 'EXCEPTION', details: { message: String(error) } }]) };
      }
    });
    return { status: 202, body: { data: { type: 'job', id } } };
  }
}
