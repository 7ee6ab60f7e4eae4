// The live-check worker (bundled as dist/liveCheckWorker.js): checks documents off the extension host's
// thread. It keeps each baseline (resource, schema context, basis) the host sent once, and answers each
// check with the problems of the text against that baseline.
import { isLosslessNumber, LosslessNumber } from 'lossless-json';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { Resource } from '../cma/types';
import { runCheck, type CheckBaseline, type FromWorker, type ToWorker } from './liveCheckProtocol';

interface StoredBaseline extends CheckBaseline {
  fields: Map<string, Resource<'field'>[]>;
}

export function serve(port: MessagePort): void {
  const baselines = new Map<number, StoredBaseline>();
  const reply = (message: FromWorker) => port.postMessage(message);
  port.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'baseline': {
        const fields = new Map<string, Resource<'field'>[]>();
        const itemTypes = reviveLosslessNumbers(message.itemTypes);
        baselines.set(message.baseline, {
          kind: message.kind,
          resource: reviveLosslessNumbers(message.resource),
          basis: reviveLosslessNumbers(message.basis),
          ctx: { locales: message.locales, itemTypes, fieldsOf: (id) => fields.get(id) },
          fields,
        });
        break;
      }
      case 'fields': {
        const fields = baselines.get(message.baseline)?.fields;
        if (!fields) break;
        const known = fields.get(message.itemTypeId);
        const more = reviveLosslessNumbers(message.fields);
        if (known) known.push(...more);
        else fields.set(message.itemTypeId, more);
        break;
      }
      case 'check': {
        const baseline = baselines.get(message.baseline);
        if (!baseline) {
          reply({ type: 'error', request: message.request, message: `no baseline ${message.baseline}` });
          break;
        }
        try {
          const problems = runCheck(baseline, message.text);
          reply({ type: 'result', request: message.request, problems: JSON.stringify(problems.slice(0, message.limit)), total: problems.length });
        } catch (error) {
          reply({ type: 'error', request: message.request, message: error instanceof Error ? error.message : String(error) });
        }
        break;
      }
      case 'forget':
        baselines.delete(message.baseline);
        break;
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
  for (const key of keys) record[key] = revive(record[key], depth + 1);
  return value;
}

if (parentPort) serve(parentPort);
