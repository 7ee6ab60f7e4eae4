// Requests to the Content Delivery API: the headers exactly as the protocol describes them for drafts, strict
// mode, the environment and cache tags; the numbers the answer's headers carry; the API's refusals as errors.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { closeAllDispatchers } from '../../src/cma';
import { CdaAuthError, CdaRequestError, postCda, type CdaRequest } from '../../src/graphql/cdaHttp';
import { cdaUrlFrom, checkCdaUrl } from '../../src/graphql/cdaUrl';
import { startEmulator, type Emulator } from '../emulator/index';

let emu: Emulator;
let recorder: Server;
let recorderUrl: string;
const seen: { headers: IncomingHttpHeaders; body: string; method: string; url: string }[] = [];
let reply: { status: number; headers: Record<string, string>; body: string }[] = [];

before(async () => {
  emu = await startEmulator({ records: 5 });
  recorder = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ headers: req.headers, body, method: req.method ?? '', url: req.url ?? '' });
      const next = reply.shift() ?? { status: 200, headers: {}, body: '{"data":{}}' };
      res.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers });
      res.end(next.body);
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/`;
});
after(async () => {
  await closeAllDispatchers();
  await new Promise((resolve) => recorder.close(resolve));
  await emu.close();
});

const base = (endpoint: string): CdaRequest => ({
  endpoint,
  token: 'secret-token',
  drafts: false,
  strict: false,
  query: '{ _site { locales } }',
});
/** the headers a client chose to send (undici adds host, connection, content-length) */
const sent = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)));

describe('requests to the Content Delivery API', () => {
  test('published, not strict, primary environment: the token, Accept and Content-Type only; the body as the official client sends it', async () => {
    seen.length = 0;
    await postCda(base(recorderUrl));
    assert.deepEqual(sent(seen[0]!.headers), {
      authorization: 'Bearer secret-token',
      accept: 'application/json',
      'content-type': 'application/json',
    });
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(seen[0]!.url, '/');
    assert.equal(seen[0]!.body, '{"query":"{ _site { locales } }"}');
  });

  test('drafts, strict mode, an environment and cache tags: each its own header, with `true` as the only value', async () => {
    seen.length = 0;
    await postCda({
      ...base(recorderUrl),
      environment: 'sandbox',
      drafts: true,
      strict: true,
      cacheTags: true,
      variables: { first: 2 },
      operationName: 'Q',
    });
    assert.deepEqual(sent(seen[0]!.headers), {
      authorization: 'Bearer secret-token',
      accept: 'application/json',
      'content-type': 'application/json',
      'x-environment': 'sandbox',
      'x-include-drafts': 'true',
      'x-exclude-invalid': 'true',
      'x-cache-tags': 'true',
    });
    assert.deepEqual(JSON.parse(seen[0]!.body), { query: '{ _site { locales } }', variables: { first: 2 }, operationName: 'Q' });
  });

  test('the emulator accepts those headers and answers the numbers the summary shows', async () => {
    const response = await postCda({
      endpoint: `${emu.url}/cda/`,
      token: emu.token,
      environment: 'main',
      drafts: true,
      strict: true,
      cacheTags: true,
      query: 'query Articles { allArticles(first: 3) { id title } }',
    });
    assert.equal(response.status, 200);
    assert.equal((response.body.data as any).allArticles.length, 3);
    assert.ok(response.complexity! > 0);
    assert.equal(response.maxComplexity, 10_000_000);
    assert.equal(response.cacheable, true);
    assert.equal(response.cdnLimit, 12_000);
    assert.ok(response.cdnSize! > 0 && response.cdnSize! < 12_000);
    assert.ok(response.cacheTags!.length > 0);
    assert.ok(response.ms > 0);
  });

  test('GraphQL errors come back as a 200 answer with its errors and their locations', async () => {
    const response = await postCda({ ...base(`${emu.url}/cda/`), token: emu.token, query: '{\n  allArticles { nope }\n}' });
    assert.equal(response.status, 200);
    assert.equal(response.body.data, undefined);
    assert.deepEqual(response.body.errors?.[0]?.locations, [{ line: 2, column: 17 }]);
  });

  test('a refused token is a CdaAuthError; an unknown environment a CdaRequestError with its code', async () => {
    await assert.rejects(postCda({ ...base(`${emu.url}/cda/`), token: 'wrong' }), (error: unknown) => {
      assert.ok(error instanceof CdaAuthError);
      assert.equal(error.status, 401);
      assert.equal(error.code, 'INVALID_AUTHORIZATION_HEADER');
      assert.doesNotMatch(error.message, /wrong/, 'the token is not in the message');
      return true;
    });
    await assert.rejects(postCda({ ...base(`${emu.url}/cda/`), token: emu.token, environment: 'nowhere' }), (error: unknown) => {
      assert.ok(error instanceof CdaRequestError && !(error instanceof CdaAuthError));
      assert.deepEqual([error.status, error.code], [404, 'INVALID_ENVIRONMENT']);
      return true;
    });
  });

  test('429: waits as long as X-RateLimit-Reset says, then sends again', async () => {
    seen.length = 0;
    reply = [
      {
        status: 429,
        headers: { 'X-RateLimit-Reset': '1' },
        body: '{"data":[{"type":"api_error","attributes":{"code":"RATE_LIMIT_EXCEEDED"}}]}',
      },
    ];
    const started = Date.now();
    const response = await postCda(base(recorderUrl));
    assert.equal(response.status, 200);
    assert.equal(seen.length, 2);
    assert.ok(Date.now() - started >= 950);
  });

  test('an answer that is not JSON is refused with what it was, in words', async () => {
    reply = [{ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html><body><h1>Bad gateway</h1></body></html>' }];
    await assert.rejects(postCda(base(recorderUrl)), (error: Error) => {
      assert.match(
        error.message,
        /answered 502 with text\/html instead of JSON: “Bad gateway”\. A proxy, a captive portal or a wrong datocms\.cdaUrl/,
      );
      return true;
    });
    reply = [{ status: 200, headers: { 'Content-Type': 'text/plain' }, body: '' }];
    await assert.rejects(postCda(base(recorderUrl)), /answered 200 with text\/plain instead of JSON \(an empty body\)\./);
  });

  test('a redirect is not followed (the token would go with it): one message naming where it points and what to check', async () => {
    seen.length = 0;
    reply = [{ status: 307, headers: { Location: 'https://elsewhere.example/graphql', 'Content-Type': 'text/html' }, body: '' }];
    await assert.rejects(postCda(base(recorderUrl)), (error: Error) => {
      assert.equal(
        error.message,
        `${recorderUrl.slice(0, -1)} answered 307, a redirect to https://elsewhere.example. DatoCMS Explorer does not follow redirects, so that your token goes nowhere else: check the datocms.cdaUrl setting (or the proxy in between), then run the query again.`,
      );
      return true;
    });
    assert.equal(seen.length, 1, 'one request, to the address set');
  });

  test('a server echoing the Authorization header: every stored token is scrubbed from the answer and from errors', async () => {
    const echo = (status: number) => ({
      status,
      headers: {},
      body: JSON.stringify({ errors: [{ message: 'Bad header: Authorization: Bearer secret-token (also other-project-token)' }] }),
    });
    reply = [echo(200)];
    const answer = await postCda({ ...base(recorderUrl), secrets: ['secret-token', 'other-project-token'] });
    assert.doesNotMatch(answer.text, /secret-token|other-project-token/);
    assert.equal(answer.body.errors?.[0]?.message, 'Bad header: Authorization: Bearer [secret removed] (also [secret removed])');
    reply = [
      {
        status: 400,
        headers: {},
        body: '{"data":[{"type":"api_error","attributes":{"code":"X","details":{"message":"got secret-token"}}}]}',
      },
    ];
    await assert.rejects(postCda({ ...base(recorderUrl), secrets: ['secret-token'] }), (error: Error) => {
      assert.doesNotMatch(error.message, /secret-token/);
      return true;
    });
  });
});

