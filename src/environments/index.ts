// Environments in the activation bundle: only the command registrations and the Environments node's
// loader. Both require ./feature (dist/environments.js) on first use.
import vscode = require('vscode');
import type { CommandDeps } from '../commands';
import type { ProjectData } from '../projects/projectData';
import type { SectionNode, TreeModel, TreeNode } from '../tree/model';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const feature = () => require('./feature') as typeof import('./feature');

export function environmentNodes(section: SectionNode, data: ProjectData, model: TreeModel): Promise<TreeNode[]> {
  return feature().loadEnvironmentNodes(section, data, model);
}

export function registerEnvironmentCommands(deps: CommandDeps): vscode.Disposable[] {
  const command = (id: string) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) => feature().runEnvironmentCommand(id, deps, args));
  return [
    command('datocms.env.switch'),
    command('datocms.env.fork'),
    command('datocms.env.promote'),
    command('datocms.env.rename'),
    command('datocms.env.delete'),
    command('datocms.env.maintenanceOn'),
    command('datocms.env.maintenanceOff'),
    command('datocms.resetSchemaGuard'),
  ];
}
