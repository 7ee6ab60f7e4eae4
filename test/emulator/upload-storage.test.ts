// The upload request and the storage it points at: what a raw PUT must carry and what the storage refuses,
// as S3 does with presigned URLs.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { call, codes, details } from './http.js';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { put, rawRequest, requestUpload, s3Code } from './upload-helpers.js';

/** an id of the API's form that names nothing */
const UNKNOWN = 'Qa4dEfGhQjKlMnOpQrStUw';
let emu: Emulator;
useEmulator({ records: 10, jobDurationMs: 5 }, (started) => (emu = started.emulator));

const body = Buffer.from('Menu of the day: pici, octopus, saffron risotto.\n');

describe('POST /upload-requests', () => {
  test('answers the path as id, a presigned URL of another origin and the headers the PUT needs', async () => {
    const res = await call(emu, '/upload-requests', {
      method: 'POST',
      body: { data: { type: 'upload_request', attributes: { filename: 'menu.txt' } } },
    });
    assert.equal(res.status, 200);
    const { id, type, attributes } = res.json.data;
    assert.equal(type, 'upload_request');
    assert.match(id, /^\/84213\/\d+-menu\.txt$/);
    const url = new URL(attributes.url);
    assert.notEqual(url.origin, new URL(emu.url).origin, 'the storage is not the API host');
    assert.equal(url.pathname, id);
    assert.ok(url.searchParams.get('X-Amz-Signature'), 'the URL carries its own credential');
    assert.deepEqual(attributes.request_headers, { 'x-amz-acl': 'public-read' });
  });

  test('two requests for the same name get different paths; a name is made safe for a URL', async () => {
    const [a, b] = [await requestUpload(emu, 'menu.txt'), await requestUpload(emu, 'menu.txt')];
    assert.notEqual(a.path, b.path);
    assert.match((await requestUpload(emu, 'Café menu (v2).txt')).path, /^\/84213\/\d+-Cafe-menu-v2-\.txt$/);
  });

  test('refuses an id, unknown attributes, a bad file name, an unknown collection and query parameters', async () => {
    const post = (data: unknown, path = '/upload-requests') => call(emu, path, { method: 'POST', body: { data } });
    assert.deepEqual(codes(await post({ type: 'upload_request', id: '/1/x.txt', attributes: {} })), ['INVALID_FORMAT']);
    assert.deepEqual(codes(await post({ type: 'upload_request', attributes: { filename: 'a.txt', size: 3 } })), ['INVALID_ATTRIBUTES']);
    assert.deepEqual(details(await post({ type: 'upload_request', attributes: { filename: 'dir/a.txt' } }))[0]!.field, 'filename');
    assert.deepEqual(codes(await post({ type: 'upload', attributes: { filename: 'a.txt' } })), ['INVALID_TYPE']);
    assert.deepEqual(codes(await post({ type: 'upload_request' })), ['INVALID_FORMAT'], 'attributes are required, as in the schema');
    const collection = { upload_collection: { data: { type: 'upload_collection', id: UNKNOWN } } };
    assert.deepEqual(
      details(await post({ type: 'upload_request', attributes: {}, relationships: collection }))[0]!.field,
      'upload_collection',
    );
    assert.deepEqual(codes(await post({ type: 'upload_request', attributes: {} }, '/upload-requests?filename=x')), ['INVALID_PARAMS']);
    assert.deepEqual(codes(await call(emu, '/upload-requests')), ['INVALID_ENDPOINT']);
  });

  test('a request without a file name gets a path of its own', async () => {
    const res = await call(emu, '/upload-requests', { method: 'POST', body: { data: { type: 'upload_request', attributes: {} } } });
    assert.match(res.json.data.id, /^\/84213\/\d+-[0-9a-f]{16}$/);
  });
});

