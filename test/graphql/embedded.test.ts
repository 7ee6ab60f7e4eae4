// Finding GraphQL in code: the templates of graphql(), gql``, executeQuery() and /* GraphQL */, nothing else, with
// comments, strings, regular expressions and nested templates in the way; then operations, fragments and what Run
// sends for one, with positions mapped back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findGraphql, graphqlKindOf, mayHoldGraphql } from '../../src/graphql/embedded';
import { graphqlOf, operationAt, SentQuery, variablesOf } from '../../src/graphql/operations';

const found = (text: string) => findGraphql(text, 'script').map((r) => r.text);

describe('GraphQL in TypeScript and JavaScript', () => {
  test('gql.tada graphql(), gql and graphql tags, executeQuery(), the /* GraphQL */ marker', () => {
    const text = [
      "import { graphql } from 'gql.tada';",
      'const A = graphql(`query A { _site { locales } }`);',
      'const B = gql`query B { allPosts { id } }`;',
      'const C = graphql`fragment C on PostRecord { id }`;',
      'const r = await executeQuery(`{ allArticles { id } }`, { token });',
      'const m = client.executeQuery( `query M { a }` );',
      'const D = /* GraphQL */ `query D { b }`;',
    ].join('\n');
    assert.deepEqual(found(text), [
      'query A { _site { locales } }',
      'query B { allPosts { id } }',
      'fragment C on PostRecord { id }',
      '{ allArticles { id } }',
      'query M { a }',
      'query D { b }',
    ]);
  });

  test('other templates, and lookalikes in comments, strings and regular expressions, are left alone', () => {
    const text = [
      'const html = `<p>graphql(`;',
      '// graphql(`query Commented { a }`)',
      '/* gql`query Block { a }` */',
      "const s = 'graphql(`query InString { a }`)';",
      'const re = /graphql\\(`[a-z]`/g;',
      'const ratio = a / b; const other = c / d;',
      'const tagged = css`color: red`;',
      'const called = notGraphql(`query No { a }`);',
      'const ok = graphql(`query Yes { a }`);',
    ].join('\n');
    assert.deepEqual(found(text), ['query Yes { a }']);
  });

  test('interpolations are blanked (same length, lines kept) and nested templates skipped', () => {
    const text = 'const q = gql`\n  query Q {\n    ...${Frag}\n    x(arg: "${`nested ${1}`}")\n  }\n`; const after = graphql(`{ b }`);';
    const ranges = findGraphql(text, 'script');
    assert.equal(ranges.length, 2);
    const first = ranges[0]!;
    assert.equal(first.text.length, first.end - first.start);
    assert.equal(first.text, '\n  query Q {\n    ...       \n    x(arg: "                ")\n  }\n');
    assert.equal(text.slice(first.start, first.end).split('\n').length, first.text.split('\n').length);
    assert.equal(ranges[1]!.text, '{ b }');
  });

  test('an odd line (JSX text with an apostrophe) spoils no more than itself', () => {
    const text = [
      'export default function Page() {',
      "  return <p>Don't panic</p>;",
      '}',
      'const Q = graphql(`query AfterJsx { a }`);',
      'const R = graphql(`query WithDivision { a }`); const half = total / 2; const S = graphql(`{ s }`);',
    ].join('\n');
    assert.deepEqual(found(text), ['query AfterJsx { a }', 'query WithDivision { a }', '{ s }']);
  });

  test('a template that builds names at run time is left alone; fragments interpolated between definitions are not', () => {
    const text = [
      'const a = gql`{ all${model}s { id } }`;',
      'const b = gql`{ allArticles { ${field}Id } }`;',
      'const c = gql`query C { allArticles { ...Card } } ${Card}`;',
    ].join('\n');
    assert.deepEqual(found(text), ['query C { allArticles { ...Card } }        ']);
  });

  test('components: the scripts of .vue and .svelte files and the frontmatter of .astro files, nothing of their markup', () => {
    const astro = [
      '---',
      "import { executeQuery } from '~/lib/datocms';",
      'const data = await executeQuery(graphql(`query Home { _site { locales } }`));',
      '---',
      "<p>Don't graphql(`query InMarkup { a }`)</p>",
      '<script>const s = gql`query InScript { b }`;</script>',
    ].join('\n');
    const ranges = findGraphql(astro, 'markup');
    assert.deepEqual(
      ranges.map((r) => r.text),
      ['query Home { _site { locales } }', 'query InScript { b }'],
    );
    assert.equal(astro.slice(ranges[0]!.start, ranges[0]!.end), 'query Home { _site { locales } }', 'offsets are the file’s');
    const vue =
      '<template><p>{{ `graphql(`query No { a }`)` }}</p></template>\n<script setup lang="ts">\nconst q = graphql(`query Vue { a }`);\n</script>';
    assert.deepEqual(
      findGraphql(vue, 'markup').map((r) => r.text),
      ['query Vue { a }'],
    );
    assert.equal(graphqlKindOf('plaintext', '/a/index.astro'), 'markup', 'known by its name without the Astro extension');
    assert.equal(graphqlKindOf('vue', '/a/Card.vue'), 'markup');
    assert.equal(graphqlKindOf('svelte', '/a/+page.svelte'), 'markup');
  });

  test('which documents are looked at', () => {
    assert.equal(graphqlKindOf('graphql', '/a/q.graphql'), 'graphql');
    assert.equal(graphqlKindOf('plaintext', '/a/q.gql'), 'graphql');
    assert.equal(graphqlKindOf('typescriptreact', '/a/page.tsx'), 'script');
    assert.equal(graphqlKindOf('json', '/a/x.json'), undefined);
    assert.equal(mayHoldGraphql('const a = 1;'), false);
    assert.equal(mayHoldGraphql('executeQuery (`x`)'), true);
  });
});

