// What the publishing tests read from the emulator's store and hand to the publishing actions.
import type { RecordRef, RecordTarget } from '../../src/records/recordActions';
import type { Emulator } from '../emulator';
import type { StoredItem } from '../emulator/store';

/** The stored records of a model in the primary environment, those with `status` when given. */
export function storedRecords(emulator: Emulator, modelApiKey: string, status?: StoredItem['meta']['status']): StoredItem[] {
  const env = emulator.store.environment();
  const model = emulator.store.itemType(env, modelApiKey)!;
  return (env.recordsByType.get(model.id) ?? []).filter((r) => status === undefined || r.meta.status === status);
}

/** A stored record as the publishing actions receive it (from the tree or an editor). */
export function recordTarget(item: StoredItem, modelApiKey: string): RecordTarget {
  const ref: RecordRef = { project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey, id: item.id };
  return { ref, title: `${modelApiKey} ${item.id}` };
}
