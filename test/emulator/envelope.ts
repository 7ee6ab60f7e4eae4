// JSON:API request bodies: the envelope, its members and relationship values, checked exactly.
import { randomUUID } from 'node:crypto';
import { HttpError, httpError, type ApiErrorSpec } from './errors.js';
import { isApiId } from './ids.js';

export type Obj = Record<string, unknown>;
export type Document = { data: unknown; included?: unknown[]; meta?: Record<string, unknown> };

/** A fresh id in the API's form (22-char URL-safe base64 UUIDv4). */
export function newId(): string {
  return Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
}

export function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface Envelope {
  attributes: Obj;
  relationships: Obj;
  meta: Obj;
}

/**
 * Checks `{data:{type,id,attributes?,relationships?,meta?}}` against the URL. The API's documentation does
 * not say what happens to other members; we take the stricter reading and refuse them.
 */
export function envelope(body: unknown, type: string, acceptedIds: string[]): Envelope {
  if (!isObject(body) || !isObject(body.data)) {
    throw httpError(422, 'INVALID_FORMAT', {
      message: 'The body must be a JSON:API document: {"data": {"type": …, "id": …, "attributes": {…}}}',
    });
  }
  const topLevel = Object.keys(body).filter((k) => k !== 'data');
  if (topLevel.length)
    throw httpError(422, 'INVALID_FORMAT', { extraneous_members: topLevel, message: `Unknown top-level members: ${topLevel.join(', ')}` });
  const data = body.data;
  if (data.type !== type)
    throw httpError(422, 'INVALID_TYPE', { expected: type, got: data.type ?? null, message: `data.type must be "${type}"` });
  if (typeof data.id !== 'string' || !acceptedIds.includes(data.id)) {
    throw httpError(422, 'INVALID_ENTITY_ID', {
      expected: acceptedIds[0],
      got: data.id ?? null,
      message: 'data.id must be the id in the URL',
    });
  }
  const extraneousMembers = Object.keys(data).filter((k) => !['type', 'id', 'attributes', 'relationships', 'meta'].includes(k));
  if (extraneousMembers.length)
    throw httpError(422, 'INVALID_FORMAT', {
      extraneous_members: extraneousMembers,
      message: `Unknown members in data: ${extraneousMembers.join(', ')}`,
    });
  for (const member of ['attributes', 'relationships', 'meta'] as const) {
    if (data[member] !== undefined && !isObject(data[member])) {
      throw httpError(422, 'INVALID_FORMAT', { message: `data.${member} must be an object` });
    }
  }
  return {
    attributes: (data.attributes as Obj | undefined) ?? {},
    relationships: (data.relationships as Obj | undefined) ?? {},
    meta: (data.meta as Obj | undefined) ?? {},
  };
}

/** Members of attributes / relationships / meta the endpoint does not take. */
export function extraneous(given: Obj, allowed: readonly string[], member: 'attributes' | 'relationships' | 'meta'): ApiErrorSpec[] {
  const extra = Object.keys(given).filter((k) => !allowed.includes(k));
  if (!extra.length) return [];
  return [{ code: 'INVALID_ATTRIBUTES', details: { extraneous_attributes: extra, ...(member === 'attributes' ? {} : { member }) } }];
}

export function fail(errors: ApiErrorSpec[]): void {
  if (errors.length) throw new HttpError(422, errors);
}

export function invalidField(field: string, code: string, extra: Obj = {}): ApiErrorSpec {
  return { code: 'INVALID_FIELD', details: { field, code, ...extra } };
}

/** `{data: {type, id} | null}` → the id or null; undefined when malformed (wrong shape, type or id form). */
export function relationshipTarget(value: unknown, types: string | readonly string[]): string | null | undefined {
  if (!isObject(value) || Object.keys(value).some((k) => k !== 'data') || !('data' in value)) return undefined;
  if (value.data === null) return null;
  const accepted = typeof types === 'string' ? [types] : types;
  const data = value.data;
  if (
    isObject(data) &&
    Object.keys(data).every((k) => k === 'type' || k === 'id') &&
    accepted.includes(String(data.type)) &&
    isApiId(data.id)
  )
    return data.id;
  return undefined;
}

/**
 * Checks a create's `{data:{type,id?,attributes,relationships?,meta?}}`: an id is optional and, when given, must
 * be of the API's form and not in use (`taken`).
 */
export function createEnvelope(body: unknown, type: string, taken: (id: string) => boolean): Envelope & { id: string | undefined } {
  if (!isObject(body) || !isObject(body.data)) {
    throw httpError(422, 'INVALID_FORMAT', { message: 'The body must be a JSON:API document: {"data": {"type": …, "attributes": {…}}}' });
  }
  const id = body.data.id;
  if (id !== undefined && !isApiId(id))
    throw httpError(422, 'INVALID_FORMAT', {
      field: 'id',
      message: "data.id must be an id of the API's form (22 characters of URL-safe base64 UUIDv4)",
    });
  if (typeof id === 'string' && taken(id))
    throw httpError(422, 'INVALID_FIELD', { field: 'id', code: 'VALIDATION_UNIQUENESS', message: `The id "${id}" is already in use` });
  if (!isObject(body.data.attributes)) throw httpError(422, 'INVALID_FORMAT', { message: 'data.attributes is required on a create' });
  const parsed = envelope({ ...body, data: { ...body.data, id: typeof id === 'string' ? id : '' } }, type, [
    typeof id === 'string' ? id : '',
  ]);
  return { ...parsed, id: typeof id === 'string' ? id : undefined };
}

/** POST and PUT endpoints whose schema has no body (every DELETE and GET has none either). */
const NO_BODY = [
  /^\/(items|fields|item-types)\/[^/]+\/duplicate$/,
  /^\/versions\/[^/]+\/restore$/,
  /^\/environments\/[^/]+\/promote$/,
  /^\/maintenance-mode\/(activate|deactivate)$/,
  /^\/webhook_calls\/[^/]+\/resend_webhook$/,
];

/** A body sent to an endpoint that takes none: the stricter reading refuses it (422 INVALID_FORMAT). */
export function refuseUnwantedBody(method: string, path: string, rawBody: string): void {
  if (rawBody.trim() !== '' && (method === 'GET' || method === 'DELETE' || NO_BODY.some((re) => re.test(path))))
    throw httpError(422, 'INVALID_FORMAT', { message: `${method} ${path} takes no body` });
}
