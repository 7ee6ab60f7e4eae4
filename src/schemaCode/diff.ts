// The difference between two environments' schemas: which models, block models, fields and fieldsets were
// added, removed or changed. Items are matched by id when both sides have it (a fork keeps ids), else by
// api_key (a fieldset by its title), so a changed api_key is a rename. A match by name only is refused when
// the two cannot be the same item changed in place: a field of another type, a model that became a block
// model (or whose same-named fields changed type), a fieldset title two fieldsets share; those are a
// removal and an addition. Ids that name other items (a link's models, a slug's title field, a model's
// title field, a field's fieldset) become references by name, so two environments with different ids for
// the same schema compare equal. No vscode import.
import { isLosslessNumber } from '../numbers';
import {
  fieldsetTitle,
  isBlockModel,
  MODEL_FIELD_LINKS,
  snapshotFieldType,
  type FieldSnapshot,
  type FieldsetSnapshot,
  type ModelSnapshot,
  type SchemaSnapshot,
} from './snapshot';

/** A reference to a model (`author`), a field (`article::title`) or a fieldset (`article/SEO`) by name. */
export class Ref {
  constructor(
    readonly kind: 'model' | 'field' | 'fieldset',
    readonly key: string,
  ) {}
}

/** added = only in the source, removed = only in the target. */
type ChangeKind = 'added' | 'removed' | 'changed' | 'same';

export interface Pair<T> {
  kind: ChangeKind;
  /** the name used in references and in the script: the source's names, a removed item's own */
  key: string;
  source?: T;
  target?: T;
  /** attributes and references by name (ids replaced), per side */
  sourceValue?: Record<string, unknown>;
  targetValue?: Record<string, unknown>;
  /** attribute names whose values differ */
  changed: string[];
}

export interface ModelPair extends Pair<ModelSnapshot> {
  fields: Pair<FieldSnapshot>[];
  fieldsets: Pair<FieldsetSnapshot>[];
  /** fields of both sides are in another order */
  orderChanged: boolean;
}

export interface SchemaDiff {
  source: SchemaSnapshot;
  target: SchemaSnapshot;
  models: ModelPair[];
}

/** Attributes left out of the per-field comparison: the fields' order is compared per model. */
const FIELD_ORDER_ATTRIBUTE = 'position';

/** The model `datocms migrations:run` records the scripts it ran in: it belongs to each environment's history, not to the schema. */
export const MIGRATIONS_MODEL = 'schema_migration';

