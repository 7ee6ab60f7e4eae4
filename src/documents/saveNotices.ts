// What the save path shows, through the Ui: a save's progress, a success (a short status bar message), a refusal
// (one notification whose buttons are its actions), a failed save's actions offered again, and the save command's
// own hints. The texts are in saveOutcome.ts. No vscode import: tested with a scripted Ui.
import { type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import type { Problem } from '../schema';
import type { SaveResult } from './model';
import {
  actionLabel,
  buttonLabel,
  createdMessage,
  savedMessage,
  unchangedMessage,
  untouchedDraftMessage,
  type Refusal,
  type SaveAction,
  type SaveFailure,
} from './saveOutcome';

/** How long a success stays in the status bar; "no changes" says less, so it goes sooner. */
const SAVED_MS = 5000;
const UNCHANGED_MS = 4000;

export class SaveNotices {
  constructor(
    private readonly ui: Ui,
    private readonly t: Translate,
  ) {}

  /** DatoCMS took the save: what was saved (or created), and where. */
  saved(ref: DocumentRef, result: Extract<SaveResult, { status: 'saved' }>): void {
    const { t } = this;
    this.ui.status(result.created ? createdMessage(t, result.created) : savedMessage(t, ref, result.sentKeys), SAVED_MS);
  }

  /** Nothing differed from DatoCMS's version: nothing was sent. */
  unchanged(): void {
    this.ui.status(unchangedMessage(this.t), UNCHANGED_MS);
  }

  /** A refused save, as one notification with its actions as buttons: the action chosen, undefined when dismissed. */
  async refused(refusal: Refusal): Promise<SaveAction | undefined> {
    const buttons = refusal.actions.map((action) => buttonLabel(this.t, action));
    const chosen =
      refusal.severity === 'error' ? await this.ui.error(refusal.message, ...buttons) : await this.ui.warn(refusal.message, ...buttons);
    return refusal.actions.find((action) => buttonLabel(this.t, action) === chosen);
  }

  /** A failed save's actions, offered again (from its status bar item): the one chosen. */
  offerActions(failure: SaveFailure): Promise<SaveAction | undefined> {
    const items = failure.actions.map((action) => ({ label: actionLabel(this.t, action), value: action }));
    return this.ui.pick(items, { title: failure.message, placeholder: this.t('What do you want to do?') });
  }

  /**
   * A save's progress: the status bar while its requests run. Model and field updates run as jobs on DatoCMS:
   * a job gets a notification until the save ends, whose Cancel stops waiting for it (the task's signal aborts;
   * the refusal then says the change may still be applied).
   */
  async saving<R>(
    ref: DocumentRef,
    overwrite: boolean,
    task: (onJob: (jobId: string) => void, signal: AbortSignal) => Promise<R>,
  ): Promise<R> {
    const { t } = this;
    const title = overwrite ? t('Overwriting the {0} on DatoCMS…', describeRef(ref)) : t('Saving the {0} to DatoCMS…', describeRef(ref));
    const controller = new AbortController();
    let notification: Promise<void> | undefined;
    let finish: () => void = () => undefined;
    const onJob = (jobId: string) => {
      notification ??= this.ui.withProgress({ title, cancellable: true }, (report, signal) => {
        signal.addEventListener('abort', () => controller.abort());
        report.message(t('waiting for DatoCMS to apply the change (job {0})', jobId));
        return new Promise<void>((resolve) => (finish = resolve));
      });
    };
    try {
      return await this.ui.withProgress({ location: 'window', title }, () => task(onJob, controller.signal));
    } finally {
      finish();
    }
  }

  /** Reading DatoCMS's version of a document (to compare with, or to overwrite): the status bar says so meanwhile. */
  fetching<R>(ref: DocumentRef, task: () => Promise<R>): Promise<R> {
    return this.ui.withProgress({ location: 'window', title: this.t('Fetching the {0} from DatoCMS…', describeRef(ref)) }, task);
  }

  /** Save on another environment's copy, shown for comparison. */
  comparisonCopy(): void {
    void this.ui.info(this.t('This is a copy from another environment, shown for comparison: it is not saved.'));
  }

  /** An untouched draft that cannot be created yet: what it still needs. */
  untouchedDraft(ref: DocumentRef, problems: readonly Problem[]): void {
    void this.ui.warn(untouchedDraftMessage(this.t, ref, problems));
  }

  /** Overwrite on an editor without changes. */
  nothingToOverwrite(ref: DocumentRef): void {
    void this.ui.info(this.t('The {0} has no unsaved changes to send.', describeRef(ref)));
  }

  /** A document command run where no DatoCMS document is. */
  notADocument(): void {
    void this.ui.warn(this.t('Open a DatoCMS document (a datocms: editor) first.'));
  }
}
