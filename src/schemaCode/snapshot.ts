// The schema of one environment (models, block models, their fields and fieldsets) as plain data, read
// from the one request that returns it all. No vscode import.
import type { Resource, SiteWithSchema } from '../cma';
import { positionOf, relationshipId } from '../domain/resources';
import { Field, Model, MODEL_FIELD_LINKS } from '../domain/views';

export interface FieldsetSnapshot {
  id: string;
  modelId: string;
  attributes: Record<string, unknown>;
}

export interface FieldSnapshot {
  id: string;
  modelId: string;
  apiKey: string;
  fieldsetId: string | null;
  attributes: Record<string, unknown>;
}

export interface ModelSnapshot {
  id: string;
  apiKey: string;
  attributes: Record<string, unknown>;
  /** the field ids the model points at (title, image preview, ordering…), null when unset */
  links: Record<string, string | null>;
  /** in position order */
  fields: FieldSnapshot[];
  /** in position order */
  fieldsets: FieldsetSnapshot[];
}

export interface SchemaSnapshot {
  environment: string;
  /** models and block models, in the API's order */
  models: ModelSnapshot[];
}

/** The model relationships that name one of its fields; written after the fields exist. */
export { MODEL_FIELD_LINKS };

/** Attributes the server owns or that repeat another one under a misspelled name. */
const MODEL_SERVER_OWNED = new Set(['has_singleton_item', 'collection_appeareance']);
const FIELD_SERVER_OWNED = new Set(['appeareance']);

export function snapshotOf(environment: string, schema: SiteWithSchema): SchemaSnapshot {
  const fieldsByModel = groupBy(schema.fields, (f) => relatedId(f, 'item_type'));
  const fieldsetsByModel = groupBy(schema.fieldsets, (f) => relatedId(f, 'item_type'));
  const models = schema.itemTypes.map((model): ModelSnapshot => ({
    id: model.id,
    apiKey: Model.apiKey(model),
    attributes: without(model.attributes, MODEL_SERVER_OWNED),
    links: Object.fromEntries(MODEL_FIELD_LINKS.map((name) => [name, relatedId(model, name)])),
    fields: byPosition(fieldsByModel.get(model.id) ?? []).map((field) => ({
      id: field.id,
      modelId: model.id,
      apiKey: Field.apiKey(field),
      fieldsetId: relatedId(field, 'fieldset'),
      attributes: without(field.attributes, FIELD_SERVER_OWNED),
    })),
    fieldsets: byPosition(fieldsetsByModel.get(model.id) ?? []).map((fieldset) => ({
      id: fieldset.id,
      modelId: model.id,
      attributes: { ...fieldset.attributes },
    })),
  }));
  return { environment, models };
}

export function isBlockModel(model: ModelSnapshot): boolean {
  return model.attributes['modular_block'] === true;
}

export function fieldsetTitle(fieldset: FieldsetSnapshot): string {
  return String(fieldset.attributes['title'] ?? '');
}

export function snapshotFieldType(field: FieldSnapshot): unknown {
  return field.attributes['field_type'];
}

/** A model's name as its snapshot holds it, else its api_key. */
export function snapshotName(model: ModelSnapshot): string {
  return typeof model.attributes['name'] === 'string' && model.attributes['name'] !== '' ? model.attributes['name'] : model.apiKey;
}

/** A field's label as its snapshot holds it, else its api_key. */
export function snapshotLabel(field: FieldSnapshot): string {
  return typeof field.attributes['label'] === 'string' && field.attributes['label'] !== '' ? field.attributes['label'] : field.apiKey;
}

function relatedId(resource: Resource, name: string): string | null {
  return relationshipId(resource, name) ?? null;
}

function without(attributes: Record<string, unknown>, names: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => !names.has(name)));
}

function byPosition<T extends Resource>(resources: T[]): T[] {
  return [...resources].sort((a, b) => positionOf(a) - positionOf(b));
}

function groupBy<T>(values: T[], key: (value: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const k = key(value);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}
