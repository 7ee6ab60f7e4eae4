// Putting uploads into a record document's text: where the cursor (or a drop) is, which file or gallery field that
// is, whether the uploads may go there (./fit.ts), and the edit that writes their values there (a file field takes
// one upload; a gallery appends). Only the editor's text changes: the user saves as usual. Fields of the record
// itself, not of its blocks. No vscode import.
import { getLocation, modify, parseTree, findNodeAtLocation, type Edit, type JSONPath } from 'jsonc-parser';
import type { Resource } from '../cma';
import { applyTextEdits as applyEdits, wholeChange } from '../domain/textEdits';
import { Field } from '../domain/views';
import type { Translate } from '../platform/translate';
import { galleryMax, misfit, stillMissing, uploadValue, type FitField } from './fit';
import { Upload } from './looks';

export interface UploadField extends FitField {
  apiKey: string;
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
      validators: Field.validators(f),
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
 * The edits writing the values into the slot: a file field gets the first (replacing what it held); a gallery gets
 * them appended. A localized field needs the slot's locale. Undefined when the text is not a JSON object, or the
 * gallery's value is neither a list nor null.
 */
export function insertionEdits(text: string, slot: UploadSlot, values: readonly Record<string, unknown>[]): Edit[] | undefined {
  if (values.length === 0) return [];
  const root = parseTree(text);
  if (root?.type !== 'object') return undefined;
  const path = slotPath(slot);
  if (slot.field.localized && !slot.locale) return undefined;
  if (slot.field.type === 'file') return modify(text, path, values[0], FORMAT);
  const current = findNodeAtLocation(root, path);
  if (!current || current.type === 'null') return modify(text, path, values, FORMAT);
  if (current.type !== 'array') return undefined;
  // appended one by one, each edit on the text the previous one made: the items already there keep their text
  let edited = text;
  const edits: Edit[] = [];
  for (const value of values) {
    const step = modify(edited, [...path, -1], value, { ...FORMAT, isArrayInsertion: true });
    edited = applyEdits(edited, step);
    edits.push(...step);
  }
  return edits.length > 1 ? [wholeChange(text, edited)] : edits;
}

const slotPath = (slot: UploadSlot): JSONPath => (slot.field.localized ? [slot.field.apiKey, slot.locale ?? ''] : [slot.field.apiKey]);

/** What inserting uploads into a slot does: its edits (none when nothing may go there), and what to tell the user. */
export interface InsertionPlan {
  edits?: Edit[];
  /** the uploads left out and why, and what an inserted value still needs */
  told: string[];
}

/**
 * The values of the uploads that may go in the slot (a file field: the first; a gallery: as many as it has room for),
 * each as the field takes it (see uploadValue; `locale`: of a field that is not localized, the main one).
 */
export function planInsertion(
  t: Translate,
  text: string,
  slot: UploadSlot,
  uploads: readonly Resource<'upload'>[],
  locale: string,
): InsertionPlan {
  const { field } = slot;
  const told: string[] = [];
  const fitting = (field.type === 'file' ? uploads.slice(0, 1) : uploads).filter((upload) => {
    const reason = misfit(t, field, upload);
    if (reason) told.push(reason);
    return !reason;
  });
  const held = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, slotPath(slot));
  const max = galleryMax(field);
  const room = max === undefined ? Infinity : Math.max(0, max - (held?.type === 'array' ? (held.children?.length ?? 0) : 0));
  if (fitting.length > room) {
    const left = fitting.splice(room).map(Upload.filename);
    told.push(t('“{0}” holds at most {1} files: {2} left out.', field.label, max!, left.join(', ')));
  }
  if (fitting.length === 0) return { told };
  const values = fitting.map((upload) => uploadValue(field, upload, slot.locale ?? locale));
  const edits = insertionEdits(text, slot, values);
  if (!edits) return { told: [t('The value of {0} is not a list of files: correct it, then insert again.', field.apiKey)] };
  fitting.forEach((upload, i) => {
    const missing = stillMissing(t, field, upload, values[i]!);
    if (missing) told.push(missing);
  });
  return { edits, told };
}

/** The text with the edits applied (for tests and previews). */
export const withEdits = applyEdits;
