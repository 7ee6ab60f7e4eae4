// Colours of GraphQL inside code: the tokens of a graphql() template, by their standard semantic types, at their
// place in the document; code around the template and other templates get none.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { graphqlTokens, TOKEN_TYPES } from '../../src/graphql/language/tokens';

describe('GraphQL colours', () => {
  test('a template in TypeScript: keywords, names, fields, arguments, variables, types, enum values, strings', () => {
    const text = [
      'const html = `<b>query</b>`;',
      'export const Feed = graphql(`',
      '  query Feed($n: IntType) {',
      '    allArticles(first: $n, orderBy: title_ASC, filter: { slug: { eq: "x" } }) { ...Card @_unmask }',
      '  }',
      '`, [Card]);',
    ].join('\n');
    const tokens = graphqlTokens(text, 'script').map((t) => `${text.slice(t.offset, t.offset + t.length)}:${TOKEN_TYPES[t.type]}`);
    assert.deepEqual(tokens, [
      'query:keyword',
      'Feed:function',
      '$:variable',
      'n:variable',
      'IntType:type',
      'allArticles:property',
      'first:parameter',
      '$:variable',
      'n:variable',
      'orderBy:parameter',
      'title_ASC:enumMember',
      'filter:parameter',
      'slug:parameter',
      'eq:parameter',
      '"x":string',
      'Card:function',
      '@:decorator',
      '_unmask:decorator',
    ]);
  });

  test('a component: only its script’s templates', () => {
    const text = '<template><p>{{ x }}</p></template>\n<script setup>\nconst q = gql`{ _site { locales } }`;\n</script>';
    const tokens = graphqlTokens(text, 'markup').map((t) => text.slice(t.offset, t.offset + t.length));
    assert.deepEqual(tokens, ['_site', 'locales']);
  });
});
