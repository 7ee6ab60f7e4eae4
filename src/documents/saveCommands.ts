// The user's own saves of `datocms:` documents: Ctrl+S / Cmd+S (the save command), Overwrite, Revert, Compare and
// the actions of a failed save. The save command sends the text itself and tells a refusal in our words, with what
// can be done about it (Compare, Overwrite, Show Problems…); only a save DatoCMS accepted reaches the workbench's
// own save, which then finds nothing left to send and marks the editor saved.
import vscode = require('vscode');
import { describeRef, documentPath, parseDocumentPath, type DocumentRef } from '../domain/paths';
import { SIGN_IN_AGAIN_COMMAND } from './constants';
import type { DocumentDiagnostics } from './diagnostics';
import type { DocumentService } from './documentService';
import type { DocumentStore } from './documentStore';
import { createProblems, isUncreated } from './drafts';
import type { OpenedDocument, SaveResult } from './model';
import type { RemoteDocuments } from './remote';
import type { SaveFlow } from './saveFlow';
import { actionLabel, buttonLabel, unchangedMessage, untouchedDraftMessage, type SaveAction, type SaveFailureBar } from './saveOutcome';
import { activeDocumentUri, dirtyTab } from './tabs';

const t = vscode.l10n.t;

export const SAVE_COMMAND = 'datocms.documents.save';

export interface SaveCommandsDeps {
  store: DocumentStore;
  flow: SaveFlow;
  service: DocumentService;
  diagnostics: DocumentDiagnostics;
  failures: SaveFailureBar;
  remote: RemoteDocuments;
  log: vscode.LogOutputChannel;
  report(whatFailed: string, error: unknown, ref: DocumentRef, retry?: () => unknown): void;
}

export class SaveCommands {
  constructor(private readonly deps: SaveCommandsDeps) {}

  /** Ctrl+S on a DatoCMS document: sends it, and tells in one message why when DatoCMS did not take it. */
  async save(uri = activeDocumentUri()): Promise<void> {
    const document = uri && openDocument(uri);
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref || !document) return notADocument();
    if (uri.query === 'compare') {
      void vscode.window.showInformationMessage(t('This is a copy from another environment, shown for comparison: it is not saved.'));
      return;
    }
    const session = this.deps.store.session(uri.toString());
    const text = document.getText();
    if (!document.isDirty) {
      const basis = session.baseline;
      if (!basis || !isUncreated(basis.opened)) {
        vscode.window.setStatusBarMessage(unchangedMessage(), 4000);
        return;
      }
      // An untouched draft: say what it still needs (a complete one is created as it is).
      const problems = createProblems(basis.opened, text);
      if (problems.length > 0) {
        this.deps.diagnostics.show(uri, problems, 'local');
        void vscode.window.showWarningMessage(untouchedDraftMessage(ref, problems));
        return;
      }
    }
    await this.settle(document, text, await session.save(ref, text, { explicit: true }));
  }

  /** Saves the editor's text even though the server's version changed: the user's changed keys win. */
  async overwrite(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    const document = uri && openDocument(uri);
    if (!uri || !ref || !document) return notADocument();
    if (!dirtyTab(uri)) {
      void vscode.window.showInformationMessage(t('The {0} has no unsaved changes to send.', describeRef(ref)));
      return;
    }
    const session = this.deps.store.session(uri.toString());
    try {
      const remote = session.conflict ?? (await this.fetch(ref, session.baseline?.opened.resource.id));
      this.deps.log.info(`Overwriting the ${describeRef(ref)}: your changed keys go on top of the DatoCMS version.`);
      const text = document.getText();
      await this.settle(document, text, await session.save(ref, text, { explicit: true, overwrite: remote }));
    } catch (error) {
      this.deps.report(t('Could not overwrite the {0}', describeRef(ref)), error, ref);
    }
  }

  /** Drops the editor's changes and shows the server's current version. */
  async revert(uri = activeDocumentUri()): Promise<void> {
    if (!uri || !parseDocumentPath(uri.path)) return notADocument();
    await vscode.window.showTextDocument(uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    this.deps.failures.clear(uri);
  }

  /** Shows the server's current version beside the editor's (left: DatoCMS, right: yours). */
  async compare(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref) return notADocument();
    try {
      const remote = await this.fetch(ref, this.deps.store.baseline(uri.toString())?.opened.resource.id);
      await this.showDiff(uri, ref, remote);
    } catch (error) {
      this.deps.report(t('Could not fetch the {0} from DatoCMS', describeRef(ref)), error, ref, () => this.compare(uri));
    }
  }

  /** The actions of the active editor's failed save, offered from the status bar. */
  async offerSaveActions(uri = activeDocumentUri()): Promise<void> {
    const failure = uri && this.deps.failures.failure(uri);
    if (!uri || !failure) return;
    const picked = await vscode.window.showQuickPick(
      failure.actions.map((action) => ({ label: actionLabel(action), action })),
      { title: failure.message, placeHolder: t('What do you want to do?') },
    );
    if (picked) await this.run(uri, failure.ref, picked.action);
  }

  /**
   * After the save command's request: an accepted save marks the editor saved (unless the user typed meanwhile:
   * then the typed text stays unsaved), a refused one is told with its actions.
   */
  private async settle(document: vscode.TextDocument, text: string, result: SaveResult): Promise<void> {
    const { uri } = document;
    if (result.status === 'saved' || result.status === 'unchanged') {
      if (document.isDirty && document.getText() === text) await document.save();
      return;
    }
    const ref = parseDocumentPath(uri.path)!;
    const refusal = this.deps.flow.refusal(uri, ref, result);
    if (refusal.quiet) return;
    void this.tell(uri, ref, refusal.message, refusal.severity, refusal.actions, result.status === 'conflict' ? result.remote : undefined);
  }

  /** One notification: the message and its actions; the chosen one runs. */
  private async tell(
    uri: vscode.Uri,
    ref: DocumentRef,
    message: string,
    severity: 'error' | 'warning',
    actions: SaveAction[],
    remote: OpenedDocument | undefined,
  ): Promise<void> {
    const show = severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
    const buttons = actions.map((action) => ({ title: buttonLabel(action), action }));
    const chosen = await show(message, ...buttons);
    if (!chosen) return;
    if (chosen.action === 'compare' && remote) return this.showDiff(uri, ref, remote);
    await this.run(uri, ref, chosen.action);
  }

  private async run(uri: vscode.Uri, ref: DocumentRef, action: SaveAction): Promise<void> {
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
        return this.save(uri);
      case 'showLog':
        return this.deps.log.show(true);
    }
  }

  private fetch(ref: DocumentRef, id: string | undefined): Thenable<OpenedDocument> {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: t('Fetching the {0} from DatoCMS…', describeRef(ref)) },
      () => this.deps.service.open(ref, { id }),
    );
  }

  /** A diff editor: the server's version (read-only) on the left, the user's editable one on the right. */
  private async showDiff(uri: vscode.Uri, ref: DocumentRef, remote: OpenedDocument): Promise<void> {
    const left = this.deps.remote.show(uri, remote);
    const name = documentPath(ref).split('/').pop() ?? '';
    await vscode.commands.executeCommand('vscode.diff', left, uri, t('{0}: DatoCMS ↔ Yours', name));
  }
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

function notADocument(): void {
  void vscode.window.showWarningMessage(t('Open a DatoCMS document (a datocms: editor) first.'));
}
