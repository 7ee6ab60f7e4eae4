// The DAST types (from datocms-structured-text-utils) and the normal form the Markdown round trip keeps: two
// documents with the same normal form are the same content for DatoCMS (same rendering, same editor state).
import type { Code, Document, InlineNode, List, ListItem, MetaEntry, Paragraph, Root, Span } from 'datocms-structured-text-utils';

export type {
  Blockquote,
  Code,
  Document,
  Heading,
  InlineNode,
  List,
  ListItem,
  MetaEntry,
  Paragraph,
  Span,
} from 'datocms-structured-text-utils';

/** A block's item: its id, or the block itself as a record document shows it (`{id, item_type, …fields}`). */
export type BlockItem = string | { id?: unknown; [field: string]: unknown };
export type RootChild = Root<BlockItem, BlockItem>['children'][number];
export type Inline = InlineNode<BlockItem>;

/**
 * The project's block models by API key: a new block (no id yet) is written `::block{model="api_key"}`. Either
 * answers undefined for what is not a block model.
 */
export interface BlockModels {
  idOf(apiKey: string): string | undefined;
  apiKeyOf(id: string): string | undefined;
}

/** A new block of a model, as a record document holds one before its save: no id, its fields left out. */
export function newBlockItem(modelId: string): BlockItem {
  return { item_type: { type: 'item_type', id: modelId } };
}

/** The model of a new block (an item without an id), undefined for anything else. */
export function newBlockModel(item: BlockItem): string | undefined {
  if (typeof item === 'string' || item.id !== undefined) return undefined;
  const link = item['item_type'] as { id?: unknown } | undefined;
  return typeof link?.id === 'string' ? link.id : undefined;
}

/** The marks DatoCMS knows. */
const DEFAULT_MARKS = ['strong', 'emphasis', 'underline', 'strikethrough', 'highlight', 'code'] as const;

/** The id of a block's item, whichever form it has. */
export function itemId(item: BlockItem): string | undefined {
  if (typeof item === 'string') return item;
  return typeof item?.id === 'string' ? item.id : undefined;
}

/**
 * Marks as a set: no repeats, in the order they nest when written: the default marks, then custom marks by name,
 * then `code` innermost (inline code holds text only).
 */
export function markSet(marks: readonly string[] | undefined): string[] {
  const unique = [...new Set(marks ?? [])];
  const rank = (mark: string) => {
    if (mark === 'code') return DEFAULT_MARKS.length + 1;
    const index = (DEFAULT_MARKS as readonly string[]).indexOf(mark);
    return index === -1 ? DEFAULT_MARKS.length : index;
  };
  return unique.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Text as Markdown reads it: line endings as line feeds, NUL as U+FFFD. */
const lineFeeds = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');

const sameMarks = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * Spans in normal form: marks as a set (an empty list left out), line endings as line feeds, neighbours
 * with the same marks merged, empty spans dropped; a node left with no text keeps one empty span.
 */
function normalSpans(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const value = lineFeeds(span.value);
    if (value === '') continue;
    const marks = markSet(span.marks);
    const last = out[out.length - 1];
    if (last && sameMarks(last.marks ?? [], marks)) last.value += value;
    else out.push(marks.length ? { type: 'span', marks, value } : { type: 'span', value });
  }
  return out.length ? out : [{ type: 'span', value: '' }];
}

/** Inline content in normal form: runs of spans normalised, links' spans too; a lone empty span where nothing is left. */
function normalInline(nodes: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  let run: Span[] = [];
  const flush = () => {
    if (run.length) out.push(...normalSpans(run).filter((s) => s.value !== ''));
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'span') {
      run.push(node);
      continue;
    }
    flush();
    if (node.type === 'link' || node.type === 'itemLink')
      out.push({ ...node, children: normalSpans(node.children), ...normalMeta(node.meta) });
    else out.push({ ...node });
  }
  flush();
  return out.length ? out : [{ type: 'span', value: '' }];
}

function normalMeta(meta: MetaEntry[] | undefined): { meta?: MetaEntry[] } {
  return meta && meta.length ? { meta: meta.map((m) => ({ id: m.id, value: m.value })) } : {};
}

/**
 * A document in the normal form the Markdown round trip keeps. What it changes, each the same content for DatoCMS:
 * spans as normalSpans says; `highlight: []`, `language: ""`, `meta: []` and `marks: []` left out.
 */
export function normalDocument<T extends Document<BlockItem, BlockItem>>(doc: T): T {
  return { ...doc, document: { type: 'root', children: doc.document.children.map(normalBlock) } };
}

function normalBlock(node: RootChild): RootChild {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return { ...node, children: normalInline(node.children) };
    case 'list':
      return { ...node, children: node.children.map(normalListItem) };
    case 'blockquote':
      return { ...node, children: node.children.map((p) => normalBlock(p) as Paragraph<BlockItem>) };
    case 'code':
      return normalCode(node);
    default:
      return { ...node };
  }
}

function normalListItem(item: ListItem<BlockItem, BlockItem>): ListItem<BlockItem, BlockItem> {
  return { ...item, children: item.children.map((child) => normalBlock(child) as Paragraph<BlockItem> | List<BlockItem, BlockItem>) };
}

function normalCode(node: Code): Code {
  const { language, highlight, ...rest } = node;
  return {
    ...rest,
    code: lineFeeds(node.code),
    ...(language ? { language } : {}),
    ...(highlight && highlight.length ? { highlight: [...highlight] } : {}),
  };
}
