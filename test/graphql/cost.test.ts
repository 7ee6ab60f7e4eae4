// The cost estimate before a query runs: the documented worked examples, then realistic queries on the seeded
// project, each compared with the X-Complexity the emulator (which computes it on its own) answers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, Kind, parse, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { estimateCost, MAX_COMPLEXITY, MAX_PAGE_SIZE } from '../../src/graphql/cost';
import { startEmulator, type Emulator } from '../emulator/index';
import { createComplexityExamples, createField, gql } from '../emulator/cda/cda-http';

function estimate(schema: GraphQLSchema, query: string) {
  const document = parse(query);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  assert.ok(operation?.kind === Kind.OPERATION_DEFINITION);
  return estimateCost(schema, operation, fragments);
}

async function schemaOf(emu: Emulator): Promise<GraphQLSchema> {
  return buildClientSchema((await gql(emu, getIntrospectionQuery())).data);
}

async function served(emu: Emulator, query: string, variables?: unknown): Promise<number> {
  const res = await gql(emu, query, variables ? { variables } : {});
  assert.equal(res.errors, undefined, `${query}\n${res.text}`);
  return Number(res.headers.get('x-complexity'));
}

describe('cost before you run: the documented examples', () => {
  let emu: Emulator;
  let schema: GraphQLSchema;
  before(async () => {
    emu = await startEmulator({ empty: true, jobDurationMs: 1 });
    const { artist, post } = await createComplexityExamples(emu, { inverse_relationships_enabled: true });
    await createField(emu, post, {
      label: 'Artist',
      api_key: 'artist',
      field_type: 'link',
      validators: { item_item_type: { item_types: [artist] } },
    });
    schema = await schemaOf(emu);
  });
  after(() => emu.close());

  const examples: [string, number][] = [
    ['query { allArtists { id name } }', 140],
    [
      `query {
        allArtists(filter: { birth: { gt: "1990-01-01", lt: "2010-01-01" }, country: { eq: "DE" } }, orderBy: [name_ASC], first: 25) {
          id
          name
          age
        }
      }`,
      1175,
    ],
    [
      `query {
        allBlogPosts(filter: { content: { any: { product: { name: { eq: "T-Shirt" }, price: { gt: 30 } }, cta: { title: { isPresent: true } } } } }) {
          id
          title
        }
      }`,
      2_000_890,
    ],
  ];

  test('140, 1,175 and 2,000,890, as documented and as the API answers', async () => {
    for (const [query, documented] of examples) {
      assert.equal(estimate(schema, query).total, documented, query);
      assert.equal(await served(emu, query), documented, query);
    }
  });

  test('inverse relationships, meta counts and AND/OR filters agree with the API', async () => {
    for (const query of [
      '{ allArtists(first: 3) { _allReferencingBlogPosts(first: 4) { title } _allReferencingBlogPostsMeta { count } } }',
      '{ allArtists { _allReferencingBlogPosts(through: { fields: { anyIn: [blogPost_artist] } }, filter: { title: { eq: "a" } }) { id } } }',
      '{ _allArtistsMeta(filter: { OR: [{ name: { eq: "a" } }, { age: { gt: 3, lt: 9 } }] }) { count } }',
      '{ allBlogPosts(filter: { content: { containsAny: { cta: true, product: true }, exists: true } }) { content { ... on CtaRecord { title } } } }',
      '{ allArtists(orderBy: [name_ASC, age_DESC], skip: 5) { friends { friends { id } } } }',
    ])
      assert.equal(estimate(schema, query).total, await served(emu, query), query);
  });

  test('variables: a default is used; without one the estimate says it is not exact', async () => {
    const withDefault = 'query ($n: IntType = 7) { allArtists(first: $n) { id } }';
    assert.deepEqual([estimate(schema, withDefault).total, estimate(schema, withDefault).exact], [107, true]);
    const open = estimate(schema, 'query ($f: ArtistModelFilter) { allArtists(filter: $f) { id } }');
    assert.deepEqual([open.total, open.exact], [120, false]);
  });

  test('a page above 500 is named where it is written', () => {
    const found = estimate(schema, '{ allArtists(first: 600) { id } }');
    assert.deepEqual(
      found.oversizedPages.map((p) => p.value),
      [600],
    );
    assert.ok(600 > MAX_PAGE_SIZE);
  });
});

