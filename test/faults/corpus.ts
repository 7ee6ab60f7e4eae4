// A generated corpus of bad input: mutations of real documents (every kind) that a user could type or
// paste. Deterministic (seeded), so a failing case can be reproduced by its id.
import type { DocumentKind } from '../../src/schema';

export const CLASSES = [
  'invalid JSON',
  'wrong types',
  'unknown keys',
  'out-of-enum values',
  'huge strings',
  'deep nesting',
  'prototype-pollution keys',
] as const;
export type CaseClass = (typeof CLASSES)[number];

/** How many cases each class makes per subject document. */
export const PER_SUBJECT: Record<CaseClass, number> = {
  'invalid JSON': 160,
  'wrong types': 160,
  'unknown keys': 120,
  'out-of-enum values': 120,
  'huge strings': 8,
  'deep nesting': 60,
  'prototype-pollution keys': 240,
};

export interface Subject {
  name: string;
  kind: DocumentKind;
  /** the document as opened: 2-space JSON with "$readonly" last */
  text: string;
}

export interface Case {
  id: string;
  class: CaseClass;
  subject: string;
  text: string;
  /** the mutation must be refused (e.g. an unknown key at the top level); otherwise either outcome is fine */
  mustBeRefused: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** mulberry32: small, fast, good enough to spread mutations. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POLLUTING_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__lookupSetter__',
];

