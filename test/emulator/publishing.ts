// Publishing: PUT /items/:id/publish and /unpublish (whole record or some locales, `recursive` on tree
// models), POST /items/bulk/{publish,unpublish,destroy} (async, at most 200 records) and scheduled
// publication / unpublishing. A record is checked against its validators when it is published.
import { httpError, HttpError, type ApiErrorSpec } from './errors.js';
import { isObject, newId, type Document, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import { ItemSerializer } from './items.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import type { Query } from './query.js';
import { checkLocaleSets, checkValidators, isIsoDateTime } from './record-rules.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import { recordVersion } from './versions.js';

export const MAX_BULK_RECORDS = 200;
const PUBLISH_PARAMS = { recursive: 'scalar' } as const;

export interface PublishingContext {
  store: EmulatorStore;
  env: EnvironmentData;
  /** 202 + job: `commit` runs when the job completes */
  startJob(commit: () => Document): Reply;
}

type Reply = { status: number; body?: unknown };

/** The answer for a publishing endpoint, or undefined when the request is not one. */
/** `body` is null when the request has none. */
export function routePublishing(
  ctx: PublishingContext,
  method: string,
  segments: string[],
  query: Query,
  body: () => unknown,
): Reply | undefined {
  const [head, id, sub, extra] = segments;
  if (head !== 'items' || !id || !sub || extra !== undefined) return undefined;
  if (id === 'bulk' && method === 'POST' && ['publish', 'unpublish', 'destroy'].includes(sub)) {
    checkQueryParams(query, NO_PARAMS);
    return bulk(ctx, sub as BulkOperation, body());
  }
  const publishing = new Publisher(ctx.store, ctx.env);
  if (method === 'PUT' && (sub === 'publish' || sub === 'unpublish')) {
    checkQueryParams(query, PUBLISH_PARAMS);
    const recursive = recursiveParam(query.recursive);
    const item = publishing.record(id);
    const raw = body();
    if (sub === 'publish') publishing.publish(item, selectivePublish(raw, ctx.store, item, ctx.env), recursive);
    else publishing.unpublish(item, selectiveUnpublish(raw, ctx.store, item), recursive);
    return { status: 200, body: { data: publishing.wire(item) } };
  }
  if ((sub === 'scheduled-publication' || sub === 'scheduled-unpublishing') && (method === 'POST' || method === 'DELETE')) {
    checkQueryParams(query, NO_PARAMS);
    const item = publishing.record(id);
    publishing.requireDraftMode(item, sub.replace('-', ' '));
    const key = sub === 'scheduled-publication' ? 'publication_scheduled_at' : 'unpublishing_scheduled_at';
    if (method === 'DELETE') {
      if (item.meta[key] === null)
        throw httpError(404, 'NOT_FOUND', {
          entity: sub.replace('-', '_'),
          item_id: id,
          message: `The record has no ${sub.replace('-', ' ')}`,
        });
      item.meta = { ...item.meta, [key]: null };
      return { status: 200, body: { data: publishing.wire(item) } };
    }
    const type = sub.replace('-', '_');
    const attributes = scheduleBody(body(), type, key, ctx.store);
    item.meta = { ...item.meta, [key]: attributes[key] as string };
    const scheduleId = newId();
    return {
      status: 201,
      body: {
        data: { type, id: scheduleId, attributes, relationships: { item: { data: { type: 'item', id } } } },
        included: [publishing.wire(item)],
      },
    };
  }
  return undefined;
}

type BulkOperation = 'publish' | 'unpublish' | 'destroy';

/** Checked at once (422); applied by the job, record by record: a record that fails counts as failed. */
function bulk(ctx: PublishingContext, operation: BulkOperation, raw: unknown): Reply {
  const type = `item_bulk_${operation}_operation`;
  const data = isObject(raw) && Object.keys(raw).every((k) => k === 'data') && isObject(raw.data) ? raw.data : undefined;
  const relationships = data && isObject(data.relationships) ? data.relationships : undefined;
  const items =
    relationships && isObject(relationships.items) && Object.keys(relationships.items).every((k) => k === 'data')
      ? relationships.items.data
      : undefined;
  if (
    !data ||
    !relationships ||
    data.type !== type ||
    Object.keys(data).some((k) => k !== 'type' && k !== 'relationships') ||
    Object.keys(relationships).some((k) => k !== 'items') ||
    !Array.isArray(items)
  ) {
    throw httpError(422, 'INVALID_FORMAT', {
      message: `The body must be {"data": {"type": "${type}", "relationships": {"items": {"data": [{"type": "item", "id": …}]}}}}`,
    });
  }
  if (items.length === 0 || items.length > MAX_BULK_RECORDS) {
    throw httpError(422, 'INVALID_FIELD', {
      field: 'items',
      code: 'VALIDATION_LENGTH',
      count: items.length,
      message: `from 1 to ${MAX_BULK_RECORDS} records per request`,
    });
  }
  const ids = items.map((entry) =>
    isObject(entry) && entry.type === 'item' && Object.keys(entry).length === 2 && typeof entry.id === 'string' ? entry.id : undefined,
  );
  if (ids.some((id) => id === undefined))
    throw httpError(422, 'INVALID_FORMAT', { message: 'each of items.data is {"type": "item", "id": <id>}' });
  // The job reports counts only: a record that cannot be changed (an id of no record, even one not of the
  // API's form, a block, an invalid record…) counts as failed; the others are changed.
  return ctx.startJob(() => {
    let successful = 0;
    let failed = 0;
    const publisher = new Publisher(ctx.store, ctx.env);
    for (const id of new Set(ids as string[])) {
      try {
        if (!isApiId(id)) throw httpError(404, 'NOT_FOUND', { entity: 'item', id });
        const item = publisher.record(id);
        if (operation === 'publish') publisher.publish(item, undefined, false);
        else if (operation === 'unpublish') publisher.unpublish(item, undefined, false);
        else publisher.destroy(item);
        successful++;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        failed++;
      }
    }
    return { data: [], meta: { successful, failed } };
  });
}

interface Selection {
  locales: string[];
  nonLocalized: boolean;
}

export class Publisher {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  /** A record (not a block) by id. */
  record(id: string): StoredItem {
    const item = this.env.items.get(id);
    if (!item || item.parentItemId !== undefined || this.env.itemTypes.get(item.itemTypeId)?.attributes.modular_block === true) {
      throw httpError(404, 'NOT_FOUND', { entity: 'item', id, message: `No record with id "${id}"` });
    }
    return item;
  }

  wire(item: StoredItem): unknown {
    return wire(new ItemSerializer(this.store, this.env).serialize(item, 'current', false));
  }

  publish(item: StoredItem, selection: Selection | undefined, recursive: boolean): void {
    const errors = validationProblems(this.store, this.env, item, selection?.locales);
    if (errors.length) throw new HttpError(422, errors);
    const parent = this.parentOf(item);
    if (parent && parent.meta.status !== 'published' && parent.meta.status !== 'updated') {
      if (!recursive)
        throw httpError(422, 'UNPUBLISHED_PARENT', {
          parent_id: parent.id,
          message: 'The parent record is not published (publish with recursive=true to publish it too)',
        });
      this.publish(parent, undefined, true);
    }
    const fields = this.store.fieldsOf(this.env, item.itemTypeId);
    let published: Obj;
    if (!selection) published = structuredClone(item.attributes);
    else {
      published = structuredClone(item.published ?? {});
      for (const field of fields) {
        const apiKey = String(field.attributes.api_key);
        const current = item.attributes[apiKey];
        if (!field.attributes.localized) {
          if (selection.nonLocalized || !(apiKey in published)) published[apiKey] = structuredClone(current ?? null);
          continue;
        }
        const before = isObject(published[apiKey]) ? { ...(published[apiKey] as Obj) } : {};
        for (const locale of selection.locales) before[locale] = structuredClone(isObject(current) ? (current[locale] ?? null) : null);
        published[apiKey] = before;
      }
      for (const key of ['position', 'parent_id']) if (key in item.attributes) published[key] = item.attributes[key];
    }
    const now = new Date().toISOString();
    item.published = published;
    item.meta = {
      ...item.meta,
      status: JSON.stringify(published) === JSON.stringify(item.attributes) ? 'published' : 'updated',
      published_at: now,
      first_published_at: item.meta.first_published_at ?? now,
      is_published_version_valid: true,
    };
    this.env.meta.last_data_change_at = now;
    if (!item.parentItemId) recordVersion(this.store, this.env, item);
  }

  /**
   * A model without draft mode has its records published at every save: they cannot be unpublished nor
   * scheduled (422; the API's documentation gives no code for it, INVALID_REQUEST is the documented one that fits).
   */
  requireDraftMode(item: StoredItem, what: string): void {
    if (this.env.itemTypes.get(item.itemTypeId)?.attributes.draft_mode_active === true) return;
    throw httpError(422, 'INVALID_REQUEST', {
      item_type: item.itemTypeId,
      message: `The record's model has no draft mode: its records are always published (no ${what})`,
    });
  }

  unpublish(item: StoredItem, locales: string[] | undefined, recursive: boolean): void {
    this.requireDraftMode(item, 'unpublishing');
    if (!item.published) return; // a draft stays a draft
    const children = (this.env.recordsByType.get(item.itemTypeId) ?? []).filter(
      (child) => child.attributes.parent_id === item.id && child.published,
    );
    if (!locales && children.length) {
      if (!recursive)
        throw httpError(422, 'PUBLISHED_CHILDREN', {
          children_ids: children.map((c) => c.id),
          message: 'Published children records (unpublish with recursive=true to unpublish them too)',
        });
      for (const child of children) this.unpublish(child, undefined, true);
    }
    const remaining = locales ? this.withoutLocales(item, locales) : null;
    const now = new Date().toISOString();
    if (remaining) {
      item.published = remaining;
      item.meta = { ...item.meta, status: JSON.stringify(remaining) === JSON.stringify(item.attributes) ? 'published' : 'updated' };
    } else {
      item.published = null;
      item.meta = { ...item.meta, status: 'draft', published_at: null, is_published_version_valid: null, unpublishing_scheduled_at: null };
    }
    this.env.meta.last_data_change_at = now;
    if (!item.parentItemId) recordVersion(this.store, this.env, item);
  }

  destroy(item: StoredItem): void {
    this.env.items.delete(item.id);
    const ofType = this.env.recordsByType.get(item.itemTypeId) ?? [];
    if (ofType.includes(item)) ofType.splice(ofType.indexOf(item), 1);
  }

  /** The published version without some locales; null when no locale would be left. */
  private withoutLocales(item: StoredItem, locales: string[]): Obj | null {
    const published = structuredClone(item.published ?? {});
    let left = 0;
    for (const field of this.store.fieldsOf(this.env, item.itemTypeId)) {
      const apiKey = String(field.attributes.api_key);
      if (!field.attributes.localized || !isObject(published[apiKey])) continue;
      const value = { ...(published[apiKey] as Obj) };
      for (const locale of locales) delete value[locale];
      published[apiKey] = value;
      left = Math.max(left, Object.keys(value).length);
    }
    return left > 0 ? published : null;
  }

  private parentOf(item: StoredItem): StoredItem | undefined {
    const parentId = item.attributes.parent_id;
    return typeof parentId === 'string' ? this.env.items.get(parentId) : undefined;
  }
}

/**
 * What the record's validators say about its current version, as they apply at publication (a draft
 * of a model that allows invalid drafts is checked too). `locales` limits localized fields to those.
 */
export function validationProblems(store: EmulatorStore, env: EnvironmentData, item: StoredItem, locales?: string[]): ApiErrorSpec[] {
  const itemType = env.itemTypes.get(item.itemTypeId);
  if (!itemType) return [];
  const fields = store.fieldsOf(env, item.itemTypeId);
  const errors: ApiErrorSpec[] = [];
  const asPublished: StoredItem = { ...item, meta: { ...item.meta, status: 'published' } };
  const ctx = { env, item: asPublished, itemType, fields, siteLocales: store.site.attributes.locales as string[], blockPath: [] };
  const recordLocales = checkLocaleSets(ctx, item.attributes, errors, new Set());
  checkValidators(ctx, item.attributes, locales ? recordLocales.filter((l) => locales.includes(l)) : recordLocales, errors);
  return errors;
}

function recursiveParam(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw httpError(422, 'INVALID_PARAMS', { param: 'recursive', value, message: 'recursive is true or false' });
}

function selectivePublish(raw: unknown, store: EmulatorStore, item: StoredItem, env: EnvironmentData): Selection | undefined {
  if (raw === null || raw === undefined) return undefined;
  const attributes = selectiveAttributes(raw, 'selective_publish_operation', ['content_in_locales', 'non_localized_content']);
  if (typeof attributes.non_localized_content !== 'boolean') {
    throw httpError(422, 'INVALID_FORMAT', { message: 'data.attributes.non_localized_content is required: true or false' });
  }
  const locales = localesOf(attributes.content_in_locales, store);
  // only locales the record has: its localized fields all carry the same locales
  const own = recordLocales(store, env, item);
  const missing = locales.filter((l) => !own.includes(l));
  if (missing.length) {
    throw httpError(422, 'INVALID_FIELD', {
      field: 'content_in_locales',
      code: 'VALIDATION_INCLUSION',
      locales: missing,
      message: `the record has no content in ${missing.join(', ')} (it has ${own.join(', ') || 'no localized content'})`,
    });
  }
  return { locales, nonLocalized: attributes.non_localized_content };
}

/** The locales a record's current version has: the keys of its localized values. */
function recordLocales(store: EmulatorStore, env: EnvironmentData, item: StoredItem): string[] {
  const keys = new Set<string>();
  for (const field of store.fieldsOf(env, item.itemTypeId)) {
    const value = item.attributes[String(field.attributes.api_key)];
    if (field.attributes.localized === true && isObject(value)) for (const locale of Object.keys(value)) keys.add(locale);
  }
  return (store.site.attributes.locales as string[]).filter((l) => keys.has(l));
}

function selectiveUnpublish(raw: unknown, store: EmulatorStore, item: StoredItem): string[] | undefined {
  if (raw === null || raw === undefined) return undefined;
  const attributes = selectiveAttributes(raw, 'selective_unpublish_operation', ['content_in_locales']);
  const locales = localesOf(attributes.content_in_locales, store);
  const published = new Set(Object.values(item.published ?? {}).flatMap((v) => (isObject(v) ? Object.keys(v) : [])));
  const notPublished = locales.filter((l) => !published.has(l));
  if (notPublished.length) {
    throw httpError(422, 'INVALID_FIELD', {
      field: 'content_in_locales',
      code: 'VALIDATION_INCLUSION',
      locales: notPublished,
      message: `not published in this record: ${notPublished.join(', ')}`,
    });
  }
  return locales;
}

function selectiveAttributes(raw: unknown, type: string, allowed: string[]): Obj {
  const data = isObject(raw) && Object.keys(raw).every((k) => k === 'data') && isObject(raw.data) ? raw.data : undefined;
  if (!data || data.type !== type || Object.keys(data).some((k) => k !== 'type' && k !== 'attributes') || !isObject(data.attributes)) {
    throw httpError(422, 'INVALID_FORMAT', {
      message: `The body must be {"data": {"type": "${type}", "attributes": {${allowed.join(', ')}}}}, or no body for the whole record`,
    });
  }
  // the operation's schema lists its attributes: another one is a malformed body, not a value to validate
  const extra = Object.keys(data.attributes).filter((k) => !allowed.includes(k));
  if (extra.length)
    throw httpError(422, 'INVALID_FORMAT', { message: `data.attributes takes ${allowed.join(', ')}; not ${extra.join(', ')}` });
  return data.attributes;
}

function localesOf(value: unknown, store: EmulatorStore): string[] {
  const siteLocales = store.site.attributes.locales as string[];
  if (!Array.isArray(value) || value.some((l) => typeof l !== 'string'))
    throw httpError(422, 'INVALID_FORMAT', { message: 'content_in_locales is an array of locale codes' });
  if (value.length === 0 || value.some((l) => !siteLocales.includes(l))) {
    throw httpError(422, 'INVALID_FIELD', {
      field: 'content_in_locales',
      code: 'VALIDATION_INVALID_LOCALE',
      message: `content_in_locales is a non-empty list of the project's locales (${siteLocales.join(', ')})`,
    });
  }
  return value as string[];
}

/** The schedule's attributes as stored; the date must be ISO 8601 with a time zone, in the future. */
function scheduleBody(raw: unknown, type: string, key: string, store: EmulatorStore): Obj {
  const optional = key === 'publication_scheduled_at' ? 'selective_publication' : 'content_in_locales';
  const attributes = selectiveAttributes(raw, type, [key, optional]);
  const at = attributes[key];
  if (typeof at !== 'string') throw httpError(422, 'INVALID_FORMAT', { message: `data.attributes.${key} is required: a date-time` });
  if (!isIsoDateTime(at))
    throw httpError(422, 'INVALID_FIELD', {
      field: key,
      code: 'VALIDATION_INVALID_FORMAT',
      message: `${key} is an ISO 8601 date-time with a time zone`,
    });
  if (Date.parse(at) <= Date.now())
    throw httpError(422, 'INVALID_FIELD', { field: key, code: 'VALIDATION_INVALID', message: `${key} must be in the future` });
  const extra = attributes[optional];
  if (extra !== undefined && extra !== null) {
    if (optional === 'content_in_locales') localesOf(extra, store);
    else if (
      !isObject(extra) ||
      typeof extra.non_localized_content !== 'boolean' ||
      Object.keys(extra).some((k) => k !== 'content_in_locales' && k !== 'non_localized_content')
    ) {
      throw httpError(422, 'INVALID_FORMAT', {
        message: 'selective_publication is {content_in_locales, non_localized_content} or null',
      });
    } else localesOf(extra.content_in_locales, store);
  }
  return { [key]: at, [optional]: extra ?? null };
}
