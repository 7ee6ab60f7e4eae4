// Status bar item: the active project and the environment the tree shows; a click switches it. "Active" = the
// project of the focused datocms: editor, else of the tree selection, else the first. When the focused document
// belongs to another environment of that project (where its save goes), that one is named too, so a switch is
// visible at once and a document left open in the old environment is not mistaken for the new one.
import vscode = require('vscode');
import { parseDocumentUri } from '../platform/uris';
import type { Project } from './project';
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
    const t = vscode.l10n.t;
    const uri = vscode.window.activeTextEditor?.document.uri;
    const focused = uri ? parseDocumentUri(uri) : undefined;
    const shown = this.registry.environmentOf(project.key);
    const primary = isPrimary(project, shown);
    const documentEnvironment = focused?.project === project.key && focused.environment !== shown ? focused.environment : undefined;
    const named = (environment: string) => `${environment} ${isPrimary(project, environment) ? t('(primary)') : t('(sandbox)')}`;
    this.item.text =
      `${primary ? '$(database)' : '$(beaker)'} ${project.name} · ${named(shown)}` +
      (documentEnvironment === undefined ? '' : ` · ${t('editor: {0}', named(documentEnvironment))}`);
    // A document of another environment than the tree's: saving it writes there, which is easy to forget.
    this.item.backgroundColor = documentEnvironment === undefined ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
    const tree = t('The DatoCMS view shows project {0}, environment {1}.', project.name, named(shown));
    this.item.tooltip = [
      tree,
      documentEnvironment !== undefined
        ? t('The focused document belongs to environment {0}: saving it writes there, not to {1}.', named(documentEnvironment), shown)
        : focused?.project === project.key
          ? t('The focused document belongs to it: saving it writes there.')
          : undefined,
      t('Click to switch the environment the view shows.'),
    ]
      .filter(Boolean)
      .join('\n');
    this.item.command = { command: 'datocms.switchEnvironment', title: t('Switch Environment'), arguments: [project.key] };
    this.item.show();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

function isPrimary(project: Project, environment: string): boolean {
  return environment === (project.primaryEnvironment ?? 'main');
}
