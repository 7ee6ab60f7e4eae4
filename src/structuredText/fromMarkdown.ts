// Markdown → DAST, with every node's position and the problems of what DAST cannot hold, located in the text.
// The reverse of ./toMarkdown.ts: together they keep a document whole (up to normalDocument).
import type {
  Blockquote as MdBlockquote,
  Code as MdCode,
  Definition,
  Heading as MdHeading,
  List as MdList,
  Paragraph as MdParagraph,
  RootContent,
} from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import type { Position } from 'unist';
import {
  newBlockItem,
  type BlockItem,
  type BlockModels,
  type Document,
  type Heading,
  type List,
  type ListItem,
  type Paragraph,
  type RootChild,
} from './dast';
import { note, refuse, type Positions, type Problem, type ReadContext } from './problems';
import { readInline } from './readInline';
import { DIRECTIVE, parseMarkdown } from './syntax';

export interface MarkdownReading {
  /** the document, blocks' items as their ids (a new block's as the item it creates: see newBlockItem) */
  value: Document<BlockItem, BlockItem>;
  problems: Problem[];
  positions: Positions;
}

/** Where a node stands decides what it may hold. */
type Place = 'root' | 'listItem' | 'quote' | 'styled';
const HOLDS: Record<Place, readonly RootChild['type'][]> = {
  root: ['paragraph', 'heading', 'list', 'code', 'blockquote', 'block', 'thematicBreak'],
  listItem: ['paragraph', 'list'],
  quote: ['paragraph'],
  styled: ['paragraph'],
};
const HOLDS_MESSAGE: Record<Exclude<Place, 'root'>, string> = {
  listItem: 'A list item holds only paragraphs and lists in Structured Text.',
  quote: 'A quote holds only paragraphs in Structured Text.',
  styled: 'A `:::paragraph` directive holds only paragraphs.',
};

/** `models` names the block models of new blocks (`::block{model="api_key"}`); without it they are refused. */
export function markdownToDast(text: string, models?: BlockModels): MarkdownReading {
  const tree = parseMarkdown(text);
  const definitions = new Map<string, Definition>();
  collectDefinitions(tree.children, definitions);
  const ctx: ReadContext = { source: text, problems: [], positions: new WeakMap(), definitions, models };
  const children = readFlow(tree.children, 'root', ctx);
  const value = { schema: 'dast', document: { type: 'root', children } } as Document<BlockItem, BlockItem>;
  return { value, problems: ctx.problems, positions: ctx.positions };
}

function collectDefinitions(nodes: readonly RootContent[], into: Map<string, Definition>): void {
  for (const node of nodes) {
    if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node);
    if ('children' in node && Array.isArray(node.children)) collectDefinitions(node.children, into);
  }
}

function readFlow(nodes: readonly RootContent[], place: Place, ctx: ReadContext): RootChild[] {
  const out: RootChild[] = [];
  for (const node of nodes) {
    for (const read of readBlock(node, place, ctx)) {
      if (place !== 'root' && !HOLDS[place].includes(read.type))
        ctx.problems.push({ message: HOLDS_MESSAGE[place], position: node.position });
      else out.push(read);
    }
  }
  return out;
}

function readBlock(node: RootContent, place: Place, ctx: ReadContext): RootChild[] {
  const at = node.position;
  switch (node.type) {
    case 'paragraph':
      return [paragraph(node, undefined, ctx)];
    case 'heading':
      return [heading(node.depth, readInline(node.children, ctx), undefined, at, ctx)];
    case 'thematicBreak':
      return [note({ type: 'thematicBreak' }, at, ctx)];
    case 'code':
      return [readCode(node, ctx)];
    case 'blockquote':
      return [readQuote(node, ctx)];
    case 'list':
      return [readList(node, ctx)];
    case 'leafDirective':
      return readLeaf(node, place, ctx);
    case 'containerDirective':
      return readContainer(node, place, ctx);
    case 'definition':
      return [];
    case 'html':
      // `<!---->` only separates two constructs Markdown would otherwise join
      if (node.value.trim() === '<!---->') return [];
      return refuse('HTML is not part of Structured Text: write `\\<` for a literal "<".', at, ctx);
    case 'table':
      return refuse('Structured Text has no tables.', at, ctx);
    default:
      return refuse(`Structured Text has no ${node.type}.`, at, ctx);
  }
}

