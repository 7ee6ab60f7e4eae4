// The delivery API endpoint: POST <emulator>/cda/ (and the deprecated /cda/preview,
// /cda/environments/:env[/preview] forms). Checks the token and headers, answers request-level
// problems as api_error documents, GraphQL problems as HTTP 200 `errors`, and runs the query.
import { execute, getVariableValues, Kind, type OperationDefinitionNode } from 'graphql';
import type { IncomingHttpHeaders } from 'node:http';
import { createHash } from 'node:crypto';
import type { EmulatorStore } from '../store.js';
import { ComplexityCalculator, MAX_COMPLEXITY } from './complexity.js';
import type { CdaContext } from './context.js';
import { schemaFor } from './schema.js';
import { parseAndValidate } from './validation.js';

export interface CdaReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

type Obj = Record<string, unknown>;
const BODY_KEYS = ['query', 'variables', 'operationName', 'extensions'];
// The documented size limit for a request the CDN can cache (the encoded GET URL it would be).
export const CDN_QUERY_LENGTH_LIMIT = 12_000;

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Obj,
  ) {
    super(code);
  }
}

/** The API's request-level error document (JSON:API style, as the CMA's). */
export function apiErrors(code: string, details: Obj): Obj {
  return { data: [{ id: createHash('sha1').update(code).digest('hex').slice(0, 6), type: 'api_error', attributes: { code, details } }] };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `/cda`, `/cda/preview`, `/cda/environments/:env`, `/cda/environments/:env/preview` (trailing slash optional). */
function route(path: string): { environment?: string; preview: boolean } | undefined {
  const parts = path.split('/').filter(Boolean).slice(1);
  const preview = parts[parts.length - 1] === 'preview';
  if (preview) parts.pop();
  if (parts.length === 0) return { preview };
  if (parts.length === 2 && parts[0] === 'environments' && parts[1]) return { environment: parts[1], preview };
  return undefined;
}

function onlyTrue(headers: IncomingHttpHeaders, name: string, code: string): boolean {
  const value = header(headers, name.toLowerCase());
  if (value === undefined) return false;
  if (value !== 'true') throw new RequestError(422, code, { message: `${name} header can only be set to \`true\`` });
  return true;
}

interface Checked {
  environment: string;
  drafts: boolean;
  strict: boolean;
  cacheTags: boolean;
  baseEditingUrl: string | null;
}

function checkRequest(store: EmulatorStore, token: string, method: string, path: string, headers: IncomingHttpHeaders): Checked {
  const target = route(path);
  if (!target || method !== 'POST')
    throw new RequestError(404, 'INVALID_ENDPOINT', { method, path, message: 'The Content Delivery API answers POST requests only' });
  const authorization = header(headers, 'authorization');
  // No token at all names no project; a token that is not the project's is refused as such.
  if (authorization === undefined || authorization.trim() === '')
    throw new RequestError(401, 'INVALID_SITE', { message: 'An API token is required' });
  if (authorization !== `Bearer ${token}` && authorization !== token)
    throw new RequestError(401, 'INVALID_AUTHORIZATION_HEADER', { message: 'The API token is missing or invalid' });
  const drafts = onlyTrue(headers, 'X-Include-Drafts', 'INVALID_X_INCLUDE_DRAFTS_HEADER') || target.preview;
  const strict = onlyTrue(headers, 'X-Exclude-Invalid', 'INVALID_X_EXCLUDE_INVALID_HEADER');
  // The API documents X-Cache-Tags: true only; another value is refused like the other switches.
  const cacheTags = onlyTrue(headers, 'X-Cache-Tags', 'INVALID_X_CACHE_TAGS_HEADER');
  const visualEditing = header(headers, 'x-visual-editing');
  if (visualEditing !== undefined) {
    // Content Link is plan-gated; the emulated project's plan does not include it.
    const known = visualEditing === 'v1' || visualEditing === 'vercel-v1';
    throw new RequestError(422, 'INVALID_X_VISUAL_EDITING_HEADER', {
      message: known ? 'Content Link is not available on this plan' : 'X-Visual-Editing can only be `v1` or `vercel-v1`',
    });
  }
  const base = header(headers, 'x-base-editing-url');
  if (base !== undefined && !/^https:\/\/[^/\s]+\/?$/.test(base))
    throw new RequestError(422, 'INVALID_X_BASE_EDITING_URL_HEADER', {
      message: 'X-Base-Editing-Url must be the https:// address of the project',
    });
  const fromHeader = header(headers, 'x-environment');
  if (fromHeader !== undefined && target.environment !== undefined && fromHeader !== target.environment)
    throw new RequestError(422, 'INVALID_ENVIRONMENT', { message: 'X-Environment and the environment in the path differ' });
  const environment = fromHeader ?? target.environment ?? store.primaryId;
  if (!store.hasEnvironment(environment))
    throw new RequestError(404, 'INVALID_ENVIRONMENT', { environment, message: `No environment "${environment}"` });
  if (store.environmentMeta(environment).status !== 'ready') throw new RequestError(422, 'ENVIRONMENT_NOT_READY', { environment });
  return { environment, drafts, strict, cacheTags, baseEditingUrl: base ?? null };
}

function parseBody(raw: string): { query: unknown; variables: Obj | null; operationName: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw new RequestError(400, 'INVALID_JSON_BODY', {
      message: `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new RequestError(400, 'INVALID_JSON_BODY', {
      message: 'The body must be a JSON object {"query", "variables"?, "operationName"?}',
    });
  const b = body as Obj;
  const extra = Object.keys(b).filter((k) => !BODY_KEYS.includes(k));
  if (extra.length)
    throw new RequestError(400, 'INVALID_JSON_BODY', { extraneous_members: extra, message: `Unknown members: ${extra.join(', ')}` });
  if (b.variables !== undefined && b.variables !== null && (typeof b.variables !== 'object' || Array.isArray(b.variables)))
    throw new RequestError(400, 'INVALID_JSON_BODY', { message: '"variables" must be an object' });
  if (b.operationName !== undefined && b.operationName !== null && typeof b.operationName !== 'string')
    throw new RequestError(400, 'INVALID_JSON_BODY', { message: '"operationName" must be a string' });
  if (b.extensions !== undefined && b.extensions !== null && (typeof b.extensions !== 'object' || Array.isArray(b.extensions)))
    throw new RequestError(400, 'INVALID_JSON_BODY', { message: '"extensions" must be an object' });
  return {
    query: b.query,
    variables: (b.variables as Obj | null | undefined) ?? null,
    operationName: (b.operationName as string | null | undefined) ?? null,
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): CdaReply {
  return { status, body, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } };
}

export function answerCda(
  store: EmulatorStore,
  token: string,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  rawBody: string,
): CdaReply {
  let checked: Checked;
  let body: ReturnType<typeof parseBody>;
  try {
    checked = checkRequest(store, token, method, path, headers);
    body = parseBody(rawBody);
  } catch (error) {
    if (error instanceof RequestError) return json(error.status, apiErrors(error.code, error.details));
    throw error;
  }
  if (typeof body.query !== 'string' || body.query.trim() === '')
    return json(200, { errors: [{ message: 'No query string was present' }] });
  const env = store.environment(checked.environment);
  const { schema, models } = schemaFor(store, env, checked.strict, checked.drafts);
  const urlLength =
    `/?query=${encodeURIComponent(body.query)}${body.variables ? `&variables=${encodeURIComponent(JSON.stringify(body.variables))}` : ''}`
      .length;
  const cdn = {
    'X-Cacheable-On-Cdn': String(urlLength <= CDN_QUERY_LENGTH_LIMIT),
    'X-Cacheable-On-Cdn-Query-Length-Limit': `${urlLength}/${CDN_QUERY_LENGTH_LIMIT}`,
  };
  const parsed = parseAndValidate(schema, body.query);
  if ('errors' in parsed) return json(200, { errors: parsed.errors }, cdn);
  const document = parsed.document;
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = body.operationName
    ? operations.find((o) => o.name?.value === body.operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  const locales = (store.site.attributes.locales as string[] | undefined) ?? [];
  const complexityHeaders: Record<string, string> = { 'X-Max-Complexity': String(MAX_COMPLEXITY) };
  if (operation) {
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], body.variables ?? {});
    if (coerced.coerced) {
      const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
      const complexity = new ComplexityCalculator(schema, coerced.coerced, locales.length, fragments).operation(operation);
      complexityHeaders['X-Complexity'] = String(complexity);
      if (complexity > MAX_COMPLEXITY)
        return json(
          200,
          { errors: [{ message: `Query has complexity of ${complexity}, which exceeds max complexity of ${MAX_COMPLEXITY}` }] },
          { ...cdn, ...complexityHeaders },
        );
    }
  }
  const ctx: CdaContext = {
    store,
    env,
    drafts: checked.drafts,
    strict: checked.strict,
    locales,
    models,
    baseEditingUrl: checked.baseEditingUrl,
    tags: checked.cacheTags ? new Set() : null,
  };
  const result = execute({
    schema,
    document,
    variableValues: body.variables ?? undefined,
    operationName: body.operationName ?? undefined,
    contextValue: ctx,
  });
  if (result instanceof Promise) throw new Error('CDA resolvers are synchronous');
  const out: Obj = {};
  if (result.errors?.length) out.errors = result.errors.map((e) => e.toJSON());
  if (result.data !== undefined) out.data = result.data;
  const tags: Record<string, string> = ctx.tags ? { 'X-Cache-Tags': [...ctx.tags].join(' ') } : {};
  return json(200, out, { ...cdn, ...complexityHeaders, ...tags });
}
