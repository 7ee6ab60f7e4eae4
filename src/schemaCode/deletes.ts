// The order of the deletes, last in the migration: fields (a slug before the field it takes its title
// from), then fieldsets, then models, each model once no other model left links to it. Models that link
// to each other in a circle first lose the link fields that close it (the API refuses to delete a model
// another model's field still names). No vscode import.
import { isPlainObject, Ref, type ModelPair, type SchemaDiff } from './diff';
import type { Step } from './steps';
import { fieldLabel } from './labels';

export function orderDeletes(removes: Step[], diff: SchemaDiff): Step[] {
  const fields = removes.filter((s) => s.kind === 'deleteField');
  const deleted = new Set(fields.map((s) => (s as { ref: Ref }).ref.key));
  const valueOf = new Map(diff.models.flatMap((m) => m.fields.map((f) => [f.key, f.targetValue] as const)));
  // a slug whose title field goes too is deleted first
  const isSlugOfDeleted = (step: Step) => {
    const slug = (valueOf.get((step as { ref: Ref }).ref.key)?.['validators'] as Record<string, unknown> | undefined)?.['slug_title_field'];
    const title = isPlainObject(slug) ? slug['title_field_id'] : undefined;
    return title instanceof Ref && deleted.has(title.key);
  };
  const orderedFields = [...fields.filter(isSlugOfDeleted), ...fields.filter((s) => !isSlugOfDeleted(s))];
  return [...orderedFields, ...removes.filter((s) => s.kind === 'deleteFieldset'), ...orderModelDeletes(removes, diff)];
}

/** Each model once no other model still to delete links to it; a circle is opened by deleting one of its link fields. */
function orderModelDeletes(removes: Step[], diff: SchemaDiff): Step[] {
  const pending = removes.filter((s): s is Extract<Step, { kind: 'deleteModel' }> => s.kind === 'deleteModel');
  const pairs = new Map<string, ModelPair>(diff.models.map((m) => [m.key, m]));
  /** for each model to delete, its fields that link to another model to delete: field key → model keys */
  const links = new Map<string, Map<string, Set<string>>>();
  for (const step of pending) {
    const model = pairs.get(step.ref.key);
    const byField = new Map<string, Set<string>>();
    for (const field of model?.fields ?? []) {
      const named = new Set<string>();
      collectModels(field.targetValue, named);
      named.delete(step.ref.key);
      if (named.size > 0) byField.set(field.key, named);
    }
    links.set(step.ref.key, byField);
  }
  const linksTo = (from: string, to: string) => [...(links.get(from)?.values() ?? [])].some((models) => models.has(to));
  const ordered: Step[] = [];
  while (pending.length > 0) {
    const free = pending.findIndex((step) => !pending.some((other) => other !== step && linksTo(other.ref.key, step.ref.key)));
    if (free !== -1) {
      ordered.push(...pending.splice(free, 1));
      continue;
    }
    // a circle: the fields of the others that link to the first model go first
    const first = pending[0]!;
    for (const other of pending.slice(1)) {
      const byField = links.get(other.ref.key)!;
      for (const [fieldKey, models] of byField) {
        if (!models.has(first.ref.key)) continue;
        const field = pairs.get(other.ref.key)?.fields.find((f) => f.key === fieldKey);
        const owner = pairs.get(other.ref.key)?.target;
        ordered.push({
          kind: 'deleteField',
          ref: new Ref('field', fieldKey),
          label: `Delete ${field?.target && owner ? fieldLabel(field.target, owner.apiKey) : fieldKey}, which links to ${first.ref.key}: the models link to each other`,
        });
        byField.delete(fieldKey);
      }
    }
  }
  return ordered;
}

/** The models a value names (a link's or a block field's allowed models). */
function collectModels(value: unknown, into: Set<string>): void {
  if (value instanceof Ref) {
    if (value.kind === 'model') into.add(value.key);
  } else if (Array.isArray(value)) value.forEach((v) => collectModels(v, into));
  else if (isPlainObject(value)) Object.values(value).forEach((v) => collectModels(v, into));
}
