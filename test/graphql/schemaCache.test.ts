// The schema cache against the emulator's delivery API: one introspection per (project, environment, strict,
// drafts) however many callers ask, invalidation by the extension's schema changes, and the check by hash.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { SchemaCache, type SchemaChange } from '../../src/graphql/schemaCache';
import type { CdaOptions, CdaTarget } from '../../src/graphql/link';
import { startEmulator, type Emulator } from '../emulator/index';
import { createField } from '../emulator/cda/cda-http';

let emu: Emulator;
before(async () => {
  emu = await startEmulator({ records: 5, jobDurationMs: 1 });
});
after(() => emu.close());

const main: CdaTarget = { project: 'bistro', environment: 'main' };
const published: CdaOptions = { strict: false, drafts: false };

/** An introspection over plain fetch that counts the requests it makes, per options. */
function counting() {
  const calls: string[] = [];
  const introspect = async (target: CdaTarget, options: CdaOptions, signal: AbortSignal): Promise<IntrospectionQuery> => {
    calls.push(`${target.environment} strict=${options.strict} drafts=${options.drafts}`);
    const headers: Record<string, string> = { Authorization: `Bearer ${emu.token}`, 'X-Environment': target.environment };
    if (options.strict) headers['X-Exclude-Invalid'] = 'true';
    if (options.drafts) headers['X-Include-Drafts'] = 'true';
    const response = await fetch(`${emu.url}/cda/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: getIntrospectionQuery() }),
      signal,
    });
    const body = (await response.json()) as { data: IntrospectionQuery };
    return body.data;
  };
  return { calls, introspect };
}

describe('schema cache', () => {
  test('two callers at once share one introspection; later calls use the cache', async () => {
    const { calls, introspect } = counting();
    const cache = new SchemaCache(introspect);
    const [a, b] = await Promise.all([cache.schemaFor(main, published), cache.schemaFor(main, published)]);
    assert.equal(a, b);
    assert.ok(a.getQueryType()?.getFields()['allArticles'], 'the schema has the models');
    assert.equal(await cache.schemaFor(main, { drafts: false, strict: false }), a);
    assert.equal(cache.peek(main, published), a);
    assert.deepEqual(calls, ['main strict=false drafts=false']);
  });

  test('each (environment, strict, drafts) is a schema of its own', async () => {
    const { calls, introspect } = counting();
    const cache = new SchemaCache(introspect);
    const loose = await cache.schemaFor(main, published);
    const strict = await cache.schemaFor(main, { strict: true, drafts: false });
    await cache.schemaFor(main, { strict: false, drafts: true });
    await cache.schemaFor({ project: 'bistro', environment: 'sandbox' }, published);
    await cache.schemaFor(main, { strict: true, drafts: false });
    assert.deepEqual(calls, [
      'main strict=false drafts=false',
      'main strict=true drafts=false',
      'main strict=false drafts=true',
      'sandbox strict=false drafts=false',
    ]);
    // strict mode makes the required title non-null
    const title = (schema: typeof loose) => String((schema.getType('ArticleRecord') as any).getFields()['title'].type);
    assert.deepEqual([title(loose), title(strict)], ['String', 'String!']);
  });

  test("invalidation drops the project's environment (and only it), tells listeners, and the next call sees the change", async () => {
    const { calls, introspect } = counting();
    const cache = new SchemaCache(introspect);
    const sandbox = { project: 'bistro', environment: 'sandbox' };
    await cache.schemaFor(main, published);
    await cache.schemaFor(main, { strict: true, drafts: false });
    await cache.schemaFor(sandbox, published);
    const heard: SchemaChange[] = [];
    cache.onDidChange((change) => heard.push(change));

    const author = emu.store.itemType(emu.store.environment(), 'author')!.id;
    await createField(emu, author, { label: 'Nickname', api_key: 'nickname', field_type: 'string' });
    cache.invalidate({ project: 'bistro', environment: 'main' });
    assert.deepEqual(
      heard.map((c) => `${c.environment} ${c.strict} ${c.reason}`),
      ['main false invalidated', 'main true invalidated'],
    );
    assert.equal(cache.peek(main, published), undefined);
    assert.ok(cache.peek(sandbox, published), 'another environment stays');
    const fresh = await cache.schemaFor(main, published);
    assert.ok((fresh.getType('AuthorRecord') as any).getFields()['nickname']);
    assert.equal(calls.length, 4);
  });

  test('a check by hash announces a schema changed elsewhere, and stays quiet when it did not', async () => {
    const { introspect } = counting();
    let now = 0;
    const cache = new SchemaCache(introspect, { maxAgeMs: 1000, now: () => now });
    const first = await cache.entry(main, published);
    assert.match(first.hash, /^[0-9a-f]{64}$/);
    assert.equal(await cache.refresh(main, published), false);
    const heard: SchemaChange[] = [];
    cache.onDidChange((change) => heard.push(change));

    const category = emu.store.itemType(emu.store.environment(), 'category')!.id;
    await createField(emu, category, { label: 'Icon', api_key: 'icon', field_type: 'string' });
    now = 5000;
    // too old: answered at once from the cache, checked in the background
    assert.equal(await cache.schemaFor(main, published), first.schema);
    await new Promise<void>((resolve) => cache.onDidChange(() => resolve()));
    assert.deepEqual(
      heard.map((c) => c.reason),
      ['changed'],
    );
    const second = await cache.entry(main, published);
    assert.notEqual(second.hash, first.hash);
    assert.match(second.sdl(), /\n {2}icon: String\n/);
  });

  test('a failed introspection is not cached', async () => {
    let fail = true;
    const { introspect } = counting();
    const cache = new SchemaCache(async (target, options, signal) => {
      if (fail) throw new Error('offline');
      return introspect(target, options, signal);
    });
    await assert.rejects(cache.schemaFor(main, published), /offline/);
    fail = false;
    assert.ok(await cache.schemaFor(main, published));
  });

  test('the SDL is printed as the type generators print an introspection, the same bytes every time', async () => {
    const { introspect } = counting();
    const a = await new SchemaCache(introspect).entry(main, { strict: true, drafts: false });
    const b = await new SchemaCache(introspect).entry(main, { strict: true, drafts: false });
    assert.equal(a.sdl(), b.sdl());
    assert.equal(a.hash, b.hash);
    assert.ok(a.sdl().endsWith('}\n'));
    assert.match(a.sdl(), /\ntype ArticleRecord implements RecordInterface \{\n/);
  });
});