export function diffSchemas(source: SchemaSnapshot, target: SchemaSnapshot, options: { ignoreModels?: string[] } = {}): SchemaDiff {
  const ignored = new Set(options.ignoreModels ?? [MIGRATIONS_MODEL]);
  const kept = (models: ModelSnapshot[]) => models.filter((m) => !ignored.has(m.apiKey));
  const modelPairs = matchPairs(kept(source.models), kept(target.models), (m) => m.apiKey, sameKindOfModel);
  const modelKeys = keysFor(modelPairs, (m) => m.apiKey);
  // keys of every id on either side, so references of both sides land in one name space
  const names = new Map<string, Ref>();
  const models: ModelPair[] = [];
  const staged = modelPairs.map(([s, t], index) => {
    const modelKey = modelKeys[index]!;
    for (const m of [s, t]) if (m) names.set(m.id, new Ref('model', modelKey));
    const fieldPairs = matchPairs(s?.fields ?? [], t?.fields ?? [], (f) => f.apiKey, sameFieldType);
    const fieldKeys = keysFor(fieldPairs, (f) => f.apiKey).map((k) => `${modelKey}::${k}`);
    fieldPairs.forEach(([sf, tf], i) => {
      for (const f of [sf, tf]) if (f) names.set(f.id, new Ref('field', fieldKeys[i]!));
    });
    const fieldsetPairs = matchPairs(s?.fieldsets ?? [], t?.fieldsets ?? [], fieldsetTitle, () => true, true);
    const fieldsetKeys = keysFor(fieldsetPairs, fieldsetTitle).map((k) => `${modelKey}/${k}`);
    fieldsetPairs.forEach(([sf, tf], i) => {
      for (const f of [sf, tf]) if (f) names.set(f.id, new Ref('fieldset', fieldsetKeys[i]!));
    });
    return { modelKey, s, t, fieldPairs, fieldKeys, fieldsetPairs, fieldsetKeys };
  });
  const ref = (kind: Ref['kind'], id: string | null): Ref | string | null => (id === null ? null : (names.get(id) ?? id));
  for (const { modelKey, s, t, fieldPairs, fieldKeys, fieldsetPairs, fieldsetKeys } of staged) {
    const modelValue = (m: ModelSnapshot) => ({
      ...m.attributes,
      ...Object.fromEntries(MODEL_FIELD_LINKS.map((name) => [name, ref('field', m.links[name] ?? null)])),
    });
    const fieldValue = (f: FieldSnapshot) => {
      const { [FIELD_ORDER_ATTRIBUTE]: _position, ...attributes } = f.attributes;
      return { ...attributes, validators: portableValidators(f.attributes['validators'], ref), fieldset: ref('fieldset', f.fieldsetId) };
    };
    const fields = fieldPairs.map(([sf, tf], i) => pairOf(fieldKeys[i]!, sf, tf, fieldValue));
    const fieldsets = fieldsetPairs.map(([sf, tf], i) => pairOf(fieldsetKeys[i]!, sf, tf, (f: FieldsetSnapshot) => ({ ...f.attributes })));
    const pair = pairOf(modelKey, s, t, modelValue);
    const matched = fields.filter((f) => f.source && f.target);
    const targetOrder = [...matched].sort((a, b) => t!.fields.indexOf(a.target!) - t!.fields.indexOf(b.target!));
    const orderChanged = matched.some((f, i) => f !== targetOrder[i]);
    const inner = [...fields, ...fieldsets].some((p) => p.kind !== 'same') || orderChanged;
    models.push({ ...pair, kind: pair.kind === 'same' && inner ? 'changed' : pair.kind, fields, fieldsets, orderChanged });
  }
  return { source, target, models };
}

/** Every change (models, then their fieldsets and fields), for summaries and counts. */
export function changesOf(diff: SchemaDiff): Array<{ what: 'model' | 'field' | 'fieldset'; model: ModelPair; pair: Pair<unknown> }> {
  return diff.models.flatMap((model) => [
    ...(model.kind === 'same' ? [] : [{ what: 'model' as const, model, pair: model as Pair<unknown> }]),
    ...model.fieldsets.filter((p) => p.kind !== 'same').map((pair) => ({ what: 'fieldset' as const, model, pair })),
    ...model.fields.filter((p) => p.kind !== 'same').map((pair) => ({ what: 'field' as const, model, pair })),
  ]);
}

function pairOf<T>(key: string, source: T | undefined, target: T | undefined, value: (item: T) => Record<string, unknown>): Pair<T> {
  const sourceValue = source === undefined ? undefined : value(source);
  const targetValue = target === undefined ? undefined : value(target);
  const changed =
    sourceValue && targetValue
      ? [...new Set([...Object.keys(sourceValue), ...Object.keys(targetValue)])].filter(
          (name) => !sameValue(sourceValue[name], targetValue[name]),
        )
      : [];
  const kind: ChangeKind = !target ? 'added' : !source ? 'removed' : changed.length > 0 ? 'changed' : 'same';
  return {
    kind,
    key,
    ...(source ? { source } : {}),
    ...(target ? { target } : {}),
    ...(sourceValue ? { sourceValue } : {}),
    ...(targetValue ? { targetValue } : {}),
    changed,
  };
}

