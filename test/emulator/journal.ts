// Every request the emulator received, numbered, kept apart from the request log that tests clear: the real-host
// checks read "what reached DatoCMS since request n" without racing a test's own clears, and tell the extension's
// requests (its user agent) from a test's colleague writing straight to the CMA.
import type { EmulatorRequest } from './types.js';

/** The most entries kept: older ones go first (a reader that asks for them learns how many it missed). */
const KEPT = 20_000;

export interface JournalEntry {
  seq: number;
  /** milliseconds since the epoch, when the request arrived */
  at: number;
  /** the request's User-Agent ("datocms-explorer/…" for the extension) */
  agent: string;
  request: EmulatorRequest;
}

export class RequestJournal {
  private readonly entries: JournalEntry[] = [];
  private total = 0;

  add(request: EmulatorRequest, agent: string | undefined): void {
    this.entries.push({ seq: ++this.total, at: Date.now(), agent: agent ?? '', request });
    if (this.entries.length > KEPT) this.entries.splice(0, this.entries.length - KEPT);
  }

  /** The requests after number `since` (their status as answered so far; bodies of reads left out), and the count of all. */
  since(since: number): { total: number; missed: number; requests: object[] } {
    const first = this.entries[0]?.seq ?? this.total + 1;
    const from = this.entries.findIndex((entry) => entry.seq > since);
    const kept = from < 0 ? [] : this.entries.slice(from);
    return {
      total: this.total,
      missed: Math.max(0, first - since - 1),
      requests: kept.map(({ seq, at, agent, request }) => ({
        seq,
        at,
        agent,
        method: request.method,
        path: request.path,
        query: request.query,
        status: request.status,
        environment: request.environment,
        ...(request.method === 'GET' ? {} : { body: request.body }),
      })),
    };
  }
}
