// The media commands as VS Code runs them: what they act on (the row, else the active document or a project the
// user picks), files from an open dialog or a drop, documents opened at a place. The operations themselves are
// in ./usage.ts and ./sending.ts.
import vscode = require('vscode');
import type { Resource } from '../cma';
import { files, paths } from '../platform/host';
import { documentUri, parseDocumentUri } from '../platform/uris';
import { VIEWS } from '../platform/views';
import { UPLOAD_MIME } from '../tree/mediaParts';
import type { TreeNode, UploadsMoreNode } from '../tree/nodes';
import type { Lazy } from '../platform/lazy';
import type { Services } from '../services';
import { mediaOfNode, type MediaLibrary } from './library';
import { Upload } from './looks';
import type { MediaPlace, OperationDeps } from './operation';
import { replaceFileOf, uploadFilesTo, type FileToSend } from './sending';
import { ownerLabel, ownerOf, reloadMedia, revealUpload, uploadTarget, type MediaOwner } from './targets';
import * as usage from './usage';

/** An upload row dragged from the tree: where it lives, and the upload (what a field it is dropped on checks). */
export interface DraggedUpload {
  project: string;
  environment: string;
  id: string;
  filename: string;
  upload: Resource<'upload'>;
}

export async function loadMore(deps: Services & { media: Lazy<MediaLibrary> }, node?: UploadsMoreNode): Promise<void> {
  // from its tree item only: run otherwise, there is no page to load
  if (node?.kind !== 'uploadsMore') return;
  await deps.ui.withProgress({ location: { view: VIEWS.explorer } }, () => deps.media().loadMore(node));
}

/** Upload Files…: files chosen in an open dialog go to the Media node (or collection) the command ran on. */
export async function uploadFiles(deps: Services & { media: Lazy<MediaLibrary> }, arg?: unknown): Promise<void> {
  const owner = await ownerOf(deps, arg, deps.t('Upload files to which project?'));
  if (!owner) return;
  // the palette names no place: the title says which project and environment the files go to
  const project = deps.registry.get(owner.projectKey)?.name ?? owner.projectKey;
  const title = deps.t('Upload Files to {0} of {1} ({2})', ownerLabel(deps, owner), project, owner.environment);
  const paths = await deps.ui.openFiles({ title, openLabel: deps.t('Upload'), many: true });
  if (!paths?.length) return;
  const files = await Promise.all(paths.map((path) => localFile(path)));
  await sendAndShow(deps, owner, files);
}

/** Files dropped on the tree: on the Media node, a collection or an upload (its folder); from the Explorer or the system. */
export async function dropFiles(
  deps: Services & { media: Lazy<MediaLibrary> },
  transfer: vscode.DataTransfer,
  onto: TreeNode | undefined,
): Promise<void> {
  const files = await droppedFiles(transfer);
  if (files.length === 0 || !onto) return;
  // only where the uploads are listed, so that a file let go over the project's row by mistake is not uploaded
  const owner = ['media', 'uploadCollection', 'upload', 'uploadsMore'].includes(onto.kind) ? await ownerOf(deps, onto, '') : undefined;
  if (!owner) {
    void deps.ui.info(deps.t('Drop files on Media (or one of its collections) to upload them.'));
    return;
  }
  await sendAndShow(deps, owner, files);
}

/** The files into the place; the first new upload is then shown where it went. */
async function sendAndShow(deps: Services & { media: Lazy<MediaLibrary> }, owner: MediaOwner, files: FileToSend[]): Promise<void> {
  const outcome = await uploadFilesTo(operationDeps(deps), await mediaPlace(deps, owner), files);
  const [first] = outcome.uploaded;
  if (first) await revealUpload(deps, owner, first).catch(() => undefined);
}

/** Upload rows dragged from the tree (onto a record's file or gallery value); the status bar says how to drop them. */
export function dragUploads(deps: Pick<Services, 'ui' | 't'>, nodes: readonly TreeNode[], transfer: vscode.DataTransfer): void {
  const uploads: DraggedUpload[] = nodes.flatMap((n) =>
    n.kind === 'upload'
      ? [{ project: n.projectKey, environment: n.environment, id: n.upload.id, filename: Upload.filename(n.upload), upload: n.upload }]
      : [],
  );
  if (!uploads.length) return;
  transfer.set(UPLOAD_MIME, new vscode.DataTransferItem(JSON.stringify(uploads)));
  deps.ui.status(
    deps.t('$(info) Hold Shift and drop on a file or gallery value in a record’s document to insert the upload.'),
    DRAG_HINT_MS,
  );
}

/** How long the drag's hint stays in the status bar. */
const DRAG_HINT_MS = 10_000;

/** Replace File…: the same upload (id, metadata, the records using it) with a new file, after a confirmation. */
export async function replaceFile(deps: Services & { media: Lazy<MediaLibrary> }, arg?: unknown): Promise<void> {
  const target = await uploadTarget(deps, arg);
  if (!target) return;
  const title = deps.t('Replace the File of {0}', Upload.filename(target.upload));
  const [path] = (await deps.ui.openFiles({ title, openLabel: deps.t('Replace'), many: false })) ?? [];
  if (path) await replaceFileOf(operationDeps(deps), target, await localFile(path));
}

