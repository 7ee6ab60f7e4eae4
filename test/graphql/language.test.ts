// The GraphQL language features on the seeded project's schema (introspected from the emulator's delivery API) and
// its models (read from its CMA): completion, problems, hover and the model or field behind a name, in .graphql files
// and in templates of TypeScript, where every offset is the document's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, parse, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { CmaClient } from '../../src/cma';
import { DatoNames } from '../../src/graphql/datoNames';
import { analyse } from '../../src/graphql/language/analysis';
import { costAt, costProblemsOf, describeCost, describeTarget } from '../../src/graphql/language/insights';
import { completionsAt, datoTargetOf, graphqlHoverAt, problemsOf, symbolAt } from '../../src/graphql/language/queryService';
import { formatMessage as t } from '../../src/platform/translate';
import { ProjectData } from '../../src/projects/projectData';
import { startEmulator, type Emulator } from '../emulator/index';
import { gql } from '../emulator/cda/cda-http';

let emu: Emulator;
let schema: GraphQLSchema;
let names: DatoNames;
before(async () => {
  emu = await startEmulator({ records: 5, jobDurationMs: 1 });
  schema = buildClientSchema((await gql(emu, getIntrospectionQuery())).data);
  const data = new ProjectData(new CmaClient({ apiToken: emu.token, baseUrl: emu.url }));
  const context = await data.schemaContext();
  names = new DatoNames(context.itemTypes, context.fieldsOf);
});
after(() => emu.close());

const SCRIPT = [
  "import { graphql } from 'gql.tada';",
  'export const Card = graphql(`fragment Card on ArticleRecord { slug cover { url } }`);',
  'export const Feed = graphql(`',
  '  query Feed {',
  '    allArticles(filter: { readingTime: { gt: 3 } }, orderBy: readingTime_ASC) {',
  '      title',
  '      coverr',
  '      author { na }',
  '      ...Card @_unmask',
  '      ...Elsewhere',
  '    }',
  '  }',
  '`, [Card, Elsewhere]);',
].join('\n');
const at = (text: string, needle: string, plus = 0) => {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, needle);
  return i + plus;
};

