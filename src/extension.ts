// Entry point: wires the parts together. Every disposable is owned here, in one list.
import vscode = require('vscode');
import { closeAllDispatchers } from './cma';
import { registerCommands, VIEW_ID } from './commands';
import { registerGenerateTypes } from './schemaCode/generateTypes';
import { createUriHandler } from './navigation/uriHandler';
import { Config } from './platform/config';
import { DatoDocuments } from './documents';
import { environmentNodes } from './environments';
import { ProjectRegistry } from './projects/registry';
import { fieldDragAndDrop } from './records/lifecycleCommands';
import { registerHistory } from './history/register';
import { registerPublishing } from './records/commands';
import { TreeModel } from './tree/model';
import { TreeProvider } from './tree/provider';
import { ProjectStatusBar } from './projects/statusBar';

/** What the real-VS-Code tests (test/host) reach into. */
export interface DatoExplorerApi {
  registry: ProjectRegistry;
  model: TreeModel;
  provider: TreeProvider;
  /** what a vscode://datocms-explorer.datocms-explorer/… link runs */
  uriHandler: ReturnType<typeof createUriHandler>;
  treeView: vscode.TreeView<import('./tree/model').TreeNode>;
  /** where the "DatoCMS" log channel writes (tests check it never holds the token) */
  logUri: vscode.Uri;
  /** the window interactions; a test answers modal confirmations here (VS Code refuses modal dialogs in extension tests) */
  ui: import('./platform/ui').Ui;
}

export function activate(context: vscode.ExtensionContext): DatoExplorerApi {
  const own = <T extends vscode.Disposable>(disposable: T): T => {
    context.subscriptions.push(disposable);
    return disposable;
  };

  const log = own(vscode.window.createOutputChannel('DatoCMS', { log: true }));
  const config = new Config();
  const registry = own(new ProjectRegistry({ context, config, log }));
  const documents = own(new DatoDocuments({ registry, log, context }));
  const model = new TreeModel({
    projects: registry,
    pageSize: () => config.pageSize(),
    t: vscode.l10n.t,
    locale: vscode.env.language,
    environments: environmentNodes,
  });
  const provider = own(new TreeProvider(model));
  const ui = registry.ui;
  const treeView = own(
    vscode.window.createTreeView(VIEW_ID, {
      treeDataProvider: provider,
      showCollapseAll: true,
      canSelectMany: true,
      dragAndDropController: fieldDragAndDrop({ registry, model, ui, documents }),
    }),
  );
  own(provider.trackExpansion(treeView));
  const statusBar = own(new ProjectStatusBar(registry, treeView));
  const uriHandler = createUriHandler({ registry, ui, log });
  own(vscode.window.registerUriHandler(uriHandler));

  for (const disposable of registerCommands({ registry, model, treeView, statusBar, ui, log, config, documents })) own(disposable);
  for (const disposable of registerGenerateTypes({
    registry,
    ui,
    log,
    workspaceState: context.workspaceState,
    onDidSave: documents.onDidSave,
    activeProjectKey: () => statusBar.activeProjectKey(),
  }))
    own(disposable);
  for (const disposable of registerHistory({ registry, ui, log, documents, model })) own(disposable);
  for (const disposable of registerPublishing({ registry, model, documents, ui, log, treeView })) own(disposable);
  own(registry.onDidChange(() => model.projectsChanged()));
  own(documents.onDidSave(({ ref, resource }) => void model.documentSaved(ref, resource)));
  own(
    config.onDidChange((setting) => {
      if (setting === 'pageSize') void model.refresh();
      if (setting === 'baseUrl') {
        const problem = config.baseUrl().problem;
        if (problem) void vscode.window.showWarningMessage(problem);
      }
    }),
  );
  const syncSignedIn = () => void vscode.commands.executeCommand('setContext', 'datocms.signedIn', registry.list().length > 0);
  syncSignedIn();
  own(registry.onDidChange(syncSignedIn));

  return { registry, model, provider, uriHandler, treeView, logUri: context.logUri, ui };
}

export async function deactivate(): Promise<void> {
  await closeAllDispatchers();
}
