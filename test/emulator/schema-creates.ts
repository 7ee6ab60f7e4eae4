// Creating schema: POST /item-types (at once), POST /item-types/:id/fields (a job), fieldsets
// (POST /item-types/:id/fieldsets, PUT /fieldsets/:id) and POST /webhooks. Each create is validated like an
// update of a resource holding the defaults, plus the attributes a create must carry.
import type { Resource } from '../../src/cma/types.js';
import { httpError, type ApiErrorSpec } from './errors.js';
import { createEnvelope, envelope, extraneous, fail, invalidField, newId, type Document, type Envelope, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import { checkQueryParams } from './params.js';
import type { Query } from './query.js';
import { itemTypeResource, wire } from './resources.js';
import { FIELD_TYPES, FIELDSET_ATTRIBUTES, ITEM_TYPE_RELATIONSHIPS, LIST_FIELD_TYPES } from './rules.js';
import { withAppearance } from './field-options.js';
import { SchemaWriter } from './schema-writes.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';
import { checkWebhookWrite } from './webhook-writes.js';

export interface RouteReply {
  status: number;
  body?: unknown;
}

/** What a route file needs from the server for one request. */
export interface RouteContext {
  store: EmulatorStore;
  /** the request's environment (built on first use) */
  env: () => EnvironmentData;
  envId: string;
  method: string;
  segments: string[];
  query: Query;
  /** the parsed JSON body (415/400 when missing or malformed) */
  body: () => unknown;
  /** 202 + job; `commit` runs when the job finishes (after the emulator's job duration, or `durationMs`) */
  startJob: (commit: () => Document, durationMs?: number) => RouteReply;
}

const ITEM_TYPE_CREATE_PARAMS = { skip_menu_item_creation: 'scalar', menu_item_id: 'scalar', schema_menu_item_id: 'scalar' } as const;

/** The create routes; undefined when the request is none of them. */
export function routeSchemaCreates(ctx: RouteContext): RouteReply | undefined {
  const { method, segments } = ctx;
  const [head, id, sub] = segments;
  if (method === 'POST' && head === 'item-types' && segments.length === 1) return { status: 200, body: createItemType(ctx) };
  if (method === 'POST' && head === 'item-types' && segments.length === 3 && id && sub === 'fields') {
    checkQueryParams(ctx.query, {});
    return ctx.startJob(planFieldCreate(ctx.store, ctx.env(), id, ctx.body()));
  }
  if (method === 'POST' && head === 'item-types' && segments.length === 3 && id && sub === 'fieldsets') {
    checkQueryParams(ctx.query, {});
    return { status: 200, body: createFieldset(ctx.store, ctx.env(), id, ctx.body()) };
  }
  if (method === 'PUT' && head === 'fieldsets' && segments.length === 2 && id) {
    checkQueryParams(ctx.query, {});
    return { status: 200, body: updateFieldset(ctx.env(), id, ctx.body()) };
  }
  if (method === 'POST' && head === 'webhooks' && segments.length === 1) {
    checkQueryParams(ctx.query, {});
    return { status: 200, body: createWebhook(ctx.store, ctx.body()) };
  }
  return undefined;
}

/** A boolean query parameter: absent, `true` or `false`. */
export function booleanParam(query: Query, name: string): boolean | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw httpError(422, 'INVALID_PARAMS', {
    param: name,
    value: typeof value === 'string' ? value : null,
    message: `${name} is true or false`,
  });
}

// ---- models ----