describe('GraphQL language: problems', () => {
  test('unknown fields are named where they are in the document; fragments of other templates and files are not', () => {
    const problems = problemsOf(schema, analyse(SCRIPT, 'script'));
    assert.deepEqual(
      problems.map((p) => [SCRIPT.slice(p.start, p.end), p.severity, p.message]),
      [
        ['coverr', 'error', 'Cannot query field "coverr" on type "ArticleRecord". Did you mean "cover"?'],
        ['na', 'error', 'Cannot query field "na" on type "AuthorRecord".'],
      ],
    );
  });

  test('a .graphql file: a syntax error, an unknown argument, a fragment unknown everywhere in it is still quiet', () => {
    const text = 'query A {\n  allArticles(frist: 3) { id }\n}\n\nquery B {\n  _site { locales\n';
    const problems = problemsOf(schema, analyse(text, 'graphql'));
    assert.deepEqual(
      problems.map((p) => p.source),
      ['syntax'],
    );
    const valid = 'query A {\n  allArticles(frist: 3) { id ...Other }\n}\n';
    assert.deepEqual(
      problemsOf(schema, analyse(valid, 'graphql')).map((p) => [valid.slice(p.start, p.end), p.message]),
      [['frist', 'Unknown argument "frist" on field "Query.allArticles". Did you mean "first"?']],
    );
  });

  test('no false problem: a variable only another file’s fragment uses, names built at run time, another API’s query', () => {
    const query = 'const Q = graphql(`query Q($locale: SiteLocale) { allArticles { ...Card } }`, [Card]);';
    assert.deepEqual(problemsOf(schema, analyse(query, 'script')), [], 'Card is defined elsewhere: $locale may be used there');
    const card = (selection: string) =>
      new Map([['Card', parse(`fragment Card on ArticleRecord { ${selection} }`).definitions[0] as FragmentDefinitionNode]]);
    assert.deepEqual(problemsOf(schema, analyse(query, 'script'), card('title(locale: $locale)')), [], 'the folder’s Card uses it');
    assert.deepEqual(
      problemsOf(schema, analyse(query, 'script'), card('title')).map((p) => p.message),
      ['Variable "$locale" is never used in operation "Q".'],
      'the folder’s Card does not: said',
    );
    const built = ['const a = gql`{ all${model}s { id } }`;', 'const b = gql`{ allArticles(first: ${n}) { id } }`;'].join('\n');
    assert.deepEqual(problemsOf(schema, analyse(built, 'script')), []);
    const shopify = 'const PRODUCTS = /* GraphQL */ `query Products { products(first: 10) { edges { node { handle } } } }`;';
    assert.deepEqual(problemsOf(schema, analyse(shopify, 'script')), [], 'no root field of the delivery API: not ours to judge');
    const typo = 'const Q = graphql(`{ allArticles { id } allAuthorz { id } }`);';
    assert.equal(problemsOf(schema, analyse(typo, 'script')).length, 1, 'one root field of ours: the rest is checked');
  });

  test("a schema file (schema.graphql, as Sync writes it) is the API's: no problem, no completion in it", () => {
    const sdl = 'type Query {\n  hello: String\n}\n\nenum Color { red }\n';
    const analysis = analyse(sdl, 'graphql');
    assert.deepEqual(problemsOf(schema, analysis), []);
    assert.equal(completionsAt(schema, analysis, sdl.indexOf('hello'), names), undefined);
    assert.deepEqual(problemsOf(schema, analyse('type Query {\n  hel', 'graphql')), [], 'mid-typing too');
  });

  test('the same field with different nullability across union members is accepted, as the API does', () => {
    const text = '{ allArticles { content { ... on CtaBlockRecord { label: url } ... on ImageBlockRecord { label: caption } } } }';
    assert.deepEqual(problemsOf(schema, analyse(text, 'graphql')), []);
  });

  test('cost: over the limit is an error on the heaviest root field, a page over 500 on its argument', () => {
    const links = (inner: string) => `body { links { ... on ArticleRecord { ${inner} } } }`;
    const text = `query Big {\n  _site { locales }\n  allArticles(first: 500) { ${links(links(links('content { ... on CtaBlockRecord { label url } }')))} }\n}\nquery Page { allAuthors(first: 600) { name } }`;
    // the folder's code is known not to page with executeQueryWithAutoPagination: a page over 500 is refused as sent
    const problems = costProblemsOf(schema, analyse(text, 'graphql'), t, { folderPaginates: false });
    assert.deepEqual(
      problems.map((p) => [text.slice(p.start, p.end), p.severity]),
      [
        ['allArticles', 'error'],
        ['first: 600', 'error'],
      ],
    );
    assert.match(
      problems[0]!.message,
      /^This query costs [\d,]+, over the complexity limit of 10,000,000: the API refuses it\. allArticles costs [\d,]+ of it\.$/,
    );
    assert.deepEqual(costProblemsOf(schema, analyse('{ allArticles { id } }', 'graphql'), t), []);
  });

  test('first over 500 is no problem where auto-pagination may run it, nor before the folder is known', () => {
    const page = (text: string, folderPaginates?: boolean) =>
      costProblemsOf(schema, analyse(text, 'script'), t, folderPaginates === undefined ? {} : { folderPaginates }).length;
    const query = 'const q = graphql(`{ allAuthors(first: 600) { name } }`);';
    assert.equal(page(query, false), 1);
    assert.equal(page(`${query}\nconst all = await executeQueryWithAutoPagination(q);`, false), 0, 'this file pages it');
    assert.equal(page(query, true), 0, 'the folder wraps rawExecuteQueryWithAutoPagination');
    assert.equal(page(query), 0, 'not known yet: nothing said');
  });
});

