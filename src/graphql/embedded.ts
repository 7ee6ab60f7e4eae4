// Where GraphQL is in a document: the whole of a .graphql/.gql file; in TypeScript and JavaScript (JSX too) the
// template literals given to `graphql(…)` (gql.tada), `gql` / `graphql` tags, `executeQuery(…)` (the official
// client), or marked `/* GraphQL */`; in components (.vue, .svelte, .astro) the same inside their scripts (<script>
// blocks, Astro's frontmatter). A lexical scan, not a parser: it knows comments, strings, regular expressions
// and nested templates, which is all it takes to find templates; the TypeScript compiler cannot ship with the
// extension. A string or regular expression left open ends at its line, so one odd line (JSX text) spoils no more.
// A template that builds names from `${…}` (`all${model}s`) is no query anyone can read: it is left out. No vscode import.
import { mayHoldGraphql, type GraphqlKind } from '../platform/graphqlFiles';

export { graphqlKindOf, graphqlKindOfPath, mayHoldGraphql, type GraphqlKind } from '../platform/graphqlFiles';

/** The documents the GraphQL features (Run lenses, completion, hover, definition) attach to, as a document selector. */
export const GRAPHQL_SELECTOR: readonly ({ language: string } | { pattern: string })[] = [
  { language: 'graphql' },
  { pattern: '**/*.{graphql,gql}' },
  { language: 'typescript' },
  { language: 'typescriptreact' },
  { language: 'javascript' },
  { language: 'javascriptreact' },
  { language: 'vue' },
  { language: 'svelte' },
  { language: 'astro' },
  { pattern: '**/*.{vue,svelte,astro}' },
];

export interface GraphqlRange {
  /** offset in the document of the GraphQL text's first character */
  start: number;
  end: number;
  /** the GraphQL text; `${…}` interpolations are blanked with spaces (same length, newlines kept) */
  text: string;
  /** it holds `${…}` interpolations (fragments, mostly): text that does not parse with them blanked is left alone */
  interpolated?: boolean;
}

/** Calls whose first argument is a GraphQL template. */
const CALLS = new Set([
  'graphql',
  'gql',
  'executeQuery',
  'executeQueryWithAutoPagination',
  'rawExecuteQuery',
  'rawExecuteQueryWithAutoPagination',
]);
/** Tags of GraphQL templates. */
const TAGS = new Set(['graphql', 'gql']);
const MARKER = /^\/\*\s*graphql\s*\*\/$/i;
/** Keywords after which a slash starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

export function findGraphql(text: string, kind: GraphqlKind): GraphqlRange[] {
  if (kind === 'graphql') return [{ start: 0, end: text.length, text }];
  if (!mayHoldGraphql(text)) return [];
  return new Scanner(kind === 'markup' ? scriptsOf(text) : text).run();
}

const SCRIPT_BLOCK = /(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi;
const FRONTMATTER = /^(\s*---[^\S\n]*\n)([\s\S]*?\n)---/;

/** A component's text with everything but its scripts blanked (same offsets): <script> blocks, Astro's frontmatter. */
function scriptsOf(text: string): string {
  const kept: [number, number][] = [];
  const frontmatter = FRONTMATTER.exec(text);
  if (frontmatter) kept.push([frontmatter[1]!.length, frontmatter[1]!.length + frontmatter[2]!.length]);
  for (const match of text.matchAll(SCRIPT_BLOCK)) {
    const start = match.index + match[1]!.length;
    kept.push([start, start + match[2]!.length]);
  }
  let out = '';
  let at = 0;
  for (const [start, end] of kept.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += blank(text.slice(at, start)) + text.slice(start, end);
    at = end;
  }
  return out + blank(text.slice(at));
}

/** Spaces for every character but line breaks. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** A character of a GraphQL name: an interpolation touching one builds a name. */
const NAME_CHAR = /[_0-9A-Za-z]/;

class Scanner {
  readonly #text: string;
  #i = 0;
  /** the last two significant tokens (identifiers, or one punctuation character) */
  #prev: string | undefined;
  #prev2: string | undefined;
  /** the last token was a `/* GraphQL *\/` comment */
  #marked = false;
  readonly #found: GraphqlRange[] = [];

  constructor(text: string) {
    this.#text = text;
  }

  run(): GraphqlRange[] {
    this.#code(false);
    return this.#found.sort((a, b) => a.start - b.start);
  }

