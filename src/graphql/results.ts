// Run's results: read-only documents of the `datocms-result:` scheme (JSON with the summary as `//` comments, so
// the editor colours them as JSON with comments). One document per operation and options: running again updates
// it in place. Texts are dropped when their documents close.
import vscode = require('vscode');

const RESULT_SCHEME = 'datocms-result';

export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  readonly #texts = new Map<string, string>();
  readonly #changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.#changed.event;
  readonly #disposables: vscode.Disposable[] = [
    this.#changed,
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, this),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === RESULT_SCHEME) this.#texts.delete(document.uri.toString());
    }),
  ];

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.#texts.get(uri.toString()) ?? '';
  }

  /** The result document of a run: `<title>.jsonc`, told apart by `key` (the query document and operation). */
  uriOf(title: string, key: string): vscode.Uri {
    const safe = title.replace(/[/\\?#%]/g, '_');
    return vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${safe}.jsonc`, query: key });
  }

  set(uri: vscode.Uri, text: string): void {
    this.#texts.set(uri.toString(), text);
    this.#changed.fire(uri);
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }
}
