// The clients of the signed-in projects (one per project: its token) and their cached data (one per
// environment). No vscode import, so it is tested in plain Node; the registry owns one.
//
// Forgetting a project (sign out, token replaced) retires its client at once: every request of it, in
// flight or waiting, ends with CancelledError, and a load that started before cannot cache a client or
// data that still holds the old token.
import type { CmaClient } from '../cma';
import { ProjectData } from './projectData';

/** Makes a project's client; the client must end its calls when `lifetime` aborts (ClientOptions.signal). */
export type ClientFactory = (projectKey: string, lifetime: AbortSignal) => Promise<CmaClient>;

interface Entry {
  lifetime: AbortController;
  client: Promise<CmaClient>;
  data: Map<string, ProjectData>;
}

export class ProjectClients {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly createClient: ClientFactory) {}

  /** The cached data of a project in an environment, made (with the project's client) on first use. */
  async data(key: string, environment: string): Promise<ProjectData> {
    for (;;) {
      const entry = this.entryOf(key);
      const cached = entry.data.get(environment);
      if (cached) return cached;
      const client = await entry.client;
      // Forgotten while the client was being made: its token may be gone. Start again with what is current.
      if (this.entries.get(key) !== entry) continue;
      let data = entry.data.get(environment);
      if (!data) entry.data.set(environment, (data = new ProjectData(client.withEnvironment(environment))));
      return data;
    }
  }

  /** Drops a project's client and data and ends their requests. */
  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.lifetime.abort();
  }

  /** The user acted: what the budget stopped may run again (see cma/budget.ts). */
  resetBudgets(): void {
    for (const entry of this.entries.values())
      void entry.client.then(
        (client) => client.resetBudget(),
        () => undefined,
      );
  }

  /** Every cached schema is read again on next use (the clients stay). */
  invalidateAll(): void {
    for (const entry of this.entries.values()) for (const data of entry.data.values()) data.invalidate();
  }

  dispose(): void {
    for (const key of [...this.entries.keys()]) this.forget(key);
  }

  private entryOf(key: string): Entry {
    const existing = this.entries.get(key);
    if (existing) return existing;
    const lifetime = new AbortController();
    const entry: Entry = { lifetime, client: this.createClient(key, lifetime.signal), data: new Map() };
    this.entries.set(key, entry);
    entry.client.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }
}