/** The cases of one class, for every subject; each (subject, class) pair has its own random stream. */
export function* generate(subjects: Subject[], only: CaseClass, seed = 20_240_601): Generator<Case> {
  for (const [index, subject] of subjects.entries()) {
    const rnd = random(seed + index * 7919 + CLASSES.indexOf(only) * 104_729);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
    const int = (max: number) => Math.floor(rnd() * max);
    const doc = JSON.parse(subject.text) as { [key: string]: Json };
    const editable = Object.keys(doc).filter((key) => key !== '$readonly');
    const paths = allPaths(doc).filter((p) => p[0] !== '$readonly');
    const leafStrings = paths.filter((p) => typeof get(doc, p) === 'string');
    const objects = paths.filter((p) => isObject(get(doc, p)));
    let n = 0;
    const make = (cls: CaseClass, text: string, mustBeRefused = false): Case => ({
      id: `${subject.name}/${cls}#${n++}`,
      class: cls,
      subject: subject.name,
      text,
      mustBeRefused,
    });
    const print = (value: Json) => `${JSON.stringify(value, null, 2)}\n`;
    const count = (cls: CaseClass) => (cls === only ? PER_SUBJECT[cls] : 0);

    for (let i = 0; i < count('invalid JSON'); i++) {
      const text = subject.text;
      const at = int(text.length);
      const variants = [
        () => text.slice(0, at), // truncated (a paste cut short)
        () => text.slice(0, at) + pick(['}', ']', ',', ':', '"', '{', '[', 'x', '\u0000', '\\']) + text.slice(at),
        () => text.slice(0, at) + text.slice(at + 1 + int(20)),
        () => text.replace(/,(\s*\n\s*")/, ',,$1'),
        () => text.replace(/\n}\n$/, ',\n}\n'), // trailing comma
        () => text.replace(/"([a-z_]+)":/, '$1:'), // unquoted key
        () => text.replace(/"([^"\n]*)"/, "'$1'"), // single quotes
        () => `${text}${pick(['{}', '[]', '1', 'null', '"extra"'])}`, // two top-level values
        () => pick(['', '   \n', 'null', '[]', '42', '"text"', 'true', '\ufeff', '{', '}', '[{}]']),
        () =>
          text.replace(
            /: (-?\d+(\.\d+)?|true|false|null)/,
            pick([': NaN', ': Infinity', ': undefined', ': 0x10', ': 1e999', ': .5', ': +1']),
          ),
        () => `// comment\n${text}`,
        () => text.replace(/"/, '\u201c'), // a typographic quote from a word processor
      ];
      yield make('invalid JSON', pick(variants)());
    }

    for (let i = 0; i < count('wrong types'); i++) {
      const copy = clone(doc);
      const path = pick(paths.length ? paths : [[pick(editable)]]);
      const current = get(copy, path);
      const replacements: Json[] = [null, true, 0, -1, 1.5, '', 'text', [], [1, 'a'], {}, { a: 1 }, 2 ** 53 + 1];
      const wrong = replacements.filter((value) => typeName(value) !== typeName(current));
      set(copy, path, pick(wrong));
      yield make('wrong types', print(copy));
    }

    for (let i = 0; i < count('unknown keys'); i++) {
      const copy = clone(doc);
      const atRoot = i % 2 === 0 || objects.length === 0;
      const target = atRoot ? [] : pick(objects);
      const key = pick([
        'unknown',
        'Title',
        'title ',
        'api-key',
        'ID',
        'meta',
        'relationships',
        'attributes',
        '',
        ' ',
        'ü',
        '$readonly2',
        `k${int(1000)}`,
      ]);
      const container = target.length ? get(copy, target) : copy;
      if (isObject(container) && !Object.prototype.hasOwnProperty.call(container, key))
        define(container, key, pick<Json>([1, 'x', null, {}, []]));
      yield make('unknown keys', print(copy), atRoot);
    }

    for (let i = 0; i < count('out-of-enum values'); i++) {
      const copy = clone(doc);
      if (leafStrings.length)
        set(
          copy,
          pick(leafStrings),
          pick(['not-a-choice', 'PUBLISH', 'Item', 'json ', 'rich-text', 'ascending', '4', 'created', 'single line', 'ZZ', 'en-GB']),
        );
      yield make('out-of-enum values', print(copy));
    }

    for (let i = 0; i < count('huge strings'); i++) {
      const copy = clone(doc);
      // Up to 2 MiB of document text: far beyond any real value, still quick to check.
      const size = [64 * 1024, 256 * 1024, 1024 * 1024, 2 * 1024 * 1024][i % 4] ?? 65_536;
      const unit = pick(['a', 'é', '\u{1F600}', '<script>', '\\u0000']);
      const huge = unit.repeat(Math.ceil(size / JSON.stringify(unit).length));
      if (i % 3 === 2) define(copy, huge.slice(0, 100_000), 'huge key');
      else set(copy, leafStrings.length ? pick(leafStrings) : [pick(editable)], huge);
      yield make('huge strings', print(copy), i % 3 === 2);
    }

    for (let i = 0; i < count('deep nesting'); i++) {
      const depth = pick([10, 50, 199, 201, 1000, 10_000, 100_000]);
      const open = i % 2 === 0 ? '['.repeat(depth) : '{"a":'.repeat(depth);
      const close = i % 2 === 0 ? ']'.repeat(depth) : '}'.repeat(depth);
      const key = pick([...editable, 'deep']);
      // Spliced in as text: building the value as an object would itself recurse that deep.
      const text = subject.text.replace(/^\{\n/, `{\n  ${JSON.stringify(key)}: ${open}1${close},\n`);
      yield make('deep nesting', text, key === 'deep');
    }

    for (let i = 0; i < count('prototype-pollution keys'); i++) {
      const key = pick(POLLUTING_KEYS);
      const payload = pick<Json>([{ polluted: true }, { isAdmin: true, toString: 'x' }, null, 'string', [1]]);
      if (i % 3 === 0) {
        // As raw text, the way a hostile paste arrives, nested pollution included
        const raw = pick([
          JSON.stringify(payload),
          '{"__proto__": {"polluted": true}}',
          '{"constructor": {"prototype": {"polluted": true}}}',
        ]);
        const text = subject.text.replace(/^\{\n/, `{\n  ${JSON.stringify(key)}: ${raw},\n`);
        yield make('prototype-pollution keys', text, true);
      } else {
        const copy = clone(doc);
        const target = i % 3 === 1 || objects.length === 0 ? [] : pick(objects);
        const container = target.length ? get(copy, target) : copy;
        if (isObject(container)) define(container, key, payload);
        yield make('prototype-pollution keys', print(copy), target.length === 0);
      }
    }
  }
}

export function caseCount(subjects: number): number {
  return subjects * Object.values(PER_SUBJECT).reduce((a, b) => a + b, 0);
}

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own data property, whatever the key (a plain assignment of "__proto__" would change the prototype). */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function clone(value: Json): { [key: string]: Json } {
  return JSON.parse(JSON.stringify(value)) as { [key: string]: Json };
}

function allPaths(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length) out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => allPaths(item, [...prefix, i], out));
  else if (isObject(value)) for (const key of Object.keys(value)) allPaths(value[key] as Json, [...prefix, key], out);
  return out;
}

function get(value: Json, path: Path): Json | undefined {
  let current: Json | undefined = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isObject(current) && typeof segment === 'string' && Object.prototype.hasOwnProperty.call(current, segment))
      current = current[segment];
    else return undefined;
  }
  return current;
}

function set(root: Json, path: Path, value: Json): void {
  const parent = get(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (last === undefined || parent === undefined || parent === null || typeof parent !== 'object') return;
  define(parent, String(last), value);
}

function typeName(value: Json | undefined): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
