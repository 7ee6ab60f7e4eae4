// The media area (`GET /uploads`, `GET /uploads/:id`) and the records that link to a record
// (`GET /items/:id/references`).
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import { pageNumber } from './item-query.js';
import { blockIdsOf, DEFAULT_PAGE_LIMIT, ItemSerializer, MAX_PAGE_LIMIT, versionAttributes, type Version } from './items.js';
import { checkQueryParams, ITEM_REFERENCES_PARAMS, NO_PARAMS, UPLOAD_LIST_PARAMS } from './params.js';
import type { Query, QueryValue } from './query.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import type { Document } from './envelope.js';

const UPLOAD_ORDER_KEYS = ['created_at', 'updated_at', 'size', 'filename', 'basename', 'width', 'height', 'format'];
const REFERENCE_VERSIONS = ['current', 'published', 'published-or-current'] as const;

const objectParam = (value: QueryValue | undefined): Record<string, QueryValue> =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, QueryValue>;

/** `GET /uploads` (a page, `meta.total_count` over every match) or `GET /uploads/:id`. */
export function uploadsDocument(store: EmulatorStore, env: EnvironmentData, id: string | undefined, query: Query): Document {
  if (id !== undefined) {
    checkQueryParams(query, NO_PARAMS);
    const upload = env.uploads.get(id);
    if (!upload) throw httpError(404, 'NOT_FOUND', { entity: 'upload', id, message: `No upload with id "${id}"` });
    return { data: wire(structuredClone(upload)) };
  }
  checkQueryParams(query, UPLOAD_LIST_PARAMS);
  const filter = objectParam(query.filter);
  const page = objectParam(query.page);
  const offset = pageNumber(page.offset, 'page[offset]', 0);
  const limit = pageNumber(page.limit, 'page[limit]', DEFAULT_PAGE_LIMIT);
  if (limit > MAX_PAGE_LIMIT)
    throw httpError(422, 'INVALID_PARAMS', {
      param: 'page[limit]',
      value: limit,
      maximum: MAX_PAGE_LIMIT,
      message: `page[limit] must be at most ${MAX_PAGE_LIMIT}`,
    });
  const locales = (store.site.attributes.locales as string[] | undefined) ?? [];
  if (query.locale !== undefined && !locales.includes(String(query.locale)))
    throw httpError(422, 'INVALID_PARAMS', { param: 'locale', value: String(query.locale), allowed: locales });
  // The filters of `filter[fields]` are the Content Delivery API's upload filters: not emulated, refused rather than ignored.
  if (filter.fields !== undefined)
    throw httpError(422, 'INVALID_PARAMS', { param: 'filter[fields]', message: 'filter[fields] is not emulated' });

  let uploads = [...env.uploads.values()];
  if (filter.ids !== undefined) {
    const ids = new Set(
      String(filter.ids)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    uploads = uploads.filter((u) => ids.has(u.id));
  }
  if (typeof filter.query === 'string' && filter.query.trim() !== '') {
    const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
    uploads = uploads.filter((u) => {
      const text = [
        u.attributes.filename,
        u.attributes.author,
        u.attributes.copyright,
        u.attributes.notes,
        ...Object.values(objectParam((u.attributes.default_field_metadata as { alt?: QueryValue }).alt)),
      ]
        .filter((t) => typeof t === 'string')
        .join(' ')
        .toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }
  if (query.order_by !== undefined) uploads = ordered(uploads, String(query.order_by));
  return { data: uploads.slice(offset, offset + limit).map((u) => wire(structuredClone(u))), meta: { total_count: uploads.length } };
}

function ordered(uploads: Resource<'upload'>[], orderBy: string): Resource<'upload'>[] {
  const rules = orderBy.split(',').map((rule) => {
    const match = /^(\w+)_(ASC|DESC)$/.exec(rule.trim());
    if (!match || !UPLOAD_ORDER_KEYS.includes(match[1]!))
      throw httpError(422, 'INVALID_PARAMS', {
        param: 'order_by',
        value: rule,
        allowed: UPLOAD_ORDER_KEYS.flatMap((k) => [`${k}_ASC`, `${k}_DESC`]),
      });
    return { key: match[1]!, sign: match[2] === 'ASC' ? 1 : -1 };
  });
  const compare = (a: unknown, b: unknown) =>
    a === b ? 0 : a === null || a === undefined ? 1 : b === null || b === undefined ? -1 : a < b! ? -1 : 1;
  return [...uploads].sort((a, b) => {
    for (const { key, sign } of rules) {
      const c = compare(a.attributes[key], b.attributes[key]);
      if (c !== 0) return c * sign;
    }
    return 0;
  });
}

/** `GET /items/:id/references`: every record whose `version` links to the record, through any field or block. */
export function referencesDocument(store: EmulatorStore, env: EnvironmentData, id: string, query: Query): Document {
  checkQueryParams(query, ITEM_REFERENCES_PARAMS);
  const asked = query.version ?? 'current';
  if (!REFERENCE_VERSIONS.includes(asked as (typeof REFERENCE_VERSIONS)[number])) {
    throw httpError(422, 'INVALID_PARAMS', {
      param: 'version',
      value: typeof asked === 'string' ? asked : null,
      allowed: [...REFERENCE_VERSIONS],
    });
  }
  if (!env.items.get(id)) throw httpError(404, 'NOT_FOUND', { entity: 'item', id, message: `No item with id "${id}"` });
  const versions: Version[] = asked === 'published-or-current' ? ['published', 'current'] : [asked as Version];
  const records = [...env.recordsByType.values()]
    .flat()
    .filter((record) => versions.some((version) => linkedIds(store, env, record, version).has(id)));
  const serializer = new ItemSerializer(store, env);
  const shown: Version = asked === 'published' ? 'published' : 'current';
  return { data: records.map((record) => wire(serializer.serialize(record, shown, query.nested === 'true'))) };
}

/** The record ids a version of a record (or block) links to: links, structured text links and its blocks' links. */
export function linkedIds(
  store: EmulatorStore,
  env: EnvironmentData,
  item: StoredItem,
  version: Version,
  into = new Set<string>(),
): Set<string> {
  const attributes = versionAttributes(item, version);
  if (!attributes) return into;
  for (const field of store.fieldsOf(env, item.itemTypeId)) {
    const type = String(field.attributes.field_type);
    const value = attributes[String(field.attributes.api_key)];
    const values = field.attributes.localized && value && typeof value === 'object' ? Object.values(value) : [value];
    for (const one of values) {
      if (type === 'link' && typeof one === 'string') into.add(one);
      if (type === 'links' && Array.isArray(one)) for (const linked of one) if (typeof linked === 'string') into.add(linked);
      if (type === 'structured_text') dastRecordLinks(one, into);
      for (const blockId of blockIdsOf(type, one)) {
        const block = env.items.get(blockId);
        if (block) linkedIds(store, env, block, version === 'published' && block.published ? 'published' : 'current', into);
      }
    }
  }
  return into;
}

/** The records a structured text value's `itemLink` and `inlineItem` nodes name. */
function dastRecordLinks(value: unknown, into: Set<string>): void {
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: unknown; item?: unknown; children?: unknown };
    if ((n.type === 'itemLink' || n.type === 'inlineItem') && typeof n.item === 'string') into.add(n.item);
    if (Array.isArray(n.children)) n.children.forEach(walk);
  };
  if (value && typeof value === 'object') walk((value as { document?: unknown }).document);
}