function paragraph(node: MdParagraph, style: string | undefined, ctx: ReadContext): Paragraph {
  return note(
    { type: 'paragraph', ...(style === undefined ? {} : { style }), children: readInline(node.children, ctx) },
    node.position,
    ctx,
  );
}

function heading(
  depth: number,
  children: Heading['children'],
  style: string | undefined,
  at: Position | undefined,
  ctx: ReadContext,
): Heading {
  const level = depth as Heading['level'];
  return note({ type: 'heading', level, ...(style === undefined ? {} : { style }), children }, at, ctx);
}

function readList(node: MdList, ctx: ReadContext): List {
  if (node.ordered && node.start !== null && node.start !== undefined && node.start !== 1)
    ctx.problems.push({
      message: `Structured Text numbers every list from 1: start this list at 1, not ${node.start}.`,
      position: node.position,
    });
  const children = node.children.map((item): ListItem => {
    const inner = readFlow(item.children, 'listItem', ctx) as ListItem['children'];
    return note({ type: 'listItem', children: inner.length ? inner : [emptyParagraph(item.position, ctx)] }, item.position, ctx);
  });
  return note({ type: 'list', style: node.ordered ? 'numbered' : 'bulleted', children }, node.position, ctx);
}

function readQuote(node: MdBlockquote, ctx: ReadContext): RootChild {
  const last = node.children[node.children.length - 1];
  const attributed = last?.type === 'leafDirective' && last.name === DIRECTIVE.attribution ? last : undefined;
  const body = attributed ? node.children.slice(0, -1) : node.children;
  const children = readFlow(body, 'quote', ctx) as Paragraph[];
  const attribution = attributed ? plainText(attributed, ctx) : undefined;
  return note(
    {
      type: 'blockquote',
      ...(attribution === undefined ? {} : { attribution }),
      children: children.length ? children : [emptyParagraph(node.position, ctx)],
    },
    node.position,
    ctx,
  );
}

function plainText(node: LeafDirective, ctx: ReadContext): string {
  const inline = readInline(node.children, ctx);
  if (inline.some((child) => child.type !== 'span' || child.marks))
    ctx.problems.push({ message: 'An attribution is plain text: no marks or links.', position: node.position });
  return inline.map((child) => (child.type === 'span' ? child.value : '')).join('');
}

function readCode(node: MdCode, ctx: ReadContext): RootChild {
  const at = node.position;
  let language = node.lang ?? undefined;
  let lines = node.meta ?? undefined;
  if (language?.startsWith('{')) [language, lines] = [undefined, [language, lines].filter(Boolean).join(' ')];
  const highlight = lines === undefined ? undefined : highlightedLines(lines, at, ctx);
  return note(
    {
      type: 'code',
      code: node.value,
      ...(language ? { language: decodeLanguage(language) } : {}),
      ...(highlight?.length ? { highlight } : {}),
    },
    at,
    ctx,
  );
}

/** `{1,3-5}` → [0, 2, 3, 4]: the fence's one-based lines as DAST's zero-based ones. */
function highlightedLines(written: string, at: Position | undefined, ctx: ReadContext): number[] {
  const match = /^\{\s*(\d+(?:\s*-\s*\d+)?(?:\s*,\s*\d+(?:\s*-\s*\d+)?)*)?\s*\}$/.exec(written.trim());
  if (!match) {
    ctx.problems.push({
      message: `Only highlighted lines may follow a code block's language, as {1,3-5}: "${written}" would be lost.`,
      position: at,
    });
    return [];
  }
  const lines: number[] = [];
  for (const part of (match[1] ?? '').split(',').filter((p) => p.trim())) {
    const [from, to = from] = part.split('-').map((n) => Number(n.trim())) as [number, number?];
    if (from < 1 || to < from || to - from > 10_000) {
      ctx.problems.push({ message: `Highlighted lines count from 1 and run upwards: "${part.trim()}".`, position: at });
      continue;
    }
    for (let line = from; line <= to; line++) lines.push(line - 1);
  }
  return lines;
}

