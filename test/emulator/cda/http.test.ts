import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { cma, data, gql } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 20, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const QUERY = '{ allAuthors(first: 2) { name } }';
const code = (res: { json: any }) => res.json?.data?.[0]?.attributes?.code;

describe('requests and their errors', () => {
  test('the token as Bearer or bare; a wrong token 401 INVALID_AUTHORIZATION_HEADER; none 401 INVALID_SITE', async () => {
    assert.equal((await gql(emu, QUERY)).status, 200);
    assert.equal((await gql(emu, QUERY, { authorization: emu.token })).status, 200);
    const wrong = await gql(emu, QUERY, { authorization: 'Bearer nope' });
    assert.equal(wrong.status, 401);
    assert.equal(code(wrong), 'INVALID_AUTHORIZATION_HEADER');
    assert.equal(wrong.json.data[0].type, 'api_error');
    const none = await gql(emu, QUERY, { authorization: null });
    assert.deepEqual([none.status, code(none)], [401, 'INVALID_SITE']);
  });

  test('switch headers take only `true`; Content Link is not in the emulated plan; the editing URL must be https', async () => {
    for (const [name, errorCode] of [
      ['X-Include-Drafts', 'INVALID_X_INCLUDE_DRAFTS_HEADER'],
      ['X-Exclude-Invalid', 'INVALID_X_EXCLUDE_INVALID_HEADER'],
      ['X-Cache-Tags', 'INVALID_X_CACHE_TAGS_HEADER'],
    ]) {
      for (const value of ['false', 'TRUE', '1']) {
        const res = await gql(emu, QUERY, { headers: { [name!]: value } });
        assert.deepEqual([res.status, code(res)], [422, errorCode], `${name}: ${value}`);
      }
    }
    const drafts = await gql(emu, QUERY, { headers: { 'X-Include-Drafts': 'false' } });
    assert.equal(drafts.json.data[0].attributes.details.message, 'X-Include-Drafts header can only be set to `true`');
    assert.equal(code(await gql(emu, QUERY, { headers: { 'X-Visual-Editing': 'vercel-v1' } })), 'INVALID_X_VISUAL_EDITING_HEADER');
    assert.equal(code(await gql(emu, QUERY, { headers: { 'X-Base-Editing-Url': 'ftp://x' } })), 'INVALID_X_BASE_EDITING_URL_HEADER');
    const base = 'https://emulated-bistro.admin.datocms.com';
    const withUrl = await data(emu, '{ author(orderBy: name_ASC) { id _editingUrl } upload { _editingUrl } }', {
      headers: { 'X-Base-Editing-Url': base },
    });
    const model = emu.store.itemType(emu.store.environment(), 'author')!.id;
    assert.equal(withUrl.author._editingUrl, `${base}/editor/item_types/${model}/items/${withUrl.author.id}`);
    assert.ok(withUrl.upload._editingUrl.startsWith(`${base}/media/assets/`));
    assert.equal((await data(emu, '{ author { _editingUrl } }')).author._editingUrl, null);
  });

  test('environments: X-Environment or the deprecated path; unknown → 404 INVALID_ENVIRONMENT', async () => {
    await cma(emu, 'PUT', '/items/' + (await data(emu, '{ author(orderBy: name_ASC) { id } }')).author.id, {
      data: {
        type: 'item',
        id: (await data(emu, '{ author(orderBy: name_ASC) { id } }')).author.id,
        attributes: { name: 'Changed in main' },
      },
    });
    const main = await data(emu, '{ author(orderBy: name_ASC) { name } }');
    const sandbox = await data(emu, '{ author(orderBy: name_ASC) { name } }', { headers: { 'X-Environment': 'sandbox' } });
    const byPath = await data(emu, '{ author(orderBy: name_ASC) { name } }', { path: '/cda/environments/sandbox' });
    assert.equal(main.author.name, 'Changed in main');
    assert.notEqual(sandbox.author.name, 'Changed in main');
    assert.deepEqual(byPath, sandbox);
    const unknown = await gql(emu, QUERY, { headers: { 'X-Environment': 'nope' } });
    assert.deepEqual([unknown.status, code(unknown)], [404, 'INVALID_ENVIRONMENT']);
    assert.equal((await gql(emu, QUERY, { path: '/cda/environments/nope/preview' })).status, 404);
  });

  test('POST only; the body is JSON whatever its Content-Type; malformed bodies are 400 INVALID_JSON_BODY', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${emu.url}/cda/`, { method: 'POST', headers: { Authorization: `Bearer ${emu.token}`, ...headers }, body });
    const plain = await post(JSON.stringify({ query: QUERY }));
    assert.equal(plain.status, 200, 'fetch sends text/plain for a string body: still JSON to the API');
    assert.equal(plain.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal((await post(JSON.stringify({ query: QUERY }), { 'Content-Type': 'application/graphql' })).status, 200);
    for (const body of ['{', '[]', '"x"', JSON.stringify({ query: QUERY, variables: [1] }), JSON.stringify({ query: QUERY, foo: 1 })]) {
      const res = await post(body);
      assert.equal(res.status, 400, body);
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal((await res.json()).data[0].attributes.code, 'INVALID_JSON_BODY');
    }
    const get = await fetch(`${emu.url}/cda/?query=${encodeURIComponent(QUERY)}`, { headers: { Authorization: `Bearer ${emu.token}` } });
    assert.equal(get.status, 404);
    const missing = await post(JSON.stringify({ variables: {} }));
    assert.deepEqual(await missing.json(), { errors: [{ message: 'No query string was present' }] });
  });

  test('GraphQL errors: HTTP 200, no data, locations and extensions.code', async () => {
    const unknown = await gql(emu, '{\n  allAuthors {\n    nickname\n  }\n}');
    assert.equal(unknown.status, 200);
    assert.equal(unknown.data, undefined);
    assert.deepEqual(unknown.errors, [
      {
        message: 'Cannot query field "nickname" on type "AuthorRecord". Did you mean "name"?',
        locations: [{ line: 3, column: 5 }],
        extensions: { code: 'undefinedField', typeName: 'AuthorRecord', fieldName: 'nickname' },
      },
    ]);
    const syntax = await gql(emu, '{ allAuthors { ');
    assert.equal(syntax.errors![0].extensions.code, 'parseError');
    assert.deepEqual(syntax.errors![0].locations, [{ line: 1, column: 16 }]);
    const argument = await gql(emu, '{ allAuthors(limit: 3) { name } }');
    assert.equal(argument.errors![0].extensions.code, 'argumentNotAccepted');
    const variables = await gql(emu, 'query($n: IntType!) { allAuthors(first: $n) { name } }', { variables: {} });
    assert.equal(variables.errors!.length, 1);
    assert.match(variables.errors![0].message, /\$n/);
    assert.equal((await gql(emu, 'mutation { x }')).errors?.length, 1);
  });

  test('union members may select the same field with different nullability', async () => {
    const result = await data(
      emu,
      '{ allArticles(first: 5) { content { ... on ImageBlockRecord { caption } ... on CtaBlockRecord { caption: label } } } }',
    );
    assert.equal(result.allArticles.length, 5);
  });

  test('X-Cache-Tags: opaque space-separated tags, stable per record, only when asked for', async () => {
    const headers = { 'X-Cache-Tags': 'true' };
    const one = await gql(emu, '{ author(orderBy: name_ASC) { name } }', { headers });
    const again = await gql(emu, '{ author(orderBy: name_ASC) { name } }', { headers });
    const other = await gql(emu, '{ author(orderBy: name_DESC) { name } }', { headers });
    const tags = (res: { headers: Headers }) => res.headers.get('x-cache-tags')!.split(' ');
    assert.deepEqual(tags(one), tags(again));
    assert.ok(tags(one).every((t) => /^[!-~]+$/.test(t)));
    assert.notDeepEqual(tags(one), tags(other));
    assert.equal(tags(one).filter((t) => tags(other).includes(t)).length, 1, 'the model tag is shared');
    assert.equal((await gql(emu, QUERY)).headers.get('x-cache-tags'), null);
  });

  test('complexity and CDN headers on every GraphQL answer', async () => {
    const res = await gql(emu, QUERY);
    assert.equal(res.headers.get('x-complexity'), String(100 + 2 * 1));
    assert.equal(res.headers.get('x-max-complexity'), '10000000');
    assert.equal(res.headers.get('x-cacheable-on-cdn'), 'true');
    assert.match(res.headers.get('x-cacheable-on-cdn-query-length-limit')!, /^\d+\/12000$/);
    const long = await gql(emu, `{ allAuthors { ${'name '.repeat(3000)} } }`);
    assert.equal(long.headers.get('x-cacheable-on-cdn'), 'false');
  });
});
