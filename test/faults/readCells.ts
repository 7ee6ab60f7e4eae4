// The fault matrix's read cells: expanding a model's records in the tree, exporting every record of a model,
// and opening a record as a datocms: document; each with the fault armed, then again once it is gone.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestLogEntry } from '../../src/cma';
import { exportRecords } from '../../src/export/exportRecords';
import { DocumentService } from '../../src/documents/documentService';
import { type DocumentRef } from '../../src/domain/paths';
import { describeRef } from '../../src/domain/kinds';
import { ModelNotFoundError, ProjectData } from '../../src/projects/projectData';
import { TreeModel } from '../../src/tree/model';
import { type ErrorNode, type RecordsNode, type TreeNode } from '../../src/tree/nodes';
import { ApiError, CancelledError } from '../../src/cma';
import { ARTICLES, LIST_ALL_PAGE_SIZE, PROJECT_KEY, TREE_PAGE_SIZE, projectSource, t, type World } from './world';
import { RETRY, SIGN_IN, type FaultId, type Observation, type Outcome } from './cases';
import { arm, countAt, notification, retriesIn, timeoutFor } from './cellTools';

// -- list page: expanding a model's Records node in the tree

export async function listPage(world: World, fault: FaultId): Promise<Observation> {
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

export async function listAll(world: World, fault: FaultId): Promise<Observation> {
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

export async function openRecord(world: World, fault: FaultId): Promise<Observation> {
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
