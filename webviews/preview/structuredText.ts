// A Structured Text value as HTML: DAST nodes as their elements, marks as inline elements, blocks as cards,
// record links and inline records by the linked record's title (a click opens it).
import type { Node as DastNode, Span } from 'datocms-structured-text-utils';
import { escape, lines, tag } from './html';
import type { BlockView, RecordRef } from './protocol';

export interface StructuredTextContext {
  blocks: Record<string, BlockView>;
  records: Record<string, RecordRef>;
  block(view: BlockView | undefined, id: string, inline: boolean): string;
  record(ref: RecordRef | undefined, id: string): string;
}

const MARK_TAGS: Record<string, string> = {
  strong: 'strong',
  emphasis: 'em',
  underline: 'u',
  strikethrough: 's',
  highlight: 'mark',
  code: 'code',
};

export function renderDast(nodes: readonly DastNode[], ctx: StructuredTextContext): string {
  return nodes.map((node) => renderNode(node, ctx)).join('');
}

function renderNode(node: DastNode, ctx: StructuredTextContext): string {
  switch (node.type) {
    case 'root':
      return renderDast(node.children, ctx);
    case 'paragraph':
      return tag('p', { class: node.style ? `style-${node.style}` : undefined }, renderDast(node.children, ctx));
    case 'heading':
      return tag(`h${node.level}`, { class: node.style ? `style-${node.style}` : undefined }, renderDast(node.children, ctx));
    case 'list':
      return tag(node.style === 'numbered' ? 'ol' : 'ul', {}, renderDast(node.children, ctx));
    case 'listItem':
      return tag('li', {}, renderDast(node.children, ctx));
    case 'blockquote':
      return tag(
        'figure',
        { class: 'quote' },
        tag('blockquote', {}, renderDast(node.children, ctx)) +
          (node.attribution ? tag('figcaption', {}, `— ${escape(node.attribution)}`) : ''),
      );
    case 'code':
      return codeBlock(node.code, node.language, node.highlight);
    case 'thematicBreak':
      return '<hr>';
    case 'block':
      return ctx.block(ctx.blocks[idOf(node.item)], idOf(node.item), false);
    case 'inlineBlock':
      return ctx.block(ctx.blocks[idOf(node.item)], idOf(node.item), true);
    case 'span':
      return span(node);
    case 'link':
      return tag('a', { href: '#', 'data-url': node.url, title: node.url }, renderDast(node.children, ctx));
    case 'itemLink': {
      const ref = ctx.records[node.item];
      return tag(
        'a',
        { href: '#', 'data-record': node.item, title: ref?.title ?? node.item, class: 'record-link' },
        renderDast(node.children, ctx),
      );
    }
    case 'inlineItem':
      return ctx.record(ctx.records[node.item], node.item);
  }
}

function span(node: Span): string {
  let html = lines(node.value);
  for (const mark of [...(node.marks ?? [])].reverse()) {
    const name = MARK_TAGS[mark];
    html = name ? tag(name, {}, html) : tag('span', { class: 'mark', 'data-mark': mark }, html);
  }
  return html;
}

function codeBlock(code: string, language: string | undefined, highlight: number[] | undefined): string {
  const marked = new Set(highlight ?? []);
  const body = code
    .split('\n')
    .map((line, i) => tag('span', { class: marked.has(i) ? 'line highlighted' : 'line' }, escape(line) || ' '))
    .join('\n');
  return tag('pre', { class: 'code', 'data-language': language }, tag('code', {}, body));
}

/** Blocks come as ids in the model (their views are beside the nodes). */
const idOf = (item: unknown): string => (typeof item === 'string' ? item : String((item as { id?: unknown })?.id ?? ''));
