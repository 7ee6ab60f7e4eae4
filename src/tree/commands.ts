// The tree's own commands: paging, retrying a failed branch, and the query of a model's Records item (search,
// filter, order, locale, version), run on the item or, from the palette, on the Records item of a picked model.
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import { localesOf } from '../domain/resources';
import { Model } from '../domain/views';
import { parseDocumentUri } from '../platform/uris';
import type { ProjectsDeps } from '../projects/actionHost';
import { pickModel, pickProject } from '../projects/pickers';
import type { TreeModel } from './model';
import { isDocumentNode, type ErrorNode, type LoadMoreNode, type ModelNode, type RecordsNode, type TreeNode } from './nodes';
import { askFilter, askRemoveFilter } from './filterDialog';
import { askLocale, askOrder, askSearch, askVersion } from './queries';
import { pickRecordsByTitle } from '../projects/recordPicker';
import { VIEW_ID } from './provider';
import type { RecordQuery } from '../listing';

/** What the tree's commands take from the context: the projects room's part, the tree and its view. */
export interface TreeDeps extends Pick<ProjectsDeps, 'registry' | 'statusBar' | 'ui' | 't'> {
  tree: TreeModel;
  treeView: vscode.TreeView<TreeNode>;
}

// These run from their tree items only (hidden from the palette); run otherwise, they have nothing to act on.
export async function loadMore(deps: TreeDeps, node?: LoadMoreNode): Promise<void> {
  if (node?.kind !== 'loadMore') return;
  await deps.ui.withProgress({ location: { view: VIEW_ID } }, () => deps.tree.loadMore(node.records));
}

export async function retry(deps: TreeDeps, node?: ErrorNode): Promise<void> {
  if (node?.kind !== 'error') return;
  if (node.action === 'signIn') await vscode.commands.executeCommand('datocms.signIn', node.projectKey);
  else if (node.action === 'loadMore' && node.parent?.kind === 'records') await deps.tree.loadMore(node.parent);
  else await deps.tree.refresh(node);
}

export const searchRecords = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t('Search the records of which model?'), (node) => askSearch(deps.ui, deps.t, node.query));

export const filterRecords = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t('Filter the records of which model?'), async (node) => {
    const data = await deps.tree.dataOf(node);
    const locale = node.query.locale;
    return askFilter(deps.ui, deps.t, node.model.itemType, await data.fields(node.model.itemType.id), node.query, (modelIds, options) =>
      pickRecordsByTitle(deps.ui, deps.t, data, modelIds, { ...options, ...(locale ? { locale } : {}) }),
    );
  });

export const removeFilter = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t('Remove a filter condition of which model?'), (node) => askRemoveFilter(deps.ui, deps.t, node.query));

export const orderRecords = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t('Order the records of which model?'), async (node) => {
    const data = await deps.tree.dataOf(node);
    return askOrder(deps.ui, deps.t, node.model.itemType, await data.fields(node.model.itemType.id), node.query);
  });

export const chooseLocale = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t("Choose the locale of which model's records?"), async (node) => {
    return askLocale(deps.ui, deps.t, localesOf(await (await deps.tree.dataOf(node)).site()), node.query);
  });

export const chooseVersion = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t("Choose the version of which model's records?"), (node) => askVersion(deps.ui, deps.t, node.query));

export const clearQuery = (deps: TreeDeps, arg?: RecordsNode) =>
  onRecords(deps, arg, deps.t("Clear the query of which model's records?"), () => Promise.resolve({}));

/**
 * A Records query command: on the Records item it was run on, or, from the palette, on the Records item of a model
 * the user picks (then shown in the tree, so the new query is seen).
 */
async function onRecords(
  deps: TreeDeps,
  arg: RecordsNode | undefined,
  title: string,
  ask: (node: RecordsNode) => Promise<RecordQuery | undefined>,
): Promise<void> {
  const node = arg?.kind === 'records' ? arg : await pickRecordsNode(deps, title);
  if (!node) return;
  const query = await ask(node);
  if (query) deps.tree.setQuery(node, query);
  if (arg?.kind !== 'records') await deps.treeView.reveal(node, { select: true, expand: true });
}

/** The tree node of a model the user picks (project, then model). */
export async function pickModelNode(deps: TreeDeps, projectTitle: string, modelTitle: string): Promise<ModelNode | undefined> {
  const { registry, ui, t } = deps;
  const project = await pickProject(ui, t, registry.list(), projectTitle, deps.statusBar.activeProjectKey());
  if (!project) return undefined;
  const environment = registry.environmentOf(project.key);
  const itemType = await pickModel(ui, t, await registry.data(project.key), modelTitle, { blocks: false });
  if (!itemType) return undefined;
  const apiKey = Model.apiKey(itemType);
  const node = await deps.tree.find({ project: project.key, environment, kind: 'model', apiKey });
  if (node?.kind !== 'model') throw new Error(t('Model {0} is not in the DatoCMS view.', apiKey));
  return node;
}

/** The Records item of a model the user picks, for the query commands run from the palette. */
async function pickRecordsNode(deps: TreeDeps, modelTitle: string): Promise<RecordsNode | undefined> {
  const modelNode = await pickModelNode(deps, deps.t('Which project?'), modelTitle);
  return modelNode && (await deps.tree.children(modelNode)).find((n): n is RecordsNode => n.kind === 'records');
}

/** What a command acts on: the tree item it ran on, else the focused (or given) `datocms:` document and its tree node. */
export interface Subject {
  node: TreeNode | undefined;
  ref: DocumentRef | undefined;
}

export async function subjectOf(deps: Pick<TreeDeps, 'registry' | 'tree' | 'ui' | 't'>, arg: unknown): Promise<Subject | undefined> {
  if (isTreeNode(arg)) return { node: arg, ref: 'ref' in arg ? arg.ref : undefined };
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const ref = uri ? parseDocumentUri(uri) : undefined;
  if (!ref) {
    void deps.ui.info(deps.t('Run this on an item of the DatoCMS view, or with a DatoCMS document open.'));
    return undefined;
  }
  const shown = deps.registry.environmentOf(ref.project) === ref.environment;
  return { ref, node: shown ? await deps.tree.find(ref).catch(() => undefined) : undefined };
}

/** The tree node a command acts on: the item it ran on, else the focused document's node when the tree shows it. */
export async function nodeOf(deps: Pick<TreeDeps, 'registry' | 'tree' | 'ui' | 't'>, arg: unknown): Promise<TreeNode | undefined> {
  if (isTreeNode(arg)) return arg;
  const subject = await subjectOf(deps, arg);
  if (!subject) return undefined;
  if (subject.node && isDocumentNode(subject.node)) return subject.node;
  void deps.ui.info(deps.t('This document is not in the DatoCMS view (is its environment the one the view shows?).'));
  return undefined;
}

export function isTreeNode(arg: unknown): arg is TreeNode {
  return typeof arg === 'object' && arg !== null && 'kind' in arg && 'projectKey' in arg;
}

/** The tree node to reload after a change under `node`: its Records, its Fields, or its section. */
export function sectionAbove(node: TreeNode | undefined): TreeNode | undefined {
  for (let at = node?.parent; at; at = at.parent) {
    if (['records', 'fields', 'models', 'blockModels', 'webhooks'].includes(at.kind)) return at;
  }
  return undefined;
}
