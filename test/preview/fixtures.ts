// A small schema for the preview's tests: an article (localized title, Structured Text body with blocks and
// record links, Markdown intro, cover image, gallery, author link, SEO, colour, place, date, JSON) with a
// fieldset, an author model and a quote block model.
import type { Resource } from '../../src/cma';
import { schemaOf } from '../../src/preview/schema';

const link = (type: string, id: string) => ({ data: { type, id } });
export const model = (id: string, name: string, extra: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) =>
  ({ id, type: 'item_type', attributes: { name, api_key: id, ...extra }, relationships, meta: {} }) as unknown as Resource<'item_type'>;
let position = 0;
export const field = (modelId: string, apiKey: string, type: string, extra: Record<string, unknown> = {}, fieldset?: string) =>
  ({
    id: `${modelId}.${apiKey}`,
    type: 'field',
    attributes: {
      api_key: apiKey,
      label: apiKey.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      field_type: type,
      position: ++position,
      ...extra,
    },
    relationships: { item_type: link('item_type', modelId), fieldset: fieldset ? link('fieldset', fieldset) : { data: null } },
    meta: {},
  }) as unknown as Resource<'field'>;

export const site = {
  id: 'site',
  type: 'site',
  attributes: { locales: ['en', 'it'], imgix_host: 'www.datocms-assets.com' },
  relationships: {},
  meta: {},
} as unknown as Resource<'site'>;
const article = model('article', 'Article', {}, { title_field: link('field', 'article.title') });
const author = model('author', 'Author');
const quote = model('quote_block', 'Quote', { modular_block: true });
const articleFields = [
  field('article', 'title', 'string', { localized: true }),
  field('article', 'intro', 'text', { appearance: { editor: 'markdown', parameters: {} } }),
  field('article', 'body', 'structured_text'),
  field('article', 'cover', 'file'),
  field('article', 'gallery', 'gallery'),
  field('article', 'author', 'link'),
  field('article', 'related', 'links'),
  field('article', 'published_on', 'date'),
  field('article', 'seo', 'seo', {}, 'meta'),
  field('article', 'accent', 'color', {}, 'meta'),
  field('article', 'place', 'lat_lon', {}, 'meta'),
  field('article', 'data', 'json'),
  field('article', 'sections', 'rich_text'),
];
const fieldsets = [
  {
    id: 'meta',
    type: 'fieldset',
    attributes: { title: 'Meta', hint: 'For search engines', position: 1 },
    relationships: {},
    meta: {},
  } as unknown as Resource<'fieldset'>,
];
export const schema = schemaOf(
  site,
  new Map([article, author, quote].map((m) => [m.id, m])),
  new Map([
    ['article', articleFields],
    ['author', [field('author', 'name', 'string')]],
    ['quote_block', [field('quote_block', 'text', 'text'), field('quote_block', 'by', 'string')]],
  ]),
  new Map([['article', fieldsets]]),
);

const quoteBlock = (id: string, text: string) => ({ id, item_type: { type: 'item_type', id: 'quote_block' }, text, by: 'Oscar' });

/** An article document as the editor holds it. */
export const articleDocument = () => ({
  title: { en: 'Spring menu', it: 'Menù di primavera' },
  intro: 'We **open** at noon. <script>alert(1)</script>',
  body: {
    schema: 'dast',
    document: {
      type: 'root',
      children: [
        { type: 'heading', level: 2, children: [{ type: 'span', value: 'Starters' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'span', value: 'Made by ' },
            { type: 'itemLink', item: 'author1', children: [{ type: 'span', value: 'our chef', marks: ['strong'] }] },
            { type: 'span', value: ' with ' },
            { type: 'inlineItem', item: 'author2' },
          ],
        },
        { type: 'block', item: quoteBlock('q1', 'Be yourself') },
        {
          type: 'list',
          style: 'numbered',
          children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'span', value: 'Soup' }] }] }],
        },
        { type: 'code', language: 'js', highlight: [0], code: 'book(1);\nbook(2);' },
      ],
    },
  },
  cover: { upload_id: 'up1', alt: 'The terrace', title: 'Terrace' },
  gallery: [{ upload_id: 'up1' }, { upload_id: 'up2' }],
  author: 'author1',
  related: ['gone1'],
  published_on: '2026-03-21',
  seo: { title: 'Spring at the Bistro', description: 'Seasonal plates', image: 'up1', no_index: true },
  accent: { red: 255, green: 128, blue: 0, alpha: 255 },
  place: { latitude: 45.4642, longitude: -9.19 },
  data: '{"a":1}',
  sections: [quoteBlock('q2', 'Second')],
  $readonly: { id: 'rec1', type: 'item', item_type: { type: 'item_type', id: 'article' }, meta: { status: 'draft' } },
});
