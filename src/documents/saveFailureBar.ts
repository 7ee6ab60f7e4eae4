// The status bar item beside an editor whose save DatoCMS did not take: it offers that save's actions.
import vscode = require('vscode');
import type { SaveFailure } from './saveOutcome';

const t = vscode.l10n.t;

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
