// A tiny `GET /items` server on 127.0.0.1 for export tests: an honest list (offset paging over records in
// creation order, `meta.total_count` of the whole list) that a test can change between requests, or answer
// with whatever a hostile server would send.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach } from 'node:test';
import { closeAllDispatchers, CmaClient } from '../../src/cma';

export interface FakeRecord {
  id: string;
  created_at: string;
}

export interface PageRequest {
  /** 1 for the first request */
  number: number;
  offset: number;
  limit: number;
  orderBy: string | null;
}

/** What to answer instead of the honest page. */
export interface Answer {
  ids?: string[];
  total?: unknown;
}

export interface FakeItemsServer {
  url: string;
  records: FakeRecord[];
  requests: PageRequest[];
  /** runs before each page is answered: change `records`, or return a hostile answer */
  beforePage?: (request: PageRequest) => Answer | void;
  client(): CmaClient;
  close(): Promise<void>;
}

const EPOCH = Date.parse('2024-01-01T00:00:00Z');

/** `count` records created one second apart, ids r00000, r00001… */
export function makeRecords(count: number, from = 0): FakeRecord[] {
  return Array.from({ length: count }, (_, i) => recordAt(from + i));
}

export function recordAt(index: number, id = `r${String(index).padStart(5, '0')}`): FakeRecord {
  return { id, created_at: new Date(EPOCH + index * 1000).toISOString() };
}

export function resource(id: string, created_at = new Date(EPOCH).toISOString()) {
  return {
    id,
    type: 'item',
    attributes: { title: `Record ${id}` },
    relationships: { item_type: { data: { type: 'item_type', id: 'model' } } },
    meta: { created_at },
  };
}

export async function startFakeItemsServer(records: FakeRecord[]): Promise<FakeItemsServer> {
  const fake: FakeItemsServer = {
    url: '',
    records,
    requests: [],
    client: () => new CmaClient({ apiToken: 'fake-items-token', baseUrl: fake.url, retry: { maxAttempts: 1 } }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/items')
      return reply(404, { data: [{ id: '1', type: 'api_error', attributes: { code: 'INVALID_ENDPOINT', details: {} } }] });
    const request: PageRequest = {
      number: fake.requests.length + 1,
      offset: Number(url.searchParams.get('page[offset]') ?? 0),
      limit: Number(url.searchParams.get('page[limit]') ?? 30),
      orderBy: url.searchParams.get('order_by'),
    };
    fake.requests.push(request);
    const answer = fake.beforePage?.(request) ?? {};
    const sorted = [...fake.records].sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    );
    const byId = new Map(sorted.map((r) => [r.id, r]));
    const ids = answer.ids ?? sorted.slice(request.offset, request.offset + request.limit).map((r) => r.id);
    reply(200, {
      data: ids.map((id) => resource(id, byId.get(id)?.created_at)),
      meta: { total_count: 'total' in answer ? answer.total : sorted.length },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * The export tests' set-up: one server for the file; before each test `records` honest records, no request logged,
 * no hostile answer, and a new temporary folder (`dir`, named from `prefix`) removed after it. `ready` is told of
 * both before each test, once the folder is made.
 */
export function useFakeItems(records: number, prefix: string, ready: (bench: { fake: FakeItemsServer; dir: string }) => unknown): void {
  let fake: FakeItemsServer;
  let dir: string;
  before(async () => {
    fake = await startFakeItemsServer([]);
  });
  after(async () => {
    await fake.close();
    await closeAllDispatchers();
  });
  beforeEach(async () => {
    fake.records = makeRecords(records);
    fake.requests = [];
    fake.beforePage = undefined;
    dir = await mkdtemp(join(tmpdir(), prefix));
    await ready({ fake, dir });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
}
