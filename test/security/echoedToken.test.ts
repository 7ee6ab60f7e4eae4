// A server (or a proxy in front of it) that echoes the Authorization header, in an error or in a successful
// answer: the token never reaches a notification, the log, the clipboard or an agent's answer.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ApiError, CmaClient, ResponseError, type Resource } from '../../src/cma';
import { reportError } from '../../src/platform/errors';
import { KnownSecrets, ScrubbingUi, scrubbingLog } from '../../src/platform/secrets';
import { formatMessage } from '../../src/platform/translate';
import { ProjectStore } from '../../src/projects/projectStore';
import { FakeSecrets, FakeState } from '../projects/fakeStores';
import { ScriptedUi } from '../platform/scriptedUi';

const TOKEN = 'echoed-cma-token-9d2f61a7';
const OTHER_PROJECT_TOKEN = 'other-project-token-51be03';
const DELIVERY_TOKEN = 'delivery-token-c0ffee42';

/** Answers every request with something that repeats its Authorization header. */
function echoingServer(): http.Server {
  return http.createServer((req, res) => {
    const echoed = String(req.headers['authorization']);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = req.url ?? '';
    if (url.startsWith('/job-results/'))
      return json(200, {
        data: {
          type: 'job_result',
          id: 'j',
          attributes: {
            status: 422,
            payload: { data: [{ type: 'api_error', id: 'e', attributes: { code: 'INVALID_FIELD', details: { field: echoed } } }] },
          },
        },
      });
    if (req.method === 'PUT') return json(202, { data: { type: 'job', id: echoed.slice(7) } });
    if (url === '/error')
      return json(500, {
        data: [
          { type: 'api_error', id: 'e', attributes: { code: 'PROXY', details: { message: echoed, headers: { authorization: echoed } } } },
        ],
      });
    if (url === '/items/shape') return json(200, { data: { id: 'shape', type: echoed } });
    if (url === '/items/wrong') return json(200, { data: { id: echoed, type: 'item', attributes: {} } });
    // a proxy's success page that happens to repeat the header inside the content
    return json(200, { data: { id: 'r1', type: 'item', attributes: { title: `Hello ${echoed}` }, meta: {} } });
  });
}

/** Every place a message or a line could carry the token. */
function sinks(known: KnownSecrets) {
  const ui = new ScriptedUi();
  const lines: string[] = [];
  const channel = {
    name: 'DatoCMS',
    info: (line: string) => lines.push(`info ${line}`),
    warn: (line: string) => lines.push(`warn ${line}`),
    error: (line: string | Error) => lines.push(`error ${String(line)}`),
    appendLine: (line: string) => lines.push(line),
  };
  const log = scrubbingLog(channel, known.scrubSecrets);
  return {
    scripted: ui,
    ui: new ScrubbingUi(ui, known.scrubSecrets),
    lines,
    log,
    seen: () => [...ui.transcript, ...ui.confirmations.map((c) => `${c.message} ${c.detail ?? ''}`), ...lines].join('\n'),
  };
}

describe('a token echoed by the server', () => {
  let server: http.Server;
  let client: CmaClient;
  const known = new KnownSecrets();

  before(async () => {
    server = echoingServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new CmaClient({ apiToken: TOKEN, baseUrl, retry: { maxAttempts: 1 }, jobs: { firstDelayMs: 1, maxDelayMs: 2 } });
    // what secret storage holds: this project's token, another project's, a delivery token
    const store = new ProjectStore(known.watch(new FakeSecrets()), new FakeState());
    const project = (key: string) => ({ key, siteId: key, name: key, baseUrl, internalDomain: null });
    await store.save(project('bistro'), TOKEN);
    await store.save(project('other'), OTHER_PROJECT_TOKEN);
    await known.watch({ get: async () => DELIVERY_TOKEN, store: async () => undefined, delete: async () => undefined }).get('cda');
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const failures: [string, () => Promise<unknown>][] = [
    ['an error body (500) echoing the header', () => client.request({ method: 'GET', path: '/error' })],
    ['a success answer whose type is the header', () => client.items.find('shape')],
    ['a success answer for another id: the header', () => client.items.find('wrong')],
    [
      'a job whose id is the token, reporting an error that echoes it',
      () => client.items.update('r1', { data: { type: 'item', id: 'r1', attributes: {} } }),
    ],
  ];
  for (const [what, call] of failures)
    test(`${what}: not in the error, the notification or the log`, async () => {
      const error = await call().then(
        () => assert.fail('the call succeeded'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError || error instanceof ResponseError, String(error));
      assert.ok(!error.message.includes(TOKEN), error.message);
      assert.ok(!JSON.stringify(error instanceof ApiError ? error.errors : []).includes(TOKEN));
      const { scripted, ui, log, seen } = sinks(known);
      scripted.answers.push(() => undefined);
      log.error(`Loading the record: ${error.message}`);
      await reportError(ui, formatMessage, 'Loading the record', error, { showLog: () => undefined });
      assert.match(seen(), /Loading the record: /);
      assert.ok(!seen().includes(TOKEN), seen());
    });

  test('a success answer holding the token in its content: the copied text and a message about it are scrubbed', async () => {
    const record: Resource<'item'> = await client.items.find('r1');
    const title = String(record.attributes['title']);
    assert.ok(title.includes(TOKEN), 'the content itself is shown as DatoCMS sent it');
    const { ui, log, seen } = sinks(known);
    await ui.copy(title);
    await ui.info(`Published "${title}".`);
    log.info(`Opened "${title}"`);
    assert.match(seen(), /copy: Hello Bearer \[secret removed\]/);
    assert.ok(!seen().includes(TOKEN), seen());
  });

  test("another project's token and a delivery token never reach the window, the log or the clipboard either", async () => {
    const { scripted, ui, log, seen } = sinks(known);
    const leaky = new Error(`proxy said: Authorization: Bearer ${OTHER_PROJECT_TOKEN}; X-Cda: ${DELIVERY_TOKEN}`);
    scripted.answers.push(
      () => undefined,
      () => undefined,
    );
    await reportError(ui, formatMessage, 'Running the query', leaky, { showLog: () => undefined });
    await ui.confirm({ message: `Send ${DELIVERY_TOKEN}?`, detail: OTHER_PROJECT_TOKEN, actions: ['Send'] });
    await ui.copy(`curl -H "Authorization: Bearer ${DELIVERY_TOKEN}"`);
    log.error(leaky);
    log.appendLine(`${OTHER_PROJECT_TOKEN}`);
    const text = seen();
    assert.ok(!text.includes(OTHER_PROJECT_TOKEN) && !text.includes(DELIVERY_TOKEN), text);
    assert.match(text, /Running the query: proxy said: Authorization: Bearer \[secret removed\]; X-Cda: \[secret removed\]/);
  });

  test('short strings are not secrets, and a token containing another is removed whole', () => {
    const local = new KnownSecrets();
    local.remember('abc');
    local.remember('secret-token-1234');
    local.remember('secret-token-1234-and-more');
    assert.equal(local.scrubSecrets('abc secret-token-1234-and-more secret-token-1234'), 'abc [secret removed] [secret removed]');
  });
});
