// In-memory state of the emulated project. Schema and records live per environment (a sandbox is
// its own copy, ids kept as a real fork keeps them); the site and webhooks belong to the project.
import type { Resource, ResourceIdentifier } from '../../src/cma/types.js';

export interface ItemMeta {
  created_at: string;
  updated_at: string;
  published_at: string | null;
  first_published_at: string | null;
  publication_scheduled_at: string | null;
  unpublishing_scheduled_at: string | null;
  status: 'draft' | 'updated' | 'published' | null;
  is_valid: boolean;
  is_current_version_valid: boolean | null;
  is_published_version_valid: boolean | null;
  current_version: string;
  stage: string | null;
  has_children: boolean | null;
}

/** A record or a block. Block-bearing fields hold block ids; blocks are StoredItems too. */
export interface StoredItem {
  id: string;
  itemTypeId: string;
  /** the current version's attributes, keyed by field api_key (plus position/parent_id where the model has them) */
  attributes: Record<string, unknown>;
  /** the attributes of the last published version; null when never published */
  published: Record<string, unknown> | null;
  meta: ItemMeta;
  creator: ResourceIdentifier | null;
  /** blocks only: the record that owns the block */
  parentItemId?: string;
}

export interface EnvironmentData {
  id: string;
  meta: {
    status: 'creating' | 'ready' | 'destroying';
    /** only while creating */
    fork_completion_percentage?: number;
    read_only_mode: boolean;
    created_at: string;
    last_data_change_at: string;
    primary: boolean;
    forked_from: string | null;
  };
  /** models and block models, in creation order */
  itemTypes: Map<string, Resource<'item_type'>>;
  fields: Map<string, Resource<'field'>>;
  fieldsets: Map<string, Resource<'fieldset'>>;
  items: Map<string, StoredItem>;
  /** the media area's uploads, by id */
  uploads: Map<string, Resource<'upload'>>;
  /** records (not blocks) of each model in creation order: the default listing order */
  recordsByType: Map<string, StoredItem[]>;
  /** the media area's collections, tags and saved filters (upload-area.ts creates it on first use) */
  mediaArea?: MediaArea;
}

/** Environment data of the media area besides the uploads: copied by a fork like the rest. */
export interface MediaArea {
  collections: Map<string, Resource<'upload_collection'>>;
  /** tag names created with POST /upload-tags or set on an upload, in creation order */
  tags: Set<string>;
  filters: Map<string, Resource<'upload_filter'>>;
}

export interface EmulatorStore {
  site: Resource<'site'>;
  webhooks: Map<string, Resource<'webhook'>>;
  /** every environment id, primary first */
  environmentIds: string[];
  /** the primary environment's id (answers requests without X-Environment) */
  readonly primaryId: string;
  /** whether maintenance mode is on: the primary environment then takes no content or schema writes */
  maintenance: { active: boolean };
  /**
   * `GET /uploads` with `filter[fields][upload_collection]` (not in the published filter list): honoured by default;
   * a test sets `refused` (a DatoCMS without it: 422) or `ignored` (one that lists every upload anyway)
   */
  uploadCollectionFilter: { mode: 'honoured' | 'refused' | 'ignored' };
  hasEnvironment(id: string): boolean;
  /** adds a (forked) environment, built */
  addEnvironment(env: EnvironmentData): void;
  removeEnvironment(id: string): void;
  renameEnvironment(id: string, newId: string): void;
  /** makes `id` the primary environment; the former primary becomes a sandbox */
  promoteEnvironment(id: string): void;
  /** an environment's meta, without building a lazy environment */
  environmentMeta(id: string): EnvironmentData['meta'];
  /** the environment data for an id (built on first use); undefined = the primary environment */
  environment(id?: string): EnvironmentData;
  /** find a model by id or api_key */
  itemType(env: EnvironmentData, idOrApiKey: string): Resource<'item_type'> | undefined;
  /** fields of a model ordered by position */
  fieldsOf(env: EnvironmentData, itemTypeId: string): Resource<'field'>[];
  /** to call after changing a field (position, api_key…) so fieldsOf sees it */
  schemaChanged(env: EnvironmentData): void;
  /** a field by id or `<model_api_key>::<field_api_key>` */
  field(env: EnvironmentData, idOrKey: string): Resource<'field'> | undefined;
}

