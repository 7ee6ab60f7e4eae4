// Markdown phrasing (mdast) → DAST inline nodes. Nesting becomes each span's set of marks; what DAST cannot hold
// (images, HTML, footnotes, unknown directives) is a problem located where it was typed, never dropped quietly.
import type { Link, PhrasingContent } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import type { Position } from 'unist';
import { markSet, type InlineNode as Inline, type MetaEntry, type Span } from './dast';
import { note, refuse, type Positions, type ReadContext } from './problems';
import { DIRECTIVE, ITEM_SCHEME } from './syntax';

const MARK_OF: Record<string, string> = { strong: 'strong', emphasis: 'emphasis', delete: 'strikethrough' };

/** Inline content in normal form (see normalInline), each node's position noted. */
export function readInline(nodes: readonly PhrasingContent[], ctx: ReadContext): Inline[] {
  const out = mergeSpans(
    nodes.flatMap((node) => readNode(node, [], ctx)),
    ctx.positions,
  );
  return out.length ? out : [emptySpan(undefined, ctx)];
}

function readNode(node: PhrasingContent, marks: string[], ctx: ReadContext): Inline[] {
  const at = node.position;
  switch (node.type) {
    case 'text':
      // a line ending inside a paragraph is a soft break: a space, as it renders (a `&#xA;` on one line stays)
      return [span(at && at.start.line !== at.end.line ? node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' ') : node.value, marks, at, ctx)];
    case 'break':
      return [span('\n', marks, at, ctx)];
    case 'inlineCode':
      return [span(node.value, [...marks, 'code'], at, ctx)];
    case 'strong':
    case 'emphasis':
    case 'delete':
      return node.children.flatMap((child) => readNode(child, [...marks, MARK_OF[node.type]!], ctx));
    case 'link':
      return [readLink(node, marks, ctx)];
    case 'linkReference': {
      const definition = ctx.definitions.get(node.identifier);
      if (definition) return [readLink({ type: 'link', url: definition.url, children: node.children, position: at }, marks, ctx)];
      return [span(ctx.source.slice(at?.start.offset, at?.end.offset), marks, at, ctx)];
    }
    case 'textDirective':
      return readDirective(node, marks, ctx);
    case 'image':
    case 'imageReference':
      return refuse('Images are not part of Structured Text: add an image as a block of the field.', at, ctx);
    case 'html':
      if (/^<br\s*\/?>$/i.test(node.value)) return [span('\n', marks, at, ctx)];
      return refuse('HTML is not part of Structured Text: write `\\<` for a literal "<".', at, ctx);
    case 'footnoteReference':
      return refuse('Structured Text has no footnotes.', at, ctx);
    default:
      return refuse(`Structured Text has no ${(node as { type: string }).type}.`, at, ctx);
  }
}

