// Wires the documents feature into VS Code: the `datocms:` file system, diagnostics, JSON schemas,
// the read-only remote versions and the conflict commands. Owned (and disposed) by src/extension.ts.
import * as vscode from 'vscode';
import { ApiError, CancelledError } from '../cma';
import type { Resource } from '../cma/types';
import { ModelNotFoundError } from '../projects/projectData';
import type { ProjectRegistry } from '../projects/registry';
import type { Problem } from '../schema';
import { errorMessage, needsSignIn, reportError } from '../ui/errors';
import { VscodeUi } from '../ui/vscodeUi';
import { DocumentDiagnostics } from './diagnostics';
import { DocumentService, type OpenedDocument, type SaveResult } from './documentService';
import { DatoFileSystem } from './fileSystem';
import { DOCUMENT_SCHEME, describeRef, documentPath, parseDocumentPath, type DocumentRef } from './paths';
import { RemoteDocuments } from './remote';
import { maySaveToDatoCms, notConfirmedMessage, type WorkspaceTrust } from './trust';
import { documentUri } from './uris';
import { DatoJsonLanguage } from '../language';

export interface DatoDocumentsDeps {
  registry: ProjectRegistry;
  log: vscode.LogOutputChannel;
  context: vscode.ExtensionContext;
}

/** Commands this feature registers (the manifest lists them under category "DatoCMS"). */
export const DOCUMENT_COMMANDS = {
  compare: { command: 'datocms.documents.compareWithRemote', title: 'Compare with DatoCMS Version', icon: '$(git-compare)' },
  overwrite: { command: 'datocms.documents.overwriteRemote', title: 'Save and Overwrite DatoCMS Version', icon: '$(cloud-upload)' },
  revert: { command: 'datocms.documents.revertToRemote', title: 'Revert to DatoCMS Version', icon: '$(discard)' },
} as const;

/** The core's sign-in command; given a project key it signs in to that project's server again. */
export const SIGN_IN_AGAIN_COMMAND = 'datocms.signIn';

export class DatoDocuments implements vscode.Disposable {
  private readonly saveEmitter = new vscode.EventEmitter<{ ref: DocumentRef; resource: Resource }>();
  /** Fires after a document was saved to DatoCMS; the tree refreshes that node. */
  readonly onDidSave = this.saveEmitter.event;

  readonly fileSystem: DatoFileSystem;
  private readonly service: DocumentService;
  private readonly diagnostics: DocumentDiagnostics;
  private readonly schemas: DatoJsonLanguage;
  private readonly remote = new RemoteDocuments();
  private readonly ui = new VscodeUi();
  private readonly trust: WorkspaceTrust = {
    isTrusted: () => vscode.workspace.isTrusted,
    confirm: async (message, detail, action) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
  };
  /** documents whose next save was asked to overwrite the server's version */
  private readonly overwriteNext = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [this.saveEmitter, this.remote];