describe('the datocms.cdaUrl rule', () => {
  test('https anywhere, http only on loopback, one trailing slash, no credentials, query or fragment', () => {
    assert.deepEqual(checkCdaUrl('https://graphql.datocms.com'), { ok: true, url: 'https://graphql.datocms.com/' });
    assert.deepEqual(checkCdaUrl('http://127.0.0.1:3030/cda//'), { ok: true, url: 'http://127.0.0.1:3030/cda/' });
    assert.deepEqual(checkCdaUrl('http://localhost/cda'), { ok: true, url: 'http://localhost/cda/' });
    for (const bad of [
      'http://graphql.datocms.com/',
      'https://user:pw@graphql.datocms.com/',
      'https://x.com/?a=1',
      'not a url',
      'ftp://x/',
    ])
      assert.equal(checkCdaUrl(bad).ok, false, bad);
  });

  test('read from the user (or remote machine) only: a workspace or folder value is never used', () => {
    assert.deepEqual(cdaUrlFrom(undefined), { url: 'https://graphql.datocms.com/' });
    assert.deepEqual(cdaUrlFrom({ workspaceValue: 'https://evil.example/', workspaceFolderValue: 'https://evil.example/' }), {
      url: 'https://graphql.datocms.com/',
    });
    assert.deepEqual(cdaUrlFrom({ globalValue: 'http://127.0.0.1:9/cda', workspaceValue: 'https://evil.example/' }), {
      url: 'http://127.0.0.1:9/cda/',
    });
    assert.deepEqual(cdaUrlFrom({ globalValue: 'http://graphql.example/' }), {
      url: 'https://graphql.datocms.com/',
      problem: 'datocms.cdaUrl: "http://graphql.example/" must use https (plain http is only allowed for 127.0.0.1, localhost or [::1]).',
    });
  });
});
