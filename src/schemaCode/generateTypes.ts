// Generate Types as the context makes it, and the offer to regenerate after a model or field save (only for
// projects with a types file in this workspace).
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import type { Lazy } from '../platform/lazy';
import { createTypesFeature, type TypesFeature } from './typesCommand';
import { typesFileKey } from './typesState';
import type { Services } from '../services';

export function createTypes(deps: Services): TypesFeature {
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
