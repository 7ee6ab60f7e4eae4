// The Markdown dialect of Structured Text, in one place: CommonMark, GFM strikethrough (and GFM tables, only to
// name them when refused), and generic directives (`:name[label]{attributes}`, `::name`, `:::name`) for what
// Markdown lacks. Both directions use these extensions, so what one writes the other reads.
import type { Root } from 'mdast';
import { directiveFromMarkdown, directiveToMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmStrikethroughFromMarkdown, gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import { directive } from 'micromark-extension-directive';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';

/** The link target of a record: `item:<id>` (`[text](item:ID)` is an itemLink, `<item:ID>` an inline record). */
export const ITEM_SCHEME = 'item:';
/** Ids written bare after `item:` and in `#id` (DatoCMS ids are URL-safe base64 or decimal). */
export const PLAIN_ID = /^[A-Za-z0-9_-]+$/;

/** The directives of the dialect (see docs/structured-text-markdown.md). */
export const DIRECTIVE = {
  /** `::block{#ID}`: a block, on its own line; `::block{model="api_key"}`: a new block of that model */
  block: 'block',
  /** `:inlineBlock{#ID}`: an inline block inside text */
  inlineBlock: 'inlineBlock',
  /** `:inlineItem{#ID}`: an inline record whose id `<item:ID>` cannot carry */
  inlineItem: 'inlineItem',
  /** `:link[text]{href="…" rel="…"}` / `:link[text]{item="ID" …}`: a link with meta */
  link: 'link',
  /** `:underline[text]`, `:highlight[text]`, `:mark[text]{name="custom"}`: marks Markdown has no syntax for */
  underline: 'underline',
  highlight: 'highlight',
  mark: 'mark',
  /** `::paragraph`: an empty paragraph; `:::paragraph{style="lead"}`: paragraphs with a style */
  paragraph: 'paragraph',
  /** `:::heading{level=3 style="…"}`: a heading with a style or a line break; `::heading{level=2}` an empty one */
  heading: 'heading',
  /** `> ::attribution[Oscar Wilde]`: the last line of a quote */
  attribution: 'attribution',
} as const;

// made once: the parser combines its extensions and the writer compiles its escape patterns, kept on these objects
const PARSE = {
  extensions: [directive(), gfmStrikethrough({ singleTilde: false }), gfmTable()],
  mdastExtensions: [directiveFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown()],
};
let printOptions: Options | undefined;

export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, PARSE);
}

/**
 * Attribute values for the directive writer, which would leave a line ending raw (ending the directive) and
 * escape a character reference written in its place: line endings go through as NUL + letter (NUL itself is
 * U+FFFD in Markdown) and become references in the written text (see directiveWriter).
 */
export function attributes(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    out[name] = value.replace(/\0/g, '\uFFFD').replace(/\r/g, '\0r').replace(/\n/g, '\0n');
  return out;
}
const LINE_ENDING_REFERENCE: Record<string, string> = { '\0r': '&#xD;', '\0n': '&#xA;' };

/**
 * The directive writer, its labels written as phrasing: mdast-util-directive enters only `label`, so the escapes
 * text needs (a literal `&amp;`, `:name`) would be missing there.
 */
function directiveWriter(): Options {
  const extension = directiveToMarkdown();
  const handlers: Record<string, Handle> = {};
  for (const [type, handle] of Object.entries(extension.handlers ?? {})) {
    handlers[type] = (node, parent, state, info) => {
      const exit = state.enter('phrasing');
      try {
        return handle(node, parent, state, info).replace(/\0[rn]/g, (c) => LINE_ENDING_REFERENCE[c]!);
      } finally {
        exit();
      }
    };
  }
  return { ...extension, handlers };
}

export function printMarkdown(tree: Root, handlers: Record<string, Handle>): string {
  printOptions ??= {
    bullet: '-',
    bulletOther: '*',
    emphasis: '_',
    strong: '*',
    rule: '-',
    fence: '`',
    fences: true,
    listItemIndent: 'one',
    resourceLink: true,
    // mdast-util-directive escapes a `:` before a letter unless the character before it is escaped itself: `\*:x[`
    // then reads as the directive `:x`. Escaped wherever it stands before a letter, it never does.
    unsafe: [{ character: ':', after: '[^\\s\\p{P}\\p{S}]', inConstruct: ['phrasing'], unicode: true }],
    extensions: [directiveWriter(), gfmStrikethroughToMarkdown()],
    handlers,
  };
  return toMarkdown(tree, printOptions);
}

/** The containers a block line cannot sit in: a block belongs to the document's top level, never inside code. */
const NOT_TOP_LEVEL = new Set(['code', 'list', 'blockquote', 'table', 'html']);

/** Whether a line starting at `offset` of the text is at the document's top level (outside code, lists, quotes). */
export function atTopLevel(text: string, offset: number): boolean {
  const holder = parseMarkdown(text).children.find(
    (node) => (node.position?.start.offset ?? Infinity) <= offset && offset <= (node.position?.end.offset ?? -1),
  );
  return !holder || !NOT_TOP_LEVEL.has(holder.type);
}
