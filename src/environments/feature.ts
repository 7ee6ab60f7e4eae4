// The environments feature, loaded when the Environments node first expands or one of its commands first
// runs (src/environments/index.ts requires it as dist/environments.js): the commands on environments,
// maintenance mode and the schema guard's reset, over the vscode-free flows in ./operations.ts.
import vscode = require('vscode');
import type { CommandDeps } from '../commands';
import { pickEnvironment } from '../projects/accountFlows';
import { pickProject } from '../projects/pickers';
import { parseDocumentUri } from '../platform/uris';
import type { Project } from '../projects/project';
import type { ProjectData } from '../projects/projectData';
import { resetSchemaChangeConfirmations } from '../projects/primaryGuard';
import type { SectionNode, TreeModel, TreeNode } from '../tree/model';
import { reportError } from '../platform/errors';
import type { EnvironmentsApi } from './api';
import { environmentNodes } from './nodes';
import {
  activateMaintenanceMode,
  deactivateMaintenanceMode,
  deleteEnvironment,
  forkEnvironment,
  promoteEnvironment,
  renameEnvironment,
  type EnvironmentOpsDeps,
} from './operations';

const t = vscode.l10n.t;

/** The project-level API (environments, maintenance mode): a client without an environment header. */
function projectApi(data: ProjectData): EnvironmentsApi {
  return data.client.withEnvironment(undefined);
}

export function loadEnvironmentNodes(section: SectionNode, data: ProjectData, model: TreeModel): Promise<TreeNode[]> {
  return environmentNodes(section, { client: projectApi(data), t, changed: (node) => model.fire(node) });
}

/** Runs one of the commands src/environments/index.ts registers; failures become a notification with actions. */
export async function runEnvironmentCommand(id: string, deps: CommandDeps, args: unknown[]): Promise<unknown> {
  try {
    return await run(id, deps, args[0]);
  } catch (error) {
    deps.log.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
    void reportError(deps.ui, t, WHAT_FAILED[id]?.() ?? t('The environment command failed'), error, {
      showLog: () => deps.log.show(),
      signInAgain: () => vscode.commands.executeCommand('datocms.signIn'),
      retry: () => vscode.commands.executeCommand(id, ...args),
    });
    return undefined;
  }
}

const WHAT_FAILED: Record<string, () => string> = {
  'datocms.env.switch': () => t('Could not switch environment'),
  'datocms.env.fork': () => t('Could not fork the environment'),
  'datocms.env.promote': () => t('Could not promote the environment'),
  'datocms.env.rename': () => t('Could not rename the environment'),
  'datocms.env.delete': () => t('Could not delete the environment'),
  'datocms.env.maintenanceOn': () => t('Could not turn on maintenance mode'),
  'datocms.env.maintenanceOff': () => t('Could not turn off maintenance mode'),
};

async function run(id: string, deps: CommandDeps, arg: unknown): Promise<unknown> {
  const { registry, ui } = deps;
  if (id === 'datocms.resetSchemaGuard') {
    const count = await resetSchemaChangeConfirmations(registry.store.state);
    void ui.info(
      count === 0
        ? t('Schema changes in a primary environment already ask first, in every project.')
        : t('Schema changes in a primary environment ask first again, in every project ({0} had stopped asking).', count),
    );
    return count;
  }
  const node = isNode(arg) ? arg : undefined;
  const project = node
    ? registry.get(node.projectKey)
    : await pickProject(ui, t, registry.list(), t('Which project?'), deps.statusBar.activeProjectKey());
  if (!project) {
    if (!node && registry.list().length === 0) void ui.info(t('Sign in to a DatoCMS project first.'));
    return undefined;
  }
  const data = await registry.data(project.key);
  const ops = opsDeps(deps, project, data);
  switch (id) {
    case 'datocms.env.maintenanceOn':
      return activateMaintenanceMode(ops);
    case 'datocms.env.maintenanceOff':
      return deactivateMaintenanceMode(ops);
  }
  const environment =
    node?.kind === 'environment' ? node.resource.id : await pickEnvironment(ui, t, data.client, registry.environmentOf(project.key));
  if (environment === undefined) return undefined;
  switch (id) {
    case 'datocms.env.switch':
      if (node?.kind === 'environment' && node.resource.meta['status'] !== 'ready')
        throw new Error(t('Environment "{0}" is not ready yet.', environment));
      return registry.setEnvironment(project.key, environment);
    case 'datocms.env.fork':
      return forkEnvironment(ops, environment);
    case 'datocms.env.promote':
      return promoteEnvironment(ops, environment);
    case 'datocms.env.rename':
      return renameEnvironment(ops, environment);
    case 'datocms.env.delete':
      return deleteEnvironment(ops, environment);
    default:
      throw new Error(`Unknown command ${id}`);
  }
}

function opsDeps(deps: CommandDeps, project: Project, data: ProjectData): EnvironmentOpsDeps {
  const { registry, model } = deps;
  return {
    ui: deps.ui,
    t,
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
    refresh: () => refreshEnvironments(model, project.key),
    openEditorsOf: (environment) => openEditorsOf(project.key, environment),
  };
}

/** Reloads the project's Environments node, wherever the tree has it. */
async function refreshEnvironments(model: TreeModel, projectKey: string): Promise<void> {
  const root = model.roots().find((node) => node.projectKey === projectKey);
  if (!root) return;
  const section = (await model.children(root)).find((node) => node.kind === 'environments');
  if (section) await model.refresh(section);
}

function openEditorsOf(projectKey: string, environment: string): number {
  const uris = vscode.window.tabGroups.all.flatMap((group) =>
    group.tabs.map((tab) => (tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined)),
  );
  return uris.filter((uri) => {
    const ref = uri && parseDocumentUri(uri);
    return ref?.project === projectKey && ref.environment === environment;
  }).length;
}

function isNode(arg: unknown): arg is TreeNode {
  return typeof arg === 'object' && arg !== null && 'kind' in arg && 'projectKey' in arg;
}
