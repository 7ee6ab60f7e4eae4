// Every call of client.media, against a recording fake server: each request must be the endpoint of the
// official client's metadata (@datocms/cma-client's resources.json) for that family and operation, send only
// query parameters its hrefSchema defines, and a body of its type whose attributes and relationships are
// among the ones it takes. (The file flows also PUT to a storage host: they are tested against the emulator.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import ts from 'typescript';
import type { CmaClient } from '../../src/cma';
import { useFakeServer, type FakeAnswer, type FakeServer, type SeenRequest } from './fakeServer';
import { endpointOf, unknownEndpoint } from './officialEndpoints';

const require = createRequire(__filename);

/** The top-level query parameter names of each hrefSchema type (and the names inside `filter` / `page`). */
function hrefNames(type: string): Set<string> {
  const file = require.resolve('@datocms/cma-client/src/generated/RawApiTypes.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const statement = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === type);
  if (!statement || !ts.isTypeLiteralNode(statement.type)) return names;
  for (const member of statement.type.members) {
    if (!ts.isPropertySignature(member) || !member.name || !ts.isIdentifier(member.name)) continue;
    const top = member.name.text;
    names.add(top);
    if (member.type && ts.isTypeLiteralNode(member.type))
      for (const inner of member.type.members) if (inner.name && ts.isIdentifier(inner.name)) names.add(`${top}[${inner.name.text}]`);
  }
  return names;
}

function answerFor(request: SeenRequest): FakeAnswer {
  const found = endpointOf(request);
  if (!found) return unknownEndpoint();
  const { endpoint, ids } = found;
  const bodyId = (JSON.parse(request.body || '{}') as { data?: { id?: string } }).data?.id;
  if (endpoint.namespace === 'jobResults') {
    const [, name, type, id] = decodeURIComponent(ids[0]!).split('~');
    const payload = name!.startsWith('bulk')
      ? { data: [], meta: { successful: 1, failed: 0 } }
      : name === 'reorder'
        ? { data: [{ type, id: 'c1' }] }
        : { data: { type, id } };
    return { body: { data: { type: 'job_result', id: ids[0], attributes: { status: 200, payload } } } };
  }
  if (endpoint.responseType.endsWith('JobSchema'))
    return {
      status: 202,
      body: { data: { type: 'job', id: encodeURIComponent(`job~${endpoint.name}~${endpoint.jsonApiType}~${ids[0] ?? bodyId ?? 'new'}`) } },
    };
  if (endpoint.name === 'list') return { body: { data: [], meta: { total_count: 0 } } };
  if (endpoint.namespace === 'uploadRequest')
    return { body: { data: { type: 'upload_request', id: '/1/x.png', attributes: { url: 'https://b/x', request_headers: {} } } } };
  return { body: { data: { type: endpoint.jsonApiType, id: ids[0] ?? bodyId ?? 'new', attributes: {} } } };
}

type Call = (client: CmaClient) => Promise<unknown>;
const drain = async (items: AsyncIterable<unknown>) => {
  for await (const item of items) assert.ok(item);
};
const collection = (id: string) => ({ data: { type: 'upload_collection', id } });

/** Every mediaOf call but the file flows, with the `namespace.operation` of resources.json it must be. */
const CALLS: Record<string, Record<string, { operation: string; call: Call }>> = {
  uploads: {
    create: {
      operation: 'uploads.create',
      call: (c) => c.media.uploads.create('/1/x.png', { tags: ['a'] }, { collectionId: 'c1', id: 'u9' }),
    },
    update: {
      operation: 'uploads.update',
      call: (c) =>
        c.media.uploads.update(
          'u1',
          {
            data: {
              type: 'upload',
              id: 'u1',
              attributes: { basename: 'b', default_field_metadata: { alt: { en: 'x' } } },
              relationships: { upload_collection: collection('c1') },
            },
          },
          { replaceStrategy: 'keep_url' },
        ),
    },
    destroy: { operation: 'uploads.destroy', call: (c) => c.media.uploads.destroy('u1') },
    bulkTag: { operation: 'uploads.bulkTag', call: (c) => c.media.uploads.bulkTag(['u1', 'u2'], ['t']) },
    bulkSetCollection: { operation: 'uploads.bulkSetUploadCollection', call: (c) => c.media.uploads.bulkSetCollection(['u1'], null) },
    bulkDestroy: { operation: 'uploads.bulkDestroy', call: (c) => c.media.uploads.bulkDestroy(['u1']) },
  },
  uploadRequests: {
    create: { operation: 'uploadRequest.create', call: (c) => c.media.uploadRequests.create('x.png', { collectionId: 'c1' }) },
  },
  collections: {
    list: { operation: 'uploadCollections.list', call: (c) => c.media.collections.list({ ids: ['c1', 'c2'] }) },
    find: { operation: 'uploadCollections.find', call: (c) => c.media.collections.find('c1') },
    create: {
      operation: 'uploadCollections.create',
      call: (c) =>
        c.media.collections.create({
          data: { type: 'upload_collection', attributes: { label: 'L', position: 1 }, relationships: { parent: collection('c2') } },
        }),
    },
    update: {
      operation: 'uploadCollections.update',
      call: (c) =>
        c.media.collections.update('c1', {
          data: {
            type: 'upload_collection',
            id: 'c1',
            attributes: { label: 'L' },
            relationships: { parent: { data: null }, children: { data: [] } },
          },
        }),
    },
    destroy: { operation: 'uploadCollections.destroy', call: (c) => c.media.collections.destroy('c1') },
    reorder: {
      operation: 'uploadCollections.reorder',
      call: (c) => c.media.collections.reorder([{ id: 'c1', position: 2, parentId: 'c2' }]),
    },
  },
  tags: {
    list: { operation: 'uploadTags.list', call: (c) => c.media.tags.list({ query: 'a', page: { offset: 0, limit: 10 } }) },
    listAll: { operation: 'uploadTags.list', call: async (c) => drain(c.media.tags.listAll({ query: 'a' })) },
    create: { operation: 'uploadTags.create', call: (c) => c.media.tags.create('spring') },
  },
  smartTags: {
    list: { operation: 'uploadSmartTags.list', call: (c) => c.media.smartTags.list({ query: 'a' }) },
    listAll: { operation: 'uploadSmartTags.list', call: async (c) => drain(c.media.smartTags.listAll()) },
  },
  filters: {
    list: { operation: 'uploadFilters.list', call: (c) => c.media.filters.list() },
    find: { operation: 'uploadFilters.find', call: (c) => c.media.filters.find('f1') },
    create: {
      operation: 'uploadFilters.create',
      call: (c) => c.media.filters.create({ data: { type: 'upload_filter', attributes: { name: 'n', filter: {}, shared: true } } }),
    },
    update: {
      operation: 'uploadFilters.update',
      call: (c) => c.media.filters.update('f1', { data: { type: 'upload_filter', id: 'f1', attributes: { name: 'n', filter: {} } } }),
    },
    destroy: { operation: 'uploadFilters.destroy', call: (c) => c.media.filters.destroy('f1') },
  },
};
const FILE_FLOWS = ['createFromFile', 'replaceFile'];

describe('client.media on the wire, against the official endpoint metadata', () => {
  let server: FakeServer;
  let client: CmaClient;
  useFakeServer(answerFor, 'wire-media-token-9f1', (setup) => ({ server, client } = setup));

  test('the table covers every call', () => {
    const media = client.media as unknown as Record<string, object>;
    assert.deepEqual(Object.keys(media).sort(), Object.keys(CALLS).sort());
    for (const [family, calls] of Object.entries(media)) {
      const methods = Object.keys(calls).filter((m) => !(family === 'uploads' && FILE_FLOWS.includes(m)));
      assert.deepEqual(methods.sort(), Object.keys(CALLS[family]!).sort(), family);
    }
  });

  for (const [family, calls] of Object.entries(CALLS)) {
    for (const [method, { operation, call }] of Object.entries(calls)) {
      test(`${family}.${method} is ${operation}, with its query parameters and body members only`, async () => {
        server.requests.splice(0);
        await call(client);
        assert.ok(server.requests.length > 0);
        for (const request of server.requests) {
          const { endpoint } = endpointOf(request) ?? assert.fail(`${request.method} ${request.path} is no endpoint of the API`);
          if (endpoint.namespace === 'jobResults') continue;
          assert.equal(`${endpoint.namespace}.${endpoint.name}`, operation);
          const allowed = endpoint.queryParamsType ? hrefNames(endpoint.queryParamsType) : new Set<string>();
          for (const [name] of request.query)
            assert.ok(allowed.has(name) || allowed.has(name.replace(/\[[^\]]*\]$/, '')), `${endpoint.urlTemplate} takes no "${name}"`);
          const structure = endpoint.requestStructure;
          if (!request.body) {
            assert.equal(structure, undefined, `${endpoint.urlTemplate} needs a body`);
            continue;
          }
          assert.ok(structure, `${endpoint.urlTemplate} takes no body`);
          const sent = (JSON.parse(request.body) as { data: unknown }).data;
          for (const data of Array.isArray(sent) ? sent : [sent]) {
            const { type, attributes = {}, relationships = {} } = data as { type: string; attributes?: object; relationships?: object };
            assert.equal(type, structure.type);
            if (structure.attributes !== '*')
              for (const key of Object.keys(attributes)) assert.ok(structure.attributes.includes(key), `attribute ${key}`);
            if (structure.relationships !== '*')
              for (const key of Object.keys(relationships)) assert.ok(structure.relationships.includes(key), `relationship ${key}`);
          }
        }
      });
    }
  }
});
