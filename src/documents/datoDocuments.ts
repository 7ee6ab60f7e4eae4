// The documents feature, made with the first document: the `datocms:` file system, diagnostics, the read-only
// remote versions and the conflict commands.
//
// The save rules: a write to DatoCMS happens only for an explicit save (auto-save is off for the
// DatoCMS JSON language unless the user turns it on for it); the editor's text is the user's (the
// server's answer replaces it only when it is still exactly the text that was saved); a save whose
// remote moved is the workbench's own conflict (Compare / Overwrite) with DatoCMS semantics behind it.
import vscode = require('vscode');
import { ApiError, CancelledError, type ApiErrorEntry } from '../cma';
import { problemsFromApiError } from '../schema';
import { ModelNotFoundError } from '../projects/projectData';
import { type ProjectRegistry } from '../projects/registry';
import { errorMessage, needsSignIn, type Report } from '../platform/errors';
import { BaselineMemory } from './baselineMemory';
import { DocumentDiagnostics } from './diagnostics';
import { DocumentService, type OpenedDocument, type SaveResult } from './documentService';
import { DOCUMENT_LANGUAGE, SAVE_ACTIONS_COMMAND, SIGN_IN_AGAIN_COMMAND, type DeletedResources, type SavedDocument } from './constants';
import { isDeletedDocument } from '../domain/deleted';
import { ConflictError, type Baseline, type WriteResult } from './documentStore';
import { DatoFileSystem } from './fileSystem';
import { DOCUMENT_SCHEME, describeRef, documentPath, parseDocumentPath, type DocumentRef } from '../domain/paths';
import { RemoteDocuments } from './remote';
import {
  actionLabel,
  autoSaveMessage,
  conflictMessage,
  failedMessage,
  problemsMessage,
  SaveFailureBar,
  savedMessage,
  signInMessage,
  unchangedMessage,
  type SaveAction,
} from './saveOutcome';
import { notConfirmedMessage, type WorkspaceTrust } from './trust';
import { documentUri } from '../platform/uris';
import { showCreated } from './created';
import { redact } from './redact';
import { SaveConsent, type Consent } from './saveConsent';
import { activeDocumentUri, dirtyTab, tabsOf } from './tabs';

const t = vscode.l10n.t;

export interface DocumentsDeps {
  registry: ProjectRegistry;
  log: vscode.LogOutputChannel;
  extension: vscode.ExtensionContext;
  report: Report;
}

