// The `datocms:` FileSystemProvider: an adapter from VS Code's file operations to the DocumentStore
// (baselines and stats) and to DatoDocuments (network, progress, messages), plus folder listings.
import * as vscode from 'vscode';
import type { ProjectSource } from '../projects/project';
import type { OpenedDocument } from './documentService';
import { DocumentStore } from './documentStore';
import { describeRef, parseDocumentPath, parseFolderPath, type DocumentRef, type FolderRef } from './paths';

export interface FileSystemDelegate {
  /** Fetches and renders a document; throws a vscode.FileSystemError on failure. */
  open(uri: vscode.Uri, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument>;
  /** Saves text over the baseline; undefined = nothing changed. Throws (editor stays dirty) on failure. */
  save(uri: vscode.Uri, text: string, opened: OpenedDocument): Promise<OpenedDocument | undefined>;
}

export class DatoFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly store: DocumentStore;

  constructor(
    private readonly projects: ProjectSource,
    delegate: FileSystemDelegate,
  ) {
    this.store = new DocumentStore({
      open: (key, ref, id) => delegate.open(vscode.Uri.parse(key), ref, id),
      save: (key, text, opened) => delegate.save(vscode.Uri.parse(key), text, opened),
    });
  }

  /** The baseline of an opened document (for diagnostics, compare and overwrite). */
  openedDocument(uri: vscode.Uri): OpenedDocument | undefined {
    return this.store.opened(uri.toString());
  }

  watch(): vscode.Disposable {
    // Changes made elsewhere are found at save time (conflict check), not by polling the API.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) {
      if (!parseFolderPath(uri.path)) throw vscode.FileSystemError.FileNotFound(uri);
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    }
    return { type: vscode.FileType.File, ...(await this.store.stat(uri.toString(), ref)) };
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const folder = parseFolderPath(uri.path);
    if (!folder) throw vscode.FileSystemError.FileNotADirectory(uri);
    return this.listFolder(folder);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    return this.store.read(uri.toString(), ref);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Only DatoCMS documents can be saved here; creating other files is not supported.'));
    try {
      await this.store.write(uri.toString(), ref, content);
    } catch (error) {
      if (options.create && error instanceof vscode.FileSystemError && error.code === 'FileNotFound') {
        throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Creating a {0} from the editor is not supported yet.', ref.kind));
      }
      throw error;
    }
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Creating folders in DatoCMS is not supported.'));
  }

  delete(uri: vscode.Uri): void {
    const ref = parseDocumentPath(uri.path);
    throw vscode.FileSystemError.NoPermissions(
      ref ? vscode.l10n.t('Deleting the {0} from the editor is not supported yet.', describeRef(ref)) : vscode.l10n.t('Deleting from DatoCMS is not supported yet.'),
    );
  }

  rename(oldUri: vscode.Uri): void {
    const ref = parseDocumentPath(oldUri.path);
    throw vscode.FileSystemError.NoPermissions(
      ref
        ? vscode.l10n.t('Renaming is not supported: to change the api_key of the {0}, edit "api_key" in the document and save.', describeRef(ref))
        : vscode.l10n.t('Renaming in DatoCMS is not supported.'),
    );
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  private async listFolder(folder: FolderRef): Promise<[string, vscode.FileType][]> {
    const dir = vscode.FileType.Directory;
    const file = vscode.FileType.File;
    switch (folder.kind) {
      case 'root':
        return this.projects.list().map((p) => [p.key, dir]);
      case 'project':
        return [[this.projects.environmentOf(folder.project), dir]];
      case 'environment':
        return [['models', dir], ['webhooks', dir], ['records', dir]];
      case 'models': {
        const data = await this.projects.data(folder.project, folder.environment);
        const models = (await data.itemTypes()).map((t) => String(t.attributes['api_key']));
        return models.flatMap((apiKey): [string, vscode.FileType][] => [[`${apiKey}.json`, file], [apiKey, dir]]);
      }
      case 'model-folder':
        return [['fields', dir]];
      case 'fields': {
        const data = await this.projects.data(folder.project, folder.environment);
        const model = await data.itemType(folder.modelApiKey);
        return (await data.fields(model.id)).map((f) => [`${String(f.attributes['api_key'])}.json`, file]);
      }
      case 'webhooks': {
        const data = await this.projects.data(folder.project, folder.environment);
        return (await data.client.webhooks.list()).map((w) => [`${w.id}.json`, file]);
      }
      case 'records': {
        const data = await this.projects.data(folder.project, folder.environment);
        return (await data.itemTypes())
          .filter((t) => t.attributes['modular_block'] !== true)
          .map((t) => [String(t.attributes['api_key']), dir]);
      }
      case 'model-records':
        return []; // records are paged through the tree; listing them all here would not be cheap
    }
  }
}

