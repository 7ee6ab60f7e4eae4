// One Structured Text value as the Markdown of Open as Markdown, and back, outside a document: the form the agent
// tools read and propose. The same converter, the same field rules and the same blocks-by-id as a field's Markdown
// document (./markdownDocument.ts).
import { deepStrictEqual } from './deepStrictEqual';
import type { Resource } from '../cma';
import type { Json, SchemaContext } from '../schema';
import { dastToMarkdown, normalDocument, readFieldMarkdown, type BlockItem, type Document } from '../structuredText';
import { readValue, type Reading } from './markdownDocument';

/**
 * The Markdown of a Structured Text value, only when reading it back gives the same document (blocks by their ids):
 * a value the dialect cannot carry whole (a block without an id yet, an attribute DAST does not have) has none.
 */
export function markdownOfValue(value: unknown): string | undefined {
  if (!isDast(value)) return undefined;
  try {
    const markdown = dastToMarkdown(value);
    const back = readFieldMarkdown(markdown);
    return back.problems.length === 0 && deepStrictEqual(back.value, normalDocument(itemsAsIds(value))) ? markdown : undefined;
  } catch {
    // a value the writer cannot walk (a node of the wrong shape in an editor's unsaved text) stays DAST
    return undefined;
  }
}

/**
 * The field's value from `markdown` (null for an empty text), blocks put back as `current` (the value it replaces)
 * holds them, or the problems with their lines. `addBlocks` says where a block the field does not hold is added.
 */
export function valueOfMarkdown(markdown: string, field: Resource<'field'>, current: Json, ctx: SchemaContext, addBlocks: string): Reading {
  return readValue(markdown, 'dast', field, current, ctx, addBlocks);
}

function isDast(value: unknown): value is Document<BlockItem, BlockItem> {
  if (!value || typeof value !== 'object') return false;
  const { schema, document } = value as { schema?: unknown; document?: { type?: unknown; children?: unknown } };
  return schema === 'dast' && document?.type === 'root' && Array.isArray(document.children);
}

/** The value with each block's item as its id, as Markdown reads it back. */
function itemsAsIds(value: Document<BlockItem, BlockItem>): Document {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'item' && item && typeof item === 'object' ? (item as { id?: unknown }).id : item,
    ),
  ) as Document;
}