export async function copyUrl(deps: Services, arg?: unknown): Promise<void> {
  const target = await uploadTarget(deps, arg);
  const url = target && Upload.url(target.upload);
  if (!url) return;
  await deps.ui.copy(url);
  void deps.ui.info(deps.t('Copied the address of {0}.', Upload.filename(target.upload)));
}

export async function findReferences(deps: Services & { media: Lazy<MediaLibrary> }, arg?: unknown): Promise<void> {
  const target = await uploadTarget(deps, arg);
  if (target) await usage.findReferences(operationDeps(deps), target);
}

export async function deleteUpload(deps: Services & { media: Lazy<MediaLibrary> }, arg?: unknown): Promise<void> {
  const target = await uploadTarget(deps, arg);
  if (target) await usage.deleteUpload(operationDeps(deps), target);
}

export async function unusedUploads(deps: Services & { media: Lazy<MediaLibrary> }, arg?: unknown): Promise<void> {
  const owner = await ownerOf(deps, arg, deps.t('Find the unused uploads of which project?'));
  if (owner) await usage.unusedUploads(operationDeps(deps), await mediaPlace(deps, mediaOfNode(owner)));
}

export async function missingAltText(deps: Services & { media: Lazy<MediaLibrary> }, arg?: unknown): Promise<void> {
  const owner = await ownerOf(deps, arg, deps.t('Find the images without alt text of which project?'));
  if (owner) await usage.missingAltText(operationDeps(deps), await mediaPlace(deps, mediaOfNode(owner)));
}

async function mediaPlace(deps: Services, owner: MediaOwner): Promise<MediaPlace> {
  return {
    project: owner.projectKey,
    environment: owner.environment,
    data: await deps.registry.data(owner.projectKey, owner.environment),
    label: ownerLabel(deps, owner),
    collectionId: owner.kind === 'uploadCollection' ? owner.collection.id : undefined,
  };
}

/** The operations' neighbours in VS Code: editors, the tree, the documents feature. */
function operationDeps(deps: Services & { media: Lazy<MediaLibrary> }): OperationDeps {
  return {
    ui: deps.ui,
    t: deps.t,
    locale: vscode.env.language,
    open: async (ref, select) => {
      const editor = await vscode.window.showTextDocument(documentUri(ref), { preview: false });
      const at = select === undefined ? -1 : editor.document.getText().indexOf(select);
      if (at < 0) return;
      // the id inside the quotes
      const inner = select!.startsWith('"') ? 1 : 0;
      const start = editor.document.positionAt(at + inner);
      const end = editor.document.positionAt(at + select!.length - inner);
      editor.selection = new vscode.Selection(start, end);
      editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    },
    documentsDeleted: (gone) => deps.documentsDeleted(gone),
    reload: (where) => reloadMedia(deps, { projectKey: where.project, environment: where.environment }),
    uploadChanged: async (where, upload) => {
      deps.media.peek()?.uploadChanged(upload);
      const uri = documentUri({ ...where, kind: 'upload', id: upload.id });
      if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) await deps.documents.remoteChanged(uri);
    },
    unsavedEditors: (where) =>
      vscode.workspace.textDocuments.flatMap((document) => {
        const ref = document.isDirty ? parseDocumentUri(document.uri) : undefined;
        if (ref?.project !== where.project || ref.environment !== where.environment) return [];
        // the tab's name: the last part of the document's path
        return [{ name: document.uri.path.split('/').at(-1) ?? '', text: document.getText() }];
      }),
  };
}

/** A file chosen or dropped; what it is (a link, a folder, a pipe) is looked at when it is sent, and refused in words then. */
async function localFile(path: string): Promise<FileToSend> {
  const facts = await files.lstat(path).catch(() => undefined);
  return { name: paths.basename(path), size: facts?.isFile() ? facts.size : 0, source: { path } };
}

/** The files of a drop: file URIs (Explorer, `text/uri-list`) and dropped files (the system). */
async function droppedFiles(transfer: vscode.DataTransfer): Promise<FileToSend[]> {
  const files: FileToSend[] = [];
  const seen = new Set<string>();
  const add = async (uri: vscode.Uri | undefined, file?: vscode.DataTransferFile) => {
    // the extension host reads files where it runs: a remote window's URIs name its own files
    const path = uri?.scheme === 'file' ? uri.fsPath : uri?.scheme === 'vscode-remote' ? uri.path : undefined;
    if (path !== undefined) {
      if (seen.has(path)) return;
      seen.add(path);
      files.push(await localFile(path));
    } else if (file) {
      const bytes = await file.data();
      files.push({ name: file.name, size: bytes.byteLength, source: { bytes, filename: file.name } });
    }
  };
  const list = await transfer.get('text/uri-list')?.asString();
  for (const line of list?.split(/\r?\n/) ?? []) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    let uri: vscode.Uri | undefined;
    try {
      uri = vscode.Uri.parse(line.trim(), true);
    } catch {
      uri = undefined;
    }
    await add(uri);
  }
  const dropped: vscode.DataTransferFile[] = [];
  transfer.forEach((item) => {
    const file = item.asFile();
    if (file) dropped.push(file);
  });
  for (const file of dropped) await add(file.uri, file);
  return files;
}
