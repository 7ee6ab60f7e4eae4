// The official CDA client (@datocms/cda-client, a dev dependency) against the emulator: what a real
// front end sends and reads. Skipped, saying why, when the package is not installed yet.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';

interface ClientOptions {
  token: string;
  graphqlEndpointUrl?: string;
  includeDrafts?: boolean;
  excludeInvalid?: boolean;
  environment?: string;
  returnCacheTags?: boolean;
  variables?: Record<string, unknown>;
}
interface CdaClient {
  executeQuery(query: string, options: ClientOptions): Promise<any>;
  rawExecuteQuery(query: string, options: ClientOptions): Promise<[any, Response]>;
  executeQueryWithAutoPagination(query: string, options: ClientOptions): Promise<any>;
  ApiError: new (...args: never[]) => Error & { response: { status: number; body: any } };
}

let emu: Emulator;
let client: CdaClient | undefined;
let options: ClientOptions;
useEmulator({ records: 620 }, async (started) => {
  emu = started.emulator;
  options = { token: emu.token, graphqlEndpointUrl: `${emu.url}/cda/` };
  const name = '@datocms/cda-client';
  client = await import(name).catch(() => undefined);
});

function needsClient(t: TestContext): CdaClient | undefined {
  if (!client) t.skip('@datocms/cda-client is not installed: run npm install');
  return client;
}

describe('@datocms/cda-client against the emulator', () => {
  test('executeQuery: the request it sends is answered; drafts, strict mode and environments as options', async (t) => {
    const cda = needsClient(t);
    if (!cda) return;
    emu.clearRequests();
    const result = await cda.executeQuery('query Authors($n: IntType) { allAuthors(first: $n) { name } }', {
      ...options,
      variables: { n: 2 },
    });
    assert.equal(result.allAuthors.length, 2);
    const sent = emu.requests.at(-1)!;
    assert.deepEqual([sent.method, sent.path], ['POST', '/cda/']);
    assert.deepEqual(Object.keys(sent.body as object), ['query', 'variables']);
    const published = await cda.executeQuery('{ _allArticlesMeta { count } }', options);
    const drafts = await cda.executeQuery('{ _allArticlesMeta { count } }', { ...options, includeDrafts: true });
    assert.ok(drafts._allArticlesMeta.count > published._allArticlesMeta.count);
    const strict = await cda.executeQuery('{ allArticles(first: 1) { title } }', {
      ...options,
      excludeInvalid: true,
      environment: 'sandbox',
    });
    assert.equal(typeof strict.allArticles[0].title, 'string');
  });

  test('rawExecuteQuery returns the response: cache tags and complexity headers', async (t) => {
    const cda = needsClient(t);
    if (!cda) return;
    const [data, response] = await cda.rawExecuteQuery('{ allCategories { name } }', { ...options, returnCacheTags: true });
    assert.ok(data.allCategories.length > 0);
    assert.ok(response.headers.get('x-cache-tags')!.split(' ').length > data.allCategories.length);
    assert.equal(response.headers.get('x-complexity'), String(100 + 20 * 2));
  });

  test('errors reach the caller as ApiError: GraphQL errors (HTTP 200) and request errors', async (t) => {
    const cda = needsClient(t);
    if (!cda) return;
    const graphql = await cda.executeQuery('{ allAuthors { nope } }', options).catch((e: unknown) => e);
    assert.ok(graphql instanceof cda.ApiError);
    assert.equal(graphql.response.status, 200);
    assert.equal(graphql.response.body.errors[0].extensions.code, 'undefinedField');
    const token = await cda.executeQuery('{ allAuthors { name } }', { ...options, token: 'wrong' }).catch((e: unknown) => e);
    assert.ok(token instanceof cda.ApiError);
    assert.equal(token.response.status, 401);
    assert.equal(token.response.body.data[0].attributes.code, 'INVALID_AUTHORIZATION_HEADER');
  });

  test('executeQueryWithAutoPagination fetches more than 500 records in one request', async (t) => {
    const cda = needsClient(t);
    if (!cda) return;
    const all = await cda.executeQuery('{ _allArticlesMeta { count } }', { ...options, includeDrafts: true });
    assert.ok(all._allArticlesMeta.count > 500);
    emu.clearRequests();
    const result = await cda.executeQueryWithAutoPagination('{ allArticles(first: 600, orderBy: _createdAt_ASC) { id } }', {
      ...options,
      includeDrafts: true,
    });
    assert.equal(result.allArticles.length, Math.min(600, all._allArticlesMeta.count));
    assert.equal(new Set(result.allArticles.map((a: { id: string }) => a.id)).size, result.allArticles.length);
    assert.equal(emu.requests.length, 1);
  });
});
