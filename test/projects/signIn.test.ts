import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CmaClient } from '../../src/cma';
import { runSignIn } from '../../src/projects/accountFlows';
import { checkBaseUrl } from '../../src/platform/baseUrl';
import { ProjectStore, tokenSecretKey } from '../../src/projects/projectStore';
import { InvalidTokenError, projectFromSite, signIn } from '../../src/projects/signIn';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';
import { FakeSecrets, FakeState } from './fakeStores';

let emulator: Emulator;
const createClient = (options: ConstructorParameters<typeof CmaClient>[0]) => new CmaClient({ ...options, retry: { maxAttempts: 1 } });

useEmulator({ records: 5, reset: ['requests'] }, (started) => (emulator = started.emulator));

function stores() {
  const secrets = new FakeSecrets();
  const state = new FakeState();
  return { secrets, state, store: new ProjectStore(secrets, state) };
}

describe('sign in', () => {
  test('a good token stores the project (named after the site) and the token only as a secret', async () => {
    const { secrets, state, store } = stores();
    const { project, replaced } = await signIn({ token: `  ${emulator.token} `, baseUrl: emulator.url, store, createClient });
    assert.equal(replaced, false);
    assert.equal(project.name, 'Emulated Bistro');
    assert.equal(project.key, 'emulated-bistro');
    assert.equal(project.internalDomain, 'emulated-bistro.admin.datocms.com');
    assert.equal(project.primaryEnvironment, 'main');
    assert.equal(await store.token(project.key), emulator.token);
    assert.deepEqual([...secrets.values.keys()], [tokenSecretKey('emulated-bistro')]);
    assert.ok(!JSON.stringify([...state.values]).includes(emulator.token), 'the token is not in globalState');
    assert.deepEqual(store.list(), [project]);
    assert.equal(emulator.requests[0]?.path, '/site');

    const again = await signIn({ token: emulator.token, baseUrl: emulator.url, store, createClient });
    assert.equal(again.replaced, true);
    assert.equal(store.list().length, 1);
  });

  test('a refused token stores nothing and the message does not contain it', async () => {
    const { secrets, state, store } = stores();
    const badToken = 'wrong-token-0123456789';
    await assert.rejects(signIn({ token: badToken, baseUrl: emulator.url, store, createClient }), (error: unknown) => {
      assert.ok(error instanceof InvalidTokenError);
      assert.ok(!error.message.includes(badToken));
      return true;
    });
    assert.equal(secrets.values.size, 0);
    assert.equal(state.values.size, 0);
  });

  test('the dialogue masks the input, rejects an empty token, and says in the box that a token was refused, to be corrected there', async () => {
    const { secrets, store } = stores();
    const ui = new ScriptedUi();
    ui.inputs.push((options) => {
      assert.equal(options.password, true);
      assert.equal(options.title, `Sign in to DatoCMS at ${emulator.url}`, 'a server other than DatoCMS is named where the token is typed');
      assert.equal(typeof options.validate?.('  '), 'string', 'empty is refused');
      assert.equal(options.validate?.('x'), undefined);
      return 'not-the-token';
    });
    ui.inputs.push(() => {
      assert.equal(secrets.values.size, 0, 'the refused token was not stored');
      return emulator.token;
    });
    const project = await runSignIn(ui, formatMessage, { baseUrl: emulator.url, store, createClient });
    assert.equal(project?.key, 'emulated-bistro');
    assert.equal(secrets.values.get(tokenSecretKey('emulated-bistro')), emulator.token);
    assert.equal(ui.refusals.length, 1);
    assert.match(ui.refusals[0]!, /refused this token \(401\): nothing was stored/);
    assert.equal(ui.transcript.filter((line) => line.startsWith('input:')).length, 1, 'one box throughout');
    assert.ok(!ui.transcript.some((line) => line.startsWith('error:')), 'no notification for a wrong token');
    assert.ok(!ui.transcript.some((line) => line.includes(emulator.token)), 'no message shows the token');
  });

  test('dismissing the input box signs in to nothing', async () => {
    const { secrets, store } = stores();
    const ui = new ScriptedUi();
    ui.inputs.push(() => undefined);
    assert.equal(await runSignIn(ui, formatMessage, { baseUrl: emulator.url, store, createClient }), undefined);
    assert.equal(secrets.values.size, 0);
    assert.equal(emulator.requests.length, 0);
  });

  test('signing out deletes the token and the project', async () => {
    const { secrets, store } = stores();
    const { project } = await signIn({ token: emulator.token, baseUrl: emulator.url, store, createClient });
    await store.selectEnvironment(project.key, 'sandbox');
    await store.remove(project.key);
    assert.equal(secrets.values.size, 0);
    assert.deepEqual(store.list(), []);
    assert.equal(store.selectedEnvironment(project.key), undefined);
  });

  test('project keys are URI-safe and unique per site and server', () => {
    const site = {
      id: '12345',
      type: 'site',
      attributes: { name: 'Blog', internal_domain: 'My_Blog.admin.datocms.com' },
      relationships: {},
      meta: {},
    } as const;
    const first = projectFromSite({ ...site, attributes: { ...site.attributes } }, 'https://site-api.datocms.com', []);
    assert.equal(first.key, 'my-blog');
    const other = projectFromSite({ ...site, id: '999', attributes: { ...site.attributes } }, 'https://site-api.datocms.com', [first]);
    assert.equal(other.key, 'my-blog-999');
    const noDomain = projectFromSite({ ...site, attributes: { name: 'X', internal_domain: null } }, 'https://site-api.datocms.com', []);
    assert.equal(noDomain.key, '12345');
  });

  test('base URLs must be https, except plain http to this machine', () => {
    assert.deepEqual(checkBaseUrl('https://site-api.datocms.com/'), { ok: true, baseUrl: 'https://site-api.datocms.com' });
    for (const ok of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:9000']) assert.equal(checkBaseUrl(ok).ok, true, ok);
    for (const bad of ['http://site-api.datocms.com', 'http://10.0.0.5', 'ftp://localhost', 'not a url', 'https://user:pw@example.com'])
      assert.equal(checkBaseUrl(bad).ok, false, bad);
  });
});
