// The steps that turn the target environment's schema into the source's, in an order the API accepts:
// renames (in an order where each takes a free name, see names.ts), other model and field updates, then new
// models (without their field links) and fieldsets, then fields (a field another one names first), then
// each model's title/image/ordering links, field order, and last the deletes (see deletes.ts). No vscode
// import.
import { isPlainObject, Ref, type ModelPair, type SchemaDiff } from './diff';
import { orderDeletes } from './deletes';
import type { Step } from './steps';
import { fieldLabel, kindOf, modelLabel, renameNote } from './labels';
import { keptNames, namesPlan, type NameMove } from './names';
import { fieldsetTitle, MODEL_FIELD_LINKS, snapshotLabel } from './snapshot';

/** Model attributes sent with its field links, once the fields exist (ordering rules span them). */
const LINKED_MODEL_ATTRIBUTES = ['ordering_direction', 'ordering_meta', 'sortable', 'tree'] as const;
const LINKED = new Set<string>([...MODEL_FIELD_LINKS, ...LINKED_MODEL_ATTRIBUTES]);
/** A field type change goes in one request with the new type's validators, editor and default. */
const TYPE_BOUND = ['field_type', 'validators', 'appearance', 'default_value'];

export type { Step } from './steps';

export interface PlanOptions {
  /** include the deletes of what only the target has (default true) */
  deletes?: boolean;
}

/** What only the target has: the migration would delete it. Flagged before writing, never deleted silently. */
export interface Removal {
  what: 'model' | 'block model' | 'field' | 'fieldset';
  /** e.g. `Article (article)`, `Subtitle (article.subtitle)` */
  label: string;
  /** the source has a new one of the same name (a field of another type, a model made anew) */
  replaced?: boolean;
  /** the api_key it is kept under when left out: the source gives its name to another item */
  keptAs?: string;
}

/**
 * The migration would find a fieldset of the target by its title, two or more fieldsets of that model share
 * it, and the environments do not share its ancestry (the source has neither its model's id nor its own).
 */
export class AmbiguousFieldset extends Error {
  constructor(
    readonly environment: string,
    readonly model: string,
    readonly title: string,
  ) {
    super(`Model ${model} of ${environment} has several fieldsets titled "${title}"`);
  }
}

export function removalsOf(diff: SchemaDiff): Removal[] {
  const kept = keptNames(diff);
  const notes = (key: string, replaced: boolean) => ({
    ...(replaced ? { replaced: true } : {}),
    ...(kept.has(key) ? { keptAs: kept.get(key)! } : {}),
  });
  return diff.models.flatMap((model): Removal[] => {
    if (model.kind === 'removed') {
      const replaced = diff.models.some((m) => m.kind === 'added' && m.source!.apiKey === model.target!.apiKey);
      return [{ what: kindOf(model.target!) as Removal['what'], label: modelLabel(model.target!), ...notes(model.key, replaced) }];
    }
    return [
      ...model.fieldsets
        .filter((p) => p.kind === 'removed')
        .map((p): Removal => ({ what: 'fieldset', label: `${fieldsetTitle(p.target!)} (${model.key})` })),
      ...model.fields
        .filter((p) => p.kind === 'removed')
        .map((p): Removal => ({
          what: 'field',
          label: `"${snapshotLabel(p.target!)}" (${model.target!.apiKey}.${p.target!.apiKey})`,
          ...notes(
            p.key,
            model.fields.some((f) => f.kind === 'added' && f.source!.apiKey === p.target!.apiKey),
          ),
        })),
    ];
  });
}

export function planMigration(diff: SchemaDiff, options: PlanOptions = {}): Step[] {
  const lists = new StepLists(diff, options.deletes ?? true);
  for (const model of diff.models) {
    const ref = new Ref('model', model.key);
    planModel(lists, model, ref);
    if (model.kind === 'removed') continue;
    planFieldsets(lists, model, ref);
    planFields(lists, model, ref);
  }
  const steps = [
    ...renameSteps(diff, lists.renames),
    ...lists.early,
    ...lists.creates,
    ...lists.fieldsets,
    ...lists.fields,
    ...lists.late,
    ...orderDeletes(lists.removes, diff),
  ];
  return [...lookupsFor(diff, steps), ...steps];
}

