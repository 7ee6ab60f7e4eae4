// The steps that turn the target environment's schema into the source's, in an order the API accepts:
// model renames and updates, then new models (without their field links) and fieldsets, then fields (a
// field another one names first), then each model's title/image/ordering links, field order, and last the
// deletes (fields, fieldsets, then models, a model before the models it links to). No vscode import.
import { isPlainObject, Ref, type ModelPair, type Pair, type SchemaDiff } from './diff';
import { fieldsetTitle, isBlockModel, MODEL_FIELD_LINKS, type FieldSnapshot, type ModelSnapshot } from './snapshot';

/** Model attributes sent with its field links, once the fields exist (ordering rules span them). */
const LINKED_MODEL_ATTRIBUTES = ['ordering_direction', 'ordering_meta', 'sortable', 'tree'] as const;
const LINKED = new Set<string>([...MODEL_FIELD_LINKS, ...LINKED_MODEL_ATTRIBUTES]);

export type Step =
  /** looks up the id of something that exists before the migration, by its name there */
  | { kind: 'lookup'; ref: Ref; find: { model: string; field?: string; fieldsetTitle?: string } }
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

export interface PlanOptions {
  /** include the deletes of what only the target has (default true) */
  deletes?: boolean;
}

/** What only the target has: the migration would delete it. Flagged before writing, never deleted silently. */
export interface Removal {
  what: 'model' | 'block model' | 'field' | 'fieldset';
  /** e.g. `Article (article)`, `Subtitle (article.subtitle)` */
  label: string;
}

export function removalsOf(diff: SchemaDiff): Removal[] {
  return diff.models.flatMap((model): Removal[] => {
    if (model.kind === 'removed')
      return [{ what: isBlockModel(model.target!) ? 'block model' : 'model', label: modelLabel(model.target!) }];
    return [
      ...model.fieldsets
        .filter((p) => p.kind === 'removed')
        .map((p): Removal => ({ what: 'fieldset', label: `${fieldsetTitle(p.target!)} (${model.key})` })),
      ...model.fields
        .filter((p) => p.kind === 'removed')
        .map((p): Removal => ({
          what: 'field',
          label: `"${String(p.target!.attributes['label'] ?? p.target!.apiKey)}" (${model.target!.apiKey}.${p.target!.apiKey})`,
        })),
    ];
  });
}