function readDirective(node: TextDirective, marks: string[], ctx: ReadContext): Inline[] {
  const at = node.position;
  const written = ctx.source.slice(at?.start.offset, at?.end.offset);
  const attributes = node.attributes ?? {};
  // `10:30` or `note:done` is text: only `:name[…]` or `:name{…}` is a directive
  if (!/[[{]/.test(written)) return [span(written, marks, at, ctx)];
  const inner = (mark: string) => node.children.flatMap((child) => readNode(child, [...marks, mark], ctx));
  switch (node.name) {
    case DIRECTIVE.underline:
    case DIRECTIVE.highlight:
      return inner(node.name);
    case DIRECTIVE.mark:
      if (!attributes['name']) return refuse('A mark needs its name: `:mark[text]{name="…"}`.', at, ctx);
      return inner(attributes['name']);
    case DIRECTIVE.link:
      return [readDirectiveLink(node, marks, ctx)];
    case DIRECTIVE.inlineItem:
    case DIRECTIVE.inlineBlock: {
      const id = attributes['id'];
      if (!id)
        return refuse(
          `${node.name === DIRECTIVE.inlineItem ? 'An inline record' : 'An inline block'} needs its id: \`:${node.name}{#ID}\`.`,
          at,
          ctx,
        );
      if (marks.length)
        ctx.problems.push({
          message: `Marks do not apply to an ${node.name === DIRECTIVE.inlineItem ? 'inline record' : 'inline block'}.`,
          position: at,
        });
      return [note({ type: node.name, item: id }, at, ctx)];
    }
    default:
      return refuse(`Unknown directive ":${node.name}" (write \`\\:\` for a literal colon).`, at, ctx);
  }
}

function readLink(node: Link, marks: string[], ctx: ReadContext): Inline {
  const at = node.position;
  const autolink = ctx.source[at?.start.offset ?? -1] === '<';
  if (node.url.startsWith(ITEM_SCHEME)) {
    const item = node.url.slice(ITEM_SCHEME.length);
    if (autolink) return note({ type: 'inlineItem', item }, at, ctx);
    return note({ type: 'itemLink', item, children: linkText(node.children, marks, ctx) }, at, ctx);
  }
  if (node.title)
    ctx.problems.push({
      message: 'A link title is not part of Structured Text: use link meta, `:link[text]{href="…" title="…"}`.',
      position: at,
    });
  return note({ type: 'link', url: node.url, children: linkText(node.children, marks, ctx) }, at, ctx);
}

function readDirectiveLink(node: TextDirective, marks: string[], ctx: ReadContext): Inline {
  const at = node.position;
  const { href, item, meta: json, ...rest } = node.attributes ?? {};
  const meta =
    json !== undefined && json !== null
      ? parseMeta(json, at, ctx)
      : Object.entries(rest).map(([id, value]) => ({ id, value: value ?? '' }));
  const children = linkText(node.children, marks, ctx);
  const withMeta = meta.length ? { meta } : {};
  if (typeof item === 'string' && href === undefined) return note({ type: 'itemLink', item, children, ...withMeta }, at, ctx);
  if (typeof href === 'string' && item === undefined) return note({ type: 'link', url: href, children, ...withMeta }, at, ctx);
  ctx.problems.push({ message: 'A link needs either `href="…"` (an address) or `item="ID"` (a record).', position: at });
  return note({ type: 'link', url: href ?? '', children, ...withMeta }, at, ctx);
}

function parseMeta(json: string, at: Position | undefined, ctx: ReadContext): MetaEntry[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed) && parsed.every((m) => typeof m?.id === 'string' && typeof m?.value === 'string'))
      return parsed.map((m: MetaEntry) => ({ id: m.id, value: m.value }));
  } catch {
    // reported below
  }
  ctx.problems.push({ message: 'A link\'s `meta` must be JSON: `[{"id": "rel", "value": "nofollow"}]`.', position: at });
  return [];
}

/** A link's text: spans only (an inline record or block inside a link is refused). */
function linkText(children: readonly PhrasingContent[], marks: string[], ctx: ReadContext): Span[] {
  const inline = mergeSpans(
    children.flatMap((child) => readNode(child, marks, ctx)),
    ctx.positions,
  );
  const spans = inline.filter((n): n is Span => n.type === 'span');
  if (spans.length < inline.length) ctx.problems.push({ message: 'A link holds text only.', position: children[0]?.position });
  return spans.length ? spans : [{ type: 'span', value: '' }];
}

function span(value: string, marks: string[], at: Position | undefined, ctx: ReadContext): Span {
  const set = markSet(marks);
  return note(set.length ? { type: 'span', marks: set, value } : { type: 'span', value }, at, ctx);
}

function emptySpan(at: Position | undefined, ctx: ReadContext): Span {
  return note({ type: 'span', value: '' }, at, ctx);
}

/** Neighbouring spans with the same marks as one (positions joined), empty spans dropped. */
function mergeSpans(nodes: Inline[], positions: Positions): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type !== 'span') {
      out.push(node);
      continue;
    }
    if (node.value === '') continue;
    const last = out[out.length - 1];
    if (last?.type === 'span' && JSON.stringify(last.marks ?? []) === JSON.stringify(node.marks ?? [])) {
      last.value += node.value;
      const from = positions.get(last);
      const to = positions.get(node);
      if (from && to) positions.set(last, { start: from.start, end: to.end });
    } else out.push(node);
  }
  return out;
}