/** The step lists one pass over the diff fills; their order makes the migration run. */
class StepLists {
  /** the update of each renamed model and field (`model:<key>`, `field:<key>`), run in the order of the renames */
  readonly renames = new Map<string, Step>();
  readonly early: Step[] = [];
  readonly creates: Step[] = [];
  readonly fieldsets: Step[] = [];
  readonly fields: Step[] = [];
  readonly late: Step[] = [];
  readonly removes: Step[] = [];
  /** what the migration creates: an update naming one of these waits until it exists */
  readonly created = new Set<string>();

  constructor(
    diff: SchemaDiff,
    readonly deletes: boolean,
  ) {
    for (const model of diff.models) {
      if (model.kind === 'added') this.created.add(`model:${model.key}`);
      for (const f of model.fields) if (f.kind === 'added') this.created.add(`field:${f.key}`);
      for (const f of model.fieldsets) if (f.kind === 'added') this.created.add(`fieldset:${f.key}`);
    }
  }

  /** An update: with the renames when it changes an api_key, else early. */
  update(step: Step & { ref: Ref; body: Record<string, unknown> }): void {
    if ('api_key' in step.body) this.renames.set(`${step.ref.kind}:${step.ref.key}`, step);
    else this.early.push(step);
  }
}

/** The model itself: created (its field links later), updated, or deleted. */
function planModel(lists: StepLists, model: ModelPair, ref: Ref): void {
  if (model.kind === 'added') {
    const { immediate, linked } = splitModelBody(model.sourceValue!, Object.keys(model.sourceValue!), true);
    lists.creates.push({
      kind: 'createModel',
      ref,
      label: `Create ${kindOf(model.source!)} ${modelLabel(model.source!)}`,
      body: immediate,
    });
    if (Object.keys(linked).length > 0)
      lists.late.push({ kind: 'updateModel', ref, label: `Set the field links of ${modelLabel(model.source!)}`, body: linked });
  } else if (model.kind !== 'removed' && model.source) {
    const { immediate, linked } = splitModelBody(model.sourceValue!, model.changed, false);
    if (Object.keys(immediate).length > 0)
      lists.update({
        kind: 'updateModel',
        ref,
        label: `Update ${kindOf(model.source)} ${modelLabel(model.source)}${renameNote(model)}`,
        body: immediate,
      });
    if (Object.keys(linked).length > 0)
      lists.late.push({ kind: 'updateModel', ref, label: `Update the field links of ${modelLabel(model.source)}`, body: linked });
  } else if (model.kind === 'removed' && lists.deletes) {
    lists.removes.push({ kind: 'deleteModel', ref, label: `Delete ${kindOf(model.target!)} ${modelLabel(model.target!)}` });
  }
}

function planFieldsets(lists: StepLists, model: ModelPair, ref: Ref): void {
  for (const fieldset of model.fieldsets) {
    const fieldsetRef = new Ref('fieldset', fieldset.key);
    if (fieldset.kind === 'added')
      lists.fieldsets.push({
        kind: 'createFieldset',
        ref: fieldsetRef,
        model: ref,
        label: `Create fieldset "${fieldsetTitle(fieldset.source!)}" in ${model.key}`,
        body: fieldset.sourceValue!,
      });
    else if (fieldset.kind === 'changed')
      lists.fieldsets.push({
        kind: 'updateFieldset',
        ref: fieldsetRef,
        label: `Update fieldset "${fieldsetTitle(fieldset.source!)}" in ${model.key}`,
        body: pick(fieldset.sourceValue!, fieldset.changed),
      });
    else if (fieldset.kind === 'removed' && lists.deletes)
      lists.removes.push({
        kind: 'deleteFieldset',
        ref: fieldsetRef,
        label: `Delete fieldset "${fieldsetTitle(fieldset.target!)}" of ${model.key}`,
      });
  }
}

