// The schema-as-code commands as activation registers them: each loads dist/schemaCode.js on first use.
import vscode = require('vscode');
import type { CommandDeps, CommandFactory } from '../commands';
import type { SchemaCodeFeature } from './feature';

export function registerSchemaCode(deps: CommandDeps, command: CommandFactory): vscode.Disposable[] {
  const t = vscode.l10n.t;
  let feature: SchemaCodeFeature | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => (feature ??= new (require('./feature') as typeof import('./feature')).SchemaCodeFeature(deps));
  const failed = t('Could not compare the environments');
  return [
    command('datocms.compareWithEnvironment', failed, (arg: unknown) => load().compareWithEnvironment(arg)),
    command('datocms.compareSchemas', failed, (arg: unknown) => load().compareSchemas(arg)),
    command('datocms.generateMigration', t('Could not generate the migration'), () => load().generateMigration()),
    command('datocms.schemaComparison.openChange', failed, (change) => load().openChange(change)),
    command('datocms.schemaComparison.close', failed, () => feature?.close()),
    new vscode.Disposable(() => feature?.dispose()),
  ];
}