describe('GraphQL language: completion', () => {
  test("inside a template: the record's fields, with the DatoCMS field each reads; outside: nothing", () => {
    const text = 'const q = graphql(`{ allArticles { rea } }`);';
    const analysis = analyse(text, 'script');
    const items = completionsAt(schema, analysis, at(text, 'rea', 3), names)!;
    const reading = items.find((i) => i.label === 'readingTime');
    assert.deepEqual([reading?.detail, reading?.dato], ['IntType', 'Reading time (minutes) · integer']);
    assert.equal(completionsAt(schema, analysis, at(text, 'const', 2), names), undefined);
  });

  test('root fields, filter fields and fragments of the same document', () => {
    const text = 'query { allAut }\nfragment Person on AuthorRecord { name }\nquery B { allAuthors(filter: { em }) { ...P } }';
    const analysis = analyse(text, 'graphql');
    const labels = (needle: string, plus: number) => completionsAt(schema, analysis, at(text, needle, plus), names)!.map((i) => i.label);
    assert.ok(labels('allAut', 6).includes('allAuthors'));
    assert.ok(labels('{ em', 4).includes('email'));
    assert.ok(labels('...P', 4).includes('Person'));
  });
});

describe('GraphQL language: hover and the model or field behind a name', () => {
  test('a field: its GraphQL type, then the DatoCMS field (label, type, validators, localization, model)', () => {
    const analysis = analyse(SCRIPT, 'script');
    const offset = at(SCRIPT, '      title', 8);
    assert.match(graphqlHoverAt(schema, analysis, offset), /ArticleRecord\.title: String/);
    const symbol = symbolAt(schema, analysis, offset)!;
    assert.equal(SCRIPT.slice(symbol.start, symbol.end), 'title');
    const target = datoTargetOf(symbol, names, schema);
    assert.equal(target?.kind, 'field');
    assert.equal(
      describeTarget(target!, t, 2),
      [
        '**Title** (`title`), a string field of the model **Article** (`article`)',
        'Validators: required · length (min 3, max 120)',
        'Localized: one value per locale (2); it costs once per locale.',
      ].join('  \n'),
    );
  });

  test('types, root fields, filter fields, order values and _all…Locales map back to api_keys', () => {
    const text = [
      'query { allArticles(filter: { publishedOn: { gt: "2020-01-01" } }, orderBy: readingTime_DESC) {',
      '  _allTitleLocales { value } hero { ... on CtaBlockRecord { label } } }',
      '  homePage { signatureDish { name } } _allDishesMeta { count } }',
    ].join('\n');
    const analysis = analyse(text, 'graphql');
    const targetAt = (needle: string) => {
      const symbol = symbolAt(schema, analysis, at(text, needle, 1));
      const target = symbol && datoTargetOf(symbol, names, schema);
      return target?.kind === 'model'
        ? `model ${target.model.apiKey}`
        : target
          ? `field ${target.field.model.apiKey}.${target.field.apiKey}`
          : undefined;
    };
    assert.deepEqual(
      [
        'allArticles',
        'publishedOn',
        'readingTime_DESC',
        '_allTitleLocales',
        'hero',
        'CtaBlockRecord',
        'label',
        'homePage',
        'signatureDish',
        '_allDishesMeta',
        'count',
      ].map(targetAt),
      [
        'model article',
        'field article.published_on',
        'field article.reading_time',
        'field article.title',
        'field article.hero',
        'model cta_block',
        'field cta_block.label',
        'model home_page',
        'field home_page.signature_dish',
        'model dish',
        undefined,
      ],
    );
  });

  test('the cost in the hover: the field with what it selects, and the query', () => {
    const text = 'query {\n  allArtists: allAuthors(first: 25, orderBy: name_ASC) { name avatar { url } }\n}';
    const analysis = analyse(text, 'graphql');
    const onField = costAt(schema, analysis, at(text, 'allAuthors', 2))!;
    assert.deepEqual(onField, {
      operation: 100 + 250 + 25 * (1 + 5 + 1),
      exact: true,
      field: 100 + 250 + 25 * 7,
      header: false,
      max: 10_000_000,
    });
    assert.equal(describeCost(onField, t), "Complexity: 525 of this query's 525 (the limit is 10,000,000).");
    assert.equal(costAt(schema, analysis, at(text, 'avatar', 1))?.field, 6);
    const onHead = costAt(schema, analysis, 2)!;
    assert.equal(onHead.header, true);
    assert.equal(describeCost(onHead, t), 'Complexity of this query: 525, 0.005% of the limit (10,000,000).');
  });
});

