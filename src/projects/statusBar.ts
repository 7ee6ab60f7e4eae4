// Status bar item: the active project and environment; a click switches the environment.
// "Active" = the project of the focused datocms: editor, else of the tree selection, else the first.
// With a datocms: editor focused it names that document's environment (where its save goes), which
// may differ from the environment the tree shows.
import vscode = require('vscode');
import { parseDocumentUri } from '../platform/uris';
import type { ProjectRegistry } from './registry';

export class ProjectStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('datocms.project', vscode.StatusBarAlignment.Left, 50);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private selectedProject: string | undefined;

  constructor(
    private readonly registry: ProjectRegistry,
    treeView: vscode.TreeView<{ projectKey: string }>,
  ) {
    this.item.name = vscode.l10n.t('DatoCMS Project');
    this.disposables.push(
      registry.onDidChange(() => this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      treeView.onDidChangeSelection((event) => {
        const node = event.selection[0];
        if (node) this.selectedProject = node.projectKey;
        this.update();
      }),
    );
    this.update();
  }

  /** The key of the project the user is working with, if any. */
  activeProjectKey(): string | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const fromEditor = uri ? parseDocumentUri(uri)?.project : undefined;
    const projects = this.registry.list();
    for (const key of [fromEditor, this.selectedProject]) if (key && projects.some((p) => p.key === key)) return key;
    return projects[0]?.key;
  }

  private update(): void {
    const key = this.activeProjectKey();
    const project = key ? this.registry.get(key) : undefined;
    if (!project) {
      this.item.hide();
      return;
    }
    const uri = vscode.window.activeTextEditor?.document.uri;
    const focused = uri ? parseDocumentUri(uri) : undefined;
    const environment = focused?.project === project.key ? focused.environment : this.registry.environmentOf(project.key);
    const primary = environment === (project.primaryEnvironment ?? 'main');
    this.item.text = primary
      ? `$(database) ${project.name} · ${environment} ${vscode.l10n.t('(primary)')}`
      : `$(beaker) ${project.name} · ${environment} ${vscode.l10n.t('(sandbox)')}`;
    this.item.tooltip = focused
      ? vscode.l10n.t(
          'This document belongs to DatoCMS project {0}, {1} environment {2}: saving it writes there. Click to switch the environment the tree shows.',
          project.name,
          primary ? vscode.l10n.t('primary') : vscode.l10n.t('sandbox'),
          environment,
        )
      : vscode.l10n.t('DatoCMS project {0}, environment {1} — click to switch environment', project.name, environment);
    this.item.command = { command: 'datocms.switchEnvironment', title: vscode.l10n.t('Switch Environment'), arguments: [project.key] };
    this.item.show();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
