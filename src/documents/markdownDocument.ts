// One field of a record as a Markdown document, without VS Code: its text (a Structured Text value written as
// Markdown, or a Markdown text field's value itself), its problems located in the Markdown, and the partial update
// a save makes: that one field, every locale, the others as they are on DatoCMS, unchanged blocks as their ids.
// The record's own document rules (planUpdate) check and plan the change, so both documents save alike.
import { deepStrictEqual } from './deepStrictEqual';
import type { ApiErrorEntry, Resource } from '../cma';
import type { MarkdownRef } from '../domain/paths';
import { Field, Model } from '../domain/views';
import { relationshipId } from '../domain/resources';
import {
  documentValue,
  planUpdate,
  problemsFromApiError,
  stringifyJson,
  type Json,
  type JsonObject,
  type Problem,
  type SchemaContext,
  type UpdatePlan,
} from '../schema';
import {
  atTopLevel,
  dastToMarkdown,
  fieldRules,
  itemId,
  readFieldMarkdown,
  type BlockItem,
  type BlockModels,
  type Document,
  type Problem as MarkdownProblem,
} from '../structuredText';
import { blockModelsOf, newBlockChoices, type NewBlockChoice } from './markdownBlocks';

/** What a field's Markdown document shows: a Structured Text value, or a text field whose editor is Markdown. */
export type MarkdownFieldKind = 'dast' | 'text';

/** The kind of Markdown document a field opens as (undefined: it does not). */
export function markdownKindOf(field: Resource<'field'>): MarkdownFieldKind | undefined {
  const type = Field.type(field);
  if (type === 'structured_text') return 'dast';
  return type === 'text' && Field.appearance(field)['editor'] === 'markdown' ? 'text' : undefined;
}

/** The field of the record the document shows, with its kind; undefined when it is gone or not Markdown. */
function markdownField(
  ref: MarkdownRef,
  record: Resource,
  ctx: SchemaContext,
): { field: Resource<'field'>; kind: MarkdownFieldKind } | undefined {
  const field = ctx.fieldsOf(relationshipId(record, 'item_type') ?? '')?.find((f) => Field.apiKey(f) === ref.field);
  const kind = field && markdownKindOf(field);
  if (!field || !kind || Field.isLocalized(field) !== (ref.locale !== undefined)) return undefined;
  return { field, kind };
}

/** The field's value for the document's locale, as the record's document shows it (blocks in place). */
function valueIn(ref: MarkdownRef, doc: JsonObject): Json {
  const value = doc[ref.field] ?? null;
  if (ref.locale === undefined) return value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? ((value as JsonObject)[ref.locale] ?? null) : null;
}

/** The Markdown text of the record's field (throws when the record's model has no such Markdown field). */
export function renderMarkdown(ref: MarkdownRef, record: Resource, ctx: SchemaContext): string {
  const found = markdownField(ref, record, ctx);
  if (!found) throw new Error(`The ${ref.field} field of this record cannot be shown as Markdown.`);
  const value = valueIn(ref, documentValue('record', record, ctx));
  if (found.kind === 'text') return typeof value === 'string' ? value : '';
  const dast = value as Document<BlockItem, BlockItem> | null;
  return dast && typeof dast === 'object' && 'document' in dast ? dastToMarkdown(dast, blockModelsOf(ctx)) : '';
}

/** The new blocks to offer at `offset` of the document's `text`: where a top-level line starts, never in code. */
export function newBlocksAt(ref: MarkdownRef, record: Resource, ctx: SchemaContext, text: string, offset: number): NewBlockChoice[] {
  const found = markdownField(ref, record, ctx);
  if (found?.kind !== 'dast') return [];
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const choices = newBlockChoices(found.field, ctx, text.slice(lineStart, offset));
  return choices.length && atTopLevel(text, lineStart) ? choices : [];
}

