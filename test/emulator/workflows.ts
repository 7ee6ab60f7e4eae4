// Workflows: GET/POST /workflows, GET/PUT/DELETE /workflows/:id, a model's `workflow` relationship,
// records' `meta.stage` and POST /items/bulk/move-to-stage. Workflows belong to the project (like
// webhooks), so every environment sees the same ones; a record in a workflow model that was never moved
// is in the workflow's initial stage.
import { createEnvelope, envelope, extraneous, fail, invalidField, isObject, newId, type Document, type Obj } from './envelope.js';
import { HttpError, httpError, type ApiErrorSpec } from './errors.js';
import { isApiId } from './ids.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import { API_KEY_PATTERN } from './rules.js';
import { relId, type EmulatorStore, type EnvironmentData, type StoredItem } from './store.js';
import type { Query } from './query.js';

/** The request as the server's route context gives it (kept here so that schema writes can import this file). */
interface RouteContext {
  store: EmulatorStore;
  env: () => EnvironmentData;
  method: string;
  segments: string[];
  query: Query;
  body: () => unknown;
  startJob: (commit: () => Document) => RouteReply;
}
type RouteReply = { status: number; body?: unknown };

export interface WorkflowStage {
  id: string;
  name: string;
  description: string | null;
  initial: boolean;
}

export interface Workflow {
  id: string;
  type: 'workflow';
  attributes: { name: string; api_key: string; stages: WorkflowStage[] };
}

const ATTRIBUTES = ['name', 'api_key', 'stages'] as const;
const STAGE_KEYS = ['id', 'name', 'description', 'initial'];
// A stage id becomes a value of the model's `…WorkflowStage` enum in the delivery API, so it must be a
// GraphQL name; the API's documentation says nothing of its form, so we take the stricter reading.
const STAGE_ID = /^[a-z][a-z0-9_]*$/;
const MAX_BULK_RECORDS = 200;

const byStore = new WeakMap<EmulatorStore, Map<string, Workflow>>();

/** The project's workflows, by id, in creation order. */
export function workflowsOf(store: EmulatorStore): Map<string, Workflow> {
  let workflows = byStore.get(store);
  if (!workflows) byStore.set(store, (workflows = new Map()));
  return workflows;
}

/** The stage a record is in: its own, or the initial stage of its model's workflow; null outside workflows. */
export function stageOf(store: EmulatorStore, env: EnvironmentData, item: StoredItem): string | null {
  const itemType = env.itemTypes.get(item.itemTypeId);
  const workflowId = itemType ? relId(itemType, 'workflow') : null;
  const workflow = workflowId ? workflowsOf(store).get(workflowId) : undefined;
  if (!workflow) return null;
  const stages = workflow.attributes.stages;
  if (item.meta.stage && stages.some((s) => s.id === item.meta.stage)) return item.meta.stage;
  return (stages.find((s) => s.initial) ?? stages[0])?.id ?? null;
}

/** The initial stage of a model's workflow (a new record's stage); null without a workflow. */
export function initialStage(store: EmulatorStore, env: EnvironmentData, itemTypeId: string): string | null {
  const itemType = env.itemTypes.get(itemTypeId);
  const workflowId = itemType ? relId(itemType, 'workflow') : null;
  const stages = workflowId ? workflowsOf(store).get(workflowId)?.attributes.stages : undefined;
  return stages ? ((stages.find((s) => s.initial) ?? stages[0])?.id ?? null) : null;
}

/** After a model's workflow changed: its records enter the initial stage (or keep theirs), or leave workflows. */
export function syncStages(store: EmulatorStore, env: EnvironmentData, itemTypeId: string): void {
  for (const item of env.recordsByType.get(itemTypeId) ?? []) {
    const stage = stageOf(store, env, item);
    if (item.meta.stage !== stage) item.meta = { ...item.meta, stage };
  }
}

/** Why a model cannot take this workflow, or null when it can (a model write's `relationships.workflow`). */
export function workflowProblem(store: EmulatorStore, workflowId: string): string | null {
  return workflowsOf(store).has(workflowId) ? null : `No workflow with id "${workflowId}"`;
}

/** Why a record cannot move to `stage`, or null when it can (a record write's `meta.stage`). */
export function stageProblem(store: EmulatorStore, env: EnvironmentData, itemTypeId: string, stage: unknown): string | null {
  const itemType = env.itemTypes.get(itemTypeId);
  const workflowId = itemType ? relId(itemType, 'workflow') : null;
  const workflow = workflowId ? workflowsOf(store).get(workflowId) : undefined;
  if (!workflow) return 'The model of this record has no workflow';
  if (typeof stage !== 'string' || !workflow.attributes.stages.some((s) => s.id === stage))
    return `The stage must be one of ${workflow.attributes.stages.map((s) => s.id).join(', ')}`;
  return null;
}

function wire(workflow: Workflow): Obj {
  return structuredClone(workflow) as unknown as Obj;
}

