// The Record History view as activation registers it: the view, its commands and following the active
// record editor. The rest (dist/history.js) loads when the view first has a record to show or a command runs.
import vscode = require('vscode');
import type { HistoryDeps, HistoryFeature, HistoryNode } from './historyView';

export const HISTORY_VIEW = 'datocms.history';
export type HistoryCommand = `${typeof HISTORY_VIEW}.${'show' | 'openVersion' | 'restore' | 'loadMore' | 'refresh'}`;

export function registerHistory(deps: HistoryDeps): vscode.Disposable[] {
  let feature: HistoryFeature | undefined;
  const changed = new vscode.EventEmitter<undefined>();
  const view = vscode.window.createTreeView<HistoryNode>(HISTORY_VIEW, {
    treeDataProvider: {
      onDidChangeTreeData: changed.event,
      getChildren: (node) => feature?.children(node) ?? [],
      getTreeItem: (node) => feature!.treeItem(node),
    },
  });

  const load = () =>
    (feature ??= new (require('./historyView') as typeof import('./historyView')).HistoryFeature(deps, view, () =>
      changed.fire(undefined),
    ));
  const follow = () => view.visible && vscode.window.activeTextEditor?.document.uri.scheme === 'datocms' && load().follow();
  const command = (id: HistoryCommand) => vscode.commands.registerCommand(id, (...args: unknown[]) => load().run(id, args));
  return [
    view,
    changed,
    { dispose: () => feature?.dispose() },
    vscode.window.onDidChangeActiveTextEditor(follow),
    view.onDidChangeVisibility(follow),
    deps.documents.onDidSave(({ ref }) => feature?.saved(ref)),
    command('datocms.history.show'),
    command('datocms.history.openVersion'),
    command('datocms.history.restore'),
    command('datocms.history.loadMore'),
    command('datocms.history.refresh'),
  ];
}