  #token(token: string): void {
    this.#prev2 = this.#prev;
    this.#prev = token;
    this.#marked = false;
  }

  /** Code up to the end, or (inside `${`) up to the brace that closes it; leaves #i on that brace. */
  #code(inside: boolean): void {
    const text = this.#text;
    let depth = 0;
    while (this.#i < text.length) {
      const c = text[this.#i]!;
      const next = text[this.#i + 1];
      if (c === '/' && next === '/') {
        const end = text.indexOf('\n', this.#i);
        this.#i = end < 0 ? text.length : end;
      } else if (c === '/' && next === '*') {
        const end = text.indexOf('*/', this.#i + 2);
        const stop = end < 0 ? text.length : end + 2;
        const marked = MARKER.test(text.slice(this.#i, stop));
        this.#i = stop;
        if (marked) this.#marked = true;
      } else if (c === "'" || c === '"') {
        this.#string(c);
        this.#token('string');
      } else if (c === '`') {
        const graphql =
          this.#marked ||
          (this.#prev !== undefined && TAGS.has(this.#prev)) ||
          (this.#prev === '(' && this.#prev2 !== undefined && CALLS.has(this.#prev2));
        this.#template(graphql);
        this.#token('template');
      } else if (c === '/') {
        if (this.#startsRegex()) {
          this.#regex();
          this.#token('regex');
        } else {
          this.#i++;
          this.#token('/');
        }
      } else if (/[\p{ID_Start}$_]/u.test(c)) {
        const start = this.#i;
        this.#i++;
        while (this.#i < text.length && /[\p{ID_Continue}$\u200c\u200d]/u.test(text[this.#i]!)) this.#i++;
        this.#token(text.slice(start, this.#i));
      } else if (/\s/.test(c)) this.#i++;
      else {
        if (c === '{') depth++;
        else if (c === '}') {
          if (inside && depth === 0) return;
          depth--;
        }
        this.#i++;
        this.#token(c);
      }
    }
  }

  #startsRegex(): boolean {
    const prev = this.#prev;
    if (prev === undefined) return true;
    if (/^[\p{ID_Start}$_]/u.test(prev)) return BEFORE_REGEX.has(prev);
    return !['string', 'template', 'regex', ')', ']', '}'].includes(prev) && !/^\d/.test(prev);
  }

  #string(quote: string): void {
    const text = this.#text;
    this.#i++;
    while (this.#i < text.length) {
      const c = text[this.#i]!;
      if (c === '\\') this.#i += 2;
      else if (c === quote) {
        this.#i++;
        return;
      } else if (c === '\n') return;
      else this.#i++;
    }
  }

  #regex(): void {
    const text = this.#text;
    let inClass = false;
    this.#i++;
    while (this.#i < text.length) {
      const c = text[this.#i]!;
      if (c === '\\') this.#i += 2;
      else if (c === '\n') return;
      else {
        this.#i++;
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) {
          while (this.#i < text.length && /[a-z]/i.test(text[this.#i]!)) this.#i++;
          return;
        }
      }
    }
  }

  /** From the opening backtick past the closing one; a GraphQL template is recorded with its `${…}` blanked. */
  #template(graphql: boolean): void {
    const text = this.#text;
    const start = ++this.#i;
    const blanks: [number, number][] = [];
    while (this.#i < text.length) {
      const c = text[this.#i]!;
      if (c === '\\') this.#i += 2;
      else if (c === '`') break;
      else if (c === '$' && text[this.#i + 1] === '{') {
        const from = this.#i;
        this.#i += 2;
        const [prev, prev2, marked] = [this.#prev, this.#prev2, this.#marked];
        this.#prev = this.#prev2 = undefined;
        this.#code(true);
        [this.#prev, this.#prev2, this.#marked] = [prev, prev2, marked];
        this.#i = Math.min(this.#i + 1, text.length);
        blanks.push([from, this.#i]);
      } else this.#i++;
    }
    const end = Math.min(this.#i, text.length);
    this.#i = end + 1;
    if (!graphql) return;
    // `all${model}s`, `${field}Id`: a name made at run time, which no check can know
    if (blanks.some(([from, to]) => NAME_CHAR.test(text[from - 1] ?? '') || NAME_CHAR.test(text[to] ?? ''))) return;
    let body = text.slice(start, end);
    for (const [from, to] of blanks) body = body.slice(0, from - start) + blank(text.slice(from, to)) + body.slice(to - start);
    this.#found.push({ start, end, text: body, ...(blanks.length ? { interpolated: true } : {}) });
  }
}
