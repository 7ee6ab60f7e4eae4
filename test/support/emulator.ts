// One emulator for a test file (or a describe block): started before its tests, closed after them, with a
// client of the API for it. Called at the top of a file the hooks are the file's; inside `describe`, that block's.
import { after, before, beforeEach } from 'node:test';
import { CmaClient, closeAllDispatchers, type ClientOptions } from '../../src/cma';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator';

/** Job polling for emulators whose jobs take a few milliseconds (`jobDurationMs: 5`). */
export const QUICK_JOBS = { firstDelayMs: 5, maxDelayMs: 20 } as const;

export interface EmulatorSetup {
  readonly emulator: Emulator;
  /** A client of the emulated project, made on first use: one attempt per request unless `client` says otherwise. */
  readonly client: CmaClient;
}

export interface UseEmulatorOptions extends EmulatorOptions {
  /** The client's options besides its token and base URL; they replace the default `retry: { maxAttempts: 1 }` key by key. */
  client?: Omit<ClientOptions, 'apiToken' | 'baseUrl'>;
  /** What each test starts without: faults left by an earlier test, the requests it made, the latency it set. */
  reset?: readonly ('faults' | 'requests' | 'latency')[];
}

/**
 * Registers the hooks and returns the set-up, whose fields are there from `before` on. `started` runs inside
 * that `before`: set-up that needs the emulator belongs there, since at a file's top level Node 20 does not wait
 * for one `before` hook before starting the next.
 */
export function useEmulator(options: UseEmulatorOptions = {}, started?: (setup: EmulatorSetup) => unknown): EmulatorSetup {
  const { client: clientOptions, reset = [], ...emulatorOptions } = options;
  let emulator: Emulator | undefined;
  let client: CmaClient | undefined;
  const setup: EmulatorSetup = {
    get emulator() {
      if (!emulator) throw new Error('The emulator starts in the before() hook: use it inside a test or a hook.');
      return emulator;
    },
    get client() {
      const { token, url } = setup.emulator;
      return (client ??= new CmaClient({ retry: { maxAttempts: 1 }, ...clientOptions, apiToken: token, baseUrl: url }));
    },
  };

  before(async () => {
    emulator = await startEmulator(emulatorOptions);
    await started?.(setup);
  });
  after(async () => {
    await emulator?.close();
    await closeAllDispatchers();
  });
  if (reset.length > 0) {
    beforeEach(() => {
      if (reset.includes('faults')) setup.emulator.faults.clear();
      if (reset.includes('requests')) setup.emulator.clearRequests();
      if (reset.includes('latency')) setup.emulator.setLatency(emulatorOptions.latencyMs ?? 0);
    });
  }
  return setup;
}
