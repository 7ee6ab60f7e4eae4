// A draft (a new record, model, field, fieldset or webhook not created yet) marks what it still needs: a muted
// note (an inlay hint) at the end of each line whose value is missing or not acceptable yet (a required field left
// null, an empty URL), kept current while the user types. Not diagnostics: an unfinished draft is not an error,
// and the Problems panel stays for what a save refused.
import vscode = require('vscode');
import type { Problem } from '../schema';
import { DOCUMENT_SCHEME } from '../domain/paths';
import { createProblems, isUncreated } from './drafts';
import type { SaveBasis } from './model';

const t = vscode.l10n.t;

export class DraftMarks implements vscode.InlayHintsProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeInlayHints = this.changeEmitter.event;
  private readonly registration = vscode.languages.registerInlayHintsProvider({ scheme: DOCUMENT_SCHEME }, this);

  constructor(private readonly baselineFor: (uri: vscode.Uri) => SaveBasis | undefined) {}

  /** A document's baseline changed (a draft was read, or created): its marks are asked for again. */
  refresh(): void {
    this.changeEmitter.fire();
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range): vscode.InlayHint[] {
    const basis = this.baselineFor(document.uri);
    if (!basis || !isUncreated(basis.opened)) return [];
    const byLine = new Map<number, string[]>();
    for (const problem of createProblems(basis.opened, document.getText())) {
      const line = document.positionAt(problem.offset).line;
      if (line < range.start.line || line > range.end.line) continue;
      const notes = byLine.get(line) ?? [];
      if (!notes.includes(noteOf(problem))) notes.push(noteOf(problem));
      byLine.set(line, notes);
    }
    return [...byLine].map(([line, notes]) => {
      const hint = new vscode.InlayHint(document.lineAt(line).range.end, `← ${notes.join('; ')}`);
      hint.paddingLeft = true;
      hint.tooltip = t('This new document is not created yet: fill this in, then save.');
      return hint;
    });
  }

  dispose(): void {
    this.registration.dispose();
    this.changeEmitter.dispose();
  }
}

/** What a line still needs, in a few words: "required", else the problem without the path it names. */
function noteOf(problem: Problem): string {
  if (/\bis required\b/.test(problem.message)) return t('required');
  const colon = problem.message.indexOf(': ');
  return colon > 0 ? problem.message.slice(colon + 2) : problem.message;
}