function createItemType(ctx: RouteContext): Document {
  checkQueryParams(ctx.query, ITEM_TYPE_CREATE_PARAMS);
  const skipMenuItem = booleanParam(ctx.query, 'skip_menu_item_creation') === true;
  for (const name of ['menu_item_id', 'schema_menu_item_id']) {
    const value = ctx.query[name];
    if (value !== undefined && !isApiId(value))
      throw httpError(422, 'INVALID_PARAMS', {
        param: name,
        value: typeof value === 'string' ? value : null,
        message: `${name} is a menu item id`,
      });
  }
  const env = ctx.env();
  const written = createEnvelope(ctx.body(), 'item_type', (id) => env.itemTypes.has(id));
  const id = written.id ?? newId();
  const blank: Resource<'item_type'> = {
    id,
    type: 'item_type',
    attributes: {
      name: '',
      api_key: '',
      collection_appearance: 'compact',
      singleton: false,
      all_locales_required: false,
      sortable: false,
      modular_block: false,
      draft_mode_active: false,
      draft_saving_active: false,
      tree: false,
      ordering_direction: null,
      ordering_meta: null,
      has_singleton_item: false,
      hint: null,
      inverse_relationships_enabled: false,
    },
    relationships: Object.fromEntries([
      ['singleton_item', { data: null }],
      ...ITEM_TYPE_RELATIONSHIPS.map((name) => [name, { data: null }]),
    ]),
    meta: {},
  };
  const { merged, newRelationships } = new SchemaWriter(ctx.store, env).checkItemTypeWrite(blank, written, true);
  // A new model has no fields yet, so every field pointer it could set is refused above: they stay null.
  const itemType: Resource<'item_type'> = { ...blank, attributes: { ...merged, has_singleton_item: false } };
  if (newRelationships.workflow) itemType.relationships.workflow = { data: { type: 'workflow', id: newRelationships.workflow } };
  env.itemTypes.set(id, itemType);
  if (merged.modular_block !== true) env.recordsByType.set(id, []);
  env.meta.last_data_change_at = new Date().toISOString();
  const document: Document = { data: wire(itemTypeResource(ctx.store, env, itemType)) };
  // The API adds a navigation menu item for a new model (not for a block model) unless asked not to.
  if (!skipMenuItem && merged.modular_block !== true) {
    document.included = [
      {
        id: newId(),
        type: 'menu_item',
        attributes: { label: merged.name, position: env.recordsByType.size, external_url: null, open_in_new_tab: false },
        relationships: { item_type: { data: { type: 'item_type', id } }, parent: { data: null }, children: { data: [] } },
      },
    ];
  }
  return document;
}

// ---- fields ----

export function planFieldCreate(store: EmulatorStore, env: EnvironmentData, modelKey: string, body: unknown): () => Document {
  const itemType = store.itemType(env, modelKey);
  if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: modelKey });
  const written = createEnvelope(body, 'field', (id) => env.fields.has(id));
  const fieldType = String(written.attributes.field_type);
  const siblings = store.fieldsOf(env, itemType.id);
  const blank: Resource<'field'> = {
    id: written.id ?? '',
    type: 'field',
    attributes: {
      label: '',
      api_key: '',
      localized: false,
      validators: {},
      appearance: defaultAppearance(fieldType),
      position: siblings.length + 1,
      hint: null,
      default_value: null,
      deep_filtering_enabled: false,
      content_link_enabled: true,
    },
    relationships: { item_type: { data: { type: 'item_type', id: itemType.id } }, fieldset: { data: null } },
    meta: {},
  };
  const writer = new SchemaWriter(store, env);
  const { fieldsetId } = writer.checkFieldWrite(blank, itemType.id, written, true);

  return () => {
    if (!env.itemTypes.has(itemType.id)) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: itemType.id });
    // checked again at commit: another job may have taken the api_key meanwhile
    if (store.fieldsOf(env, itemType.id).some((f) => f.attributes.api_key === written.attributes.api_key)) {
      throw httpError(422, 'INVALID_FIELD', { field: 'api_key', code: 'VALIDATION_UNIQUENESS', record_type: 'Field' });
    }
    const id = written.id ?? newId();
    const attributes = withAppearance({ ...blank.attributes, ...written.attributes }, written.attributes);
    const field: Resource<'field'> = { ...blank, id, attributes };
    if (fieldsetId) field.relationships = { ...field.relationships, fieldset: { data: { type: 'fieldset', id: fieldsetId } } };
    env.fields.set(id, field);
    store.schemaChanged(env);
    writer.renumberFields(itemType.id, field);
    store.schemaChanged(env);
    addEmptyValues(store, env, itemType.id, field);
    env.meta.last_data_change_at = new Date().toISOString();
    return { data: wire(structuredClone(field)) };
  };
}

/** The built-in editor a field gets when the create names none: the type's first, with its required parameters. */
function defaultAppearance(fieldType: string): Obj {
  const editor = FIELD_TYPES[fieldType]?.editors[0] ?? 'single_line';
  return { editor, parameters: editor === 'single_line' ? { heading: false } : {}, addons: [] };
}

