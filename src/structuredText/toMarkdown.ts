// DAST → Markdown. Standard Markdown where it has the construct, a directive where it has not (see ./syntax.ts and
// docs/structured-text-markdown.md), so everything DAST holds is kept: reading the text back gives the same
// document up to normalDocument.
import type { BlockContent, ListItem as MdListItem, Paragraph as MdParagraph, PhrasingContent, Root as MdRoot } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import {
  itemId,
  newBlockModel,
  normalDocument,
  type BlockItem,
  type BlockModels,
  type Blockquote,
  type Code,
  type Document,
  type Heading,
  type List,
  type ListItem,
  type Paragraph,
  type RootChild,
} from './dast';
import { attributes as encoded, DIRECTIVE, printMarkdown } from './syntax';
import { writeHandlers, writeInline } from './writeInline';

/**
 * The Markdown of a Structured Text value: blocks as `::block{#ID}`, whichever form their item has, and a new block
 * (no id yet) as `::block{model="api_key"}`, its model named through `models` (its fields are not written).
 */
export function dastToMarkdown(value: Document<BlockItem, BlockItem>, models?: BlockModels): string {
  const doc = normalDocument(value);
  const writeTop = (node: RootChild) => (node.type === 'block' ? writeBlockLine(node.item, models) : writeBlock(node));
  const tree: MdRoot = { type: 'root', children: doc.document.children.map(writeTop) };
  return printMarkdown(tree, writeHandlers);
}

function writeBlockLine(item: BlockItem, models: BlockModels | undefined): BlockContent {
  const id = itemId(item);
  if (id !== undefined) return leaf(DIRECTIVE.block, { id });
  const modelId = newBlockModel(item);
  const model = modelId === undefined ? undefined : models?.apiKeyOf(modelId);
  // a model this project does not name: a bare line, which reads back as a problem rather than as another block
  return leaf(DIRECTIVE.block, model === undefined ? {} : { model });
}

function writeBlock(node: RootChild): BlockContent {
  switch (node.type) {
    case 'paragraph':
      return writeParagraph(node);
    case 'heading':
      return writeHeading(node);
    case 'list':
      return writeList(node);
    case 'blockquote':
      return writeQuote(node);
    case 'code':
      return writeCode(node);
    case 'thematicBreak':
      return { type: 'thematicBreak' };
    case 'block':
      return writeBlockLine(node.item, undefined);
  }
}

/** A lone empty span: the node has no text (Markdown has no empty paragraph). */
const isEmpty = (node: Paragraph<BlockItem> | Heading<BlockItem>) =>
  node.children.length === 1 && node.children[0]!.type === 'span' && node.children[0]!.value === '';
const styled = (style: string | undefined): Record<string, string> => (style === undefined ? {} : { style });

function writeParagraph(node: Paragraph<BlockItem>): BlockContent {
  if (isEmpty(node)) return leaf(DIRECTIVE.paragraph, styled(node.style));
  const paragraph: MdParagraph = { type: 'paragraph', children: writeInline(node.children) };
  return node.style === undefined ? paragraph : container(DIRECTIVE.paragraph, styled(node.style), [paragraph]);
}

function writeHeading(node: Heading<BlockItem>): BlockContent {
  const level = String(node.level);
  if (isEmpty(node))
    return node.style === undefined
      ? { type: 'heading', depth: node.level, children: [] }
      : leaf(DIRECTIVE.heading, { level, ...styled(node.style) });
  const children = writeInline(node.children);
  // an ATX heading (level 3 and up) holds one line: a line break needs the directive
  const breaks =
    node.level > 2 &&
    node.children.some((c) => (c.type === 'span' ? [c] : 'children' in c ? c.children : []).some((s) => s.value.includes('\n')));
  if (node.style === undefined && !breaks) return { type: 'heading', depth: node.level, children };
  return container(DIRECTIVE.heading, { level, ...styled(node.style) }, [{ type: 'paragraph', children }]);
}

function writeList(node: List<BlockItem, BlockItem>): BlockContent {
  return { type: 'list', ordered: node.style === 'numbered', spread: false, children: node.children.map(writeListItem) };
}

function writeListItem(item: ListItem<BlockItem, BlockItem>): MdListItem {
  return { type: 'listItem', spread: false, children: item.children.map((child) => writeBlock(child)) };
}

function writeQuote(node: Blockquote<BlockItem>): BlockContent {
  const children: BlockContent[] = node.children.map(writeParagraph);
  if (node.attribution !== undefined) children.push(leaf(DIRECTIVE.attribution, {}, [{ type: 'text', value: node.attribution }]));
  return { type: 'blockquote', children };
}

function writeCode(node: Code): BlockContent {
  const lines = node.highlight?.length ? `{${lineRanges(node.highlight.map((line) => line + 1))}}` : null;
  // a fence's meta is printed only after a language: without one, the lines take its place
  if (!node.language) return { type: 'code', lang: lines, meta: null, value: node.code };
  return { type: 'code', lang: encodeLanguage(node.language), meta: lines, value: node.code };
}

/** `1,3-5,9`: one-based line numbers, ascending runs as ranges, the order kept. */
function lineRanges(lines: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length;) {
    let end = i;
    while (end + 1 < lines.length && lines[end + 1] === lines[end]! + 1) end++;
    parts.push(end > i + 1 ? `${lines[i]}-${lines[end]}` : lines.slice(i, end + 1).join(','));
    i = end + 1;
  }
  return parts.join(',');
}

/** A language is the first word of a fence's info: spaces, `%` and a leading `{` are percent-encoded. */
function encodeLanguage(language: string): string {
  return language.replace(/[\s%`~]|^\{/gu, (c) =>
    encodeURIComponent(c).replace(/[{~]/, (b) => `%${b.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

function leaf(name: string, attributes: Record<string, string>, children: PhrasingContent[] = []): LeafDirective {
  return { type: 'leafDirective', name, attributes: encoded(attributes), children };
}

function container(name: string, attributes: Record<string, string>, children: BlockContent[]): ContainerDirective {
  return { type: 'containerDirective', name, attributes: encoded(attributes), children };
}
