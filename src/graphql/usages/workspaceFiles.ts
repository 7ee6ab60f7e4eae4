// The linked folders' files that may hold GraphQL, as the usage scan reads them: listed with the workspace's excludes
// (node_modules always), the list kept until a file is created or deleted, open editors given by their text. A change
// to any of them is announced (the fragments of a folder are then read again when next needed).
import vscode = require('vscode');
import { graphqlKindOfPath } from '../embedded';
import type { LinkedFolder } from '../link';
import type { ScanFile } from './scanner';

const SOURCES = '**/*.{graphql,gql,ts,tsx,mts,cts,js,jsx,mjs,cjs,vue,svelte,astro}';

export class WorkspaceFiles implements vscode.Disposable {
  /** each folder's list of files, by the folder's URI */
  readonly #lists = new Map<string, Promise<vscode.Uri[]>>();
  readonly #changed = new vscode.EventEmitter<string>();
  /** a file of the folder (its URI string) was created, changed or deleted, on disk or in an editor */
  readonly onDidChange = this.#changed.event;
  readonly #disposables: vscode.Disposable[];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher(SOURCES);
    const listed = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString();
      if (folder) this.#lists.delete(folder);
      this.#fire(uri);
    };
    this.#disposables = [
      this.#changed,
      watcher,
      watcher.onDidCreate(listed),
      watcher.onDidDelete(listed),
      watcher.onDidChange((uri) => this.#fire(uri)),
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.#fire(e.document.uri)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.#lists.clear()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude') || e.affectsConfiguration('search.exclude')) this.#lists.clear();
      }),
    ];
  }

  /** The folders' GraphQL and code files, without what the workspace excludes; open editors by their text. */
  async files(linked: readonly LinkedFolder[]): Promise<ScanFile[]> {
    const open = new Map(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'file').map((d) => [d.uri.fsPath, d]));
    const files: ScanFile[] = [];
    for (const folder of linked) {
      const workspaceFolder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folder.key);
      if (!workspaceFolder) continue;
      for (const uri of await this.#list(workspaceFolder)) {
        const kind = graphqlKindOfPath(uri.path);
        const editor = open.get(uri.fsPath);
        files.push(
          editor
            ? { path: uri.fsPath, kind, root: folder.path, text: editor.getText(), stamp: String(editor.version) }
            : { path: uri.fsPath, kind, root: folder.path },
        );
      }
    }
    return files;
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  #list(folder: vscode.WorkspaceFolder): Promise<vscode.Uri[]> {
    const key = folder.uri.toString();
    let list = this.#lists.get(key);
    if (!list) {
      list = Promise.resolve(vscode.workspace.findFiles(new vscode.RelativePattern(folder, SOURCES), excludesOf(folder)));
      this.#lists.set(key, list);
      list.catch(() => this.#lists.delete(key));
    }
    return list;
  }

  #fire(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || !/\.(graphql|gql|[mc]?[jt]sx?|vue|svelte|astro)$/i.test(uri.path)) return;
    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString();
    if (folder) this.#changed.fire(folder);
  }
}

/** The folder's `files.exclude` and `search.exclude` (node_modules always), as one glob. */
function excludesOf(folder: vscode.WorkspaceFolder): string {
  const config = vscode.workspace.getConfiguration(undefined, folder.uri);
  const patterns = new Set(['**/node_modules/**']);
  for (const key of ['files.exclude', 'search.exclude'])
    for (const [glob, on] of Object.entries(config.get<Record<string, unknown>>(key) ?? {}))
      if (on === true) for (const p of expandBraces(glob)) patterns.add(p);
  return `{${[...patterns].join(',')}}`;
}

/** `**\/*.{js,map}` → `**\/*.js`, `**\/*.map` (one level: a glob group cannot hold another). */
function expandBraces(glob: string): string[] {
  const match = /\{([^{}]*)\}/.exec(glob);
  if (!match) return [glob];
  return match[1]!
    .split(',')
    .flatMap((part) => expandBraces(glob.slice(0, match.index) + part + glob.slice(match.index + match[0].length)));
}
