// The documents feature, made with the first document: the `datocms:` file system, each document's session,
// saves (SaveFlow, SaveCommands), diagnostics, draft marks and the read-only remote versions.
//
// The save rules: DatoCMS is written only on an explicit save (auto-save is off for the DatoCMS JSON language unless
// the user turns it on); the editor's text is the user's (an answer replaces it only while it is the text saved); a
// save whose remote moved is a conflict, which the user resolves (Compare / Overwrite / Revert).
import vscode = require('vscode');
import { ApiError, CancelledError, SlidingWindow, type ApiErrorEntry } from '../cma';
import { problemsFromApiError } from '../schema';
import { ModelNotFoundError } from '../projects/projectData';
import { registryGuard } from '../projects/primaryGuard';
import { type ProjectRegistry } from '../projects/registry';
import { errorMessage, needsSignIn, type Report } from '../platform/errors';
import type { Ui } from '../platform/ui';
import { BaselineMemory } from './baselineMemory';
import { DocumentDiagnostics } from './diagnostics';
import { DocumentService } from './documentService';
import { DOCUMENT_LANGUAGE, SAVE_ACTIONS_COMMAND, type DeletedResources, type SavedDocument } from './constants';
import type { QueriesBrokenBy } from '../domain/codeImpact';
import { isDeletedDocument } from '../domain/deleted';
import { DocumentStore } from './documentStore';
import { DraftMarks } from './draftMarks';
import { EnvironmentWatch } from './environmentWatch';
import { LanguageSwitch } from './languageSwitch';
import { DatoFileSystem } from './fileSystem';
import { DOCUMENT_SCHEME, parseDocumentPath, recordOfMarkdown, type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import type { DocumentHost } from './host';
import type { Baseline, OpenedDocument, SaveBasis } from './model';
import { RemoteDocuments } from './remote';
import { SaveCommands } from './saveCommands';
import { SaveConsent } from './saveConsent';
import { SaveFlow } from './saveFlow';
import { SaveFailureBar } from './saveFailureBar';
import { SaveNotices } from './saveNotices';
import { deletedMessage } from './saveOutcome';
import { type WorkspaceTrust } from './trust';
import { tabsOf } from './tabs';

const t = vscode.l10n.t;
/** far above what opening, reverting and saving cause */
const READS_PER_MINUTE = 30;
/** The workbench reads a document again right after a failed read: within this time it gets the same answer. */
const FAILURE_ECHO_MS = 2000;
/** Editors of an environment that no longer exists, read within this time of each other, are told about once. */
const GONE_TOLD_MS = 10_000;

export interface DocumentsDeps {
  registry: ProjectRegistry;
  log: vscode.LogOutputChannel;
  extension: vscode.ExtensionContext;
  ui: Ui;
  report: Report;
  /** the workspace's queries a schema change would break (the GraphQL workbench) */
  queriesBrokenBy?: QueriesBrokenBy;
}

export class DocumentsFeature implements vscode.Disposable {
  readonly fileSystem: DatoFileSystem;
  private readonly saveEmitter = new vscode.EventEmitter<SavedDocument>();
  /** Fires after a document was saved to DatoCMS (the tree refreshes its node). */
  readonly onDidSave = this.saveEmitter.event;
  private readonly openEmitter = new vscode.EventEmitter<OpenedDocument>();
  /** Fires when a document was read from DatoCMS (the language learns its model). */
  readonly onDidOpen = this.openEmitter.event;
  /** the user's saves, Overwrite, Revert, Compare and a failed save's actions */
  readonly commands: SaveCommands;
  private readonly environments: EnvironmentWatch;
  private readonly service: DocumentService;
  private readonly store: DocumentStore;
  private readonly diagnostics: DocumentDiagnostics;
  private readonly remote = new RemoteDocuments();
  private readonly failures = new SaveFailureBar(SAVE_ACTIONS_COMMAND);
  private readonly memory: BaselineMemory;
  private readonly flow: SaveFlow;
  private readonly consent: SaveConsent;
  private readonly marks: DraftMarks;
  private readonly languages: LanguageSwitch;
  /** reads of each document in the last minute: no loop can read a document more than this */
  private readonly reads = new Map<string, SlidingWindow>();
  /** the last failed read of each document: one request and one message for the workbench's read and its retry */
  private readonly failedReads = new Map<string, { error: Error; at: number }>();
  /** when each gone environment (`project/environment`) was last told: its restored editors say it once */
  private readonly goneTold = new Map<string, number>();
  private readonly trust: WorkspaceTrust = {
    isTrusted: () => vscode.workspace.isTrusted,
    confirm: async (message, detail, action) => (await this.deps.ui.confirm({ message, detail, actions: [action] })) === action,
  };
  /** baselines to keep across a reload as soon as their editor holds unsaved changes */
  private readonly toRemember = new Map<string, Baseline>();
  /** marks editors whose resource was deleted in DatoCMS */
  private readonly deletedMarks = vscode.languages.createDiagnosticCollection('datocms-deleted');
  private readonly disposables: vscode.Disposable[] = [this.remote, this.failures, this.deletedMarks, this.saveEmitter, this.openEmitter];

  constructor(private readonly deps: DocumentsDeps) {
    const { registry, log } = deps;
    this.environments = new EnvironmentWatch(async (project, o) =>
      (await registry.data(project)).client.withEnvironment(undefined).environments.list(o),
    );
    this.service = new DocumentService((ref) => registry.data(ref.project, ref.environment), this.environments);
    this.memory = new BaselineMemory(deps.extension.workspaceState);
    // what each document's session reaches out to (the diagnostics read the store's baselines once they are made)
    const sessions: Pick<DocumentHost, 'open' | 'save' | 'restore' | 'persist'> = {
      open: (key, ref, id) => this.read(key, ref, id),
      save: (key, text, basis, request) => this.flow.save(key, text, basis, request),
      restore: (key, ref) => this.restore(key, ref),
      persist: (key, baseline) => this.persist(key, baseline),
    };
    this.store = new DocumentStore(sessions);
    this.fileSystem = new DatoFileSystem(
      registry,
      this.store,
      (uri, ref, result) => new Error(this.flow.refusal(uri, ref, result).message),
    );
    this.diagnostics = new DocumentDiagnostics((uri) => this.baseline(uri), log);
    // the guard reads the primary afresh, and the list it reads tells the environments apart for the save after it
    this.consent = new SaveConsent(
      this.trust,
      registryGuard(registry, (project) => this.environments.list(project, 0)),
      t,
      deps.queriesBrokenBy,
    );
    // ...and what the save flow and the save commands reach out to besides
    const host: DocumentHost = {
      ...sessions,
      service: this.service,
      consent: this.consent,
      diagnostics: this.diagnostics,
      failures: this.failures,
      notices: new SaveNotices(deps.ui, t),
      remote: this.remote,
      log,
      saved: (uri, result) => {
        if (result.created) this.marks.refresh();
        this.openEmitter.fire(result.document);
        const { ref } = result.document;
        this.saveEmitter.fire({ ref: ref.kind === 'markdown' ? recordOfMarkdown(ref) : ref, resource: result.document.resource });
        this.refreshOtherViews(uri, ref);
      },
      report: (whatFailed, error, ref, retry) => this.report(whatFailed, error, ref, retry),
    };
    this.flow = new SaveFlow(host);
    this.commands = new SaveCommands(host, this.store, this.flow);
    this.marks = new DraftMarks((uri) => this.baseline(uri));
    this.languages = new LanguageSwitch(log);
    this.disposables.push(
      this.languages,
      vscode.workspace.onDidOpenTextDocument((document) => void this.opened(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.changed(event)),
      vscode.workspace.onWillSaveTextDocument((event) => this.willSave(event)),
      vscode.workspace.onDidSaveTextDocument((document) => this.saved(document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === DOCUMENT_SCHEME) this.store.get(document.uri.toString())?.closed(document.getText());
      }),
      this.diagnostics,
      this.marks,
      this.fileSystem,
    );
    for (const document of vscode.workspace.textDocuments) void this.opened(document);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** What the document at `uri` was read from and its text derives from (undefined before it was read). */
  baseline(uri: vscode.Uri): SaveBasis | undefined {
    return this.store.baseline(uri.toString());
  }

  /**
   * The text an editor of `uri` shows, just opened, becomes its baseline when it is the rendering the store read
   * (as when the workbench tells it opened); false when nothing tells what the text derives from.
   */
  adoptOpened(uri: vscode.Uri, text: string): boolean {
    return this.store.session(uri.toString()).adopt(text);
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
      const message = deletedMessage(t, ref);
      this.store.session(key).markDeleted(message);
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

  /**
   * The record at `uri` changed on DatoCMS through the extension (a restored version): a clean editor shows
   * the new state, an editor with unsaved changes keeps them (its next save is a conflict).
   */
  async remoteChanged(uri: vscode.Uri): Promise<void> {
    const ref = parseDocumentPath(uri.path);
    if (!ref) return;
    const key = uri.toString();
    const document = await this.service.open(ref, { id: this.baseline(uri)?.opened.resource.id });
    const isDirty = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key)?.isDirty ?? false;
    if (this.store.get(key)?.remoteChanged(document, isDirty)) this.fileSystem.changed(uri);
  }

  /** DatoCMS changed the record outside a save (a publication…): a clean editor shows its new state. */
  async refreshFromRemote(uri: vscode.Uri): Promise<void> {
    const ref = parseDocumentPath(uri.path);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!ref || !document || document.isDirty) return;
    await this.store.session(uri.toString()).reload(ref);
    this.fileSystem.changed(uri);
  }

  /**
   * A record or one of its fields as Markdown was saved: its other clean editors (the record's JSON, its fields'
   * Markdown) show the new state; one with unsaved changes keeps them (its save meets the change).
   */
  private refreshOtherViews(saved: vscode.Uri, ref: DocumentRef): void {
    if (ref.kind !== 'record' && ref.kind !== 'markdown') return;
    for (const document of vscode.workspace.textDocuments) {
      const other = document.uri.scheme === DOCUMENT_SCHEME && !document.uri.query ? parseDocumentPath(document.uri.path) : undefined;
      const sameRecord = other && (other.kind === 'record' || other.kind === 'markdown') && other.id === ref.id;
      if (!sameRecord || other.kind === ref.kind || document.uri.toString() === saved.toString()) continue;
      if (other.project !== ref.project || other.environment !== ref.environment || document.isDirty) continue;
      this.refreshFromRemote(document.uri).catch((error: unknown) =>
        this.deps.log.warn(`Showing the saved record in the ${describeRef(other)}: ${errorMessage(error)}`),
      );
    }
  }

  /** Errors DatoCMS gave about the record (refusing to publish it), shown where they point; returns how many. */
  showServerProblems(uri: vscode.Uri, errors: ApiErrorEntry[]): number {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!document) return 0;
    const problems = problemsFromApiError(document.getText(), errors);
    this.diagnostics.show(uri, problems, 'server');
    return problems.length;
  }

  // What a document's session reaches out to (its DocumentHost).

  private async read(key: string, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument> {
    const uri = vscode.Uri.parse(key);
    if (!this.readAllowance(key).take()) {
      // something reads it again and again (a loop): refused before any request
      this.deps.log.warn(`Not reading the ${describeRef(ref)} again: it was read ${READS_PER_MINUTE} times this minute.`);
      throw vscode.FileSystemError.Unavailable(t('The {0} was read too often in a minute; try again shortly.', describeRef(ref)));
    }
    const failed = this.failedReads.get(key);
    if (failed && Date.now() - failed.at < FAILURE_ECHO_MS) throw failed.error;
    try {
      const document = await this.deps.ui.withProgress(
        { location: 'window', title: t('Loading the {0} from DatoCMS…', describeRef(ref)) },
        () => this.service.open(ref, { id }),
      );
      this.openEmitter.fire(document);
      this.diagnostics.clearServer(uri);
      this.failedReads.delete(key);
      return document;
    } catch (error) {
      const failure = this.readError(uri, ref, error);
      if (!(error instanceof CancelledError)) this.failedReads.set(key, { error: failure, at: Date.now() });
      throw failure;
    }
  }

  private readAllowance(key: string): SlidingWindow {
    let allowance = this.reads.get(key);
    if (!allowance) this.reads.set(key, (allowance = new SlidingWindow(READS_PER_MINUTE, 60_000)));
    return allowance;
  }

  private async restore(key: string, ref: DocumentRef): Promise<Baseline | undefined> {
    const kept = this.memory.get(key);
    if (!kept) return undefined;
    const opened = await this.service.rendered(ref, kept.resource, {}, kept.environment);
    return { opened, basisText: kept.basisText };
  }

  private persist(key: string, baseline: Baseline | undefined): void {
    this.toRemember.delete(key);
    if (!baseline) return this.memory.set(key, undefined);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (document && document.getText() !== baseline.basisText) this.memory.set(key, baseline);
    else this.toRemember.set(key, baseline);
  }

  // The workbench's events on `datocms:` documents.

  private async opened(document: vscode.TextDocument): Promise<void> {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    // the document reopens as DatoCMS JSON (see languageSwitch.ts) and is taken up then
    if (!this.languages.switch(document)) return;
    const ref = parseDocumentPath(document.uri.path);
    if (!ref) return;
    const session = this.store.session(document.uri.toString());
    const text = document.getText();
    if (!session.adopt(text)) await session.restoreBaseline(ref, text);
    this.diagnostics.recheck(document.uri);
    this.marks.refresh();
  }

  private changed(event: vscode.TextDocumentChangeEvent): void {
    const { document, contentChanges } = event;
    if (document.uri.scheme !== DOCUMENT_SCHEME || contentChanges.length === 0) return;
    const key = document.uri.toString();
    const session = this.store.get(key);
    // The workbench may have put a rendering in the editor (a revert, a reload after a save: applied as
    // small edits, not one replacement): then that rendering is the baseline.
    const length = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
    if (session?.mayAdopt(length) && session.adopt(document.getText())) {
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
    const key = document.uri.toString();
    const text = document.getText();
    const session = this.store.session(key);
    // the save command sent it already: the workbench's write finds nothing to send
    if (session.isSaved(text)) return session.willSave();
    const mayWrite = this.mayWrite(event.reason, document);
    this.consent.announce(key, text, mayWrite);
    if (mayWrite) session.willSave();
  }

  /** After a save the editor shows the server's answer, unless the user typed meanwhile. */
  private saved(document: vscode.TextDocument): void {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    // document.isDirty is not reliable at this moment (it reads false even when the user typed during
    // the save): the session compares the text with what was written.
    if (this.store.get(document.uri.toString())?.refreshAfterSave(document.getText())) this.fileSystem.changed(document.uri);
  }

  private mayWrite(reason: vscode.TextDocumentSaveReason | undefined, document: vscode.TextDocument): boolean {
    if (reason === undefined || reason === vscode.TextDocumentSaveReason.Manual) return true;
    // a field's Markdown is never auto-saved: its language's auto-save is every Markdown file's, not a choice for DatoCMS
    if (parseDocumentPath(document.uri.path)?.kind === 'markdown') return false;
    // An auto-save writes to DatoCMS only when the user (not a workspace) turned auto-save on for the
    // DatoCMS JSON language.
    const setting = vscode.workspace.getConfiguration('files', { languageId: DOCUMENT_LANGUAGE }).inspect<string>('autoSave');
    return setting?.globalLanguageValue !== undefined && setting.globalLanguageValue !== 'off';
  }

  private readError(uri: vscode.Uri, ref: DocumentRef, error: unknown): Error {
    if (error instanceof vscode.FileSystemError) return error;
    if ((error instanceof ApiError && error.status === 404 && !error.environmentMissing) || error instanceof ModelNotFoundError) {
      return vscode.FileSystemError.FileNotFound(uri);
    }
    const message = errorMessage(error);
    if (error instanceof CancelledError) return vscode.FileSystemError.Unavailable(message);
    this.deps.log.error(`Opening the ${describeRef(ref)} failed: ${message}`);
    if (!this.toldGone(ref, error)) this.report(t('Could not open the {0}', describeRef(ref)), error, ref);
    if (needsSignIn(error) || (error instanceof ApiError && error.status === 403)) return vscode.FileSystemError.NoPermissions(message);
    return vscode.FileSystemError.Unavailable(message);
  }

  /** Whether the user was just told the document's environment does not exist (else it is noted as told now). */
  private toldGone(ref: DocumentRef, error: unknown): boolean {
    if (!(error instanceof ApiError && error.environmentMissing)) return false;
    const place = `${ref.project}/${ref.environment}`;
    const told = this.goneTold.get(place);
    if (told !== undefined && Date.now() - told < GONE_TOLD_MS) return true;
    this.goneTold.set(place, Date.now());
    return false;
  }

  private report(whatFailed: string, error: unknown, ref: DocumentRef, retry?: () => unknown): void {
    this.deps.report(whatFailed, error, { project: ref.project, retry });
  }
}
