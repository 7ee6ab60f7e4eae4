// Every endpoint method the client offers, called against a recording fake server: each request must be an
// endpoint of the official client's metadata (method + URL template, @datocms/cma-client's resources.json)
// of the same resource family and operation, with no query parameter that endpoint does not define (names
// from the hrefSchema types of the official client's RawApiTypes.ts).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';
import type { CmaClient } from '../../src/cma';
import { useFakeServer, type FakeAnswer, type FakeServer, type SeenRequest } from './fakeServer';
import { endpointOf, unknownEndpoint, endpoints } from './officialEndpoints';

const require = createRequire(__filename);

/** Query parameter names per hrefSchema type: top-level names, and the declared names inside object-typed ones. */
function hrefSchemaNames(): Map<string, Map<string, Set<string> | undefined>> {
  const file = require.resolve('@datocms/cma-client/src/generated/RawApiTypes.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = new Map<string, Map<string, Set<string> | undefined>>();
  const membersOf = (node: ts.TypeNode): ts.TypeElement[] | undefined => {
    if (ts.isTypeLiteralNode(node)) return [...node.members];
    if (ts.isUnionTypeNode(node)) return node.types.flatMap((t) => membersOf(t) ?? []);
    return undefined;
  };
  const nameOf = (member: ts.TypeElement) =>
    member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || !statement.name.text.endsWith('HrefSchema')) continue;
    const params = new Map<string, Set<string> | undefined>();
    for (const member of membersOf(statement.type) ?? []) {
      const name = nameOf(member);
      if (!name || !ts.isPropertySignature(member) || !member.type) continue;
      const inner = membersOf(member.type);
      params.set(name, inner ? new Set(inner.map(nameOf).filter((n): n is string => n !== undefined)) : undefined);
    }
    names.set(statement.name.text, params);
  }
  return names;
}

/** A plausible answer for any endpoint: the resource asked for (by its path id), a list, or a finished job. */
function answerFor(request: SeenRequest): FakeAnswer {
  const found = endpointOf(request);
  if (!found) return unknownEndpoint();
  const { endpoint, ids } = found;
  if (endpoint.name === 'list' || endpoint.name === 'references')
    return { body: { data: [], ...(endpoint.paginatedResponse ? { meta: { total_count: 0 } } : {}) } };
  // a fork or rename answers with the environment named in the body
  const bodyId = (JSON.parse(request.body || '{}') as { data?: { id?: string } }).data?.id;
  const id = (endpoint.name === 'fork' || endpoint.name === 'rename' ? bodyId : undefined) ?? ids.at(-1) ?? '1';
  if (endpoint.responseType.endsWith('JobSchema'))
    return { status: 202, body: { data: { type: 'job', id: `job~${endpoint.namespace}~${encodeURIComponent(id)}` } } };
  if (endpoint.namespace === 'jobResults') {
    const [, namespace, resultId] = id.split('~');
    const type = endpoints.find((e) => e.namespace === namespace)?.jsonApiType;
    if (namespace === 'itemVersions') {
      const restored = [
        { type: 'item', id: 'r1' },
        { type: 'item_version', id: 'v2', relationships: { item: { data: { type: 'item', id: 'r1' } } } },
      ];
      return { body: { data: { type: 'job_result', id, attributes: { status: 200, payload: { data: restored } } } } };
    }
    return {
      body: {
        data: {
          type: 'job_result',
          id,
          attributes: { status: 200, payload: { data: { type, id: decodeURIComponent(resultId!), attributes: {} } } },
        },
      },
    };
  }
  const data = { type: endpoint.returnsItem ? 'item' : endpoint.jsonApiType, id, attributes: { api_key: id.split('::').at(-1) } };
  return {
    body: endpoint.namespace === 'site' ? { data: { ...data, relationships: { item_types: { data: [] } } }, included: [] } : { data },
  };
}

