// Error notifications with something to do about them: Sign In Again (401 / no token), Retry (when
// the caller can), Show Log (always). Cancellation by the user is not an error and shows nothing.
import { ApiError, CancelledError } from '../cma/errors';
import { NotSignedInError } from '../projects/project';
import type { Translate } from './translate';
import type { Ui } from './ui';

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
  if (error instanceof CancelledError) return;
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
