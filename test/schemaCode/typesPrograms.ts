// Programs a website's code would write with the generated types and the official client, for typesCompile.test.ts.
// Each `@ts-expect-error` is a value the types must refuse: one they accept fails the compilation.
import { pascalCase } from '../../src/schemaCode/typesNaming';

/** The `accepted` and `refused` arrays of a program: each check's value taken, then its refused one as a type error. */
function checkArrays(
  checks: readonly [key: string, good: string, bad: string, why: string][],
  call: (key: string, value: string) => string,
): string {
  return [
    'export const accepted = [',
    ...checks.map(([key, good]) => `  ${call(key, good)},`),
    '];',
    'export const refused = [',
    ...checks.map(([key, , bad, why]) => `  // @ts-expect-error ${why}\n  ${call(key, bad)},`),
    '];',
  ].join('\n');
}

/** Fields of the seeded article: a value each takes, one it refuses, and why (the refusal has an accepted twin). */
const SEEDED_CHECKS: [key: string, good: string, bad: string, why: string][] = [
  ['title', "{ en: 'Spring menu' }", "'Spring menu'", 'a localized field takes a value per locale'],
  ['rating', '4.5', "'five'", 'a rating is a number'],
  ['hero', 'cta', '[cta]', 'one block, not a list'],
  ['content', '{ it: [quote, cta] }', "{ it: ['block-id', 42] }", 'blocks are objects or ids'],
  [
    'body',
    "{ en: { schema: 'dast', document: { type: 'root', children: [{ type: 'block', item: quote }] } } }",
    "{ en: { schema: 'dast', document: { type: 'root', children: [{ type: 'block', item: cta }] } } }",
    "a call to action is not one of the body's blocks",
  ],
];

/** Uses the emulator's seeded project: models article, page (a tree), blocks cta_block, image_block, quote_block. */
export const SEEDED_PROGRAM = `import { buildBlockRecord, buildClient, type ApiTypes } from '@datocms/cma-client-node';
import * as Schema from './datocms-types';

const client = buildClient({ apiToken: 'token' });

export async function listing(): Promise<unknown[]> {
  const articles = await client.items.list<Schema.Article>({ filter: { type: Schema.Article.ID }, order_by: 'published_on_DESC' });
  const slugs: (string | null)[] = articles.map((article) => article.slug);
  const titles: (string | null | undefined)[] = articles.map((article) => article.title.it);
  // @ts-expect-error a slug is text
  const wrong: number | null = articles[0]!.slug;
  // @ts-expect-error the project has no French
  const french = articles[0]!.title.fr;
  const places: [number | null, string | null][] = [];
  for await (const page of client.items.listPagedIterator<Schema.Page>({ filter: { type: Schema.Page.ID } })) {
    places.push([page.position, page.parent_id]);
  }
  return [slugs, titles, wrong, french, places];
}

export async function writing(): Promise<string> {
  const created = await client.items.create<Schema.Article>({
    item_type: Schema.Article.REF,
    title: { en: 'Spring menu', it: 'Menù di primavera' },
    slug: 'spring-menu',
    reading_time: 4,
    featured: true,
    cover: { upload_id: 'upload-1', alt: 'Asparagus' },
    hero: buildBlockRecord<Schema.CtaBlock>({ item_type: Schema.CtaBlock.REF, label: 'Book', url: 'https://example.com', style: 'primary' }),
    body: { en: { schema: 'dast', document: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'span', value: 'Hello' }] }, { type: 'block', item: quote }] } }, it: null },
  });
  await client.items.update<Schema.Article>(created.id, { rating: 4.5, content: { en: [quote] } });
  return created.id;
}

const article = (value: ApiTypes.ItemCreateSchema<Schema.Article>) => value;
const quote = buildBlockRecord<Schema.QuoteBlock>({ item_type: Schema.QuoteBlock.REF, quote: 'Eat well' });
const cta = buildBlockRecord<Schema.CtaBlock>({ item_type: Schema.CtaBlock.REF, label: 'Book', url: 'https://example.com' });
${checkArrays(SEEDED_CHECKS, (key, value) => `article({ item_type: Schema.Article.REF, ${key}: ${value} })`)}

export async function reading(id: string): Promise<(string | null)[]> {
  const found = await client.items.find<Schema.Article>(id, { nested: true });
  const captions: (string | null)[] = [];
  for (const block of found.content.en ?? []) {
    if (block.__itemTypeId === Schema.ImageBlock.ID) captions.push(block.attributes.caption);
  }
  return captions;
}
`;

