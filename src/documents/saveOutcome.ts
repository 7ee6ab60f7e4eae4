// What the user is told after a save. The workbench shows one notification for a save that throws
// ("Failed to save '…': <message>", with Retry and Revert): the message thrown is therefore the whole
// story — what went wrong, that the text is kept, what to do. The actions that only DatoCMS knows
// (Compare, Overwrite, Show Problems, Sign In Again, Show Log) wait on a status bar item beside the
// editor instead of a second notification. A success is a short status bar message.
import vscode = require('vscode');
import type { Problem } from '../schema';
import { describeRef, type DocumentRef } from '../domain/paths';

export type SaveAction = 'compare' | 'overwrite' | 'revert' | 'showProblems' | 'signInAgain' | 'retry' | 'showLog';

export interface SaveFailure {
  ref: DocumentRef;
  message: string;
  actions: SaveAction[];
}

const t = vscode.l10n.t;

export function actionLabel(action: SaveAction): string {
  switch (action) {
    case 'compare':
      return t('Compare with the DatoCMS version');
    case 'overwrite':
      return t('Overwrite: send your changed keys on top of the DatoCMS version');
    case 'revert':
      return t('Revert: discard your changes and show the DatoCMS version');
    case 'showProblems':
      return t('Show Problems');
    case 'signInAgain':
      return t('Sign In Again');
    case 'retry':
      return t('Retry the save');
    case 'showLog':
      return t('Show Log');
  }
}

/** "title" / "title, slug" / "4 keys" saved to <project>/<environment>. */
export function savedMessage(ref: DocumentRef, keys: readonly string[]): string {
  const what = keys.length === 0 ? t('Saved') : keys.length <= 2 ? keys.map((k) => `"${k}"`).join(', ') : t('{0} keys', keys.length);
  return t('$(check) {0} saved to {1} · {2}', what, ref.project, ref.environment);
}

export function unchangedMessage(): string {
  return t('$(check) No changes to save to DatoCMS');
}

export function problemsMessage(ref: DocumentRef, problems: readonly Problem[], origin: 'local' | 'server'): string {
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

export function conflictMessage(ref: DocumentRef): string {
  return t(
    'The {0} changed on DatoCMS since you opened it, so nothing was saved and your text is kept. Save again to compare or overwrite, or revert to the DatoCMS version.',
    describeRef(ref),
  );
}

export function signInMessage(ref: DocumentRef, detail: string): string {
  return t(
    'Not saved: DatoCMS did not accept the API token of project {0} ({1}). Your text is kept: sign in again ("DatoCMS: Sign In"), then save again.',
    ref.project,
    detail,
  );
}

export function failedMessage(ref: DocumentRef, detail: string): string {
  return t('Could not save the {0} to DatoCMS: {1}. Your text is kept; save again to retry.', describeRef(ref), detail);
}

export function autoSaveMessage(): string {
  return t('Not sent to DatoCMS: auto-save does not write to DatoCMS. Save with Ctrl+S (Cmd+S) when you are ready; your changes are kept.');
}

/** The status bar item that offers the actions of the active editor's failed save. */
export class SaveFailureBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('datocms.saveFailure', vscode.StatusBarAlignment.Left, 49);
  private readonly failures = new Map<string, SaveFailure>();
  private readonly disposables: vscode.Disposable[] = [this.item];

  constructor(actionsCommand: string) {
    this.item.name = t('DatoCMS Save');
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    this.item.command = actionsCommand;
    this.disposables.push(vscode.window.onDidChangeActiveTextEditor(() => this.update()));
  }

  failure(uri: vscode.Uri): SaveFailure | undefined {
    return this.failures.get(uri.toString());
  }

  set(uri: vscode.Uri, failure: SaveFailure): void {
    this.failures.set(uri.toString(), failure);
    this.update();
  }

  clear(uri: vscode.Uri): void {
    if (this.failures.delete(uri.toString())) this.update();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const failure = uri ? this.failures.get(uri.toString()) : undefined;
    void vscode.commands.executeCommand('setContext', 'datocms.saveFailed', failure !== undefined);
    if (!failure) {
      this.item.hide();
      return;
    }
    this.item.text = t('$(error) Not saved to DatoCMS');
    this.item.tooltip = new vscode.MarkdownString(`${failure.message}\n\n${t('Click for what you can do.')}`);
    this.item.show();
  }
}
