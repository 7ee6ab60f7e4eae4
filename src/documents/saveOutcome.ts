// What the user is told after a save. A refused save is one message that tells the whole story — what went wrong,
// that the text is kept, what to do — shown by the save command as one notification with its actions (Compare,
// Overwrite, Show Problems…), or thrown into the workbench's own notification by a save the workbench made
// itself (File > Save, Save All). The actions also wait on a status bar item beside the editor (saveFailureBar.ts).
// A success is a short status bar message. saveNotices.ts shows them. No vscode import.
import type { Problem } from '../schema';
import { type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import type { RefusedSave } from './model';
import type { Translate } from '../platform/translate';
import { notConfirmedMessage } from './trust';

export type SaveAction = 'compare' | 'overwrite' | 'revert' | 'showProblems' | 'signInAgain' | 'retry' | 'showLog';

export interface SaveFailure {
  ref: DocumentRef;
  message: string;
  actions: SaveAction[];
}

/** How a refused save is told: its message, what the user can do about it, and how loud. */
export interface Refusal extends SaveFailure {
  severity: 'error' | 'warning';
  /** told nowhere but in the log (an auto-save the user did not turn on) */
  quiet?: boolean;
}

/** Each action's label in a list of choices, and its short label on a notification's button. */
function labels(t: Translate): Record<SaveAction, readonly [choice: string, button: string]> {
  return {
    compare: [t('Compare with the DatoCMS version'), t('Compare')],
    overwrite: [t('Overwrite: send your changed keys on top of the DatoCMS version'), t('Overwrite')],
    revert: [t('Revert: discard your changes and show the DatoCMS version'), t('Revert')],
    showProblems: [t('Show Problems'), t('Show Problems')],
    signInAgain: [t('Sign In Again'), t('Sign In Again')],
    retry: [t('Retry the save'), t('Retry')],
    showLog: [t('Show Log'), t('Show Log')],
  };
}

export function actionLabel(t: Translate, action: SaveAction): string {
  return labels(t)[action][0];
}

/** The short label of an action, on a notification's button. */
export function buttonLabel(t: Translate, action: SaveAction): string {
  return labels(t)[action][1];
}

/** What to tell about a refused save of `ref`; `detail` is the (redacted) error of a failed one. */
export function describeRefusal(t: Translate, ref: DocumentRef, result: RefusedSave, detail: string, signIn: boolean): Refusal {
  const what = describeRef(ref);
  switch (result.status) {
    case 'invalid':
      return {
        ref,
        severity: 'error',
        message: problemsMessage(t, ref, result.problems, result.origin),
        actions: ['showProblems', 'revert', 'showLog'],
      };
    case 'conflict':
      return { ref, severity: 'warning', message: conflictMessage(t, ref, result.overlap), actions: ['compare', 'overwrite', 'revert'] };
    case 'declined':
      if (result.reason === 'autoSave') return { ref, severity: 'warning', message: autoSaveMessage(t), actions: [], quiet: true };
      if (result.reason === 'guard')
        return {
          ref,
          severity: 'warning',
          message: t(
            'The {0} was not saved: changing the schema of the primary environment "{1}" was not confirmed. Your changes are still in the editor.',
            what,
            ref.environment,
          ),
          actions: [],
        };
      if (result.reason === 'code')
        return {
          ref,
          severity: 'warning',
          message: t(
            "The {0} was not saved: its api_key stays as it is, so the workspace's queries keep working. Your changes are still in the editor.",
            what,
          ),
          actions: [],
        };
      return { ref, severity: 'warning', message: notConfirmedMessage(t, what), actions: [] };
    case 'deleted':
      return { ref, severity: 'warning', message: deletedMessage(t, ref), actions: [] };
    case 'replaced':
      return {
        ref,
        severity: 'error',
        message: replacedMessage(t, ref, result.environment, result.renamedTo, result.taken),
        actions: ['showLog'],
      };
    case 'failed':
      if (signIn) return { ref, severity: 'error', message: signInMessage(t, ref, detail), actions: ['signInAgain', 'retry', 'showLog'] };
      return { ref, severity: 'error', message: failedMessage(t, ref, detail), actions: ['retry', 'compare', 'showLog'] };
  }
}

/** "title" / "title, slug" / "4 keys" saved to <project>/<environment>. */
export function savedMessage(t: Translate, ref: DocumentRef, keys: readonly string[]): string {
  const what = keys.length === 0 ? t('Saved') : keys.length <= 2 ? keys.map((k) => `"${k}"`).join(', ') : t('{0} keys', keys.length);
  return t('$(check) {0} saved to {1} · {2}', what, ref.project, ref.environment);
}

/** A draft's first save created the resource. */
export function createdMessage(t: Translate, created: DocumentRef): string {
  return t('$(check) Created the {0} in {1} · {2}', describeRef(created), created.project, created.environment);
}

export function unchangedMessage(t: Translate): string {
  return t('$(check) No changes to save to DatoCMS');
}

function problemsMessage(t: Translate, ref: DocumentRef, problems: readonly Problem[], origin: 'local' | 'server'): string {
  const first = problems[0]?.message ?? t('the document is not valid');
  const more = problems.length > 1 ? t(' (and {0} more in the Problems panel)', problems.length - 1) : '';
  return origin === 'server'
    ? t(
        'DatoCMS refused the change to the {0}: {1}{2}. Nothing was saved; your text is kept. Fix it and save again.',
        describeRef(ref),
        first,
        more,
      )
    : t('Not sent to DatoCMS: {0}{1}. Your text is kept; fix it and save again.', first, more);
}

function conflictMessage(t: Translate, ref: DocumentRef, overlap: readonly string[] = []): string {
  const start = t(
    'DatoCMS has a newer version of the {0}: it changed since you opened it. Nothing was saved and your text is kept.',
    describeRef(ref),
  );
  const next =
    overlap.length === 0
      ? t('Your changes and the newer ones touch different values: Overwrite sends yours and keeps theirs. Or compare, or revert.')
      : t(
          'Both you and DatoCMS changed {0}: Overwrite replaces that with yours and keeps their other changes. Or compare, or revert.',
          overlap.join(', '),
        );
  return `${start} ${next}`;
}

export function deletedMessage(t: Translate, ref: DocumentRef): string {
  return t('The {0} was deleted in DatoCMS; your text is kept — Save As… to keep a copy. It is never saved back.', describeRef(ref));
}

/** The environment the document was read from is not the one its name leads to any more (renamed, replaced, deleted). */
function replacedMessage(t: Translate, ref: DocumentRef, environment: string, renamedTo: string | undefined, taken: boolean): string {
  const what = describeRef(ref);
  if (renamedTo && taken)
    return t(
      'Not saved: the {0} was opened from the environment "{1}", which has since been renamed to "{2}"; "{1}" is now another environment. Nothing was sent and your text is kept: open the {0} from "{2}" or "{1}" and save there.',
      what,
      environment,
      renamedTo,
    );
  if (renamedTo)
    return t(
      'Not saved: the {0} was opened from the environment "{1}", which has since been renamed to "{2}". Nothing was sent and your text is kept: open the {0} from "{2}" and save there.',
      what,
      environment,
      renamedTo,
    );
  if (taken)
    return t(
      'Not saved: the {0} was opened from an environment "{1}" that no longer exists under that name; "{1}" is now another environment. Nothing was sent and your text is kept: open the {0} from "{1}" again and save there.',
      what,
      environment,
    );
  return t(
    'Not saved: the environment "{1}" the {0} was opened from was deleted. Nothing was sent and your text is kept: Save As… keeps a copy in a file.',
    what,
    environment,
  );
}

/** An untouched draft cannot be created yet: what is missing. */
export function untouchedDraftMessage(t: Translate, ref: DocumentRef, problems: readonly Problem[]): string {
  const more = problems.length > 1 ? t(' (and {0} more, marked in the editor)', problems.length - 1) : '';
  return t('The new {0} is not created yet: {1}{2}. Fill in what is missing, then save.', ref.kind, problems[0]?.message ?? '', more);
}

function signInMessage(t: Translate, ref: DocumentRef, detail: string): string {
  return t(
    'Not saved: DatoCMS did not accept the API token of project {0} ({1}). Your text is kept: sign in again ("DatoCMS: Sign In"), then save again.',
    ref.project,
    detail,
  );
}

function failedMessage(t: Translate, ref: DocumentRef, detail: string): string {
  return t('Could not save the {0} to DatoCMS: {1}. Your text is kept; save again to retry.', describeRef(ref), detail);
}

function autoSaveMessage(t: Translate): string {
  return t('Not sent to DatoCMS: auto-save does not write to DatoCMS. Save with Ctrl+S (Cmd+S) when you are ready; your changes are kept.');
}
