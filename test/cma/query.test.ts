import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildClient } from '@datocms/cma-client-node';
import { encodeQuery } from '../../src/cma';

const decoded = (query: string) => [...new URLSearchParams(query)];

describe('encodeQuery', () => {
  test('flattens nested objects to bracket keys and percent-encodes the brackets', () => {
    const query = encodeQuery({ filter: { fields: { title: { eq: 'x' } } }, page: { offset: 0, limit: 10 } });
    assert.equal(query, 'filter%5Bfields%5D%5Btitle%5D%5Beq%5D=x&page%5Boffset%5D=0&page%5Blimit%5D=10');
  });

  test('repeats arrays as key[]=v', () => {
    const query = encodeQuery({ filter: { fields: { tags: { any_in: ['a', 'b'] } } } });
    assert.deepEqual(decoded(query), [
      ['filter[fields][tags][any_in][]', 'a'],
      ['filter[fields][tags][any_in][]', 'b'],
    ]);
  });

  test('joins filter[ids], filter[type] and order_by arrays with commas, as the API expects them', () => {
    const query = encodeQuery({ filter: { ids: ['a1', 'b2'], type: ['article', 'author'] }, order_by: ['_updated_at_DESC', 'title_ASC'] });
    assert.deepEqual(decoded(query), [
      ['filter[ids]', 'a1,b2'],
      ['filter[type]', 'article,author'],
      ['order_by', '_updated_at_DESC,title_ASC'],
    ]);
  });

  test('keeps a single string id or type as it is', () => {
    assert.deepEqual(decoded(encodeQuery({ filter: { ids: 'a1,b2', type: 'article' } })), [
      ['filter[ids]', 'a1,b2'],
      ['filter[type]', 'article'],
    ]);
  });

  test('writes booleans as true/false and numbers in decimal', () => {
    assert.equal(
      encodeQuery({ nested: true, filter: { only_valid: false }, page: { limit: 1.5 } }),
      'nested=true&filter%5Bonly_valid%5D=false&page%5Blimit%5D=1.5',
    );
  });

  test('omits null and undefined, keeps the empty string', () => {
    assert.deepEqual(decoded(encodeQuery({ locale: undefined, version: null, filter: { query: '' }, x: [null, 'y'] })), [
      ['filter[query]', ''],
      ['x[]', 'y'],
    ]);
    assert.equal(encodeQuery({}), '');
    assert.equal(encodeQuery({ filter: { ids: [] } }), '');
  });

  test('encodes spaces as + and escapes reserved characters', () => {
    assert.equal(encodeQuery({ filter: { query: 'fish & chips/50%' } }), 'filter%5Bquery%5D=fish+%26+chips%2F50%25');
  });

  test('rejects values it cannot represent, naming the key', () => {
    assert.throws(() => encodeQuery({ page: { limit: Number.NaN } }), /page\[limit\] is NaN/);
    assert.throws(
      () => encodeQuery({ filter: { fields: { _updated_at: { gt: new Date(0) } } } }),
      /filter\[fields\]\[_updated_at\]\[gt\] is a Date/,
    );
    assert.throws(() => encodeQuery({ x: 10n }), /x is a bigint/);
  });

  test('matches the official client encoder for everything but the comma-joined keys', async () => {
    // The official client's own request path, with fetch replaced to capture the URL it would call.
    let capturedQuery = '';
    const official = buildClient({
      apiToken: 'conformance-token',
      baseUrl: 'http://127.0.0.1:9',
      fetchFn: (async (url: string) => {
        capturedQuery = new URL(url).search.replace(/^\?/, '');
        return new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
      }) as unknown as typeof fetch,
    });
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !['ids', 'type', 'order_by'].includes(k));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        capturedQuery = '';
        await official.request({ method: 'GET', url: '/items', queryParams: params });
        assert.equal(encodeQuery(params), capturedQuery);
      }),
      { numRuns: 200 },
    );
  });
});