function checkStages(value: unknown, errors: ApiErrorSpec[]): WorkflowStage[] | undefined {
  const scope = { record_type: 'Workflow' };
  if (!Array.isArray(value) || value.length === 0) {
    errors.push(invalidField('stages', 'VALIDATION_FORMAT', { ...scope, message: 'stages must be a non-empty array' }));
    return undefined;
  }
  const stages: WorkflowStage[] = [];
  value.forEach((stage, index) => {
    const at = { ...scope, index };
    if (!isObject(stage)) {
      errors.push(invalidField('stages', 'VALIDATION_FORMAT', { ...at, message: 'each stage is {id, name, description?, initial?}' }));
      return;
    }
    const extra = Object.keys(stage).filter((k) => !STAGE_KEYS.includes(k));
    if (extra.length) errors.push(invalidField('stages', 'VALIDATION_FORMAT', { ...at, extraneous_attributes: extra }));
    if (typeof stage.id !== 'string' || !STAGE_ID.test(stage.id))
      errors.push(invalidField('stages', 'VALIDATION_FORMAT', { ...at, message: 'a stage id is lowercase letters, digits and _' }));
    if (typeof stage.name !== 'string' || stage.name.trim() === '')
      errors.push(invalidField('stages', 'VALIDATION_REQUIRED', { ...at, message: 'a stage needs a name' }));
    if (stage.description !== undefined && stage.description !== null && typeof stage.description !== 'string')
      errors.push(invalidField('stages', 'VALIDATION_FORMAT', { ...at, message: 'description is a string or null' }));
    if (stage.initial !== undefined && typeof stage.initial !== 'boolean')
      errors.push(invalidField('stages', 'VALIDATION_FORMAT', { ...at, message: 'initial is a boolean' }));
    stages.push({
      id: String(stage.id),
      name: String(stage.name),
      description: typeof stage.description === 'string' ? stage.description : null,
      initial: stage.initial === true,
    });
  });
  if (new Set(stages.map((s) => s.id)).size !== stages.length)
    errors.push(invalidField('stages', 'VALIDATION_UNIQUENESS', { ...scope, message: 'stage ids must differ' }));
  const initial = stages.filter((s) => s.initial).length;
  if (initial > 1) errors.push(invalidField('stages', 'VALIDATION_INVALID', { ...scope, message: 'only one stage can be initial' }));
  // Without a stage marked initial, the first one is.
  if (initial === 0 && stages[0]) stages[0].initial = true;
  return stages;
}

function checkAttributes(
  store: EmulatorStore,
  id: string | undefined,
  attributes: Obj,
  creating: boolean,
): Partial<Workflow['attributes']> {
  const scope = { record_type: 'Workflow' };
  const errors: ApiErrorSpec[] = [...extraneous(attributes, ATTRIBUTES, 'attributes')];
  if (creating) for (const name of ATTRIBUTES) if (!(name in attributes)) errors.push(invalidField(name, 'VALIDATION_REQUIRED', scope));
  const out: Partial<Workflow['attributes']> = {};
  if ('name' in attributes) {
    if (typeof attributes.name !== 'string' || attributes.name.trim() === '')
      errors.push(invalidField('name', 'VALIDATION_REQUIRED', scope));
    else out.name = attributes.name;
  }
  if ('api_key' in attributes) {
    const apiKey = attributes.api_key;
    if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)) errors.push(invalidField('api_key', 'VALIDATION_FORMAT', scope));
    else if ([...workflowsOf(store).values()].some((w) => w.id !== id && w.attributes.api_key === apiKey))
      errors.push(invalidField('api_key', 'VALIDATION_UNIQUENESS', scope));
    else out.api_key = apiKey;
  }
  if ('stages' in attributes) {
    const stages = checkStages(attributes.stages, errors);
    if (stages) out.stages = stages;
  }
  fail(errors);
  return out;
}

/** Environments built so far (a lazy one has no model with a workflow yet). */
function builtEnvironments(store: EmulatorStore): EnvironmentData[] {
  return store.environmentIds.filter((id) => store.environmentMeta(id).status !== 'creating').map((id) => store.environment(id));
}

function modelsUsing(store: EmulatorStore, workflowId: string): { environment: string; id: string; api_key: string }[] {
  const out: { environment: string; id: string; api_key: string }[] = [];
  for (const env of builtEnvironments(store))
    for (const itemType of env.itemTypes.values())
      if (relId(itemType, 'workflow') === workflowId)
        out.push({ environment: env.id, id: itemType.id, api_key: String(itemType.attributes.api_key) });
  return out;
}

function update(store: EmulatorStore, workflow: Workflow, body: unknown): Document {
  const { attributes, relationships, meta } = envelope(body, 'workflow', [workflow.id]);
  fail([...extraneous(relationships, [], 'relationships'), ...extraneous(meta, [], 'meta')]);
  const changes = checkAttributes(store, workflow.id, attributes, false);
  if (changes.stages) {
    // The API's documentation does not say what happens to records in a stage that goes away; we refuse.
    const kept = new Set(changes.stages.map((s) => s.id));
    const stranded: string[] = [];
    for (const env of builtEnvironments(store))
      for (const item of env.items.values()) {
        const stage = item.parentItemId ? null : stageOf(store, env, item);
        const itemType = env.itemTypes.get(item.itemTypeId);
        if (stage && !kept.has(stage) && itemType && relId(itemType, 'workflow') === workflow.id) stranded.push(item.id);
      }
    if (stranded.length)
      fail([
        invalidField('stages', 'VALIDATION_INVALID', {
          record_type: 'Workflow',
          items: stranded.slice(0, 20),
          message: 'Records are still in a stage this update removes: move them first',
        }),
      ]);
  }
  workflow.attributes = { ...workflow.attributes, ...changes };
  return { data: wire(workflow) };
}