export class DocumentsFeature implements vscode.Disposable {
  readonly fileSystem: DatoFileSystem;
  private readonly saveEmitter = new vscode.EventEmitter<SavedDocument>();
  /** Fires after a document was saved to DatoCMS (the tree refreshes its node). */
  readonly onDidSave = this.saveEmitter.event;
  private readonly openEmitter = new vscode.EventEmitter<OpenedDocument>();
  /** Fires when a document was read from DatoCMS (the language learns its model). */
  readonly onDidOpen = this.openEmitter.event;
  private readonly service: DocumentService;
  private readonly diagnostics: DocumentDiagnostics;
  private readonly remote = new RemoteDocuments();
  private readonly failures = new SaveFailureBar(SAVE_ACTIONS_COMMAND);
  private readonly memory: BaselineMemory;
  private readonly trust: WorkspaceTrust = {
    isTrusted: () => vscode.workspace.isTrusted,
    confirm: async (message, detail, action) =>
      (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
  };
  private readonly consent: SaveConsent;
  /** baselines to keep across a reload as soon as their editor holds unsaved changes */
  private readonly toRemember = new Map<string, Baseline>();
  /** documents whose next save was asked (by our Overwrite command) to overwrite the server's version */
  private readonly overwriteNext = new Set<string>();
  /** marks editors whose resource was deleted in DatoCMS */
  private readonly deletedMarks = vscode.languages.createDiagnosticCollection('datocms-deleted');
  private readonly disposables: vscode.Disposable[] = [this.remote, this.failures, this.deletedMarks, this.saveEmitter, this.openEmitter];

  constructor(private readonly deps: DocumentsDeps) {
    this.service = new DocumentService((ref) => deps.registry.data(ref.project, ref.environment));
    this.memory = new BaselineMemory(deps.extension.workspaceState);
    this.consent = new SaveConsent(this.trust, deps.registry, t);
    this.fileSystem = new DatoFileSystem(deps.registry, {
      open: (uri, ref, id) => this.open(uri, ref, id),
      remoteMoved: (baseline) => this.service.remoteMoved(baseline),
      mayCheck: (uri, text, baseline) => this.mayCheck(uri, text, baseline),
      save: (uri, text, baseline, overwrite, checked) => this.save(uri, text, baseline, overwrite, checked),
      restore: (uri, ref) => this.restore(uri, ref),
      persist: (uri, baseline) => this.persist(uri, baseline),
    });
    this.diagnostics = new DocumentDiagnostics((uri) => this.fileSystem.baseline(uri), deps.log);
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((document) => void this.opened(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.changed(event)),
      vscode.workspace.onWillSaveTextDocument((event) => this.willSave(event)),
      vscode.workspace.onDidSaveTextDocument((document) => this.saved(document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === DOCUMENT_SCHEME) this.fileSystem.store.closed(document.uri.toString(), document.getText());
      }),
      this.diagnostics,
      this.fileSystem,
    );
    for (const document of vscode.workspace.textDocuments) void this.opened(document);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /**
   * Resources were deleted in DatoCMS: a clean editor of one closes; an editor with unsaved changes keeps
   * its text, is marked deleted, and its saves are refused before any request.
   */
  async documentsDeleted(gone: DeletedResources): Promise<void> {
    const clean: vscode.Tab[] = [];
    for (const document of vscode.workspace.textDocuments) {
      const ref = document.uri.scheme === DOCUMENT_SCHEME ? parseDocumentPath(document.uri.path) : undefined;
      if (!ref || !isDeletedDocument(ref, gone)) continue;
      const key = document.uri.toString();
      const message = t(
        'The {0} was deleted in DatoCMS; your text is kept — Save As… to keep a copy. It is never saved back.',
        describeRef(ref),
      );
      this.fileSystem.store.markDeleted(key, message);
      this.memory.set(key, undefined);
      this.failures.clear(document.uri);
      const tabs = tabsOf(document.uri);
      if (document.isDirty) {
        const mark = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), message, vscode.DiagnosticSeverity.Warning);
        mark.source = 'DatoCMS';
        this.deletedMarks.set(document.uri, [mark]);
        this.deps.log.info(
          `The ${describeRef(ref)} was deleted in DatoCMS; its editor has unsaved changes and stays open, marked deleted.`,
        );
      } else {
        clean.push(...tabs);
      }
    }
    if (clean.length) await vscode.window.tabGroups.close(clean);
  }

  /** Shows the server's current version beside the editor's (left: DatoCMS, right: yours). */
  async compare(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref) return this.notADocument();
    try {
      const baseline = this.fileSystem.baseline(uri);
      const remote = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: t('Fetching the {0} from DatoCMS…', describeRef(ref)) },
        () => this.service.open(ref, { id: baseline?.opened.resource.id }),
      );
      await this.showDiff(uri, ref, remote);
    } catch (error) {
      this.report(t('Could not fetch the {0} from DatoCMS', describeRef(ref)), error, ref, () => this.compare(uri));
    }
  }

  /**
   * The record at `uri` changed on DatoCMS through the extension (a restored version): a clean editor shows
   * the new state, an editor with unsaved changes keeps them (its next save is a conflict).
   */
  async remoteChanged(uri: vscode.Uri): Promise<void> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) return;
    const key = uri.toString();
    const document = await this.service.open(ref, { id: this.fileSystem.baseline(uri)?.opened.resource.id });
    const isDirty = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key)?.isDirty ?? false;
    if (this.fileSystem.store.remoteChanged(key, document, isDirty)) this.fileSystem.changed(uri);
  }

  /** Saves the editor's text even though the server's version changed: the user's changed keys win. */
  async overwrite(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref) return this.notADocument();
    const tab = dirtyTab(uri);
    if (!tab) {
      void vscode.window.showInformationMessage(t('The {0} has no unsaved changes to send.', describeRef(ref)));
      return;
    }
    const key = uri.toString();
    this.overwriteNext.add(key);
    try {
      await this.fileSystem.store.prepareOverwrite(key, ref);
      this.deps.log.info(`Overwriting the ${describeRef(ref)}: your changed keys go on top of the DatoCMS version.`);
      const saved = await vscode.workspace.save(uri);
      if (!saved) this.deps.log.warn(`The ${describeRef(ref)} was not saved.`);
    } catch (error) {
      this.report(t('Could not overwrite the {0}', describeRef(ref)), error, ref);
    } finally {
      this.overwriteNext.delete(key);
    }
  }

  /** Drops the editor's changes and shows the server's current version. */
  async revert(uri = activeDocumentUri()): Promise<void> {
    if (!uri || !parseDocumentPath(uri.path)) return this.notADocument();
    await vscode.window.showTextDocument(uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    this.failures.clear(uri);
  }

  /** DatoCMS changed the record outside a save (a publication…): a clean editor shows its new state. */
  async refreshFromRemote(uri: vscode.Uri): Promise<void> {
    const ref = parseDocumentPath(uri.path);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!ref || !document || document.isDirty) return;
    await this.fileSystem.store.reload(uri.toString(), ref);
    this.fileSystem.changed(uri);
  }

  /** Errors DatoCMS gave about the record (refusing to publish it), shown where they point; returns how many. */
  showServerProblems(uri: vscode.Uri, errors: ApiErrorEntry[]): number {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!document) return 0;
    const problems = problemsFromApiError(document.getText(), errors);
    this.diagnostics.show(uri, problems, 'server');
    return problems.length;
  }

  private async opened(document: vscode.TextDocument): Promise<void> {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    if (document.languageId !== DOCUMENT_LANGUAGE) {
      // The DatoCMS JSON language keeps auto-save off (see package.json); the document reopens with it.
      await vscode.languages.setTextDocumentLanguage(document, DOCUMENT_LANGUAGE);
      return;
    }
    const ref = parseDocumentPath(document.uri.path);
    if (!ref) return;
    const text = document.getText();
    if (!this.fileSystem.store.adopt(document.uri.toString(), text)) {
      await this.fileSystem.store.restoreBaseline(document.uri.toString(), ref, text);
    }
    this.diagnostics.recheck(document.uri);
  }

  private changed(event: vscode.TextDocumentChangeEvent): void {
    const { document, contentChanges } = event;
    if (document.uri.scheme !== DOCUMENT_SCHEME || contentChanges.length === 0) return;
    const key = document.uri.toString();
    // The workbench may have put a rendering in the editor (a revert, a reload after a save: applied as
    // small edits, not one replacement): then that rendering is the baseline.
    const length = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
    if (this.fileSystem.store.mayAdopt(key, length) && this.fileSystem.store.adopt(key, document.getText())) {
      this.failures.clear(document.uri);
      return;
    }
    const remember = this.toRemember.get(key);
    if (remember) {
      this.toRemember.delete(key);
      this.memory.set(key, remember);
    }
  }

  private willSave(event: vscode.TextDocumentWillSaveEvent): void {
    const { document } = event;
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    const mayWrite = this.mayWrite(event.reason);
    this.consent.announce(document.uri.toString(), document.getText(), mayWrite);
    if (mayWrite) this.fileSystem.store.willSave(document.uri.toString(), document.getText());
  }

  /** Before the check that precedes a save reads the remote, the save's confirmations are asked. */
  private async mayCheck(uri: vscode.Uri, text: string, baseline: Baseline): Promise<boolean> {
    const keys = this.service.changedKeys(text, baseline);
    // nothing valid to send: the write says so, without a question
    if (!keys) return true;
    return (await this.consent.askBeforeCheck(uri.toString(), baseline.opened.ref, keys, text)) === 'given';
  }

  /** After a save the editor shows the server's answer, unless the user typed meanwhile. */
  private saved(document: vscode.TextDocument): void {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    // document.isDirty is not reliable at this moment (it reads false even when the user typed during
    // the save): the store compares the text with what was written.
    if (this.fileSystem.store.refreshAfterSave(document.uri.toString(), document.getText())) this.fileSystem.changed(document.uri);
  }

  private mayWrite(reason: vscode.TextDocumentSaveReason | undefined): boolean {
    if (reason === undefined || reason === vscode.TextDocumentSaveReason.Manual) return true;
    // An auto-save writes to DatoCMS only when the user (not a workspace) turned auto-save on for the
    // DatoCMS JSON language.
    const setting = vscode.workspace.getConfiguration('files', { languageId: DOCUMENT_LANGUAGE }).inspect<string>('autoSave');
    return setting?.globalLanguageValue !== undefined && setting.globalLanguageValue !== 'off';
  }

  private async open(uri: vscode.Uri, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument> {
    try {
      const document = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: t('Loading the {0} from DatoCMS…', describeRef(ref)) },
        () => this.service.open(ref, { id }),
      );
      this.openEmitter.fire(document);
      this.diagnostics.clearServer(uri);
      return document;
    } catch (error) {
      throw this.readError(uri, ref, error);
    }
  }

  private async restore(uri: vscode.Uri, ref: DocumentRef): Promise<Baseline | undefined> {
    const kept = this.memory.get(uri.toString());
    if (!kept) return undefined;
    const opened = await this.service.rendered(ref, kept.resource);
    return { opened, basisText: kept.basisText };
  }

  private persist(uri: vscode.Uri, baseline: Baseline | undefined): void {
    const key = uri.toString();
    this.toRemember.delete(key);
    if (!baseline) return this.memory.set(key, undefined);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (document && document.getText() !== baseline.basisText) this.memory.set(key, baseline);
    else this.toRemember.set(key, baseline);
  }

  private async save(
    uri: vscode.Uri,
    text: string,
    baseline: Baseline,
    overwrite: OpenedDocument | undefined,
    checked: boolean,
  ): Promise<WriteResult> {
    const { ref } = baseline.opened;
    const key = uri.toString();
    if (!this.consent.mayWrite(key, text)) throw new Error(autoSaveMessage());
    const explicitOverwrite = this.overwriteNext.has(key) || overwrite !== undefined;
    this.diagnostics.clearServer(uri);
    let consent = 'given' as Consent;
    const confirm = async (keys: string[]) => (consent = await this.consent.forWrite(key, ref, keys, text)) === 'given';
    const result = await this.withSaveProgress(ref, explicitOverwrite, (onJob, signal) =>
      this.service.save(text, baseline, { onJob, signal, checked, ...(overwrite ? { overwrite } : {}), confirm }),
    );
    if (result.status === 'declined' && consent === 'guard') {
      this.deps.log.info(`Not sent: changing the ${describeRef(ref)} in the primary environment ${ref.environment} was not confirmed.`);
      throw vscode.FileSystemError.NoPermissions(
        t(
          'The {0} was not saved: changing the schema of the primary environment "{1}" was not confirmed. Your changes are still in the editor.',
          describeRef(ref),
          ref.environment,
        ),
      );
    }
    if (result.status !== 'saved' && result.status !== 'unchanged') return this.failed(uri, ref, baseline, text, result);
    this.failures.clear(uri);
    if (result.status === 'unchanged') {
      vscode.window.setStatusBarMessage(unchangedMessage(), 4000);
      return { status: 'unchanged' };
    }
    this.deps.log.info(
      `Saved the ${describeRef(ref)} (${documentPath(ref)}): ${result.sentKeys.join(', ')}${overwrite ? ' over a newer version on DatoCMS' : ''}.`,
    );
    vscode.window.setStatusBarMessage(savedMessage(ref, result.sentKeys), 5000);
    this.openEmitter.fire(result.document);
    this.saveEmitter.fire({ ref, resource: result.document.resource });
    if (result.renamed) void this.announceRename(ref, result.renamed);
    const { created } = result;
    if (created)
      showCreated(uri, documentUri(created)).catch((error: unknown) =>
        this.deps.log.warn(`Opening the created ${created.kind}: ${errorMessage(error)}`),
      );
    setImmediate(() => this.diagnostics.recheck(uri));
    return { status: 'saved', document: result.document, basisText: text };
  }

  /** Records what can be done about a failed save and throws the one message the workbench shows. */
  private failed(
    uri: vscode.Uri,
    ref: DocumentRef,
    baseline: Baseline,
    text: string,
    result: Exclude<SaveResult, { status: 'saved' | 'unchanged' }>,
  ): never {
    switch (result.status) {
      case 'declined':
        this.deps.log.info(`Not sent: saving the ${describeRef(ref)} was not confirmed (untrusted workspace).`);
        throw vscode.FileSystemError.NoPermissions(notConfirmedMessage(t, describeRef(ref)));
      case 'invalid': {
        this.diagnostics.show(uri, result.problems, result.origin);
        this.deps.log.info(
          `Not sent: the ${describeRef(ref)} has ${result.problems.length} problem(s), the first: ${result.problems[0]?.message ?? '?'}`,
        );
        if (result.error) this.deps.log.warn(redact(`Saving the ${describeRef(ref)}: ${result.error.message}`, baseline.opened, text));
        const message = problemsMessage(ref, result.problems, result.origin);
        this.failures.set(uri, { ref, message, actions: ['showProblems', 'revert', 'showLog'] });
        throw new Error(message);
      }
      case 'conflict': {
        this.deps.log.warn(`Not saved: the ${describeRef(ref)} changed on DatoCMS since it was opened.`);
        const message = conflictMessage(ref);
        this.failures.set(uri, { ref, message, actions: ['compare', 'overwrite', 'revert'] });
        throw new ConflictError(result.remote, message);
      }
      case 'failed': {
        if (result.error instanceof CancelledError)
          throw new Error(
            t('The save of the {0} was cancelled; it may still be applied on DatoCMS. Compare before saving again.', describeRef(ref)),
          );
        const detail = redact(errorMessage(result.error), baseline.opened, text);
        this.deps.log.error(`Saving the ${describeRef(ref)} failed: ${detail}`);
        if (needsSignIn(result.error)) {
          const message = signInMessage(ref, detail);
          this.failures.set(uri, { ref, message, actions: ['signInAgain', 'retry', 'showLog'] });
          throw vscode.FileSystemError.NoPermissions(message);
        }
        const message = failedMessage(ref, detail);
        this.failures.set(uri, { ref, message, actions: ['retry', 'compare', 'showLog'] });
        throw new Error(message);
      }
    }
  }

  /** The actions of the active editor's failed save, offered from the status bar. */
  async offerSaveActions(uri = activeDocumentUri()): Promise<void> {
    const failure = uri && this.failures.failure(uri);
    if (!uri || !failure) return;
    const picked = await vscode.window.showQuickPick(
      failure.actions.map((action) => ({ label: actionLabel(action), action })),
      { title: failure.message, placeHolder: t('What do you want to do?') },
    );
    if (picked) await this.runSaveAction(uri, failure.ref, picked.action);
  }

  private async runSaveAction(uri: vscode.Uri, ref: DocumentRef, action: SaveAction): Promise<void> {
    switch (action) {
      case 'compare':
        return this.compare(uri);
      case 'overwrite':
        return this.overwrite(uri);
      case 'revert':
        return this.revert(uri);
      case 'showProblems':
        return void vscode.commands.executeCommand('workbench.actions.view.problems');
      case 'signInAgain':
        return void vscode.commands.executeCommand(SIGN_IN_AGAIN_COMMAND, ref.project);
      case 'retry':
        return void vscode.workspace.save(uri);
      case 'showLog':
        return this.deps.log.show(true);
    }
  }

  /**
   * Model and field updates run as jobs on DatoCMS: a notification stays until the job ends, and Cancel
   * stops waiting for it (the message then says the change may still be applied).
   */
  private async withSaveProgress(
    ref: DocumentRef,
    overwrite: boolean,
    task: (onJob: (jobId: string) => void, signal: AbortSignal | undefined) => Promise<SaveResult>,
  ): Promise<SaveResult> {
    const title = overwrite ? t('Overwriting the {0} on DatoCMS…', describeRef(ref)) : t('Saving the {0} to DatoCMS…', describeRef(ref));
    const controller = new AbortController();
    // Only a running job gets a notification (with Cancel); a plain request shows in the status bar.
    let notification: Thenable<unknown> | undefined;
    let finish: () => void = () => undefined;
    const onJob = (jobId: string) => {
      notification ??= vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        (progress, token) => {
          progress.report({ message: t('waiting for DatoCMS to apply the change (job {0})', jobId) });
          token.onCancellationRequested(() => controller.abort());
          return new Promise<void>((resolve) => (finish = resolve));
        },
      );
    };
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => task(onJob, controller.signal));
    } finally {
      finish();
    }
  }

  /** A diff editor: the server's version (read-only) on the left, the user's editable one on the right. */
  private async showDiff(uri: vscode.Uri, ref: DocumentRef, remote: OpenedDocument): Promise<void> {
    const left = this.remote.show(uri, remote);
    const name = documentPath(ref).split('/').pop() ?? '';
    await vscode.commands.executeCommand('vscode.diff', left, uri, t('{0} (DatoCMS) ↔ Yours', name));
  }

  private async announceRename(before: DocumentRef, after: DocumentRef): Promise<void> {
    const newUri = documentUri(after);
    const apiKey = after.kind === 'model' || after.kind === 'field' ? after.apiKey : '';
    const openNew = t('Open at New Path');
    const choice = await vscode.window.showInformationMessage(
      t(
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
    if ((error instanceof ApiError && error.status === 404 && !error.environmentMissing) || error instanceof ModelNotFoundError) {
      return vscode.FileSystemError.FileNotFound(uri);
    }
    const message = errorMessage(error);
    if (error instanceof CancelledError) return vscode.FileSystemError.Unavailable(message);
    this.deps.log.error(`Opening the ${describeRef(ref)} failed: ${message}`);
    this.report(t('Could not open the {0}', describeRef(ref)), error, ref);
    if (needsSignIn(error) || (error instanceof ApiError && error.status === 403)) return vscode.FileSystemError.NoPermissions(message);
    return vscode.FileSystemError.Unavailable(message);
  }

  private report(whatFailed: string, error: unknown, ref: DocumentRef, retry?: () => unknown): void {
    this.deps.report(whatFailed, error, { project: ref.project, ...(retry ? { retry } : {}) });
  }

  private notADocument(): void {
    void vscode.window.showWarningMessage(t('Open a DatoCMS document (a datocms: editor) first.'));
  }
}
