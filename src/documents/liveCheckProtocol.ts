// What the extension host and the live-check worker say to each other, and the check both sides run.
// Everything crosses the thread boundary as a structured clone, so the schema context travels as data
// (its fields per model) and is rebuilt into a SchemaContext on the worker's side.
import type { Resource } from '../cma';
import { checkDocument, type DocumentKind, type Problem, type SchemaContext } from '../schema';

/** What a document is checked against: the resource it was opened from, its schema context and its basis. */
export interface CheckBaseline {
  kind: DocumentKind;
  resource: Resource;
  ctx: SchemaContext;
  /** the document value the editor text was derived from, when it is not simply the resource's document */
  basis?: unknown;
}

export type ToWorker =
  /**
   * A new baseline. Large parts follow in small messages, each a structured clone short enough not to hold up
   * the host: the resource's attributes and the basis (when it is an object) in `entries`, the models in
   * `itemTypes`, their fields in `fields`.
   */
  | { type: 'baseline'; baseline: number; kind: DocumentKind; resource: Resource; basis: unknown; locales: string[] }
  | { type: 'entries'; baseline: number; into: 'attributes' | 'basis'; entries: [string, unknown][] }
  | { type: 'itemTypes'; baseline: number; itemTypes: Resource<'item_type'>[] }
  | { type: 'fields'; baseline: number; itemTypeId: string; fields: Resource<'field'>[] }
  | { type: 'check'; request: number; baseline: number; text: string; limit: number }
  | { type: 'forget'; baseline: number };

export type FromWorker =
  /** `problems` is the JSON text of at most `limit` problems (parsed by the host where it can time it) */
  { type: 'result'; request: number; problems: string; total: number } | { type: 'error'; request: number; message: string };

// checkDocument takes the basis as an optional fifth argument.
const checkWithBasis = checkDocument as (
  kind: DocumentKind,
  text: string,
  opened: Resource,
  ctx: SchemaContext,
  basis?: unknown,
) => Problem[];

/** The one check both sides run: the worker normally, the host when no worker can start. */
export function runCheck(baseline: CheckBaseline, text: string): Problem[] {
  return baseline.basis === undefined
    ? checkWithBasis(baseline.kind, text, baseline.resource, baseline.ctx)
    : checkWithBasis(baseline.kind, text, baseline.resource, baseline.ctx, baseline.basis);
}

const ENTRIES_PER_MESSAGE = 500;
const ITEM_TYPES_PER_MESSAGE = 25;

/** The messages that give the worker a baseline (the host posts them one per event-loop turn). */
export function* baselineMessages(id: number, baseline: CheckBaseline): Generator<ToWorker> {
  const { kind, resource, ctx, basis } = baseline;
  const splitBasis = basis !== null && typeof basis === 'object' && !Array.isArray(basis);
  yield {
    type: 'baseline',
    baseline: id,
    kind,
    resource: { ...resource, attributes: {} },
    basis: splitBasis ? {} : basis,
    locales: ctx.locales,
  };
  yield* inPieces(Object.entries(resource.attributes), ENTRIES_PER_MESSAGE, (entries) => ({
    type: 'entries',
    baseline: id,
    into: 'attributes',
    entries,
  }));
  if (splitBasis)
    yield* inPieces(Object.entries(basis), ENTRIES_PER_MESSAGE, (entries) => ({ type: 'entries', baseline: id, into: 'basis', entries }));
  yield* inPieces(ctx.itemTypes, ITEM_TYPES_PER_MESSAGE, (itemTypes) => ({ type: 'itemTypes', baseline: id, itemTypes }));
  for (const [itemTypeId, fields] of knownFields(ctx)) {
    // a model known to have no fields is not a model whose fields are unknown
    if (fields.length === 0) yield { type: 'fields', baseline: id, itemTypeId, fields: [] };
    yield* inPieces(fields, ENTRIES_PER_MESSAGE, (piece) => ({ type: 'fields', baseline: id, itemTypeId, fields: piece }));
  }
}

function* inPieces<T>(items: readonly T[], size: number, message: (piece: T[]) => ToWorker): Generator<ToWorker> {
  for (let start = 0; start < items.length; start += size) yield message(items.slice(start, start + size));
}

/** The fields a context knows, per model (a model whose fields are not loaded is left out, as `fieldsOf` would). */
function knownFields(ctx: SchemaContext): [string, Resource<'field'>[]][] {
  const out: [string, Resource<'field'>[]][] = [];
  for (const itemType of ctx.itemTypes) {
    let fields: Resource<'field'>[] | undefined;
    try {
      fields = ctx.fieldsOf(itemType.id);
    } catch {
      fields = undefined;
    }
    if (fields) out.push([itemType.id, fields]);
  }
  return out;
}
