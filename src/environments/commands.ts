// The commands on environments (switch, fork, promote, rename, delete), maintenance mode and the schema guard's
// reset, over the vscode-free flows in ./operations.ts; and the Environments node's children.
import vscode = require('vscode');
import { parseDocumentUri } from '../platform/uris';
import { pickEnvironment } from '../projects/accountFlows';
import { pickProject } from '../projects/pickers';
import { resetSchemaChangeConfirmations } from '../projects/primaryGuard';
import { type Project } from '../projects/registry';
import { type ProjectData } from '../projects/projectData';
import { isTreeNode } from '../tree/commands';
import { type SectionNode, type TreeNode } from '../tree/nodes';
import { type TreeModel } from '../tree/model';
import type { EnvironmentsApi } from './api';
import { environmentNodes as nodesOf } from './nodes';
import {
  activateMaintenanceMode,
  deactivateMaintenanceMode,
  deleteEnvironment,
  forkEnvironment,
  promoteEnvironment,
  renameEnvironment,
  type EnvironmentOpsDeps,
} from './operations';
import type { Services } from '../services';

/** The project-level API (environments, maintenance mode): a client without an environment header. */
function projectApi(data: ProjectData): EnvironmentsApi {
  return data.client.withEnvironment(undefined);
}

/** The children of a project's Environments node. */
export function environmentNodes(deps: Pick<Services, 'tree' | 't'>, section: SectionNode, data: ProjectData): Promise<TreeNode[]> {
  return nodesOf(section, {
    client: projectApi(data),
    t: deps.t,
    changed: (node) => deps.tree.fire(node),
  });
}

export async function resetSchemaGuard(deps: Services): Promise<number> {
  const { registry, ui, t } = deps;
  const count = await resetSchemaChangeConfirmations(registry.store.state);
  void ui.info(
    count === 0
      ? t('Schema changes in a primary environment already ask first, in every project.')
      : t('Schema changes in a primary environment ask first again, in every project ({0} had stopped asking).', count),
  );
  return count;
}

export const maintenanceOn = (deps: Services, arg?: unknown) => onProject(deps, arg, (ops) => activateMaintenanceMode(ops));
export const maintenanceOff = (deps: Services, arg?: unknown) => onProject(deps, arg, (ops) => deactivateMaintenanceMode(ops));
export const fork = (deps: Services, arg?: unknown) => onEnvironment(deps, arg, (ops, environment) => forkEnvironment(ops, environment));
export const promote = (deps: Services, arg?: unknown) =>
  onEnvironment(deps, arg, async (ops, environment) => {
    await promoteEnvironment(ops, environment);
    deps.schemaChanged({ project: ops.project.key, environment });
  });
export const rename = (deps: Services, arg?: unknown) =>
  onEnvironment(deps, arg, async (ops, environment) => {
    await renameEnvironment(ops, environment);
    deps.schemaChanged({ project: ops.project.key, environment });
  });
export const remove = (deps: Services, arg?: unknown) =>
  onEnvironment(deps, arg, (ops, environment) => deleteEnvironment(ops, environment));

export const switchTo = (deps: Services, arg?: unknown) =>
  onEnvironment(deps, arg, async (ops, environment, node) => {
    if (node?.kind === 'environment' && node.resource.meta['status'] !== 'ready')
      throw new Error(deps.t('Environment "{0}" is not ready yet.', environment));
    await ops.switchTo(environment);
  });

/** The project a command acts on: its tree node's, else picked. */
async function onProject<R>(
  deps: Services,
  arg: unknown,
  action: (ops: EnvironmentOpsDeps, data: ProjectData, node: TreeNode | undefined) => Promise<R>,
): Promise<R | undefined> {
  const { registry, ui, t } = deps;
  const node = isTreeNode(arg) ? arg : undefined;
  const project = node
    ? registry.get(node.projectKey)
    : await pickProject(ui, t, registry.list(), t('Which project?'), deps.statusBar.activeProjectKey());
  if (!project) return undefined;
  const data = await registry.data(project.key);
  return action(opsDeps(deps, project, data), data, node);
}

/** The environment a command acts on: its tree node, else picked among the project's. */
function onEnvironment(
  deps: Services,
  arg: unknown,
  action: (ops: EnvironmentOpsDeps, environment: string, node: TreeNode | undefined) => Promise<unknown>,
): Promise<unknown> {
  return onProject(deps, arg, async (ops, data, node) => {
    const environment =
      node?.kind === 'environment'
        ? node.resource.id
        : await pickEnvironment(deps.ui, deps.t, data.client, deps.registry.environmentOf(ops.project.key));
    return environment === undefined ? undefined : action(ops, environment, node);
  });
}

function opsDeps(deps: Services, project: Project, data: ProjectData): EnvironmentOpsDeps {
  const { registry, tree } = deps;
  return {
    ui: deps.ui,
    t: deps.t,
    client: projectApi(data),
    project: { ...project },
    shown: () => registry.environmentOf(project.key),
    switchTo: (environment) => registry.setEnvironment(project.key, environment),
    setPrimary: async (environment) => {
      // Pin what the tree shows, so that a change of primary does not move it.
      const shown = registry.environmentOf(project.key);
      const current = registry.get(project.key) ?? project;
      await registry.store.update({ ...current, primaryEnvironment: environment });
      await registry.setEnvironment(project.key, shown);
    },
    refresh: () => refreshEnvironments(tree, project.key),
    openEditorsOf: (environment) => editorsOf(project.key, environment).length,
    unsavedEditorsOf: (environment) => editorsOf(project.key, environment).filter((tab) => tab.isDirty).length,
  };
}

/** Reloads the project's Environments node, wherever the tree has it. */
async function refreshEnvironments(model: TreeModel, projectKey: string): Promise<void> {
  const root = model.roots().find((node) => node.projectKey === projectKey);
  if (!root) return;
  const section = (await model.children(root)).find((node) => node.kind === 'environments');
  if (section) await model.refresh(section);
}

/** The editor tabs of documents of an environment of the project. */
function editorsOf(projectKey: string, environment: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) =>
    group.tabs.filter((tab) => {
      const ref = tab.input instanceof vscode.TabInputText ? parseDocumentUri(tab.input.uri) : undefined;
      return ref?.project === projectKey && ref.environment === environment;
    }),
  );
}
