// The part of the documents feature that activation loads: it registers the `datocms:` file system and
// the commands, and loads the feature itself (dist/documents.js, with the save machinery, diagnostics and
// language) only when a document is first touched.
import vscode = require('vscode');
import { DOCUMENT_COMMANDS, type DatoDocumentsDeps, type DeletedResources, type SavedDocument } from './constants';
import type { DocumentsFeature } from './feature';
import { DOCUMENT_SCHEME } from '../domain/paths';

export class DatoDocuments implements vscode.Disposable {
  private readonly saveEmitter = new vscode.EventEmitter<SavedDocument>();
  /** Fires after a document was saved to DatoCMS; the tree refreshes that node. */
  readonly onDidSave = this.saveEmitter.event;
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  private feature: DocumentsFeature | undefined;
  private readonly disposables: vscode.Disposable[] = [this.saveEmitter, this.changeEmitter];

  constructor(private readonly deps: DatoDocumentsDeps) {
    const files = () => this.load().fileSystem;
    const provider: vscode.FileSystemProvider = {
      onDidChangeFile: this.changeEmitter.event,
      // Changes made elsewhere are found at save time (the conflict check), not by polling the API.
      watch: () => new vscode.Disposable(() => undefined),
      stat: (uri) => files().stat(uri),
      readDirectory: (uri) => files().readDirectory(uri),
      readFile: (uri) => files().readFile(uri),
      writeFile: (uri, content, options) => files().writeFile(uri, content, options),
      createDirectory: () => files().createDirectory(),
      delete: (uri) => files().delete(uri),
      rename: (from) => files().rename(from),
    };
    this.disposables.push(
      vscode.workspace.registerFileSystemProvider(DOCUMENT_SCHEME, provider, { isCaseSensitive: true }),
      ...Object.values(DOCUMENT_COMMANDS).map(({ command }) =>
        vscode.commands.registerCommand(command, (...args: unknown[]) => this.load().run(command, args)),
      ),
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (document.uri.scheme === DOCUMENT_SCHEME) this.load();
      }),
    );
    if (vscode.workspace.textDocuments.some((d) => d.uri.scheme === DOCUMENT_SCHEME)) this.load();
  }

  /**
   * Resources were deleted in DatoCMS: their open editors close when clean; an editor with unsaved
   * changes keeps its text, is marked deleted, and its saves are refused.
   */
  async documentsDeleted(gone: DeletedResources): Promise<void> {
    // Without the feature loaded no document is open.
    await this.feature?.documentsDeleted(gone);
  }

  /** The document changed on DatoCMS through the extension (see DocumentsFeature.remoteChanged). */
  remoteChanged(uri: vscode.Uri): Promise<void> {
    return this.load().remoteChanged(uri);
  }

  dispose(): void {
    this.feature?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** The loaded feature, for lazily loaded features that act on open documents. */
  load(): DocumentsFeature {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.feature ??= new (require('./feature') as typeof import('./feature')).DocumentsFeature(this.deps, {
      fileChanged: (events) => this.changeEmitter.fire(events),
      saved: (document) => this.saveEmitter.fire(document),
    });
    return this.feature;
  }
}
