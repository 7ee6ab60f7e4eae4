// DAST inline nodes → Markdown phrasing (mdast). Spans carry a set of marks; Markdown nests them, so runs of spans
// sharing a mark become one node of that mark around the run (marks nest in markSet's order, code innermost).
import type { PhrasingContent } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import type { Handle } from 'mdast-util-to-markdown';
import { itemId, markSet, type Inline, type MetaEntry, type Span } from './dast';
import { attributes as encoded, DIRECTIVE, ITEM_SCHEME, PLAIN_ID } from './syntax';

/** An inline record written as the autolink `<item:ID>` (mdast has no node that prints only that form). */
const INLINE_ITEM_NODE = 'datoInlineItem';
export const writeHandlers: Record<string, Handle> = {
  [INLINE_ITEM_NODE]: (node: { id: string }) => `<${ITEM_SCHEME}${node.id}>`,
};

/** `inLabel`: inside a directive's `[label]`, whose brackets are counted even in inline code. */
export function writeInline(nodes: readonly Inline[], inLabel = false): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let run: Span[] = [];
  const flush = () => {
    if (run.length) out.push(...nest(run, markSet(run.flatMap((s) => s.marks ?? [])), inLabel));
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'span') run.push(node);
    else {
      flush();
      out.push(writeNode(node));
    }
  }
  flush();
  trailingBreaks(out);
  // a line starting with `<br>` would be an HTML block: there the reference of a line feed stands for it
  const first = out[0];
  if (first?.type === 'html' && first.value === '<br>') first.value = '&#xA;';
  return out;
}

/**
 * Markdown's hard break (`\` at a line's end) does not work as the last thing of a paragraph or of a strong,
 * emphasis or strikethrough (the closing `**` would start a line): there a line break is written `<br>`.
 */
function trailingBreaks(nodes: PhrasingContent[]): PhrasingContent[] {
  const last = nodes[nodes.length - 1];
  if (last?.type === 'break') nodes[nodes.length - 1] = { type: 'html', value: '<br>' };
  for (const node of nodes) if ('children' in node && node.type !== 'link') trailingBreaks(node.children);
  return nodes;
}

function writeNode(node: Exclude<Inline, Span>): PhrasingContent {
  switch (node.type) {
    case 'link':
      if (!node.meta?.length && !node.url.startsWith(ITEM_SCHEME))
        return { type: 'link', url: node.url, children: writeInline(node.children) };
      return directive(DIRECTIVE.link, { href: node.url, ...metaAttributes(node.meta) }, writeInline(node.children, true));
    case 'itemLink':
      if (!node.meta?.length && PLAIN_ID.test(node.item))
        return { type: 'link', url: `${ITEM_SCHEME}${node.item}`, children: writeInline(node.children) };
      return directive(DIRECTIVE.link, { item: node.item, ...metaAttributes(node.meta) }, writeInline(node.children, true));
    case 'inlineItem':
      if (PLAIN_ID.test(node.item)) return { type: INLINE_ITEM_NODE, id: node.item } as unknown as PhrasingContent;
      return directive(DIRECTIVE.inlineItem, { id: node.item });
    case 'inlineBlock':
      return directive(DIRECTIVE.inlineBlock, { id: itemId(node.item) ?? '' });
  }
}

/** Spans under the marks `order` (those the run uses), outermost first. */
function nest(spans: readonly Span[], order: readonly string[], inLabel: boolean): PhrasingContent[] {
  const [mark, ...inner] = order;
  if (mark === undefined) return spans.flatMap((span) => lines(span.value));
  const out: PhrasingContent[] = [];
  for (let i = 0; i < spans.length;) {
    const has = spans[i]!.marks?.includes(mark) ?? false;
    let end = i;
    while (end < spans.length && (spans[end]!.marks?.includes(mark) ?? false) === has) end++;
    const children = nest(spans.slice(i, end), inner, inLabel || (has && mark !== 'code' && isDirectiveMark(mark)));
    out.push(...(has ? [wrap(mark, children, inLabel)] : children));
    i = end;
  }
  return out;
}

/** Text with its line breaks as Markdown hard breaks. */
function lines(value: string): PhrasingContent[] {
  return value
    .split('\n')
    .flatMap((line, i): PhrasingContent[] => [
      ...(i > 0 ? [{ type: 'break' } as const] : []),
      ...(line ? [{ type: 'text', value: line } as const] : []),
    ]);
}

const isDirectiveMark = (mark: string) => mark !== 'strong' && mark !== 'emphasis' && mark !== 'strikethrough';

function wrap(mark: string, children: PhrasingContent[], inLabel: boolean): PhrasingContent {
  switch (mark) {
    case 'strong':
      return { type: 'strong', children };
    case 'emphasis':
      return { type: 'emphasis', children };
    case 'strikethrough':
      return { type: 'delete', children };
    case 'underline':
    case 'highlight':
      return directive(DIRECTIVE[mark], {}, children);
    case 'code': {
      // inline code holds one line, and in a label no bracket: other code is written as the mark directive
      const only = children[0];
      if (children.length === 1 && only?.type === 'text' && !(inLabel && /[[\]]/.test(only.value)))
        return { type: 'inlineCode', value: only.value };
      return directive(DIRECTIVE.mark, { name: 'code' }, children);
    }
    default:
      return directive(DIRECTIVE.mark, { name: mark }, children);
  }
}

function directive(name: string, attributes: Record<string, string>, children: PhrasingContent[] = []): TextDirective {
  return { type: 'textDirective', name, attributes: encoded(attributes), children };
}

const RESERVED = new Set(['href', 'item', 'meta', 'id', 'class', 'name']);
/** Names a meta entry can be written under as an attribute of its own. */
const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A link's meta as attributes in order (`rel="nofollow"`), else all of it as JSON in `meta='[…]'`. */
function metaAttributes(meta: readonly MetaEntry[] | undefined): Record<string, string> {
  if (!meta?.length) return {};
  const ids = meta.map((m) => m.id);
  const plain = ids.every((id) => ATTRIBUTE_NAME.test(id) && !RESERVED.has(id)) && new Set(ids).size === ids.length;
  if (!plain) return { meta: JSON.stringify(meta.map((m) => ({ id: m.id, value: m.value }))) };
  return Object.fromEntries(meta.map((m) => [m.id, m.value]));
}
