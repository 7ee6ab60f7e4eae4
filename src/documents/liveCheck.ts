// Live validation off the extension host's thread. Checking a large record takes seconds, and the host runs
// every extension: the check runs in a worker thread, and the host only posts the text and reads the answer.
//
// - Each document has at most one check in the worker; while it runs, only the newest text waits, and an
//   answer for a text that is no longer the newest is reported as superseded (the newest request wins).
// - What a document is checked against (resource, schema context, basis) is sent once per baseline, in small
//   messages between which the host's event loop runs, so no single post blocks it long.
// - Text beyond a size budget is not checked live (the save still checks it).
// - If the worker cannot start (or keeps failing), small documents are checked on the host, and a document
//   whose check took too long there is checked on save only.
import type { HostWorker as Worker } from '../platform/host';
import type { Problem } from '../schema';
import { baselineMessages, runCheck, type CheckBaseline, type FromWorker, type ToWorker } from './liveCheckProtocol';

/** Text longer than this (UTF-16 units, about 5 MB) is checked on save only. */
export const LIVE_CHECK_MAX_CHARS = 5 * 1024 * 1024;
/** Without a worker, only text up to this length is checked on the host while typing. */
const HOST_CHECK_MAX_CHARS = 64 * 1024;
/** Without a worker, a document whose check blocked the host longer than this is checked on save only. */
const HOST_CHECK_MAX_MS = 50;
/** VS Code shows up to 1,000 problems per file: the editor asks for this many, plus a note of how many more. */
export const SHOWN_PROBLEMS_LIMIT = 999;
const IDLE_WORKER_MS = 60_000;
const MAX_WORKER_FAILURES = 2;

export type LiveCheckOutcome =
  | { status: 'checked'; problems: Problem[]; /** problems found, of which at most the limit are in `problems` */ total: number }
  /** a newer text of the same document was given meanwhile: this answer is not the current one */
  | { status: 'superseded' }
  /** not checked while typing: the text is over the size budget, or (without a worker) the check is too slow */
  | { status: 'save-only'; reason: 'too-large' | 'too-slow' }
  | { status: 'failed'; message: string };

export interface LiveCheckOptions {
  startWorker: () => Worker;
  /** text longer than this is not checked live */
  maxChars?: number;
  /** the most problems an answer carries (the editor shows no more than about a thousand anyway) */
  problemLimit?: number;
  hostCheckMaxChars?: number;
  hostCheckMaxMs?: number;
  idleWorkerMs?: number;
  /** the host-side check, used without a worker */
  checkOnHost?: (baseline: CheckBaseline, text: string) => Problem[];
  onWorkerFailure?: (error: unknown) => void;
}

export interface LazyText {
  length: number;
  read: () => string;
}

interface Job {
  request: number;
  baseline: CheckBaseline;
  text: string;
  resolve: (outcome: LiveCheckOutcome) => void;
}

interface Upload {
  baseline: CheckBaseline;
  worker: Worker;
  id: number;
  /** settles once every message of the baseline is posted (rejects if one could not be) */
  done: Promise<void>;
  complete: boolean;
}

interface Slot {
  /** the newest request for this document: only its answer counts */
  latest: number;
  running?: Job;
  waiting?: Job;
  uploaded?: Upload;
  slowOnHost?: boolean;
}

interface InFlight {
  job: Job;
  slot: Slot;
  resolve: (outcome: LiveCheckOutcome) => void;
}

const SUPERSEDED: LiveCheckOutcome = { status: 'superseded' };

