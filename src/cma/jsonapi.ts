// Reading JSON:API documents into `Resource`s. Bodies come from the network, so every member is checked; a
// body of the wrong shape, or a resource other than the one asked for, becomes a ResponseError.

import { ResponseError, type ApiErrorEntry } from './errors';
import type { Page, Relationship, RelationshipData, Resource, ResourceIdentifier, ResourceType } from './types';

/** Where a body came from, for error messages. */
export interface BodySource {
  method: string;
  path: string;
  status: number;
  /** removes the client's token from a message quoting the body (a server or proxy may echo it anywhere) */
  scrub?: (text: string) => string;
}

/** The error of an answer that is not what was asked for; what it quotes of the body never holds the token. */
function answerError(source: BodySource, message: string): ResponseError {
  const { method, path, status } = source;
  return new ResponseError(source.scrub ? source.scrub(message) : message, { method, path, status });
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shapeError(source: BodySource, what: string): ResponseError {
  return answerError(source, `${source.method} ${source.path}: unexpected response body: ${what}`);
}

/** `{data: {...}}` → the resource; `expectedType` guards against answering with something else. */
export function parseSingle<T extends ResourceType>(body: unknown, expectedType: T, source: BodySource): Resource<T> {
  if (!isObject(body)) throw shapeError(source, 'expected a JSON object with a "data" member');
  if (!isObject(body['data'])) throw shapeError(source, '"data" is not a resource object');
  return parseResource(body['data'], 'data', expectedType, source);
}

/**
 * The resource answered is the one asked for: its id is `asked` (or, when the request named it by api_key,
 * its `api_key` attribute is `apiKey`). Anything else is refused before a caller could show or overwrite
 * the wrong resource.
 */
export function expectAskedFor<T extends ResourceType>(
  resource: Resource<T>,
  asked: string,
  source: BodySource,
  apiKey?: string,
): Resource<T> {
  if (resource.id === asked) return resource;
  if (apiKey !== undefined && resource.attributes['api_key'] === apiKey) return resource;
  const answered = typeof resource.attributes['api_key'] === 'string' ? `${resource.id} (${resource.attributes['api_key']})` : resource.id;
  throw answerError(
    source,
    `${source.method} ${source.path}: DatoCMS answered with ${resource.type} ${answered} when asked for ${resource.type} ${asked}; nothing was changed locally`,
  );
}

/** The `included` resources of a document, each checked against its own type; [] when there are none. */
export function parseIncluded(body: unknown, source: BodySource): Resource[] {
  const included = isObject(body) ? body['included'] : undefined;
  if (included === undefined || included === null) return [];
  if (!Array.isArray(included)) throw shapeError(source, '"included" is not an array of resources');
  return included.map((entry, index) => {
    const type = isObject(entry) ? entry['type'] : undefined;
    if (typeof type !== 'string' || type === '') throw shapeError(source, `included[${index}].type is missing or not a string`);
    return parseResource(entry, `included[${index}]`, type, source);
  });
}

/** `{data: [...]}` → the resources. */
export function parseCollection<T extends ResourceType>(body: unknown, expectedType: T, source: BodySource): Resource<T>[] {
  if (!isObject(body)) throw shapeError(source, 'expected a JSON object with a "data" member');
  const data = body['data'];
  if (!Array.isArray(data)) throw shapeError(source, '"data" is not an array of resources');
  return data.map((entry, index) => parseResource(entry, `data[${index}]`, expectedType, source));
}

/** A paginated collection: `{data: [...], meta: {total_count}}`. */
export function parsePage<T extends ResourceType>(body: unknown, expectedType: T, source: BodySource): Page<T> {
  const data = parseCollection(body, expectedType, source);
  const meta = (body as Json)['meta'];
  const totalCount = isObject(meta) ? meta['total_count'] : undefined;
  if (typeof totalCount !== 'number' || !Number.isInteger(totalCount) || totalCount < 0) {
    throw shapeError(source, '"meta.total_count" is missing or not a non-negative integer');
  }
  return { data, totalCount };
}

export function parseResource<T extends ResourceType>(value: unknown, where: string, expectedType: T, source: BodySource): Resource<T> {
  if (!isObject(value)) throw shapeError(source, `${where} is not an object`);
  const { id, type } = value;
  if (typeof id !== 'string' || id === '') throw shapeError(source, `${where}.id is missing or not a string`);
  if (type !== expectedType) {
    throw shapeError(source, `${where}.type is ${JSON.stringify(type)} (expected "${expectedType}")`);
  }
  return {
    id,
    type: expectedType,
    attributes: optionalObject(value['attributes'], `${where}.attributes`, source),
    relationships: parseRelationships(value['relationships'], `${where}.relationships`, source),
    meta: optionalObject(value['meta'], `${where}.meta`, source),
  };
}

function optionalObject(value: unknown, where: string, source: BodySource): Json {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw shapeError(source, `${where} is not an object`);
  return value;
}

function parseRelationships(value: unknown, where: string, source: BodySource): Record<string, Relationship> {
  const raw = optionalObject(value, where, source);
  const result: Record<string, Relationship> = {};
  for (const [name, relationship] of Object.entries(raw)) {
    if (!isObject(relationship) || !('data' in relationship)) {
      throw shapeError(source, `${where}.${name} is not a relationship object with a "data" member`);
    }
    result[name] = { data: parseRelationshipData(relationship['data'], `${where}.${name}.data`, source) };
  }
  return result;
}

function parseRelationshipData(value: unknown, where: string, source: BodySource): RelationshipData {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((entry, index) => parseIdentifier(entry, `${where}[${index}]`, source));
  return parseIdentifier(value, where, source);
}

function parseIdentifier(value: unknown, where: string, source: BodySource): ResourceIdentifier {
  if (!isObject(value) || typeof value['type'] !== 'string' || typeof value['id'] !== 'string') {
    throw shapeError(source, `${where} is not a {type, id} identifier`);
  }
  return { type: value['type'], id: value['id'] };
}

/** The job id of a 202 body `{data: {type: "job", id}}`, or undefined when the body is something else. */
export function jobIdOf(body: unknown): string | undefined {
  if (!isObject(body) || !isObject(body['data'])) return undefined;
  const { type, id } = body['data'];
  return type === 'job' && typeof id === 'string' && id !== '' ? id : undefined;
}

/** `{data: {type: "job_result", attributes: {status, payload}}}` → status and payload. */
export function parseJobResult(body: unknown, source: BodySource): { status: number; payload: unknown } {
  if (!isObject(body) || !isObject(body['data']) || body['data']['type'] !== 'job_result') {
    throw shapeError(source, 'expected a job_result document');
  }
  const attributes = body['data']['attributes'];
  if (!isObject(attributes) || typeof attributes['status'] !== 'number') {
    throw shapeError(source, 'data.attributes.status of the job_result is missing or not a number');
  }
  return { status: attributes['status'], payload: attributes['payload'] ?? null };
}

/**
 * The api_error entries of an error document, or [] when the body is not one.
 * Lenient on purpose: an error body that is slightly off should still surface its codes.
 */
export function parseApiErrors(body: unknown): ApiErrorEntry[] {
  if (!isObject(body) || !Array.isArray(body['data'])) return [];
  const entries: ApiErrorEntry[] = [];
  for (const item of body['data']) {
    if (!isObject(item) || item['type'] !== 'api_error' || !isObject(item['attributes'])) continue;
    const attributes = item['attributes'];
    if (typeof attributes['code'] !== 'string') continue;
    const entry: ApiErrorEntry = {
      code: attributes['code'],
      details: isObject(attributes['details']) ? attributes['details'] : {},
      transient: attributes['transient'] === true,
    };
    if (typeof item['id'] === 'string') entry.id = item['id'];
    if (typeof attributes['doc_url'] === 'string') entry.docUrl = attributes['doc_url'];
    entries.push(entry);
  }
  return entries;
}
