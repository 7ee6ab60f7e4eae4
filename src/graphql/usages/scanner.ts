// The usage scan as the worker thread runs it: the workspace's files read from disk (or, for an open editor, its
// text), each file's outline (its fragments, its queries and what they spread) and what it reads against a schema
// extracted once per file version (modification time and size, or the editor's version) and kept; then the fragments
// of a folder, the reads a search asks for, or the queries a schema change breaks, following fragments across files.
// A file is read only if it really is inside its workspace folder (not through a symbolic link out of it) and is not
// larger than anyone writes queries; what is skipped is said. No vscode import.
import { buildSchema, type GraphQLSchema } from 'graphql';
import { files, paths } from '../../platform/host';
import type { GraphqlKind } from '../embedded';
import { breakingProblem, definitionsAt, editedSchema, fragmentNode, type SchemaEdit } from './breakage';
import { matches, readsOf, type Read, type ReadQuery } from './extract';
import { outlineOf, type FileOutline, type OutlineFragment, type OutlineUnit } from './outline';

export interface ScanFile {
  path: string;
  kind: GraphqlKind;
  /** the workspace folder it was listed in: it is read only if it really is inside */
  root: string;
  /** an open editor's text (read instead of the file on disk) */
  text?: string;
  /** the editor's version, with `text` */
  stamp?: string;
}

/** A file the scan did not read, and why: larger than `MAX_FILE_BYTES`, or outside its folder through a link. */
export interface Skipped {
  path: string;
  why: 'large' | 'outside';
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

/** The fragments of a folder's files, for Run and for the checks of one document. */
export interface FolderFragments {
  /** each fragment with the file that defines it (the first file when several define one name) */
  fragments: (OutlineFragment & { path: string })[];
  /** some code of the folder pages with the official client's auto-pagination */
  autoPagination: boolean;
  skipped: Skipped[];
}

/** Files larger than this are not GraphQL anyone writes by hand (bundles, generated schema dumps): skipped, and said. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Files read at once. */
const PARALLEL = 32;

interface Entry {
  stamp: string;
  outline: FileOutline;
  /** what the file reads, per schema key */
  reads: Map<string, Read[]>;
}

interface Loaded {
  file: ScanFile;
  entry: Entry;
}

export class UsageScanner {
  readonly #schemas = new Map<string, { sdl: string; schema: GraphQLSchema }>();
  readonly #entries = new Map<string, Entry>();
  readonly #roots = new Map<string, Promise<string | undefined>>();

