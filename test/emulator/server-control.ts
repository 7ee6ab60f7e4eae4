// The loopback control endpoints under /_emulator (no CMA auth): a test or a host process outside this one reads
// the request log and what the asset storage received, adds or clears faults and sets the latency through them.
import type { Reply } from './reply.js';
import type { RequestJournal } from './journal.js';
import type { Emulator, FaultRule } from './types.js';

export function answerControl(
  emulator: Emulator & { journal: RequestJournal },
  method: string,
  path: string,
  rawBody: string,
  search = '',
): Reply {
  const parse = (): Record<string, unknown> => {
    try {
      const value: unknown = JSON.parse(rawBody || '{}');
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      /* answered below */
    }
    throw new Error('expected a JSON object body');
  };
  try {
    if (path === '/_emulator/requests' && method === 'GET') return { status: 200, body: emulator.requests };
    // every request after number `since`, whatever the clears (journal.ts)
    if (path === '/_emulator/journal' && method === 'GET') {
      const since = Number(new URLSearchParams(search).get('since') ?? '0');
      if (!Number.isInteger(since) || since < 0) throw new Error('since: expected a request number');
      return { status: 200, body: emulator.journal.since(since) };
    }
    if (path === '/_emulator/requests' && method === 'DELETE') {
      emulator.clearRequests();
      return { status: 204 };
    }
    if (path === '/_emulator/faults' && method === 'DELETE') {
      emulator.faults.clear();
      return { status: 204 };
    }
    if (path === '/_emulator/faults' && method === 'POST') {
      const body = parse();
      const rawPath = body.path;
      const rulePath =
        rawPath && typeof rawPath === 'object' && typeof (rawPath as { regex?: unknown }).regex === 'string'
          ? new RegExp((rawPath as { regex: string }).regex)
          : typeof rawPath === 'string'
            ? rawPath
            : undefined;
      emulator.faults.add({ ...(body as unknown as FaultRule), path: rulePath });
      return { status: 201, body: { ok: true } };
    }
    // what the asset storage received (header names, sizes, outcomes; never a URL or a header value)
    if (path === '/_emulator/storage-requests' && method === 'GET') return { status: 200, body: emulator.uploadStorage.requests };
    if (path === '/_emulator/storage-requests' && method === 'DELETE') {
      emulator.uploadStorage.requests.length = 0;
      return { status: 204 };
    }
    if (path === '/_emulator/latency' && method === 'PUT') {
      emulator.setLatency(Number(parse().ms));
      return { status: 204 };
    }
    return { status: 404, body: { error: `No control endpoint ${method} ${path}` } };
  } catch (error) {
    return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}