export function planMigration(diff: SchemaDiff, options: PlanOptions = {}): Step[] {
  const deletes = options.deletes ?? true;
  const early: Step[] = [];
  const creates: Step[] = [];
  const fieldsetSteps: Step[] = [];
  const fieldSteps: Step[] = [];
  const late: Step[] = [];
  const removes: Step[] = [];
  // what the migration creates: an update naming one of these waits until it exists
  const created = new Set<string>();
  for (const model of diff.models) {
    if (model.kind === 'added') created.add(`model:${model.key}`);
    for (const f of model.fields) if (f.kind === 'added') created.add(`field:${f.key}`);
    for (const f of model.fieldsets) if (f.kind === 'added') created.add(`fieldset:${f.key}`);
  }
  for (const model of diff.models) {
    const ref = new Ref('model', model.key);
    if (model.kind === 'added') {
      const { immediate, linked } = splitModelBody(model.sourceValue!, Object.keys(model.sourceValue!), true);
      creates.push({ kind: 'createModel', ref, label: `Create ${kindOf(model.source!)} ${modelLabel(model.source!)}`, body: immediate });
      if (Object.keys(linked).length > 0)
        late.push({ kind: 'updateModel', ref, label: `Set the field links of ${modelLabel(model.source!)}`, body: linked });
    } else if (model.kind !== 'removed' && model.source) {
      const { immediate, linked } = splitModelBody(model.sourceValue!, model.changed, false);
      if (Object.keys(immediate).length > 0)
        early.push({
          kind: 'updateModel',
          ref,
          label: `Update ${kindOf(model.source)} ${modelLabel(model.source)}${renameNote(model)}`,
          body: immediate,
        });
      if (Object.keys(linked).length > 0)
        late.push({ kind: 'updateModel', ref, label: `Update the field links of ${modelLabel(model.source)}`, body: linked });
    }
    if (model.kind === 'removed') {
      if (deletes) removes.push({ kind: 'deleteModel', ref, label: `Delete ${kindOf(model.target!)} ${modelLabel(model.target!)}` });
      continue;
    }
    for (const fieldset of model.fieldsets) {
      const fieldsetRef = new Ref('fieldset', fieldset.key);
      if (fieldset.kind === 'added')
        fieldsetSteps.push({
          kind: 'createFieldset',
          ref: fieldsetRef,
          model: ref,
          label: `Create fieldset "${fieldsetTitle(fieldset.source!)}" in ${model.key}`,
          body: fieldset.sourceValue!,
        });
      else if (fieldset.kind === 'changed')
        fieldsetSteps.push({
          kind: 'updateFieldset',
          ref: fieldsetRef,
          label: `Update fieldset "${fieldsetTitle(fieldset.source!)}" in ${model.key}`,
          body: pick(fieldset.sourceValue!, fieldset.changed),
        });
      else if (fieldset.kind === 'removed' && deletes)
        removes.push({
          kind: 'deleteFieldset',
          ref: fieldsetRef,
          label: `Delete fieldset "${fieldsetTitle(fieldset.target!)}" of ${model.key}`,
        });
    }
    const modelFieldSteps: Step[] = [];
    for (const field of model.fields) {
      const fieldRef = new Ref('field', field.key);
      if (field.kind === 'added') {
        modelFieldSteps.push({
          kind: 'createField',
          ref: fieldRef,
          model: ref,
          label: `Create ${fieldLabel(field.source!, model.key)}`,
          body: createFieldBody(field.sourceValue!),
        });
      } else if (field.kind === 'changed') {
        const body = pick(field.sourceValue!, field.changed);
        const label = `Update ${fieldLabel(field.source!, model.key)}${renameNote(field)}`;
        // a rename goes before the creates (a new field may take the old name); what names something new after them
        const now = Object.fromEntries(Object.entries(body).filter(([, value]) => !namesAny(value, created)));
        const later = Object.fromEntries(Object.entries(body).filter(([, value]) => namesAny(value, created)));
        if (Object.keys(now).length > 0) early.push({ kind: 'updateField', ref: fieldRef, label, body: now });
        if (Object.keys(later).length > 0)
          modelFieldSteps.push({ kind: 'updateField', ref: fieldRef, label: `${label}: ${Object.keys(later).join(', ')}`, body: later });
      } else if (field.kind === 'removed' && deletes) {
        removes.push({ kind: 'deleteField', ref: fieldRef, label: `Delete ${fieldLabel(field.target!, model.target!.apiKey)}` });
      }
    }
    const ordered = inDependencyOrder(modelFieldSteps);
    fieldSteps.push(...ordered);
    // the API puts a new field last: put new and moved fields where the source has them
    const kept = (model.target?.fields ?? []).map((f) => model.fields.find((p) => p.target === f)!).filter((p) => p.source || !deletes);
    const newFields = ordered.filter((s) => s.kind === 'createField').map((s) => (s as { ref: Ref }).ref.key);
    const after = [...kept.map((p) => p.key), ...newFields];
    const wanted = [...model.fields.filter((f) => f.source).map((f) => f.key), ...kept.filter((p) => !p.source).map((p) => p.key)];
    if (model.source && after.some((key, i) => key !== wanted[i])) {
      late.push({
        kind: 'orderFields',
        model: ref,
        label: `Order the fields of ${modelLabel(model.source)}`,
        fields: model.fields.filter((f) => f.source).map((f) => new Ref('field', f.key)),
      });
    }
  }
  const lookups = lookupsFor(diff, [...early, ...creates, ...fieldsetSteps, ...fieldSteps, ...late, ...removes]);
  return [...lookups, ...early, ...creates, ...fieldsetSteps, ...fieldSteps, ...late, ...orderModelDeletes(removes, diff)];
}

/** A model's attributes now; its field links (and the ordering settings that go with them) once the fields exist. */
function splitModelBody(
  value: Record<string, unknown>,
  names: string[],
  isNew: boolean,
): { immediate: Record<string, unknown>; linked: Record<string, unknown> } {
  const immediate: Record<string, unknown> = {};
  const linked: Record<string, unknown> = {};
  for (const name of names) {
    if (!(name in value)) continue;
    if (LINKED.has(name)) linked[name] = value[name];
    else immediate[name] = value[name];
  }
  if (isNew) {
    // a new model: only the links and ordering that are not the defaults
    for (const name of Object.keys(linked)) if (linked[name] === null || linked[name] === false) delete linked[name];
    if (!('ordering_field' in linked) && !('ordering_meta' in linked)) delete linked['ordering_direction'];
  }
  return { immediate, linked };
}

