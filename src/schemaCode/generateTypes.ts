// Registers Generate Types and the offer to regenerate after a schema save; the feature's code
// (src/commands/typesCommand.ts, bundled as dist/types.js) loads when either is first needed.
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import type { ProjectSource } from '../projects/project';
import type { Ui } from '../platform/ui';
import type { TypesFeature } from './typesCommand';
import { typesFileKey } from './typesState';

export interface GenerateTypesDeps {
  registry: ProjectSource;
  ui: Ui;
  log: vscode.LogOutputChannel;
  workspaceState: vscode.Memento;
  onDidSave: vscode.Event<{ ref: DocumentRef }>;
  activeProjectKey(): string | undefined;
}

export function registerGenerateTypes(deps: GenerateTypesDeps): vscode.Disposable[] {
  let feature: TypesFeature | undefined;

  const load = () =>
    (feature ??= (require('./typesCommand') as typeof import('./typesCommand')).createTypesFeature({
      ...deps,
      t: vscode.l10n.t,
      state: deps.workspaceState,
      openFile: (path) => vscode.window.showTextDocument(vscode.Uri.file(path)),
      showLog: () => deps.log.show(),
      signIn: () => vscode.commands.executeCommand('datocms.signIn'),
    }));
  return [
    vscode.commands.registerCommand('datocms.generateTypes', (arg?: unknown) => load().generate(arg)),
    // only projects with a types file in this workspace load the feature on a save
    deps.onDidSave(({ ref }) => {
      if ((ref.kind === 'model' || ref.kind === 'field') && deps.workspaceState.get(typesFileKey(ref.project))) load().schemaSaved(ref);
    }),
  ];
}
