// The workspace side of the links: which folder a document belongs to, datocms.config.json read through VS Code's
// file system and watched, and the status bar item that names the link (project · environment · drafts · strict)
// while a document with GraphQL is in front; a click changes it.
import vscode = require('vscode');
import { CLI_CONFIG_FILE } from './cliConfig';
import { holdsGraphql } from '../platform/graphqlFiles';
import { describeOptions, type WorkspaceLink } from './link';
import { LinkBook } from './linkBook';
import type { Services } from '../services';

/** The key of the folder a document belongs to: its workspace folder's URI, '' outside every folder. */
export function folderKeyOf(uri: vscode.Uri): string {
  return vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() ?? '';
}

export class WorkspaceLinks implements vscode.Disposable {
  readonly book: LinkBook;
  /** links resolved for the folders of the workspace (the first reading) */
  readonly ready: Promise<void>;
  readonly #deps: Pick<Services, 'registry' | 'ui' | 't' | 'extension'>;
  readonly #item = vscode.window.createStatusBarItem('datocms.graphqlLink', vscode.StatusBarAlignment.Left, 49);
  readonly #disposables: vscode.Disposable[] = [this.#item];

  constructor(deps: Pick<Services, 'registry' | 'ui' | 't' | 'extension'>) {
    this.#deps = deps;
    const t = deps.t;
    this.#item.name = t('DatoCMS GraphQL Link');
    this.book = new LinkBook({
      ui: deps.ui,
      t,
      state: deps.extension.workspaceState,
      projects: deps.registry,
      readConfig: (folder) => this.#readConfig(folder),
      environments: async (key) => {
        const data = await deps.registry.data(key);
        const list = await data.client.environments.list();
        return list.map((e) => ({ id: e.id, primary: e.meta['primary'] === true }));
      },
      folderName: (folder) => (folder === '' ? t('files outside the workspace folders') : (this.#folder(folder)?.name ?? folder)),
      signIn: () => vscode.commands.executeCommand('datocms.signIn'),
    });
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${CLI_CONFIG_FILE}`);
    const configChanged = (uri: vscode.Uri) => void this.book.reload([folderKeyOf(uri)]);
    this.#disposables.push(
      this.book,
      watcher,
      watcher.onDidCreate(configChanged),
      watcher.onDidChange(configChanged),
      watcher.onDidDelete(configChanged),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.reloadAll()),
      deps.registry.onDidChange(() => void this.reloadAll()),
      this.book.onDidChange(() => this.#update()),
      vscode.window.onDidChangeActiveTextEditor(() => this.#update()),
    );
    this.ready = this.reloadAll().then(() => this.#update());
  }

  /** The link of the document's folder, as last resolved; undefined when the folder is not linked (yet). */
  linkFor(document: vscode.TextDocument | vscode.Uri): WorkspaceLink | undefined {
    return this.book.linkOf(folderKeyOf(document instanceof vscode.Uri ? document : document.uri));
  }

  /** The document's link, asking for what is missing. */
  ensure(document: vscode.TextDocument | vscode.Uri): Promise<WorkspaceLink> {
    return this.book.ensure(folderKeyOf(document instanceof vscode.Uri ? document : document.uri));
  }

  /** Every folder's link: the workspace's folders, and the one for files outside them. */
  async reloadAll(): Promise<void> {
    await this.book.reload(['', ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString())]);
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  #folder(key: string): vscode.WorkspaceFolder | undefined {
    return vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === key);
  }

  async #readConfig(folder: string): Promise<{ path: string; text: string } | undefined> {
    const root = this.#folder(folder);
    if (!root) return undefined;
    const uri = vscode.Uri.joinPath(root.uri, CLI_CONFIG_FILE);
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      return { path: vscode.workspace.asRelativePath(uri, true), text: new TextDecoder().decode(bytes) };
    } catch {
      return undefined;
    }
  }

  #update(): void {
    const { t, registry } = this.#deps;
    const document = vscode.window.activeTextEditor?.document;
    if (!document || registry.list().length === 0 || !holdsGraphql(document)) {
      this.#item.hide();
      return;
    }
    const link = this.linkFor(document);
    if (!link) {
      this.#item.text = `$(plug) ${t('DatoCMS CDA: not linked')}`;
      this.#item.tooltip = t('Choose the DatoCMS project and environment the code of this folder reads');
    } else {
      const project = registry.get(link.project)?.name ?? link.project;
      this.#item.text = `$(graph) ${project} · ${link.environment} · ${describeOptions(link, t)}`;
      this.#item.tooltip = [
        t(
          'The Content Delivery API as the code of this folder reads it: project {0}, environment {1}, {2}.',
          project,
          link.environment,
          describeOptions(link, t),
        ),
        link.source.kind === 'config'
          ? t('The project comes from {0} (profile "{1}").', link.source.path, link.source.profile)
          : t('Chosen for this folder.'),
        t('Click to change.'),
      ].join('\n');
    }
    this.#item.command = { command: 'datocms.graphql.changeLink', title: t('Change the DatoCMS Link'), arguments: [document.uri] };
    this.#item.show();
  }
}
