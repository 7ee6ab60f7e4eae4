import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, printType, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import type { Emulator } from '../index.js';
import { useEmulator } from '../../support/emulator.js';
import { cma, createField, data } from './cda-http.js';

let emu: Emulator;
useEmulator({ records: 30, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const STRICT = { 'X-Exclude-Invalid': 'true' };

async function introspect(headers: Record<string, string> = {}): Promise<{ raw: IntrospectionQuery; schema: GraphQLSchema }> {
  const raw = (await data(emu, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, oneOf: true }), {
    headers,
  })) as IntrospectionQuery;
  return { raw, schema: buildClientSchema(raw) };
}

/** A type of the introspection result, loosely typed for the assertions. */
function typeOf(raw: IntrospectionQuery, name: string): any {
  return raw.__schema.types.find((t) => t.name === name);
}

function args(raw: IntrospectionQuery, typeName: string, fieldName: string): string[] {
  const field = typeOf(raw, typeName).fields.find((f: { name: string }) => f.name === fieldName);
  return field.args.map(
    (a: { name: string; defaultValue: string | null }) => `${a.name}${a.defaultValue === null ? '' : ` = ${a.defaultValue}`}`,
  );
}

function fieldType(schema: GraphQLSchema, typeName: string, fieldName: string): string {
  const type = schema.getType(typeName) as { getFields(): Record<string, { type: unknown }> };
  return String(type.getFields()[fieldName]!.type);
}

/** The meta fields a model's filter and order hold before its own fields, in the API's order. */
const META_FIELDS = [
  '_createdAt',
  'id',
  '_firstPublishedAt',
  'position',
  '_publicationScheduledAt',
  '_unpublishingScheduledAt',
  '_publishedAt',
  '_status',
  '_updatedAt',
  '_isValid',
];

