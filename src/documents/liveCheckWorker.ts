// The live-check worker (bundled as dist/liveCheckWorker.js): checks documents off the extension host's
// thread. It keeps each baseline (resource, schema context, basis) the host sent once, and answers each
// check with the problems of the text against that baseline.
import { isLosslessNumber, LosslessNumber } from 'lossless-json';
import type { Resource } from '../cma';
import { workers, type WorkerPort } from '../platform/host';
import { runCheck, type CheckBaseline, type FromWorker, type ToWorker } from './liveCheckProtocol';

type BaselineMessage = Exclude<ToWorker, { type: 'check' | 'forget' }>;

/** The baselines the host sent, rebuilt from their messages (see `baselineMessages`). */
export class BaselineStore {
  private readonly baselines = new Map<number, { baseline: CheckBaseline; fields: Map<string, Resource<'field'>[]> }>();

  get(id: number): CheckBaseline | undefined {
    return this.baselines.get(id)?.baseline;
  }

  forget(id: number): void {
    this.baselines.delete(id);
  }

  receive(message: BaselineMessage): void {
    if (message.type === 'baseline') {
      const fields = new Map<string, Resource<'field'>[]>();
      const baseline: CheckBaseline = {
        kind: message.kind,
        resource: reviveLosslessNumbers(message.resource),
        ctx: { locales: message.locales, itemTypes: [], fieldsOf: (id) => fields.get(id) },
      };
      if (message.basis !== undefined) baseline.basis = reviveLosslessNumbers(message.basis);
      this.baselines.set(message.baseline, { baseline, fields });
      return;
    }
    const stored = this.baselines.get(message.baseline);
    if (!stored) return; // forgotten meanwhile
    switch (message.type) {
      case 'entries': {
        const target = (message.into === 'attributes' ? stored.baseline.resource.attributes : stored.baseline.basis) as object;
        for (const [key, value] of message.entries) {
          Object.defineProperty(target, key, { value: reviveLosslessNumbers(value), enumerable: true, writable: true, configurable: true });
        }
        break;
      }
      case 'itemTypes':
        stored.baseline.ctx.itemTypes.push(...reviveLosslessNumbers(message.itemTypes));
        break;
      case 'fields': {
        const more = reviveLosslessNumbers(message.fields);
        const known = stored.fields.get(message.itemTypeId);
        if (known) known.push(...more);
        else stored.fields.set(message.itemTypeId, more);
        break;
      }
    }
  }
}

export function serve(port: WorkerPort): void {
  const store = new BaselineStore();
  const reply = (message: FromWorker) => port.postMessage(message);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'forget') {
      store.forget(message.baseline);
    } else if (message.type !== 'check') {
      store.receive(message);
    } else {
      const baseline = store.get(message.baseline);
      if (!baseline) {
        reply({ type: 'error', request: message.request, message: `no baseline ${message.baseline}` });
        return;
      }
      try {
        const problems = runCheck(baseline, message.text);
        reply({
          type: 'result',
          request: message.request,
          problems: JSON.stringify(problems.slice(0, message.limit)),
          total: problems.length,
        });
      } catch (error) {
        reply({ type: 'error', request: message.request, message: error instanceof Error ? error.message : String(error) });
      }
    }
  });
}

/**
 * A structured clone keeps a LosslessNumber's own properties (`isLosslessNumber`, `value`) but not its class:
 * such objects become LosslessNumbers again, in place, so exact numbers compare as they do on the host.
 */
export function reviveLosslessNumbers<T>(value: T): T {
  return revive(value, 0) as T;
}

function revive(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || isLosslessNumber(value) || depth > 1000) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i], depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && record['isLosslessNumber'] === true && typeof record['value'] === 'string') {
    try {
      return new LosslessNumber(record['value']);
    } catch {
      return value; // not numeric text: an ordinary object that only looks like one
    }
  }
  for (const key of keys) {
    const revived = revive(record[key], depth + 1);
    if (revived !== record[key]) record[key] = revived;
  }
  return value;
}

const port = workers.port();
if (port) serve(port);
