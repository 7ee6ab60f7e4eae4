// Writes: PUT /item-types and /fields (planned now, committed by a job), /webhooks and /items (at once).
// Everything is validated before anything changes, and every problem found is reported (one api_error
// each), like the server does.
import { randomUUID } from 'node:crypto';
import type { Resource } from '../../src/cma/types.js';
import { HttpError, httpError, type ApiErrorSpec } from './errors.js';
import { dastText, ItemSerializer, mapDastBlocks, positionalAttributes } from './items.js';
import { itemTypeResource, wire } from './resources.js';
import {
  API_KEY_PATTERN, CREATOR_TYPES, FIELD_ATTRIBUTES, FIELD_RELATIONSHIPS, FIELD_TYPES, ITEM_TYPE_ATTRIBUTES, ITEM_TYPE_BOOLEANS,
  ITEM_TYPE_ENUMS, ITEM_TYPE_RELATIONSHIPS, WEBHOOK_ATTRIBUTES, WEBHOOK_EVENTS, WEBHOOK_FILTER_ENTITY_TYPES, WEBHOOK_PAYLOAD_VERSIONS,
} from './rules.js';
import { relId, type EmulatorStore, type EnvironmentData, type StoredItem } from './store.js';

export type Document = { data: unknown; included?: unknown[]; meta?: Record<string, unknown> };

type Obj = Record<string, unknown>;

/** A fresh id in the API's form (22-char URL-safe base64 UUIDv4). */
export function newId(): string {
  return Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
}

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface Envelope {
  attributes: Obj;
  relationships: Obj;
  meta: Obj;
}

/** Checks `{data:{type,id,attributes?,relationships?,meta?}}` against the URL. */
function envelope(body: unknown, type: string, acceptedIds: string[]): Envelope {
  if (!isObject(body) || !isObject(body.data)) {
    throw httpError(422, 'INVALID_FORMAT', { message: 'The body must be a JSON:API document: {"data": {"type": …, "id": …, "attributes": {…}}}' });
  }
  const data = body.data;
  if (data.type !== type) throw httpError(422, 'INVALID_TYPE', { expected: type, got: data.type ?? null, message: `data.type must be "${type}"` });
  if (typeof data.id !== 'string' || !acceptedIds.includes(data.id)) {
    throw httpError(422, 'INVALID_ENTITY_ID', { expected: acceptedIds[0], got: data.id ?? null, message: 'data.id must be the id in the URL' });
  }
  for (const member of ['attributes', 'relationships', 'meta'] as const) {
    if (data[member] !== undefined && !isObject(data[member])) {
      throw httpError(422, 'INVALID_FORMAT', { message: `data.${member} must be an object` });
    }
  }
  const extraneousMembers = Object.keys(data).filter((k) => !['type', 'id', 'attributes', 'relationships', 'meta'].includes(k));
  if (extraneousMembers.length) throw httpError(422, 'INVALID_FORMAT', { message: `Unknown members in data: ${extraneousMembers.join(', ')}` });
  return { attributes: (data.attributes as Obj | undefined) ?? {}, relationships: (data.relationships as Obj | undefined) ?? {}, meta: (data.meta as Obj | undefined) ?? {} };
}

function extraneous(given: Obj, allowed: readonly string[]): ApiErrorSpec | undefined {
  const extra = Object.keys(given).filter((k) => !allowed.includes(k));
  return extra.length ? { code: 'INVALID_ATTRIBUTES', details: { extraneous_attributes: extra } } : undefined;
}

function fail(errors: ApiErrorSpec[]): void {
  if (errors.length) throw new HttpError(422, errors);
}

function invalidField(field: string, code: string, extra: Obj = {}): ApiErrorSpec {
  return { code: 'INVALID_FIELD', details: { field, code, ...extra } };
}

/** `{data: {type, id} | null}` → the id or null; undefined when malformed. */
function relationshipTarget(value: unknown, type: string): string | null | undefined {
  if (!isObject(value) || !('data' in value)) return undefined;
  if (value.data === null) return null;
  if (isObject(value.data) && value.data.type === type && typeof value.data.id === 'string') return value.data.id;
  return undefined;
}

export class Writer {
  constructor(private readonly store: EmulatorStore, private readonly env: EnvironmentData) {}

  // ---- item types ----

