// Which records use an upload (file and gallery values, SEO images, in the record or in one of its blocks),
// `GET /uploads/:id/references`, and whether a new file for an upload still passes the validators of the
// fields that hold it.
import type { Resource } from '../../src/cma/types.js';
import type { ApiErrorSpec } from './errors.js';
import { httpError } from './errors.js';
import type { Document } from './envelope.js';
import { blockIdsOf, ItemSerializer, versionAttributes, type Version } from './items.js';
import { checkQueryParams } from './params.js';
import type { Query } from './query.js';
import { wire } from './resources.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from './store.js';
import { PREDEFINED_EXTENSIONS } from './upload-files.js';
import { referenceVersions } from './uploads.js';

const UPLOAD_REFERENCES_PARAMS = { nested: 'scalar', version: 'scalar' } as const;

/** One place a record holds an upload. */
export interface UploadUse {
  record: StoredItem;
  field: Resource<'field'>;
}

/** Calls `visit` for every upload id a version of a record (or block) holds, with the field holding it. */
function visitUploads(
  store: EmulatorStore,
  env: EnvironmentData,
  item: StoredItem,
  version: Version,
  visit: (uploadId: string, field: Resource<'field'>) => void,
): void {
  const attributes = versionAttributes(item, version);
  if (!attributes) return;
  for (const field of store.fieldsOf(env, item.itemTypeId)) {
    const type = String(field.attributes.field_type);
    const value = attributes[String(field.attributes.api_key)];
    const values = field.attributes.localized && value && typeof value === 'object' ? Object.values(value) : [value];
    for (const one of values) {
      if ((type === 'file' || type === 'gallery') && one) {
        for (const file of Array.isArray(one) ? one : [one]) {
          const id = (file as { upload_id?: unknown })?.upload_id;
          if (typeof id === 'string') visit(id, field);
        }
      }
      if (type === 'seo' && one && typeof (one as { image?: unknown }).image === 'string') visit((one as { image: string }).image, field);
      for (const blockId of blockIdsOf(type, one)) {
        const block = env.items.get(blockId);
        if (block) visitUploads(store, env, block, version === 'published' && block.published ? 'published' : 'current', visit);
      }
    }
  }
}

/** Every record (not block) of the environment, in creation order. */
function records(env: EnvironmentData): StoredItem[] {
  return [...env.recordsByType.values()].flat();
}

/** The ids of every upload that a record's current or published version uses. */
export function usedUploadIds(store: EmulatorStore, env: EnvironmentData): Set<string> {
  const used = new Set<string>();
  for (const record of records(env)) {
    for (const version of ['current', 'published'] as const) visitUploads(store, env, record, version, (id) => used.add(id));
  }
  return used;
}

/** The records whose given versions use the upload, each once, with the fields (of the record or its blocks) that hold it. */
export function usesOf(store: EmulatorStore, env: EnvironmentData, uploadId: string, versions: readonly Version[]): UploadUse[] {
  const uses: UploadUse[] = [];
  for (const record of records(env)) {
    for (const version of versions) {
      visitUploads(store, env, record, version, (id, field) => {
        if (id === uploadId && !uses.some((u) => u.record === record && u.field === field)) uses.push({ record, field });
      });
    }
  }
  return uses;
}

/** `GET /uploads/:id/references`: the records whose version uses the upload. */
export function uploadReferences(store: EmulatorStore, env: EnvironmentData, id: string, query: Query): Document {
  checkQueryParams(query, UPLOAD_REFERENCES_PARAMS);
  const versions = referenceVersions(query);
  if (!env.uploads.has(id)) throw httpError(404, 'NOT_FOUND', { entity: 'upload', id, message: `No upload with id "${id}"` });
  const using = [...new Set(usesOf(store, env, id, versions).map((use) => use.record))];
  const serializer = new ItemSerializer(store, env);
  const shown: Version = versions.length === 1 ? versions[0]! : 'current';
  return { data: using.map((record) => wire(serializer.serialize(record, shown, query.nested === 'true'))) };
}

const UNIT_BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 * 1024 };

/**
 * The validators a file must pass in a field that holds it (`extension`, `file_size`, `image_dimensions`),
 * as the names of those it fails.
 */
function failedFileValidators(field: Resource<'field'>, upload: Resource<'upload'>): string[] {
  const validators = (field.attributes.validators ?? {}) as Record<string, Record<string, unknown>>;
  const a = upload.attributes;
  const failed: string[] = [];
  const extension = validators.extension;
  if (extension) {
    const listed = Array.isArray(extension.extensions) ? (extension.extensions as string[]).map((e) => e.toLowerCase()) : [];
    const predefined = typeof extension.predefined_list === 'string' ? (PREDEFINED_EXTENSIONS[extension.predefined_list] ?? []) : [];
    const allowed = [...listed, ...predefined];
    if (allowed.length && !allowed.includes(String(a.format ?? ''))) failed.push('extension');
  }
  const size = validators.file_size;
  if (size) {
    const bytes = (value: unknown, unit: unknown) => (typeof value === 'number' ? value * (UNIT_BYTES[String(unit)] ?? 1) : undefined);
    const min = bytes(size.min_value, size.min_unit);
    const max = bytes(size.max_value, size.max_unit);
    const n = Number(a.size);
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) failed.push('file_size');
  }
  const dims = validators.image_dimensions;
  if (dims) {
    const w = typeof a.width === 'number' ? a.width : null;
    const h = typeof a.height === 'number' ? a.height : null;
    const below = (v: number | null, bound: unknown) => typeof bound === 'number' && (v === null || v < bound);
    const above = (v: number | null, bound: unknown) => typeof bound === 'number' && (v === null || v > bound);
    if (
      below(w, dims.width_min_value) ||
      above(w, dims.width_max_value) ||
      below(h, dims.height_min_value) ||
      above(h, dims.height_max_value)
    )
      failed.push('image_dimensions');
  }
  return failed;
}

/**
 * The error a replacement answers when the new file would break a record that uses the upload (its current
 * or published version): the API names the code; the details (each record, field and validator) are ours.
 */
export function replacementProblems(store: EmulatorStore, env: EnvironmentData, replaced: Resource<'upload'>): ApiErrorSpec[] {
  const failing = usesOf(store, env, replaced.id, ['current', 'published'])
    .map((use) => ({ item_id: use.record.id, field: use.field.attributes.api_key, validators: failedFileValidators(use.field, replaced) }))
    .filter((entry) => entry.validators.length > 0);
  if (!failing.length) return [];
  return [
    {
      code: 'UPLOAD_NOT_PASSING_FIELD_VALIDATIONS',
      details: { records: failing, message: "Couldn't update this asset since some records are failing to pass the validations!" },
    },
  ];
}
