// Running one cell of the fault matrix (./cases.ts): the operation against the emulator with the fault armed,
// and what the user saw.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestLogEntry } from '../../src/cma';
import { exportRecords } from '../../src/export/exportRecords';
import { DocumentService, type OpenedDocument, type SaveResult } from '../../src/documents/documentService';
import { describeRef, type DocumentRef } from '../../src/domain/paths';
import { ModelNotFoundError, ProjectData } from '../../src/projects/projectData';
import { TreeModel } from '../../src/tree/model';
import { type ErrorNode, type RecordsNode, type TreeNode } from '../../src/tree/nodes';
import { reportError } from '../../src/platform/errors';
import type { FaultRule } from '../emulator/index';
import { ApiError, CancelledError } from '../../src/cma';
import {
  ARTICLES,
  LIST_ALL_PAGE_SIZE,
  NotificationRecorder,
  PROJECT_KEY,
  SHORT_TIMEOUT_MS,
  TREE_PAGE_SIZE,
  projectSource,
  t,
  type World,
} from './world';
import { CONFLICT_ACTIONS, RETRY, SIGN_IN, type Cell, type FaultId, type Observation, type Outcome } from './cases';

// ---- running a cell ----

interface Target {
  method: string;
  path: string | RegExp;
}

/** The emulator rule that produces a fault on a target. */
function faultRule(fault: FaultId, target: Target, serverValidates: boolean): FaultRule | undefined {
  const at = { method: target.method, path: target.path };
  switch (fault) {
    case 'rate429':
      return { kind: 'rate_limit', resetSeconds: 0.05, ...at };
    case 'server500':
      return { kind: 'server_error', ...at };
    case 'html502':
      return { kind: 'bad_gateway_html', ...at };
    case 'transient422':
      return { kind: 'transient', ...at };
    case 'timeout':
      return { kind: 'timeout', delayMs: 10_000, ...at };
    case 'reset':
      return { kind: 'reset', ...at };
    case 'malformed':
      return { kind: 'malformed_json', ...at };
    case 'unauthorized401':
      return { kind: 'unauthorized', ...at };
    case 'notFound404':
      return { kind: 'not_found', ...at };
    case 'jobFailure':
      return { kind: 'job_failure', ...at };
    // Server-side validation of reads (a filter the API refuses) and of webhooks (no rule the emulator checks that the document does not)
    case 'validation422':
      return serverValidates
        ? undefined
        : { kind: 'server_error', status: 422, code: target.method === 'GET' ? 'INVALID_PARAMS' : 'INVALID_FIELD', ...at };
    case 'stale':
      return undefined; // made by a colleague's change, not by the server failing
  }
}

function countAt(world: World, target: Target): number {
  return world.emulator.requests.filter(
    (r) => r.method === target.method && (typeof target.path === 'string' ? r.path === target.path : target.path.test(r.path)),
  ).length;
}

/**
 * Writes the server applied: PUTs it accepted, minus the one a fault answered (the emulator answers a
 * faulted request instead of handling it, even when the fault's status is 200 as with malformed JSON).
 */
function appliedWrites(world: World, write: Target, faulted: boolean): number {
  const puts = world.emulator.requests.filter((r) => r.method === write.method && r.path === write.path);
  return puts.slice(faulted ? 1 : 0).filter((r) => r.status === 200 || r.status === 202).length;
}

function retriesIn(log: RequestLogEntry[]): number {
  return log.filter((entry) => entry.retryInMs !== undefined).length;
}

/** The notification a failure shows (src/platform/errors.ts) with the actions the calling site passes. */
async function notification(
  world: World,
  whatFailed: string,
  error: unknown,
  actions: { signIn: boolean; retry: boolean },
): Promise<{ message: string; actions: string[] }> {
  const ui = new NotificationRecorder(world.transcript);
  await reportError(ui, t, whatFailed, error, {
    showLog: () => undefined,
    ...(actions.signIn ? { signInAgain: () => undefined } : {}),
    ...(actions.retry ? { retry: () => undefined } : {}),
  });
  const shown = ui.shown[0];
  return shown ? { message: shown.message, actions: shown.actions } : { message: '', actions: [] };
}

