// Model and field updates (PUT /item-types/:id, PUT /fields/:id): validated at once, committed by a job.
// A field's validator options and appearance are checked in field-options.ts.
import type { Resource } from '../../src/cma/types.js';
import { httpError, type ApiErrorSpec } from './errors.js';
import {
  envelope,
  extraneous,
  fail,
  invalidField,
  isObject,
  relationshipTarget,
  type Document,
  type Envelope,
  type Obj,
} from './envelope.js';
import { BLOCK_FIELD_TYPES } from './items.js';
import { checkAppearance, checkValidatorOptions, withAppearance } from './field-options.js';
import { shapeProblem } from './record-rules.js';
import { itemTypeResource, wire } from './resources.js';
import {
  API_KEY_PATTERN,
  CONTENT_LINK_OPTIONAL_TYPES,
  FIELD_ATTRIBUTES,
  FIELD_RELATIONSHIPS,
  FIELD_TYPES,
  fieldTypeChangeProblem,
  ITEM_TYPE_ATTRIBUTES,
  ITEM_TYPE_BOOLEANS,
  ITEM_TYPE_ENUMS,
  ITEM_TYPE_RELATIONSHIPS,
} from './rules.js';
import { syncStages, workflowProblem } from './workflows.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';

/** A blank or malformed name/api_key/label: blank → VALIDATION_REQUIRED, otherwise VALIDATION_FORMAT. */
function checkText(attributes: Obj, name: string, scope: Obj, pattern?: RegExp): ApiErrorSpec[] {
  if (!(name in attributes)) return [];
  const value = attributes[name];
  if (value === null || (typeof value === 'string' && value.trim() === '')) return [invalidField(name, 'VALIDATION_REQUIRED', scope)];
  if (typeof value !== 'string' || (pattern && !pattern.test(value))) return [invalidField(name, 'VALIDATION_FORMAT', scope)];
  return [];
}

/** Attributes a create must carry (a present but blank one is reported by checkText). */
function requiredOnCreate(attributes: Obj, names: readonly string[], scope: Obj): ApiErrorSpec[] {
  return names.filter((name) => !(name in attributes)).map((name) => invalidField(name, 'VALIDATION_REQUIRED', scope));
}

export class SchemaWriter {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  // ---- item types ----

