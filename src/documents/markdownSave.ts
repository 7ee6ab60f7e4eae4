// The save of a record field's Markdown document (see markdownDocument.ts), without VS Code. It differs from a
// record's save in one way: the field is the user's whole edit, so a colleague's change elsewhere in the record
// (another field, another locale of this one) is built upon instead of being a conflict. The record is read first;
// when its version moved but this locale's value did not, the update goes on top of it (its version, its other
// locales); when this value moved, it is a conflict. The PUT still carries the version, so a change made between
// the read and the write is a conflict too.
import { deepStrictEqual } from './deepStrictEqual';
import { ApiError, type CallOptions, type Resource, type UpdateBody } from '../cma';
import type { MarkdownRef } from '../domain/paths';
import { documentValue, type Problem, type SchemaContext } from '../schema';
import type { OpenedDocument, SaveBasis, SaveOptions, SaveResult } from './model';
import { planMarkdown } from './markdownDocument';

const STALE_ITEM_VERSION = 'STALE_ITEM_VERSION';

/** What the save needs from the document service. */
export interface MarkdownSaveHost {
  fetch(id: string, o: CallOptions): Promise<Resource>;
  send(body: UpdateBody, o: SaveOptions): Promise<Resource>;
  /** the record as saved, blocks expanded */
  saved(answer: Resource, body: UpdateBody, basis: Resource): Promise<Resource>;
  render(resource: Resource): Promise<OpenedDocument>;
  /** the 'replaced' result when the document's environment was replaced under its name */
  replacement(): Promise<SaveResult | undefined>;
}

export async function saveMarkdown(host: MarkdownSaveHost, text: string, basis: SaveBasis, o: SaveOptions): Promise<SaveResult> {
  const { opened, basisText } = basis;
  const ref = opened.ref as MarkdownRef;
  let base = o.overwrite?.resource ?? opened.resource;
  let plan = planMarkdown(ref, text, basisText, base, opened.ctx);
  if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
  if (plan.body === null) return { status: 'unchanged' };
  if (o.confirm && !(await o.confirm(Object.keys(plan.body.data.attributes ?? {})))) return { status: 'declined' };
  const replaced = await host.replacement();
  if (replaced) return replaced;
  if (!o.overwrite) {
    const remote = await host.fetch(opened.resource.id, o);
    if (remote.meta['current_version'] !== base.meta['current_version']) {
      if (!sameValue(ref, remote, opened.resource, opened.ctx)) return conflict(ref, text, await host.render(remote));
      base = remote;
      plan = planMarkdown(ref, text, basisText, base, opened.ctx);
      if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
      if (plan.body === null) return { status: 'unchanged' };
    }
  }
  const body = plan.body;
  let answer: Resource;
  try {
    answer = await host.send(body, o);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) return { status: 'failed', error, text };
    if (error.findError(STALE_ITEM_VERSION)) return conflict(ref, text, await host.render(await host.fetch(opened.resource.id, o)));
    const placed = plan.refusal?.(error.errors);
    if (placed === undefined) return { status: 'failed', error, text };
    return { status: 'invalid', problems: placed.length ? placed : [refusedAtTop(error)], origin: 'server', text, error };
  }
  const document = await host.render(await host.saved(answer, body, base));
  return { status: 'saved', document, sentKeys: Object.keys(body.data.attributes ?? {}) };
}

/** Whether the document's locale of its field holds the same on both records. */
function sameValue(ref: MarkdownRef, a: Resource, b: Resource, ctx: SchemaContext): boolean {
  const value = (record: Resource) => {
    const field = documentValue('record', record, ctx)[ref.field] ?? null;
    return ref.locale === undefined || field === null || typeof field !== 'object'
      ? field
      : ((field as Record<string, unknown>)[ref.locale] ?? null);
  };
  return deepStrictEqual(value(a), value(b));
}

function conflict(ref: MarkdownRef, text: string, remote: OpenedDocument): SaveResult {
  return { status: 'conflict', remote, text, overlap: [ref.locale === undefined ? ref.field : `${ref.field} (${ref.locale})`] };
}

/** DatoCMS's refusal, at the top of the Markdown (it speaks of the record, not of a place in this text). */
function refusedAtTop(error: ApiError): Problem {
  const details = error.errors.map((e) => JSON.stringify(e.details ?? e.code)).join('; ');
  return {
    path: [],
    pathText: '',
    message: `DatoCMS refused the change: ${details || error.message}`,
    offset: 0,
    length: 0,
    line: 1,
    column: 1,
    code: 'invalid-value',
  };
}