/** A problem of the Markdown at its place (the whole first line when it has none). */
function located(text: string, problem: MarkdownProblem): Problem {
  const start = problem.position?.start;
  const offset = start?.offset ?? 0;
  const end = problem.position?.end.offset ?? Math.max(text.indexOf('\n'), 0);
  return {
    path: [],
    pathText: '',
    message: problem.message,
    offset,
    length: Math.max(end - offset, 0),
    line: start?.line ?? 1,
    column: start?.column ?? 1,
    code: 'invalid-value',
  };
}

/** The blocks of a Structured Text value, by id (as the record's document shows them). */
function blocksOf(value: Json): Map<string, BlockItem> {
  const found = new Map<string, BlockItem>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: unknown; item?: BlockItem; children?: unknown; document?: unknown };
    if ((n.type === 'block' || n.type === 'inlineBlock') && n.item !== undefined) {
      const id = itemId(n.item);
      if (id) found.set(id, n.item);
    }
    walk(n.children ?? n.document);
  };
  walk(value);
  return found;
}

type Position = NonNullable<MarkdownProblem['position']>;

/** A place in the field's value (`document`, `children`, 2, `item`, …) as the Markdown node it is in and the rest. */
type PlaceOf = (path: readonly (string | number)[]) => { position: Position; rest: (string | number)[] } | undefined;

export type Reading = { ok: true; value: Json; placeOf: PlaceOf } | { ok: false; problems: Problem[] };

/** What a block id the field does not hold is answered with: where new blocks are added instead. */
const ADD_BLOCKS_HERE = 'a new block is written `::block{model="api_key"}`, without an id';

/**
 * The field's new value for the locale from the Markdown, or its problems; blocks put back as the record has them
 * (`current`, the locale's value). `addBlocks` tells where a block that is not in the field is added instead.
 */
export function readValue(
  text: string,
  kind: MarkdownFieldKind,
  field: Resource<'field'>,
  current: Json,
  ctx: SchemaContext,
  addBlocks = ADD_BLOCKS_HERE,
): Reading {
  if (kind === 'text') return { ok: true, value: text === '' && current === null ? null : text, placeOf: () => undefined };
  const blocks = blocksOf(current);
  const modelName = (id: string) => {
    const model = ctx.itemTypes.find((m) => m.id === id);
    return model && Model.name(model);
  };
  const blockModel = (id: string) => {
    const block = blocks.get(id);
    const link = block && typeof block === 'object' ? (block['item_type'] as { id?: unknown } | undefined) : undefined;
    return typeof link?.id === 'string' ? link.id : undefined;
  };
  const reading = readFieldMarkdown(text, fieldRules(field.attributes), { blockModel, modelName, models: blockModelsOf(ctx) });
  const problems = reading.problems.map((p) => located(text, p));
  const put = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(put);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = { ...node };
    if ((out['type'] === 'block' || out['type'] === 'inlineBlock') && typeof out['item'] === 'string') {
      const block = blocks.get(out['item']);
      if (block === undefined)
        problems.push(
          located(text, {
            message: `The block ${out['item']} is not in this field: ${addBlocks}.`,
            position: reading.positions.get(node),
          }),
        );
      else out['item'] = block;
    }
    if (out['children']) out['children'] = put(out['children']);
    if (out['document']) out['document'] = put(out['document']);
    return out;
  };
  const value = put(reading.value) as Json;
  if (problems.length) return { ok: false, problems };
  const placeOf: PlaceOf = (path) => deepestPlace(reading.value, path, (node) => reading.positions.get(node));
  return { ok: true, value: reading.value.document.children.length === 0 ? null : value, placeOf };
}

/** The last node along `path` that came from a place in the Markdown, and the path left after it. */
function deepestPlace(root: unknown, path: readonly (string | number)[], at: (node: object) => Position | undefined): ReturnType<PlaceOf> {
  let found: ReturnType<PlaceOf>;
  let node = root;
  for (let i = 0; i < path.length && node && typeof node === 'object'; i++) {
    node = (node as Record<string | number, unknown>)[path[i]!];
    const position = node && typeof node === 'object' ? at(node) : undefined;
    if (position) found = { position, rest: path.slice(i + 1) };
  }
  return found;
}