export async function runCell(world: World, cell: Cell): Promise<Observation> {
  world.emulator.faults.clear();
  switch (cell.operation) {
    case 'listPage':
      return listPage(world, cell.fault);
    case 'listAll':
      return listAll(world, cell.fault);
    case 'open':
      return openRecord(world, cell.fault);
    case 'saveModel':
    case 'saveField':
    case 'jobPolling':
    case 'saveWebhook':
    case 'saveRecord':
      return save(world, cell.operation, cell.fault);
  }
}

/** Clears the request log and arms the fault; returns the rule (none: the cell's edit or a colleague makes the fault). */
function arm(world: World, fault: FaultId, target: Target, serverValidates = false): FaultRule | undefined {
  world.emulator.faults.clear();
  world.emulator.clearRequests();
  const rule = faultRule(fault, target, serverValidates);
  if (rule) world.emulator.faults.add(rule);
  return rule;
}

function timeoutFor(fault: FaultId): number | undefined {
  return fault === 'timeout' ? SHORT_TIMEOUT_MS : undefined;
}

// -- list page: expanding a model's Records node in the tree

async function listPage(world: World, fault: FaultId): Promise<Observation> {
  const log: RequestLogEntry[] = [];
  const client = world.client(log, timeoutFor(fault));
  const tree = new TreeModel({ projects: projectSource(world.emulator, client), pageSize: () => TREE_PAGE_SIZE, t });
  const records = await recordsNode(tree, world.ids.articleModel);
  const target = { method: 'GET', path: '/items' };
  arm(world, fault, target);
  const children = await tree.children(records);
  const attempts = countAt(world, target);
  for (const child of children) world.transcript.add('tree', child.label);
  const observation = treeObservation(children, attempts, retriesIn(log));
  const error = children.find((c): c is ErrorNode => c.kind === 'error');
  if (error) {
    world.emulator.faults.clear();
    // Clicking the error node: datocms.retry reloads the parent (sign-in is another flow; the token is unchanged here)
    await tree.refresh(error);
    const again = await tree.children(records);
    observation.recovery = { outcome: treeObservation(again, 0, 0).outcome };
  }
  return observation;
}

async function recordsNode(tree: TreeModel, modelId: string): Promise<RecordsNode> {
  const find = async (parent: TreeNode | undefined, match: (n: TreeNode) => boolean) => {
    const found = (await tree.children(parent)).find(match);
    if (!found) throw new Error(`tree: no matching node under ${parent?.label ?? 'the root'}`);
    return found;
  };
  const project = await find(undefined, (n) => n.kind === 'project');
  const models = await find(project, (n) => n.kind === 'models');
  const model = await find(models, (n) => n.kind === 'model' && n.itemType.id === modelId);
  return (await find(model, (n) => n.kind === 'records')) as RecordsNode;
}

function treeObservation(children: TreeNode[], attempts: number, retries: number): Observation {
  const error = children.find((c): c is ErrorNode => c.kind === 'error');
  if (error) {
    return {
      outcome: 'error',
      attempts,
      retries,
      message: error.label,
      actions: [error.action === 'signIn' ? SIGN_IN : RETRY],
      problems: [],
    };
  }
  const problems: string[] = [];
  const records = children.filter((c) => c.kind === 'record');
  const more = children.find((c) => c.kind === 'loadMore');
  if (records.length !== TREE_PAGE_SIZE) problems.push(`the page shows ${records.length} records, not ${TREE_PAGE_SIZE}`);
  if (more?.label !== `Load more… (${TREE_PAGE_SIZE} of ${ARTICLES})`)
    problems.push(`the Load more node says ${JSON.stringify(more?.label)}`);
  return { outcome: 'succeeded', attempts, retries, message: '', actions: [], problems };
}

// -- list all: exporting every record of a model

