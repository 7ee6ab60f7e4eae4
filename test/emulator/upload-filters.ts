// Saved upload filters (`/upload-filters`): a name, the filter (the upload filters' snake_case fields, e.g.
// `{in_use: {eq: false}}`) and whether it is shared. A create needs all three, an update `name` and `filter`.
import type { Resource } from '../../src/cma/types.js';
import { httpError, type ApiErrorSpec } from './errors.js';
import { createEnvelope, envelope, extraneous, fail, invalidField, isObject, newId, type Document, type Obj } from './envelope.js';
import { checkQueryParams } from './params.js';
import type { Query } from './query.js';
import { wire } from './resources.js';
import type { EnvironmentData } from './store.js';
import { mediaArea } from './upload-area.js';
import { UPLOAD_FILTER_NAMES } from './upload-list.js';

const SCOPE = { record_type: 'UploadFilter' };

function notFound(id: string) {
  return httpError(404, 'NOT_FOUND', { entity: 'upload_filter', id, message: `No upload filter with id "${id}"` });
}

function problems(attributes: Obj, required: readonly string[]): ApiErrorSpec[] {
  const errors = extraneous(attributes, ['name', 'filter', 'shared'], 'attributes');
  for (const name of required) if (!(name in attributes)) errors.push(invalidField(name, 'VALIDATION_REQUIRED', SCOPE));
  if ('name' in attributes && (typeof attributes.name !== 'string' || attributes.name.trim() === ''))
    errors.push(invalidField('name', 'VALIDATION_FORMAT', SCOPE));
  if ('shared' in attributes && typeof attributes.shared !== 'boolean') errors.push(invalidField('shared', 'VALIDATION_FORMAT', SCOPE));
  if ('filter' in attributes) {
    const filter = attributes.filter;
    const unknown = isObject(filter) ? Object.keys(filter).filter((k) => !UPLOAD_FILTER_NAMES.includes(k)) : [];
    if (!isObject(filter) || !Object.values(filter).every(isObject))
      errors.push(
        invalidField('filter', 'VALIDATION_FORMAT', { ...SCOPE, message: 'filter is an object such as {"in_use": {"eq": false}}' }),
      );
    else if (unknown.length)
      errors.push(
        invalidField('filter', 'VALIDATION_INVALID', {
          ...SCOPE,
          message: `unknown upload filters: ${unknown.join(', ')}`,
          allowed: UPLOAD_FILTER_NAMES,
        }),
      );
  }
  return errors;
}

/** Routes `/upload-filters` and `/upload-filters/:id`; undefined when the method is not one of them. */
export function routeUploadFilters(
  env: EnvironmentData,
  method: string,
  id: string | undefined,
  query: Query,
  body: () => unknown,
): Document | undefined {
  const filters = mediaArea(env).filters;
  if (id === undefined && method === 'GET') {
    checkQueryParams(query, {});
    return { data: [...filters.values()].map((f) => wire(structuredClone(f))) };
  }
  if (id === undefined && method === 'POST') {
    checkQueryParams(query, {});
    const created = createEnvelope(body(), 'upload_filter', (candidate) => filters.has(candidate));
    fail([
      ...problems(created.attributes, ['name', 'filter', 'shared']),
      ...extraneous(created.relationships, [], 'relationships'),
      ...extraneous(created.meta, [], 'meta'),
    ]);
    const filter: Resource<'upload_filter'> = {
      id: created.id ?? newId(),
      type: 'upload_filter',
      attributes: { name: created.attributes.name, filter: created.attributes.filter, shared: created.attributes.shared },
      relationships: {},
      meta: {},
    };
    filters.set(filter.id, filter);
    return { data: wire(structuredClone(filter)) };
  }
  if (id === undefined) return undefined;
  const filter = filters.get(id);
  if (method === 'GET' || method === 'PUT' || method === 'DELETE') {
    checkQueryParams(query, {});
    if (!filter) throw notFound(id);
  }
  if (!filter) return undefined;
  if (method === 'GET') return { data: wire(structuredClone(filter)) };
  if (method === 'DELETE') {
    filters.delete(id);
    return { data: wire(filter) };
  }
  if (method === 'PUT') {
    const { attributes, relationships, meta } = envelope(body(), 'upload_filter', [id]);
    fail([...problems(attributes, ['name', 'filter']), ...extraneous(relationships, [], 'relationships'), ...extraneous(meta, [], 'meta')]);
    Object.assign(filter.attributes, attributes);
    return { data: wire(structuredClone(filter)) };
  }
  return undefined;
}