  constructor(private readonly deps: DatoDocumentsDeps) {
    this.service = new DocumentService((ref) => deps.registry.data(ref.project, ref.environment));
    this.fileSystem = new DatoFileSystem(deps.registry, {
      open: (uri, ref, id) => this.open(uri, ref, id),
      save: (uri, text, opened) => this.save(uri, text, opened),
    });
    this.diagnostics = new DocumentDiagnostics((uri) => this.fileSystem.openedDocument(uri));
    this.schemas = new DatoJsonLanguage(deps.log);
    this.disposables.push(
      this.fileSystem,
      vscode.workspace.registerFileSystemProvider(DOCUMENT_SCHEME, this.fileSystem, { isCaseSensitive: true }),
      vscode.workspace.onDidSaveTextDocument((document) => void this.showServerText(document)),
      this.diagnostics,
      this.schemas,
      vscode.commands.registerCommand(DOCUMENT_COMMANDS.compare.command, (uri?: vscode.Uri) => this.compare(uri)),
      vscode.commands.registerCommand(DOCUMENT_COMMANDS.overwrite.command, (uri?: vscode.Uri) => this.overwrite(uri)),
      vscode.commands.registerCommand(DOCUMENT_COMMANDS.revert.command, (uri?: vscode.Uri) => this.revert(uri)),
    );
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Shows the server's current version beside the editor's (left: DatoCMS, right: yours). */
  async compare(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref) return this.notADocument();
    try {
      const opened = this.fileSystem.openedDocument(uri);
      const remote = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Fetching the {0} from DatoCMS…', describeRef(ref)) },
        () => this.service.open(ref, { id: opened?.resource.id }),
      );
      await this.showDiff(uri, ref, remote);
    } catch (error) {
      this.report(vscode.l10n.t('Could not fetch the {0} from DatoCMS', describeRef(ref)), error, ref, () => this.compare(uri));
    }
  }

  /** Saves the editor's text even though the server's version changed: the user's changed keys win. */
  async overwrite(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref) return this.notADocument();
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!document?.isDirty) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The {0} has no unsaved changes to send.', describeRef(ref)));
      return;
    }
    const key = uri.toString();
    this.overwriteNext.add(key);
    try {
      await vscode.workspace.save(uri);
    } finally {
      this.overwriteNext.delete(key);
    }
  }

  /** Drops the editor's changes and shows the server's current version. */
  async revert(uri = activeDocumentUri()): Promise<void> {
    if (!uri || !parseDocumentPath(uri.path)) return this.notADocument();
    await vscode.window.showTextDocument(uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }

  private async open(uri: vscode.Uri, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument> {
    try {
      const document = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading the {0} from DatoCMS…', describeRef(ref)) },
        () => this.service.open(ref, { id }),
      );
      this.schemas.noteOpened(document);
      this.diagnostics.clearServer(uri);
      setImmediate(() => this.diagnostics.recheck(uri)); // once the file system has taken the new baseline
      return document;
    } catch (error) {
      throw this.readError(uri, ref, error);
    }
  }

  private async save(uri: vscode.Uri, text: string, opened: OpenedDocument): Promise<OpenedDocument | undefined> {
    const { ref } = opened;
    const key = uri.toString();
    const overwrite = this.overwriteNext.delete(key);
    if (!(await maySaveToDatoCms(this.trust, vscode.l10n.t, describeRef(ref)))) {
      throw vscode.FileSystemError.NoPermissions(notConfirmedMessage(vscode.l10n.t, describeRef(ref)));
    }
    this.diagnostics.clearServer(uri);
    const result = await this.withSaveProgress(ref, overwrite, (onJob, signal) => this.service.save(text, opened, { overwrite, onJob, signal }));
    switch (result.status) {
      case 'unchanged':
        return undefined;
      case 'saved':
        this.deps.log.info(`Saved the ${describeRef(ref)} (${documentPath(ref)})${overwrite ? ' over a newer version on DatoCMS' : ''}.`);
        this.schemas.noteOpened(result.document);
        this.saveEmitter.fire({ ref, resource: result.document.resource });
        if (result.renamed) void this.announceRename(ref, result.renamed);
        setImmediate(() => this.diagnostics.recheck(uri));
        return result.document;
      case 'invalid':
        this.diagnostics.show(uri, result.problems, result.origin);
        if (result.error) this.deps.log.warn(redact(`Saving the ${describeRef(ref)}: ${result.error.message}`, opened, text));
        throw new Error(problemsMessage(result.problems, result.origin));
      case 'conflict':
        this.deps.log.warn(`Not saved: the ${describeRef(ref)} changed on DatoCMS since it was opened.`);
        void this.offerConflictChoices(uri, ref, result);
        throw new Error(conflictMessage(ref));
      case 'failed': {
        const original = errorMessage(result.error);
        const message = redact(original, opened, text);
        this.deps.log.error(`Saving the ${describeRef(ref)} failed: ${message}`);
        const shown = message === original ? result.error : new Error(message);
        this.report(vscode.l10n.t('Could not save the {0}', describeRef(ref)), shown, ref, () => vscode.workspace.save(uri));
        if (needsSignIn(result.error)) throw vscode.FileSystemError.NoPermissions(message);
        throw new Error(vscode.l10n.t('Could not save the {0} to DatoCMS: {1}', describeRef(ref), message));
      }
    }
  }

  /**
   * After a save the editor must show what DatoCMS returned (the new version, normalised values), or the
   * next save would start from a stale `$readonly`. The workbench does not reliably reload a clean editor
   * on a provider change event, so the text is replaced with the server's and saved again: that second
   * save finds nothing to send.
   */
  private async showServerText(document: vscode.TextDocument): Promise<void> {
    if (document.uri.scheme !== DOCUMENT_SCHEME || document.isDirty) return;
    const opened = this.fileSystem.openedDocument(document.uri);
    if (!opened || document.getText() === opened.text) return;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), opened.text);
    if (await vscode.workspace.applyEdit(edit)) await document.save();
  }

  /**
   * Model and field updates run as jobs on DatoCMS: a notification stays until the job ends, and Cancel
   * stops waiting for it (the message then says the change may still be applied).
   */
  private async withSaveProgress(ref: DocumentRef, overwrite: boolean, task: (onJob: (jobId: string) => void, signal: AbortSignal | undefined) => Promise<SaveResult>): Promise<SaveResult> {
    const title = overwrite
      ? vscode.l10n.t('Overwriting the {0} on DatoCMS…', describeRef(ref))
      : vscode.l10n.t('Saving the {0} to DatoCMS…', describeRef(ref));
    const location = ref.kind === 'model' || ref.kind === 'field' ? vscode.ProgressLocation.Notification : vscode.ProgressLocation.Window;
    const cancellable = location === vscode.ProgressLocation.Notification;
    return await vscode.window.withProgress({ location, title, cancellable }, async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        return await task((jobId) => progress.report({ message: vscode.l10n.t('waiting for DatoCMS to apply the change (job {0})', jobId) }), cancellable ? controller.signal : undefined);
      } finally {
        subscription.dispose();
      }
    });
  }

  private async offerConflictChoices(uri: vscode.Uri, ref: DocumentRef, result: Extract<SaveResult, { status: 'conflict' }>): Promise<void> {
    const compare = vscode.l10n.t('Compare');
    const overwrite = vscode.l10n.t('Overwrite');
    const revert = vscode.l10n.t('Revert');
    const choice = await vscode.window.showWarningMessage(conflictMessage(ref), compare, overwrite, revert);
    if (choice === compare) {
      await this.showDiff(uri, ref, result.remote);
    } else if (choice === overwrite) {
      await this.overwrite(uri);
    } else if (choice === revert) {
      await this.revert(uri);
    }
    // Dismissed: the editor stays dirty with the user's text.
  }

  /** A diff editor: the server's version (read-only) on the left, the user's editable one on the right. */
  private async showDiff(uri: vscode.Uri, ref: DocumentRef, remote: OpenedDocument): Promise<void> {
    const left = this.remote.show(uri, remote);
    const name = documentPath(ref).split('/').pop() ?? '';
    await vscode.commands.executeCommand('vscode.diff', left, uri, vscode.l10n.t('{0} (DatoCMS) ↔ Yours', name));
  }

  private async announceRename(before: DocumentRef, after: DocumentRef): Promise<void> {
    const newUri = documentUri(after);
    const apiKey = after.kind === 'model' || after.kind === 'field' ? after.apiKey : '';
    const openNew = vscode.l10n.t('Open at New Path');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        'The api_key of the {0} is now "{1}". This editor keeps working (it follows the id); the document\'s new path is {2}.',
        describeRef(before),
        apiKey,
        newUri.path,
      ),
      openNew,
    );
    if (choice === openNew) await vscode.window.showTextDocument(newUri);
  }

  private readError(uri: vscode.Uri, ref: DocumentRef, error: unknown): Error {
    if (error instanceof vscode.FileSystemError) return error;
    if ((error instanceof ApiError && error.status === 404) || error instanceof ModelNotFoundError) {
      return vscode.FileSystemError.FileNotFound(uri);
    }
    const message = errorMessage(error);
    if (error instanceof CancelledError) return vscode.FileSystemError.Unavailable(message);
    this.deps.log.error(`Opening the ${describeRef(ref)} failed: ${message}`);
    this.report(vscode.l10n.t('Could not open the {0}', describeRef(ref)), error, ref);
    if (needsSignIn(error) || (error instanceof ApiError && error.status === 403)) return vscode.FileSystemError.NoPermissions(message);
    return vscode.FileSystemError.Unavailable(message);
  }

  /** An error notification with Sign In Again (401, no token), Retry (when given) and Show Log. */
  private report(whatFailed: string, error: unknown, ref: DocumentRef, retry?: () => unknown): void {
    void reportError(this.ui, vscode.l10n.t, whatFailed, error, {
      showLog: () => this.deps.log.show(true),
      signInAgain: () => vscode.commands.executeCommand(SIGN_IN_AGAIN_COMMAND, ref.project),
      ...(retry ? { retry } : {}),
    });
  }

  private notADocument(): void {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a DatoCMS document (a datocms: editor) first.'));
  }
}

