// One save, from the editor's text to DatoCMS and back: the questions it needs (auto-save, trust, the primary's
// guard), its progress, the request (DocumentService), and what the user learns from it — a short status bar
// message for a success, one described refusal otherwise (saveOutcome.ts says, saveNotices.ts shows). A document's session calls it
// (DocumentHost.save) for the save command and for the workbench's own saves alike.
import vscode = require('vscode');
import { CancelledError } from '../cma';
import { errorMessage, needsSignIn } from '../platform/errors';

import { DOCUMENT_SCHEME, documentPath, type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import { moveTab } from './created';
import type { DocumentHost } from './host';
import type { RefusedSave, SaveBasis, SavedResult, SaveRequest, SaveResult } from './model';
import { redact } from './redact';
import type { Consent } from './saveConsent';
import { describeRefusal, type Refusal } from './saveOutcome';

const t = vscode.l10n.t;

export class SaveFlow {
  /** the last refusal told for each document, with the result it describes */
  private readonly refusals = new Map<string, { result: RefusedSave; refusal: Refusal }>();

  constructor(private readonly deps: DocumentHost) {}

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
    const result = await this.deps.notices.saving(ref, overwrite !== undefined, (onJob, signal) =>
      service.save(text, basis, { onJob, signal, confirm, overwrite }),
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
    const refusal = describeRefusal(t, ref, result, detail, result.status === 'failed' && needsSignIn(result.error));
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
          `Not sent: the ${what} was opened from environment ${result.environment}, ${result.renamedTo ? `since renamed to ${result.renamedTo}` : 'which no longer exists'}${result.taken ? `; "${result.environment}" is now another environment` : ''}.`,
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
    const { log, failures, diagnostics, notices } = this.deps;
    failures.clear(uri);
    this.refusals.delete(uri.toString());
    if (result.status === 'unchanged') return notices.unchanged();
    const { created } = result;
    log.info(
      created
        ? `Created the ${describeRef(created)} (${documentPath(created)}): ${result.sentKeys.join(', ')}.`
        : `Saved the ${describeRef(ref)} (${documentPath(ref)}): ${result.sentKeys.join(', ')}${overwrite ? ' over a newer version on DatoCMS' : ''}.`,
    );
    notices.saved(ref, result);
    this.deps.saved(uri, result);
    // a created resource, or one whose name changed, moves to its document under its name (its tab reads as the tree)
    const moved = created ?? result.renamed;
    if (moved)
      moveTab(uri, namedUri(moved)).catch((error: unknown) =>
        log.warn(`Opening the ${describeRef(moved)} under its name: ${errorMessage(error)}`),
      );
    setImmediate(() => diagnostics.recheck(uri));
  }
}

/** The document's URI under its own name (not the URI of a tab that shows it under its former name). */
function namedUri(ref: DocumentRef): vscode.Uri {
  return vscode.Uri.from({ scheme: DOCUMENT_SCHEME, path: documentPath(ref) });
}
