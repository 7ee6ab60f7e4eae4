// Whether another extension already validates a GraphQL document, so that `datocms.graphql.diagnostics: auto` does
// not report each problem twice. The GraphQL Foundation's extension (and Apollo's) validate the documents their
// configuration file covers (graphql.config.*, .graphqlrc*, apollo.config.*); the syntax-only extensions
// (graphql.vscode-graphql-syntax) colour and check nothing, so they do not count.
import vscode = require('vscode');

const VALIDATORS: { id: string; configs: RegExp }[] = [
  {
    id: 'GraphQL.vscode-graphql',
    configs: /^(graphql\.config\.(ts|js|cjs|mjs|json|ya?ml|toml)|\.graphqlrc(\.(ts|js|cjs|mjs|json|ya?ml|toml))?)$/,
  },
  { id: 'apollographql.vscode-apollo', configs: /^apollo\.config\.(ts|js|cjs|mjs|json|ya?ml)$/ },
];
const CONFIG_GLOB = '**/{graphql.config.*,.graphqlrc,.graphqlrc.*,apollo.config.*}';

export type DiagnosticsSetting = 'auto' | 'on' | 'off';

export function diagnosticsSetting(uri: vscode.Uri): DiagnosticsSetting {
  const value = vscode.workspace.getConfiguration('datocms.graphql', uri).get<string>('diagnostics', 'auto');
  return value === 'on' || value === 'off' ? value : 'auto';
}

export class OtherValidators implements vscode.Disposable {
  /** folders (URI strings ending in "/") holding the configuration of an installed validating extension */
  #covered: string[] = [];
  readonly #changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.#changed.event;
  readonly #disposables: vscode.Disposable[];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher(CONFIG_GLOB);
    const reload = () => void this.#reload();
    this.#disposables = [
      this.#changed,
      watcher,
      watcher.onDidCreate(reload),
      watcher.onDidDelete(reload),
      vscode.extensions.onDidChange(reload),
      vscode.workspace.onDidChangeWorkspaceFolders(reload),
    ];
    reload();
  }

  /** Another installed extension validates this document (its configuration is in the document's folder or above). */
  covers(uri: vscode.Uri): boolean {
    const path = uri.toString();
    return this.#covered.some((folder) => path.startsWith(folder));
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  async #reload(): Promise<void> {
    const installed = VALIDATORS.filter((v) => vscode.extensions.getExtension(v.id) !== undefined);
    let covered: string[] = [];
    if (installed.length && vscode.workspace.workspaceFolders?.length) {
      const configs = await vscode.workspace.findFiles(CONFIG_GLOB, '**/node_modules/**', 200);
      covered = configs
        .filter((uri) => installed.some((v) => v.configs.test(uri.path.slice(uri.path.lastIndexOf('/') + 1))))
        .map((uri) => uri.toString().slice(0, uri.toString().lastIndexOf('/') + 1));
    }
    if (covered.join('\n') === this.#covered.join('\n')) return;
    this.#covered = covered;
    this.#changed.fire();
  }
}