async function listAll(world: World, fault: FaultId): Promise<Observation> {
  const log: RequestLogEntry[] = [];
  const client = world.client(log, timeoutFor(fault));
  const target = { method: 'GET', path: '/items' };
  const path = join(world.dir, `articles-${fault}.json`);
  arm(world, fault, target);
  const run = async (): Promise<{ outcome: Outcome; message: string; actions: string[]; problems: string[] }> => {
    try {
      const { count } = await exportRecords({ client, modelId: world.ids.articleModel, path, pageSize: LIST_ALL_PAGE_SIZE });
      const text = await readFile(path, 'utf8');
      world.transcript.add('file', text);
      const written = JSON.parse(text) as { id: string }[];
      const problems =
        count === ARTICLES && written.length === ARTICLES
          ? []
          : [`exported ${count} records, the file holds ${written.length}, expected ${ARTICLES}`];
      return { outcome: 'succeeded', message: '', actions: [], problems };
    } catch (error) {
      world.transcript.addError('error', error);
      const shown = await notification(world, t('Could not export records'), error, { signIn: true, retry: true });
      const left = (await readdir(world.dir)).filter((name) => name.includes(`articles-${fault}.json`));
      return { outcome: 'error', ...shown, problems: left.length ? [`a failed export left ${left.join(', ')}`] : [] };
    }
  };
  const first = await run();
  const observation: Observation = { ...first, attempts: countAt(world, target), retries: retriesIn(log) };
  if (first.outcome === 'error') {
    world.emulator.faults.clear();
    observation.recovery = { outcome: (await run()).outcome };
  }
  return observation;
}

// -- open: a record as a datocms: document

async function openRecord(world: World, fault: FaultId): Promise<Observation> {
  const log: RequestLogEntry[] = [];
  const client = world.client(log, timeoutFor(fault));
  const data = new ProjectData(client);
  const service = new DocumentService(async () => data);
  const ref: DocumentRef = {
    project: PROJECT_KEY,
    environment: 'main',
    kind: 'record',
    modelApiKey: 'article',
    id: world.ids.articleRecord,
  };
  const target = { method: 'GET', path: `/items/${ref.id}` };
  await data.schemaContext([world.ids.articleModel]); // the project's schema was loaded when the tree showed the record
  arm(world, fault, target);
  let observation: Observation;
  try {
    const opened = await service.open(ref);
    const problems =
      (JSON.parse(opened.text) as { $readonly?: { id?: string } }).$readonly?.id === ref.id ? [] : ['the document shows another record'];
    observation = { outcome: 'succeeded', attempts: countAt(world, target), retries: retriesIn(log), message: '', actions: [], problems };
  } catch (error) {
    world.transcript.addError('error', error);
    observation = {
      ...(await openFailure(world, ref, error)),
      outcome: 'error',
      attempts: countAt(world, target),
      retries: retriesIn(log),
      problems: [],
    };
    // Sign In Again (or opening the editor again) once the fault is gone
    world.emulator.faults.clear();
    observation.recovery = {
      outcome: await service.open(ref).then(
        () => 'succeeded' as const,
        () => 'error' as const,
      ),
    };
  }
  return observation;
}

/** What src/documents/datoDocuments.ts (readError) shows for a failed open. */
async function openFailure(world: World, ref: DocumentRef, error: unknown): Promise<{ message: string; actions: string[] }> {
  if ((error instanceof ApiError && error.status === 404) || error instanceof ModelNotFoundError) {
    return {
      message: `File not found: datocms:/${ref.project}/${ref.environment}/…/${ref.kind === 'record' ? ref.id : ''}.json`,
      actions: [],
    };
  }
  if (error instanceof CancelledError) return { message: '', actions: [] };
  return notification(world, t('Could not open the {0}', describeRef(ref)), error, { signIn: true, retry: false });
}

// -- saves: open a document, edit it, save it with the fault armed

interface SaveSubject {
  ref: DocumentRef;
  /** the fault's target */
  target: Target;
  /** where the write goes (the PUT) */
  write: Target;
  /** the user's edit, unique per cell so the server state tells which cell's write landed */
  edit(text: string, tag: string): string;
  /** an edit only the server refuses (a value another resource already has) */
  invalidEdit(text: string): string;
  /** whether the server holds this cell's edit */
  landed(tag: string): Promise<boolean>;
  /** someone else changes the resource after the user opened it */
  colleague(tag: string): Promise<void>;
}