/**
 * @param lazy environments built on first use (a sandbox costs as much as main to build)
 */
export interface LazyEnvironment {
  meta: EnvironmentData['meta'];
  build(): EnvironmentData;
}

export function createStore(
  site: Resource<'site'>,
  webhooks: Map<string, Resource<'webhook'>>,
  primary: EnvironmentData,
  lazy: Record<string, LazyEnvironment> = {},
): EmulatorStore {
  const built = new Map<string, EnvironmentData>([[primary.id, primary]]);
  // fieldsOf runs for every record served: keep each model's ordered fields until the schema changes
  const fieldsCache = new WeakMap<EnvironmentData, Map<string, Resource<'field'>[]>>();
  const ids = [primary.id, ...Object.keys(lazy)];
  let primaryId = primary.id;
  const store: EmulatorStore = {
    site,
    webhooks,
    environmentIds: ids,
    get primaryId() {
      return primaryId;
    },
    maintenance: { active: false },
    uploadCollectionFilter: { mode: 'honoured' },
    addEnvironment(env) {
      if (ids.includes(env.id)) throw new Error(`addEnvironment: "${env.id}" exists`);
      built.set(env.id, env);
      ids.push(env.id);
    },
    removeEnvironment(id) {
      if (id === primaryId) throw new Error('removeEnvironment: the primary environment stays');
      built.delete(id);
      delete lazy[id];
      ids.splice(ids.indexOf(id), 1);
    },
    renameEnvironment(id, newId) {
      const env = store.environment(id);
      built.delete(id);
      delete lazy[id];
      env.id = newId;
      built.set(newId, env);
      ids[ids.indexOf(id)] = newId;
      if (primaryId === id) primaryId = newId;
      for (const other of built.values()) if (other.meta.forked_from === id) other.meta.forked_from = newId;
    },
    promoteEnvironment(id) {
      const promoted = store.environment(id);
      const former = store.environment(primaryId);
      former.meta.primary = false;
      promoted.meta.primary = true;
      primaryId = id;
      ids.splice(ids.indexOf(id), 1);
      ids.unshift(id);
    },
    environment(id) {
      const key = id ?? primaryId;
      let env = built.get(key);
      if (!env) {
        const pending = lazy[key];
        if (!pending) throw new Error(`No environment "${key}" in the emulator (have: ${ids.join(', ')})`);
        env = pending.build();
        built.set(key, env);
      }
      return env;
    },
    hasEnvironment(id) {
      return ids.includes(id);
    },
    environmentMeta(id) {
      const env = built.get(id);
      if (env) return env.meta;
      const pending = lazy[id];
      if (!pending) throw new Error(`No environment "${id}" in the emulator (have: ${ids.join(', ')})`);
      return pending.meta;
    },
    itemType(env, idOrApiKey) {
      const direct = env.itemTypes.get(idOrApiKey);
      if (direct) return direct;
      for (const itemType of env.itemTypes.values()) if (itemType.attributes.api_key === idOrApiKey) return itemType;
      return undefined;
    },
    fieldsOf(env, itemTypeId) {
      let byModel = fieldsCache.get(env);
      if (!byModel) {
        byModel = new Map();
        fieldsCache.set(env, byModel);
      }
      let fields = byModel.get(itemTypeId);
      if (!fields) {
        fields = [...env.fields.values()]
          .filter((field) => relId(field, 'item_type') === itemTypeId)
          .sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position));
        byModel.set(itemTypeId, fields);
      }
      return [...fields];
    },
    schemaChanged(env) {
      fieldsCache.delete(env);
    },
    field(env, idOrKey) {
      const direct = env.fields.get(idOrKey);
      if (direct) return direct;
      const separator = idOrKey.indexOf('::');
      if (separator < 0) return undefined;
      const itemType = this.itemType(env, idOrKey.slice(0, separator));
      if (!itemType) return undefined;
      const apiKey = idOrKey.slice(separator + 2);
      return this.fieldsOf(env, itemType.id).find((f) => f.attributes.api_key === apiKey);
    },
  };
  return store;
}

/** The id a to-one relationship points at, or null. */
export function relId(resource: Resource, name: string): string | null {
  const data = resource.relationships[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}
