// The emulator's request journal as the explorer reads it (test/host/lib/sentinel.mjs): where it stands, and what
// the extension (not the colleague) sent since.
import type { JournalRequest } from '../lib/sentinel.mjs' with { 'resolution-mode': 'import' };
import { config } from '../suite/helpers';

const lib = () => import('../lib/sentinel.mjs');

export const sessionJournal = {
  async cursor(): Promise<number> {
    return (await (await lib()).journalSince(config().emulatorUrl, Number.MAX_SAFE_INTEGER)).total;
  },
  async since(cursor: number): Promise<JournalRequest[]> {
    return (await (await lib()).journalSince(config().emulatorUrl, cursor)).requests;
  },
  async extensionSince(cursor: number): Promise<JournalRequest[]> {
    const { isExtensionRequest } = await lib();
    return (await this.since(cursor)).filter(isExtensionRequest);
  },
};

/** The requests that change something: not reads, and not GraphQL queries (POSTs that only read). */
export const isWrite = (r: JournalRequest) => r.method !== 'GET' && r.method !== 'HEAD' && !r.path.startsWith('/cda');
