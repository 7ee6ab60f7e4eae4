// A proposal's changes applied to a document's text: each top-level key the agent sets gets its new value in place
// (the rest of the text, its formatting and its exact numbers untouched), as one edit the user can undo. A key the
// document does not have, a read-only key, a hidden credential's marker, or a key the user has unsaved changes to
// is refused: a proposal never overwrites what the user typed. No vscode import.
import { applyEdits, modify, parseTree, type Node } from 'jsonc-parser';
import { wholeChange } from '../domain/textEdits';
import { isLosslessNumber } from '../numbers';
import { parseText } from '../schema';
import type { Translate } from '../platform/translate';
import { quoted, ToolRefusal } from './output';
import { holdsMarker } from './secrets';
import type { TextEdit } from './toolKit';

export interface AppliedChanges {
  /** the text with the changes */
  text: string;
  /** one edit of the original text that makes `text` (empty when nothing changes) */
  edits: TextEdit[];
  /** keys whose value the proposal changes */
  changed: string[];
  /** keys the proposal sets to the value they already have */
  same: string[];
}

const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * `changes` applied to `text`, the document as its editor holds it; `basisText` is what it was derived from (the
 * DatoCMS version: keys whose value differs there hold the user's unsaved changes). `name` names the document.
 */
export function applyChanges(
  t: Translate,
  name: string,
  text: string,
  basisText: string,
  changes: Record<string, unknown>,
): AppliedChanges {
  const root = parseTree(text);
  const current = parseText(text).value;
  if (root?.type !== 'object' || current === null || typeof current !== 'object' || Array.isArray(current))
    throw new ToolRefusal(
      t(
        'The editor of the {0} holds text that is not a JSON object (an edit in progress): ask the user to finish or revert it, then propose again.',
        name,
      ),
    );
  const basis = parseText(basisText).value as Record<string, unknown> | null;
  const keys = topLevelKeys(root);
  const changed: string[] = [];
  const same: string[] = [];
  const userEdited: string[] = [];
  let next = text;
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith('$'))
      throw new ToolRefusal(t('{0} is read-only (it shows what DatoCMS manages): leave it out of the proposal.', quoted(key)));
    if (!keys.includes(key))
      throw new ToolRefusal(
        t('The {0} has no key {1}; its keys are {2}.', name, quoted(key), keys.filter((k) => !k.startsWith('$')).join(', ')),
      );
    if (holdsMarker(value))
      throw new ToolRefusal(
        t('{0} holds the marker of a hidden credential: leave the key out to keep the value the user has, or propose a real value.', key),
      );
    const now = (current as Record<string, unknown>)[key];
    if (deepEqual(toJson(value), now)) {
      same.push(key);
      continue;
    }
    if (basis && typeof basis === 'object' && !deepEqual(now, basis[key])) {
      userEdited.push(key);
      continue;
    }
    next = applyEdits(next, modify(next, [key], value, FORMATTING));
    changed.push(key);
  }
  if (userEdited.length > 0)
    throw new ToolRefusal(
      t(
        'The user has unsaved changes to {0} in the editor of the {1}: a proposal does not overwrite them. Leave these keys out, or ask the user to save or revert first.',
        userEdited.join(', '),
        name,
      ),
    );
  return { text: next, edits: changed.length ? [diffEdit(text, next)] : [], changed, same };
}

function topLevelKeys(root: Node): string[] {
  return (root.children ?? []).map((property) => String(property.children?.[0]?.value));
}

/** The agent's value as the document's values compare (numbers in JSON text, not floats the agent rounded). */
function toJson(value: unknown): unknown {
  return parseText(JSON.stringify(value) ?? 'null').value;
}

/** The one edit from `before` to `after`: the changed middle, between their common start and end. */
function diffEdit(before: string, after: string): TextEdit {
  const { offset, length, content } = wholeChange(before, after);
  return { offset, length, text: content };
}

/** Whether two parsed JSON values are equal (key order aside; exact numbers by their digits). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isNumberLike(a) || isNumberLike(b)) return isNumberLike(a) && isNumberLike(b) && String(a) === String(b);
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (key) =>
        Object.prototype.hasOwnProperty.call(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** A number too exact for a double, kept as its digits by the parser. */
const isNumberLike = (value: object): boolean => isLosslessNumber(value);