/** Whether two Markdown texts of the field say the same (a Structured Text read the same way). */
function sameMarkdown(kind: MarkdownFieldKind, a: string, b: string, models?: BlockModels): boolean {
  if (a === b || kind === 'text') return a === b;
  return deepStrictEqual(readFieldMarkdown(a, undefined, { models }).value, readFieldMarkdown(b, undefined, { models }).value);
}

/**
 * The update `text` makes to the document's field over `base` (the record as DatoCMS has it: the opened one, or a
 * newer one whose field is still what the editor's text derives from). `basisText` is the text it derives from.
 */
export function planMarkdown(ref: MarkdownRef, text: string, basisText: string, base: Resource, ctx: SchemaContext): MarkdownPlan {
  const found = markdownField(ref, base, ctx);
  if (!found)
    return {
      ok: false,
      problems: [
        located(text, {
          message: `The ${ref.field} field can no longer be edited as Markdown: its type or localization changed. Copy your text, then open the field again.`,
          position: undefined,
        }),
      ],
    };
  if (sameMarkdown(found.kind, text, basisText, blockModelsOf(ctx))) return { ok: true, body: null };
  const basis = documentValue('record', base, ctx);
  const read = readValue(text, found.kind, found.field, valueIn(ref, basis), ctx);
  if (!read.ok) return { ok: false, problems: read.problems };
  const doc = JSON.parse(stringifyJson(basis)) as JsonObject;
  const value = ref.locale === undefined ? read.value : { ...((basis[ref.field] as JsonObject | null) ?? {}), [ref.locale]: read.value };
  doc[ref.field] = value;
  const docText = stringifyJson(doc);
  const plan = planUpdate('record', base, docText, ctx, basis);
  // the record's rules (required, length…) and DatoCMS's refusals speak of the record's JSON: told at the Markdown
  // node they are about (a new block's line), else at the top
  const inValue = (path: readonly (string | number)[]) =>
    path[0] === ref.field ? read.placeOf(path.slice(ref.locale === undefined ? 1 : 2)) : undefined;
  const inMarkdown = (problems: Problem[]) => problems.map((p) => located(text, ruleProblem(p, inValue(p.path))));
  const refusal = (errors: ApiErrorEntry[]) => {
    const problems = problemsFromApiError(docText, errors);
    if (problems.length === 0) return undefined;
    return problems.some((p) => inValue(p.path)) ? inMarkdown(problems) : [];
  };
  if (plan.ok) return { ...plan, refusal };
  return { ok: false, problems: inMarkdown(plan.problems) };
}

/**
 * A Markdown save's plan; `refusal` places DatoCMS's 422 errors in the Markdown: none when none points into it,
 * undefined when they are about nothing in the record (maintenance mode, a locked record).
 */
export type MarkdownPlan = UpdatePlan & { refusal?: (errors: ApiErrorEntry[]) => Problem[] | undefined };

/** A problem of the record's rules as told in the Markdown: at a block's line, about the block's field it names. */
function ruleProblem(problem: Problem, place: ReturnType<PlaceOf>): MarkdownProblem {
  // the message may start with its place in the record's JSON: said once, and not where the line tells it
  const { pathText } = problem;
  const message = pathText && problem.message.startsWith(`${pathText}: `) ? problem.message.slice(pathText.length + 2) : problem.message;
  if (!place) return { message: pathText ? `${pathText}: ${message}` : message, position: undefined };
  const field = place.rest.filter((s) => s !== 'item').join('.');
  // a block's fields are not written in Markdown: where they are filled instead
  const where = problem.code === 'new-block-missing-field' ? ": add this block in the record's document, where its fields are filled" : '';
  return { message: `${field ? `${field}: ` : ''}${message}${where}`, position: place.position };
}

/** Problems of the Markdown as typed (what a save would refuse), located in it. */
export function markdownProblems(ref: MarkdownRef, text: string, basisText: string, record: Resource, ctx: SchemaContext): Problem[] {
  const plan = planMarkdown(ref, text, basisText, record, ctx);
  return plan.ok ? [] : plan.problems;
}