/** Records as the official client reads them, each typed as its model's record; and one with a wrong value. */
export function recordsFile(records: readonly { apiKey: string; nested: boolean; record: unknown }[]): string {
  const lines = ["import type { ApiTypes } from '@datocms/cma-client-node';", "import type * as Schema from './datocms-types';"];
  records.forEach(({ apiKey, nested, record }, i) => {
    const type = `ApiTypes.${nested ? 'ItemInNestedResponse' : 'Item'}<Schema.${pascalCase(apiKey)}>`;
    lines.push(`export const record${i}: ${type} = ${JSON.stringify(record, null, 2)};`);
  });
  const article = records.find((r) => r.apiKey === 'article' && !r.nested);
  if (!article) throw new Error('no article among the seeded records');
  const wrong = JSON.stringify(article.record, null, 2).replace(/\n( {2}"slug": )"[^"]*"/, '\n  // @ts-expect-error a slug is text\n$142');
  if (!wrong.includes('@ts-expect-error')) throw new Error('the article has no slug');
  lines.push(`export const wrong: ApiTypes.Item<Schema.Article> = ${wrong};`);
  return `${lines.join('\n')}\n`;
}

/**
 * One field of the adversarial model with a value it takes and one it refuses, and why. Each refused value has an
 * accepted twin in the same call shape, so a refusal cannot come from something else in the call.
 */
const CHECKS: [key: string, good: string, bad: string, why: string][] = [
  ['f_string', "'s'", '1', 'text, not a number'],
  ['f_boolean', 'false', "'yes'", 'a boolean'],
  ['f_integer', '1', "'1'", 'a number'],
  ['f_color', '{ red: 0, green: 0, blue: 0, alpha: 255 }', "'#000000'", 'channels, not a hex string'],
  ['f_lat_lon', '{ latitude: 45, longitude: 9 }', '{ lat: 45, lng: 9 }', 'latitude and longitude'],
  ['f_file', "{ upload_id: 'u1' }", "'u1'", 'an upload, not its id alone'],
  ['f_gallery', "[{ upload_id: 'u1' }]", "'u1'", 'a list of uploads'],
  ['f_links', "['r1']", "'r1'", 'a list of record ids'],
  [
    'f_rich_text',
    '[quote]',
    "[buildBlockRecord<S.Block1Block>({ item_type: S.Block1Block.REF, caption: 'c' })]",
    'a block model the field does not allow',
  ],
  ['f_single_block', "'unchanged-block'", 'quote', 'the field allows no block model'],
  ['title', "{ en: 'Hi' }", "'Hi'", 'a value per locale'],
  ['title', "{ 'pt-BR': 'Oi' }", "{ fr: 'Salut' }", 'a locale the project does not have'],
  [
    'story',
    "{ en: { schema: 'dast', document: { type: 'root', children: [{ type: 'block', item: section }] } } }",
    "{ en: { schema: 'dast', document: { type: 'root', children: [{ type: 'block', item: quote }] } } }",
    'a quote is only an inline block of the story',
  ],
  [
    'f_structured_text',
    "{ schema: 'dast', document: { type: 'root', children: [{ type: 'heading', level: 6, children: [] }] } }",
    "{ schema: 'dast', document: { type: 'root', children: [{ type: 'heading', level: 7, children: [] }] } }",
    'headings go to level 6',
  ],
  ['position', "'first'", '3', 'the field named position is text'],
];

