// The HTTP server: wire protocol (headers, auth, errors), routing, rate limit, latency, faults, jobs,
// request log and the loopback control endpoints.
import { randomBytes } from 'node:crypto';
import { headerValue, parseJsonBody, parseLoggedBody, readBody, requestId, safeDecodePath } from './http-io.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errorDocument, httpError, HttpError, type ApiErrorSpec } from './errors.js';
import { ItemLifecycle } from './item-lifecycle.js';
import { ItemQueryEngine } from './item-query.js';
import { ItemSerializer } from './items.js';
import { checkQueryParams, ITEM_FIND_PARAMS, ITEM_LIST_PARAMS, NO_PARAMS, SITE_PARAMS } from './params.js';
import { routePublishing } from './publishing.js';
import { parseQuery, type Query } from './query.js';
import { RateWindow } from './rate-window.js';
import { environmentResource, itemTypeResource, siteDocument, wire } from './resources.js';
import { routeSchemaCreates, type RouteContext } from './schema-creates.js';
import { routeItemCreates } from './item-creates.js';
import { routeSchemaDeletes } from './schema-deletes.js';
import { routeSchemaDuplicates } from './schema-duplicates.js';
import { refuseUnwantedBody } from './envelope.js';
import { routeWebhookCalls } from './webhook-calls.js';
import { checkEnvironmentGate, routeEnvironmentOps } from './environment-ops.js';
import { seedStore } from './seed.js';
import { referencesDocument } from './uploads.js';
import { routeUploads } from './upload-routes.js';
import { seedManyUploads } from './seed-uploads.js';
import { UploadStorage } from './upload-storage.js';
import { emptyStore } from './empty.js';
import { answerCda } from './cda/endpoint.js';
import { routeSite } from './site.js';
import { routeWorkflows } from './workflows.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';
import type { Emulator, EmulatorOptions, EmulatorRequest, FaultKind, FaultRule } from './types.js';
import { answerVersions } from './versions.js';
import { Writer, type Document } from './writes.js';

const HUGE_BODY_BYTES = 80 * 1024 * 1024; // above the 64 MiB cap the extension's client enforces
const FAULT_KINDS: readonly FaultKind[] = [
  'rate_limit',
  'server_error',
  'bad_gateway_html',
  'transient',
  'timeout',
  'reset',
  'malformed_json',
  'unauthorized',
  'not_found',
  'job_failure',
  'wrong_content_type',
  'huge_body',
];

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Job {
  result?: { status: number; payload: unknown };
}

interface ActiveFault extends FaultRule {
  remaining: number;
}

export class EmulatorServer implements Emulator {
  url = '';
  port = 0;
  readonly token: string;
  readonly store: EmulatorStore;
  readonly requests: EmulatorRequest[] = [];
  readonly faults: Emulator['faults'];
  readonly uploadStorage: UploadStorage;

  private latencyMs: number;
  private readonly jobDurationMs: number;
  private readonly forkDurationMs: number;
  private readonly rate: RateWindow;
  private readonly activeFaults: ActiveFault[] = [];
  private readonly jobs = new Map<string, Job>();
  private nextJobId = 4235;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private readonly engines = new WeakMap<EnvironmentData, ItemQueryEngine>();

