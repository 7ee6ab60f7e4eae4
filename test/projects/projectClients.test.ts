// Signing out (or replacing a token) retires the project's client at once: loads in flight end, and none
// can leave a client or data holding the old token in the cache.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, CmaClient } from '../../src/cma';
import { NotSignedInError } from '../../src/projects/project';
import { ProjectClients } from '../../src/projects/projectClients';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';

const KEY = 'emulated-bistro';
let emulator: Emulator;

useEmulator({ records: 5, reset: ['faults', 'requests', 'latency'] }, (started) => (emulator = started.emulator));

/** A token store whose reads can be held back, like SecretStorage answering late. */
function tokens() {
  let token: string | undefined = emulator.token;
  let hold: Promise<void> | undefined;
  const made: { token: string; lifetime: AbortSignal }[] = [];
  const clients = new ProjectClients(async (key, lifetime) => {
    const read = token; // the token as it was when the load started
    await hold;
    if (!read) throw new NotSignedInError(key);
    made.push({ token: read, lifetime });
    return new CmaClient({ apiToken: read, baseUrl: emulator.url, retry: { maxAttempts: 1 }, signal: lifetime });
  });
  return {
    clients,
    made,
    set: (value: string | undefined) => (token = value),
    holdReads: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('ProjectClients', () => {
  test('one client per project, one data per environment, both reused', async () => {
    const t = tokens();
    const [main, again, sandbox] = await Promise.all([
      t.clients.data(KEY, 'main'),
      t.clients.data(KEY, 'main'),
      t.clients.data(KEY, 'sandbox'),
    ]);
    assert.equal(main, again);
    assert.notEqual(main, sandbox);
    assert.equal(sandbox.client.environment, 'sandbox');
    assert.equal(t.made.length, 1);
  });

  test('a sign-out while the client is being made leaves nothing cached, and the load fails as signed out', async () => {
    const t = tokens();
    const release = t.holdReads();
    const loading = t.clients.data(KEY, 'main');
    t.set(undefined); // the token is deleted…
    t.clients.forget(KEY); // …and the registry forgets the project
    release();
    await assert.rejects(loading, NotSignedInError);
    assert.ok(
      t.made.every((m) => m.lifetime.aborted),
      'the client made with the deleted token is retired',
    );
    await assert.rejects(t.clients.data(KEY, 'main'), NotSignedInError);
  });

  test('a new token while the client is being made: the load ends with a client of the new token', async () => {
    const t = tokens();
    const release = t.holdReads();
    const loading = t.clients.data(KEY, 'main');
    t.set('replaced-token-000');
    t.clients.forget(KEY);
    release();
    await loading.catch(() => undefined);
    assert.deepEqual(
      t.made.map((m) => [m.token, m.lifetime.aborted]),
      [
        [emulator.token, true],
        ['replaced-token-000', false],
      ],
    );
    const data = await t.clients.data(KEY, 'main');
    await assert.rejects(data.site(), /401/, 'the cached data uses the new token');
  });

  test('forgetting a project ends its loads in flight in every environment at once', async () => {
    const t = tokens();
    const main = await t.clients.data(KEY, 'main');
    const sandbox = await t.clients.data(KEY, 'sandbox');
    emulator.setLatency(3000);
    const started = performance.now();
    const loads = [main.site(), sandbox.itemTypes(), main.client.items.list({ page: { limit: 1 } })].map((p) =>
      p.then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    while (emulator.requests.length < 3) await new Promise((r) => setTimeout(r, 5));
    t.clients.forget(KEY);
    const errors = await Promise.all(loads);
    assert.ok(
      errors.every((e) => e instanceof CancelledError),
      errors.map(String).join('; '),
    );
    assert.ok(performance.now() - started < 2000, 'they did not wait for the answers');
    assert.notEqual(await t.clients.data(KEY, 'main'), main, 'the next load makes a new client');
  });
});