function decodeLanguage(language: string): string {
  try {
    return decodeURIComponent(language);
  } catch {
    return language;
  }
}

function readLeaf(node: LeafDirective, place: Place, ctx: ReadContext): RootChild[] {
  const at = node.position;
  const { style, level } = node.attributes ?? {};
  switch (node.name) {
    case DIRECTIVE.block:
      return readBlockLine(node, place, ctx);
    case DIRECTIVE.paragraph:
      return [paragraph({ type: 'paragraph', children: node.children, ...(at ? { position: at } : {}) }, style ?? undefined, ctx)];
    case DIRECTIVE.heading: {
      const depth = headingLevel(level, at, ctx);
      return depth ? [heading(depth, readInline(node.children, ctx), style ?? undefined, at, ctx)] : [];
    }
    case DIRECTIVE.attribution:
      return refuse('An attribution is the last line of a quote: `> ::attribution[Name]`.', at, ctx);
    default:
      return refuse(`Unknown directive "::${node.name}".`, at, ctx);
  }
}

/** `::block{#ID}`, a block of the field; `::block{model="api_key"}`, a new block of that model. */
function readBlockLine(node: LeafDirective, place: Place, ctx: ReadContext): RootChild[] {
  const at = node.position;
  const { id, model } = node.attributes ?? {};
  if (place !== 'root') return refuse('A block stands at the top level of Structured Text, not in a list or quote.', at, ctx);
  if (id && model !== undefined)
    return refuse('A block line names a block by its id, or a new block by its model: `{#ID}` or `{model="api_key"}`, not both.', at, ctx);
  if (id) return [note({ type: 'block', item: id }, at, ctx)];
  if (!model) return refuse('A block needs its id, `::block{#ID}`, or for a new block its model: `::block{model="api_key"}`.', at, ctx);
  const modelId = ctx.models?.idOf(model);
  if (!modelId) return refuse(`No block model has the API key "${model}".`, at, ctx);
  return [note({ type: 'block', item: newBlockItem(modelId) }, at, ctx)];
}

function readContainer(node: ContainerDirective, place: Place, ctx: ReadContext): RootChild[] {
  const at = node.position;
  const { style, level } = node.attributes ?? {};
  if (node.name === DIRECTIVE.paragraph) {
    const inner = readFlow(node.children, 'styled', ctx) as Paragraph[];
    // one paragraph is the whole directive (an edit replaces it all); several keep their own places
    const place = (p: Paragraph) => (inner.length === 1 ? at : ctx.positions.get(p));
    return inner.map((p) => note(style === undefined || style === null ? p : { ...p, style }, place(p), ctx));
  }
  if (node.name === DIRECTIVE.heading) {
    const depth = headingLevel(level, at, ctx);
    const only = node.children[0];
    if (node.children.length !== 1 || only?.type !== 'paragraph')
      return refuse('A heading directive holds one paragraph: its text.', at, ctx);
    if (place !== 'root') return refuse('Headings stand at the top level of Structured Text.', at, ctx);
    return depth ? [heading(depth, readInline(only.children, ctx), style ?? undefined, at, ctx)] : [];
  }
  return refuse(`Unknown directive ":::${node.name}".`, at, ctx);
}

function headingLevel(level: string | null | undefined, at: Position | undefined, ctx: ReadContext): MdHeading['depth'] | undefined {
  const depth = Number(level);
  if (Number.isInteger(depth) && depth >= 1 && depth <= 6) return depth as MdHeading['depth'];
  ctx.problems.push({ message: 'A heading needs its level, 1 to 6: `{level=2}`.', position: at });
  return undefined;
}

function emptyParagraph(at: Position | undefined, ctx: ReadContext): Paragraph {
  return note({ type: 'paragraph', children: [{ type: 'span', value: '' }] }, at, ctx);
}
