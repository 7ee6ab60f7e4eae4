// What the extension host and the live-check worker say to each other, and the check both sides run.
// Everything crosses the thread boundary as a structured clone, so the schema context travels as data
// (its fields per model) and is rebuilt into a SchemaContext on the worker's side.
import type { Resource } from '../cma/types';
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
  /** a new baseline: the fields of its models follow in `fields` messages */
  | { type: 'baseline'; baseline: number; kind: DocumentKind; resource: Resource; basis: unknown; locales: string[]; itemTypes: Resource<'item_type'>[] }
  /** more fields of one model of a baseline's schema context, appended in order */
  | { type: 'fields'; baseline: number; itemTypeId: string; fields: Resource<'field'>[] }
  | { type: 'check'; request: number; baseline: number; text: string; limit: number }
  | { type: 'forget'; baseline: number };

export type FromWorker =
  /** `problems` is the JSON text of at most `limit` problems (parsed by the host where it can time it) */
  | { type: 'result'; request: number; problems: string; total: number }
  | { type: 'error'; request: number; message: string };

// checkDocument takes the basis as an optional fifth argument.
const checkWithBasis = checkDocument as (kind: DocumentKind, text: string, opened: Resource, ctx: SchemaContext, basis?: unknown) => Problem[];

/** The one check both sides run: the worker normally, the host when no worker can start. */
export function runCheck(baseline: CheckBaseline, text: string): Problem[] {
  return baseline.basis === undefined
    ? checkWithBasis(baseline.kind, text, baseline.resource, baseline.ctx)
    : checkWithBasis(baseline.kind, text, baseline.resource, baseline.ctx, baseline.basis);
}

/** The fields a context knows, per model (a model whose fields are not loaded is left out, as `fieldsOf` would). */
export function knownFields(ctx: SchemaContext): [string, Resource<'field'>[]][] {
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