/** Uses the adversarial schema of typesFixtures.ts. */
export const ADVERSARIAL_PROGRAM = `import { buildBlockRecord, buildClient, type ApiTypes } from '@datocms/cma-client-node';
import * as S from './datocms-types';

const client = buildClient({ apiToken: 'token' });
const quote = buildBlockRecord<S.QuoteBlock>({ item_type: S.QuoteBlock.REF, quote: 'q' });
const inner = buildBlockRecord<S.SectionBlock>({ item_type: S.SectionBlock.REF, heading: 'inner', children: [] });
const section = buildBlockRecord<S.SectionBlock>({ item_type: S.SectionBlock.REF, heading: 'h', children: [quote, inner] });
// a block's id is the block's, whatever fields the block model has
const edited = buildBlockRecord<S.SectionBlock>({ id: 'existing-block', heading: 'edited' });

export async function writing(): Promise<unknown[]> {
  const created = await client.items.create<S.Everything>({
    item_type: S.Everything.REF,
    f_string: 's',
    f_text: 't',
    f_boolean: true,
    f_integer: 1,
    f_float: 1.5,
    f_date: '2024-01-01',
    f_date_time: '2024-01-01T10:00:00Z',
    f_color: { red: 1, green: 2, blue: 3, alpha: 255 },
    f_json: '{"a":1}',
    f_lat_lon: { latitude: 45, longitude: 9 },
    f_seo: { title: 'T', description: null, image: null, twitter_card: 'summary', no_index: false },
    f_slug: 'a-b',
    f_video: { provider: 'youtube', provider_uid: 'x', url: 'https://youtu.be/x', width: 640, height: 360, thumbnail_url: 'https://i.example/x.jpg', title: 'X' },
    f_file: { upload_id: 'u1', alt: null },
    f_gallery: [{ upload_id: 'u1' }],
    f_link: 'r1',
    f_links: ['r1', 'r2'],
    f_rich_text: [section, quote, edited, 'unchanged-block'],
    f_single_block: null,
    f_structured_text: { schema: 'dast', document: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'span', value: 'x' }, { type: 'itemLink', item: 'r1', children: [{ type: 'span', value: 'page' }] }] }] } },
    title: { en: 'Hi', 'pt-BR': 'Oi', 'zh-Hant-TW': null },
    story: { en: { schema: 'dast', document: { type: 'root', children: [{ type: 'block', item: section }, { type: 'paragraph', children: [{ type: 'inlineBlock', item: quote }] }] } } },
    only_gone: [],
    class: 'c',
    default: 'd',
    new: 'n',
    delete: 'x',
    function: 'f',
    constructor: 'k',
    this: 't',
    '3d_view': 'v',
    position: 'first',
    future: { anything: true },
  });
  const recordId: string = created.id;
  const modelId: typeof S.Everything.ID = created.item_type.id;
  const status = created.meta.status;
  // @ts-expect-error meta is the record's own, not the left-out JSON field
  const metaText: string = created.meta;
  await client.items.update<S.Everything>(created.id, { position: 'second', class: null });
  const pages = await client.items.list<S.Page>({ filter: { type: S.Page.ID }, order_by: 'position_ASC' });
  const parent: string | null = pages[0]!.parent_id;
  const place: number | null = pages[0]!.position;
  const hero = await client.items.create<S.Hero1Model>({
    item_type: S.Hero1Model.REF,
    banner: buildBlockRecord<S.Hero1>({ item_type: S.Hero1.REF, text: 'x' }),
  });
  return [recordId, modelId, status, metaText, parent, place, hero];
}

const body = (value: ApiTypes.ItemCreateSchema<S.Everything>) => value;
${checkArrays(CHECKS, (key, value) => `body({ item_type: S.Everything.REF, ${key}: ${value} })`)}

export async function reading(id: string): Promise<(string | null)[]> {
  const record = await client.items.find<S.Everything>(id, { nested: true });
  const headings: (string | null)[] = [];
  for (const block of record.f_rich_text) {
    if (block.__itemTypeId !== S.SectionBlock.ID) continue;
    headings.push(block.attributes.heading);
    for (const child of block.attributes.children) if (child.__itemTypeId === S.SectionBlock.ID) headings.push(child.attributes.heading);
  }
  return headings;
}

/** Every name the file exports, as a type and as a value. */
export type Every = S.AnyBlockOrModel;
export const everyId: string[] = [
  S.Everything, S.SectionBlock, S.QuoteBlock, S.Block1Block, S.Page, S.Ab1, S.Ab1Model, S.AB, S.ABModel, S.ABModel2,
  S.AnyBlockModel, S.AnyModelModel, S.AnyBlockOrModelModel, S.EnvironmentSettingsModel, S.ItemTypeDefinitionModel,
  S.Record, S.Promise, S.Object, S.String, S.Array, S.Infinity, S.NaN, S.Symbol, S.Date, S.Function, S.Model3dScene,
  S.Empty, S.Hero1Model, S.Hero1,
].map((model) => model.ID);
export const kinds: [S.AnyBlock['itemTypeId'], S.AnyModel['itemTypeId']] = [S.Hero1.ID, S.Hero1Model.ID];
`;
