// Writing a file so that no one else's file is ever touched: the text goes to a new temporary file next
// to the target (random name, created exclusively, never through a symbolic link), and only a complete
// file is renamed over the target, atomically. Until then the target stays as it was; a failure removes
// the temporary file. Two writes to one target from this process are refused. A target is kept inside its workspace
// folder through real folders only (a folder on the way that is a symbolic link may lead anywhere), and reading what
// is there before writing never waits on a FIFO. The Node implementation of the host's safe writes (../files.ts).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { TargetRefused, type RefusalWhy } from '../files';

/** Bytes gathered before one write to the file. */
const CHUNK_BYTES = 256 * 1024;
/** Open flags: create, fail if anything (a file, a symbolic link) is already there, never follow a link. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Targets being written by this process, by their resolved path. */
const busyTargets = new Set<string>();

export class ExclusiveFile {
  readonly target: string;
  readonly tempPath: string;
  #handle: FileHandle | undefined;
  #chunks: string[] = [];
  #chunkBytes = 0;
  #release: () => void;

  private constructor(target: string, tempPath: string, handle: FileHandle, release: () => void) {
    this.target = target;
    this.tempPath = tempPath;
    this.#handle = handle;
    this.#release = release;
  }

  /** Writes the whole of `text` to `target` the same safe way: renamed over it once complete, nothing left on failure. */
  static async writeWhole(target: string, text: string): Promise<void> {
    const file = await ExclusiveFile.create(target);
    try {
      await file.write(text);
      await file.commit();
    } catch (error) {
      await file.discard();
      throw error;
    }
  }

  /** Starts a write of `target`; refuses a symbolic link, a directory or a target already being written. */
  static async create(target: string): Promise<ExclusiveFile> {
    const existingMode = await regularFileMode(target);
    const key = await targetKey(target);
    if (busyTargets.has(key)) {
      throw new TargetRefused(`Another write to ${target} is already running. Wait for it to finish (or cancel it), then try again.`);
    }
    busyTargets.add(key);
    const release = () => busyTargets.delete(key);
    // Short enough for any file system's name limit; the random part makes it unguessable.
    const tempPath = join(dirname(target), `.${basename(target).slice(0, 80)}.${randomBytes(12).toString('hex')}.part`);
    let handle: FileHandle;
    try {
      handle = await createNew(tempPath);
    } catch (error) {
      release();
      throw error;
    }
    const file = new ExclusiveFile(target, tempPath, handle, release);
    if (existingMode !== undefined) await handle.chmod(existingMode).catch(() => undefined); // keep the target's permissions
    return file;
  }

  async write(text: string): Promise<void> {
    this.#chunks.push(text);
    this.#chunkBytes += text.length;
    if (this.#chunkBytes >= CHUNK_BYTES) await this.#flush();
  }

  /** Writes what is left, makes it durable and renames it over the target. */
  async commit(): Promise<void> {
    const handle = this.#openHandle();
    try {
      await this.#flush();
      await handle.sync();
      await handle.close();
      this.#handle = undefined;
      await regularFileMode(this.target); // refuse a symbolic link planted while the export ran
      await rename(this.tempPath, this.target);
    } catch (error) {
      await this.discard();
      throw error;
    }
    this.#release();
  }

  /** Removes the temporary file; the target is left as it was. Safe to call more than once. */
  async discard(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    this.#chunks = [];
    await handle?.close().catch(() => undefined);
    await rm(this.tempPath, { force: true }).catch(() => undefined);
    this.#release();
  }

  async #flush(): Promise<void> {
    if (this.#chunks.length === 0) return;
    const text = this.#chunks.join('');
    this.#chunks = [];
    this.#chunkBytes = 0;
    await this.#openHandle().writeFile(text, 'utf8');
  }

  #openHandle(): FileHandle {
    if (!this.#handle) throw new Error(`The file ${this.target} was already closed.`);
    return this.#handle;
  }
}

/** Creates and opens a new file at `path`; fails if anything is there, a symbolic link included. */
export function createNew(path: string): Promise<FileHandle> {
  return open(path, CREATE_NEW, 0o666);
}

/** The permission bits of an existing regular file at `path`, undefined when nothing is there; refuses anything else. */
async function regularFileMode(path: string): Promise<number | undefined> {
  let stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (stats.isSymbolicLink()) {
    throw new TargetRefused(
      `${path} is a symbolic link; DatoCMS Explorer does not write through links. Choose the file it points to, or another name.`,
    );
  }
  if (!stats.isFile()) throw new TargetRefused(`${path} exists and is not a regular file. Choose another name.`);
  return stats.mode & 0o777;
}

/** One key per file, however its path is spelled (symbolic links in the folder, case on Windows and macOS). */
async function targetKey(target: string): Promise<string> {
  const key = join(await realpath(dirname(target)), basename(target));
  return process.platform === 'win32' || process.platform === 'darwin' ? key.toLowerCase() : key;
}

/**
 * Refuses a target outside `folder`, or reached through anything on the way that is not a real folder (a symbolic link
 * to elsewhere, a file); `create` makes the folders that are missing. `refusal` words the message for the caller.
 */
export async function checkRealFolders(
  folder: string,
  target: string,
  refusal: (path: string, why: RefusalWhy) => string,
  create = false,
): Promise<void> {
  const inside = relative(folder, target);
  if (inside === '' || inside.split(sep)[0] === '..' || isAbsolute(inside)) throw new TargetRefused(refusal(target, 'outside'));
  let current = folder;
  for (const part of inside.split(sep).slice(0, -1).filter(Boolean)) {
    current = join(current, part);
    let stats = await lstatOrNothing(current);
    if (!stats && create) {
      // another writer may create it at the same moment
      await mkdir(current).catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : Promise.reject(error)));
      stats = await lstatOrNothing(current);
    }
    if (stats && !stats.isDirectory()) throw new TargetRefused(refusal(current, 'link'));
  }
}

/**
 * The text of a regular file at `path`, undefined when nothing is there; never follows a symbolic link and never waits
 * on a FIFO or a device (opened without blocking, then checked before any read).
 */
export async function readRegularFile(path: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') await regularFileMode(path);
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new TargetRefused(`${path} exists and is not a regular file. Choose another name.`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function lstatOrNothing(path: string) {
  return lstat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
}