/** The same opened document (callers may build a new CheckBaseline object for each check). */
function sameBaseline(a: CheckBaseline, b: CheckBaseline): boolean {
  return a.kind === b.kind && a.resource === b.resource && a.ctx === b.ctx && a.basis === b.basis;
}
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LiveChecker {
  private readonly slots = new Map<string, Slot>();
  private readonly inFlight = new Map<number, InFlight>();
  private counter = 0;
  private worker: Worker | undefined;
  private workerFailures = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly maxChars: number;
  private readonly problemLimit: number;
  private readonly hostCheckMaxChars: number;
  private readonly hostCheckMaxMs: number;
  private readonly checkOnHost: (baseline: CheckBaseline, text: string) => Problem[];

  constructor(private readonly options: LiveCheckOptions) {
    this.maxChars = options.maxChars ?? LIVE_CHECK_MAX_CHARS;
    this.problemLimit = options.problemLimit ?? Number.MAX_SAFE_INTEGER;
    this.hostCheckMaxChars = options.hostCheckMaxChars ?? HOST_CHECK_MAX_CHARS;
    this.hostCheckMaxMs = options.hostCheckMaxMs ?? HOST_CHECK_MAX_MS;
    this.checkOnHost = options.checkOnHost ?? runCheck;
  }

  /** Whether the worker is out of use (it could not start, or failed too often): checks run on the host. */
  get onHost(): boolean {
    return this.workerFailures >= MAX_WORKER_FAILURES;
  }

  /**
   * Checks `text` of the document `key` against `baseline`; a later call for the same key supersedes this one.
   * The text may be given as its length and a reader, so text over the budget is never read.
   */
  check(key: string, baseline: CheckBaseline, text: string | LazyText): Promise<LiveCheckOutcome> {
    if (this.disposed) return Promise.resolve(SUPERSEDED);
    const slot = this.slots.get(key) ?? { latest: 0 };
    this.slots.set(key, slot);
    const request = ++this.counter;
    slot.latest = request;
    slot.waiting?.resolve(SUPERSEDED);
    slot.waiting = undefined;
    if (text.length > this.maxChars) return Promise.resolve({ status: 'save-only', reason: 'too-large' });
    const content = typeof text === 'string' ? text : text.read();
    return new Promise((resolve) => {
      slot.waiting = { request, baseline, text: content, resolve };
      this.pump(slot);
    });
  }

  /** The document closed: its pending checks are superseded and the worker forgets its baseline. */
  forget(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    slot.latest = -1;
    slot.waiting?.resolve(SUPERSEDED);
    slot.waiting = undefined;
    if (slot.uploaded && slot.uploaded.worker === this.worker) this.post(this.worker, { type: 'forget', baseline: slot.uploaded.id });
    slot.uploaded = undefined;
    if (this.slots.size === 0) this.stopWhenIdle();
  }

  dispose(): void {
    this.disposed = true;
    for (const key of [...this.slots.keys()]) this.forget(key);
    for (const { resolve } of this.inFlight.values()) resolve(SUPERSEDED);
    this.inFlight.clear();
    this.stopWorker();
  }

  private pump(slot: Slot): void {
    if (slot.running || !slot.waiting) return;
    const job = slot.waiting;
    slot.waiting = undefined;
    slot.running = job;
    void this.run(slot, job).then((outcome) => {
      slot.running = undefined;
      job.resolve(job.request === slot.latest ? outcome : SUPERSEDED);
      this.pump(slot);
    });
  }

  /** In the worker; once the worker has the baseline, the text is posted at once, in the caller's turn. */
  private async run(slot: Slot, job: Job): Promise<LiveCheckOutcome> {
    const worker = this.workerToUse();
    if (!worker) return this.runOnHost(slot, job);
    try {
      const uploaded = this.upload(slot, job.baseline, worker);
      if (!uploaded.complete) {
        await uploaded.done;
        if (job.request !== slot.latest) return SUPERSEDED;
        if (worker !== this.worker) return await this.run(slot, job); // it died meanwhile
      }
      return await new Promise<LiveCheckOutcome>((resolve) => {
        this.inFlight.set(job.request, { job, slot, resolve });
        worker.ref();
        this.post(worker, { type: 'check', request: job.request, baseline: uploaded.id, text: job.text, limit: this.problemLimit });
      });
    } catch (error) {
      // the baseline or text cannot be sent (not cloneable): check this one on the host
      this.inFlight.delete(job.request);
      this.options.onWorkerFailure?.(error);
      return this.runOnHost(slot, job);
    }
  }

  private async runOnHost(slot: Slot, job: Job): Promise<LiveCheckOutcome> {
    await nextTurn(); // let a burst of requests collapse into the newest
    if (job.request !== slot.latest) return SUPERSEDED;
    if (slot.slowOnHost || job.text.length > this.hostCheckMaxChars) return { status: 'save-only', reason: 'too-slow' };
    try {
      const started = performance.now();
      const problems = this.checkOnHost(job.baseline, job.text);
      if (performance.now() - started > this.hostCheckMaxMs) slot.slowOnHost = true;
      return { status: 'checked', problems: problems.slice(0, this.problemLimit), total: problems.length };
    } catch (error) {
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Sends the baseline to the worker unless it has it (or is being sent it) already. */
  private upload(slot: Slot, baseline: CheckBaseline, worker: Worker): Upload {
    const known = slot.uploaded;
    if (known && known.worker === worker && sameBaseline(known.baseline, baseline)) return known;
    if (known && known.worker === worker) this.post(worker, { type: 'forget', baseline: known.id });
    const upload: Upload = { baseline, worker, id: ++this.counter, done: Promise.resolve(), complete: false };
    slot.uploaded = upload;
    upload.done = this.postBaseline(slot, upload.id, baseline, worker).then(() => {
      upload.complete = slot.uploaded === upload;
    });
    return upload;
  }

  private async postBaseline(slot: Slot, id: number, baseline: CheckBaseline, worker: Worker): Promise<void> {
    let first = true;
    for (const message of baselineMessages(id, baseline)) {
      if (!first) {
        await nextTurn();
        if (slot.uploaded?.id !== id || worker !== this.worker) return; // replaced meanwhile
      }
      first = false;
      this.post(worker, message);
    }
  }

  private post(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }

  private workerToUse(): Worker | undefined {
    if (this.disposed || this.onHost) return undefined;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.worker) return this.worker;
    let worker: Worker;
    try {
      worker = this.options.startWorker();
    } catch (error) {
      this.workerFailures = MAX_WORKER_FAILURES;
      this.options.onWorkerFailure?.(error);
      return undefined;
    }
    worker.unref();
    worker.on('message', (message: FromWorker) => this.answer(worker, message));
    worker.on('error', (error) => this.failed(worker, error));
    worker.on('exit', (code) => this.failed(worker, new Error(`the live-check worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private answer(worker: Worker, message: FromWorker): void {
    const entry = this.inFlight.get(message.request);
    if (!entry) return;
    this.inFlight.delete(message.request);
    if (this.inFlight.size === 0) worker.unref();
    if (message.type === 'error') {
      entry.resolve({ status: 'failed', message: message.message });
    } else if (entry.job.request !== entry.slot.latest) {
      entry.resolve(SUPERSEDED); // not even parsed
    } else {
      entry.resolve({ status: 'checked', problems: JSON.parse(message.problems) as Problem[], total: message.total });
    }
  }

  /** The worker died (or never started): what it was checking runs again, in a new worker or on the host. */
  private failed(worker: Worker, error: unknown): void {
    if (worker !== this.worker) return; // stopped on purpose, or already handled
    this.worker = undefined;
    this.workerFailures++;
    this.options.onWorkerFailure?.(error);
    const pending = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const { slot, job, resolve } of pending) {
      if (job.request === slot.latest) void this.run(slot, job).then(resolve);
      else resolve(SUPERSEDED);
    }
    void worker.terminate();
  }

  private stopWhenIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.slots.size === 0 && this.inFlight.size === 0) this.stopWorker();
    }, this.options.idleWorkerMs ?? IDLE_WORKER_MS);
    this.idleTimer.unref?.();
  }

  private stopWorker(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) void worker.terminate();
  }
}
