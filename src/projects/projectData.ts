// Per (project, environment) cache of the schema-ish data everyone needs (site, models, fields,
// fieldsets). No vscode import: the tree model, the documents and the tests share it.
//
// Each value is fetched at most once; concurrent callers share the same request. The shared request
// runs without any caller's AbortSignal (one caller cancelling must not fail the others); a caller's
// signal only stops that caller waiting. A failed request is forgotten so the next call retries.
import { CancelledError, type CallOptions, type CmaClient } from '../cma';
import type { Resource } from '../cma/types';
import type { SchemaContext } from '../schema';

/** Validator keys whose `item_types` name the block models a field can hold (PROTOCOL §9.5). */
const BLOCK_VALIDATORS = ['rich_text_blocks', 'single_block_blocks', 'structured_text_blocks', 'structured_text_inline_blocks'] as const;

export class ModelNotFoundError extends Error {
  constructor(readonly idOrApiKey: string, readonly environment: string | undefined) {
    super(`Model "${idOrApiKey}" does not exist in environment ${environment ?? '(primary)'} of this DatoCMS project.`);
    this.name = 'ModelNotFoundError';
  }
}

export class ProjectData {
  private sitePromise: Promise<Resource<'site'>> | undefined;
  private itemTypesPromise: Promise<Resource<'item_type'>[]> | undefined;
  private readonly fieldPromises = new Map<string, Promise<Resource<'field'>[]>>();
  private readonly fieldsetPromises = new Map<string, Promise<Resource<'fieldset'>[]>>();
  /** fields already loaded, for SchemaContext.fieldsOf (synchronous) */
  private readonly loadedFields = new Map<string, Resource<'field'>[]>();

  constructor(readonly client: CmaClient) {}

  site(o?: CallOptions): Promise<Resource<'site'>> {
    const promise: Promise<Resource<'site'>> =
      this.sitePromise ??
      (this.sitePromise = onFailure(this.client.site.find(), (failed) => {
        if (this.sitePromise === failed) this.sitePromise = undefined;
      }));
    return waitFor(promise, o?.signal);
  }

  /** Models and block models, in the API's order. */
  itemTypes(o?: CallOptions): Promise<Resource<'item_type'>[]> {
    const promise: Promise<Resource<'item_type'>[]> =
      this.itemTypesPromise ??
      (this.itemTypesPromise = onFailure(this.client.itemTypes.list(), (failed) => {
        if (this.itemTypesPromise === failed) this.itemTypesPromise = undefined;
      }));
    return waitFor(promise, o?.signal);
  }

  async itemType(idOrApiKey: string, o?: CallOptions): Promise<Resource<'item_type'>> {
    const all = await this.itemTypes(o);
    const found = all.find((t) => t.id === idOrApiKey) ?? all.find((t) => t.attributes['api_key'] === idOrApiKey);
    if (!found) throw new ModelNotFoundError(idOrApiKey, this.client.environment);
    return found;
  }

  /** Fields of a model (by id), sorted by position. */
  fields(itemTypeId: string, o?: CallOptions): Promise<Resource<'field'>[]> {
    const promise = cached(this.fieldPromises, itemTypeId, async () => sortByPosition(await this.client.fields.list(itemTypeId)));
    promise.then(
      (fields) => {
        if (this.fieldPromises.get(itemTypeId) === promise) this.loadedFields.set(itemTypeId, fields);
      },
      () => undefined,
    );
    return waitFor(promise, o?.signal);
  }

  /** Fieldsets of a model (by id), sorted by position. */
  fieldsets(itemTypeId: string, o?: CallOptions): Promise<Resource<'fieldset'>[]> {
    const promise = cached(this.fieldsetPromises, itemTypeId, async () => sortByPosition(await this.client.fieldsets.list(itemTypeId)));
    return waitFor(promise, o?.signal);
  }

  /**
   * What validation needs: the site locales, every model, and the fields of `itemTypeIds` plus,
   * transitively, of the block models their fields may contain. Without ids only the fields loaded so
   * far are known to `fieldsOf`.
   */
  async schemaContext(itemTypeIds: string[] = [], o?: CallOptions): Promise<SchemaContext> {
    const [site, itemTypes] = await Promise.all([this.site(o), this.itemTypes(o)]);
    const seen = new Set<string>();
    let wave = itemTypeIds.map((id) => itemTypes.find((t) => t.id === id || t.attributes['api_key'] === id)?.id ?? id);
    while (wave.length > 0) {
      const next = wave.filter((id) => !seen.has(id));
      next.forEach((id) => seen.add(id));
      const fieldLists = await Promise.all(next.map((id) => this.fields(id, o)));
      wave = fieldLists.flatMap((fields) => fields.flatMap(blockModelIdsOf));
    }
    const locales = Array.isArray(site.attributes['locales']) ? (site.attributes['locales'] as string[]) : [];
    return {
      locales,
      itemTypes,
      fieldsOf: (itemTypeId) => this.loadedFields.get(itemTypeId),
    };
  }

  /** Forget cached data: everything, or one model's fields and fieldsets (and the model list, which embeds them). */
  invalidate(scope?: { itemTypeId?: string }): void {
    const itemTypeId = scope?.itemTypeId;
    if (itemTypeId === undefined) {
      this.sitePromise = undefined;
      this.fieldPromises.clear();
      this.fieldsetPromises.clear();
      this.loadedFields.clear();
    } else {
      this.fieldPromises.delete(itemTypeId);
      this.fieldsetPromises.delete(itemTypeId);
      this.loadedFields.delete(itemTypeId);
    }
    this.itemTypesPromise = undefined;
  }
}

/** Ids of the block models a field may contain, from its block validators. */
export function blockModelIdsOf(field: Resource<'field'>): string[] {
  const validators = field.attributes['validators'];
  if (!validators || typeof validators !== 'object') return [];
  return BLOCK_VALIDATORS.flatMap((name) => {
    const ids = (validators as Record<string, { item_types?: unknown } | undefined>)[name]?.item_types;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  });
}

/** The cached promise for `key`, or a new one from `load`; a failure is forgotten so the next call retries. */
function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key);
  if (existing) return existing;
  const promise = onFailure(load(), (failed) => {
    if (cache.get(key) === failed) cache.delete(key);
  });
  cache.set(key, promise);
  return promise;
}

/** Runs `forget` (with the promise) if the promise rejects; the rejection still reaches awaiting callers. */
function onFailure<T>(promise: Promise<T>, forget: (failed: Promise<T>) => void): Promise<T> {
  promise.catch(() => forget(promise));
  return promise;
}

function sortByPosition<T extends Resource>(resources: T[]): T[] {
  const position = (r: Resource) => (typeof r.attributes['position'] === 'number' ? r.attributes['position'] : Number.MAX_SAFE_INTEGER);
  return [...resources].sort((a, b) => position(a) - position(b));
}

/** Waits for a shared promise, giving up (not cancelling it) when this caller's signal aborts. */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function cancelled(): CancelledError {
  return new CancelledError('Loading DatoCMS project data was cancelled.');
}
