// A draft (a new record, model, field, fieldset or webhook not created yet) marks what it still needs: a muted
// note at the end of each line whose value is missing or not acceptable yet (a required field left null, an
// empty URL), kept current while the user types. Not diagnostics: an unfinished draft is not an error, and the
// Problems panel stays for what a save refused.
import vscode = require('vscode');
import type { Problem } from '../schema';
import { createProblems, isUncreated } from './drafts';
import type { SaveBasis } from './model';
import { DOCUMENT_SCHEME } from '../domain/paths';

const DELAY_MS = 250;
const t = vscode.l10n.t;

export class DraftMarks implements vscode.Disposable {
  private readonly type = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic', margin: '0 0 0 2em' },
  });
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** the marks of each draft, by URI */
  private readonly marks = new Map<string, vscode.DecorationOptions[]>();
  private readonly disposables: vscode.Disposable[] = [
    this.type,
    vscode.window.onDidChangeVisibleTextEditors(() => this.paint()),
    vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri.toString())),
  ];

  constructor(private readonly baselineFor: (uri: vscode.Uri) => SaveBasis | undefined) {}

  /** The document opened or changed: its marks follow soon (at once when it has none yet). */
  update(document: vscode.TextDocument): void {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    if (!this.marks.has(key)) return this.mark(document);
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        if (!document.isClosed) this.mark(document);
      }, DELAY_MS),
    );
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private mark(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const basis = this.baselineFor(document.uri);
    if (!basis || !isUncreated(basis.opened)) {
      if (this.marks.delete(key)) this.paint();
      return;
    }
    const byLine = new Map<number, string[]>();
    for (const problem of createProblems(basis.opened, document.getText())) {
      const line = document.positionAt(problem.offset).line;
      byLine.set(line, [...(byLine.get(line) ?? []), noteOf(problem)]);
    }
    this.marks.set(
      key,
      [...byLine].map(([line, notes]) => ({
        range: document.lineAt(line).range.with({ start: document.lineAt(line).range.end }),
        renderOptions: { after: { contentText: `← ${[...new Set(notes)].join('; ')}` } },
      })),
    );
    this.paint();
  }

  private forget(key: string): void {
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
    this.marks.delete(key);
  }

  private paint(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.scheme !== DOCUMENT_SCHEME) continue;
      editor.setDecorations(this.type, this.marks.get(editor.document.uri.toString()) ?? []);
    }
  }
}

/** What a line still needs, in a few words: "required", else the problem without the path it names. */
function noteOf(problem: Problem): string {
  if (/\bis required\b/.test(problem.message)) return t('required');
  const colon = problem.message.indexOf(': ');
  return colon > 0 ? problem.message.slice(colon + 2) : problem.message;
}
