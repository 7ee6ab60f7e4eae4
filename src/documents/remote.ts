// Read-only `datocms-remote:` documents: the server's version of a document, the left side of Compare.
import vscode = require('vscode');
import type { OpenedDocument } from './documentService';

const REMOTE_SCHEME = 'datocms-remote';

export class RemoteDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, this);
  }

  /** Stores the server's version of `documentUri` and returns the URI that shows it. */
  show(documentUri: vscode.Uri, remote: OpenedDocument): vscode.Uri {
    const uri = documentUri.with({ scheme: REMOTE_SCHEME });
    this.texts.set(uri.toString(), remote.text);
    this.changeEmitter.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.changeEmitter.dispose();
    this.texts.clear();
  }
}
