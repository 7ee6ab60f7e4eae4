// Putting uploads into a record document's text: where the cursor (or a drop) is, which file or gallery field that
// is, and the edit that writes `{"upload_id": "…"}` there (a file field takes one upload; a gallery appends). Only
// the editor's text changes: the user saves as usual. Fields of the record itself, not of its blocks. No vscode import.
import { getLocation, modify, parseTree, findNodeAtLocation, type Edit, type JSONPath } from 'jsonc-parser';
import type { Resource } from '../cma';
import { applyTextEdits as applyEdits, wholeChange } from '../domain/textEdits';
import { Field } from '../domain/views';

export interface UploadField {
  apiKey: string;
  label: string;
  type: 'file' | 'gallery';
  localized: boolean;
}

/** A place that takes uploads: a file or gallery field, in one locale when it is localized. */
export interface UploadSlot {
  field: UploadField;
  /** undefined for a field that is not localized, or when the place does not say which locale */
  locale?: string;
}

/** The record's fields that hold uploads, in the model's order. */
export function uploadFields(fields: readonly Resource<'field'>[]): UploadField[] {
  return [...fields]
    .sort((a, b) => Field.position(a, 0) - Field.position(b, 0))
    .filter((f) => Field.type(f) === 'file' || Field.type(f) === 'gallery')
    .map((f) => ({
      apiKey: Field.apiKey(f),
      label: Field.label(f),
      type: Field.type(f) as 'file' | 'gallery',
      localized: Field.isLocalized(f),
    }));
}

/** The file or gallery field (and locale) at `offset` of a record document's text; undefined elsewhere. */
export function slotAt(text: string, offset: number, fields: readonly UploadField[]): UploadSlot | undefined {
  const path = getLocation(text, offset).path;
  const field = fields.find((f) => f.apiKey === path[0]);
  if (!field) return undefined;
  const locale = field.localized && typeof path[1] === 'string' && path[1] !== '' ? path[1] : undefined;
  return locale === undefined ? { field } : { field, locale };
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * The edits writing the uploads into the slot: a file field gets the first as `{"upload_id": "…"}` (replacing what it
 * held); a gallery gets them appended. A localized field needs the slot's locale. Undefined when the text is not a
 * JSON object, or the gallery's value is neither a list nor null.
 */
export function insertionEdits(text: string, slot: UploadSlot, uploadIds: readonly string[]): Edit[] | undefined {
  if (uploadIds.length === 0) return [];
  const root = parseTree(text);
  if (root?.type !== 'object') return undefined;
  const path: JSONPath = slot.field.localized ? [slot.field.apiKey, slot.locale ?? ''] : [slot.field.apiKey];
  if (slot.field.localized && !slot.locale) return undefined;
  const value = (id: string) => ({ upload_id: id });
  if (slot.field.type === 'file') return modify(text, path, value(uploadIds[0]!), FORMAT);
  const current = findNodeAtLocation(root, path);
  if (!current || current.type === 'null') return modify(text, path, uploadIds.map(value), FORMAT);
  if (current.type !== 'array') return undefined;
  // appended one by one, each edit on the text the previous one made: the items already there keep their text
  let edited = text;
  const edits: Edit[] = [];
  for (const id of uploadIds) {
    const step = modify(edited, [...path, -1], value(id), { ...FORMAT, isArrayInsertion: true });
    edited = applyEdits(edited, step);
    edits.push(...step);
  }
  return edits.length > 1 ? [wholeChange(text, edited)] : edits;
}

/** The text with the edits applied (for tests and previews). */
export const withEdits = applyEdits;