describe('cost before you run: realistic queries on the seeded project agree with X-Complexity', () => {
  let emu: Emulator;
  let schema: GraphQLSchema;
  before(async () => {
    emu = await startEmulator({ records: 30, jobDurationMs: 1 });
    schema = await schemaOf(emu);
  });
  after(() => emu.close());

  const QUERIES = [
    '{ allArticles { id title slug } }',
    '{ allArticles(first: 10) { title(locale: it) excerpt } }',
    '{ allArticles(locale: it, fallbackLocales: [en]) { _allTitleLocales { locale value } } }',
    '{ allArticles(first: 5) { body { value blocks { __typename ... on ImageBlockRecord { id image { url } } ... on QuoteBlockRecord { quote } } links { ... on ArticleRecord { id title } ... on AuthorRecord { name } } } } }',
    '{ allArticles { content { ... on CtaBlockRecord { label url } ... on ImageBlockRecord { caption image { responsiveImage(imgixParams: { w: 300 }) { src srcSet } } } } } }',
    '{ allArticles { hero { ... on CtaBlockRecord { label } } } }',
    '{ allArticles { cover { url alt title width height blurUpThumb focalPoint { x y } } } }',
    '{ allArticles { author { name avatar { url } } categories { name color { hex } } } }',
    '{ allArticles { seo { title description image { url } twitterCard } _seoMetaTags { tag content attributes } } }',
    '{ allArticles(filter: { featured: { eq: true }, rating: { gte: 3 } }, orderBy: [publishedOn_DESC]) { id readingTime rating } }',
    '{ allArticles(filter: { title: { matches: { pattern: "bread", caseSensitive: false } } }) { id } }',
    '{ allArticles(filter: { _status: { eq: published }, _publishedAt: { gt: "2020-01-01T00:00:00Z" }, id: { notIn: ["1"] } }) { id _status _publishedAt _firstPublishedAt } }',
    '{ article(filter: { slug: { eq: "x" } }) { title body { value } } }',
    '{ article { id _modelApiKey _editingUrl } }',
    '{ _allArticlesMeta { count } _allAuthorsMeta(filter: { name: { isPresent: true } }) { count } }',
    '{ homePage { headline intro { value links { ... on ArticleRecord { id } ... on DishRecord { name } } } featuredArticles { title } signatureDish { name } } }',
    '{ homePage { gallery { url width height } promo { label } location { latitude longitude } heroVideo { url thumbnailUrl provider } } }',
    '{ homePage(locale: it) { seo { title image { url } } _allSeoLocales { locale value { title } } } }',
    '{ allDishes(first: 100) { name description price allergens photos { url } } allAuthors { bio(markdown: true) } }',
    '{ allDishes(orderBy: position_ASC) { position name } }',
    '{ allEvents { name details venue { latitude } highlightColor { hex red } teaser { url } poster { url video { streamingUrl } } } }',
    '{ allPages { title body(markdown: false) slug parent { id } children { title children { title } } } }',
    '{ allPages(filter: { parent: { exists: false } }) { sections { ... on CtaBlockRecord { label } ... on ImageBlockRecord { caption } } } }',
    '{ allUploads(first: 50, filter: { type: { eq: image }, size: { gt: 1000 } }, orderBy: [size_DESC]) { url alt responsiveImage { src } } }',
    '{ upload(filter: { id: { eq: "1" } }) { url colors { hex } tags smartTags exifInfo } _allUploadsMeta { count } }',
    '{ _site { locales globalSeo { siteName fallbackSeo { title image { url } } } favicon { url } faviconMetaTags { tag content } } }',
    'query Home { a: allArticles(first: 2) { id } b: allArticles(first: 3) { id title } }',
    'query Feed { allArticles { ...Card } } fragment Card on ArticleRecord { id title cover { url } author { ...Person } } fragment Person on AuthorRecord { name }',
    'query Skip { allArticles { id title @skip(if: true) slug @include(if: false) excerpt @include(if: true) } }',
    '{ allArticles { __typename id } __typename }',
    '{ allAuthors(first: 500) { name bio topics avatar { url(imgixParams: { w: 100 }) } } }',
  ];

  test(`${QUERIES.length} queries: the estimate is what the API answers`, async () => {
    const wrong: string[] = [];
    for (const query of QUERIES) {
      const [ours, theirs] = [estimate(schema, query).total, await served(emu, query)];
      if (ours !== theirs) wrong.push(`${ours} ≠ ${theirs}: ${query}`);
    }
    assert.deepEqual(wrong, []);
  });

  test('a query far over the limit: the estimate is the number the refusal names', async () => {
    const links = (inner: string) => `body { links { ... on ArticleRecord { ${inner} } } }`;
    const query = `{ allArticles(first: 500) { ${links(links(links('content { ... on CtaBlockRecord { label url } }')))} } }`;
    const ours = estimate(schema, query).total;
    assert.ok(ours > MAX_COMPLEXITY, String(ours));
    const res = await gql(emu, query);
    assert.deepEqual(res.json, {
      errors: [{ message: `Query has complexity of ${ours}, which exceeds max complexity of ${MAX_COMPLEXITY}` }],
    });
  });
});
