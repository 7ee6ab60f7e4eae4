// Worker threads: a bundled script started beside the extension's bundles, and messages both ways (copies, never
// shared objects). The scripts are entries of esbuild.mjs; the Node implementation runs them as worker_threads.

/** The worker scripts the build makes (dist/<name>.js). */
type WorkerScript = 'liveCheckWorker' | 'graphqlUsageWorker';

/** What a worker tells its listeners: a message (typed by the protocol its listener names), its failure, its end. */
interface WorkerEvents {
  message: never;
  error: Error;
  exit: number;
}

/** The extension's side of a worker. `ref`/`unref` say whether an awaited answer keeps the process alive. */
export interface HostWorker {
  postMessage(message: unknown): void;
  on<E extends keyof WorkerEvents>(event: E, listener: (value: WorkerEvents[E]) => void): unknown;
  ref(): void;
  unref(): void;
  terminate(): Promise<number>;
}

/** The worker's side: its port to the extension. */
export interface WorkerPort {
  postMessage(message: unknown): void;
  on<E extends 'message'>(event: E, listener: (value: WorkerEvents[E]) => void): unknown;
}

export interface HostWorkers {
  start(script: WorkerScript): HostWorker;
  /** Inside a worker, its port to the extension; undefined elsewhere (a test loading the script, the extension). */
  port(): WorkerPort | undefined;
}
