// The user's own saves of `datocms:` documents: Ctrl+S / Cmd+S (the save command), Overwrite, Revert, Compare and
// the actions of a failed save. The save command sends the text itself and tells a refusal in our words, with what
// can be done about it (Compare, Overwrite, Show Problems…); only a save DatoCMS accepted reaches the workbench's
// own save, which then finds nothing left to send and marks the editor saved.
import vscode = require('vscode');
import { documentPath, parseDocumentPath, type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import { SIGN_IN_AGAIN_COMMAND } from './constants';
import type { DocumentStore } from './documentStore';
import { createProblems, isUncreated } from './drafts';
import type { DocumentHost } from './host';
import type { OpenedDocument, SaveResult } from './model';
import type { SaveFlow } from './saveFlow';
import type { Refusal, SaveAction } from './saveOutcome';
import { activeDocumentUri, dirtyTab } from './tabs';

const t = vscode.l10n.t;

export class SaveCommands {
  constructor(
    private readonly deps: DocumentHost,
    private readonly store: DocumentStore,
    private readonly flow: SaveFlow,
  ) {}

  /** Ctrl+S on a DatoCMS document: sends it, and tells in one message why when DatoCMS did not take it. */
  async save(uri = activeDocumentUri()): Promise<void> {
    const document = uri && openDocument(uri);
    const ref = uri && parseDocumentPath(uri.path);
    const { notices } = this.deps;
    if (!uri || !ref || !document) return notices.notADocument();
    if (uri.query === 'compare') return notices.comparisonCopy();
    const session = this.store.session(uri.toString());
    const text = document.getText();
    if (!document.isDirty) {
      const basis = session.baseline;
      if (!basis || !isUncreated(basis.opened)) return notices.unchanged();
      // An untouched draft: say what it still needs (a complete one is created as it is).
      const problems = createProblems(basis.opened, text);
      if (problems.length > 0) {
        this.deps.diagnostics.show(uri, problems, 'local');
        return notices.untouchedDraft(ref, problems);
      }
    }
    await this.settle(document, text, await session.save(ref, text, { explicit: true }));
  }

  /** Saves the editor's text even though the server's version changed: the user's changed keys win. */
  async overwrite(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    const document = uri && openDocument(uri);
    if (!uri || !ref || !document) return this.deps.notices.notADocument();
    if (!dirtyTab(uri)) return this.deps.notices.nothingToOverwrite(ref);
    const session = this.store.session(uri.toString());
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
    if (!uri || !parseDocumentPath(uri.path)) return this.deps.notices.notADocument();
    await vscode.window.showTextDocument(uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    this.deps.failures.clear(uri);
  }

  /** Shows the server's current version beside the editor's (left: DatoCMS, right: yours). */
  async compare(uri = activeDocumentUri()): Promise<void> {
    const ref = uri && parseDocumentPath(uri.path);
    if (!uri || !ref) return this.deps.notices.notADocument();
    try {
      const remote = await this.fetch(ref, this.store.baseline(uri.toString())?.opened.resource.id);
      await this.showDiff(uri, ref, remote);
    } catch (error) {
      this.deps.report(t('Could not fetch the {0} from DatoCMS', describeRef(ref)), error, ref, () => this.compare(uri));
    }
  }

  /** The actions of the active editor's failed save, offered from the status bar. */
  async offerSaveActions(uri = activeDocumentUri()): Promise<void> {
    const failure = uri && this.deps.failures.failure(uri);
    if (!uri || !failure) return;
    const action = await this.deps.notices.offerActions(failure);
    if (action) await this.run(uri, failure.ref, action);
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
    const refusal = this.flow.refusal(uri, ref, result);
    if (refusal.quiet) return;
    void this.tell(uri, ref, refusal, result.status === 'conflict' ? result.remote : undefined);
  }

  /** One notification: the message and its actions; the chosen one runs. */
  private async tell(uri: vscode.Uri, ref: DocumentRef, refusal: Refusal, remote: OpenedDocument | undefined): Promise<void> {
    const action = await this.deps.notices.refused(refusal);
    if (!action) return;
    if (action === 'compare' && remote) return this.showDiff(uri, ref, remote);
    await this.run(uri, ref, action);
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

  private fetch(ref: DocumentRef, id: string | undefined): Promise<OpenedDocument> {
    return this.deps.notices.fetching(ref, () => this.deps.service.open(ref, { id }));
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
