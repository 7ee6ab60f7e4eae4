// One save, from the editor's text to DatoCMS and back: the questions it needs (auto-save, trust, the primary's
// guard), its progress, the request (DocumentService), and what the user learns from it — a short status bar
// message for a success, one described refusal otherwise (see saveOutcome.ts). A document's session calls it
// (DocumentHost.save) for the save command and for the workbench's own saves alike.
import vscode = require('vscode');
import { CancelledError } from '../cma';
import { errorMessage, needsSignIn } from '../platform/errors';
import { documentUri } from '../platform/uris';
import { describeRef, documentPath, type DocumentRef } from '../domain/paths';
import { showCreated } from './created';
import type { DocumentDiagnostics } from './diagnostics';
import type { DocumentService } from './documentService';
import type { RefusedSave, SaveBasis, SaveRequest, SaveResult } from './model';
import { redact } from './redact';
import type { Consent, SaveConsent } from './saveConsent';
import { createdMessage, describeRefusal, savedMessage, unchangedMessage, type Refusal, type SaveFailureBar } from './saveOutcome';

const t = vscode.l10n.t;

export type SavedResult = Extract<SaveResult, { status: 'saved' }>;

export interface SaveFlowDeps {
  service: DocumentService;
  consent: SaveConsent;
  diagnostics: DocumentDiagnostics;
  failures: SaveFailureBar;
  log: vscode.LogOutputChannel;
  /** DatoCMS accepted a save of the document at `uri` (the language, the tree, history and publishing follow) */
  saved(uri: vscode.Uri, result: SavedResult): void;
}

export class SaveFlow {
  /** the last refusal told for each document, with the result it describes */
  private readonly refusals = new Map<string, { result: RefusedSave; refusal: Refusal }>();

  constructor(private readonly deps: SaveFlowDeps) {}

  /** Sends `text` over its basis (DocumentHost.save). Never throws. */
  async save(key: string, text: string, basis: SaveBasis, request: SaveRequest): Promise<SaveResult> {
    const uri = vscode.Uri.parse(key);
    const { ref } = basis.opened;
    const { consent: consents, diagnostics, service } = this.deps;
    if (!request.explicit && !consents.mayWrite(key, text)) return this.told(uri, ref, { status: 'declined', reason: 'autoSave' });
    diagnostics.clearServer(uri);
    let consent = 'given' as Consent;
    const confirm = async (keys: string[]) => (consent = await consents.ask(key, ref, keys, text)) === 'given';
    const { overwrite } = request;
    const result = await this.withSaveProgress(ref, overwrite !== undefined, (onJob, signal) =>
      service.save(text, basis, { onJob, signal, confirm, ...(overwrite ? { overwrite } : {}) }),
    );
    if (result.status === 'saved' || result.status === 'unchanged') {
      consents.saved(key);
      this.succeeded(uri, ref, result, overwrite !== undefined);
      return result;
    }
    const refused: RefusedSave =
      result.status === 'declined' ? { status: 'declined', reason: consent === 'given' ? 'untrusted' : consent } : result;
    return this.told(uri, ref, refused, basis, text);
  }

  /** How a refused save of the document at `uri` is told: the one its save described, else described now. */
  refusal(uri: vscode.Uri, ref: DocumentRef, result: RefusedSave): Refusal {
    const told = this.refusals.get(uri.toString());
    if (told?.result === result) return told.refusal;
    this.told(uri, ref, result);
    return this.refusals.get(uri.toString())!.refusal;
  }

  /** Describes a refused save, logs it, shows its problems and keeps its actions on the status bar item. */
  private told(uri: vscode.Uri, ref: DocumentRef, result: RefusedSave, basis?: SaveBasis, text?: string): RefusedSave {
    const { log, diagnostics, failures } = this.deps;
    const what = describeRef(ref);
    const detail =
      result.status === 'failed'
        ? basis && text !== undefined
          ? redact(errorMessage(result.error), basis.opened, text)
          : errorMessage(result.error)
        : '';
    const refusal = describeRefusal(ref, result, detail, result.status === 'failed' && needsSignIn(result.error));
    switch (result.status) {
      case 'invalid':
        diagnostics.show(uri, result.problems, result.origin);
        log.info(`Not sent: the ${what} has ${result.problems.length} problem(s), the first: ${result.problems[0]?.message ?? '?'}`);
        if (result.error && basis) log.warn(redact(`Saving the ${what}: ${result.error.message}`, basis.opened, result.text));
        break;
      case 'conflict':
        log.warn(`Not saved: the ${what} changed on DatoCMS since it was opened.`);
        break;
      case 'declined':
        log.info(
          result.reason === 'autoSave'
            ? `Not sent: an auto-save of the ${what} (auto-save does not write to DatoCMS unless turned on for DatoCMS JSON).`
            : `Not sent: saving the ${what} was not confirmed (${result.reason === 'guard' ? `primary environment ${ref.environment}` : result.reason === 'code' ? "the workspace's queries" : 'untrusted workspace'}).`,
        );
        break;
      case 'deleted':
        log.info(`Not sent: the ${what} was deleted in DatoCMS.`);
        break;
      case 'replaced':
        log.warn(
          `Not sent: the ${what} was opened from environment ${result.environment}, ${result.renamedTo ? `since renamed to ${result.renamedTo}` : 'which no longer exists'}; "${result.environment}" is now another environment.`,
        );
        break;
      case 'failed':
        if (result.error instanceof CancelledError) {
          refusal.message = t('The save of the {0} was cancelled; it may still be applied on DatoCMS. Compare before saving again.', what);
          refusal.actions = ['compare'];
        } else log.error(`Saving the ${what} failed: ${detail}`);
        break;
    }
    if (refusal.actions.length > 0) failures.set(uri, refusal);
    else failures.clear(uri);
    this.refusals.set(uri.toString(), { result, refusal });
    return result;
  }

  private succeeded(uri: vscode.Uri, ref: DocumentRef, result: SavedResult | { status: 'unchanged' }, overwrite: boolean): void {
    const { log, failures, diagnostics } = this.deps;
    failures.clear(uri);
    this.refusals.delete(uri.toString());
    if (result.status === 'unchanged') {
      vscode.window.setStatusBarMessage(unchangedMessage(), 4000);
      return;
    }
    const { created } = result;
    log.info(
      created
        ? `Created the ${describeRef(created)} (${documentPath(created)}): ${result.sentKeys.join(', ')}.`
        : `Saved the ${describeRef(ref)} (${documentPath(ref)}): ${result.sentKeys.join(', ')}${overwrite ? ' over a newer version on DatoCMS' : ''}.`,
    );
    vscode.window.setStatusBarMessage(created ? createdMessage(created) : savedMessage(ref, result.sentKeys), 5000);
    this.deps.saved(uri, result);
    if (result.renamed) void this.announceRename(ref, result.renamed);
    if (created)
      showCreated(uri, documentUri(created)).catch((error: unknown) =>
        log.warn(`Opening the created ${created.kind}: ${errorMessage(error)}`),
      );
    setImmediate(() => diagnostics.recheck(uri));
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
}
