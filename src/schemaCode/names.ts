// The order of api_key changes. The API keeps api_keys unique (a model's among all models and block
// models, a field's within its model) at every request, so a rename into a name something else still holds
// is refused: what only the target has gives the name up first (renamed to `<name>_old`, then deleted or
// kept), renames that swap or rotate names pass through a temporary `<name>_tmp`, and a chain of renames
// runs from its free end. No vscode import.
import type { ModelPair, SchemaDiff } from './diff';

/** One api_key in a name space: what the target calls it now, what the source calls it (none: only the target has it). */
export interface NameSlot {
  /** the pair's key (its name in references) */
  key: string;
  current?: string;
  final?: string;
}

export interface NameMove {
  key: string;
  from: string;
  to: string;
  /** vacate: what only the target has leaves a name the source uses; temporary: a step of a swap; final: the rename itself */
  kind: 'vacate' | 'temporary' | 'final';
}

/** The renames of one name space, in an order where each takes a free name. `reserved` names never move. */
export function scheduleNames(slots: NameSlot[], reserved: string[] = []): NameMove[] {
  const holder = new Map<string, string>();
  const now = new Map<string, string>();
  for (const slot of slots)
    if (slot.current !== undefined) {
      holder.set(slot.current, slot.key);
      now.set(slot.key, slot.current);
    }
  for (const name of reserved) if (!holder.has(name)) holder.set(name, '');
  const needed = new Set(slots.flatMap((s) => (s.final === undefined ? [] : [s.final])));
  const taken = new Set([...holder.keys(), ...needed]);
  const freeName = (base: string, suffix: string): string => {
    for (let n = 1; ; n += 1) {
      const name = `${base}_${suffix}${n === 1 ? '' : n}`;
      if (!taken.has(name)) {
        taken.add(name);
        return name;
      }
    }
  };
  const moves: NameMove[] = [];
  const move = (slot: NameSlot, to: string, kind: NameMove['kind']) => {
    const from = now.get(slot.key)!;
    holder.delete(from);
    holder.set(to, slot.key);
    now.set(slot.key, to);
    moves.push({ key: slot.key, from, to, kind });
  };
  for (const slot of slots)
    if (slot.final === undefined && slot.current !== undefined && needed.has(slot.current))
      move(slot, freeName(slot.current, 'old'), 'vacate');
  const pending = slots.filter((s) => s.final !== undefined && s.current !== undefined && s.current !== s.final);
  while (pending.length > 0) {
    const ready = pending.findIndex((s) => !holder.has(s.final!));
    if (ready !== -1) {
      const [slot] = pending.splice(ready, 1);
      move(slot!, slot!.final!, 'final');
      continue;
    }
    // every rename left waits for a name another one holds: a swap or rotation, broken by a temporary name
    const blocker = pending.find((s) => pending.some((other) => other !== s && other.final === now.get(s.key)));
    if (!blocker) {
      // held by something no rename frees (a reserved name): sent as is, the API says what is wrong
      for (const slot of pending.splice(0)) move(slot, slot.final!, 'final');
      break;
    }
    move(blocker, freeName(now.get(blocker.key)!, 'tmp'), 'temporary');
  }
  return moves;
}

/** The renames of models (one name space) and of each model's fields (one per model), in that order. */
export function namesPlan(diff: SchemaDiff): { models: NameMove[]; fields: Map<ModelPair, NameMove[]> } {
  // models left out of the comparison (the CLI's migrations log) still hold their names
  const compared = new Set(diff.models.flatMap((m) => (m.target ? [m.target.apiKey] : [])));
  const models = scheduleNames(
    diff.models.map((m) => ({ key: m.key, current: m.target?.apiKey, final: m.source?.apiKey })),
    diff.target.models.map((m) => m.apiKey).filter((k) => !compared.has(k)),
  );
  const fields = new Map<ModelPair, NameMove[]>();
  for (const model of diff.models) {
    if (!model.source || !model.target) continue;
    const moves = scheduleNames(model.fields.map((f) => ({ key: f.key, current: f.target?.apiKey, final: f.source?.apiKey })));
    if (moves.length > 0) fields.set(model, moves);
  }
  return { models, fields };
}

/** The name each item only the target has keeps if it is not deleted (it gives its own to a new item). */
export function keptNames(diff: SchemaDiff): Map<string, string> {
  const { models, fields } = namesPlan(diff);
  const kept = new Map<string, string>();
  for (const move of [...models, ...[...fields.values()].flat()]) if (move.kind === 'vacate') kept.set(move.key, move.to);
  return kept;
}
