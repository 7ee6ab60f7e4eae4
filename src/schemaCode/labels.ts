// How the migration's steps and the removals name models and fields (English: the script's log lines and
// its comments are code, not the extension's interface). No vscode import.
import type { Pair } from './diff';
import { isBlockModel, type FieldSnapshot, type ModelSnapshot, snapshotLabel, snapshotName } from './snapshot';

export function modelLabel(model: ModelSnapshot): string {
  return `"${snapshotName(model)}" (${model.apiKey})`;
}

export function kindOf(model: ModelSnapshot): string {
  return isBlockModel(model) ? 'block model' : 'model';
}

export function fieldLabel(field: FieldSnapshot, modelApiKey: string): string {
  return `field "${snapshotLabel(field)}" (${modelApiKey}.${field.apiKey})`;
}

export function renameNote(pair: Pair<ModelSnapshot> | Pair<FieldSnapshot>): string {
  const before = pair.target?.apiKey;
  const after = pair.source?.apiKey;
  return before !== undefined && after !== undefined && before !== after ? ` (renamed from ${before})` : '';
}