  setSchema(key: string, sdl: string): void {
    if (this.#schemas.get(key)?.sdl === sdl) return;
    this.#schemas.set(key, { sdl, schema: buildSchema(sdl, { assumeValidSDL: true }) });
    for (const entry of this.#entries.values()) entry.reads.delete(key);
  }

  forget(key: string): void {
    this.#schemas.delete(key);
    for (const entry of this.#entries.values()) entry.reads.delete(key);
  }

  /** The fragments the files define, whether their code pages automatically, and what was skipped. */
  async fragments(files: readonly ScanFile[]): Promise<FolderFragments> {
    const { loaded, skipped } = await this.#load(files);
    const seen = new Set<string>();
    const fragments: FolderFragments['fragments'] = [];
    for (const { file, entry } of loaded)
      for (const fragment of entry.outline.fragments)
        if (!seen.has(fragment.name)) {
          seen.add(fragment.name);
          fragments.push({ ...fragment, path: file.path });
        }
    return { fragments, autoPagination: loaded.some((l) => l.entry.outline.autoPagination), skipped };
  }

  /** The files' reads that match the query (files without any are left out), and the files skipped. */
  async find(key: string, files: readonly ScanFile[], query: ReadQuery): Promise<{ files: FileReads[]; skipped: Skipped[] }> {
    const { loaded, skipped } = await this.#load(files);
    const found: FileReads[] = [];
    for (const { file, entry } of loaded) {
      const matching = (await this.#reads(key, file, entry)).filter((r) => matches(r, query));
      if (!matching.length) continue;
      const wanted = new Set(matching.map((r) => r.line));
      const lines: Record<number, string> = {};
      ((await textOf(file)) ?? '').split('\n').forEach((line, i) => {
        if (wanted.has(i)) lines[i] = line.trim().slice(0, 160);
      });
      found.push({ path: file.path, reads: matching, lines });
    }
    return { files: found, skipped };
  }

  /**
   * The queries and fragments that would no longer validate once the edits are made: those that read what the query
   * names, and those that spread (in any file, through any number of fragments) a fragment that does.
   */
  async broken(
    key: string,
    files: readonly ScanFile[],
    query: ReadQuery,
    edits: readonly SchemaEdit[],
    pascals: readonly string[],
  ): Promise<{ units: BrokenUnit[]; skipped: Skipped[] }> {
    const schema = this.#schema(key);
    const { loaded, skipped } = await this.#load(files);
    const reading = new Set<string>();
    for (const { file, entry } of loaded)
      for (const read of await this.#reads(key, file, entry)) if (matches(read, query)) reading.add(`${file.path}\n${read.unit}`);
    if (reading.size === 0) return { units: [], skipped };
    const affected = affectedFragments(loaded, reading);
    const hit = (path: string, unit: OutlineUnit) => reading.has(`${path}\n${unit.name}`) || unit.spreads.some((s) => affected.has(s));
    const fragments = new Map<string, OutlineFragment>();
    for (const { entry } of loaded) for (const f of entry.outline.fragments) if (!fragments.has(f.name)) fragments.set(f.name, f);
    const after = editedSchema(schema.sdl, edits, pascals);
    const broken: BrokenUnit[] = [];
    for (const { file, entry } of loaded) {
      const units = entry.outline.units.filter((u) => hit(file.path, u));
      const text = units.length ? await textOf(file) : undefined;
      if (text === undefined) continue;
      const definitions = definitionsAt(text, file.kind);
      for (const unit of units) {
        const definition = definitions.get(unit.offset);
        if (!definition) continue;
        const message = breakingProblem(definition, (name) => fragmentNode(fragments.get(name)), schema.schema, after);
        if (message === undefined) continue;
        const before = text.slice(0, unit.offset);
        const line = before.split('\n').length - 1;
        broken.push({ path: file.path, unit: unit.name, line, character: unit.offset - (before.lastIndexOf('\n') + 1), message });
      }
    }
    return { units: broken, skipped };
  }

  #schema(key: string): { sdl: string; schema: GraphQLSchema } {
    const schema = this.#schemas.get(key);
    if (!schema) throw new Error(`No schema ${key} was given to the usage scan.`);
    return schema;
  }

  async #load(files: readonly ScanFile[]): Promise<{ loaded: Loaded[]; skipped: Skipped[] }> {
    const results: (Loaded | Skipped | undefined)[] = new Array(files.length);
    let next = 0;
    const work = async () => {
      while (next < files.length) {
        const index = next++;
        results[index] = await this.#entry(files[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, work));
    const loaded: Loaded[] = [];
    const skipped: Skipped[] = [];
    for (const result of results) if (result) ('entry' in result ? loaded : skipped).push(result as never);
    return { loaded, skipped };
  }

  async #entry(file: ScanFile): Promise<Loaded | Skipped | undefined> {
    let stamp = file.text !== undefined ? `editor:${file.stamp ?? ''}` : undefined;
    if (stamp === undefined) {
      const info = await files.stat(file.path).catch(() => undefined);
      if (!info?.isFile()) return undefined; // gone, a folder, a FIFO…: nothing to read
      if (info.size > MAX_FILE_BYTES) return { path: file.path, why: 'large' };
      stamp = `disk:${info.mtimeMs}:${info.size}`;
    }
    if (!(await this.#inside(file))) return { path: file.path, why: 'outside' };
    const cached = this.#entries.get(file.path);
    if (cached?.stamp === stamp) return { file, entry: cached };
    const text = await textOf(file);
    if (text === undefined) return undefined;
    let outline: FileOutline;
    try {
      outline = outlineOf(text, file.kind);
    } catch {
      outline = { units: [], fragments: [], autoPagination: false }; // a file the scan cannot read as GraphQL has none
    }
    const entry: Entry = { stamp, outline, reads: new Map() };
    this.#entries.set(file.path, entry);
    return { file, entry };
  }

  async #reads(key: string, file: ScanFile, entry: Entry): Promise<Read[]> {
    let reads = entry.reads.get(key);
    if (reads) return reads;
    reads = [];
    if (entry.outline.units.length > 0) {
      const text = await textOf(file);
      try {
        reads = text === undefined ? [] : readsOf(this.#schema(key).schema, text, file.kind);
      } catch {
        reads = [];
      }
    }
    entry.reads.set(key, reads);
    return reads;
  }

  /** Whether the file, its symbolic links resolved, is inside its folder (also resolved). */
  async #inside(file: ScanFile): Promise<boolean> {
    let root = this.#roots.get(file.root);
    if (!root) this.#roots.set(file.root, (root = files.realpath(file.root).catch(() => undefined)));
    const [folder, real] = await Promise.all([root, files.realpath(file.path).catch(() => undefined)]);
    if (folder === undefined || real === undefined) return false;
    const inside = paths.relative(folder, real);
    return inside !== '' && !inside.startsWith('..') && !paths.isAbsolute(inside);
  }
}

/** The fragments that read what a change removes, or spread (directly or not) one that does. */
function affectedFragments(loaded: readonly Loaded[], reading: ReadonlySet<string>): Set<string> {
  const units = loaded.flatMap(({ file, entry }) => entry.outline.units.filter((u) => u.fragment).map((u) => ({ path: file.path, u })));
  const affected = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const { path, u } of units) {
      if (affected.has(u.fragment!)) continue;
      if (reading.has(`${path}\n${u.name}`) || u.spreads.some((s) => affected.has(s))) {
        affected.add(u.fragment!);
        changed = true;
      }
    }
  }
  return affected;
}

async function textOf(file: ScanFile): Promise<string | undefined> {
  if (file.text !== undefined) return file.text;
  return files.readText(file.path).catch(() => undefined);
}
