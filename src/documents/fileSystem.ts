// The `datocms:` FileSystemProvider: VS Code's file operations on the documents' sessions (DocumentStore), plus
// folder listings. A write is the save the workbench makes (after the save command sent it, it finds nothing left
// to send); a refused one throws the message the feature gives for it.
//
// Documents are UTF-8 whatever `files.encoding` says: the DatoCMS JSON language sets `files.encoding` to utf8
// (package.json's configurationDefaults, which outrank a non-language setting at any level) and the workbench
// reads a document again in it once the document takes the language; reads carry no byte order mark (the status
// bar says "UTF-8"), and a write whose bytes are not UTF-8 is refused.
import vscode = require('vscode');
import { Field, Model } from '../domain/views';
import type { ProjectSource } from '../projects/project';
import type { DocumentStore } from './documentStore';
import type { RefusedSave } from './model';
import { parseDocumentPath, parseFolderPath, type DocumentRef, type FolderRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';

/** a UTF-8 byte order mark, dropped from what a write brings (an editor set to "UTF-8 with BOM") */
const BOM = [0xef, 0xbb, 0xbf];
/** `?compare` marks another environment's copy of a document, shown beside the user's: read-only. */
const isComparison = (uri: vscode.Uri) => uri.query === 'compare';
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The error a refused write throws (the workbench shows its message). */
export type RefusalError = (uri: vscode.Uri, ref: DocumentRef, result: RefusedSave) => Error;

/** The `datocms:` file system provider (registered at activation, made on first use: see the context). */
export class DatoFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changeEmitter.event;

  constructor(
    private readonly projects: ProjectSource,
    private readonly store: DocumentStore,
    private readonly refusal: RefusalError,
  ) {}

  /** Tells the workbench the document changed: a clean editor reloads it. */
  changed(uri: vscode.Uri): void {
    this.changeEmitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  watch(): vscode.Disposable {
    // Changes made elsewhere are found at save time (a conflict), not by polling the API.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) {
      if (!parseFolderPath(uri.path)) throw vscode.FileSystemError.FileNotFound(uri);
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    }
    const stat = await this.store.session(uri.toString()).stat(ref);
    return {
      type: vscode.FileType.File,
      ...stat,
      ...(isComparison(uri) ? { permissions: vscode.FilePermission.Readonly } : {}),
    };
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const folder = parseFolderPath(uri.path);
    if (!folder) throw vscode.FileSystemError.FileNotADirectory(uri);
    return this.listFolder(folder);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    return this.store.session(uri.toString()).read(ref);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    const ref = parseDocumentPath(uri.path);
    if (isComparison(uri))
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('This is a copy from another environment, shown for comparison: it is not saved.'),
      );
    if (!ref)
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('Only DatoCMS documents can be saved here; creating other files is not supported.'),
      );
    const text = decodeUtf8(content);
    if (text === undefined) {
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t(
          'Not saved: DatoCMS documents are UTF-8, and this editor now uses another encoding. Choose the encoding in the status bar, "Reopen with Encoding", UTF-8 (your text stays in the editor), then save again.',
        ),
      );
    }
    const result = await this.store.session(uri.toString()).save(ref, text, { explicit: false });
    if (result.status === 'saved' || result.status === 'unchanged') return;
    // "Save As" to a path where nothing exists
    if (
      options.create &&
      result.status === 'failed' &&
      result.error instanceof vscode.FileSystemError &&
      result.error.code === 'FileNotFound'
    )
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Creating a {0} from the editor is not supported yet.', ref.kind));
    // The workbench shows a provider's error as `name: message` inside its own "Unable to write file" frame (File ›
    // Save, Save All); without a name, what follows is our message alone.
    throw Object.assign(this.refusal(uri, ref, result), { name: '' });
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Creating folders in DatoCMS is not supported.'));
  }

  delete(uri: vscode.Uri): void {
    const ref = parseDocumentPath(uri.path);
    throw vscode.FileSystemError.NoPermissions(
      ref
        ? vscode.l10n.t('Deleting the {0} from the editor is not supported yet.', describeRef(ref))
        : vscode.l10n.t('Deleting from DatoCMS is not supported yet.'),
    );
  }

  rename(oldUri: vscode.Uri): void {
    const ref = parseDocumentPath(oldUri.path);
    throw vscode.FileSystemError.NoPermissions(
      ref
        ? vscode.l10n.t(
            'Renaming is not supported: to change the api_key of the {0}, edit "api_key" in the document and save.',
            describeRef(ref),
          )
        : vscode.l10n.t('Renaming in DatoCMS is not supported.'),
    );
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
        return [
          ['models', dir],
          ['webhooks', dir],
          ['records', dir],
        ];
      case 'models': {
        const data = await this.projects.data(folder.project, folder.environment);
        const models = (await data.itemTypes()).map((t) => Model.apiKey(t));
        return models.flatMap((apiKey): [string, vscode.FileType][] => [
          [`${apiKey}.json`, file],
          [apiKey, dir],
        ]);
      }
      case 'model-folder':
        return [
          ['fields', dir],
          ['fieldsets', dir],
        ];
      case 'fields': {
        const data = await this.projects.data(folder.project, folder.environment);
        const model = await data.itemType(folder.modelApiKey);
        return (await data.fields(model.id)).map((f) => [`${Field.apiKey(f)}.json`, file]);
      }
      case 'fieldsets': {
        const data = await this.projects.data(folder.project, folder.environment);
        const model = await data.itemType(folder.modelApiKey);
        return (await data.fieldsets(model.id)).map((f) => [`${f.id}.json`, file]);
      }
      case 'webhooks': {
        const data = await this.projects.data(folder.project, folder.environment);
        return (await data.client.webhooks.list()).map((w) => [`${w.id}.json`, file]);
      }
      case 'records': {
        const data = await this.projects.data(folder.project, folder.environment);
        return (await data.itemTypes()).filter((t) => !Model.isBlock(t)).map((t) => [Model.apiKey(t), dir]);
      }
      case 'uploads':
      case 'model-records':
      case 'record-folder':
      case 'document-folder':
      case 'draft-folder':
        return []; // records are paged through the tree; listing them all here would not be cheap
    }
  }
}

function hasBom(bytes: Uint8Array): boolean {
  return bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
}

/** The text of UTF-8 bytes (an optional byte order mark dropped); undefined when they are not UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(hasBom(bytes) ? bytes.subarray(BOM.length) : bytes);
  } catch {
    return undefined;
  }
}