type Call = (client: CmaClient) => Promise<unknown>;

/** Every method of every resource family, with the operation of resources.json it must be. */
const CALLS: Record<string, Record<string, { operation: string; call: Call }>> = {
  site: {
    find: { operation: 'find', call: (c) => c.site.find() },
    findWithSchema: { operation: 'find', call: (c) => c.site.findWithSchema() },
  },
  environments: {
    list: { operation: 'list', call: (c) => c.environments.list() },
    find: { operation: 'find', call: (c) => c.environments.find('sandbox') },
    fork: {
      operation: 'fork',
      call: (c) => c.environments.fork('main', 'feature-x', { fast: true, force: false, immediateReturn: false }),
    },
    promote: { operation: 'promote', call: (c) => c.environments.promote('feature-x') },
    rename: { operation: 'rename', call: (c) => c.environments.rename('feature-x', 'feature-y') },
    destroy: { operation: 'destroy', call: (c) => c.environments.destroy('feature-y') },
  },
  maintenanceMode: {
    find: { operation: 'find', call: (c) => c.maintenanceMode.find() },
    activate: { operation: 'activate', call: (c) => c.maintenanceMode.activate({ force: true }) },
    deactivate: { operation: 'deactivate', call: (c) => c.maintenanceMode.deactivate() },
  },
  itemTypes: {
    list: { operation: 'list', call: (c) => c.itemTypes.list() },
    find: { operation: 'find', call: (c) => c.itemTypes.find('article') },
    create: {
      operation: 'create',
      call: (c) => c.itemTypes.create({ data: { type: 'item_type', attributes: { name: 'Post', api_key: 'post' } } }),
    },
    update: {
      operation: 'update',
      call: (c) => c.itemTypes.update('m1', { data: { type: 'item_type', id: 'm1', attributes: { hint: 'h' } } }),
    },
    destroy: { operation: 'destroy', call: (c) => c.itemTypes.destroy('m1') },
  },
  fields: {
    list: { operation: 'list', call: (c) => c.fields.list('article') },
    find: { operation: 'find', call: (c) => c.fields.find('article::title') },
    create: {
      operation: 'create',
      call: (c) =>
        c.fields.create('article', {
          data: { type: 'field', attributes: { label: 'Subtitle', api_key: 'subtitle', field_type: 'string' } },
        }),
    },
    update: { operation: 'update', call: (c) => c.fields.update('f1', { data: { type: 'field', id: 'f1', attributes: { hint: 'h' } } }) },
    destroy: { operation: 'destroy', call: (c) => c.fields.destroy('f1') },
  },
  fieldsets: {
    list: { operation: 'list', call: (c) => c.fieldsets.list('article') },
    find: { operation: 'find', call: (c) => c.fieldsets.find('s1') },
    create: {
      operation: 'create',
      call: (c) => c.fieldsets.create('article', { data: { type: 'fieldset', attributes: { title: 'SEO' } } }),
    },
    update: {
      operation: 'update',
      call: (c) => c.fieldsets.update('s1', { data: { type: 'fieldset', id: 's1', attributes: { title: 'SEO' } } }),
    },
    destroy: { operation: 'destroy', call: (c) => c.fieldsets.destroy('s1') },
  },
  webhooks: {
    list: { operation: 'list', call: (c) => c.webhooks.list() },
    find: { operation: 'find', call: (c) => c.webhooks.find('w1') },
    create: {
      operation: 'create',
      call: (c) => c.webhooks.create({ data: { type: 'webhook', attributes: { name: 'n', url: 'https://example.com' } } }),
    },
    update: {
      operation: 'update',
      call: (c) => c.webhooks.update('w1', { data: { type: 'webhook', id: 'w1', attributes: { name: 'n' } } }),
    },
    destroy: { operation: 'destroy', call: (c) => c.webhooks.destroy('w1') },
  },
  items: {
    list: {
      operation: 'list',
      call: (c) =>
        c.items.list({
          filter: { type: 'article', query: 'x', fields: { title: { matches: { pattern: 'a' } } }, only_valid: true },
          locale: 'en',
          order_by: ['title_ASC', '_updated_at_DESC'],
          version: 'published',
          nested: true,
          page: { offset: 0, limit: 100 },
        }),
    },
    find: { operation: 'find', call: (c) => c.items.find('r1', { nested: true, version: 'current' }) },
    references: { operation: 'references', call: (c) => c.items.references('r1', { nested: true, version: 'published-or-current' }) },
    destroy: { operation: 'destroy', call: (c) => c.items.destroy('r1') },
    duplicate: { operation: 'duplicate', call: (c) => c.items.duplicate('r0') },
    create: {
      operation: 'create',
      call: (c) =>
        c.items.create({
          data: { type: 'item', attributes: { title: 't' }, relationships: { item_type: { data: { type: 'item_type', id: 'm1' } } } },
        }),
    },
    update: {
      operation: 'update',
      call: (c) => c.items.update('r1', { data: { type: 'item', id: 'r1', attributes: { title: 't' }, meta: { current_version: 'v1' } } }),
    },
    listAll: {
      operation: 'list',
      call: async (c) => {
        for await (const record of c.items.listAll({ filter: { ids: ['r1', 'r2'] }, nested: true }, { pageSize: 500 })) assert.ok(record);
      },
    },
  },
  uploads: {
    list: {
      operation: 'list',
      call: (c) =>
        c.uploads.list({
          filter: { ids: ['u1', 'u2'], query: 'x', fields: { type: { eq: 'image' } } },
          locale: 'en',
          order_by: '_created_at_DESC',
          page: { offset: 0, limit: 500 },
        }),
    },
    find: { operation: 'find', call: (c) => c.uploads.find('u1') },
    listAll: {
      operation: 'list',
      call: async (c) => {
        for await (const upload of c.uploads.listAll({ filter: { fields: { in_use: { eq: false } } }, order_by: ['size_DESC', 'id_ASC'] }))
          assert.ok(upload);
      },
    },
    references: { operation: 'references', call: (c) => c.uploads.references('u1', { nested: true, version: 'published-or-current' }) },
  },
  itemVersions: {
    list: { operation: 'list', call: (c) => c.itemVersions.list('r1', { offset: 50, limit: 50 }) },
    find: { operation: 'find', call: (c) => c.itemVersions.find('v1', { nested: true }) },
    restore: { operation: 'restore', call: (c) => c.itemVersions.restore('v1') },
  },
};