/** The model's fields, in dependency order, then their order where the API's (new ones last) is not the source's. */
function planFields(lists: StepLists, model: ModelPair, ref: Ref): void {
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
      // a rename goes before the creates (a new field may take the old name); what names something new after
      // them, and a type change with it, since its validators and editor go in the same request
      const typeWaits = 'field_type' in body && TYPE_BOUND.some((n) => namesAny(body[n], lists.created));
      const waits = (name: string) => namesAny(body[name], lists.created) || (typeWaits && TYPE_BOUND.includes(name));
      const now = Object.fromEntries(Object.entries(body).filter(([name]) => !waits(name)));
      const later = Object.fromEntries(Object.entries(body).filter(([name]) => waits(name)));
      if (Object.keys(now).length > 0) lists.update({ kind: 'updateField', ref: fieldRef, label, body: now });
      if (Object.keys(later).length > 0)
        modelFieldSteps.push({ kind: 'updateField', ref: fieldRef, label: `${label}: ${Object.keys(later).join(', ')}`, body: later });
    } else if (field.kind === 'removed' && lists.deletes) {
      lists.removes.push({ kind: 'deleteField', ref: fieldRef, label: `Delete ${fieldLabel(field.target!, model.target!.apiKey)}` });
    }
  }
  const ordered = inDependencyOrder(modelFieldSteps);
  lists.fields.push(...ordered);
  // the API puts a new field last: put new and moved fields where the source has them
  const kept = (model.target?.fields ?? []).map((f) => model.fields.find((p) => p.target === f)!).filter((p) => p.source || !lists.deletes);
  const newFields = ordered.filter((s) => s.kind === 'createField').map((s) => (s as { ref: Ref }).ref.key);
  const after = [...kept.map((p) => p.key), ...newFields];
  const wanted = [...model.fields.filter((f) => f.source).map((f) => f.key), ...kept.filter((p) => !p.source).map((p) => p.key)];
  if (model.source && after.some((key, i) => key !== wanted[i])) {
    lists.late.push({
      kind: 'orderFields',
      model: ref,
      label: `Order the fields of ${modelLabel(model.source)}`,
      fields: model.fields.filter((f) => f.source).map((f) => new Ref('field', f.key)),
    });
  }
}

/** The renames in an order the API accepts, with the temporary names and the names given up they need. */
function renameSteps(diff: SchemaDiff, renames: Map<string, Step>): Step[] {
  const { models, fields } = namesPlan(diff);
  const steps: Step[] = [];
  const pairs = new Map<string, ModelPair>(diff.models.map((m) => [m.key, m]));
  const add = (kind: 'model' | 'field', move: NameMove, what: string) => {
    if (move.kind === 'final') {
      const step = renames.get(`${kind}:${move.key}`);
      if (step) steps.push(step);
      return;
    }
    const why = move.kind === 'vacate' ? `${move.from} goes to another ${kind}` : 'the renames swap names';
    const step = { ref: new Ref(kind, move.key), label: `Rename ${what} to ${move.to}: ${why}`, body: { api_key: move.to } };
    steps.push(kind === 'model' ? { kind: 'updateModel', ...step } : { kind: 'updateField', ...step });
  };
  for (const move of models) {
    const target = pairs.get(move.key)!.target!;
    add('model', move, `${kindOf(target)} ${modelLabel(target)}`);
  }
  for (const [model, moves] of fields)
    for (const move of moves) add('field', move, fieldLabel(model.fields.find((f) => f.key === move.key)!.target!, model.target!.apiKey));
  // renames no name conflict orders (none expected: every api_key change is a move) keep their place
  const placed = new Set(steps);
  return [...steps, ...[...renames.values()].filter((s) => !placed.has(s))];
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
      if (f.target && used.has(`fieldset:${f.key}`)) {
        const title = fieldsetTitle(f.target);
        // environments that share ancestry (a fork keeps ids) name it by its id: a shared title is then no obstacle
        const sharedId = model.source?.id === model.target.id || f.source?.id === f.target.id ? f.target.id : undefined;
        if (!sharedId && model.target.fieldsets.filter((other) => fieldsetTitle(other) === title).length > 1)
          throw new AmbiguousFieldset(diff.target.environment, targetModel, title);
        lookups.push({
          kind: 'lookup',
          ref: new Ref('fieldset', f.key),
          find: { model: targetModel, fieldsetTitle: title, fieldsetId: sharedId },
        });
      }
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
