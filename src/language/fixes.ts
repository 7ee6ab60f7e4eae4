// Quick fixes for the problems the documents' checker reports (recognised by their messages), computed as
// text edits on the document. Pure: the provider in ./editorFeatures.ts turns them into code actions.
import { modify, type Edit, type JSONPath } from 'jsonc-parser';
import type { ASTNode, JSONDocument, ObjectASTNode } from 'vscode-json-languageservice';
import { READONLY_KEY, pathOf } from './references';

export type { Edit };

export interface Fix {
  title: string;
  edits: Edit[];
  /** the one fix to apply with "Fix" / Ctrl+. Enter */
  preferred?: boolean;
}

/** A problem as the editor shows it: the checker's message at a range of the text. */
export interface ProblemAt {
  message: string;
  offset: number;
  length: number;
}

export interface FixContext {
  text: string;
  json: JSONDocument;
  /** the text the document was opened with (its `$readonly` and removed keys come back from it) */
  openedText?: string;
  openedJson?: JSONDocument;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
const MAX_VALUE_FIXES = 12;

/** Options a field type's required validator needs to be valid (the model list left for the user to fill). */
const REQUIRED_VALIDATOR_DEFAULTS: Record<string, unknown> = {
  item_item_type: {
    item_types: [],
    on_publish_with_unpublished_references_strategy: 'fail',
    on_reference_unpublish_strategy: 'fail',
    on_reference_delete_strategy: 'fail',
  },
  items_item_type: {
    item_types: [],
    on_publish_with_unpublished_references_strategy: 'fail',
    on_reference_unpublish_strategy: 'fail',
    on_reference_delete_strategy: 'fail',
  },
  structured_text_links: {
    item_types: [],
    on_publish_with_unpublished_references_strategy: 'fail',
    on_reference_unpublish_strategy: 'fail',
    on_reference_delete_strategy: 'fail',
  },
  rich_text_blocks: { item_types: [] },
  single_block_blocks: { item_types: [] },
  structured_text_blocks: { item_types: [] },
  structured_text_inline_blocks: { item_types: [] },
};

/** The fixes for one problem (none when it is not one we know how to fix). */
export function fixesFor(problem: ProblemAt, context: FixContext): Fix[] {
  // Messages read "<path>: <what is wrong>"; the path may itself hold ": ", so each split is tried.
  const messages = problem.message
    .split(': ')
    .map((_, i, parts) => parts.slice(i + 1).join(': '))
    .filter((m) => m !== '');
  const match = (pattern: RegExp) => messages.map((m) => pattern.exec(m)).find((m) => m !== null) ?? null;
  const node = context.json.getNodeFromOffset(problem.offset + Math.min(1, problem.length));

  const removed = match(/^"(.+)" was removed \(keys cannot be removed; (.+)\)$/);
  if (removed) return removedKeyFixes(removed[1]!, /null/.test(removed[2]!), context);

  if (problem.message.startsWith(READONLY_KEY) && match(/^(?:is read-only|was removed \(the read-only part)/)) {
    const fix = restoreReadonly(context);
    return fix ? [fix] : [];
  }

  const unknown = match(
    /^(?:unknown (?:key|field) "(.+?)"|"(.+?)" is not a locale of this project)(?: \((?:allowed|the fields of this model are not loaded; known): (.+)\))?$/,
  );
  if (unknown) return unknownKeyFixes(node, unknown[1] ?? unknown[2]!, splitList(unknown[3]), context);

  const validator = match(/^validator "(.+?)" is not allowed for field_type/);
  if (validator) {
    const property = propertyOf(node);
    return property ? [{ title: `Remove the validator "${validator[1]}"`, edits: removeProperty(property, context), preferred: true }] : [];
  }

  const missingValidator = match(/^is missing \(field_type ".+?" requires the "(.+?)" validator\)$/);
  if (missingValidator) return addValidatorFixes(missingValidator[1]!, context);

  const notAllowed = match(/is not (?:allowed|a known editor|an editor of [^(]*)[^(]*\((?:allowed(?: for field_type "[^"]*")?): (.+)\)$/);
  if (notAllowed && node && (node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'null')) {
    const values = splitList(notAllowed[1]).filter((v) => !v.startsWith('or a plugin id'));
    return values.slice(0, MAX_VALUE_FIXES).map((value, i) => ({
      title: `Change to ${JSON.stringify(value)}`,
      edits: [{ offset: node.offset, length: node.length, content: valueText(value, node) }],
      preferred: i === 0 && values.length === 1,
    }));
  }

  const numeric = match(/^expected (an integer|a number)(?: [^,]*)?, got "(-?\d+(?:\.\d+)?)"$/);
  if (numeric && node?.type === 'string' && (numeric[1] === 'a number' || !numeric[2]!.includes('.'))) {
    return [
      {
        title: `Change to the number ${numeric[2]}`,
        edits: [{ offset: node.offset, length: node.length, content: numeric[2]! }],
        preferred: true,
      },
    ];
  }
  return [];
}

/** Adds the locales a localized value lacks (each set to null), for the object at `offset`. */
export function missingLocalesFix(
  json: JSONDocument,
  offset: number,
  locales: readonly string[],
  isLocalized: (fieldApiKey: string) => boolean,
  text: string,
): Fix | undefined {
  let node = json.getNodeFromOffset(offset);
  while (node && !(node.type === 'object' && node.parent?.type === 'property' && node.parent.parent === json.root)) node = node.parent;
  if (node?.type !== 'object' || node.parent?.type !== 'property' || !isLocalized(node.parent.keyNode.value)) return undefined;
  const present = new Set(node.properties.map((p) => p.keyNode.value));
  const missing = locales.filter((l) => !present.has(l));
  if (missing.length === 0) return undefined;
  const field = node.parent.keyNode.value;
  let edited = text;
  for (const locale of missing) edited = applyAll(edited, modify(edited, [field, locale], null, FORMAT));
  return { title: `Add the missing locale${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, edits: [wholeChange(text, edited)] };
}

function removedKeyFixes(key: string, nullAccepted: boolean, context: FixContext): Fix[] {
  const fixes: Fix[] = [];
  if (nullAccepted)
    fixes.push({ title: `Set "${key}" to null instead of removing it`, edits: insertTopLevel(key, 'null', context), preferred: true });
  const opened = topLevelProperty(context.openedJson, key);
  if (opened?.valueNode && context.openedText !== undefined) {
    const raw = context.openedText.slice(opened.valueNode.offset, opened.valueNode.offset + opened.valueNode.length);
    fixes.push({ title: `Put "${key}" back as it was`, edits: insertTopLevel(key, raw, context), preferred: !nullAccepted });
  }
  return fixes;
}

function restoreReadonly(context: FixContext): Fix | undefined {
  const opened = topLevelProperty(context.openedJson, READONLY_KEY)?.valueNode;
  if (!opened || context.openedText === undefined) return undefined;
  const raw = context.openedText.slice(opened.offset, opened.offset + opened.length);
  const current = topLevelProperty(context.json, READONLY_KEY);
  const title = `Restore "${READONLY_KEY}" as it was opened`;
  if (current?.valueNode)
    return { title, edits: [{ offset: current.valueNode.offset, length: current.valueNode.length, content: raw }], preferred: true };
  const root = context.json.root;
  if (root?.type !== 'object') return undefined;
  const last = root.properties[root.properties.length - 1];
  const at = last ? last.offset + last.length : root.offset + 1;
  return { title, edits: [{ offset: at, length: 0, content: `${last ? ',' : ''}\n  "${READONLY_KEY}": ${raw}` }], preferred: true };
}

function unknownKeyFixes(node: ASTNode | undefined, key: string, allowed: string[], context: FixContext): Fix[] {
  const property = propertyOf(node);
  if (!property || (property.keyNode.value !== key && !key.endsWith('…'))) return [];
  const siblings = new Set(property.parent?.type === 'object' ? property.parent.properties.map((p) => p.keyNode.value) : []);
  const closest = closestName(
    property.keyNode.value,
    allowed.filter((a) => !siblings.has(a)),
  );
  const fixes: Fix[] = [];
  if (closest) {
    fixes.push({
      title: `Change to "${closest}"`,
      edits: [{ offset: property.keyNode.offset, length: property.keyNode.length, content: JSON.stringify(closest) }],
      preferred: true,
    });
  }
  fixes.push({ title: `Remove "${property.keyNode.value}"`, edits: removeProperty(property, context) });
  return fixes;
}

function addValidatorFixes(name: string, context: FixContext): Fix[] {
  const value = REQUIRED_VALIDATOR_DEFAULTS[name] ?? {};
  const validators = topLevelProperty(context.json, 'validators')?.valueNode;
  const path: JSONPath = validators?.type === 'object' ? ['validators', name] : ['validators'];
  const edits = modify(context.text, path, validators?.type === 'object' ? value : { [name]: value }, FORMAT);
  return [{ title: `Add the "${name}" validator`, edits: [wholeChange(context.text, applyAll(context.text, edits))], preferred: true }];
}

/** `"key": value` as a top-level property, before "$readonly" (which stays last). */
function insertTopLevel(key: string, rawValue: string, context: FixContext): Edit[] {
  const edits = modify(context.text, [key], '\u0000', {
    ...FORMAT,
    getInsertionIndex: (properties) => {
      const at = properties.indexOf(READONLY_KEY);
      return at < 0 ? properties.length : at;
    },
  });
  const edited = applyAll(context.text, edits).replace('"\\u0000"', rawValue);
  return [wholeChange(context.text, edited)];
}

function removeProperty(property: ASTNode & { type: 'property' }, context: FixContext): Edit[] {
  return modify(context.text, pathOf(property.valueNode ?? property.keyNode), undefined, FORMAT);
}

function propertyOf(node: ASTNode | undefined): (ASTNode & { type: 'property' }) | undefined {
  if (node?.type === 'property') return node;
  if (node?.parent?.type === 'property') return node.parent;
  return undefined;
}

function topLevelProperty(json: JSONDocument | undefined, key: string): (ASTNode & { type: 'property' }) | undefined {
  const root = json?.root;
  return root?.type === 'object' ? (root as ObjectASTNode).properties.find((p) => p.keyNode.value === key) : undefined;
}

/** The replacement text of a value, typed like the value it replaces (a number stays a number). */
function valueText(value: string, node: ASTNode): string {
  if (node.type !== 'string' && (/^-?\d+(\.\d+)?$/.test(value) || value === 'true' || value === 'false' || value === 'null')) return value;
  return JSON.stringify(value);
}

/** The names of an "allowed: a, b, c (a note)" list; a closing note in parentheses is not a name. */
function splitList(list: string | undefined): string[] {
  if (list === undefined) return [];
  return list
    .replace(/\s*\([^()]*\)\s*$/, '')
    .split(', ')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The allowed name nearest to `key` (a typo away), or undefined when none is close. */
export function closestName(key: string, allowed: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of allowed) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

function applyAll(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const edit of [...edits].sort((x, y) => y.offset - x.offset))
    out = out.slice(0, edit.offset) + edit.content + out.slice(edit.offset + edit.length);
  return out;
}

/** One edit covering what differs between `before` and `after` (their common start and end kept). */
function wholeChange(before: string, after: string): Edit {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  return { offset: start, length: before.length - start - end, content: after.slice(start, after.length - end) };
}
