import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startEmulator, type Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob, type RawResponse } from './http.js';

let emu: Emulator;
useEmulator({ records: 20, jobDurationMs: 5 }, (started) => (emu = started.emulator));

const forkBody = (id: string) => ({ data: { type: 'environment', id } });
const inEnv = (environment: string) => ({ headers: { 'X-Environment': environment } });
async function outcome(res: RawResponse): Promise<{ status: number; payload: any }> {
  assert.equal(res.status, 202, JSON.stringify(res.json));
  return (await waitForJob(emu, res.json.data.id)).json.data.attributes;
}
const fork = (source: string, id: string, query = '') =>
  call(emu, `/environments/${source}/fork${query}`, { method: 'POST', body: forkBody(id) });

describe('POST /environments/:id/fork', () => {
  test('a job; the new environment is a full copy keeping ids, and changing it leaves the source alone', async () => {
    const { status, payload } = await outcome(await fork('main', 'feature-a'));
    assert.equal(status, 200);
    assert.equal(payload.data.id, 'feature-a');
    assert.deepEqual([payload.data.meta.status, payload.data.meta.primary, payload.data.meta.forked_from], ['ready', false, 'main']);
    const list = (await call(emu, '/environments')).json.data.map((e: { id: string }) => e.id);
    assert.deepEqual(list, ['main', 'sandbox', 'feature-a']);
    const mainModels = (await call(emu, '/item-types')).json.data.map((m: { id: string }) => m.id);
    const forkModels = (await call(emu, '/item-types', inEnv('feature-a'))).json.data.map((m: { id: string }) => m.id);
    assert.deepEqual(forkModels, mainModels);
    const mainRecords = (await call(emu, '/items?filter[type]=article&page[limit]=500')).json;
    const forkRecords = (await call(emu, '/items?filter[type]=article&page[limit]=500', inEnv('feature-a'))).json;
    assert.deepEqual(
      forkRecords.data.map((r: { id: string }) => r.id),
      mainRecords.data.map((r: { id: string }) => r.id),
    );
    assert.deepEqual(
      (await call(emu, '/uploads?page[limit]=500', inEnv('feature-a'))).json.meta,
      (await call(emu, '/uploads?page[limit]=500')).json.meta,
    );
    // a write in the fork stays there
    const hint = await call(emu, '/item-types/article', {
      method: 'PUT',
      body: { data: { type: 'item_type', id: 'article', attributes: { hint: 'only in feature-a' } } },
      ...inEnv('feature-a'),
    });
    assert.equal((await outcome(hint)).status, 200);
    assert.equal((await call(emu, '/item-types/article', inEnv('feature-a'))).json.data.attributes.hint, 'only in feature-a');
    assert.notEqual((await call(emu, '/item-types/article')).json.data.attributes.hint, 'only in feature-a');
    // a new model in the fork gets an id no environment uses
    const created = (
      await call(emu, '/item-types', {
        method: 'POST',
        body: { data: { type: 'item_type', attributes: { name: 'Promo', api_key: 'promo' } } },
        ...inEnv('feature-a'),
      })
    ).json.data;
    assert.ok(!mainModels.includes(created.id));
    assert.equal((await call(emu, '/item-types/promo')).status, 404);
  });

  test('immediate_return answers the environment still creating; until it is ready its requests are ENVIRONMENT_NOT_READY', async () => {
    const slow = await startEmulator({ records: 5, jobDurationMs: 5 });
    const release = slow.holdJobs();
    try {
      const res = await call(slow, '/environments/main/fork?immediate_return=true', { method: 'POST', body: forkBody('slow-copy') });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.deepEqual([res.json.data.id, res.json.data.meta.status], ['slow-copy', 'creating']);
      const early = await call(slow, '/item-types', inEnv('slow-copy'));
      assert.deepEqual([early.status, codes(early)], [422, ['ENVIRONMENT_NOT_READY']]);
      assert.equal((await call(slow, '/environments/slow-copy', inEnv('slow-copy'))).json.data.meta.status, 'creating');
      assert.deepEqual(codes(await call(slow, '/environments/main', { method: 'DELETE' })), ['CANNOT_DESTROY_PRIMARY_ENVIRONMENT']);
      assert.deepEqual(codes(await call(slow, '/environments/slow-copy', { method: 'DELETE' })), ['ENVIRONMENT_NOT_READY']);
      release();
      let meta;
      // the fork ends once its (short) time is up
      do meta = (await call(slow, '/environments/slow-copy')).json.data.meta;
      while (meta.status !== 'ready' && (await new Promise((r) => setTimeout(r, 20, true))));
      assert.equal(meta.status, 'ready');
      assert.equal(meta.fork_completion_percentage, undefined);
      assert.equal((await call(slow, '/item-types', inEnv('slow-copy'))).status, 200);
    } finally {
      release();
      await slow.close();
    }
  });

  test('a fast fork keeps the source read-only until it is done', async () => {
    const slow = await startEmulator({ records: 5, jobDurationMs: 5 });
    const release = slow.holdJobs();
    try {
      const res = await call(slow, '/environments/main/fork?fast=true&force=true', { method: 'POST', body: forkBody('fast-copy') });
      assert.equal(res.status, 202);
      const write = await call(slow, '/webhooks', { method: 'GET' });
      assert.equal(write.status, 200, 'reads go on');
      const blocked = await call(slow, '/item-types/article', {
        method: 'PUT',
        body: { data: { type: 'item_type', id: 'article', attributes: { hint: 'x' } } },
      });
      assert.deepEqual(codes(blocked), ['ENVIRONMENT_IN_READ_ONLY_MODE']);
      release();
      const done = await waitForJob(slow, res.json.data.id);
      assert.equal(done.json.data.attributes.payload.data.meta.status, 'ready');
      const after = await call(slow, '/item-types/article', {
        method: 'PUT',
        body: { data: { type: 'item_type', id: 'article', attributes: { hint: 'x' } } },
      });
      assert.equal(after.status, 202);
    } finally {
      release();
      await slow.close();
    }
  });

  test('a taken or malformed id, an unknown source, a wrong body or parameter are refused', async () => {
    assert.deepEqual(
      details(await fork('main', 'sandbox')).map((d) => [d.field, d.code]),
      [['id', 'VALIDATION_UNIQUENESS']],
    );
    for (const id of ['Feature B', '-x', 'x-', 'a--b', 'a_b'])
      assert.deepEqual(
        details(await fork('main', id)).map((d) => [d.field, d.code]),
        [['id', 'VALIDATION_FORMAT']],
        id,
      );
    assert.deepEqual(codes(await fork('nowhere', 'feature-b')), ['NOT_FOUND']);
    assert.deepEqual(
      codes(await call(emu, '/environments/main/fork', { method: 'POST', body: { data: { type: 'item_type', id: 'feature-b' } } })),
      ['INVALID_TYPE'],
    );
    assert.deepEqual(
      codes(
        await call(emu, '/environments/main/fork', {
          method: 'POST',
          body: { data: { type: 'environment', id: 'feature-b', attributes: { name: 'x' } } },
        }),
      ),
      ['INVALID_ATTRIBUTES'],
    );
    assert.deepEqual(codes(await fork('main', 'feature-b', '?deep=true')), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await fork('main', 'feature-b', '?fast=1')), ['INVALID_PARAMS']);
    assert.equal((await call(emu, '/environments/feature-b')).status, 404);
  });
});

