// Per (project, environment) cache of the schema everyone needs: the site, its models and block models,
// their fields and fieldsets. No vscode import: the tree model, the documents and the tests share it.
//
// All of it comes from one request, `GET /site?include=item_types,item_types.fields,item_types.fieldsets`,
// made at most once until invalidated; concurrent callers share it. The shared request runs without any
// caller's AbortSignal (one caller cancelling must not fail the others); a caller's signal only stops that
// caller waiting. A failed request is forgotten so the next call retries.
import { CancelledError, type CallOptions, type CmaClient } from '../cma';
import type { Resource } from '../cma';
import { positionOf } from '../domain/resources';
import { Model, Site } from '../domain/views';
import type { SchemaContext } from '../schema';

export class ModelNotFoundError extends Error {
  constructor(
    readonly idOrApiKey: string,
    readonly environment: string | undefined,
  ) {
    super(`Model "${idOrApiKey}" does not exist in environment ${environment ?? '(primary)'} of this DatoCMS project.`);
    this.name = 'ModelNotFoundError';
  }
}

/** One environment's schema as one answer gave it. */
interface Schema {
  site: Resource<'site'>;
  itemTypes: Resource<'item_type'>[];
  /** by model id, sorted by position; every model has an entry */
  fields: Map<string, Resource<'field'>[]>;
  fieldsets: Map<string, Resource<'fieldset'>[]>;
}

export class ProjectData {
  private schemaPromise: Promise<Schema> | undefined;

  constructor(readonly client: CmaClient) {}

  site(o?: CallOptions): Promise<Resource<'site'>> {
    return this.schema(o).then((schema) => schema.site);
  }

  /** Models and block models, in the API's order. */
  itemTypes(o?: CallOptions): Promise<Resource<'item_type'>[]> {
    return this.schema(o).then((schema) => schema.itemTypes);
  }

  async itemType(idOrApiKey: string, o?: CallOptions): Promise<Resource<'item_type'>> {
    return modelIn(await this.schema(o), idOrApiKey, this.client.environment);
  }

  /** Fields of a model (by id or api_key), sorted by position. */
  async fields(itemTypeId: string, o?: CallOptions): Promise<Resource<'field'>[]> {
    const schema = await this.schema(o);
    return schema.fields.get(modelIn(schema, itemTypeId, this.client.environment).id) ?? [];
  }

  /** Fieldsets of a model (by id or api_key), sorted by position. */
  async fieldsets(itemTypeId: string, o?: CallOptions): Promise<Resource<'fieldset'>[]> {
    const schema = await this.schema(o);
    return schema.fieldsets.get(modelIn(schema, itemTypeId, this.client.environment).id) ?? [];
  }

  /**
   * What validation needs: the site locales, every model, and the fields of every model (the block models
   * that `itemTypeIds` may contain among them). A model of `itemTypeIds` that does not exist is an error.
   */
  async schemaContext(itemTypeIds: string[] = [], o?: CallOptions): Promise<SchemaContext> {
    const schema = await this.schema(o);
    for (const id of itemTypeIds) modelIn(schema, id, this.client.environment);
    const locales = Site.locales(schema.site);
    return {
      locales,
      itemTypes: schema.itemTypes,
      fieldsOf: (itemTypeId) => schema.fields.get(itemTypeId),
    };
  }

  /**
   * Forget the cached schema; the next call reads it again (one request). `scope` names what changed (a
   * model's fields or fieldsets); the whole schema is read again either way, as it comes in one answer.
   */
  invalidate(_scope?: { itemTypeId?: string }): void {
    this.schemaPromise = undefined;
  }

  private schema(o?: CallOptions): Promise<Schema> {
    let promise = this.schemaPromise;
    if (!promise) {
      const loading: Promise<Schema> = this.client.site.findWithSchema().then(indexSchema);
      loading.catch(() => {
        if (this.schemaPromise === loading) this.schemaPromise = undefined;
      });
      this.schemaPromise = promise = loading;
    }
    return waitFor(promise, o?.signal);
  }
}

function modelIn(schema: Schema, idOrApiKey: string, environment: string | undefined): Resource<'item_type'> {
  const found = schema.itemTypes.find((t) => t.id === idOrApiKey) ?? schema.itemTypes.find((t) => Model.givenApiKey(t) === idOrApiKey);
  if (!found) throw new ModelNotFoundError(idOrApiKey, environment);
  return found;
}

function indexSchema(answer: {
  site: Resource<'site'>;
  itemTypes: Resource<'item_type'>[];
  fields: Resource<'field'>[];
  fieldsets: Resource<'fieldset'>[];
}): Schema {
  return {
    site: answer.site,
    itemTypes: answer.itemTypes,
    fields: byModel(answer.itemTypes, answer.fields, 'fields'),
    fieldsets: byModel(answer.itemTypes, answer.fieldsets, 'fieldsets'),
  };
}

/** Resources grouped by their model (their `item_type` link, else the model's own list of them), by position. */
export function byModel<T extends Resource>(itemTypes: Resource<'item_type'>[], resources: T[], listName: string): Map<string, T[]> {
  const owner = new Map<string, string>();
  for (const model of itemTypes) {
    const listed = model.relationships[listName]?.data;
    if (Array.isArray(listed)) for (const entry of listed) owner.set(entry.id, model.id);
  }
  const groups = new Map<string, T[]>(itemTypes.map((model) => [model.id, []]));
  for (const resource of resources) {
    const link = resource.relationships['item_type']?.data;
    const modelId = link && !Array.isArray(link) ? link.id : owner.get(resource.id);
    if (modelId !== undefined) groups.get(modelId)?.push(resource);
  }
  for (const [id, group] of groups) groups.set(id, sortByPosition(group));
  return groups;
}

function sortByPosition<T extends Resource>(resources: T[]): T[] {
  return [...resources].sort((a, b) => positionOf(a) - positionOf(b));
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
