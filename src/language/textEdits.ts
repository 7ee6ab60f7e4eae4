// Text edits on a document's JSON that keep its format (2-space indent, "$readonly" last), for the quick fixes.
// Pure: no vscode import.
import { modify, type Edit, type JSONPath } from 'jsonc-parser';
import type { ASTNode, JSONDocument } from 'vscode-json-languageservice';
import { applyTextEdits as applyAll, wholeChange } from '../domain/textEdits';
import { READONLY_KEY, pathOf } from './references';

export type { Edit };
export { applyAll, wholeChange };

export type PropertyNode = ASTNode & { type: 'property' };

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** The edits that set the value at `path` (added at the end of its object when absent). */
export function setValue(text: string, path: JSONPath, value: unknown): Edit[] {
  return modify(text, path, value, FORMAT);
}

/** `"key": value` as a top-level property, before "$readonly" (which stays last); `rawValue` is JSON text. */
export function insertTopLevel(text: string, key: string, rawValue: string): Edit[] {
  const edits = modify(text, [key], '\u0000', {
    ...FORMAT,
    getInsertionIndex: (properties) => {
      const at = properties.indexOf(READONLY_KEY);
      return at < 0 ? properties.length : at;
    },
  });
  const edited = applyAll(text, edits).replace('"\\u0000"', rawValue);
  return [wholeChange(text, edited)];
}

export function removeProperty(property: PropertyNode, text: string): Edit[] {
  return modify(text, pathOf(property.valueNode ?? property.keyNode), undefined, FORMAT);
}

/** The property a node is the key or the value of (or is). */
export function propertyOf(node: ASTNode | undefined): PropertyNode | undefined {
  if (node?.type === 'property') return node;
  if (node?.parent?.type === 'property') return node.parent;
  return undefined;
}

export function topLevelProperty(json: JSONDocument | undefined, key: string): PropertyNode | undefined {
  const root = json?.root;
  return root?.type === 'object' ? root.properties.find((p) => p.keyNode.value === key) : undefined;
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