  planItemTypeUpdate(key: string, body: unknown): () => Document {
    const itemType = this.store.itemType(this.env, key);
    if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: key });
    const { merged, newRelationships } = this.checkItemTypeWrite(
      itemType,
      envelope(body, 'item_type', [itemType.id, String(itemType.attributes.api_key)]),
      false,
    );

    return () => {
      const current = this.env.itemTypes.get(itemType.id);
      if (!current) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: itemType.id });
      current.attributes = { ...merged, has_singleton_item: current.attributes.has_singleton_item };
      for (const [name, target] of Object.entries(newRelationships)) {
        current.relationships[name] = { data: target === null ? null : { type: name === 'workflow' ? 'workflow' : 'field', id: target } };
      }
      if ('workflow' in newRelationships) syncStages(this.store, this.env, current.id);
      this.env.meta.last_data_change_at = new Date().toISOString();
      return { data: wire(itemTypeResource(this.store, this.env, current)) };
    };
  }

  /**
   * Everything wrong with a model write (an update, or a create checked against a model with the defaults),
   * thrown as one 422; otherwise the model's attributes after the write and the relationships it sets.
   */
  checkItemTypeWrite(
    itemType: Resource<'item_type'>,
    { attributes, relationships, meta }: Envelope,
    creating: boolean,
  ): { merged: Obj; newRelationships: Record<string, string | null> } {
    const errors: ApiErrorSpec[] = [
      ...extraneous(
        attributes,
        creating ? ITEM_TYPE_ATTRIBUTES.filter((a) => a !== 'has_singleton_item') : ITEM_TYPE_ATTRIBUTES,
        'attributes',
      ),
      ...extraneous(relationships, ITEM_TYPE_RELATIONSHIPS, 'relationships'),
      ...extraneous(meta, [], 'meta'),
    ];
    const scope = { record_type: 'ItemType' };
    if (creating) errors.push(...requiredOnCreate(attributes, ['name', 'api_key'], scope));

    errors.push(...checkText(attributes, 'name', scope), ...checkText(attributes, 'api_key', scope, API_KEY_PATTERN));
    if (
      typeof attributes.api_key === 'string' &&
      API_KEY_PATTERN.test(attributes.api_key) &&
      [...this.env.itemTypes.values()].some((it) => it.id !== itemType.id && it.attributes.api_key === attributes.api_key)
    ) {
      errors.push(invalidField('api_key', 'VALIDATION_UNIQUENESS', scope));
    }
    for (const name of ITEM_TYPE_BOOLEANS) {
      if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
    }
    for (const [name, values] of Object.entries(ITEM_TYPE_ENUMS)) {
      if (name in attributes && !values.includes(attributes[name] as string | null)) {
        errors.push(invalidField(name, 'VALIDATION_INCLUSION', { ...scope, allowed_values: values }));
      }
    }
    if ('hint' in attributes && attributes.hint !== null && typeof attributes.hint !== 'string')
      errors.push(invalidField('hint', 'VALIDATION_FORMAT', scope));
    if (!creating && 'modular_block' in attributes && attributes.modular_block !== itemType.attributes.modular_block) {
      errors.push({
        code: 'KIND_CANNOT_BE_CHANGED',
        details: { field: 'modular_block', message: 'A model cannot become a block model, nor the other way round' },
      });
    }

    const fieldIds = new Set(this.store.fieldsOf(this.env, itemType.id).map((f) => f.id));
    const newRelationships: Record<string, string | null> = {};
    for (const name of ITEM_TYPE_RELATIONSHIPS) {
      if (!(name in relationships)) continue;
      const target = relationshipTarget(relationships[name], name === 'workflow' ? 'workflow' : 'field');
      if (target === undefined)
        errors.push(
          invalidField(name, 'VALIDATION_FORMAT', {
            ...scope,
            message: `relationships.${name} must be {"data": {"type": "field", "id": <id>}} or {"data": null}`,
          }),
        );
      else if (target !== null && name === 'workflow' && workflowProblem(this.store, target))
        errors.push(invalidField(name, 'VALIDATION_INVALID', { ...scope, message: workflowProblem(this.store, target) }));
      else if (name === 'workflow') newRelationships[name] = target;
      else if (target !== null && !fieldIds.has(target))
        errors.push(invalidField(name, 'VALIDATION_INVALID', { ...scope, message: `The field "${target}" does not belong to this model` }));
      else newRelationships[name] = target;
    }

    const merged = { ...itemType.attributes, ...attributes };
    if ('collection_appeareance' in attributes && !('collection_appearance' in attributes))
      merged.collection_appearance = attributes.collection_appeareance;
    delete merged.collection_appeareance;
    const orderingField = 'ordering_field' in newRelationships ? newRelationships.ordering_field : relId(itemType, 'ordering_field');
    errors.push(...this.checkModelCoherence(merged, orderingField ?? null, scope));
    fail(errors);
    return { merged, newRelationships };
  }

  /** Combinations a model cannot have, checked on the model as it would be after the update. */
  private checkModelCoherence(merged: Obj, orderingField: string | null, scope: Obj): ApiErrorSpec[] {
    const errors: ApiErrorSpec[] = [];
    const invalid = (field: string, message: string) => errors.push(invalidField(field, 'VALIDATION_INVALID', { ...scope, message }));
    const ordering: [string, unknown][] = [
      ['ordering_field', orderingField],
      ['ordering_meta', merged.ordering_meta ?? null],
      ['ordering_direction', merged.ordering_direction ?? null],
    ];
    const orderedBy = ordering.filter(([, v]) => v !== null).map(([k]) => k);
    if (merged.ordering_meta !== null && merged.ordering_meta !== undefined && orderingField)
      invalid('ordering_meta', 'ordering_meta cannot be set together with ordering_field');
    // Records of singleton, sortable and tree models have their own order: the API's documentation does not
    // say whether ordering_direction alone counts; we take the stricter reading and refuse it too.
    if (orderedBy.length && merged.singleton === true) {
      errors.push({
        code: 'INVALID_ORDERING_FOR_SINGLETON_ITEM_TYPE',
        details: { field: orderedBy[0], fields: orderedBy, message: 'A singleton model cannot have an ordering' },
      });
    } else if (orderedBy.length && (merged.sortable === true || merged.tree === true)) {
      errors.push({
        code: 'INVALID_ORDERING_FOR_SORTABLE_ITEM_TYPE',
        details: { field: orderedBy[0], fields: orderedBy, message: 'Sortable and tree models are ordered by position' },
      });
    }
    if (merged.modular_block === true) {
      for (const name of ['singleton', 'sortable', 'tree', 'draft_mode_active'] as const) {
        if (merged[name] === true) invalid(name, `A block model cannot be ${name === 'draft_mode_active' ? 'in draft mode' : name}`);
      }
    } else {
      if (merged.singleton === true && (merged.sortable === true || merged.tree === true))
        invalid('singleton', 'A singleton model cannot be sortable or a tree');
      if (merged.sortable === true && merged.tree === true) invalid('tree', 'A model cannot be both sortable and a tree');
    }
    return errors;
  }

  // ---- fields ----

  planFieldUpdate(key: string, body: unknown): () => Document {
    const field = this.store.field(this.env, key);
    if (!field) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: key });
    const itemTypeId = relId(field, 'item_type') ?? '';
    const written = envelope(body, 'field', [field.id, key]);
    const { fieldsetId } = this.checkFieldWrite(field, itemTypeId, written);
    const { attributes } = written;

    return () => {
      const current = this.env.fields.get(field.id);
      if (!current) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: field.id });
      const before = current.attributes;
      const next = withAppearance({ ...before, ...attributes }, attributes);
      current.attributes = next;
      if (fieldsetId !== undefined)
        current.relationships.fieldset = { data: fieldsetId === null ? null : { type: 'fieldset', id: fieldsetId } };
      this.store.schemaChanged(this.env);
      this.migrateRecords(itemTypeId, before, next);
      if ('position' in attributes) this.renumberFields(itemTypeId, current);
      this.store.schemaChanged(this.env);
      this.env.meta.last_data_change_at = new Date().toISOString();
      return { data: wire(structuredClone(current)) };
    };
  }

  /**
   * Everything wrong with a field write (an update, or a create checked against a field with the defaults),
   * thrown as one 422; otherwise the fieldset it moves the field to (undefined: unchanged).
   */
  checkFieldWrite(
    field: Resource<'field'>,
    itemTypeId: string,
    { attributes, relationships, meta }: Envelope,
    creating = false,
  ): { fieldsetId: string | null | undefined } {
    const errors: ApiErrorSpec[] = [
      ...extraneous(attributes, FIELD_ATTRIBUTES, 'attributes'),
      ...extraneous(relationships, FIELD_RELATIONSHIPS, 'relationships'),
      ...extraneous(meta, [], 'meta'),
    ];
    const scope = { record_type: 'Field' };
    if (creating) errors.push(...requiredOnCreate(attributes, ['label', 'field_type', 'api_key'], scope));

    errors.push(...checkText(attributes, 'label', scope), ...checkText(attributes, 'api_key', scope, API_KEY_PATTERN));
    if (
      typeof attributes.api_key === 'string' &&
      API_KEY_PATTERN.test(attributes.api_key) &&
      this.store.fieldsOf(this.env, itemTypeId).some((f) => f.id !== field.id && f.attributes.api_key === attributes.api_key)
    ) {
      errors.push(invalidField('api_key', 'VALIDATION_UNIQUENESS', scope));
    }
    const fieldType = String(attributes.field_type ?? field.attributes.field_type);
    const typeRules = FIELD_TYPES[fieldType];
    if ('field_type' in attributes && !typeRules)
      errors.push(invalidField('field_type', 'VALIDATION_INCLUSION', { ...scope, allowed_values: Object.keys(FIELD_TYPES) }));
    const typeChange = creating || !typeRules ? undefined : fieldTypeChangeProblem(String(field.attributes.field_type), fieldType);
    if (typeChange) errors.push(invalidField('field_type', 'VALIDATION_INVALID', { ...scope, message: typeChange }));
    for (const name of ['localized', 'deep_filtering_enabled', 'content_link_enabled'] as const) {
      if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
    }
    const contentLink = 'content_link_enabled' in attributes ? attributes.content_link_enabled : field.attributes.content_link_enabled;
    if (contentLink === false && !(CONTENT_LINK_OPTIONAL_TYPES as readonly string[]).includes(fieldType)) {
      errors.push(
        invalidField('content_link_enabled', 'VALIDATION_INVALID', {
          ...scope,
          message: `only ${CONTENT_LINK_OPTIONAL_TYPES.join(', ')} fields can turn content links off`,
        }),
      );
    }
    if ('position' in attributes && (!Number.isInteger(attributes.position) || (attributes.position as number) < 1))
      errors.push(invalidField('position', 'VALIDATION_FORMAT', scope));
    if ('hint' in attributes && attributes.hint !== null && typeof attributes.hint !== 'string')
      errors.push(invalidField('hint', 'VALIDATION_FORMAT', scope));

    if (typeRules) {
      const validators = 'validators' in attributes ? attributes.validators : field.attributes.validators;
      if (!isObject(validators)) errors.push(invalidField('validators', 'VALIDATION_FORMAT', scope));
      else {
        for (const [name, options] of Object.entries(validators)) {
          if (!typeRules.validators.includes(name))
            errors.push(
              invalidField('validators', 'VALIDATION_INVALID', {
                ...scope,
                validator: name,
                message: `"${name}" is not a validator of ${fieldType} fields (allowed: ${typeRules.validators.join(', ') || 'none'})`,
              }),
            );
          else if (!isObject(options))
            errors.push(
              invalidField('validators', 'VALIDATION_FORMAT', {
                ...scope,
                validator: name,
                message: `validators.${name} must be an object`,
              }),
            );
          else errors.push(...checkValidatorOptions(this.env, name, options, scope));
        }
        for (const name of typeRules.requiredValidators) {
          if (!(name in validators))
            errors.push(
              invalidField('validators', 'VALIDATION_REQUIRED', {
                ...scope,
                validator: name,
                message: `${fieldType} fields need the "${name}" validator`,
              }),
            );
        }
      }
      const appearance =
        'appearance' in attributes
          ? attributes.appearance
          : 'appeareance' in attributes
            ? attributes.appeareance
            : field.attributes.appearance;
      errors.push(...checkAppearance(appearance, fieldType, typeRules.editors, scope));
    }
    const localized = 'localized' in attributes ? attributes.localized === true : Boolean(field.attributes.localized);
    if ('default_value' in attributes && localized && attributes.default_value !== null) {
      const locales = this.store.site.attributes.locales as string[];
      const value = attributes.default_value;
      if (!isObject(value) || Object.keys(value).some((l) => !locales.includes(l))) {
        errors.push(
          invalidField('default_value', 'VALIDATION_FORMAT', {
            ...scope,
            message: `A localized field takes a default value per locale: {${locales.map((l) => `"${l}": …`).join(', ')}}`,
          }),
        );
      }
    }
    if ('default_value' in attributes && typeRules) {
      const value = attributes.default_value;
      const perLocale = localized && isObject(value) ? Object.values(value) : localized ? [] : [value];
      // The API's documentation does not say which shapes a default takes; we take the stricter reading: a value
      // the field itself would accept, and none for block fields.
      const problem = perLocale
        .map((v) =>
          v === null
            ? undefined
            : BLOCK_FIELD_TYPES.has(fieldType)
              ? 'block fields have no default value'
              : shapeProblem(fieldType, v, this.env),
        )
        .find(Boolean);
      if (problem) errors.push(invalidField('default_value', 'VALIDATION_FORMAT', { ...scope, message: `default_value: ${problem}` }));
    }
    let fieldsetId: string | null | undefined;
    if ('fieldset' in relationships) {
      fieldsetId = relationshipTarget(relationships.fieldset, 'fieldset');
      const fieldset = fieldsetId ? this.env.fieldsets.get(fieldsetId) : undefined;
      if (fieldsetId === undefined) errors.push(invalidField('fieldset', 'VALIDATION_FORMAT', scope));
      else if (fieldsetId !== null && (!fieldset || relId(fieldset, 'item_type') !== itemTypeId)) {
        errors.push(
          invalidField('fieldset', 'VALIDATION_INVALID', {
            ...scope,
            message: `The fieldset "${fieldsetId}" does not belong to this model`,
          }),
        );
      }
    }
    fail(errors);
    return { fieldsetId };
  }

  /** Keeps records consistent with a renamed or (un)localized field. */
  private migrateRecords(itemTypeId: string, before: Obj, after: Obj): void {
    const oldKey = String(before.api_key);
    const newKey = String(after.api_key);
    const wasLocalized = Boolean(before.localized);
    const isLocalized = Boolean(after.localized);
    if (oldKey === newKey && wasLocalized === isLocalized) return;
    const locales = this.store.site.attributes.locales as string[];
    const convert = (value: unknown): unknown => {
      if (wasLocalized === isLocalized) return value;
      if (isLocalized) return Object.fromEntries(locales.map((l, i) => [l, i === 0 ? (value ?? null) : null]));
      return isObject(value) ? (value[locales[0] ?? 'en'] ?? null) : null;
    };
    const migrate = (attrs: Obj): Obj => {
      const { [oldKey]: value, ...rest } = attrs;
      return { ...rest, [newKey]: convert(value) };
    };
    for (const item of this.env.items.values()) {
      if (item.itemTypeId !== itemTypeId) continue;
      item.attributes = migrate(item.attributes);
      if (item.published) item.published = migrate(item.published);
    }
  }

  renumberFields(itemTypeId: string, moved: Resource<'field'>): void {
    const others = this.store.fieldsOf(this.env, itemTypeId).filter((f) => f.id !== moved.id);
    const index = Math.min(Math.max(Number(moved.attributes.position) - 1, 0), others.length);
    others.splice(index, 0, moved);
    others.forEach((f, i) => {
      f.attributes = { ...f.attributes, position: i + 1 };
    });
  }
}