/** The publishing calls (client.publishing, outside CmaClient so the activation bundle stays small). */
const PUBLISHING_CALLS: Record<string, Record<string, { operation: string; call: Call }>> = {
  items: {
    publish: {
      operation: 'publish',
      call: (c) => c.publishing.items.publish('r1', { locales: ['en'], nonLocalizedContent: true }, { recursive: true }),
    },
    unpublish: { operation: 'unpublish', call: (c) => c.publishing.items.unpublish('r1', ['it'], { recursive: false }) },
    bulkPublish: { operation: 'bulkPublish', call: (c) => c.publishing.items.bulkPublish(['r1', 'r2']) },
    bulkUnpublish: { operation: 'bulkUnpublish', call: (c) => c.publishing.items.bulkUnpublish(['r1']) },
    bulkDestroy: { operation: 'bulkDestroy', call: (c) => c.publishing.items.bulkDestroy(['r1']) },
  },
  scheduledPublication: {
    create: {
      operation: 'create',
      call: (c) =>
        c.publishing.scheduledPublication.create('r1', '2030-01-01T10:00:00+01:00', { locales: ['en'], nonLocalizedContent: false }),
    },
    destroy: { operation: 'destroy', call: (c) => c.publishing.scheduledPublication.destroy('r1') },
  },
  scheduledUnpublishing: {
    create: { operation: 'create', call: (c) => c.publishing.scheduledUnpublishing.create('r1', '2030-01-01T10:00:00Z', ['it']) },
    destroy: { operation: 'destroy', call: (c) => c.publishing.scheduledUnpublishing.destroy('r1') },
  },
};

