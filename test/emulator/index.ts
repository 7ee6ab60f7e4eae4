// The DatoCMS CMA emulator: a real HTTP server on 127.0.0.1 with a deterministic,
// in-memory "Emulated Bistro" project. See README.md for the seed and the fault API.
import { startEmulatorServer } from './server.js';
import type { Emulator, EmulatorOptions } from './types.js';

export type { Emulator, EmulatorOptions, EmulatorRequest, FaultKind, FaultRule } from './types.js';
export type { EmulatorStore, EnvironmentData, StoredItem, ItemMeta } from './store.js';

export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulatorServer(options);
}
