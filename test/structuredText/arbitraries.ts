// fast-check arbitraries of valid DAST: every node type and attribute, text full of what Markdown treats as syntax.
import fc from 'fast-check';
import type {
  Code,
  Document,
  Heading,
  InlineNode as Inline,
  List,
  ListItem,
  MetaEntry,
  Paragraph,
  RootChild,
  Span,
} from '../../src/structuredText';

const plainId = fc.stringMatching(/^[A-Za-z0-9_-]{1,22}$/);
/** mostly DatoCMS ids; sometimes ids Markdown cannot write bare (the explicit syntax keeps them) */
const id = fc.oneof({ weight: 6, arbitrary: plainId }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) });

/** Pieces that mean something in Markdown or in the dialect, mixed with any text. */
const tricky = fc.constantFrom(
  '*',
  '**',
  '_',
  '__',
  '~',
  '~~',
  '`',
  '``',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '#',
  '# ',
  '- ',
  '+ ',
  '1. ',
  '2) ',
  ':',
  '::',
  ':::',
  ':x',
  ':u[a]',
  '{',
  '}',
  '#id',
  '\\',
  '&amp;',
  '&#x20;',
  '!',
  '|',
  '=',
  '==',
  '---',
  '***',
  '> ',
  '  ',
  '\t',
  ' ',
  '\n',
  '\n\n',
  'item:',
  '<item:x>',
  'http://a.b',
  'www.x.y',
  'a@b.c',
  'é',
  '漢字',
  '🙂',
  '10:30',
  'key:value',
  ' lead',
  'trail ',
  '.',
);
const text = fc
  .array(fc.oneof({ weight: 3, arbitrary: tricky }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 5 })
  .map((parts) => parts.join('').replace(/[\0\r]/g, ''));
const nonEmptyText = text.filter((t) => t.length > 0);

const marks = fc.subarray(['strong', 'emphasis', 'underline', 'strikethrough', 'highlight', 'code', 'smallcaps', 'x-y']);
const span: fc.Arbitrary<Span> = fc
  .record({ value: nonEmptyText, marks }, { requiredKeys: ['value'] })
  .map(({ value, marks: m }) => ({ type: 'span', value, ...(m ? { marks: m } : {}) }));
const spans = fc.array(span, { minLength: 1, maxLength: 4 });

const metaId = fc.oneof(fc.constantFrom('rel', 'target', 'title', 'data-x', '1', 'href', 'a b', 'meta'), fc.string({ maxLength: 5 }));
const meta: fc.Arbitrary<MetaEntry[]> = fc.array(fc.record({ id: metaId, value: text }), { maxLength: 3 });
const url = fc.oneof(
  fc.constantFrom('https://www.datocms.com/', 'mailto:a@b.c', '/relative?a=1&b=(2)', '', 'item:abc', 'x y'),
  fc.webUrl(),
  fc.string({ maxLength: 10 }),
);
const withMeta = <T extends object>(node: T) => meta.map((m) => (m.length ? { ...node, meta: m } : node));

const link: fc.Arbitrary<Inline> = fc.tuple(url, spans).chain(([u, c]) => withMeta({ type: 'link' as const, url: u, children: c }));
const itemLink: fc.Arbitrary<Inline> = fc.tuple(id, spans).chain(([i, c]) => withMeta({ type: 'itemLink' as const, item: i, children: c }));
const inlineItem: fc.Arbitrary<Inline> = id.map((item) => ({ type: 'inlineItem', item }));
const inlineBlock: fc.Arbitrary<Inline> = plainId.map((item) => ({ type: 'inlineBlock', item }));
const inline = fc.array(fc.oneof({ weight: 6, arbitrary: span }, link, itemLink, inlineItem, inlineBlock), { minLength: 1, maxLength: 6 });

const style = fc.option(fc.constantFrom('lead', 'small print', 'x"y', ''), { nil: undefined, freq: 4 });
const paragraph: fc.Arbitrary<Paragraph> = fc
  .tuple(fc.oneof({ weight: 8, arbitrary: inline }, fc.constant<Inline[]>([{ type: 'span', value: '' }])), style)
  .map(([children, s]) => ({ type: 'paragraph', children, ...(s === undefined ? {} : { style: s }) }));
const heading: fc.Arbitrary<Heading> = fc
  .tuple(
    fc.integer({ min: 1, max: 6 }),
    fc.oneof({ weight: 8, arbitrary: inline }, fc.constant<Inline[]>([{ type: 'span', value: '' }])),
    style,
  )
  .map(([level, children, s]) => ({
    type: 'heading',
    level: level as Heading['level'],
    children,
    ...(s === undefined ? {} : { style: s }),
  }));

const list: fc.Arbitrary<List> = fc.letrec<{ list: List; item: ListItem }>((tie) => ({
  list: fc
    .tuple(fc.constantFrom('bulleted' as const, 'numbered' as const), fc.array(tie('item'), { minLength: 1, maxLength: 3 }))
    .map(([s, children]) => ({ type: 'list', style: s, children })),
  item: fc
    .array(fc.oneof({ depthSize: 'small', maxDepth: 2 }, paragraph, tie('list')), { minLength: 1, maxLength: 3 })
    .map((children) => ({ type: 'listItem', children })),
})).list;

const code: fc.Arbitrary<Code> = fc
  .record(
    {
      code: fc.oneof(text, fc.constantFrom('```\n~~~', 'a\n\n\nb', '  indented\n\ttab', '\n', '')),
      language: fc.oneof(fc.constantFrom('javascript', 'c++', 'objective c', '{x}', '%20', 'a`b'), fc.string({ maxLength: 6 })),
      highlight: fc.array(fc.nat(40), { maxLength: 5 }),
    },
    { requiredKeys: ['code'] },
  )
  .map((c) => ({ type: 'code', ...c }));

const blockquote = fc
  .tuple(fc.array(paragraph, { minLength: 1, maxLength: 3 }), fc.option(text, { nil: undefined }))
  .map(([children, attribution]) => ({ type: 'blockquote' as const, children, ...(attribution === undefined ? {} : { attribution }) }));

export const rootChild: fc.Arbitrary<RootChild> = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  heading,
  list,
  code,
  blockquote,
  fc.constant({ type: 'thematicBreak' as const }),
  plainId.map((item) => ({ type: 'block' as const, item })),
) as fc.Arbitrary<RootChild>;

export const dastDocument: fc.Arbitrary<Document> = fc
  .array(rootChild, { minLength: 1, maxLength: 8 })
  .map((children) => ({ schema: 'dast', document: { type: 'root', children } }) as Document);