describe('the schema of the seeded project', () => {
  test('root queries: arguments in order, defaults and descriptions', async () => {
    const { raw, schema } = await introspect(STRICT);
    assert.deepEqual(args(raw, 'Query', 'allArticles'), [
      'locale',
      'fallbackLocales',
      'skip',
      'first = 20',
      'filter',
      'orderBy = [_updatedAt_DESC]',
    ]);
    assert.deepEqual(args(raw, 'Query', 'article'), ['locale', 'fallbackLocales', 'filter', 'orderBy = [_updatedAt_DESC]']);
    assert.deepEqual(args(raw, 'Query', '_allArticlesMeta'), ['locale', 'filter']);
    assert.deepEqual(args(raw, 'Query', 'homePage'), ['locale', 'fallbackLocales']);
    assert.deepEqual(args(raw, 'Query', 'allDishes').at(-1), 'orderBy = [position_ASC]');
    assert.deepEqual(args(raw, 'Query', 'allPages').at(-1), 'orderBy = [position_ASC]');
    assert.deepEqual(args(raw, 'Query', 'allUploads'), [
      'locale',
      'fallbackLocales',
      'skip',
      'first = 20',
      'filter',
      'orderBy = [_createdAt_DESC]',
    ]);
    assert.deepEqual(args(raw, 'Query', '_site'), ['locale', 'fallbackLocales']);
    const query = schema.getQueryType()!.getFields();
    assert.equal(String(query.allArticles!.type), '[ArticleRecord!]!');
    assert.equal(String(query.article!.type), 'ArticleRecord');
    assert.equal(String(query._allArticlesMeta!.type), 'CollectionMetadata!');
    assert.equal(String(query._site!.type), 'Site!');
    assert.equal(query.allArticles!.description, 'Returns a collection of records');
    assert.equal(query.article!.description, 'Returns a specific record');
    assert.equal(query.homePage!.description, 'Returns the single instance record');
    assert.equal(query._allArticlesMeta!.description, 'Returns meta information regarding a record collection');
    assert.equal(query.allUploads!.description, 'Returns a collection of assets');
    assert.equal(query.upload!.description, 'Returns a specific asset');
    assert.equal(query._allUploadsMeta!.description, 'Returns meta information regarding an assets collection');
    const first = query.allArticles!.args.find((a) => a.name === 'first')!;
    assert.equal(first.description, 'Limit the number of results');
    assert.equal(query.allArticles!.args.find((a) => a.name === 'skip')!.description, 'Skip the first results');
    assert.equal(query.allArticles!.args[0]!.description, "The locale to use to fetch the field's content");
    assert.equal(query.blockquote, undefined, 'blocks have no root field');
    assert.equal(query.allImageBlocks, undefined);
    assert.equal(query.allHomePages, undefined, 'a singleton has no collection');
  });

  test('types come by name; object fields alphabetically; filters and order enums in the API order', async () => {
    const { raw } = await introspect(STRICT);
    const names = raw.__schema.types.map((t) => t.name).filter((n) => !n.startsWith('__'));
    assert.deepEqual(names, [...names].sort());
    const article = typeOf(raw, 'ArticleRecord');
    const fieldNames = article.fields.map((f: { name: string }) => f.name);
    assert.deepEqual(fieldNames, [...fieldNames].sort());
    assert.ok(fieldNames.includes('_allTitleLocales') && fieldNames.includes('_locales') && fieldNames.includes('_seoMetaTags'));
    const filter = typeOf(raw, 'DishModelFilter');
    assert.deepEqual(
      filter.inputFields.map((f: { name: string }) => f.name),
      [...META_FIELDS, '_locales', 'allergens', 'course', 'description', 'name', 'photos', 'price', 'spiciness', 'vegetarian', 'OR', 'AND'],
    );
    const order = typeOf(raw, 'PageModelOrderBy');
    assert.deepEqual(
      order.enumValues.map((v: { name: string }) => v.name).filter((v: string) => v.endsWith('_ASC')),
      [...META_FIELDS, 'body', 'title'].map((k) => `${k}_ASC`),
    );
    const page = typeOf(raw, 'PageModelFilter');
    assert.deepEqual(
      page.inputFields.slice(3, 5).map((f: { name: string; type: { name: string } }) => `${f.name}:${f.type.name}`),
      ['parent:ParentFilter', 'position:PositionFilter'],
    );
  });

  test('field types per field type, lists always [T!]!, one allowed model typed directly, several as a union', async () => {
    const { schema } = await introspect();
    const t = (type: string, field: string) => fieldType(schema, type, field);
    assert.equal(t('ArticleRecord', 'title'), 'String');
    assert.equal(t('ArticleRecord', 'publishedOn'), 'Date');
    assert.equal(t('ArticleRecord', 'readingTime'), 'IntType');
    assert.equal(t('ArticleRecord', 'rating'), 'FloatType');
    assert.equal(t('ArticleRecord', 'featured'), 'BooleanType');
    assert.equal(t('ArticleRecord', 'cover'), 'FileField');
    assert.equal(t('ArticleRecord', 'author'), 'AuthorRecord');
    assert.equal(t('ArticleRecord', 'categories'), '[CategoryRecord!]!');
    assert.equal(t('ArticleRecord', 'content'), '[ArticleModelContentField!]!');
    assert.equal(t('ArticleRecord', 'hero'), 'ArticleModelHeroField');
    assert.equal(t('ArticleRecord', 'seo'), 'SeoField');
    assert.equal(t('ArticleRecord', 'body'), 'ArticleModelBodyField');
    assert.equal(t('ArticleRecord', '_allContentLocales'), '[ArticleModelContentFieldListListNonNullMultiLocaleField!]');
    assert.equal(t('ArticleRecord', '_allTitleLocales'), '[StringMultiLocaleField!]');
    assert.equal(t('ArticleRecord', '_publishedAt'), 'DateTime');
    assert.equal(t('EventRecord', 'startsAt'), 'DateTime');
    assert.equal(t('EventRecord', 'venue'), 'LatLonField');
    assert.equal(t('EventRecord', 'highlightColor'), 'ColorField');
    assert.equal(t('EventRecord', 'details'), 'JsonField');
    assert.equal(t('EventRecord', 'teaser'), 'VideoField');
    assert.equal(t('DishRecord', 'photos'), '[FileField!]!');
    assert.equal(t('DishRecord', 'position'), 'IntType');
    assert.equal(t('PageRecord', 'parent'), 'PageRecord');
    assert.equal(t('PageRecord', 'children'), '[PageRecord!]!');
    assert.equal(t('HomePageRecord', 'promo'), 'CtaBlockRecord');
    assert.equal(
      printType(schema.getType('ArticleModelContentField')!),
      'union ArticleModelContentField = CtaBlockRecord | ImageBlockRecord | QuoteBlockRecord',
    );
    assert.equal(
      printType(schema.getType('ArticleModelBodyField')!),
      'type ArticleModelBodyField {\n  blocks: [ArticleModelBodyBlocksField!]!\n  links: [ArticleModelBodyLinksField!]!\n  value: JsonField!\n}',
    );
    assert.equal(t('HomePageModelIntroField', 'blocks'), '[CtaBlockRecord!]!');
    assert.match(
      printType(schema.getType('ArticleRecord')!),
      /^"""Record of type Article \(article\)"""\ntype ArticleRecord implements RecordInterface \{/,
    );
    assert.match(printType(schema.getType('PageRecord')!), /body\(\n {4}"""Process content as markdown"""\n {4}markdown: Boolean\n/);
    assert.equal(schema.getType('BooleanType')!.description, 'Represents `true` or `false` values.');
    assert.equal(schema.getType('DateTime')!.description, 'A ISO 8601 compliant datetime value');
    assert.equal(schema.getType('Date')!.description, 'A ISO 8601 compliant date value');
  });

  test('strict mode narrows required fields and validated files; drafts make the publication dates nullable', async () => {
    const strict = (await introspect(STRICT)).schema;
    assert.equal(fieldType(strict, 'ArticleRecord', 'title'), 'String!');
    assert.equal(fieldType(strict, 'ArticleRecord', 'slug'), 'String!');
    assert.equal(fieldType(strict, 'ArticleRecord', 'excerpt'), 'String');
    assert.equal(fieldType(strict, 'ArticleRecord', '_allTitleLocales'), '[StringNonNullMultiLocaleField!]');
    assert.equal(fieldType(strict, 'ArticleRecord', 'cover'), 'AltFileField', 'required alt makes alt non-null');
    assert.equal(fieldType(strict, 'AltFileField', 'alt'), 'String!');
    assert.equal(fieldType(strict, 'ImageBlockRecord', 'image'), 'AltFileField!');
    assert.equal(fieldType(strict, 'HomePageRecord', 'signatureDish'), 'DishRecord!');
    assert.equal(fieldType(strict, 'HomePageRecord', 'heroVideo'), 'VideoField!');
    assert.equal(fieldType(strict, 'HomePageRecord', 'gallery'), '[AltFileField!]!');
    assert.equal(fieldType(strict, 'CategoryRecord', 'color'), 'ColorField!');
    const drafts = (await introspect({ 'X-Include-Drafts': 'true' })).schema;
    assert.equal(fieldType(drafts, 'ArticleRecord', '_publishedAt'), 'DateTime');
    assert.equal(fieldType(drafts, 'RecordInterface', '_firstPublishedAt'), 'DateTime');
    assert.equal(fieldType(drafts, 'ArticleRecord', 'title'), 'String');
  });

  test('as real projects print it: strict publication dates nullable, text filters list exists, colour lists take nulls', async () => {
    // the standard introspection query (what type generators send) leaves deprecated input fields out
    const raw = (await data(emu, getIntrospectionQuery(), { headers: STRICT })) as IntrospectionQuery;
    const schema = buildClientSchema(raw);
    assert.equal(fieldType(schema, 'ArticleRecord', '_publishedAt'), 'DateTime', 'strict, published: still nullable');
    assert.equal(fieldType(schema, 'RecordInterface', '_firstPublishedAt'), 'DateTime');
    for (const filter of ['StringFilter', 'TextFilter', 'StructuredTextFilter'])
      assert.ok(
        typeOf(raw, filter).inputFields.some((f: { name: string }) => f.name === 'exists'),
        `${filter} has exists in the standard introspection`,
      );
    assert.match(printType(schema.getType('UploadColorsFilter')!), /\n {2}anyIn: \[ColorBucketType\]\n/);
    assert.match(printType(schema.getType('UploadTagsFilter')!), /\n {2}anyIn: \[String!\]\n/);
  });

  test('an image-transformable or video file field gets ImageFileField / VideoFileField in strict mode', async () => {
    await createField(emu, 'event', {
      label: 'Banner',
      api_key: 'banner',
      field_type: 'file',
      validators: { extension: { extensions: [], predefined_list: 'transformable_image' } },
    });
    await createField(emu, 'event', {
      label: 'Clip',
      api_key: 'clip',
      field_type: 'file',
      validators: { extension: { extensions: [], predefined_list: 'video' } },
    });
    const strict = (await introspect(STRICT)).schema;
    assert.equal(fieldType(strict, 'EventRecord', 'banner'), 'ImageFileField');
    for (const name of ['focalPoint', 'width', 'height', 'responsiveImage'])
      assert.match(fieldType(strict, 'ImageFileField', name), /!$/, name);
    assert.equal(fieldType(strict, 'EventRecord', 'clip'), 'VideoFileField');
    assert.equal(fieldType(strict, 'VideoFileField', 'video'), 'UploadVideoField!');
    assert.deepEqual(
      (strict.getType('ImageFileField') as unknown as { getInterfaces(): { name: string }[] }).getInterfaces().map((i) => i.name),
      ['FileFieldInterface'],
    );
    const normal = (await introspect()).schema;
    assert.equal(fieldType(normal, 'EventRecord', 'banner'), 'FileField');
  });

  test('the schema follows CMA changes: new fields and models, locales', async () => {
    await createField(emu, 'author', { label: 'Nickname', api_key: 'nickname', field_type: 'string' });
    const withField = await data(emu, '{ allAuthors(first: 1) { nickname } }');
    assert.equal(withField.allAuthors[0].nickname, null);
    await cma(emu, 'POST', '/item-types', { data: { type: 'item_type', attributes: { name: 'Supplier', api_key: 'supplier' } } });
    await createField(emu, 'supplier', { label: 'Name', api_key: 'name', field_type: 'string' });
    assert.deepEqual(await data(emu, '{ allSuppliers { name } _allSuppliersMeta { count } }'), {
      allSuppliers: [],
      _allSuppliersMeta: { count: 0 },
    });
    await cma(emu, 'PUT', '/site', { data: { type: 'site', attributes: { locales: ['en', 'it', 'pt-BR'] } } });
    const locales = await data(emu, '{ __type(name: "SiteLocale") { enumValues { name } } _site { locales } }');
    assert.deepEqual(
      locales.__type.enumValues.map((v: { name: string }) => v.name),
      ['en', 'it', 'pt_BR'],
    );
    assert.deepEqual(locales._site.locales, ['en', 'it', 'pt_BR']);
  });
});
