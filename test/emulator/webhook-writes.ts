// PUT /webhooks/:id: validated and applied at once (the endpoint is synchronous); the checks serve creates too.
import { httpError, type ApiErrorSpec } from './errors.js';
import { envelope, extraneous, fail, invalidField, isObject, type Document, type Envelope, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import { wire } from './resources.js';
import {
  WEBHOOK_ATTRIBUTES,
  WEBHOOK_EVENTS,
  WEBHOOK_FILTER_ENTITY_TYPES,
  WEBHOOK_PAYLOAD_VERSIONS,
  WEBHOOK_UNFILTERABLE_ENTITIES,
} from './rules.js';
import type { EmulatorStore } from './store.js';

/** Filter targets that are ids; environments are named, environment types are `primary`/`sandbox`. */
const ID_FILTER_TARGETS = new Set(['item_type', 'item', 'build_trigger']);

export function updateWebhook(store: EmulatorStore, id: string, body: unknown): Document {
  const webhook = store.webhooks.get(id);
  if (!webhook) throw httpError(404, 'NOT_FOUND', { entity: 'webhook', id });
  const written = envelope(body, 'webhook', [id]);
  fail(checkWebhookWrite(written));
  webhook.attributes = { ...webhook.attributes, ...written.attributes };
  return { data: wire(structuredClone(webhook)) };
}

/** What is wrong with the attributes a webhook create or update writes. */
export function checkWebhookWrite({ attributes, relationships, meta }: Envelope): ApiErrorSpec[] {
  const errors: ApiErrorSpec[] = [
    ...extraneous(attributes, WEBHOOK_ATTRIBUTES, 'attributes'),
    ...extraneous(relationships, [], 'relationships'),
    ...extraneous(meta, [], 'meta'),
  ];
  const scope = { record_type: 'Webhook' };
  if ('name' in attributes && (typeof attributes.name !== 'string' || attributes.name.trim() === ''))
    errors.push(invalidField('name', 'VALIDATION_REQUIRED', scope));
  if ('url' in attributes) {
    if (typeof attributes.url !== 'string' || attributes.url.trim() === '') errors.push(invalidField('url', 'VALIDATION_REQUIRED', scope));
    else if (!isHttpUrl(attributes.url))
      errors.push(invalidField('url', 'VALIDATION_FORMAT', { ...scope, message: 'url must be an absolute http(s) address' }));
  }
  for (const name of ['enabled', 'nested_items_in_payload', 'auto_retry'] as const) {
    if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
  }
  for (const name of ['custom_payload', 'http_basic_user', 'http_basic_password'] as const) {
    if (name in attributes && attributes[name] !== null && typeof attributes[name] !== 'string')
      errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
  }
  if (
    'headers' in attributes &&
    (!isObject(attributes.headers) || !Object.entries(attributes.headers).every(([k, v]) => k.trim() !== '' && typeof v === 'string'))
  ) {
    errors.push(invalidField('headers', 'VALIDATION_FORMAT', { ...scope, message: 'headers must map header names to strings' }));
  }
  if ('payload_api_version' in attributes && !(WEBHOOK_PAYLOAD_VERSIONS as readonly unknown[]).includes(attributes.payload_api_version)) {
    errors.push(invalidField('payload_api_version', 'VALIDATION_INCLUSION', { ...scope, allowed_values: WEBHOOK_PAYLOAD_VERSIONS }));
  }
  if ('events' in attributes) errors.push(...checkEvents(attributes.events, scope));
  return errors;
}

/** An absolute http(s) URL once its Mustache tags (`{{environment}}`, allowed anywhere in it) are filled in. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.replace(/\{\{[^}]*\}\}/g, 'x'));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function checkEvents(events: unknown, scope: Obj): ApiErrorSpec[] {
  if (!Array.isArray(events)) return [invalidField('events', 'VALIDATION_FORMAT', { ...scope, message: 'events must be an array' })];
  const errors: ApiErrorSpec[] = [];
  events.forEach((event, index) => {
    const at = (path: string, code: string, extra: Obj = {}) =>
      errors.push(invalidField('events', code, { ...scope, path: `events[${index}]${path}`, ...extra }));
    if (!isObject(event)) return at('', 'VALIDATION_FORMAT');
    const unknown = Object.keys(event).filter((k) => !['entity_type', 'event_types', 'filters'].includes(k));
    if (unknown.length) at('', 'VALIDATION_FORMAT', { message: `unknown keys: ${unknown.join(', ')}` });
    const allowed = WEBHOOK_EVENTS[String(event.entity_type)];
    if (!allowed) return at('.entity_type', 'VALIDATION_INCLUSION', { allowed_values: Object.keys(WEBHOOK_EVENTS) });
    if (!Array.isArray(event.event_types) || event.event_types.length === 0)
      at('.event_types', 'VALIDATION_FORMAT', { message: 'event_types must be a non-empty array' });
    else
      event.event_types.forEach((t, i) => {
        if (!allowed.includes(t as string)) at(`.event_types[${i}]`, 'VALIDATION_INCLUSION', { allowed_values: allowed });
      });
    if (event.filters === undefined || event.filters === null) return undefined;
    if ((WEBHOOK_UNFILTERABLE_ENTITIES as readonly unknown[]).includes(event.entity_type))
      return at('.filters', 'VALIDATION_INVALID', { message: `${String(event.entity_type)} events take no filters` });
    if (!Array.isArray(event.filters)) return at('.filters', 'VALIDATION_FORMAT');
    event.filters.forEach((f, i) => {
      if (!isObject(f) || !(WEBHOOK_FILTER_ENTITY_TYPES as readonly unknown[]).includes(f.entity_type))
        return at(`.filters[${i}].entity_type`, 'VALIDATION_INCLUSION', { allowed_values: WEBHOOK_FILTER_ENTITY_TYPES });
      if (Object.keys(f).some((k) => k !== 'entity_type' && k !== 'entity_ids'))
        return at(`.filters[${i}]`, 'VALIDATION_FORMAT', { message: 'a filter is {"entity_type", "entity_ids"}' });
      const ids = f.entity_ids;
      const valid = ID_FILTER_TARGETS.has(String(f.entity_type)) ? isApiId : (x: unknown) => typeof x === 'string' && x !== '';
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every(valid))
        return at(`.filters[${i}].entity_ids`, 'VALIDATION_FORMAT', { message: 'entity_ids must be a non-empty array of ids' });
      return undefined;
    });
    return undefined;
  });
  return errors;
}
