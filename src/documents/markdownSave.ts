// What the save of a record field's Markdown document (see markdownDocument.ts; DocumentService.saveMarkdown sends
// it) decides without a request: whether a colleague's change reached this very value, the conflict it makes, and
// a refusal that points at no place in the text. No VS Code.
import { deepStrictEqual } from './deepStrictEqual';
import type { ApiError, Resource } from '../cma';
import type { MarkdownRef } from '../domain/paths';
import { documentValue, type Problem, type SchemaContext } from '../schema';
import type { OpenedDocument, SaveResult } from './model';

/** Whether the document's locale of its field holds the same on both records. */
export function sameValue(ref: MarkdownRef, a: Resource, b: Resource, ctx: SchemaContext): boolean {
  const value = (record: Resource) => {
    const field = documentValue('record', record, ctx)[ref.field] ?? null;
    return ref.locale === undefined || field === null || typeof field !== 'object'
      ? field
      : ((field as Record<string, unknown>)[ref.locale] ?? null);
  };
  return deepStrictEqual(value(a), value(b));
}

export function markdownConflict(ref: MarkdownRef, text: string, remote: OpenedDocument): SaveResult {
  return { status: 'conflict', remote, text, overlap: [ref.locale === undefined ? ref.field : `${ref.field} (${ref.locale})`] };
}

/** DatoCMS's refusal, at the top of the Markdown (it speaks of the record, not of a place in this text). */
export function refusedAtTop(error: ApiError): Problem {
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