describe('promote, rename, destroy', () => {
  test('promote makes a sandbox the primary; requests without X-Environment then go to it', async () => {
    const own = await startEmulator({ records: 5, jobDurationMs: 5 });
    try {
      await waitForJob(own, (await call(own, '/environments/main/fork', { method: 'POST', body: forkBody('next') })).json.data.id);
      await waitForJob(
        own,
        (
          await call(own, '/item-types/article', {
            method: 'PUT',
            body: { data: { type: 'item_type', id: 'article', attributes: { hint: 'next release' } } },
            ...inEnv('next'),
          })
        ).json.data.id,
      );
      const res = await call(own, '/environments/next/promote', { method: 'PUT' });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.equal(res.json.data.meta.primary, true);
      assert.equal((await call(own, '/environments/main')).json.data.meta.primary, false);
      assert.deepEqual((await call(own, '/environments')).json.data.map((e: { id: string }) => e.id).slice(0, 2), ['next', 'main']);
      assert.equal((await call(own, '/item-types/article')).json.data.attributes.hint, 'next release');
      assert.deepEqual(codes(await call(own, '/environments/next/promote', { method: 'PUT' })), ['ALREADY_PRIMARY_ENVIRONMENT']);
      assert.deepEqual(codes(await call(own, '/environments/next', { method: 'DELETE' })), ['CANNOT_DESTROY_PRIMARY_ENVIRONMENT']);
      // the former primary is a sandbox now, so it can go
      const gone = await waitForJob(own, (await call(own, '/environments/main', { method: 'DELETE' })).json.data.id);
      assert.equal(gone.json.data.attributes.payload.data.id, 'main');
      assert.equal((await call(own, '/environments/main')).status, 404);
      assert.deepEqual(codes(await call(own, '/item-types', inEnv('main'))), ['INVALID_ENVIRONMENT']);
    } finally {
      await own.close();
    }
  });

  test('rename moves the environment with its content to the new id; a taken id is refused', async () => {
    await outcome(await fork('main', 'old-name'));
    const before = (await call(emu, '/item-types', inEnv('old-name'))).json.data.length;
    assert.deepEqual(
      details(await call(emu, '/environments/old-name/rename', { method: 'PUT', body: forkBody('main') })).map((d) => d.code),
      ['VALIDATION_UNIQUENESS'],
    );
    const res = await call(emu, '/environments/old-name/rename', { method: 'PUT', body: forkBody('new-name') });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.data.id, 'new-name');
    assert.equal((await call(emu, '/environments/old-name')).status, 404);
    assert.equal((await call(emu, '/item-types', inEnv('new-name'))).json.data.length, before);
    assert.deepEqual(codes(await call(emu, '/item-types', inEnv('old-name'))), ['INVALID_ENVIRONMENT']);
  });

  test('destroy is a job; the environment is destroying meanwhile and then gone; its id can be forked again', async () => {
    await outcome(await fork('main', 'short-lived'));
    const release = emu.holdJobs();
    const res = await call(emu, '/environments/short-lived', { method: 'DELETE' });
    assert.equal(res.status, 202);
    assert.deepEqual(codes(await call(emu, '/item-types', inEnv('short-lived'))), ['ENVIRONMENT_NOT_READY']);
    release();
    const { payload } = await outcome(res);
    assert.equal(payload.data.id, 'short-lived');
    assert.equal((await call(emu, '/environments/short-lived')).status, 404);
    assert.equal((await outcome(await fork('main', 'short-lived'))).status, 200);
    assert.equal((await call(emu, '/items?filter[type]=article&page[limit]=1', inEnv('short-lived'))).status, 200);
    assert.deepEqual(codes(await call(emu, '/environments/nowhere', { method: 'DELETE' })), ['NOT_FOUND']);
  });
});

