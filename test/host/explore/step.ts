// One step of the exploratory run as its action sees it: the run's state, chance, the scripted user, the tree in
// reach, and what the step says about itself (its detail, who may write, the documents the user discarded).
import * as vscode from 'vscode';
import { parseDocumentUri } from '../../../src/platform/uris';
import { isNewDocumentRef, type DocumentRef } from '../../../src/domain/paths';
import type { Random } from './random';
import type { ExploreState, WriteRule } from './state';
import type { ScriptedUser } from './user';
import type { TreeReach } from './world';

export interface Step {
  n: number;
  state: ExploreState;
  random: Random;
  user: ScriptedUser;
  reach: TreeReach;
  /** what the step did, for the step list */
  details: string[];
  rule: WriteRule;
}

export function note(step: Step, text: string): void {
  step.details.push(text);
}

/** The user chose to drop the document's unsaved text (closed it without saving, reverted it). */
export function dropped(step: Step, uri: string): void {
  step.state.dropped[uri] = step.n;
}

/** An existing DatoCMS resource's document (not a draft): its reference. */
export function resourceRef(uri: vscode.Uri | string): DocumentRef | undefined {
  const parsed = typeof uri === 'string' ? vscode.Uri.parse(uri) : uri;
  if (parsed.scheme !== 'datocms' || parsed.query) return undefined;
  const ref = parseDocumentUri(parsed);
  return ref && !isNewDocumentRef(ref) ? ref : undefined;
}

/** The open text documents of the datocms: scheme (editable ones: not a comparison's copy). */
export const datocmsDocuments = () =>
  vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'datocms' && !d.uri.query && !d.isClosed);

/** Every tab showing a text document, with its URI. */
export function textTabs(): { tab: vscode.Tab; uri: vscode.Uri }[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .flatMap((tab) =>
      tab.input instanceof vscode.TabInputText
        ? [{ tab, uri: tab.input.uri }]
        : tab.input instanceof vscode.TabInputTextDiff
          ? [{ tab, uri: tab.input.modified }]
          : [],
    );
}

/** Runs `work` but gives up waiting after `ms` (a command may wait on a notification nobody answers). */
export async function within<T>(ms: number, work: Thenable<T>): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ done: false }>((resolve) => (timer = setTimeout(() => resolve({ done: false }), ms)));
  try {
    return await Promise.race([Promise.resolve(work).then((value) => ({ done: true as const, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
