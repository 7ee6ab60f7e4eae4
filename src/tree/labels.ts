// The words of the tree's own rows (sections, "Load more…", empty and failed branches) and of its counts, shared by
// the model (which names the nodes it makes) and the presenter (descriptions). No vscode import.
import { ApiError } from '../cma';
import { NotSignedInError } from '../platform/errors';
import type { Translate } from '../platform/translate';
import type { TreeNode } from './nodes';

export interface TreeWords {
  t: Translate;
  numbers: Intl.NumberFormat;
}

export function sectionLabel(t: Translate, kind: 'models' | 'blockModels' | 'webhooks' | 'environments'): string {
  return { models: t('Models'), blockModels: t('Block models'), webhooks: t('Webhooks'), environments: t('Environments') }[kind];
}

export function fieldCount({ t, numbers }: TreeWords, count: number): string {
  return count === 1 ? t('1 field') : t('{0} fields', numbers.format(count));
}

export function loadMoreLabel({ t, numbers }: TreeWords, loaded: number, total: number): string {
  return t('Load more… ({0} of {1})', numbers.format(loaded), numbers.format(total));
}

/** How many records a search or filter found: "no matches", "1 match", "1,204 matches". */
export function matchCount({ t, numbers }: TreeWords, total: number): string {
  return total === 0 ? t('no matches') : total === 1 ? t('1 match') : t('{0} matches', numbers.format(total));
}

/** Whether a failed load is fixed by signing in again rather than by retrying. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof NotSignedInError || (error instanceof ApiError && error.status === 401);
}

/** "Could not load records: <why> — click to retry" (or to sign in again). */
export function errorLabel(t: Translate, parent: TreeNode, error: unknown, loadMore: boolean): string {
  const what =
    {
      project: t('project'),
      models: t('models'),
      blockModels: t('block models'),
      webhooks: t('webhooks'),
      environments: t('environments'),
      model: t('fields'),
      fields: t('fields'),
      records: t('records'),
      media: t('uploads'),
      uploadCollection: t('uploads'),
    }[parent.kind as string] ?? t('items');
  const message = error instanceof Error ? error.message : String(error);
  if (needsSignIn(error)) return t('Could not load {0}: {1} — click to sign in again', what, message);
  return loadMore
    ? t('Could not load more {0}: {1} — click to retry', what, message)
    : t('Could not load {0}: {1} — click to retry', what, message);
}
