// The records that link to a record (`GET /items/:id/references`). The media area is in upload-*.ts.
import { httpError } from './errors.js';
import { blockIdsOf, ItemSerializer, versionAttributes, type Version } from './items.js';
import { checkQueryParams, ITEM_REFERENCES_PARAMS } from './params.js';
import type { Query } from './query.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import type { Document } from './envelope.js';

const REFERENCE_VERSIONS = ['current', 'published', 'published-or-current'] as const;

/** The versions a references request reads (its `version`, `current` by default); an unknown one is refused. */
export function referenceVersions(query: Query): Version[] {
  const asked = query.version ?? 'current';
  if (!REFERENCE_VERSIONS.includes(asked as (typeof REFERENCE_VERSIONS)[number])) {
    throw httpError(422, 'INVALID_PARAMS', {
      param: 'version',
      value: typeof asked === 'string' ? asked : null,
      allowed: [...REFERENCE_VERSIONS],
    });
  }
  return asked === 'published-or-current' ? ['published', 'current'] : [asked as Version];
}

/** `GET /items/:id/references`: every record whose `version` links to the record, through any field or block. */
export function referencesDocument(store: EmulatorStore, env: EnvironmentData, id: string, query: Query): Document {
  checkQueryParams(query, ITEM_REFERENCES_PARAMS);
  const versions = referenceVersions(query);
  if (!env.items.get(id)) throw httpError(404, 'NOT_FOUND', { entity: 'item', id, message: `No item with id "${id}"` });
  const records = [...env.recordsByType.values()]
    .flat()
    .filter((record) => versions.some((version) => linkedIds(store, env, record, version).has(id)));
  const serializer = new ItemSerializer(store, env);
  const shown: Version = versions.length === 1 ? versions[0]! : 'current';
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
