// The token lives only in SecretStorage and in the client's private state; webhook URLs and custom
// headers are shown to the user but never requested by the extension.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { after, describe, test } from 'node:test';
import { CmaClient, type RequestLogEntry } from '../../src/cma';
import { adminUrl } from '../../src/navigation/adminUrls';
import { DocumentService } from '../../src/documents/documentService';
import { ProjectData } from '../../src/projects/projectData';
import { ProjectStore, tokenSecretKey } from '../../src/projects/projectStore';
import { InvalidTokenError, signIn } from '../../src/projects/signIn';
import { TreeModel } from '../../src/tree/model';
import { type WebhookNode } from '../../src/tree/nodes';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { projectSource } from '../faults/world';
import { FakeSecrets, FakeState } from '../projects/fakeStores';
import { Transcript } from './transcript';

let emulator: Emulator;
let listener: Server;
let listenerUrl: string;
const listenerHits: string[] = [];
const transcript = new Transcript();

useEmulator({ records: 3 }, async (started) => {
  emulator = started.emulator;
  listener = createServer((req, res) => {
    listenerHits.push(`${req.method} ${req.url}`);
    res.end('ok');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

after(() => new Promise((resolve) => listener.close(resolve)));

function client(log: RequestLogEntry[] = []): CmaClient {
  return new CmaClient({
    apiToken: emulator.token,
    baseUrl: emulator.url,
    retry: { maxAttempts: 1 },
    jobs: { firstDelayMs: 5, maxDelayMs: 20 },
    onRequest: (entry) => {
      log.push(entry);
      transcript.onRequest(entry);
    },
  });
}

describe('the API token', () => {
  test("after sign-in it is in the secret store only: not in the stored project, not in the client's visible state", async () => {
    const secrets = new FakeSecrets();
    const state = new FakeState();
    const store = new ProjectStore(secrets, state);
    let created: CmaClient | undefined;
    const { project } = await signIn({
      token: emulator.token,
      baseUrl: emulator.url,
      store,
      createClient: (options) => (created = new CmaClient({ ...options, retry: { maxAttempts: 1 } })),
    });
    assert.deepEqual([...secrets.values.entries()], [[tokenSecretKey(project.key), emulator.token]]);
    assert.ok(!JSON.stringify([...state.values.entries()]).includes(emulator.token), 'globalState holds the token');
    assert.ok(created);
    assert.ok(!JSON.stringify(created).includes(emulator.token), 'JSON.stringify(client) shows the token');
    assert.ok(!inspect(created, { depth: 10, showHidden: true }).includes(emulator.token), 'util.inspect(client) shows the token');
    assert.ok(!inspect(created.withEnvironment('sandbox'), { depth: 10, showHidden: true }).includes(emulator.token));
  });

  test('a refused token is not repeated in the message, the log or the stores', async () => {
    const secrets = new FakeSecrets();
    const state = new FakeState();
    const wrong = 'wrong-token-0123456789abcdef';
    const log: RequestLogEntry[] = [];
    const error = await signIn({
      token: wrong,
      baseUrl: emulator.url,
      store: new ProjectStore(secrets, state),
      createClient: (options) => new CmaClient({ ...options, retry: { maxAttempts: 1 }, onRequest: (e) => log.push(e) }),
    }).then(
      () => assert.fail('a wrong token was accepted'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof InvalidTokenError);
    transcript.addError('error', error);
    for (const entry of log) transcript.onRequest(entry);
    assert.deepEqual(transcript.scan({ 'wrong token': wrong }), []);
    assert.equal(secrets.values.size, 0);
    assert.equal(state.values.size, 0);
  });
});

describe('webhook URLs and headers', () => {
  test('opening, editing (url and headers), saving, listing and linking a webhook never requests its URL', async () => {
    const log: RequestLogEntry[] = [];
    const data = new ProjectData(client(log));
    const service = new DocumentService(async () => data);
    const [webhook] = [...emulator.store.webhooks.values()];
    assert.ok(webhook);
    const ref = { project: 'emulated-bistro', environment: 'main', kind: 'webhook' as const, id: webhook.id };
    const opened = await service.open(ref);
    const doc = JSON.parse(opened.text) as Record<string, unknown>;
    doc['url'] = `${listenerUrl}/hook?secret=1`;
    doc['headers'] = { 'X-Forward-To': `${listenerUrl}/header`, Location: `${listenerUrl}/location` };
    const saved = await service.save(`${JSON.stringify(doc, null, 2)}\n`, { opened, basisText: opened.text });
    assert.equal(saved.status, 'saved');
    const reopened = await service.open(ref);
    assert.match(reopened.text, new RegExp(`"url": "${listenerUrl}/hook\\?secret=1"`), 'the URL is shown');
    assert.match(reopened.text, /"X-Forward-To": /, 'the headers are shown');

    const tree = new TreeModel({ projects: projectSource(emulator, client(log)), pageSize: () => 10 });
    const [project] = await tree.children();
    const sections = await tree.children(project);
    const webhooks = await tree.children(sections.find((s) => s.kind === 'webhooks'));
    const node = webhooks.find((n): n is WebhookNode => n.kind === 'webhook' && n.webhook.id === webhook.id);
    assert.ok(node, 'the webhook is in the tree');
    assert.ok(JSON.stringify(node.webhook.attributes['url']).includes(listenerUrl), 'the tree shows the URL');
    const link = adminUrl(
      { key: 'emulated-bistro', siteId: '1', name: 'x', baseUrl: emulator.url, internalDomain: 'emulated-bistro.admin.datocms.com' },
      'main',
      { kind: 'webhook', webhook: node.webhook },
    );
    assert.equal(
      link,
      `https://emulated-bistro.admin.datocms.com/project_settings/webhooks/${webhook.id}/edit`,
      'Open in DatoCMS goes to the dashboard, not to the URL',
    );

    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(listenerHits, [], 'the webhook URL or a header target was requested');
    assert.ok(log.length > 0 && log.every((e) => !e.path.includes(listenerUrl)));
    assert.deepEqual(transcript.scan({ 'API token': emulator.token }), []);
  });
});