/** Steps that look up (by name, before anything changes) the ids of existing things the other steps use. */
function lookupsFor(diff: SchemaDiff, steps: Step[]): Step[] {
  const used = new Map<string, Ref>();
  const visit = (value: unknown): void => {
    if (value instanceof Ref) used.set(`${value.kind}:${value.key}`, value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isPlainObject(value)) Object.values(value).forEach(visit);
  };
  for (const step of steps) visit(step);
  const lookups: Step[] = [];
  for (const model of diff.models) {
    if (!model.target) continue;
    const targetModel = model.target.apiKey;
    if (used.has(`model:${model.key}`)) lookups.push({ kind: 'lookup', ref: new Ref('model', model.key), find: { model: targetModel } });
    for (const f of model.fieldsets)
      if (f.target && used.has(`fieldset:${f.key}`))
        lookups.push({
          kind: 'lookup',
          ref: new Ref('fieldset', f.key),
          find: { model: targetModel, fieldsetTitle: fieldsetTitle(f.target) },
        });
    for (const f of model.fields)
      if (f.target && used.has(`field:${f.key}`))
        lookups.push({ kind: 'lookup', ref: new Ref('field', f.key), find: { model: targetModel, field: f.target.apiKey } });
  }
  return lookups;
}

/** Creates and updates of one model's fields, a field named by another's validators (a slug's title) first. */
function inDependencyOrder(steps: Step[]): Step[] {
  const ordered: Step[] = [];
  const pending = [...steps];
  while (pending.length > 0) {
    const index = pending.findIndex(
      (step) =>
        !('body' in step) ||
        !pending.some(
          (other) => other !== step && other.kind === 'createField' && namesAny(step.body, new Set([`field:${other.ref.key}`])),
        ),
    );
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    ordered.push(next!);
  }
  return ordered;
}

/** Deletes of fields, then fieldsets, then models: a model before the models its fields link to. */
function orderModelDeletes(removes: Step[], diff: SchemaDiff): Step[] {
  const models = removes.filter((s) => s.kind === 'deleteModel');
  const linksOf = new Map<string, Set<string>>();
  for (const model of diff.models) {
    if (model.kind !== 'removed') continue;
    const linked = new Set<string>();
    const visit = (value: unknown): void => {
      if (value instanceof Ref && value.kind === 'model' && value.key !== model.key) linked.add(value.key);
      else if (Array.isArray(value)) value.forEach(visit);
      else if (isPlainObject(value)) Object.values(value).forEach(visit);
    };
    for (const f of model.fields) visit(f.targetValue);
    linksOf.set(model.key, linked);
  }
  const ordered: Step[] = [];
  const pending = [...models];
  while (pending.length > 0) {
    // the next model no other pending model links to
    const index = pending.findIndex(
      (step) =>
        !pending.some((other) => other !== step && 'ref' in other && linksOf.get(other.ref.key)?.has((step as { ref: Ref }).ref.key)),
    );
    ordered.push(...pending.splice(index === -1 ? 0 : index, 1));
  }
  return [...removes.filter((s) => s.kind === 'deleteField'), ...removes.filter((s) => s.kind === 'deleteFieldset'), ...ordered];
}

/** Whether the value names one of `keys` (`model:author`, `field:article::title`, `fieldset:article/SEO`). */
function namesAny(value: unknown, keys: Set<string>): boolean {
  if (value instanceof Ref) return keys.has(`${value.kind}:${value.key}`);
  if (Array.isArray(value)) return value.some((v) => namesAny(v, keys));
  if (isPlainObject(value)) return Object.values(value).some((v) => namesAny(v, keys));
  return false;
}

function pick(value: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const picked = Object.fromEntries(names.filter((n) => n in value).map((n) => [n, value[n]]));
  // a field type change needs the new type's validators and editor with it
  if ('field_type' in picked) for (const n of ['validators', 'appearance']) if (n in value) picked[n] = value[n];
  return picked;
}

/** A new field's attributes without the nulls that are the defaults (the official client's types refuse some). */
function createFieldBody(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(([name, v]) => !(v === null && (name === 'fieldset' || name === 'default_value'))),
  );
}

function renameNote(pair: Pair<ModelSnapshot> | Pair<FieldSnapshot>): string {
  const before = pair.target?.apiKey;
  const after = pair.source?.apiKey;
  return before !== undefined && after !== undefined && before !== after ? ` (renamed from ${before})` : '';
}

export function modelLabel(model: ModelSnapshot): string {
  return `"${String(model.attributes['name'] ?? model.apiKey)}" (${model.apiKey})`;
}

function kindOf(model: ModelSnapshot): string {
  return isBlockModel(model) ? 'block model' : 'model';
}

export function fieldLabel(field: FieldSnapshot, modelApiKey: string): string {
  return `field "${String(field.attributes['label'] ?? field.apiKey)}" (${modelApiKey}.${field.apiKey})`;
}

/** True when nothing differs (the migration would be empty). */
export function isEmptyDiff(diff: SchemaDiff): boolean {
  return diff.models.every((m: ModelPair) => m.kind === 'same');
}
