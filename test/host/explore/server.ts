// DatoCMS as the explorer reads it and as its colleague writes to it: straight to the emulator's CMA, with a user
// agent of its own, so the request journal tells these requests from the extension's.
import type { JSONPath } from 'jsonc-parser';
import type { DocumentRef } from '../../../src/domain/paths';
import { config, waitFor } from '../suite/helpers';

export const COLLEAGUE_AGENT = 'datocms-explorer-tests (colleague)';

export async function server(method: string, path: string, environment?: string, body?: unknown): Promise<any> {
  const response = await fetch(`${config().emulatorUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${config().token}`,
      accept: 'application/json',
      'x-api-version': '3',
      'content-type': 'application/vnd.api+json',
      'user-agent': COLLEAGUE_AGENT,
      ...(environment ? { 'x-environment': environment } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ServerError(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`, response.status);
  return json;
}

export class ServerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A write that answers a job: waits for the job, as another client would. */
export async function serverJob(method: string, path: string, environment: string, body?: unknown): Promise<any> {
  const answer = await server(method, path, environment, body);
  if (answer?.data?.type !== 'job') return answer;
  let result: any;
  await waitFor(
    async () => {
      result = await server('GET', `/job-results/${answer.data.id}`, environment).catch((e: ServerError) =>
        e.status === 404 ? undefined : Promise.reject(e),
      );
      return result !== undefined;
    },
    60_000,
    `the job of ${method} ${path}`,
  );
  return result.data.attributes.payload;
}

/** The CMA path of a document's resource. */
export function resourcePath(ref: DocumentRef): string {
  switch (ref.kind) {
    case 'record':
    case 'markdown':
      return `/items/${ref.id}`;
    case 'model':
      return `/item-types/${ref.apiKey}`;
    case 'field':
      return `/fields/${ref.modelApiKey}::${ref.apiKey}`;
    case 'fieldset':
      return `/fieldsets/${ref.id}`;
    case 'webhook':
      return `/webhooks/${ref.id}`;
    case 'upload':
      return `/uploads/${ref.id}`;
  }
}

/** The resource's attributes as DatoCMS holds them now, or undefined when it is gone. */
export async function attributesOf(ref: DocumentRef): Promise<Record<string, unknown> | undefined> {
  try {
    // a record's blocks as its document shows them: each block's fields beside its id, where the edit paths go
    if (ref.kind === 'record' || ref.kind === 'markdown')
      return asDocument((await server('GET', `${resourcePath(ref)}?nested=true`, ref.environment)).data.attributes);
    return (await server('GET', resourcePath(ref), ref.environment)).data.attributes;
  } catch (error) {
    if (error instanceof ServerError && error.status === 404) return undefined;
    throw error;
  }
}

/** Nested blocks (`{type: "item", id, attributes, relationships}`) as a record's document shows them, at any depth. */
function asDocument(value: any): any {
  if (Array.isArray(value)) return value.map(asDocument);
  if (!value || typeof value !== 'object') return value;
  const shown: Record<string, unknown> = {};
  const block = value.type === 'item' && value.attributes && typeof value.attributes === 'object';
  if (block) Object.assign(shown, { id: value.id, item_type: value.relationships?.item_type?.data?.id });
  for (const [key, inner] of Object.entries(block ? value.attributes : value)) shown[key] = asDocument(inner);
  return shown;
}

export function valueAtPath(value: unknown, path: JSONPath): unknown {
  let at: any = value;
  for (const key of path) at = at?.[key];
  return at;
}

export const resourceKeyOf = (ref: DocumentRef) => (ref.kind === 'model' || ref.kind === 'field' ? ref.apiKey : ref.id);
/** Webhooks and uploads belong to the project, not an environment: the same one is reached from every environment. */
const scopeOf = (ref: DocumentRef) => (ref.kind === 'webhook' || ref.kind === 'upload' ? 'project' : ref.environment);
export const sameRef = (a: DocumentRef, b: DocumentRef) =>
  a.kind === b.kind && scopeOf(a) === scopeOf(b) && resourceKeyOf(a) === resourceKeyOf(b);
export const describe = (ref: DocumentRef) => `${ref.kind} ${resourceKeyOf(ref)} (${scopeOf(ref)})`;

/** The key of a value in the state's `touched` (the step the colleague last wrote it). */
export const touchKey = (ref: DocumentRef, path: readonly (string | number)[]) => `${describe(ref)}:${path.join('.')}`;