describe('maintenance mode', () => {
  test('off by default; while on, the primary environment takes no writes, sandboxes and reads go on', async () => {
    const own = await startEmulator({ records: 5, jobDurationMs: 5 });
    try {
      assert.deepEqual((await call(own, '/maintenance-mode')).json.data.attributes, { active: false });
      const on = await call(own, '/maintenance-mode/activate?force=true', { method: 'PUT' });
      assert.deepEqual([on.status, on.json.data.type, on.json.data.attributes.active], [200, 'maintenance_mode', true]);
      const body = { data: { type: 'item_type', id: 'article', attributes: { hint: 'x' } } };
      assert.deepEqual(codes(await call(own, '/item-types/article', { method: 'PUT', body })), ['MAINTENANCE_MODE']);
      assert.equal((await call(own, '/item-types/article')).status, 200);
      assert.equal((await call(own, '/item-types/article', { method: 'PUT', body, ...inEnv('sandbox') })).status, 202);
      // forking the primary (the reason to turn it on) still works
      assert.equal((await call(own, '/environments/main/fork', { method: 'POST', body: forkBody('during') })).status, 202);
      const off = await call(own, '/maintenance-mode/deactivate', { method: 'PUT' });
      assert.equal(off.json.data.attributes.active, false);
      assert.equal((await call(own, '/item-types/article', { method: 'PUT', body })).status, 202);
      assert.deepEqual(codes(await call(own, '/maintenance-mode/activate?now=true', { method: 'PUT' })), ['INVALID_PARAMS']);
    } finally {
      await own.close();
    }
  });
});
