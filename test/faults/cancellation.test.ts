// Cancellation and timeouts: every long operation (list all, export, job polling) stops its requests as
// soon as it is cancelled, every request ends at its timeout, and closing down (deactivation) settles
// whatever is in flight. "Settles" is checked by racing each promise against a generous bound.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CancelledError, CmaClient, closeAllDispatchers, TimeoutError, type RequestLogEntry } from '../../src/cma';
import { exportRecords } from '../../src/export/exportRecords';
import { DocumentService } from '../../src/documents/documentService';
import { ProjectData } from '../../src/projects/projectData';
import { TreeModel } from '../../src/tree/model';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { projectSource } from './world';

const BOUND_MS = 10_000;
let emulator: Emulator;
let articleModel: string;
let dir: string;
let blackHole: Server;
let blackHoleUrl: string;
const blackHoleSockets = new Set<Socket>();

// Jobs that take a minute: polling is still under way when the test cancels it.
useEmulator({ records: 200, jobDurationMs: 60_000 }, async (started) => {
  emulator = started.emulator;
  articleModel = emulator.store.itemType(emulator.store.environment('main'), 'article')!.id;
  dir = await mkdtemp(join(tmpdir(), 'datocms-cancel-'));
  // Accepts every request and never answers.
  blackHole = createServer(() => undefined);
  blackHole.on('connection', (socket) => {
    blackHoleSockets.add(socket);
    socket.on('close', () => blackHoleSockets.delete(socket));
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`;
});

after(async () => {
  for (const socket of blackHoleSockets) socket.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function emulatorClient(log: RequestLogEntry[] = []): CmaClient {
  return new CmaClient({
    apiToken: emulator.token,
    baseUrl: emulator.url,
    retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
    jobs: { firstDelayMs: 5, factor: 1.5, maxDelayMs: 20, timeoutMs: 120_000 },
    onRequest: (entry) => log.push(entry),
  });
}

/** What a promise ended with, or 'pending' when it is still unsettled after the bound. */
async function settle(promise: Promise<unknown>, bound = BOUND_MS): Promise<{ value?: unknown; error?: unknown } | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), bound)));
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      pending,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function requestsTo(path: string | RegExp): number {
  return emulator.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path))).length;
}

/** After a cancel: the count of requests must stop moving (in-flight ones have arrived by then). */
async function assertNoRequestsAfterCancel(path: string | RegExp, bound: number): Promise<number> {
  await pause(50);
  const atCancel = requestsTo(path);
  await pause(400);
  assert.equal(requestsTo(path), atCancel, 'a request started after the cancel');
  assert.ok(atCancel <= bound, `${atCancel} requests by the time of the cancel (at most ${bound} expected)`);
  return atCancel;
}

describe('cancellation', () => {
  test('cancelling list all ends the walk and its page requests at once', async () => {
    emulator.clearRequests();
    emulator.setLatency(60);
    try {
      const log: RequestLogEntry[] = [];
      const controller = new AbortController();
      const seen: string[] = [];
      const walk = (async () => {
        for await (const record of emulatorClient(log).items.listAll(
          { filter: { type: articleModel } },
          { pageSize: 10, concurrency: 3, signal: controller.signal },
        )) {
          seen.push(record.id);
          if (seen.length === 1) controller.abort();
        }
      })();
      const outcome = await settle(walk);
      assert.notEqual(outcome, 'pending', 'list all still running after the cancel');
      assert.ok(
        outcome !== 'pending' && outcome.error instanceof CancelledError,
        `ended with ${String(outcome !== 'pending' && (outcome.error ?? outcome.value))}`,
      );
      assert.equal(seen.length, 1);
      await assertNoRequestsAfterCancel('/items', 1 + 3);
      assert.ok(
        log.some((e) => e.status === 'aborted'),
        'the pages in flight were aborted, not awaited',
      );
    } finally {
      emulator.setLatency(0);
    }
  });

  test('cancelling an export stops its requests and leaves no file', async () => {
    emulator.clearRequests();
    emulator.setLatency(30);
    try {
      const controller = new AbortController();
      const path = join(dir, 'articles.json');
      const outcome = await settle(
        exportRecords({
          client: emulatorClient(),
          modelId: articleModel,
          path,
          pageSize: 20,
          signal: controller.signal,
          onProgress: (written) => {
            if (written === 25) controller.abort();
          },
        }),
      );
      assert.ok(outcome !== 'pending' && outcome.error instanceof CancelledError, 'the export ended as cancelled');
      await assertNoRequestsAfterCancel('/items', 10);
      assert.ok(requestsTo('/items') < 10, 'not every page was fetched');
      assert.deepEqual(await readdir(dir), [], 'no export file and no partial file');
    } finally {
      emulator.setLatency(0);
    }
  });

  test('cancelling the wait for a model or field job stops polling, and the message says the change may still apply', async () => {
    const client = emulatorClient();
    const data = new ProjectData(client);
    const service = new DocumentService(async () => data);
    const opened = await service.open({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'field',
      modelApiKey: 'author',
      apiKey: 'email',
    });
    const text = `${JSON.stringify({ ...JSON.parse(opened.text), hint: 'Cancelled while the job ran' }, null, 2)}\n`;
    emulator.clearRequests();
    const controller = new AbortController();
    let job: string | undefined;
    const saving = service.save(
      text,
      { opened, basisText: opened.text },
      {
        signal: controller.signal,
        onJob: (id) => {
          job = id;
          setTimeout(() => controller.abort(), 80);
        },
      },
    );
    const outcome = await settle(saving);
    assert.ok(outcome !== 'pending', 'the save is still waiting for the job');
    const result = outcome.value as Awaited<typeof saving>;
    assert.equal(result.status, 'failed');
    assert.ok(result.status === 'failed' && result.error instanceof CancelledError);
    assert.equal(result.status === 'failed' && result.text, text, 'the edit is handed back');
    assert.match(
      String((result as { error: Error }).error.message),
      new RegExp(`accepted the change as job ${job}, so it may still be applied`),
    );
    const polls = await assertNoRequestsAfterCancel(/^\/job-results\//, 100);
    assert.ok(polls >= 2, `${polls} polls before the cancel`);
    assert.equal(emulator.requests.filter((r) => r.method === 'PUT').length, 1, 'the write was sent once');
  });
});

describe('timeouts', () => {
  function blackHoleClient(): CmaClient {
    return new CmaClient({
      apiToken: 'black-hole-token-1234',
      baseUrl: blackHoleUrl,
      requestTimeoutMs: 100,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
  }

  test('every client operation against a server that never answers ends in a TimeoutError', async () => {
    const client = blackHoleClient();
    const operations: [string, () => Promise<unknown>][] = [
      ['site.find', () => client.site.find()],
      ['environments.list', () => client.environments.list()],
      ['itemTypes.list', () => client.itemTypes.list()],
      ['fields.list', () => client.fields.list('m')],
      ['webhooks.find', () => client.webhooks.find('w')],
      ['items.list', () => client.items.list()],
      ['items.find', () => client.items.find('r', { nested: true })],
      [
        'items.listAll',
        async () => {
          for await (const _record of client.items.listAll()) break;
        },
      ],
      ['items.update', () => client.items.update('r', { data: { type: 'item', id: 'r', attributes: { title: 'x' } } })],
      ['itemTypes.update', () => client.itemTypes.update('m', { data: { type: 'item_type', id: 'm', attributes: { hint: 'x' } } })],
      ['fields.update', () => client.fields.update('f', { data: { type: 'field', id: 'f', attributes: { hint: 'x' } } })],
      ['webhooks.update', () => client.webhooks.update('w', { data: { type: 'webhook', id: 'w', attributes: { name: 'x' } } })],
    ];
    for (const [name, run] of operations) {
      const outcome = await settle(run());
      assert.ok(
        outcome !== 'pending' && outcome.error instanceof TimeoutError,
        `${name}: ${outcome === 'pending' ? 'still pending' : String(outcome.error ?? 'succeeded')}`,
      );
    }
  });

  test('the tree, opening a document and an export settle too (an error node, a failure), nothing hangs', async () => {
    const client = blackHoleClient();
    const tree = new TreeModel({ projects: projectSource(emulator, client), pageSize: () => 10 });
    const [project] = await tree.children();
    const children = await settle(tree.children(project));
    assert.ok(children !== 'pending' && Array.isArray(children.value));
    assert.equal((children.value as { kind: string }[])[0]?.kind, 'error');

    const data = new ProjectData(client);
    const opened = await settle(
      new DocumentService(async () => data).open({ project: 'p', environment: 'main', kind: 'record', modelApiKey: 'article', id: 'r' }),
    );
    assert.ok(opened !== 'pending' && opened.error instanceof TimeoutError);

    const exported = await settle(exportRecords({ client, modelId: 'm', path: join(dir, 'never.json') }));
    assert.ok(exported !== 'pending' && exported.error instanceof TimeoutError);
    assert.deepEqual(await readdir(dir), []);
  });

  test('closing down (deactivation) settles requests still in flight, instead of retrying them on a new connection', async () => {
    // A long timeout: only the close can end these in time.
    const client = new CmaClient({ apiToken: 'black-hole-token-1234', baseUrl: blackHoleUrl, requestTimeoutMs: 30_000 });
    const inFlight = [
      client.items.list(),
      client.site.find(),
      client.fields.update('f', { data: { type: 'field', id: 'f', attributes: { hint: 'x' } } }),
    ];
    const settled = inFlight.map((request) => settle(request, 4000));
    await pause(50);
    await closeAllDispatchers();
    for (const outcome of await Promise.all(settled)) {
      assert.ok(
        outcome !== 'pending' && outcome.error instanceof CancelledError,
        `ended with ${outcome === 'pending' ? 'nothing (pending)' : String(outcome.error)}`,
      );
    }
  });
});