function activeDocumentUri(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === DOCUMENT_SCHEME ? uri : undefined;
}

function conflictMessage(ref: DocumentRef): string {
  return vscode.l10n.t(
    'The {0} was changed on DatoCMS since you opened it. Compare the versions, overwrite it with yours, or revert to the DatoCMS version.',
    describeRef(ref),
  );
}

/** The first problem, and how many more there are. */
function problemsMessage(problems: readonly Problem[], origin: 'local' | 'server'): string {
  const first = problems[0]?.message ?? vscode.l10n.t('the document is not valid');
  const text = origin === 'server' ? vscode.l10n.t('DatoCMS rejected the change: {0}', first) : first;
  return problems.length > 1 ? vscode.l10n.t('{0} (and {1} more, see the Problems panel)', text, problems.length - 1) : text;
}

/** Removes webhook basic-auth passwords (from what was opened and from the user's text) from a message. */
function redact(message: string, opened: OpenedDocument, text: string): string {
  if (opened.ref.kind !== 'webhook') return message;
  const secrets = new Set<string>();
  const fromServer = opened.resource.attributes['http_basic_password'];
  if (typeof fromServer === 'string') secrets.add(fromServer);
  try {
    const parsed: unknown = JSON.parse(text);
    const typed = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['http_basic_password'] : undefined;
    if (typeof typed === 'string') secrets.add(typed);
  } catch {
    // unparsable text: nothing more to redact
  }
  let out = message;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join('[redacted]');
  return out;
}