/** Every record (and block) of the model gets the new field, empty; a localized one in the record's locales. */
function addEmptyValues(store: EmulatorStore, env: EnvironmentData, itemTypeId: string, field: Resource<'field'>): void {
  const apiKey = String(field.attributes.api_key);
  const empty = LIST_FIELD_TYPES.has(String(field.attributes.field_type)) ? [] : null;
  const localizedKeys = store
    .fieldsOf(env, itemTypeId)
    .filter((f) => f.id !== field.id && f.attributes.localized === true)
    .map((f) => String(f.attributes.api_key));
  const siteLocales = store.site.attributes.locales as string[];
  const valueFor = (attributes: Obj): unknown => {
    if (field.attributes.localized !== true) return structuredClone(empty);
    const sample = localizedKeys.map((k) => attributes[k]).find((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
    const locales = sample ? Object.keys(sample) : siteLocales;
    return Object.fromEntries(locales.map((l) => [l, structuredClone(empty)]));
  };
  for (const item of env.items.values()) {
    if (item.itemTypeId !== itemTypeId) continue;
    item.attributes = { ...item.attributes, [apiKey]: valueFor(item.attributes) };
    if (item.published) item.published = { ...item.published, [apiKey]: valueFor(item.published) };
  }
}

// ---- fieldsets ----

function checkFieldset({ attributes, relationships, meta }: Envelope, creating: boolean): ApiErrorSpec[] {
  const scope = { record_type: 'Fieldset' };
  const errors: ApiErrorSpec[] = [
    ...extraneous(attributes, FIELDSET_ATTRIBUTES, 'attributes'),
    ...extraneous(relationships, [], 'relationships'),
    ...extraneous(meta, [], 'meta'),
  ];
  if (creating && !('title' in attributes)) errors.push(invalidField('title', 'VALIDATION_REQUIRED', scope));
  if ('title' in attributes && (typeof attributes.title !== 'string' || attributes.title.trim() === '')) {
    errors.push(
      invalidField(
        'title',
        typeof attributes.title === 'string' || attributes.title === null ? 'VALIDATION_REQUIRED' : 'VALIDATION_FORMAT',
        scope,
      ),
    );
  }
  if ('hint' in attributes && attributes.hint !== null && typeof attributes.hint !== 'string')
    errors.push(invalidField('hint', 'VALIDATION_FORMAT', scope));
  for (const name of ['collapsible', 'start_collapsed'] as const) {
    if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
  }
  if ('position' in attributes && (!Number.isInteger(attributes.position) || (attributes.position as number) < 1))
    errors.push(invalidField('position', 'VALIDATION_FORMAT', scope));
  return errors;
}

function createFieldset(store: EmulatorStore, env: EnvironmentData, modelKey: string, body: unknown): Document {
  const itemType = store.itemType(env, modelKey);
  if (!itemType) throw httpError(404, 'NOT_FOUND', { entity: 'item_type', id: modelKey });
  const written = createEnvelope(body, 'fieldset', (id) => env.fieldsets.has(id));
  fail(checkFieldset(written, true));
  const siblings = [...env.fieldsets.values()].filter((fs) => relId(fs, 'item_type') === itemType.id);
  const id = written.id ?? newId();
  const fieldset: Resource<'fieldset'> = {
    id,
    type: 'fieldset',
    attributes: { title: '', hint: null, collapsible: false, start_collapsed: false, position: siblings.length + 1, ...written.attributes },
    relationships: { item_type: { data: { type: 'item_type', id: itemType.id } } },
    meta: {},
  };
  env.fieldsets.set(id, fieldset);
  env.meta.last_data_change_at = new Date().toISOString();
  return { data: wire(structuredClone(fieldset)) };
}

function updateFieldset(env: EnvironmentData, id: string, body: unknown): Document {
  const fieldset = env.fieldsets.get(id);
  if (!fieldset) throw httpError(404, 'NOT_FOUND', { entity: 'fieldset', id });
  const written = envelope(body, 'fieldset', [id]);
  fail(checkFieldset(written, false));
  fieldset.attributes = { ...fieldset.attributes, ...written.attributes };
  env.meta.last_data_change_at = new Date().toISOString();
  return { data: wire(structuredClone(fieldset)) };
}

// ---- webhooks ----

const WEBHOOK_REQUIRED = ['name', 'url', 'custom_payload', 'headers', 'events', 'http_basic_user', 'http_basic_password'] as const;

function createWebhook(store: EmulatorStore, body: unknown): Document {
  const written = createEnvelope(body, 'webhook', (id) => store.webhooks.has(id));
  const scope = { record_type: 'Webhook' };
  // nullable ones (custom_payload, http_basic_*) must still be present
  const missing = WEBHOOK_REQUIRED.filter((name) => !(name in written.attributes)).map((name) =>
    invalidField(name, 'VALIDATION_REQUIRED', scope),
  );
  fail([...missing, ...checkWebhookWrite(written)]);
  const id = written.id ?? newId();
  const webhook: Resource<'webhook'> = {
    id,
    type: 'webhook',
    attributes: { enabled: true, payload_api_version: '3', nested_items_in_payload: false, auto_retry: true, ...written.attributes },
    relationships: {},
    meta: {},
  };
  store.webhooks.set(id, webhook);
  return { data: wire(structuredClone(webhook)) };
}
