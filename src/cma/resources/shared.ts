// What every resource family needs: a list of one type, and one call whose answer is one resource (a read,
// a partial update, a create, a delete).

import { expectAskedFor, parseCollection, parseSingle } from '../jsonapi';
import type { Requester } from '../requester';
import type { CallOptions, HttpMethod, JobCallOptions } from '../settings';
import type { CreateBody, Resource, ResourceType, UpdateBody } from '../types';

/** A path segment: ids and api_keys are percent-encoded (`model::field` becomes `model%3A%3Afield`). */
export const segment = encodeURIComponent;

/** GET a collection of one type. */
export async function getCollection<T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  o?: CallOptions,
): Promise<Resource<T>[]> {
  const { body, source } = await requester.call({ method: 'GET', path, signal: o?.signal });
  return parseCollection(body, type, source);
}

/** Which resource the answer must be: by id, or by api_key when the request named it so; nothing for a create without id. */
export interface Asked {
  id?: string | undefined;
  apiKey?: string | undefined;
}

/**
 * One call answered by one resource of `type` (a job's payload when it runs as one). A body must be of `type`
 * (checked before anything is sent); the answer must be the resource `asked` for, or nothing is trusted.
 */
export async function sendOne<T extends ResourceType>(
  requester: Requester,
  method: HttpMethod,
  path: string,
  type: T,
  body: CreateBody<T> | UpdateBody<T> | undefined,
  asked: Asked,
  o?: JobCallOptions,
  query?: Record<string, unknown>,
): Promise<Resource<T>> {
  if (body !== undefined && body?.data?.type !== type) {
    throw new TypeError(`${method} ${path}: the body's data.type is ${JSON.stringify(body?.data?.type)} (expected "${type}")`);
  }
  const reply = await requester.call({ method, path, query, body, signal: o?.signal, onJob: o?.onJob });
  const resource = parseSingle(reply.body, type, reply.source);
  return asked.id === undefined && asked.apiKey === undefined
    ? resource
    : expectAskedFor(resource, asked.id ?? '', reply.source, asked.apiKey);
}

/** GET one resource addressed by `asked` (its id, or by api_key when `apiKey` says which). */
export const getOne = <T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  asked: Asked,
  o?: CallOptions,
): Promise<Resource<T>> => sendOne(requester, 'GET', path, type, undefined, asked, o);

/**
 * PUT a partial update and return the resource as the API now has it. The answer must be the resource of
 * the body's id (or of the path's api_key).
 */
export const putOne = <T extends ResourceType>(
  requester: Requester,
  path: string,
  type: T,
  body: UpdateBody<T>,
  asked: { apiKey?: string },
  o?: JobCallOptions,
): Promise<Resource<T>> => sendOne(requester, 'PUT', path, type, body, { id: body?.data?.id, ...asked }, o);

/** `article::title` names the field `title` (of the model `article`); a plain id names no api_key. */
export function fieldApiKeyOf(key: string): { apiKey?: string } {
  const separator = key.indexOf('::');
  return separator === -1 ? {} : { apiKey: key.slice(separator + 2) };
}