describe('wire exactness against the official endpoint metadata', () => {
  let server: FakeServer;
  let client: CmaClient;
  const hrefSchemas = hrefSchemaNames();

  useFakeServer(answerFor, 'wire-test-token-55e0', (setup) => ({ server, client } = setup));

  test('the metadata and its hrefSchema types were found', () => {
    assert.ok(endpoints.length > 100);
    assert.deepEqual([...(hrefSchemas.get('ItemSelfHrefSchema')?.keys() ?? [])].sort(), ['nested', 'version']);
    assert.deepEqual([...(hrefSchemas.get('ItemInstancesHrefSchema')?.get('page') ?? [])].sort(), ['limit', 'offset']);
  });

  test('the table covers every resource family and every method the client offers', () => {
    const families = Object.entries(client)
      .filter(([, value]) => typeof value === 'object' && value !== null)
      .map(([name]) => name)
      .sort();
    assert.deepEqual(families, Object.keys(CALLS).sort());
    for (const family of families) {
      const methods = Object.keys((client as unknown as Record<string, object>)[family]!).sort();
      assert.deepEqual(methods, Object.keys(CALLS[family]!).sort(), `methods of client.${family}`);
    }
  });

  test('the publishing table covers every publishing call', () => {
    const calls = client.publishing as unknown as Record<string, object>;
    assert.deepEqual(Object.keys(calls).sort(), Object.keys(PUBLISHING_CALLS).sort());
    for (const family of Object.keys(calls))
      assert.deepEqual(Object.keys(calls[family]!).sort(), Object.keys(PUBLISHING_CALLS[family]!).sort(), `client.publishing.${family}`);
  });

  for (const [family, methods] of [...Object.entries(CALLS), ...Object.entries(PUBLISHING_CALLS)]) {
    for (const [method, { operation, call }] of Object.entries(methods)) {
      test(`client.${family}.${method} is ${family}.${operation} with only its defined query parameters`, async () => {
        server.requests.splice(0);
        await call(client);
        assert.ok(server.requests.length > 0, 'a request was sent');
        for (const request of server.requests) {
          const found = endpointOf(request);
          assert.ok(found, `${request.method} ${request.path} is no endpoint of the API`);
          const { endpoint } = found;
          const isPoll = endpoint.namespace === 'jobResults';
          assert.equal(
            `${endpoint.namespace}.${endpoint.name}`,
            isPoll ? 'jobResults.find' : `${family}.${operation}`,
            `${request.method} ${request.path}`,
          );
          const allowed = endpoint.queryParamsType ? hrefSchemas.get(endpoint.queryParamsType) : new Map<string, Set<string> | undefined>();
          assert.ok(allowed, `hrefSchema ${endpoint.queryParamsType} is known`);
          for (const [name] of request.query) {
            const [top, inner] = /^([^[]+)(?:\[([^\]]*)\])?/.exec(name)!.slice(1);
            assert.ok(allowed.has(top!), `${request.method} ${endpoint.urlTemplate} does not define the query parameter "${name}"`);
            const nested = allowed.get(top!);
            if (inner !== undefined && nested)
              assert.ok(nested.has(inner), `${endpoint.urlTemplate}: "${name}" is not one of ${top}[${[...nested].join('|')}]`);
          }
          if (request.query.some(([name, value]) => name === 'nested' && value === 'true')) {
            const limit = Number(request.query.find(([name]) => name === 'page[limit]')?.[1] ?? 30);
            assert.ok(limit <= 30, `a nested list asks for ${limit} per page`);
          }
        }
      });
    }
  }
});
