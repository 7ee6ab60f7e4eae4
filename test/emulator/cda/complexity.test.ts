import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { cma, createComplexityExamples, createField, gql } from './cda-http.js';

let emu: Emulator;
useEmulator({ empty: true, jobDurationMs: 1 }, async (started) => {
  emu = started.emulator;
  await createComplexityExamples(emu);
});

async function complexity(query: string): Promise<number> {
  const res = await gql(emu, query);
  assert.equal(res.errors, undefined, res.text);
  return Number(res.headers.get('x-complexity'));
}

describe('query complexity (X-Complexity)', () => {
  test('the documented examples: 140, 1,175 and 2,000,890', async () => {
    assert.equal(await complexity('query { allArtists { id name } }'), 140);
    assert.equal(
      await complexity(`query {
        allArtists(filter: { birth: { gt: "1990-01-01", lt: "2010-01-01" }, country: { eq: "DE" } }, orderBy: [name_ASC], first: 25) {
          id
          name
          age
        }
      }`),
      1175,
    );
    assert.equal(
      await complexity(`query {
        allBlogPosts(filter: { content: { any: { product: { name: { eq: "T-Shirt" }, price: { gt: 30 } }, cta: { title: { isPresent: true } } } } }) {
          id
          title
        }
      }`),
      2_000_890,
    );
  });

  test('variables count like literals; single, meta, _site and lists follow their base costs', async () => {
    const res = await gql(emu, 'query($n: IntType, $c: String) { allArtists(first: $n, filter: {country: {eq: $c}}) { id } }', {
      variables: { n: 7, c: 'DE' },
    });
    assert.equal(res.headers.get('x-complexity'), String(100 + 250 + 7 * 1));
    assert.equal(await complexity('{ artist(filter: {name: {eq: "Nina"}}) { id name } }'), 50 + 250 + 2);
    assert.equal(await complexity('{ _allArtistsMeta { count } }'), 1000 + 1);
    assert.equal(await complexity('{ _site { locales } }'), 10 + 1);
    assert.equal(await complexity('{ allArtists(first: 2) { friends { id name } } }'), 100 + 2 * (5 * 2));
    // a union costs its most expensive member
    assert.equal(
      await complexity('{ allBlogPosts(first: 1) { content { ... on ProductRecord { name price } ... on CtaRecord { title } } } }'),
      100 + 1 * (5 * 2),
    );
  });

  test('a localized field costs once per project locale', async () => {
    await cma(emu, 'PUT', '/site', { data: { type: 'site', attributes: { locales: ['en', 'de'] } } });
    await createField(emu, 'artist', { label: 'Bio', api_key: 'bio', field_type: 'string', localized: true });
    assert.equal(await complexity('{ allArtists { bio } }'), 100 + 20 * 2);
  });

  test('above 10,000,000 the query is refused with the documented message', async () => {
    const nested = 'friends { '.repeat(7) + 'id' + ' }'.repeat(7);
    const res = await gql(emu, `{ allArtists(first: 500) { ${nested} } }`);
    const cost = 100 + 500 * 5 ** 7;
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { errors: [{ message: `Query has complexity of ${cost}, which exceeds max complexity of 10000000` }] });
    assert.equal(res.headers.get('x-complexity'), String(cost));
  });
});