describe('GraphQL names and DatoCMS api_keys', () => {
  test('a longer model name wins its own derived types; plain type names map to nothing', () => {
    const model = (id: string, api_key: string) =>
      ({ id, type: 'item_type', attributes: { api_key, name: api_key }, relationships: {}, meta: {} }) as never;
    const field = (id: string, api_key: string) =>
      ({ id, type: 'field', attributes: { api_key, label: api_key, field_type: 'string' }, relationships: {}, meta: {} }) as never;
    const own = new DatoNames([model('1', 'post'), model('2', 'post_model')], (id) =>
      id === '1' ? [field('a', 'cover_image')] : [field('b', 'x2')],
    );
    assert.equal(own.modelOfType('PostModelModelFilter')?.apiKey, 'post_model');
    assert.equal(own.modelOfType('PostModelRecord')?.apiKey, 'post_model');
    assert.equal(own.modelOfType('PostModelFilter')?.apiKey, 'post');
    assert.equal(own.modelOfType('PostModelCoverImageField')?.apiKey, 'post');
    assert.equal(own.field('PostRecord', 'coverImage')?.apiKey, 'cover_image');
    assert.equal(own.field('PostModelModelFilter', 'x2')?.apiKey, 'x2');
    assert.equal(own.fieldOfOrder('PostModelOrderBy', 'coverImage_ASC')?.apiKey, 'cover_image');
    assert.equal(own.modelOfType('FileField'), undefined);
    assert.equal(own.field('FileField', 'url'), undefined);
  });

  test('as the delivery API names them: a workflow stage enum is no model; inverse paths and field types name the field', () => {
    const model = (id: string, api_key: string, block = false) =>
      ({ id, type: 'item_type', attributes: { api_key, name: api_key, modular_block: block }, relationships: {}, meta: {} }) as never;
    const field = (id: string, api_key: string, field_type = 'string') =>
      ({ id, type: 'field', attributes: { api_key, label: api_key, field_type }, relationships: {}, meta: {} }) as never;
    const fields: Record<string, never[]> = {
      1: [field('c', 'content', 'rich_text'), field('b', 'body_text', 'structured_text'), field('d', 'body', 'structured_text')],
      2: [field('t', 'tabs', 'rich_text')],
      3: [field('a', 'author', 'link')],
      4: [field('n', 'name')],
    };
    const own = new DatoNames(
      [model('1', 'academy_chapter'), model('2', 'tabs_block', true), model('3', 'tab_block', true), model('4', 'editorial')],
      (id) => fields[id],
    );
    assert.equal(own.modelOfType('EditorialWorkflowStage'), undefined, "the workflow's enum, even when a model shares its name");
    assert.equal(own.modelOfType('EditorialWorkflowStageFilter'), undefined);
    const path = (value: string) => own.fieldOfPath('AcademyChapterModelFieldsReferencingEditorialModel', value);
    assert.equal(path('academyChapter_content')?.apiKey, 'content');
    const deep = path('academyChapter_content__tabsBlock_tabs__tabBlock_author');
    assert.deepEqual([deep?.model.apiKey, deep?.apiKey], ['tab_block', 'author']);
    assert.equal(path('academyChapter_nope'), undefined);
    assert.equal(own.fieldOfPath('AcademyChapterModelOrderBy', 'academyChapter_content'), undefined);
    assert.equal(own.fieldOfType('AcademyChapterModelBodyTextField')?.apiKey, 'body_text', 'the longer field name wins');
    assert.equal(own.fieldOfType('AcademyChapterModelBodyBlocksField')?.apiKey, 'body');
    assert.equal(own.fieldOfType('AcademyChapterModelContentField')?.apiKey, 'content');
    assert.equal(own.fieldOfType('AcademyChapterModelFilter'), undefined);
    assert.equal(own.fieldOfType('AcademyChapterRecord'), undefined);
  });

  test('the hover names the models a link field may point at, never their ids', () => {
    const text = '{ allArticles { author { name } } }';
    const symbol = symbolAt(schema, analyse(text, 'graphql'), at(text, 'author', 1))!;
    const described = describeTarget(datoTargetOf(symbol, names, schema)!, t, 2, names);
    assert.match(described, /item_item_type \(Author, /);
    const authorId = names.modelByApiKey('author')!.id;
    assert.ok(!described.includes(authorId), described);
  });
});
