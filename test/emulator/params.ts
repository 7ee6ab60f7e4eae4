// Query parameters each endpoint takes, as the endpoint metadata defines them; anything else is refused.
// The API's documentation does not say whether unknown parameters are refused or ignored; we take the
// stricter reading, so a client that sends one (e.g. `nested` on an update) finds out here.
import { HttpError, type ApiErrorSpec } from './errors.js';
import type { Query, QueryValue } from './query.js';

/** Top-level parameters per endpoint; nested objects list their keys. */
export const SITE_PARAMS = { include: 'scalar' } as const;
export const ITEM_LIST_PARAMS = {
  filter: ['ids', 'type', 'query', 'fields', 'only_valid'],
  locale: 'scalar',
  order_by: 'scalar',
  version: 'scalar',
  nested: 'scalar',
  page: ['offset', 'limit'],
} as const;
export const ITEM_FIND_PARAMS = { nested: 'scalar', version: 'scalar' } as const;
export const ITEM_REFERENCES_PARAMS = { nested: 'scalar', version: 'scalar' } as const;
export const UPLOAD_LIST_PARAMS = {
  filter: ['ids', 'query', 'fields'],
  locale: 'scalar',
  order_by: 'scalar',
  page: ['offset', 'limit'],
} as const;
export const NO_PARAMS = {} as const;

type ParamSpec = Readonly<Record<string, 'scalar' | readonly string[]>>;

/** `filter[fields]` is the one member whose keys are free (field api_keys); every other leaf is one string. */
const FREE_FORM = new Set(['filter[fields]']);

export function checkQueryParams(query: Query, spec: ParamSpec): void {
  const errors: ApiErrorSpec[] = [];
  const allowed = Object.entries(spec).flatMap(([name, kind]) => (kind === 'scalar' ? [name] : kind.map((k) => `${name}[${k}]`)));
  const refuse = (param: string, message: string, value?: QueryValue) =>
    errors.push({ code: 'INVALID_PARAMS', details: { param, ...(typeof value === 'string' ? { value } : {}), allowed, message } });
  for (const [name, value] of Object.entries(query)) {
    const kind = spec[name];
    if (kind === undefined) {
      refuse(name, `this endpoint takes no "${name}" parameter`);
      continue;
    }
    if (kind === 'scalar') {
      if (typeof value !== 'string') refuse(name, `${name} takes one value`);
      continue;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      refuse(name, `${name} takes keys: ${kind.map((k) => `${name}[${k}]`).join(', ')}`, value);
      continue;
    }
    for (const [key, inner] of Object.entries(value)) {
      const param = `${name}[${key}]`;
      if (!kind.includes(key)) refuse(param, `this endpoint takes no "${param}" parameter`);
      else if (!FREE_FORM.has(param) && typeof inner !== 'string') refuse(param, `${param} takes one value`);
    }
  }
  if ('nested' in spec && query.nested !== undefined && query.nested !== 'true' && query.nested !== 'false') {
    refuse('nested', 'nested is true or false', query.nested);
  }
  if (errors.length) throw new HttpError(422, errors);
}
