// The official client's endpoint metadata (@datocms/cma-client's resources.json), for the tests that check each
// request the client sends is one of its endpoints: the named endpoints, and which one a request is.
import { createRequire } from 'node:module';
import type { FakeAnswer, SeenRequest } from './fakeServer';

export interface Endpoint {
  namespace: string;
  jsonApiType: string;
  name: string;
  method: string;
  urlTemplate: string;
  queryParamsType?: string;
  responseType: string;
  /** the answer's data is a record (e.g. cancelling a schedule answers with the record) */
  returnsItem?: boolean;
  paginatedResponse?: { defaultLimit: number; maxLimit: number };
  requestStructure?: { type: string; attributes: string[] | '*'; relationships: string[] | '*' };
}

const resources = createRequire(__filename)('@datocms/cma-client/resources.json') as {
  jsonApiType: string;
  namespace: string;
  endpoints: (Omit<Endpoint, 'namespace' | 'jsonApiType' | 'name'> & { name?: string })[];
}[];

/** Every named endpoint, with its resource's namespace and JSON:API type. */
export const endpoints: Endpoint[] = resources.flatMap((r) =>
  r.endpoints.filter((e) => e.name).map((e) => ({ ...e, name: e.name!, namespace: r.namespace, jsonApiType: r.jsonApiType })),
);

const templateRegex = (template: string) => new RegExp(`^${template.replace(/\$\{\w+\}/g, '([^/]+)')}$`);

/** The endpoint a request is, preferring the template with the most literal text (`/items/bulk/…` over `/items/:id`). */
export function endpointOf(request: SeenRequest): { endpoint: Endpoint; ids: string[] } | undefined {
  const matches = endpoints
    .filter((e) => e.method === request.method)
    .map((endpoint) => ({ endpoint, m: templateRegex(endpoint.urlTemplate).exec(request.path) }))
    .filter((x): x is { endpoint: Endpoint; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => b.endpoint.urlTemplate.replace(/\$\{\w+\}/g, '').length - a.endpoint.urlTemplate.replace(/\$\{\w+\}/g, '').length);
  const best = matches[0];
  return best && { endpoint: best.endpoint, ids: best.m.slice(1).map(decodeURIComponent) };
}

/** What the API answers a request that is no endpoint of it. */
export function unknownEndpoint(): FakeAnswer {
  return { status: 404, body: { data: [{ id: 'x', type: 'api_error', attributes: { code: 'INVALID_ENDPOINT', details: {} } }] } };
}
