// The extension host's side of the usage scan: one worker thread, started on the first search and stopped after a
// while without any (its cache goes with it); each schema's SDL is posted once; a worker that dies fails what it had
// in hand and the next search starts another. No vscode import.
import type { HostWorker as Worker } from '../../platform/host';
import type { SchemaEdit } from './breakage';
import type { ReadQuery } from './extract';
import type { FromWorker, ToWorker } from './protocol';
import type { BrokenUnit, FileReads, FolderFragments, ScanFile, Skipped } from './scanner';

/** A schema as the worker knows it: a key (one schema of one hash) and its SDL, printed when first sent. */
export interface SchemaRef {
  key: string;
  sdl: () => string;
}

const IDLE_MS = 10 * 60_000;

interface Pending {
  resolve: (message: FromWorker) => void;
  reject: (error: Error) => void;
}

export class UsageClient {
  readonly #start: () => Worker;
  readonly #idleMs: number;
  #worker: Worker | undefined;
  /** schema keys the current worker has */
  #sent = new Set<string>();
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  #idle: NodeJS.Timeout | undefined;

  constructor(start: () => Worker, idleMs = IDLE_MS) {
    this.#start = start;
    this.#idleMs = idleMs;
  }

  /** The fragments the files define (no schema needed). */
  async fragments(files: ScanFile[]): Promise<FolderFragments> {
    const answer = await this.#ask(undefined, (id) => ({ type: 'fragments', id, files }));
    if (answer.type !== 'fragments') throw new Error('The usage scan answered something else.');
    const { type: _type, id: _id, ...found } = answer;
    return found;
  }

  async find(schema: SchemaRef, files: ScanFile[], query: ReadQuery): Promise<{ files: FileReads[]; skipped: Skipped[] }> {
    const answer = await this.#ask(schema, (id, key) => ({ type: 'find', id, key, files, query }));
    if (answer.type !== 'found') throw new Error('The usage scan answered something else.');
    return { files: answer.files, skipped: answer.skipped };
  }

  async broken(
    schema: SchemaRef,
    files: ScanFile[],
    query: ReadQuery,
    edits: SchemaEdit[],
    pascals: string[],
  ): Promise<{ units: BrokenUnit[]; skipped: Skipped[] }> {
    const answer = await this.#ask(schema, (id, key) => ({ type: 'broken', id, key, files, query, edits, pascals }));
    if (answer.type !== 'broken') throw new Error('The usage scan answered something else.');
    return { units: answer.units, skipped: answer.skipped };
  }

  dispose(): void {
    this.#stop(new Error('The usage scan was stopped.'));
  }

  #ask(schema: SchemaRef | undefined, message: (id: number, key: string) => ToWorker): Promise<FromWorker> {
    const worker = this.#ensure();
    if (schema && !this.#sent.has(schema.key)) {
      worker.postMessage({ type: 'schema', key: schema.key, sdl: schema.sdl() } satisfies ToWorker);
      this.#sent.add(schema.key);
    }
    const id = this.#next++;
    if (this.#idle) clearTimeout(this.#idle);
    worker.ref(); // an answer is awaited: the process waits for it

    return new Promise<FromWorker>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage(message(id, schema?.key ?? ''));
    }).finally(() => this.#scheduleIdle());
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    const worker = this.#start();
    this.#worker = worker;
    this.#sent = new Set();
    worker.on('message', (message: FromWorker) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.type === 'failed') pending.reject(new Error(message.message));
      else pending.resolve(message);
    });
    const gone = (error: Error) => {
      if (this.#worker === worker) this.#stop(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`The usage scan stopped (exit code ${code}).`)));
    worker.unref();
    return worker;
  }

  #scheduleIdle(): void {
    if (this.#pending.size || !this.#worker) return;
    this.#worker.unref(); // an idle scan never keeps the process alive
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.#stop(new Error('idle')), this.#idleMs);
    this.#idle.unref();
  }

  #stop(error: Error): void {
    const worker = this.#worker;
    this.#worker = undefined;
    if (this.#idle) clearTimeout(this.#idle);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    if (worker) void worker.terminate();
  }
}
