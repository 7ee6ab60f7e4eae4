// Parsing the document text into values that keep their positions, and the helpers that walk user JSON.
// User JSON may carry keys such as `__proto__`: every object built here gets its keys as own data
// properties (defineProperty), never through `obj[key] = …`, so nothing can reach a prototype.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { stringifyLossless } from '../numbers';
import { compareNumbers, isJsonNumber, isLosslessNumber, numberFromText, type LosslessNumber } from './numbers';
import type { ProblemCoding } from './problemCodes';

/** JSON values; numbers a double cannot hold exactly are LosslessNumbers (their exact digits). */
export type Json = null | boolean | number | LosslessNumber | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}
export type Path = (string | number)[];

/** Deeper documents are refused before parsing: the parser and our walkers recurse. */
const MAX_DEPTH = 200;

/** Something wrong in a document, located in its text; its code (and data) say what, its message says it in words. */
export type Problem = {
  path: Path;
  pathText: string;
  message: string;
  offset: number;
  length: number;
  line: number;
  column: number;
} & ProblemCoding;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isLosslessNumber(value);
}

export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

export function getOwn(obj: unknown, key: string): unknown {
  return isObject(obj) && hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

export function setOwn<T extends object>(obj: T, key: string, value: unknown): T {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  return obj;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isLosslessNumber(a) || isLosslessNumber(b)) return isJsonNumber(a) && isJsonNumber(b) && compareNumbers(a, b) === 0;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => hasOwn(b as object, key) && deepEqual((a as JsonObject)[key], (b as JsonObject)[key]));
}

/** Deep copy of JSON data with own-property keys (drops functions/undefined like JSON would). */
export function cloneJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (isLosslessNumber(value)) return value;
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : cloneJson(item)));
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined && typeof item !== 'function') setOwn(out, key, cloneJson(item));
    }
    return out;
  }
  return null;
}

