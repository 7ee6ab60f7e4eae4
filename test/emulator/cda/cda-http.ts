// Helpers for the delivery API tests: a GraphQL request as a plain client sends it, and CMA set-up
// (models, fields, records) through the emulator's own endpoints.
import assert from 'node:assert/strict';
import { call, waitForJob, type RawResponse } from '../http.js';
import type { Emulator } from '../index.js';

export interface GqlResponse extends RawResponse {
  data: any;
  errors: any[] | undefined;
}

export async function gql(
  emu: Emulator,
  query: string,
  options: { variables?: unknown; headers?: Record<string, string>; path?: string; authorization?: string | null } = {},
): Promise<GqlResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const authorization = options.authorization === undefined ? `Bearer ${emu.token}` : options.authorization;
  if (authorization !== null) headers.Authorization = authorization;
  const response = await fetch(`${emu.url}${options.path ?? '/cda/'}`, {
    method: 'POST',
    headers: { ...headers, ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  const text = await response.text();
  const json = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, json, data: json.data, errors: json.errors };
}

/** The data of a query that must succeed. */
export async function data(emu: Emulator, query: string, options: Parameters<typeof gql>[2] = {}): Promise<any> {
  const res = await gql(emu, query, options);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.errors, undefined, res.text);
  return res.data;
}

/** A CMA write; a job is waited for and its payload returned. */
export async function cma(emu: Emulator, method: string, path: string, body?: unknown, environment?: string): Promise<any> {
  const res = await call(emu, path, { method, body, headers: environment ? { 'X-Environment': environment } : {} });
  if (res.status === 202) {
    const done = await waitForJob(emu, res.json.data.id);
    assert.ok(done.json.data.attributes.status < 300, JSON.stringify(done.json));
    return done.json.data.attributes.payload;
  }
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
  return res.json;
}

export async function createModel(emu: Emulator, attributes: Record<string, unknown>): Promise<string> {
  return (await cma(emu, 'POST', '/item-types', { data: { type: 'item_type', attributes } })).data.id;
}

export async function createField(emu: Emulator, model: string, attributes: Record<string, unknown>): Promise<string> {
  return (await cma(emu, 'POST', `/item-types/${model}/fields`, { data: { type: 'field', attributes } })).data.id;
}

/** Creates a record and publishes it (unless `draft`). */
export async function createRecord(emu: Emulator, modelId: string, attributes: Record<string, unknown>, draft = false): Promise<string> {
  const created = await cma(emu, 'POST', '/items', {
    data: { type: 'item', attributes, relationships: { item_type: { data: { type: 'item_type', id: modelId } } } },
  });
  const id = created.data.id as string;
  if (!draft && created.data.meta.status !== 'published') await cma(emu, 'PUT', `/items/${id}/publish`);
  return id;
}

/**
 * The schema of the API's worked complexity examples: artists (name, birth, country, age, friends) with one record
 * (Nina), the product and CTA block models, and blog posts whose rich text holds them. Answers the models' ids.
 */
export async function createComplexityExamples(
  emu: Emulator,
  artistAttributes: Record<string, unknown> = {},
): Promise<{ artist: string; product: string; cta: string; post: string }> {
  const artist = await createModel(emu, { name: 'Artist', api_key: 'artist', ...artistAttributes });
  await createField(emu, artist, { label: 'Name', api_key: 'name', field_type: 'string' });
  await createField(emu, artist, { label: 'Birth', api_key: 'birth', field_type: 'date' });
  await createField(emu, artist, { label: 'Country', api_key: 'country', field_type: 'string' });
  await createField(emu, artist, { label: 'Age', api_key: 'age', field_type: 'integer' });
  await createField(emu, artist, {
    label: 'Friends',
    api_key: 'friends',
    field_type: 'links',
    validators: { items_item_type: { item_types: [artist] } },
  });
  await createRecord(emu, artist, { name: 'Nina', birth: '1995-02-01', country: 'DE', age: 30, friends: [] });
  const product = await createModel(emu, { name: 'Product', api_key: 'product', modular_block: true });
  await createField(emu, product, { label: 'Name', api_key: 'name', field_type: 'string' });
  await createField(emu, product, { label: 'Price', api_key: 'price', field_type: 'float' });
  const cta = await createModel(emu, { name: 'CTA', api_key: 'cta', modular_block: true });
  await createField(emu, cta, { label: 'Title', api_key: 'title', field_type: 'string' });
  const post = await createModel(emu, { name: 'Blog post', api_key: 'blog_post' });
  await createField(emu, post, { label: 'Title', api_key: 'title', field_type: 'string' });
  await createField(emu, post, {
    label: 'Content',
    api_key: 'content',
    field_type: 'rich_text',
    deep_filtering_enabled: true,
    validators: { rich_text_blocks: { item_types: [product, cta] } },
  });
  return { artist, product, cta, post };
}
