// The steps of a migration, as the plan orders them and the script writes them. No vscode import.
import type { Ref } from './diff';

export type Step =
  /**
   * looks up the id of something that exists before the migration, by its name there; a fieldset (no
   * api_key) by the id both environments share when they do (a fork keeps ids), else by its title
   */
  | { kind: 'lookup'; ref: Ref; find: { model: string; field?: string; fieldsetTitle?: string; fieldsetId?: string } }
  | { kind: 'createModel'; ref: Ref; label: string; body: Record<string, unknown> }
  | { kind: 'updateModel'; ref: Ref; label: string; body: Record<string, unknown> }
  | { kind: 'createFieldset'; ref: Ref; model: Ref; label: string; body: Record<string, unknown> }
  | { kind: 'updateFieldset'; ref: Ref; label: string; body: Record<string, unknown> }
  | { kind: 'createField'; ref: Ref; model: Ref; label: string; body: Record<string, unknown> }
  | { kind: 'updateField'; ref: Ref; label: string; body: Record<string, unknown> }
  /** puts the model's fields in this order (what the model has beyond them keeps its place after them) */
  | { kind: 'orderFields'; model: Ref; label: string; fields: Ref[] }
  | { kind: 'deleteField'; ref: Ref; label: string }
  | { kind: 'deleteFieldset'; ref: Ref; label: string }
  | { kind: 'deleteModel'; ref: Ref; label: string };
