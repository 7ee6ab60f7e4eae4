// The usage scan as the worker thread runs it: the workspace's files read from disk (or, for an open editor, its
// text), what each reads extracted once per file version (modification time and size, or the editor's version) and
// schema, and kept; then the reads a search asks for, or the queries a schema change breaks. No vscode import.
import { readFile, stat } from 'node:fs/promises';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { breaks, editedSchema, unitsOf, type SchemaEdit } from './breakage';
import { matches, readsOf, type Read, type ReadQuery } from './extract';

export interface ScanFile {
  path: string;
  kind: 'graphql' | 'script';
  /** an open editor's text (read instead of the file on disk) */
  text?: string;
  /** the editor's version, with `text` */
  stamp?: string;
}

export interface FileReads {
  path: string;
  reads: Read[];
  /** the text of the lines the reads are on, by line (trimmed, for a list to show) */
  lines: Record<number, string>;
}

export interface BrokenUnit {
  path: string;
  /** `query Feed`, `fragment Card on ArticleRecord` */
  unit: string;
  line: number;
  character: number;
  /** the first problem it has against the changed schema */
  message: string;
}

/** Files larger than this are not GraphQL anyone writes by hand (bundles, generated schema dumps): skipped. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Files read at once. */
const PARALLEL = 32;

interface Cached {
  stamp: string;
  reads: Read[];
}

export class UsageScanner {
  readonly #schemas = new Map<string, { sdl: string; schema: GraphQLSchema }>();
  readonly #cache = new Map<string, Map<string, Cached>>();

  setSchema(key: string, sdl: string): void {
    if (this.#schemas.get(key)?.sdl === sdl) return;
    this.#schemas.set(key, { sdl, schema: buildSchema(sdl, { assumeValidSDL: true }) });
    this.#cache.set(key, new Map());
  }

  forget(key: string): void {
    this.#schemas.delete(key);
    this.#cache.delete(key);
  }

  /** The files' reads that match the query (files without any are left out). */
  async find(key: string, files: readonly ScanFile[], query: ReadQuery): Promise<FileReads[]> {
    const all = await this.#readsOf(key, files);
    const found: FileReads[] = [];
    for (const [index, { path, reads }] of all.entries()) {
      const matching = reads.filter((r) => matches(r, query));
      if (!matching.length) continue;
      const text = (await textOf(files[index]!)) ?? '';
      const wanted = new Set(matching.map((r) => r.line));
      const lines: Record<number, string> = {};
      text.split('\n').forEach((line, i) => {
        if (wanted.has(i)) lines[i] = line.trim().slice(0, 160);
      });
      found.push({ path, reads: matching, lines });
    }
    return found;
  }

  /** The queries and fragments that read what the edits remove and no longer validate once they are made. */
  async broken(
    key: string,
    files: readonly ScanFile[],
    query: ReadQuery,
    edits: readonly SchemaEdit[],
    pascals: readonly string[],
  ): Promise<BrokenUnit[]> {
    const schema = this.#schema(key);
    const candidates = await this.find(key, files, query);
    if (candidates.length === 0) return [];
    const after = editedSchema(schema.sdl, edits, pascals);
    const broken: BrokenUnit[] = [];
    for (const { path } of candidates) {
      const file = files.find((f) => f.path === path)!;
      const text = await textOf(file);
      if (text === undefined) continue;
      for (const unit of unitsOf(text, file.kind)) {
        const message = breaks(unit, schema.schema, after);
        if (message === undefined) continue;
        const before = text.slice(0, unit.offset);
        const line = before.split('\n').length - 1;
        broken.push({ path, unit: unit.name, line, character: unit.offset - (before.lastIndexOf('\n') + 1), message });
      }
    }
    return broken;
  }

  #schema(key: string): { sdl: string; schema: GraphQLSchema } {
    const schema = this.#schemas.get(key);
    if (!schema) throw new Error(`No schema ${key} was given to the usage scan.`);
    return schema;
  }

  async #readsOf(key: string, files: readonly ScanFile[]): Promise<{ path: string; reads: Read[] }[]> {
    const { schema } = this.#schema(key);
    const cache = this.#cache.get(key)!;
    const results: { path: string; reads: Read[] }[] = new Array(files.length);
    let next = 0;
    const work = async () => {
      while (next < files.length) {
        const index = next++;
        const file = files[index]!;
        results[index] = { path: file.path, reads: await this.#fileReads(schema, cache, file) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, work));
    return results;
  }

  async #fileReads(schema: GraphQLSchema, cache: Map<string, Cached>, file: ScanFile): Promise<Read[]> {
    let stamp = file.text !== undefined ? `editor:${file.stamp ?? ''}` : undefined;
    if (stamp === undefined) {
      const info = await stat(file.path).catch(() => undefined);
      if (!info?.isFile() || info.size > MAX_FILE_BYTES) return [];
      stamp = `disk:${info.mtimeMs}:${info.size}`;
    }
    const cached = cache.get(file.path);
    if (cached?.stamp === stamp) return cached.reads;
    const text = await textOf(file);
    let reads: Read[] = [];
    try {
      reads = text === undefined ? [] : readsOf(schema, text, file.kind);
    } catch {
      reads = []; // a file the scan cannot read as GraphQL reads nothing
    }
    cache.set(file.path, { stamp, reads });
    return reads;
  }
}

async function textOf(file: ScanFile): Promise<string | undefined> {
  if (file.text !== undefined) return file.text;
  return readFile(file.path, 'utf8').catch(() => undefined);
}