export function describeType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (isLosslessNumber(value)) return `the number ${value.value.length > 40 ? `${value.value.slice(0, 39)}…` : value.value}`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : JSON.stringify(value);
  if (typeof value === 'number') return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`;
  return `${typeof value} ${String(value)}`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function pathToText(path: readonly (string | number | symbol)[]): string {
  if (path.length === 0) return '(document)';
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && IDENTIFIER.test(segment)) out += out ? `.${elideKey(segment)}` : elideKey(segment);
    else out += `[${JSON.stringify(elideKey(String(segment)))}]`;
  }
  return out;
}

/** Keys are user text: a pasted megabyte-long key must not become a megabyte-long message. */
const MAX_KEY_IN_MESSAGE = 60;

/** Messages quote what the user typed: long quoted text is elided so a message stays readable. */
export function boundMessage(message: string): string {
  return message.length <= MAX_KEY_IN_MESSAGE * 4
    ? message
    : message.replace(/"([^"]{61,})"/g, (_whole, inner: string) => `"${elideKey(inner)}"`);
}

/** A key (or other user text) short enough for a message; cut at a character boundary, marked with "…". */
export function elideKey(key: string): string {
  if (key.length <= MAX_KEY_IN_MESSAGE) return key;
  return `${Array.from(key.slice(0, MAX_KEY_IN_MESSAGE * 2))
    .slice(0, MAX_KEY_IN_MESSAGE - 1)
    .join('')}…`;
}

/** The offset where nesting first exceeds `max`, or -1. Strings are skipped so brackets inside them do not count. */
function excessiveNestingAt(text: string, max = MAX_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      if (++depth > max) return i;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return -1;
}

function containsLossless(value: unknown, depth = 0): boolean {
  if (isLosslessNumber(value)) return true;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => containsLossless(item, depth + 1));
  return Object.keys(value).some((key) => containsLossless((value as Record<string, unknown>)[key], depth + 1));
}

/**
 * `value` with each object's keys in the order `template` (a value of the same shape) has them, at any depth (arrays
 * item by item); a key the template lacks stays after the key it follows in `value`. What a document shows after a
 * save keeps the order the user saw, whatever order the server answers in; Format Document orders like the rendering.
 */
export function orderedLike(value: Json, template: unknown, depth = 0): Json {
  if (depth > MAX_DEPTH || template === null || typeof template !== 'object' || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Array.isArray(template) ? value.map((item, i) => orderedLike(item, template[i], depth + 1)) : value;
  if (!isObject(value) || !isObject(template)) return value;
  const order = Object.keys(template).filter((key) => hasOwn(value, key));
  let previous: string | undefined;
  for (const key of Object.keys(value)) {
    if (!hasOwn(template, key)) order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, key);
    previous = key;
  }
  const out: JsonObject = {};
  for (const key of order) setOwn(out, key, orderedLike(value[key] as Json, template[key], depth + 1));
  return out;
}

/**
 * A document's text as its rendering would print it: 2-space indent, a final newline, keys in the order of `like`
 * (the rendering the editor's text came from) with the user's own keys where they put them. Undefined when the text
 * is not one valid JSON value (a duplicate key included): reordering it could lose what was typed.
 */
export function formatLikeRendering(text: string, like?: string): string | undefined {
  const { value, problems } = parseText(text);
  return problems.length > 0 || value === undefined ? undefined : printLike(value, like);
}

/** A document value printed (2-space indent, a final newline) with its keys in the order of the text `like`, if given. */
export function printLike(value: Json, like?: string): string {
  const template = like === undefined ? undefined : parseText(like).value;
  return `${stringifyJson(template === undefined ? value : orderedLike(value, template), 2)}\n`;
}

/** JSON text of a value, LosslessNumbers written as their exact digits. */
export function stringifyJson(value: unknown, indent?: number): string {
  return containsLossless(value) ? (stringifyLossless(value, null, indent) as string) : JSON.stringify(value, null, indent);
}

/** Turns offsets into 1-based line/column; built once per text. */
class TextLocator {
  private readonly lineStarts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) this.lineStarts.push(i + 1);
      else if (ch === 13 && text.charCodeAt(i + 1) !== 10) this.lineStarts.push(i + 1);
    }
  }
  position(offset: number): { line: number; column: number } {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - (this.lineStarts[low] ?? 0) + 1 };
  }
}

export interface ParsedText {
  root: Node | undefined;
  value: Json | undefined;
  locator: TextLocator;
  problems: Problem[];
}

function humanParseError(code: number): string {
  const name = printParseErrorCode(code);
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Parses strict JSON (no comments, no trailing commas); duplicate keys are problems too. */
export function parseText(text: string): ParsedText {
  const locator = new TextLocator(text);
  const at = (path: Path, offset: number, length: number, message: string, coding: ProblemCoding = { code: 'invalid-json' }): Problem => ({
    ...coding,
    path,
    pathText: pathToText(path),
    message: `${pathToText(path)}: ${boundMessage(message)}`,
    offset,
    length,
    ...locator.position(offset),
  });
  const deep = excessiveNestingAt(text);
  if (deep >= 0) {
    return {
      root: undefined,
      value: undefined,
      locator,
      problems: [at([], deep, 1, `invalid JSON: nested more than ${MAX_DEPTH} levels deep (flatten the value)`)],
    };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) {
    // the first error is the one to fix; later ones are mostly its echoes
    const problems = errors.slice(0, 1).map((error) => {
      const { line, column } = locator.position(error.offset);
      return at(
        [],
        error.offset,
        Math.max(error.length, 1),
        `invalid JSON: ${humanParseError(error.error)} at line ${line}, column ${column}`,
      );
    });
    return { root, value: undefined, locator, problems };
  }
  if (!root)
    return { root, value: undefined, locator, problems: [at([], 0, 0, 'invalid JSON: the document is empty (expected an object)')] };
  const problems: Problem[] = [];
  const value = nodeValue(root, [], problems, at, text);
  if (root.type !== 'object') {
    problems.push(at([], root.offset, root.length, `expected a JSON object, got ${describeType(value)}`, { code: 'not-an-object' }));
  }
  return { root, value, locator, problems };
}

function nodeValue(
  node: Node,
  path: Path,
  problems: Problem[],
  at: (path: Path, offset: number, length: number, message: string, coding?: ProblemCoding) => Problem,
  text: string,
): Json {
  switch (node.type) {
    case 'object': {
      const out: JsonObject = {};
      for (const property of node.children ?? []) {
        const keyNode = property.children?.[0];
        const valueNode = property.children?.[1];
        if (!keyNode || !valueNode) continue;
        const key = String(keyNode.value);
        if (hasOwn(out, key)) {
          problems.push(
            at([...path, key], keyNode.offset, keyNode.length, `duplicate key "${key}" (each key may appear once)`, {
              code: 'duplicate-key',
              data: { key },
            }),
          );
        }
        setOwn(out, key, nodeValue(valueNode, [...path, key], problems, at, text));
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((child, i) => nodeValue(child, [...path, i], problems, at, text));
    case 'string':
      return String(node.value);
    case 'number':
      // the source text, so digits a double would round away are kept
      return numberFromText(text.slice(node.offset, node.offset + node.length));
    case 'boolean':
      return Boolean(node.value);
    default:
      return null;
  }
}

/** The node at `path`; when it is missing, the nearest existing ancestor (a missing key is located at its parent). */
export function nodeAt(
  root: Node | undefined,
  path: readonly (string | number)[],
): { node: Node | undefined; exact: boolean; keyNode?: Node } {
  let node = root;
  let keyNode: Node | undefined;
  for (const segment of path) {
    if (!node) break;
    let next: Node | undefined;
    if (node.type === 'object' && typeof segment === 'string') {
      // the last property with the key wins, as in the parsed value
      const property = [...(node.children ?? [])].reverse().find((p) => p.children?.[0]?.value === segment);
      next = property?.children?.[1];
      keyNode = property?.children?.[0];
    } else if (node.type === 'array' && typeof segment === 'number') {
      next = node.children?.[segment];
      keyNode = undefined;
    }
    if (!next) return { node, exact: false };
    node = next;
  }
  return keyNode ? { node, exact: true, keyNode } : { node, exact: true };
}
