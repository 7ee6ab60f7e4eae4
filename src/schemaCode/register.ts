// The schema-as-code commands as activation registers them: each loads dist/schemaCode.js on first use.
// A schema saved through a document marks an open Schema Comparison of that environment outdated; other
// schema changes the extension makes report themselves through noteSchemaChange.
import vscode = require('vscode');
import type { CommandDeps, CommandFactory } from '../commands';
import type { SchemaCodeFeature } from './feature';

/** The loaded feature of each registration (one per activation). */
const features = new Set<() => SchemaCodeFeature | undefined>();

/**
 * The extension changed the schema of an environment (a model, field or fieldset deleted, moved or reordered,
 * an environment promoted): an open comparison of it is marked outdated. Cheap when none is open.
 */
export function noteSchemaChange(where: { project: string; environment: string }): void {
  for (const feature of features) feature()?.schemaChanged(where);
}

export function registerSchemaCode(deps: CommandDeps, command: CommandFactory): vscode.Disposable[] {
  const t = vscode.l10n.t;
  let feature: SchemaCodeFeature | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => (feature ??= new (require('./feature') as typeof import('./feature')).SchemaCodeFeature(deps));
  const loaded = () => feature;
  features.add(loaded);
  const failed = t('Could not compare the environments');
  return [
    command('datocms.compareWithEnvironment', failed, (arg: unknown) => load().compareWithEnvironment(arg)),
    command('datocms.compareSchemas', failed, (arg: unknown) => load().compareSchemas(arg)),
    command('datocms.generateMigration', t('Could not generate the migration'), () => load().generateMigration()),
    command('datocms.schemaComparison.openChange', failed, (change) => load().openChange(change)),
    command('datocms.schemaComparison.refresh', failed, () => load().refresh()),
    command('datocms.schemaComparison.close', failed, () => feature?.close()),
    deps.documents.onDidSave(({ ref }) => {
      if (ref.kind === 'model' || ref.kind === 'field' || ref.kind === 'fieldset') noteSchemaChange(ref);
    }),
    new vscode.Disposable(() => {
      features.delete(loaded);
      feature?.dispose();
    }),
  ];
}