function editJson(text: string, change: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(text) as Record<string, unknown>;
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

async function subjectFor(
  world: World,
  operation: 'saveModel' | 'saveField' | 'jobPolling' | 'saveWebhook' | 'saveRecord',
): Promise<SaveSubject> {
  const { client } = world.setup;
  const where = { project: PROJECT_KEY, environment: 'main' } as const;
  switch (operation) {
    case 'saveModel': {
      const model = await client.itemTypes.find(world.ids.model);
      const write = { method: 'PUT', path: `/item-types/${model.id}` };
      return {
        ref: { ...where, kind: 'model', apiKey: String(model.attributes['api_key']) },
        target: write,
        write,
        edit: (text, tag) => editJson(text, (d) => (d['hint'] = `Edited in ${tag}`)),
        invalidEdit: (text) => editJson(text, (d) => (d['api_key'] = 'author')),
        landed: async (tag) => (await client.itemTypes.find(model.id)).attributes['hint'] === `Edited in ${tag}`,
        colleague: async (tag) =>
          void (await client.itemTypes.update(model.id, {
            data: { type: 'item_type', id: model.id, attributes: { name: `Category (${tag})` } },
          })),
      };
    }
    case 'saveField':
    case 'jobPolling': {
      const field = await client.fields.find(`${world.ids.fieldModel}::${world.ids.field}`);
      const write = { method: 'PUT', path: `/fields/${field.id}` };
      return {
        ref: { ...where, kind: 'field', modelApiKey: world.ids.fieldModel, apiKey: world.ids.field },
        target: operation === 'jobPolling' ? { method: 'GET', path: /^\/job-results\// } : write,
        write,
        edit: (text, tag) => editJson(text, (d) => (d['hint'] = `Edited in ${tag}`)),
        invalidEdit: (text) => editJson(text, (d) => (d['api_key'] = 'name')),
        landed: async (tag) => (await client.fields.find(field.id)).attributes['hint'] === `Edited in ${tag}`,
        colleague: async (tag) =>
          void (await client.fields.update(field.id, { data: { type: 'field', id: field.id, attributes: { label: `Email (${tag})` } } })),
      };
    }
    case 'saveWebhook': {
      const id = world.ids.securedWebhook;
      const write = { method: 'PUT', path: `/webhooks/${id}` };
      return {
        ref: { ...where, kind: 'webhook', id },
        target: write,
        write,
        // A new password too: it must no more leak than the stored one.
        edit: (text, tag) =>
          editJson(text, (d) => {
            d['name'] = `Search index sync (${tag})`;
            d['http_basic_password'] = `pw-${tag}-Zq8`;
          }),
        invalidEdit: (text) => editJson(text, (d) => (d['name'] = 'Rejected by the server')),
        landed: async (tag) => (await client.webhooks.find(id)).attributes['name'] === `Search index sync (${tag})`,
        colleague: async () => {
          const current = await client.webhooks.find(id);
          await client.webhooks.update(id, {
            data: { type: 'webhook', id, attributes: { auto_retry: current.attributes['auto_retry'] !== true } },
          });
        },
      };
    }
    case 'saveRecord': {
      const [author, other] = world.ids.authors;
      if (!author || !other) throw new Error('two authors are needed');
      const write = { method: 'PUT', path: `/items/${author.id}` };
      return {
        ref: { ...where, kind: 'record', modelApiKey: 'author', id: author.id },
        target: write,
        write,
        edit: (text, tag) => editJson(text, (d) => (d['name'] = `Author ${tag}`)),
        invalidEdit: (text) => editJson(text, (d) => (d['name'] = other.attributes['name'])),
        landed: async (tag) => (await client.items.find(author.id)).attributes['name'] === `Author ${tag}`,
        colleague: async (tag) =>
          void (await client.items.update(author.id, {
            data: { type: 'item', id: author.id, attributes: { email: `${tag.toLowerCase()}@colleague.example` } },
          })),
      };
    }
  }
}

async function save(
  world: World,
  operation: 'saveModel' | 'saveField' | 'jobPolling' | 'saveWebhook' | 'saveRecord',
  fault: FaultId,
): Promise<Observation> {
  const subject = await subjectFor(world, operation);
  const tag = `${operation}-${fault}`;
  const opened = await world.setup.service.open(subject.ref);
  // The server validates models, fields and records for real (uniqueness); webhooks get an injected 422.
  const serverValidates = fault === 'validation422' && operation !== 'saveWebhook';
  const text = serverValidates ? subject.invalidEdit(opened.text) : subject.edit(opened.text, tag);
  if (fault === 'stale') await subject.colleague(tag);

  const log: RequestLogEntry[] = [];
  const client = world.client(log, timeoutFor(fault));
  const data = new ProjectData(client);
  const service = new DocumentService(async () => data);
  const rule = arm(world, fault, subject.target, serverValidates);
  const faultedWrite = rule !== undefined && subject.target === subject.write;
  const result = await service.save(text, { opened, basisText: opened.text });
  const attempts = countAt(world, subject.target);
  const retries = retriesIn(log);
  const landed = await subject.landed(tag);
  const writes = landed ? appliedWrites(world, subject.write, faultedWrite) : 0;
  const shown = await whatSaveShows(world, opened, result);
  const editKept = result.status === 'saved' ? landed : 'text' in result && result.text === text;
  const problems = result.status === 'saved' && !landed ? ['saved, but the server does not hold the edit'] : [];
  const observation: Observation = {
    outcome: shown.outcome,
    attempts,
    writes,
    editKept,
    retries,
    message: shown.message,
    actions: shown.actions,
    problems,
  };

  if (shown.actions.includes(RETRY)) {
    // The user clicks Retry (after signing in again when asked): the editor's text is saved again over the same baseline.
    world.emulator.faults.clear();
    const again = await service.save(text, { opened, basisText: opened.text });
    const landedNow = await subject.landed(tag);
    observation.recovery = {
      outcome: (await whatSaveShows(world, opened, again)).outcome,
      writes: landedNow ? appliedWrites(world, subject.write, faultedWrite) : 0,
    };
  }
  return observation;
}

/** What src/documents/datoDocuments.ts (save) shows for a save result. */
async function whatSaveShows(
  world: World,
  opened: OpenedDocument,
  result: SaveResult,
): Promise<{ outcome: Outcome; message: string; actions: string[] }> {
  switch (result.status) {
    case 'saved':
      return { outcome: 'succeeded', message: '', actions: [] };
    case 'unchanged':
      return { outcome: 'error', message: 'the edit was not sent: the service saw no change', actions: [] };
    case 'invalid': {
      for (const problem of result.problems) world.transcript.add('problem', problem.message);
      if (result.error) world.transcript.addError('log', result.error);
      const first = result.problems[0];
      const located = first && first.line >= 1 && first.column >= 1 ? '' : ' (not located)';
      const text = result.origin === 'server' ? t('DatoCMS rejected the change: {0}', first?.message ?? '') : (first?.message ?? '');
      return { outcome: 'invalid', message: `${text}${located}`, actions: [] };
    }
    case 'conflict': {
      const message = t(
        'The {0} was changed on DatoCMS since you opened it. Compare the versions, overwrite it with yours, or revert to the DatoCMS version.',
        describeRef(opened.ref),
      );
      world.transcript.add('notification', message);
      return { outcome: 'conflict', message, actions: CONFLICT_ACTIONS };
    }
    case 'declined':
      return { outcome: 'error', message: 'the save was not confirmed', actions: [] };
    case 'deleted':
      return { outcome: 'error', message: 'the resource was deleted in DatoCMS', actions: [] };
    case 'replaced':
      return { outcome: 'error', message: `the environment ${result.environment} was replaced`, actions: [] };
    case 'failed': {
      world.transcript.addError('error', result.error);
      const shown = await notification(world, t('Could not save the {0}', describeRef(opened.ref)), result.error, {
        signIn: true,
        retry: true,
      });
      return { outcome: 'error', ...shown };
    }
  }
}
