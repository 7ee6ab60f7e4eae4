// Environments and maintenance mode: fork (a full copy keeping every id), promote, rename, destroy, and the
// gate every request passes (an environment still being created or destroyed, a read-only source of a fast
// fork, the primary environment under maintenance mode).
import { httpError } from './errors.js';
import { extraneous, fail, isObject, type Document } from './envelope.js';
import { checkQueryParams } from './params.js';
import { environmentResource, wire } from './resources.js';
import { booleanParam, type RouteContext, type RouteReply } from './schema-creates.js';
import type { EmulatorStore, EnvironmentData } from './store.js';

/** Environment ids are names: lowercase letters and digits, single dashes between them. */
const ENVIRONMENT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * Endpoints about the project rather than the request's environment: X-Environment may name an environment
 * that is being created, renamed or deleted (a client bound to it polls the job that deletes it).
 */
const ENVIRONMENT_FREE = new Set(['environments', 'maintenance-mode', 'job-results']);
/** Project-wide resources: the same whatever the environment's state. */
const PROJECT_WIDE = new Set(['webhooks']);

/**
 * Refuses a request its environment cannot take: unknown, not ready, read-only, or the primary environment
 * under maintenance mode.
 */
export function checkEnvironmentGate(store: EmulatorStore, envId: string, method: string, path: string): void {
  const head = path.split('/').filter(Boolean)[0] ?? '';
  if (ENVIRONMENT_FREE.has(head)) return;
  if (!store.hasEnvironment(envId)) {
    // 404, as the API answers it (seen in client bug reports: "404 INVALID_ENVIRONMENT")
    throw httpError(404, 'INVALID_ENVIRONMENT', {
      environment: envId,
      message: `No environment "${envId}" (have: ${store.environmentIds.join(', ')})`,
    });
  }
  if (PROJECT_WIDE.has(head)) return;
  const meta = store.environmentMeta(envId);
  if (meta.status !== 'ready') {
    throw httpError(422, 'ENVIRONMENT_NOT_READY', {
      environment: envId,
      status: meta.status,
      message: `The environment "${envId}" is ${meta.status === 'creating' ? 'still being created' : 'being deleted'}`,
    });
  }
  if (method === 'GET') return;
  if (meta.read_only_mode) {
    throw httpError(422, 'ENVIRONMENT_IN_READ_ONLY_MODE', {
      environment: envId,
      message: `The environment "${envId}" takes no writes while a fast fork copies it`,
    });
  }
  if (store.maintenance.active && envId === store.primaryId) {
    throw httpError(422, 'MAINTENANCE_MODE', { message: 'Maintenance mode is active: the primary environment takes no changes' });
  }
}

/** The environment and maintenance-mode routes; undefined when the request is none of them. */
export function routeEnvironmentOps(ctx: RouteContext, forkDurationMs: number): RouteReply | undefined {
  const { method, segments, store } = ctx;
  const [head, id, action] = segments;
  if (head === 'maintenance-mode') return maintenanceRoute(ctx);
  if (head !== 'environments' || !id) return undefined;
  if (method === 'POST' && action === 'fork' && segments.length === 3) return fork(ctx, id, forkDurationMs);
  if (method === 'PUT' && action === 'promote' && segments.length === 3) {
    checkQueryParams(ctx.query, {});
    const env = readyEnvironment(store, id);
    if (env.meta.primary)
      throw httpError(422, 'ALREADY_PRIMARY_ENVIRONMENT', { environment: id, message: `"${id}" is already the primary environment` });
    store.promoteEnvironment(id);
    return { status: 200, body: { data: wire(environmentResource(store, id)) } };
  }
  if (method === 'PUT' && action === 'rename' && segments.length === 3) {
    checkQueryParams(ctx.query, {});
    readyEnvironment(store, id);
    const newId = newEnvironmentId(store, ctx.body());
    store.renameEnvironment(id, newId);
    return { status: 200, body: { data: wire(environmentResource(store, newId)) } };
  }
  if (method === 'DELETE' && segments.length === 2) {
    checkQueryParams(ctx.query, {});
    return destroy(ctx, id);
  }
  return undefined;
}

function readyEnvironment(store: EmulatorStore, id: string): EnvironmentData {
  if (!store.hasEnvironment(id)) throw httpError(404, 'NOT_FOUND', { entity: 'environment', id, message: `No environment "${id}"` });
  const env = store.environment(id);
  if (env.meta.status !== 'ready') throw httpError(422, 'ENVIRONMENT_NOT_READY', { environment: id, status: env.meta.status });
  return env;
}