describe('operations and what Run sends', () => {
  const file = [
    'query Articles($first: IntType = 3, $locale: SiteLocale!) {',
    '  allArticles(first: $first, locale: $locale) { ...Card }',
    '}',
    '',
    'fragment Card on ArticleRecord @_unmask { id author { ...Person } }',
    'fragment Person on AuthorRecord { name }',
    'fragment Unused on AuthorRecord { id }',
    'mutation Nope { a }',
  ].join('\n');

  test('operations with their ranges; fragments by name', () => {
    const graphql = graphqlOf(file, 'graphql');
    assert.deepEqual(
      graphql.operations.map((o) => [o.name, o.kind, file.slice(o.start, o.end).split('\n')[0]]),
      [
        ['Articles', 'query', 'query Articles($first: IntType = 3, $locale: SiteLocale!) {'],
        ['Nope', 'mutation', 'mutation Nope { a }'],
      ],
    );
    assert.deepEqual([...graphql.fragments.keys()], ['Card', 'Person', 'Unused']);
    assert.equal(operationAt(graphql, file.indexOf('allArticles'))?.name, 'Articles');
    assert.equal(operationAt(graphql, file.indexOf('fragment Unused')), undefined);
    assert.deepEqual(variablesOf(graphql.operations[0]!.node), [
      { name: 'first', type: 'IntType', required: false, defaultValue: '3' },
      { name: 'locale', type: 'SiteLocale!', required: true },
    ]);
  });

  test('the operation and the fragments it spreads, transitively, @_unmask left out; positions map back', () => {
    const graphql = graphqlOf(file, 'graphql');
    const sent = new SentQuery(graphql.operations[0]!, graphql.fragments);
    assert.equal(
      sent.text,
      [
        'query Articles($first: IntType = 3, $locale: SiteLocale!) {',
        '  allArticles(first: $first, locale: $locale) { ...Card }',
        '}',
        '',
        'fragment Card on ArticleRecord          { id author { ...Person } }',
        '',
        'fragment Person on AuthorRecord { name }',
      ].join('\n'),
    );
    assert.deepEqual(sent.missingFragments, []);
    // the line and column the API would report for a word of the sent text
    const at = (word: string): [number, number] => {
      const lines = sent.text.split('\n');
      const line = lines.findIndex((l) => l.includes(word));
      return [line + 1, lines[line]!.indexOf(word) + 1];
    };
    assert.equal(sent.documentOffset(...at('allArticles')), file.indexOf('allArticles'));
    assert.equal(sent.documentOffset(...at('author {')), file.indexOf('author {'));
    assert.equal(sent.documentOffset(...at('name }')), file.indexOf('name }'));
    assert.equal(sent.documentOffset(99, 1), undefined);
  });

  test('in code: fragments from other templates of the file; a spread of an unknown fragment is named', () => {
    const code = [
      'const Card = graphql(`fragment Card on ArticleRecord { id }`);',
      'const Q = graphql(`',
      '  query Q { allArticles { ...Card ...Elsewhere } }',
      '`, [Card]);',
    ].join('\n');
    const graphql = graphqlOf(code, 'script');
    const sent = new SentQuery(graphql.operations[0]!, graphql.fragments);
    assert.equal(sent.text, 'query Q { allArticles { ...Card ...Elsewhere } }\n\nfragment Card on ArticleRecord { id }');
    assert.deepEqual(sent.missingFragments, ['Elsewhere']);
    assert.equal(sent.documentOffset(1, 11), code.indexOf('allArticles'));
    assert.equal(sent.documentOffset(3, 34), code.indexOf('id }'));
  });

  test('a template that does not parse is a problem at its place; the others still run', () => {
    const code = 'graphql(`query Broken { a `); graphql(`query Fine { b }`);';
    const graphql = graphqlOf(code, 'script');
    assert.deepEqual(
      graphql.operations.map((o) => o.name),
      ['Fine'],
    );
    assert.equal(graphql.problems.length, 1);
    assert.match(graphql.problems[0]!.message, /Syntax Error/);
  });
});