describe('the storage PUT', () => {
  test('stores the bytes: size and MD5 kept, headers logged by name, no response body', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    const res = await put(granted.url, body, { ...granted.headers, 'Content-Type': 'text/plain' });
    assert.deepEqual(res, { status: 200, text: '' });
    const file = emu.uploadStorage.file(granted.path)!;
    assert.equal(file.size, body.length);
    assert.equal(file.md5, createHash('md5').update(body).digest('hex'));
    const logged = emu.uploadStorage.requests.at(-1)!;
    assert.equal(logged.outcome, 'stored');
    assert.ok(logged.headerNames.includes('x-amz-acl') && logged.headerNames.includes('content-length'));
    assert.equal(logged.contentType, 'text/plain');
  });

  test('an Authorization header is refused (the URL is the credential; S3 takes one auth mechanism) and nothing is stored', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    const res = await put(granted.url, body, { ...granted.headers, Authorization: `Bearer ${emu.token}` });
    assert.equal(res.status, 400);
    assert.equal(s3Code(res.text), 'InvalidArgument');
    assert.equal(emu.uploadStorage.file(granted.path), undefined);
    assert.ok(!JSON.stringify(emu.uploadStorage.requests).includes(emu.token), 'header values are never logged');
  });

  test('another method, a missing signed header, an altered or unknown URL: SignatureDoesNotMatch', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    for (const method of ['POST', 'GET']) {
      const res = await put(granted.url, body, granted.headers, method);
      assert.deepEqual([res.status, s3Code(res.text)], [403, 'SignatureDoesNotMatch'], method);
    }
    assert.equal(s3Code((await put(granted.url, body, {})).text), 'SignatureDoesNotMatch', 'x-amz-acl is signed');
    assert.equal(s3Code((await put(granted.url, body, { 'x-amz-acl': 'private' })).text), 'SignatureDoesNotMatch');
    const altered = granted.url.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=999999');
    assert.equal(s3Code((await put(altered, body, granted.headers)).text), 'SignatureDoesNotMatch');
    const elsewhere = granted.url.replace(granted.path, '/84213/1-other.txt');
    assert.equal(s3Code((await put(elsewhere, body, granted.headers)).text), 'SignatureDoesNotMatch');
    const unsigned = granted.url.split('?')[0]!;
    assert.deepEqual(
      [(await put(unsigned, body, granted.headers)).status, s3Code((await put(unsigned, body, granted.headers)).text)],
      [403, 'AccessDenied'],
    );
    assert.equal(emu.uploadStorage.file(granted.path), undefined);
  });

  test('an expired URL is refused', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    emu.uploadStorage.expire(granted.path);
    const res = await put(granted.url, body, granted.headers);
    assert.deepEqual([res.status, s3Code(res.text)], [403, 'AccessDenied']);
    assert.match(res.text, /expired/);
  });

  test('the length must be announced: no Content-Length → 411, a chunked body → 501', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    const acl = `x-amz-acl: ${granted.headers['x-amz-acl']}`;
    const missing = await rawRequest(granted.url, [acl]);
    assert.equal(missing.status, 411);
    assert.equal(s3Code(missing.text), 'MissingContentLength');
    const chunked = await rawRequest(
      granted.url,
      [acl, 'Transfer-Encoding: chunked'],
      `${body.length.toString(16)}\r\n${body.toString()}\r\n0\r\n\r\n`,
    );
    assert.deepEqual([chunked.status, s3Code(chunked.text)], [501, 'NotImplemented']);
    const tooLarge = await rawRequest(granted.url, [acl, `Content-Length: ${6 * 1024 ** 3}`]);
    assert.deepEqual([tooLarge.status, s3Code(tooLarge.text)], [400, 'EntityTooLarge']);
    assert.equal(emu.uploadStorage.file(granted.path), undefined);
  });

  test('a body shorter than announced, or a connection cut midway, stores nothing', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    const acl = `x-amz-acl: ${granted.headers['x-amz-acl']}`;
    const short = (await rawRequest(granted.url, [acl, `Content-Length: ${body.length + 10}`], body.toString())).status;
    assert.ok(short === 400 || short === 0, `answered ${short}`);
    assert.equal(emu.uploadStorage.file(granted.path), undefined);

    emu.uploadStorage.failNext({ kind: 'interrupt', afterBytes: 10 });
    await assert.rejects(put(granted.url, Buffer.alloc(256 * 1024, 7), granted.headers));
    assert.equal(emu.uploadStorage.requests.at(-1)!.outcome, 'interrupted');
    assert.equal(emu.uploadStorage.file(granted.path), undefined);
  });

  test('a large body is streamed: 24 MiB arrive whole, counted and hashed', async () => {
    const granted = await requestUpload(emu, 'big.bin');
    const big = Buffer.alloc(24 * 1024 * 1024, 0x5a);
    const res = await put(granted.url, big, granted.headers);
    assert.equal(res.status, 200);
    const file = emu.uploadStorage.file(granted.path)!;
    assert.equal(file.size, big.length);
    assert.equal(file.md5, createHash('md5').update(big).digest('hex'));
    assert.ok(file.head.length <= 256 * 1024, 'only the first bytes are kept');
  });

  test('a fault can make the storage answer an error status once', async () => {
    const granted = await requestUpload(emu, 'menu.txt');
    emu.uploadStorage.failNext({ kind: 'status', status: 503, code: 'SlowDown' });
    const res = await put(granted.url, body, granted.headers);
    assert.deepEqual([res.status, s3Code(res.text)], [503, 'SlowDown']);
    assert.equal((await put(granted.url, body, granted.headers)).status, 200, 'a PUT again to the same URL works');
  });
});
