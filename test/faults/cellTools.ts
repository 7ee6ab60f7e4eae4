// What every cell of the fault matrix uses: arming a fault on a request target, counting the requests and the
// client's retries, and the notification a failure shows. The cells are in readCells.ts and saveCells.ts.
import type { RequestLogEntry } from '../../src/cma';
import { reportError } from '../../src/platform/errors';
import type { FaultRule } from '../emulator/index';
import { NotificationRecorder, SHORT_TIMEOUT_MS, t, type World } from './world';
import type { FaultId } from './cases';

export interface Target {
  method: string;
  path: string | RegExp;
}

/** The emulator rule that produces a fault on a target. */
function faultRule(fault: FaultId, target: Target, serverValidates: boolean): FaultRule | undefined {
  const at = { method: target.method, path: target.path };
  switch (fault) {
    case 'rate429':
      return { kind: 'rate_limit', resetSeconds: 0.05, ...at };
    case 'server500':
      return { kind: 'server_error', ...at };
    case 'html502':
      return { kind: 'bad_gateway_html', ...at };
    case 'transient422':
      return { kind: 'transient', ...at };
    case 'timeout':
      return { kind: 'timeout', delayMs: 10_000, ...at };
    case 'reset':
      return { kind: 'reset', ...at };
    case 'malformed':
      return { kind: 'malformed_json', ...at };
    case 'unauthorized401':
      return { kind: 'unauthorized', ...at };
    case 'notFound404':
      return { kind: 'not_found', ...at };
    case 'jobFailure':
      return { kind: 'job_failure', ...at };
    // Server-side validation of reads (a filter the API refuses) and of models, fields and webhooks (rules the extension does not check first)
    case 'validation422':
      return serverValidates
        ? undefined
        : { kind: 'server_error', status: 422, code: target.method === 'GET' ? 'INVALID_PARAMS' : 'INVALID_FIELD', ...at };
    case 'stale':
      return undefined; // made by a colleague's change, not by the server failing
  }
}

export function countAt(world: World, target: Target): number {
  return world.emulator.requests.filter(
    (r) => r.method === target.method && (typeof target.path === 'string' ? r.path === target.path : target.path.test(r.path)),
  ).length;
}

/**
 * Writes the server applied: PUTs it accepted, minus the one a fault answered (the emulator answers a
 * faulted request instead of handling it, even when the fault's status is 200 as with malformed JSON).
 */
export function appliedWrites(world: World, write: Target, faulted: boolean): number {
  const puts = world.emulator.requests.filter((r) => r.method === write.method && r.path === write.path);
  return puts.slice(faulted ? 1 : 0).filter((r) => r.status === 200 || r.status === 202).length;
}

export function retriesIn(log: RequestLogEntry[]): number {
  return log.filter((entry) => entry.retryInMs !== undefined).length;
}

/** The notification a failure shows (src/platform/errors.ts) with the actions the calling site passes. */
export async function notification(
  world: World,
  whatFailed: string,
  error: unknown,
  actions: { signIn: boolean; retry: boolean },
): Promise<{ message: string; actions: string[] }> {
  const ui = new NotificationRecorder(world.transcript);
  await reportError(ui, t, whatFailed, error, {
    showLog: () => undefined,
    ...(actions.signIn ? { signInAgain: () => undefined } : {}),
    ...(actions.retry ? { retry: () => undefined } : {}),
  });
  const shown = ui.shown[0];
  return shown ? { message: shown.message, actions: shown.actions } : { message: '', actions: [] };
}

/** Clears the request log and arms the fault; returns the rule (none: the cell's edit or a colleague makes the fault). */
export function arm(world: World, fault: FaultId, target: Target, serverValidates = false): FaultRule | undefined {
  world.emulator.faults.clear();
  world.emulator.clearRequests();
  const rule = faultRule(fault, target, serverValidates);
  if (rule) world.emulator.faults.add(rule);
  return rule;
}

export function timeoutFor(fault: FaultId): number | undefined {
  return fault === 'timeout' ? SHORT_TIMEOUT_MS : undefined;
}
