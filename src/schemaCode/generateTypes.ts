// Generate Types as the context makes it, and the offer to regenerate after a model or field save (only for
// projects with a types file in this workspace).
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import type { Lazy } from '../platform/lazy';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import type { ProjectRegistry } from '../projects/registry';
import type { ProjectStatusBar } from '../projects/statusBar';
import { createTypesFeature, type TypesFeature } from './typesCommand';
import { typesFileKey } from './typesState';

export interface TypesHost {
  registry: ProjectRegistry;
  statusBar: ProjectStatusBar;
  ui: Ui;
  t: Translate;
  log: vscode.LogOutputChannel;
  extension: vscode.ExtensionContext;
}

export function createTypes(deps: TypesHost): TypesFeature {
  return createTypesFeature({
    registry: deps.registry,
    ui: deps.ui,
    t: deps.t,
    state: deps.extension.workspaceState,
    activeProjectKey: () => deps.statusBar.activeProjectKey(),
    openFile: (path) => vscode.window.showTextDocument(vscode.Uri.file(path)),
    showLog: () => deps.log.show(),
    signIn: () => vscode.commands.executeCommand('datocms.signIn'),
  });
}

/** A model or field was saved: a project with a types file in this workspace is offered to regenerate it. */
export function schemaSaved(deps: { extension: vscode.ExtensionContext; types: Lazy<TypesFeature> }, ref: DocumentRef): void {
  if (deps.extension.workspaceState.get(typesFileKey(ref.project))) deps.types().schemaSaved(ref);
}