  planItemTypeUpdate(key: string, body: unknown): () => Document {
    const itemType = this.store.itemType(this.env, key);
    if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: key });
    const { attributes, relationships } = envelope(body, 'item_type', [itemType.id, String(itemType.attributes.api_key)]);
    const errors: ApiErrorSpec[] = [];
    const extra = extraneous(attributes, ITEM_TYPE_ATTRIBUTES);
    if (extra) errors.push(extra);
    const extraRels = Object.keys(relationships).filter((k) => !(ITEM_TYPE_RELATIONSHIPS as readonly string[]).includes(k));
    if (extraRels.length) errors.push({ code: 'INVALID_ATTRIBUTES', details: { extraneous_relationships: extraRels } });
    const scope = { record_type: 'ItemType' };

    if ('name' in attributes && (typeof attributes.name !== 'string' || attributes.name.trim() === '')) {
      errors.push(invalidField('name', typeof attributes.name === 'string' || attributes.name === null ? 'VALIDATION_REQUIRED' : 'VALIDATION_FORMAT', scope));
    }
    if ('api_key' in attributes) {
      const apiKey = attributes.api_key;
      if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)) errors.push(invalidField('api_key', 'VALIDATION_FORMAT', scope));
      else if ([...this.env.itemTypes.values()].some((it) => it.id !== itemType.id && it.attributes.api_key === apiKey)) {
        errors.push(invalidField('api_key', 'VALIDATION_UNIQUENESS', scope));
      }
    }
    for (const name of ITEM_TYPE_BOOLEANS) {
      if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
    }
    for (const [name, values] of Object.entries(ITEM_TYPE_ENUMS)) {
      if (name in attributes && !values.includes(attributes[name] as string | null)) {
        errors.push(invalidField(name, 'VALIDATION_INCLUSION', { ...scope, allowed_values: values }));
      }
    }
    if ('hint' in attributes && attributes.hint !== null && typeof attributes.hint !== 'string') errors.push(invalidField('hint', 'VALIDATION_FORMAT', scope));
    if ('modular_block' in attributes && attributes.modular_block !== itemType.attributes.modular_block) {
      errors.push({ code: 'KIND_CANNOT_BE_CHANGED', details: { field: 'modular_block', message: 'A model cannot become a block model, nor the other way round' } });
    }

    const fieldIds = new Set(this.store.fieldsOf(this.env, itemType.id).map((f) => f.id));
    const newRelationships: Record<string, string | null> = {};
    for (const name of ITEM_TYPE_RELATIONSHIPS) {
      if (!(name in relationships)) continue;
      const target = relationshipTarget(relationships[name], name === 'workflow' ? 'workflow' : 'field');
      if (target === undefined) errors.push(invalidField(name, 'VALIDATION_FORMAT', { ...scope, message: `relationships.${name} must be {"data": {"type": "field", "id": …}} or {"data": null}` }));
      else if (target !== null && name === 'workflow') errors.push(invalidField(name, 'VALIDATION_INVALID', { ...scope, message: 'The project has no workflows' }));
      else if (target !== null && !fieldIds.has(target)) errors.push(invalidField(name, 'VALIDATION_INVALID', { ...scope, message: `The field "${target}" does not belong to this model` }));
      else newRelationships[name] = target;
    }

    const merged = { ...itemType.attributes, ...attributes };
    if ('collection_appeareance' in attributes && !('collection_appearance' in attributes)) merged.collection_appearance = attributes.collection_appeareance;
    delete merged.collection_appeareance;
    const orderingField = 'ordering_field' in newRelationships ? newRelationships.ordering_field : relId(itemType, 'ordering_field');
    if (merged.ordering_meta !== null && merged.ordering_meta !== undefined && orderingField) {
      errors.push(invalidField('ordering_meta', 'VALIDATION_INVALID', { ...scope, message: 'ordering_meta cannot be set together with ordering_field' }));
    }
    if (merged.sortable === true && merged.tree === true) {
      errors.push(invalidField('tree', 'VALIDATION_INVALID', { ...scope, message: 'A model cannot be both sortable and a tree' }));
    }
    fail(errors);

    return () => {
      const current = this.env.itemTypes.get(itemType.id);
      if (!current) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: itemType.id });
      current.attributes = { ...merged, has_singleton_item: current.attributes.has_singleton_item };
      for (const [name, target] of Object.entries(newRelationships)) {
        current.relationships[name] = { data: target === null ? null : { type: name === 'workflow' ? 'workflow' : 'field', id: target } };
      }
      this.touch();
      return { data: wire(itemTypeResource(this.store, this.env, current)) };
    };
  }

  // ---- fields ----

  planFieldUpdate(key: string, body: unknown): () => Document {
    const field = this.store.field(this.env, key);
    if (!field) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: key });
    const itemTypeId = relId(field, 'item_type') ?? '';
    const { attributes, relationships } = envelope(body, 'field', [field.id, key]);
    const errors: ApiErrorSpec[] = [];
    const extra = extraneous(attributes, FIELD_ATTRIBUTES);
    if (extra) errors.push(extra);
    const extraRels = Object.keys(relationships).filter((k) => !(FIELD_RELATIONSHIPS as readonly string[]).includes(k));
    if (extraRels.length) errors.push({ code: 'INVALID_ATTRIBUTES', details: { extraneous_relationships: extraRels } });
    const scope = { record_type: 'Field' };

    if ('label' in attributes && (typeof attributes.label !== 'string' || attributes.label.trim() === '')) errors.push(invalidField('label', 'VALIDATION_REQUIRED', scope));
    if ('api_key' in attributes) {
      const apiKey = attributes.api_key;
      if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)) errors.push(invalidField('api_key', 'VALIDATION_FORMAT', scope));
      else if (this.store.fieldsOf(this.env, itemTypeId).some((f) => f.id !== field.id && f.attributes.api_key === apiKey)) {
        errors.push(invalidField('api_key', 'VALIDATION_UNIQUENESS', scope));
      }
    }
    const fieldType = String(attributes.field_type ?? field.attributes.field_type);
    const typeRules = FIELD_TYPES[fieldType];
    if ('field_type' in attributes && !typeRules) errors.push(invalidField('field_type', 'VALIDATION_INCLUSION', { ...scope, allowed_values: Object.keys(FIELD_TYPES) }));
    for (const name of ['localized', 'deep_filtering_enabled', 'content_link_enabled'] as const) {
      if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
    }
    if ('position' in attributes && (!Number.isInteger(attributes.position) || (attributes.position as number) < 1)) errors.push(invalidField('position', 'VALIDATION_FORMAT', scope));
    if ('hint' in attributes && attributes.hint !== null && typeof attributes.hint !== 'string') errors.push(invalidField('hint', 'VALIDATION_FORMAT', scope));

    if (typeRules) {
      const validators = 'validators' in attributes ? attributes.validators : field.attributes.validators;
      if (!isObject(validators)) errors.push(invalidField('validators', 'VALIDATION_FORMAT', scope));
      else {
        for (const [name, options] of Object.entries(validators)) {
          if (!typeRules.validators.includes(name)) errors.push(invalidField('validators', 'VALIDATION_INVALID', { ...scope, validator: name, message: `"${name}" is not a validator of ${fieldType} fields (allowed: ${typeRules.validators.join(', ') || 'none'})` }));
          else if (!isObject(options)) errors.push(invalidField('validators', 'VALIDATION_FORMAT', { ...scope, validator: name, message: `validators.${name} must be an object` }));
          else errors.push(...this.checkValidatorOptions(name, options, scope));
        }
        for (const name of typeRules.requiredValidators) {
          if (!(name in validators)) errors.push(invalidField('validators', 'VALIDATION_REQUIRED', { ...scope, validator: name, message: `${fieldType} fields need the "${name}" validator` }));
        }
      }
      const appearance = 'appearance' in attributes ? attributes.appearance : 'appeareance' in attributes ? attributes.appeareance : field.attributes.appearance;
      if (!isObject(appearance) || typeof appearance.editor !== 'string' || !isObject(appearance.parameters ?? {}) || (appearance.addons !== undefined && !Array.isArray(appearance.addons))) {
        errors.push(invalidField('appearance', 'VALIDATION_FORMAT', { ...scope, message: 'appearance must be {"editor": …, "parameters": {…}, "addons": […]}' }));
      } else if (!typeRules.editors.includes(appearance.editor) && typeof appearance.field_extension !== 'string') {
        errors.push(invalidField('appearance', 'VALIDATION_INVALID', { ...scope, editor: appearance.editor, message: `"${appearance.editor}" is not an editor of ${fieldType} fields (allowed: ${typeRules.editors.join(', ')})` }));
      }
    }
    const localized = 'localized' in attributes ? attributes.localized === true : Boolean(field.attributes.localized);
    if ('default_value' in attributes && localized && attributes.default_value !== null && !isObject(attributes.default_value)) {
      errors.push(invalidField('default_value', 'VALIDATION_FORMAT', { ...scope, message: 'A localized field takes a default value per locale: {"en": …}' }));
    }
    let fieldsetId: string | null | undefined;
    if ('fieldset' in relationships) {
      fieldsetId = relationshipTarget(relationships.fieldset, 'fieldset');
      const fieldset = fieldsetId ? this.env.fieldsets.get(fieldsetId) : undefined;
      if (fieldsetId === undefined) errors.push(invalidField('fieldset', 'VALIDATION_FORMAT', scope));
      else if (fieldsetId !== null && (!fieldset || relId(fieldset, 'item_type') !== itemTypeId)) {
        errors.push(invalidField('fieldset', 'VALIDATION_INVALID', { ...scope, message: `The fieldset "${fieldsetId}" does not belong to this model` }));
      }
    }
    fail(errors);

    return () => {
      const current = this.env.fields.get(field.id);
      if (!current) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: field.id });
      const before = current.attributes;
      const next: Obj = { ...before, ...attributes };
      if ('appeareance' in attributes && !('appearance' in attributes)) next.appearance = attributes.appeareance;
      delete next.appeareance;
      if (isObject(next.appearance)) next.appearance = { parameters: {}, addons: [], ...next.appearance };
      current.attributes = next;
      if (fieldsetId !== undefined) current.relationships.fieldset = { data: fieldsetId === null ? null : { type: 'fieldset', id: fieldsetId } };
      this.store.schemaChanged(this.env);
      this.migrateRecords(itemTypeId, before, next);
      if ('position' in attributes) this.renumberFields(itemTypeId, current);
      this.store.schemaChanged(this.env);
      this.touch();
      return { data: wire(structuredClone(current)) };
    };
  }

  private checkValidatorOptions(name: string, options: Obj, scope: Obj): ApiErrorSpec[] {
    const bad = (message: string) => [invalidField('validators', 'VALIDATION_FORMAT', { ...scope, validator: name, message })];
    const numbers = (keys: string[]) => keys.every((k) => options[k] === undefined || options[k] === null || typeof options[k] === 'number');
    switch (name) {
      case 'length':
      case 'title_length':
      case 'description_length':
      case 'number_range':
      case 'size':
        if (!numbers(['min', 'max', 'eq', 'multiple_of'])) return bad(`${name} takes numbers (min, max${name === 'length' || name === 'size' ? ', eq' : ''})`);
        return [];
      case 'enum':
        if (!Array.isArray(options.values) || !options.values.every((v) => typeof v === 'string')) return bad('enum takes {"values": ["…"]}');
        return [];
      case 'format':
        if (typeof options.custom_pattern !== 'string' && !['email', 'url'].includes(String(options.predefined_pattern))) return bad('format takes custom_pattern or predefined_pattern (email, url)');
        return [];
      case 'item_item_type':
      case 'items_item_type':
      case 'structured_text_links':
      case 'rich_text_blocks':
      case 'single_block_blocks':
      case 'structured_text_blocks':
      case 'structured_text_inline_blocks': {
        if (!Array.isArray(options.item_types) || !options.item_types.every((v) => typeof v === 'string')) return bad(`${name} takes {"item_types": ["<model id>"]}`);
        const wantsBlocks = name.endsWith('_blocks');
        const wrong = (options.item_types as string[]).filter((id) => {
          const it = this.env.itemTypes.get(id);
          return !it || Boolean(it.attributes.modular_block) !== wantsBlocks;
        });
        if (wrong.length) return [invalidField('validators', 'VALIDATION_INVALID', { ...scope, validator: name, item_types: wrong, message: `${name}: ${wrong.join(', ')} ${wantsBlocks ? 'are not block models' : 'are not models'} of this environment` })];
        return [];
      }
      default:
        return [];
    }
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
      if (isLocalized) return Object.fromEntries(locales.map((l, i) => [l, i === 0 ? value ?? null : null]));
      return isObject(value) ? value[locales[0] ?? 'en'] ?? null : null;
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

  private renumberFields(itemTypeId: string, moved: Resource<'field'>): void {
    const others = this.store.fieldsOf(this.env, itemTypeId).filter((f) => f.id !== moved.id);
    const index = Math.min(Math.max(Number(moved.attributes.position) - 1, 0), others.length);
    others.splice(index, 0, moved);
    others.forEach((f, i) => { f.attributes = { ...f.attributes, position: i + 1 }; });
  }

  // ---- webhooks ----

  updateWebhook(id: string, body: unknown): Document {
    const webhook = this.store.webhooks.get(id);
    if (!webhook) throw httpError(404, 'NOT_FOUND', { entity: 'webhook', id });
    const { attributes, relationships } = envelope(body, 'webhook', [id]);
    const errors: ApiErrorSpec[] = [];
    const extra = extraneous(attributes, WEBHOOK_ATTRIBUTES);
    if (extra) errors.push(extra);
    if (Object.keys(relationships).length) errors.push({ code: 'INVALID_ATTRIBUTES', details: { extraneous_relationships: Object.keys(relationships) } });
    const scope = { record_type: 'Webhook' };
    if ('name' in attributes && (typeof attributes.name !== 'string' || attributes.name.trim() === '')) errors.push(invalidField('name', 'VALIDATION_REQUIRED', scope));
    if ('url' in attributes) {
      if (typeof attributes.url !== 'string' || attributes.url.trim() === '') errors.push(invalidField('url', 'VALIDATION_REQUIRED', scope));
      else if (!/^https?:\/\/[^\s/]+/i.test(attributes.url)) errors.push(invalidField('url', 'VALIDATION_FORMAT', { ...scope, message: 'url must be an http(s) address' }));
    }
    for (const name of ['enabled', 'nested_items_in_payload', 'auto_retry'] as const) {
      if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
    }
    for (const name of ['custom_payload', 'http_basic_user', 'http_basic_password'] as const) {
      if (name in attributes && attributes[name] !== null && typeof attributes[name] !== 'string') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
    }
    if ('headers' in attributes && (!isObject(attributes.headers) || !Object.values(attributes.headers).every((v) => typeof v === 'string'))) {
      errors.push(invalidField('headers', 'VALIDATION_FORMAT', { ...scope, message: 'headers must map header names to strings' }));
    }
    if ('payload_api_version' in attributes && !(WEBHOOK_PAYLOAD_VERSIONS as readonly unknown[]).includes(attributes.payload_api_version)) {
      errors.push(invalidField('payload_api_version', 'VALIDATION_INCLUSION', { ...scope, allowed_values: WEBHOOK_PAYLOAD_VERSIONS }));
    }
    if ('events' in attributes) errors.push(...this.checkEvents(attributes.events, scope));
    fail(errors);
    webhook.attributes = { ...webhook.attributes, ...attributes };
    return { data: wire(structuredClone(webhook)) };
  }

  private checkEvents(events: unknown, scope: Obj): ApiErrorSpec[] {
    if (!Array.isArray(events)) return [invalidField('events', 'VALIDATION_FORMAT', { ...scope, message: 'events must be an array' })];
    const errors: ApiErrorSpec[] = [];
    events.forEach((event, index) => {
      const at = (path: string, code: string, extra: Obj = {}) => errors.push(invalidField('events', code, { ...scope, path: `events[${index}]${path}`, ...extra }));
      if (!isObject(event)) return at('', 'VALIDATION_FORMAT');
      const unknown = Object.keys(event).filter((k) => !['entity_type', 'event_types', 'filters'].includes(k));
      if (unknown.length) at('', 'VALIDATION_FORMAT', { message: `unknown keys: ${unknown.join(', ')}` });
      const allowed = WEBHOOK_EVENTS[String(event.entity_type)];
      if (!allowed) return at('.entity_type', 'VALIDATION_INCLUSION', { allowed_values: Object.keys(WEBHOOK_EVENTS) });
      if (!Array.isArray(event.event_types) || event.event_types.length === 0) at('.event_types', 'VALIDATION_FORMAT', { message: 'event_types must be a non-empty array' });
      else event.event_types.forEach((t, i) => { if (!allowed.includes(t as string)) at(`.event_types[${i}]`, 'VALIDATION_INCLUSION', { allowed_values: allowed }); });
      if (event.filters !== undefined && event.filters !== null) {
        if (!Array.isArray(event.filters)) return at('.filters', 'VALIDATION_FORMAT');
        event.filters.forEach((f, i) => {
          if (!isObject(f) || !(WEBHOOK_FILTER_ENTITY_TYPES as readonly unknown[]).includes(f.entity_type)) at(`.filters[${i}].entity_type`, 'VALIDATION_INCLUSION', { allowed_values: WEBHOOK_FILTER_ENTITY_TYPES });
          else if (!Array.isArray(f.entity_ids) || f.entity_ids.length === 0 || !f.entity_ids.every((x) => typeof x === 'string')) at(`.filters[${i}].entity_ids`, 'VALIDATION_FORMAT', { message: 'entity_ids must be a non-empty array of ids' });
        });
      }
      return undefined;
    });
    return errors;
  }

  // ---- records ----

  updateItem(id: string, body: unknown, nested: boolean): Document {
    const item = this.env.items.get(id);
    if (!item) throw httpError(404, 'NOT_FOUND', { entity: 'item', id });
    const itemType = this.env.itemTypes.get(item.itemTypeId);
    if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: item.itemTypeId });
    const { attributes, relationships, meta } = envelope(body, 'item', [id]);

    if (meta.current_version !== undefined && meta.current_version !== item.meta.current_version) {
      throw httpError(422, 'STALE_ITEM_VERSION', { message: 'The record has changed since this version: fetch it again and reapply your changes' });
    }
    const errors: ApiErrorSpec[] = [];
    const extraRels = Object.keys(relationships).filter((k) => !['item_type', 'creator'].includes(k));
    if (extraRels.length) errors.push({ code: 'INVALID_ATTRIBUTES', details: { extraneous_relationships: extraRels } });
    if ('item_type' in relationships) {
      const target = relationshipTarget(relationships.item_type, 'item_type');
      if (target !== item.itemTypeId) errors.push({ code: 'ITEM_TYPE_CANNOT_BE_CHANGED', details: { message: 'This emulator does not move records between models' } });
    }
    let creator: StoredItem['creator'] | undefined;
    if ('creator' in relationships) {
      const rel = relationships.creator;
      const data = isObject(rel) ? rel.data : undefined;
      if (isObject(data) && (CREATOR_TYPES as readonly unknown[]).includes(data.type) && typeof data.id === 'string') creator = { type: String(data.type), id: data.id };
      else errors.push(invalidField('creator', 'VALIDATION_FORMAT', { message: `relationships.creator must be {"data": {"type": ${CREATOR_TYPES.join('|')}, "id": …}}` }));
    }

    const ops: (() => void)[] = [];
    const merged = this.applyAttributes(item, itemType, attributes, errors, ops, []);
    fail(errors);

    for (const op of ops) op();
    const now = new Date().toISOString();
    item.attributes = merged;
    if (creator) item.creator = creator;
    item.meta = {
      ...item.meta,
      updated_at: now,
      current_version: newId(),
      status: item.meta.status === 'published' ? 'updated' : item.meta.status,
      is_valid: true,
      is_current_version_valid: item.meta.status === null ? null : true,
    };
    this.touch();
    return { data: wire(new ItemSerializer(this.store, this.env).serialize(item, 'current', nested)) };
  }

  /**
   * Validates `changes` against the model and returns the merged attributes (block values as ids).
   * Block creations/updates are queued in `ops`, to run only when nothing failed.
   */
  private applyAttributes(item: StoredItem | null, itemType: Resource<'item_type'>, changes: Obj, errors: ApiErrorSpec[], ops: (() => void)[], blockPath: (string | number)[]): Obj {
    const fields = this.store.fieldsOf(this.env, itemType.id);
    const positional = positionalAttributes(itemType);
    const allowed = [...fields.map((f) => String(f.attributes.api_key)), ...positional];
    const extra = Object.keys(changes).filter((k) => !allowed.includes(k));
    if (extra.length) errors.push({ code: 'INVALID_ATTRIBUTES', details: { extraneous_attributes: extra, ...(blockPath.length ? { block_path: blockPath } : {}) } });

    const merged: Obj = { ...(item?.attributes ?? {}) };
    const locales = this.store.site.attributes.locales as string[];
    for (const field of fields) {
      const apiKey = String(field.attributes.api_key);
      if (!(apiKey in changes)) continue;
      const fieldType = String(field.attributes.field_type);
      const value = changes[apiKey];
      const describe = (locale?: string): Obj => ({
        field: apiKey, field_id: field.id, field_label: field.attributes.label, field_type: fieldType,
        ...(locale ? { locale } : {}), ...(blockPath.length ? { block_path: blockPath } : {}),
      });
      if (field.attributes.localized) {
        if (value !== null && !isObject(value)) {
          errors.push({ code: 'INVALID_FIELD', details: { ...describe(), code: 'VALIDATION_INVALID_FORMAT', message: `${apiKey} is localized: send an object keyed by locale (${locales.join(', ')})` } });
          continue;
        }
        const perLocale: Obj = {};
        for (const [locale, v] of Object.entries(value ?? {})) {
          if (!locales.includes(locale)) {
            errors.push({ code: 'INVALID_FIELD', details: { ...describe(locale), code: 'VALIDATION_INVALID_LOCALE', message: `"${locale}" is not a locale of the project (${locales.join(', ')})` } });
            continue;
          }
          perLocale[locale] = this.checkValue(field, v, describe(locale), errors, ops, [...blockPath, apiKey, locale]);
        }
        merged[apiKey] = value === null ? null : perLocale;
      } else {
        merged[apiKey] = this.checkValue(field, value, describe(), errors, ops, [...blockPath, apiKey]);
      }
    }
    for (const key of positional) {
      if (!(key in changes)) continue;
      const v = changes[key];
      if (key === 'position' && !(Number.isInteger(v) && (v as number) >= 1)) errors.push({ code: 'INVALID_FIELD', details: { field: 'position', code: 'VALIDATION_INVALID_FORMAT' } });
      else if (key === 'parent_id' && v !== null && (typeof v !== 'string' || this.env.items.get(v)?.itemTypeId !== itemType.id || v === item?.id)) {
        errors.push({ code: 'INVALID_FIELD', details: { field: 'parent_id', code: 'VALIDATION_INVALID', message: 'parent_id must be another record of the same model, or null' } });
      } else merged[key] = v;
    }
    this.checkValidators(item, itemType, fields, merged, errors, blockPath);
    return merged;
  }

  /** Checks one (per-locale) value's shape; returns the stored form. */
  private checkValue(field: Resource<'field'>, value: unknown, where: Obj, errors: ApiErrorSpec[], ops: (() => void)[], blockPath: (string | number)[]): unknown {
    const fieldType = String(field.attributes.field_type);
    const invalid = (message: string) => {
      errors.push({ code: 'INVALID_FIELD', details: { ...where, code: 'VALIDATION_INVALID_FORMAT', message } });
      return value;
    };
    if (value === null) return null;
    const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
    switch (fieldType) {
      case 'string': case 'text': case 'slug':
        return typeof value === 'string' ? value : invalid('expected a string');
      case 'boolean':
        return typeof value === 'boolean' ? value : invalid('expected true or false');
      case 'integer':
        return Number.isInteger(value) ? value : invalid('expected an integer');
      case 'float':
        return num(value) ? value : invalid('expected a number');
      case 'date':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : invalid('expected a date YYYY-MM-DD');
      case 'date_time':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)) ? value : invalid('expected an ISO 8601 date-time');
      case 'color':
        return isObject(value) && ['red', 'green', 'blue', 'alpha'].every((k) => Number.isInteger(value[k]) && (value[k] as number) >= 0 && (value[k] as number) <= 255)
          ? value : invalid('expected {"red", "green", "blue", "alpha"} integers 0-255');
      case 'json':
        if (typeof value !== 'string') return invalid('expected a string containing JSON');
        try { JSON.parse(value); return value; } catch { return invalid('expected a string containing valid JSON'); }
      case 'lat_lon':
        return isObject(value) && num(value.latitude) && num(value.longitude) && Math.abs(value.latitude as number) <= 90 && Math.abs(value.longitude as number) <= 180
          ? value : invalid('expected {"latitude", "longitude"}');
      case 'seo':
        return isObject(value) ? value : invalid('expected an object {title, description, image, twitter_card, no_index}');
      case 'video':
        return isObject(value) && ['youtube', 'vimeo', 'facebook'].includes(String(value.provider)) && typeof value.provider_uid === 'string'
          ? value : invalid('expected {"provider": youtube|vimeo|facebook, "provider_uid", "url", …}');
      case 'file':
        return isObject(value) && typeof value.upload_id === 'string' ? value : invalid('expected {"upload_id", "alt", "title", …}');
      case 'gallery':
        return Array.isArray(value) && value.every((v) => isObject(v) && typeof v.upload_id === 'string') ? value : invalid('expected an array of {"upload_id", …}');
      case 'link':
        if (typeof value !== 'string') return invalid('expected a record id');
        return this.env.items.has(value) ? value : invalid(`no record "${value}"`);
      case 'links':
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return invalid('expected an array of record ids');
        for (const v of value) if (!this.env.items.has(v as string)) invalid(`no record "${String(v)}"`);
        return value;
      case 'rich_text':
        if (!Array.isArray(value)) return invalid('expected an array of blocks');
        return value.map((block, i) => this.checkBlock(field, block, where, errors, ops, [...blockPath, i]));
      case 'single_block':
        return this.checkBlock(field, value, where, errors, ops, blockPath);
      case 'structured_text':
        if (!isObject(value) || value.schema !== 'dast' || !isObject(value.document) || value.document.type !== 'root' || !Array.isArray(value.document.children)) {
          return invalid('expected {"schema": "dast", "document": {"type": "root", "children": […]}}');
        }
        {
          let index = 0;
          return mapDastBlocks(value, (block) => this.checkBlock(field, block, where, errors, ops, [...blockPath, 'block', index++]));
        }
      default:
        return value;
    }
  }

  /** A block in a request: an id (unchanged), an item with id (update) or without (create). Returns its id. */
  private checkBlock(field: Resource<'field'>, block: unknown, where: Obj, errors: ApiErrorSpec[], ops: (() => void)[], blockPath: (string | number)[]): unknown {
    const validators = (field.attributes.validators ?? {}) as Obj;
    const allowedKey = ['rich_text_blocks', 'single_block_blocks', 'structured_text_blocks'].find((k) => k in validators);
    const allowedTypes = allowedKey && isObject(validators[allowedKey]) ? ((validators[allowedKey] as Obj).item_types as string[] | undefined) ?? [] : [];
    const invalid = (code: string, message: string) => {
      errors.push({ code: 'INVALID_FIELD', details: { ...where, code, message, block_path: blockPath } });
      return block;
    };
    if (typeof block === 'string') {
      const existing = this.env.items.get(block);
      if (!existing || !allowedTypes.includes(existing.itemTypeId)) return invalid('VALIDATION_INVALID_FORMAT', `no block "${block}" of an allowed block model`);
      return block;
    }
    if (!isObject(block) || block.type !== 'item') return invalid('VALIDATION_INVALID_FORMAT', 'a block is its id, or {"type": "item", "attributes": {…}, "relationships": {"item_type": …}}');
    const attrs = block.attributes === undefined ? {} : block.attributes;
    if (!isObject(attrs)) return invalid('VALIDATION_INVALID_FORMAT', 'block attributes must be an object');
    const declaredType = isObject(block.relationships) ? relationshipTarget(block.relationships.item_type, 'item_type') : undefined;

    if (typeof block.id === 'string') {
      const existing = this.env.items.get(block.id);
      if (!existing || !allowedTypes.includes(existing.itemTypeId)) return invalid('VALIDATION_INVALID_FORMAT', `no block "${block.id}" of an allowed block model`);
      if (declaredType && declaredType !== existing.itemTypeId) return invalid('VALIDATION_INVALID_FORMAT', 'a block cannot change its block model');
      const blockType = this.env.itemTypes.get(existing.itemTypeId);
      if (!blockType) return block.id;
      const merged = this.applyAttributes(existing, blockType, attrs, errors, ops, blockPath);
      ops.push(() => {
        existing.attributes = merged;
        existing.meta = { ...existing.meta, updated_at: new Date().toISOString(), current_version: newId() };
      });
      return block.id;
    }
    if (block.id !== undefined) return invalid('VALIDATION_INVALID_FORMAT', 'a block id must be a string');
    if (!declaredType) return invalid('VALIDATION_INVALID_FORMAT', 'a new block needs relationships.item_type: {"data": {"type": "item_type", "id": …}}');
    const blockType = this.env.itemTypes.get(declaredType);
    if (!blockType || !allowedTypes.includes(declaredType)) {
      const validator = allowedKey ?? 'rich_text_blocks';
      errors.push({ code: 'INVALID_FIELD', details: { ...where, code: `VALIDATION_${validator.toUpperCase()}`, message: `block model "${declaredType}" is not allowed here`, block_path: blockPath } });
      return block;
    }
    const id = newId();
    const created = this.applyAttributes(null, blockType, attrs, errors, ops, blockPath);
    ops.push(() => {
      const now = new Date().toISOString();
      this.env.items.set(id, {
        id, itemTypeId: declaredType, attributes: created, published: null, creator: null,
        meta: { created_at: now, updated_at: now, published_at: null, first_published_at: null, publication_scheduled_at: null, unpublishing_scheduled_at: null,
          status: null, is_valid: true, is_current_version_valid: null, is_published_version_valid: null, current_version: newId(), stage: null, has_children: null },
      });
    });
    return id;
  }

  /** Field validators (§9.5) over the merged record; code = VALIDATION_<VALIDATOR>. */
  private checkValidators(item: StoredItem | null, itemType: Resource<'item_type'>, fields: Resource<'field'>[], merged: Obj, errors: ApiErrorSpec[], blockPath: (string | number)[]): void {
    const siteLocales = this.store.site.attributes.locales as string[];
    const skipRequired = Boolean(itemType.attributes.draft_saving_active) && (item?.meta.status ?? 'draft') === 'draft';
    // the record's locales: those present in any localized value (all of them when the model requires it)
    const recordLocales = new Set<string>(itemType.attributes.all_locales_required ? siteLocales : []);
    for (const field of fields) {
      const v = merged[String(field.attributes.api_key)];
      if (field.attributes.localized && isObject(v)) for (const l of Object.keys(v)) recordLocales.add(l);
    }
    if (recordLocales.size === 0) recordLocales.add(siteLocales[0] ?? 'en');

    for (const field of fields) {
      const apiKey = String(field.attributes.api_key);
      const fieldType = String(field.attributes.field_type);
      const validators = (field.attributes.validators ?? {}) as Record<string, Obj>;
      const localized = Boolean(field.attributes.localized);
      const entries: [string | undefined, unknown][] = localized
        ? [...recordLocales].map((l) => [l, isObject(merged[apiKey]) ? (merged[apiKey] as Obj)[l] ?? null : null])
        : [[undefined, merged[apiKey] ?? null]];
      for (const [locale, value] of entries) {
        const report = (validator: string, extra: Obj = {}) => errors.push({
          code: 'INVALID_FIELD',
          details: { field: apiKey, field_id: field.id, field_label: field.attributes.label, field_type: fieldType, ...(locale ? { locale } : {}), code: `VALIDATION_${validator.toUpperCase()}`, ...extra, ...(blockPath.length ? { block_path: blockPath } : {}) },
        });
        const blank = value === null || value === '' || (Array.isArray(value) && value.length === 0) ||
          (fieldType === 'structured_text' && isObject(value) && isObject(value.document) && Array.isArray(value.document.children) && value.document.children.length === 0);
        if (validators.required && blank && !skipRequired) { report('required'); continue; }
        if (blank) continue;
        const text = typeof value === 'string' ? value : fieldType === 'structured_text' ? dastText(value) : undefined;
        const length = validators.length;
        if (length && text !== undefined && fieldType !== 'structured_text') {
          const n = [...text].length;
          if ((typeof length.min === 'number' && n < length.min) || (typeof length.max === 'number' && n > length.max) || (typeof length.eq === 'number' && n !== length.eq)) report('length', { ...length });
        }
        const range = validators.number_range;
        if (range && typeof value === 'number' && ((typeof range.min === 'number' && value < range.min) || (typeof range.max === 'number' && value > range.max))) report('number_range', { ...range });
        if (validators.enum && typeof value === 'string' && Array.isArray(validators.enum.values) && !validators.enum.values.includes(value)) report('enum', { values: validators.enum.values });
        const format = validators.format;
        if (format && typeof value === 'string') {
          const pattern = format.predefined_pattern === 'email' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/ : format.predefined_pattern === 'url' ? /^https?:\/\/[^\s]+$/ : typeof format.custom_pattern === 'string' ? safeRegExp(format.custom_pattern) : null;
          if (pattern && !pattern.test(value)) report('format', { ...format });
        }
        if (validators.slug_format && typeof value === 'string' && validators.slug_format.predefined_pattern === 'webpage_slug' && !/^[a-z0-9_]+(?:-[a-z0-9_]+)*$/.test(value)) report('slug_format');
        const size = validators.size;
        if (size && Array.isArray(value) && ((typeof size.min === 'number' && value.length < size.min) || (typeof size.max === 'number' && value.length > size.max) || (typeof size.eq === 'number' && value.length !== size.eq))) report('size', { ...size });
        const linkRule = validators.item_item_type ?? validators.items_item_type;
        if (linkRule && Array.isArray(linkRule.item_types)) {
          const ids = Array.isArray(value) ? value : [value];
          const wrong = ids.filter((id) => typeof id === 'string' && this.env.items.has(id) && !(linkRule.item_types as string[]).includes(this.env.items.get(id)?.itemTypeId ?? ''));
          if (wrong.length) report(validators.item_item_type ? 'item_item_type' : 'items_item_type', { item_ids: wrong });
        }
        if (validators.unique && item !== null && !blockPath.length) {
          const clash = (this.env.recordsByType.get(itemType.id) ?? []).some((other) => {
            if (other.id === item.id) return false;
            const ov = other.attributes[apiKey];
            return (localized ? (isObject(ov) ? ov[locale ?? ''] : undefined) : ov) === value;
          });
          if (clash) report('unique');
        }
      }
    }
  }

  private touch(): void {
    this.env.meta.last_data_change_at = new Date().toISOString();
  }
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

