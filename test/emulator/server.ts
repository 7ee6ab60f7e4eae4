// The HTTP server's plumbing: listening and closing, the request pipeline (log, rate limit, latency, faults),
// auth and content negotiation, and the CDA's door. What each CMA path answers is in server-routes.ts, the faults
// in server-faults.ts, the loopback control endpoints in server-control.ts.
import { randomBytes } from 'node:crypto';
import { headerValue, parseLoggedBody, readBody, safeDecodePath } from './http-io.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errorDocument, httpError, HttpError } from './errors.js';
import { parseQuery, type Query } from './query.js';
import { RateWindow } from './rate-window.js';
import { checkEnvironmentGate } from './environment-ops.js';
import { seedStore } from './seed.js';
import { seedManyUploads } from './seed-uploads.js';
import { UploadStorage } from './upload-storage.js';
import { emptyStore } from './empty.js';
import { answerCda } from './cda/endpoint.js';
import type { EmulatorStore } from './store.js';
import type { Emulator, EmulatorOptions, EmulatorRequest, FaultRule } from './types.js';
import { writeReply, type Reply } from './reply.js';
import { answerControl } from './server-control.js';
import { addFault, applyFault, takeFault, type ActiveFault, type FaultHost } from './server-faults.js';
import { CmaRouter } from './server-routes.js';
import { RequestJournal } from './journal.js';

export class EmulatorServer implements Emulator {
  url = '';
  port = 0;
  readonly token: string;
  readonly store: EmulatorStore;
  readonly requests: EmulatorRequest[] = [];
  readonly journal = new RequestJournal();
  readonly faults: Emulator['faults'];
  readonly uploadStorage: UploadStorage;

  private latencyMs: number;
  private readonly jobDurationMs: number;
  private readonly forkDurationMs: number;
  private readonly rate: RateWindow;
  private readonly activeFaults: ActiveFault[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private readonly router: CmaRouter;

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
    this.router = new CmaRouter(this.store, this.uploadStorage, this.forkDurationMs, this.jobDurationMs, (ms, fn) =>
      this.later(ms, fn, true),
    );
    this.faults = {
      add: (rule) => addFault(this.activeFaults, rule),
      clear: () => {
        this.activeFaults.length = 0;
      },
    };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A bug in the emulator: answer like the real API's catch-all so tests see a clear failure.
        if (!res.headersSent)
          writeReply(res, { status: 500, body: errorDocument([{ code: 'EXCEPTION', details: { message: String(error) } }]) });
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

  /** what ended while jobs were held (see holdJobs) */
  private held: (() => void)[] | undefined;

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

  /** `fn` in `ms`; a job's end (`job`) waits while jobs are held */
  private later(ms: number, fn: () => void, job = false): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (job && this.held) this.held.push(fn);
      else fn();
    }, ms);
    this.timers.add(timer);
  }

  holdJobs(): () => void {
    const held: (() => void)[] = (this.held ??= []);
    return () => {
      if (this.held === held) this.held = undefined;
      for (const fn of held.splice(0)) fn();
    };
  }

  private faultHost(): FaultHost {
    return { latencyMs: this.latencyMs, rateLimit: this.rate.limit, later: (ms, fn) => this.later(ms, fn) };
  }

  // ---- request pipeline ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = safeDecodePath(url.pathname);
    const method = (req.method ?? 'GET').toUpperCase();
    const rawBody = await readBody(req);

    if (path === '/_emulator' || path.startsWith('/_emulator/')) {
      writeReply(res, answerControl(this, method, path, rawBody, url.search));
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
    this.journal.add(entry, headerValue(req, 'user-agent'));

    const limit = this.rate.hit(Date.now());
    const rateHeaders: Record<string, string> = {
      'X-RateLimit-Limit': String(this.rate.limit),
      'X-RateLimit-Remaining': String(limit.remaining),
    };
    const respond = (reply: Reply) => {
      entry.status = reply.status;
      const send = () =>
        writeReply(res, { ...reply, headers: { ...rateHeaders, ...(envHeader ? { 'X-Environment': envHeader } : {}), ...reply.headers } });
      if (this.latencyMs > 0) this.later(this.latencyMs, send);
      else send();
    };

    const fault = takeFault(this.activeFaults, method, path);
    if (fault && fault.kind !== 'job_failure') {
      applyFault(this.faultHost(), fault, req, res, entry, rateHeaders, () =>
        this.answer(method, path, query, rawBody, req, undefined).then(respond),
      );
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
    this.journal.add(entry, headerValue(req, 'user-agent'));
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
    const fault = takeFault(this.activeFaults, method, path);
    if (fault && fault.kind !== 'job_failure') applyFault(this.faultHost(), fault, req, res, entry, {}, respond);
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
      return this.router.route(method, path, query, rawBody, req, envId, jobFault);
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
}

export async function startEmulatorServer(options: EmulatorOptions = {}): Promise<EmulatorServer> {
  const server = new EmulatorServer(options);
  await server.listen(options.port ?? 0);
  return server;
}