  constructor(options: EmulatorOptions) {
    this.token = options.token ?? randomBytes(18).toString('base64url');
    this.latencyMs = options.latencyMs ?? 0;
    this.jobDurationMs = options.jobDurationMs ?? 20;
    this.forkDurationMs = options.forkDurationMs ?? this.jobDurationMs;
    const rate = options.rateLimit;
    // Without an enforced limit the headers must not announce one either, or a careful client would pause for nothing.
    this.rate =
      typeof rate === 'object'
        ? new RateWindow(rate.limit, rate.windowMs, true)
        : rate === true
          ? new RateWindow(60, 3000, true)
          : new RateWindow(1_000_000, 3000, false);
    this.store = options.empty ? emptyStore() : seedStore({ records: options.records ?? 300 });
    if (options.uploads) seedManyUploads(this.store.environment(), options.uploads, this.store.site.attributes.locales as string[]);
    this.uploadStorage = new UploadStorage(this.store.site.id);
    this.faults = {
      add: (rule) => this.addFault(rule),
      clear: () => {
        this.activeFaults.length = 0;
      },
    };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A bug in the emulator: answer like the real API's catch-all so tests see a clear failure.
        if (!res.headersSent)
          this.write(res, { status: 500, body: errorDocument([{ code: 'EXCEPTION', details: { message: String(error) } }]) });
        else res.destroy();
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    this.port = address.port;
    this.url = `http://127.0.0.1:${address.port}`;
    await this.uploadStorage.listen();
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  setLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`setLatency: expected a non-negative number of milliseconds, got ${ms}`);
    this.latencyMs = ms;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([closed, this.uploadStorage.close()]);
  }

  private addFault(rule: FaultRule): void {
    if (!FAULT_KINDS.includes(rule.kind))
      throw new Error(`faults.add: unknown fault kind "${String(rule.kind)}" (expected one of ${FAULT_KINDS.join(', ')})`);
    const count = rule.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new Error(`faults.add: count must be a positive integer, got ${count}`);
    this.activeFaults.push({ ...rule, remaining: count });
  }

  /** The first active fault matching the request, consumed. job_failure only matches writes. */
  private takeFault(method: string, path: string): ActiveFault | undefined {
    const index = this.activeFaults.findIndex(
      (f) =>
        (!f.method || f.method.toUpperCase() === method) &&
        (f.path === undefined || (typeof f.path === 'string' ? f.path === path : f.path.test(path))) &&
        (f.kind !== 'job_failure' || method !== 'GET'),
    );
    const fault = this.activeFaults[index];
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.activeFaults.splice(index, 1);
    return fault;
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  // ---- request pipeline ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = safeDecodePath(url.pathname);
    const method = (req.method ?? 'GET').toUpperCase();
    const rawBody = await readBody(req);

    if (path === '/_emulator' || path.startsWith('/_emulator/')) {
      this.write(res, this.control(method, path, rawBody));
      return;
    }
    if (path === '/cda' || path.startsWith('/cda/')) {
      this.cda(method, path, rawBody, req, res);
      return;
    }

    const query = parseQuery(url.search);
    const envHeader = headerValue(req, 'x-environment');
    const entry: EmulatorRequest = {
      method,
      path,
      query,
      body: parseLoggedBody(rawBody),
      status: 0,
      environment: envHeader ?? this.store.primaryId,
    };
    this.requests.push(entry);

    const limit = this.rate.hit(Date.now());
    const rateHeaders: Record<string, string> = {
      'X-RateLimit-Limit': String(this.rate.limit),
      'X-RateLimit-Remaining': String(limit.remaining),
    };
    const respond = (reply: Reply) => {
      entry.status = reply.status;
      const send = () =>
        this.write(res, { ...reply, headers: { ...rateHeaders, ...(envHeader ? { 'X-Environment': envHeader } : {}), ...reply.headers } });
      if (this.latencyMs > 0) this.later(this.latencyMs, send);
      else send();
    };

    const fault = this.takeFault(method, path);
    if (fault && fault.kind !== 'job_failure') {
      this.applyFault(fault, req, res, entry, rateHeaders, () => this.answer(method, path, query, rawBody, req, undefined).then(respond));
      return;
    }
    if (limit.exceeded) {
      respond({
        status: 429,
        body: errorDocument([{ code: 'RATE_LIMIT_EXCEEDED', details: { limit: this.rate.limit } }]),
        headers: { 'X-RateLimit-Reset': String(limit.resetSeconds) },
      });
      return;
    }
    respond(await this.answer(method, path, query, rawBody, req, fault));
  }

  /** The Content Delivery API (GraphQL): logged, delayed and faulted like the CMA, with its own rate and headers. */
  private cda(method: string, path: string, rawBody: string, req: IncomingMessage, res: ServerResponse): void {
    const entry: EmulatorRequest = {
      method,
      path,
      query: {},
      body: parseLoggedBody(rawBody),
      status: 0,
      environment: headerValue(req, 'x-environment') ?? this.store.primaryId,
    };
    this.requests.push(entry);
    const respond = () => {
      const reply = answerCda(this.store, this.token, method, path, req.headers, rawBody);
      entry.status = reply.status;
      const send = () => {
        if (res.destroyed || res.headersSent) return;
        const text = JSON.stringify(reply.body);
        res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(Buffer.byteLength(text)) });
        res.end(text);
      };
      if (this.latencyMs > 0) this.later(this.latencyMs, send);
      else send();
    };
    const fault = this.takeFault(method, path);
    if (fault && fault.kind !== 'job_failure') this.applyFault(fault, req, res, entry, {}, respond);
    else respond();
  }

  private async answer(
    method: string,
    path: string,
    query: Query,
    rawBody: string,
    req: IncomingMessage,
    jobFault: FaultRule | undefined,
  ): Promise<Reply> {
    try {
      this.checkHeaders(req);
      const envId = headerValue(req, 'x-environment') ?? this.store.primaryId;
      checkEnvironmentGate(this.store, envId, method, path);
      return this.route(method, path, query, rawBody, req, envId, jobFault);
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, body: errorDocument(error.errors) };
      throw error;
    }
  }

  /** Auth and content negotiation, in the real API's order: a wrong token first, then Accept. */
  private checkHeaders(req: IncomingMessage): void {
    const authorization = headerValue(req, 'authorization');
    const invalidToken = httpError(401, 'INVALID_AUTHORIZATION_HEADER', { message: 'The API token is missing or invalid' });
    if (authorization !== undefined && authorization !== `Bearer ${this.token}`) throw invalidToken;
    const accept = headerValue(req, 'accept') ?? '';
    if (!/application\/(json|vnd\.api\+json)/i.test(accept)) {
      throw httpError(406, 'INVALID_ACCEPT_HEADER', { message: 'Accept must be application/json' });
    }
    if (authorization === undefined) throw invalidToken;
    // Without the header the API answers as its deprecated version 1; we refuse instead, so a client that
    // forgets it finds out here.
    const version = headerValue(req, 'x-api-version');
    if (version !== '3') throw httpError(422, 'INVALID_API_VERSION', { value: version ?? null, message: 'X-Api-Version: 3 is required' });
  }

  private applyFault(
    fault: ActiveFault,
    req: IncomingMessage,
    res: ServerResponse,
    entry: EmulatorRequest,
    rateHeaders: Record<string, string>,
    proceed: () => void,
  ): void {
    const json = (status: number, errors: ApiErrorSpec[], headers: Record<string, string> = {}): Reply => ({
      status,
      body: errorDocument(errors),
      headers,
    });
    const respond = (reply: Reply) => {
      entry.status = reply.status;
      const send = () => this.write(res, { ...reply, headers: { ...rateHeaders, ...reply.headers } });
      if (this.latencyMs > 0) this.later(this.latencyMs, send);
      else send();
    };
    switch (fault.kind) {
      case 'rate_limit': {
        const reset = fault.resetSeconds ?? 1;
        respond(
          json(429, [{ code: 'RATE_LIMIT_EXCEEDED', details: { limit: this.rate.limit } }], {
            'X-RateLimit-Remaining': '0',
            'X-RateLimit-Reset': String(reset),
          }),
        );
        return;
      }
      case 'server_error':
        respond(json(fault.status ?? 500, [{ code: fault.code ?? 'EXCEPTION', details: {} }]));
        return;
      case 'transient':
        respond(json(fault.status ?? 422, [{ code: fault.code ?? 'BATCH_DATA_VALIDATION_IN_PROGRESS', details: {}, transient: true }]));
        return;
      case 'unauthorized':
        respond(json(401, [{ code: 'INVALID_AUTHORIZATION_HEADER', details: { message: 'The API token is missing or invalid' } }]));
        return;
      case 'not_found':
        respond(json(404, [{ code: 'NOT_FOUND', details: {} }]));
        return;
      case 'bad_gateway_html':
        respond({
          status: fault.status ?? 502,
          body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n',
          headers: { 'Content-Type': 'text/html' },
        });
        return;
      case 'wrong_content_type':
        respond({
          status: fault.status ?? 200,
          body: 'Service is warming up, please retry',
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        });
        return;
      case 'malformed_json':
        respond({
          status: fault.status ?? 200,
          body: '{"data": [{"id": "abc", "type": "item", "attributes": {"title": "trunc',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        });
        return;
      case 'reset':
        entry.status = 0;
        req.socket.destroy();
        return;
      case 'timeout':
        this.later(fault.delayMs ?? 60_000, () => {
          if (!res.destroyed) proceed();
        });
        return;
      case 'huge_body':
        entry.status = fault.status ?? 200;
        this.streamHugeBody(res, entry.status, rateHeaders);
        return;
      case 'job_failure':
        return; // handled at job creation
    }
  }

  private streamHugeBody(res: ServerResponse, status: number, rateHeaders: Record<string, string>): void {
    res.writeHead(status, { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId() });
    const chunk = Buffer.from(`"${'x'.repeat(1024 * 1024 - 3)}",`);
    let sent = 0;
    res.write('{"data":[');
    const pump = () => {
      while (sent < HUGE_BODY_BYTES && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end('""]}');
    };
    res.on('close', () => {
      sent = HUGE_BODY_BYTES;
    });
    pump();
  }

  private write(res: ServerResponse, reply: Reply): void {
    if (res.destroyed || res.headersSent) return;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': requestId(),
      'X-Api-Version': '3',
      ...reply.headers,
    };
    if (reply.body === undefined || reply.status === 204) {
      res.writeHead(reply.status, headers);
      res.end();
      return;
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    headers['Content-Length'] = String(Buffer.byteLength(text));
    res.writeHead(reply.status, headers);
    res.end(text);
  }

  // ---- control endpoints (loopback, no CMA auth) ----

  private control(method: string, path: string, rawBody: string): Reply {
    const parse = (): Record<string, unknown> => {
      try {
        const value: unknown = JSON.parse(rawBody || '{}');
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        /* answered below */
      }
      throw new Error('expected a JSON object body');
    };
    try {
      if (path === '/_emulator/requests' && method === 'GET') return { status: 200, body: this.requests };
      if (path === '/_emulator/requests' && method === 'DELETE') {
        this.clearRequests();
        return { status: 204 };
      }
      if (path === '/_emulator/faults' && method === 'DELETE') {
        this.faults.clear();
        return { status: 204 };
      }
      if (path === '/_emulator/faults' && method === 'POST') {
        const body = parse();
        const rawPath = body.path;
        const rulePath =
          rawPath && typeof rawPath === 'object' && typeof (rawPath as { regex?: unknown }).regex === 'string'
            ? new RegExp((rawPath as { regex: string }).regex)
            : typeof rawPath === 'string'
              ? rawPath
              : undefined;
        this.faults.add({ ...(body as unknown as FaultRule), path: rulePath });
        return { status: 201, body: { ok: true } };
      }
      // what the asset storage received (header names, sizes, outcomes; never a URL or a header value)
      if (path === '/_emulator/storage-requests' && method === 'GET') return { status: 200, body: this.uploadStorage.requests };
      if (path === '/_emulator/storage-requests' && method === 'DELETE') {
        this.uploadStorage.requests.length = 0;
        return { status: 204 };
      }
      if (path === '/_emulator/latency' && method === 'PUT') {
        this.setLatency(Number(parse().ms));
        return { status: 204 };
      }
      return { status: 404, body: { error: `No control endpoint ${method} ${path}` } };
    } catch (error) {
      return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
    }
  }

  // ---- CMA routes ----

  private engine(env: EnvironmentData): ItemQueryEngine {
    let engine = this.engines.get(env);
    if (!engine) {
      engine = new ItemQueryEngine(this.store, env);
      this.engines.set(env, engine);
    }
    return engine;
  }

  private route(
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

export async function startEmulatorServer(options: EmulatorOptions = {}): Promise<EmulatorServer> {
  const server = new EmulatorServer(options);
  await server.listen(options.port ?? 0);
  return server;
}
