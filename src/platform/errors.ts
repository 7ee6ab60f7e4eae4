// The one way failures reach the user: a notification naming what failed and why, with what can be done about
// it: Sign In (no project yet), Sign In Again (401 / no token), Retry (when the caller can), Show Log (always).
// Cancellation by the user is not an error and shows nothing.
import { ApiError, CancelledError } from '../cma';
import type { Translate } from './translate';
import type { Ui } from './ui';

/** No token for a project (signed out, or its secret is gone), or, without a key, no project signed in at all. */
export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
  constructor(readonly projectKey?: string) {
    super(
      projectKey === undefined
        ? 'No DatoCMS project is signed in.'
        : `Not signed in to DatoCMS project "${projectKey}": sign in again to store its API token.`,
    );
  }
}

/**
 * Reports a failure the one way (see the context): `retry` runs the failed action again; `project` is the project
 * Sign In Again signs in to, when the failure is about one.
 */
export type Report = (whatFailed: string, error: unknown, options?: { retry?: () => unknown; project?: string }) => void;

export interface ErrorActions {
  showLog(): void;
  signInAgain?(): unknown;
  retry?(): unknown;
}

export function needsSignIn(error: unknown): boolean {
  return error instanceof NotSignedInError || (error instanceof ApiError && error.status === 401);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shows `<what failed>: <why>` with the fitting actions and runs the one the user picks. */
export async function reportError(ui: Ui, t: Translate, whatFailed: string, error: unknown, actions: ErrorActions): Promise<void> {
  // cancelled by the user; stopped by the budget (which said so once, when it stopped the source)
  if (error instanceof CancelledError || (error instanceof Error && error.name === 'BudgetExceededError')) return;
  if (error instanceof NotSignedInError && error.projectKey === undefined) {
    const signIn = t('Sign In');
    if ((await ui.info(t('Sign in to a DatoCMS project first.'), signIn)) === signIn) await actions.signInAgain?.();
    return;
  }
  const signIn = needsSignIn(error) && actions.signInAgain ? t('Sign In Again') : undefined;
  const retry = actions.retry ? t('Retry') : undefined;
  const showLog = t('Show Log');
  const buttons = [signIn, retry, showLog].filter((b): b is string => b !== undefined);
  const choice = await ui.error(`${whatFailed}: ${errorMessage(error)}`, ...buttons);
  if (choice === undefined) return;
  if (choice === signIn) await actions.signInAgain?.();
  else if (choice === retry) await actions.retry?.();
  else if (choice === showLog) actions.showLog();
}