/** `{"data": {"type": "environment", "id": <new id>}}`: a free name of the right form. */
function newEnvironmentId(store: EmulatorStore, body: unknown): string {
  if (!isObject(body) || !isObject(body.data) || Object.keys(body).some((k) => k !== 'data')) {
    throw httpError(422, 'INVALID_FORMAT', { message: 'The body must be {"data": {"type": "environment", "id": <new environment id>}}' });
  }
  const data = body.data;
  if (data.type !== 'environment')
    throw httpError(422, 'INVALID_TYPE', { expected: 'environment', got: data.type ?? null, message: 'data.type must be "environment"' });
  const unknown = Object.keys(data).filter((k) => !['type', 'id', 'attributes', 'relationships', 'meta'].includes(k));
  if (unknown.length)
    throw httpError(422, 'INVALID_FORMAT', { extraneous_members: unknown, message: `Unknown members in data: ${unknown.join(', ')}` });
  const member = (name: 'attributes' | 'relationships' | 'meta') => (isObject(data[name]) ? data[name] : {}) as Record<string, unknown>;
  fail([
    ...extraneous(member('attributes'), [], 'attributes'),
    ...extraneous(member('relationships'), [], 'relationships'),
    ...extraneous(member('meta'), [], 'meta'),
  ]);
  const scope = { record_type: 'Environment' };
  if (typeof data.id !== 'string' || data.id === '')
    throw httpError(422, 'INVALID_FIELD', { field: 'id', code: 'VALIDATION_REQUIRED', ...scope });
  if (!ENVIRONMENT_ID.test(data.id))
    throw httpError(422, 'INVALID_FIELD', {
      field: 'id',
      code: 'VALIDATION_FORMAT',
      ...scope,
      message: 'An environment id is lowercase letters and digits, with single dashes between them',
    });
  if (store.hasEnvironment(data.id))
    throw httpError(422, 'INVALID_FIELD', {
      field: 'id',
      code: 'VALIDATION_UNIQUENESS',
      ...scope,
      message: `There is already an environment "${data.id}"`,
    });
  return data.id;
}

function fork(ctx: RouteContext, sourceId: string, durationMs: number): RouteReply {
  const { store } = ctx;
  checkQueryParams(ctx.query, { immediate_return: 'scalar', fast: 'scalar', force: 'scalar' });
  const immediate = booleanParam(ctx.query, 'immediate_return') === true;
  const fast = booleanParam(ctx.query, 'fast') === true;
  booleanParam(ctx.query, 'force');
  const source = readyEnvironment(store, sourceId);
  const newId = newEnvironmentId(store, ctx.body());
  // One deep copy keeps every id and every shared reference (a model's records list holds the same records).
  const copy: EnvironmentData = structuredClone(source);
  copy.id = newId;
  const now = new Date().toISOString();
  copy.meta = {
    status: 'creating',
    fork_completion_percentage: 0,
    read_only_mode: false,
    created_at: now,
    last_data_change_at: source.meta.last_data_change_at,
    primary: false,
    forked_from: sourceId,
  };
  store.addEnvironment(copy);
  if (fast) source.meta.read_only_mode = true;
  const job = ctx.startJob(() => {
    if (fast) source.meta.read_only_mode = false;
    const { fork_completion_percentage: _done, ...meta } = copy.meta;
    copy.meta = { ...meta, status: 'ready' };
    return { data: wire(environmentResource(store, copy.id)) };
  }, durationMs);
  // immediate_return: the environment at once, still creating; the copy finishes on its own
  return immediate ? { status: 200, body: { data: wire(environmentResource(store, newId)) } } : job;
}

function destroy(ctx: RouteContext, id: string): RouteReply {
  const { store } = ctx;
  if (!store.hasEnvironment(id)) throw httpError(404, 'NOT_FOUND', { entity: 'environment', id, message: `No environment "${id}"` });
  const env = store.environment(id);
  if (env.meta.primary)
    throw httpError(422, 'CANNOT_DESTROY_PRIMARY_ENVIRONMENT', {
      environment: id,
      message: 'The primary environment cannot be deleted: promote another one first',
    });
  const forking = store.environmentIds.filter(
    (other) => other !== id && store.environmentMeta(other).status === 'creating' && store.environmentMeta(other).forked_from === id,
  );
  if (forking.length)
    throw httpError(422, 'CANNOT_DESTROY_FORKING_ORIGIN', {
      environment: id,
      forks: forking,
      message: `"${id}" is being copied to ${forking.join(', ')}`,
    });
  if (env.meta.status !== 'ready') throw httpError(422, 'ENVIRONMENT_NOT_READY', { environment: id, status: env.meta.status });
  env.meta.status = 'destroying';
  const deleted = (): Document => {
    const document = { data: wire(environmentResource(store, id)) };
    store.removeEnvironment(id);
    return document;
  };
  return ctx.startJob(deleted);
}

function maintenanceRoute(ctx: RouteContext): RouteReply | undefined {
  const { method, segments, store } = ctx;
  const document = () => ({ data: { id: store.site.id, type: 'maintenance_mode', attributes: { active: store.maintenance.active } } });
  if (method === 'GET' && segments.length === 1) {
    checkQueryParams(ctx.query, {});
    return { status: 200, body: document() };
  }
  if (method !== 'PUT' || segments.length !== 2) return undefined;
  if (segments[1] === 'activate') {
    checkQueryParams(ctx.query, { force: 'scalar' });
    booleanParam(ctx.query, 'force');
    store.maintenance.active = true;
    return { status: 200, body: document() };
  }
  if (segments[1] === 'deactivate') {
    checkQueryParams(ctx.query, {});
    store.maintenance.active = false;
    return { status: 200, body: document() };
  }
  return undefined;
}
