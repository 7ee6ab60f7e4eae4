// What every resource family needs: reading a resource, a list of them, a partial update, a create and a delete.

import { expectAskedFor, parseCollection, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions, JobCallOptions } from '../settings';
import type { CreateBody, Resource, ResourceType, UpdateBody } from '../types';

/** A path segment: ids and api_keys are percent-encoded (`model::field` becomes `model%3A%3Afield`). */
export const segment = encodeURIComponent;

/** GET a collection of one type. */
export async function getCollection<T extends ResourceType>(requester: Requester, path: string, type: T, o?: CallOptions): Promise<Resource<T>[]> {
  const { body, source } = await requester.call({ method: 'GET', path, signal: o?.signal });
  return parseCollection(body, type, source);
}

/** GET one resource addressed by `asked` (its id, or by api_key when `apiKey` says which). */
export async function getOne<T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  asked: { id: string; apiKey?: string },
  o?: CallOptions,
): Promise<Resource<T>> {
  const { body, source } = await requester.call({ method: 'GET', path, signal: o?.signal });
  return expectAskedFor(parseSingle(body, type, source), asked.id, source, asked.apiKey);
}

/**
 * PUT a partial update and return the resource as the API now has it. The body must be of `type`; the
 * answer must be the resource of the body's id (or of the path's api_key).
 */
export async function putOne<T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  body: UpdateBody<T>,
  asked: { apiKey?: string },
  o?: JobCallOptions,
): Promise<Resource<T>> {
  if (body?.data?.type !== type) {
    throw new TypeError(`PUT ${path}: the body's data.type is ${JSON.stringify(body?.data?.type)} (expected "${type}")`);
  }
  const reply = await requester.call({ method: 'PUT', path, body, signal: o?.signal, onJob: o?.onJob });
  return expectAskedFor(parseSingle(reply.body, type, reply.source), body.data.id, reply.source, asked.apiKey);
}

/** POST a new resource of `type` and return it as the API created it (a job's payload when it runs as one). */
export async function postOne<T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  body: CreateBody<T>,
  query: Record<string, unknown> | undefined,
  o?: JobCallOptions,
): Promise<Resource<T>> {
  if (body?.data?.type !== type) {
    throw new TypeError(`POST ${path}: the body's data.type is ${JSON.stringify(body?.data?.type)} (expected "${type}")`);
  }
  const reply = await requester.call({ method: 'POST', path, query, body, signal: o?.signal, onJob: o?.onJob });
  const created = parseSingle(reply.body, type, reply.source);
  return body.data.id === undefined ? created : expectAskedFor(created, body.data.id, reply.source);
}

/** DELETE one resource and return it as it was (the API answers with the deleted resource, or a job whose payload it is). */
export async function deleteOne<T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  asked: { id: string; apiKey?: string },
  o?: JobCallOptions,
  query?: Record<string, unknown>,
): Promise<Resource<T>> {
  const reply = await requester.call({ method: 'DELETE', path, query, signal: o?.signal, onJob: o?.onJob });
  return expectAskedFor(parseSingle(reply.body, type, reply.source), asked.id, reply.source, asked.apiKey);
}