/** Validators with the ids they name (models of links and blocks, a slug's title field) as references. */
function portableValidators(validators: unknown, ref: (kind: Ref['kind'], id: string | null) => Ref | string | null): unknown {
  if (!isPlainObject(validators)) return validators;
  return Object.fromEntries(
    Object.entries(validators).map(([name, options]) => {
      if (!isPlainObject(options)) return [name, options];
      const portable: Record<string, unknown> = { ...options };
      if (Array.isArray(options['item_types']))
        portable['item_types'] = options['item_types'].map((id) => (typeof id === 'string' ? ref('model', id) : id));
      if (typeof options['title_field_id'] === 'string') portable['title_field_id'] = ref('field', options['title_field_id']);
      // a file type stands alone: the empty list of extensions the API may return beside it means the same
      // (and the official client's types refuse both together)
      if (
        name === 'extension' &&
        options['predefined_list'] != null &&
        Array.isArray(options['extensions']) &&
        options['extensions'].length === 0
      )
        delete portable['extensions'];
      return [name, portable];
    }),
  );
}

/**
 * Pairs by id first, then the rest by name when `compatible` (and, with `unique`, when the name is held by
 * one unmatched item on each side); the source's order, then what only the target has.
 */
function matchPairs<T extends { id: string }>(
  source: T[],
  target: T[],
  name: (item: T) => string,
  compatible: (source: T, target: T) => boolean,
  unique = false,
): Array<[T | undefined, T | undefined]> {
  const targetById = new Map(target.map((t) => [t.id, t]));
  const sourceIds = new Set(source.map((s) => s.id));
  const used = new Set<T>();
  const matched = new Map<T, T>();
  for (const s of source) {
    const t = targetById.get(s.id);
    if (t) {
      matched.set(s, t);
      used.add(t);
    }
  }
  const unmatchedSource = source.filter((s) => !matched.has(s));
  const unmatchedTarget = target.filter((t) => !used.has(t) && !sourceIds.has(t.id));
  for (const s of unmatchedSource) {
    const candidates = unmatchedTarget.filter((t) => !used.has(t) && name(t) === name(s));
    if (unique && (candidates.length !== 1 || unmatchedSource.filter((o) => name(o) === name(s)).length !== 1)) continue;
    const t = candidates[0];
    if (t && compatible(s, t)) {
      matched.set(s, t);
      used.add(t);
    }
  }
  return [
    ...source.map((s): [T | undefined, T | undefined] => [s, matched.get(s)]),
    ...target.filter((t) => !used.has(t)).map((t): [T | undefined, T | undefined] => [undefined, t]),
  ];
}

/** A field matched by name only is the same field when its type is: another type is a new field (the API converts few types, and only in place). */
function sameFieldType(source: FieldSnapshot, target: FieldSnapshot): boolean {
  return snapshotFieldType(source) === snapshotFieldType(target);
}

/** A model matched by name only is the same model unless it changed kind or a field of the same name changed type (it was made anew). */
function sameKindOfModel(source: ModelSnapshot, target: ModelSnapshot): boolean {
  if (isBlockModel(source) !== isBlockModel(target)) return false;
  return source.fields.every((f) => target.fields.every((g) => g.apiKey !== f.apiKey || sameFieldType(f, g)));
}

/** Unique names: the source's name, a removed item's own (marked when a source item already has it). */
function keysFor<T>(pairs: Array<[T | undefined, T | undefined]>, name: (item: T) => string): string[] {
  const taken = new Set<string>();
  return pairs.map(([s, t]) => {
    const base = s ? name(s) : `${name(t!)}${pairs.some(([other]) => other && name(other) === name(t!)) ? ' (removed)' : ''}`;
    let key = base;
    for (let n = 2; taken.has(key); n += 1) key = `${base} #${n}`;
    taken.add(key);
    return key;
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Ref || b instanceof Ref) return a instanceof Ref && b instanceof Ref && a.kind === b.kind && a.key === b.key;
  if (isLosslessNumber(a) || isLosslessNumber(b)) return String(numberText(a)) === String(numberText(b));
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

function numberText(value: unknown): unknown {
  return isLosslessNumber(value) ? value.value : typeof value === 'number' ? String(value) : value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Ref) && !isLosslessNumber(value);
}
