// Messages between the extension host and the usage scan's worker thread (copies: plain data only). No vscode import.
import type { SchemaEdit } from './breakage';
import type { ReadQuery } from './extract';
import type { BrokenUnit, FileReads, FolderFragments, ScanFile, Skipped } from './scanner';

export type ToWorker =
  /** a schema's SDL, sent once per key (a key names one schema of one hash) */
  | { type: 'schema'; key: string; sdl: string }
  | { type: 'forget'; key: string }
  | { type: 'fragments'; id: number; files: ScanFile[] }
  | { type: 'find'; id: number; key: string; files: ScanFile[]; query: ReadQuery }
  | { type: 'broken'; id: number; key: string; files: ScanFile[]; query: ReadQuery; edits: SchemaEdit[]; pascals: string[] };

export type FromWorker =
  | ({ type: 'fragments'; id: number } & FolderFragments)
  | { type: 'found'; id: number; files: FileReads[]; skipped: Skipped[] }
  | { type: 'broken'; id: number; units: BrokenUnit[]; skipped: Skipped[] }
  | { type: 'failed'; id: number; message: string };
