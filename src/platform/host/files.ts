// The machine's files, by path: read, and written only the safe way (a new file created exclusively, or a whole file
// renamed over its target once complete). The rules (no symbolic links, inside the workspace folder through real
// folders, never waiting on a FIFO, one write per target) are the implementation's to keep: ./node/exclusiveFile.ts.
// A failure carries the file system's `code` (ENOENT, EEXIST, ELOOP…) as Node's does.

/** What is at a path (for `lstat`, the link itself). */
interface FileFacts {
  readonly size: number;
  readonly mtimeMs: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** A file just created, empty: written once, then closed. */
interface NewFile {
  writeFile(text: string, encoding: 'utf8'): Promise<void>;
  close(): Promise<void>;
}

/** A write in progress to a temporary file beside the target: renamed over it by `commit`, removed by `discard`. */
interface ExclusiveWrite {
  readonly target: string;
  readonly tempPath: string;
  write(text: string): Promise<void>;
  commit(): Promise<void>;
  /** Safe to call more than once; the target is left as it was. */
  discard(): Promise<void>;
}

/** Why a target refused by `checkRealFolders` is refused, for the caller to word. */
export type RefusalWhy = 'outside' | 'link';

export interface HostFiles {
  readText(path: string): Promise<string>;
  stat(path: string): Promise<FileFacts>;
  lstat(path: string): Promise<FileFacts>;
  realpath(path: string): Promise<string>;
  /** Creates and opens a new file; fails (EEXIST, ELOOP) if anything is there, a symbolic link included. */
  createNew(path: string): Promise<NewFile>;
  /** Starts a write of `target`; refuses (TargetRefused) a symbolic link, a directory or a target already being written. */
  startWrite(target: string): Promise<ExclusiveWrite>;
  /** Writes the whole of `text` to `target` the same safe way. */
  writeWhole(target: string, text: string): Promise<void>;
  /**
   * Refuses a target outside `folder`, or reached through anything on the way that is not a real folder; `create`
   * makes the folders that are missing.
   */
  checkRealFolders(folder: string, target: string, refusal: (path: string, why: RefusalWhy) => string, create?: boolean): Promise<void>;
  /** The text of a regular file, undefined when nothing is there; never follows a link, never waits on a FIFO. */
  readRegularFile(path: string): Promise<string | undefined>;
}

/** The target cannot be written safely; the message says why and what to do. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}