function moveToStage(ctx: RouteContext, raw: unknown): RouteReply {
  const type = 'item_bulk_move_to_stage_operation';
  const data = isObject(raw) && Object.keys(raw).every((k) => k === 'data') && isObject(raw.data) ? raw.data : undefined;
  const attributes = data && isObject(data.attributes) ? data.attributes : undefined;
  const items = data && isObject(data.relationships) && isObject(data.relationships.items) ? data.relationships.items.data : undefined;
  if (
    !data ||
    !attributes ||
    data.type !== type ||
    Object.keys(data).some((k) => !['type', 'attributes', 'relationships'].includes(k)) ||
    Object.keys(attributes).some((k) => k !== 'stage') ||
    typeof attributes.stage !== 'string' ||
    Object.keys(data.relationships as Obj).some((k) => k !== 'items') ||
    !Array.isArray(items)
  )
    throw httpError(422, 'INVALID_FORMAT', {
      message: `The body must be {"data": {"type": "${type}", "attributes": {"stage": …}, "relationships": {"items": {"data": [{"type": "item", "id": …}]}}}}`,
    });
  if (items.length === 0 || items.length > MAX_BULK_RECORDS)
    throw httpError(422, 'INVALID_FIELD', {
      field: 'items',
      code: 'VALIDATION_LENGTH',
      count: items.length,
      message: `from 1 to ${MAX_BULK_RECORDS} records per request`,
    });
  const ids = items.map((e) => (isObject(e) && e.type === 'item' && Object.keys(e).length === 2 && isApiId(e.id) ? e.id : undefined));
  if (ids.some((id) => id === undefined))
    throw httpError(422, 'INVALID_FORMAT', { message: 'each of items.data is {"type": "item", "id": <id>}' });
  const stage = attributes.stage;
  return ctx.startJob(() => {
    const env = ctx.env();
    let successful = 0;
    let failed = 0;
    for (const id of new Set(ids as string[])) {
      const item = env.items.get(id);
      if (!item || item.parentItemId || stageProblem(ctx.store, env, item.itemTypeId, stage)) failed++;
      else {
        item.meta = { ...item.meta, stage };
        successful++;
      }
    }
    return { data: [], meta: { successful, failed } };
  });
}

/** The workflow routes; undefined when the request is none of them. */
export function routeWorkflows(ctx: RouteContext): RouteReply | undefined {
  const { method, segments, store } = ctx;
  const [head, id, sub] = segments;
  if (head === 'items' && id === 'bulk' && sub === 'move-to-stage' && segments.length === 3 && method === 'POST') {
    checkQueryParams(ctx.query, NO_PARAMS);
    return moveToStage(ctx, ctx.body());
  }
  if (head !== 'workflows' || segments.length > 2) return undefined;
  const workflows = workflowsOf(store);
  const find = (key: string) => {
    const workflow = workflows.get(key);
    if (!workflow) throw httpError(404, 'NOT_FOUND', { entity: 'workflow', id: key, message: `No workflow with id "${key}"` });
    return workflow;
  };
  if (segments.length === 1 && (method === 'GET' || method === 'POST')) {
    checkQueryParams(ctx.query, NO_PARAMS);
    if (method === 'GET') return { status: 200, body: { data: [...workflows.values()].map(wire) } };
    const created = createEnvelope(ctx.body(), 'workflow', (key) => workflows.has(key));
    fail([...extraneous(created.relationships, [], 'relationships'), ...extraneous(created.meta, [], 'meta')]);
    const attributes = checkAttributes(store, undefined, created.attributes, true) as Workflow['attributes'];
    const workflow: Workflow = { id: created.id ?? newId(), type: 'workflow', attributes };
    workflows.set(workflow.id, workflow);
    return { status: 200, body: { data: wire(workflow) } };
  }
  if (segments.length === 2 && id && ['GET', 'PUT', 'DELETE'].includes(method)) {
    checkQueryParams(ctx.query, NO_PARAMS);
    const workflow = find(id);
    if (method === 'GET') return { status: 200, body: { data: wire(workflow) } };
    if (method === 'PUT') return { status: 200, body: update(store, workflow, ctx.body()) };
    // The API's documentation does not say what happens to models still using it; we refuse, as for models.
    const users = modelsUsing(store, id);
    if (users.length)
      throw new HttpError(422, [
        { code: 'DELETE_RESTRICTION', details: { item_types: users, message: 'Models still use this workflow: detach them first' } },
      ]);
    workflows.delete(id);
    // The official client declares no response body for this endpoint.
    return { status: 204 };
  }
  return undefined;
}
