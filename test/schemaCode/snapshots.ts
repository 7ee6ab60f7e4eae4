// Schema snapshots written by hand for the comparison and plan tests: models with their fields and fieldsets.
import type { Resource } from '../../src/cma/types';
import type { Step } from '../../src/schemaCode/plan';
import { snapshotOf, type SchemaSnapshot } from '../../src/schemaCode/snapshot';

export interface FieldSpec {
  id: string;
  api_key: string;
  field_type?: string;
  validators?: Record<string, unknown>;
  fieldset?: string;
  label?: string;
  position?: number;
  default_value?: unknown;
}
export interface ModelSpec {
  id: string;
  api_key: string;
  name?: string;
  block?: boolean;
  title_field?: string;
  fields?: FieldSpec[];
  fieldsets?: Array<{ id: string; title: string }>;
}

export function schema(environment: string, models: ModelSpec[]): SchemaSnapshot {
  const rel = (type: string, id: string | undefined) => ({ data: id ? { type, id } : null });
  const itemTypes: Resource<'item_type'>[] = models.map((m) => ({
    id: m.id,
    type: 'item_type',
    meta: {},
    attributes: {
      name: m.name ?? m.api_key,
      api_key: m.api_key,
      modular_block: m.block ?? false,
      has_singleton_item: false,
      sortable: false,
    },
    relationships: { title_field: rel('field', m.title_field), ordering_field: rel('field', undefined) },
  }));
  const fields: Resource<'field'>[] = models.flatMap((m) =>
    (m.fields ?? []).map((f, i) => ({
      id: f.id,
      type: 'field',
      meta: {},
      attributes: {
        api_key: f.api_key,
        label: f.label ?? f.api_key,
        field_type: f.field_type ?? 'string',
        validators: f.validators ?? {},
        position: f.position ?? i + 1,
        localized: false,
        default_value: f.default_value ?? null,
      },
      relationships: { item_type: rel('item_type', m.id), fieldset: rel('fieldset', f.fieldset) },
    })),
  );
  const fieldsets: Resource<'fieldset'>[] = models.flatMap((m) =>
    (m.fieldsets ?? []).map((f, i) => ({
      id: f.id,
      type: 'fieldset',
      meta: {},
      attributes: { title: f.title, position: i + 1 },
      relationships: { item_type: rel('item_type', m.id) },
    })),
  );
  return snapshotOf(environment, {
    site: { id: 's', type: 'site', attributes: {}, relationships: {}, meta: {} },
    itemTypes,
    fields,
    fieldsets,
  });
}

export const article = (fields: FieldSpec[], extra: Partial<ModelSpec> = {}): ModelSpec => ({
  id: 'M1',
  api_key: 'article',
  name: 'Article',
  fields,
  ...extra,
});
export const title: FieldSpec = { id: 'F1', api_key: 'title', label: 'Title' };
export const labels = (steps: Step[]) => steps.filter((s) => s.kind !== 'lookup').map((s) => ('label' in s ? s.label : ''));
