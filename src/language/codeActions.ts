// Quick fixes for the problems of a `datocms:` document: each diagnostic of the documents' checker is fixed by its
// code and data (./fixes.ts); a localized value's missing locales may be added wherever the cursor is.
import vscode = require('vscode');
import { fixesFor, missingLocalesFix, type Fix } from './fixes';
import { DIAGNOSTIC_SOURCE, rangeOf, type Editor } from './located';
import { fieldsOf } from './references';

export function codeActionsAt(
  editor: Editor,
  document: vscode.TextDocument,
  range: vscode.Range,
  context: vscode.CodeActionContext,
): vscode.CodeAction[] {
  const located = editor.locate(document);
  if (!located) return [];
  const { basis, parsed } = located;
  const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
  const actions: vscode.CodeAction[] = [];
  // The opened text is parsed only when there is a problem to fix (this runs at every cursor move).
  if (ours.length > 0) {
    const fixContext = {
      text: document.getText(),
      json: parsed.json,
      openedText: basis.opened.text,
      openedJson: editor.services.parseText(basis.opened.text),
      t: vscode.l10n.t,
    };
    for (const diagnostic of ours) {
      const offset = document.offsetAt(diagnostic.range.start);
      const problem = {
        code: typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : diagnostic.code?.toString(),
        // the problem's data rides on the diagnostic object the documents' checker made (VS Code hands it back)
        data: (diagnostic as { data?: unknown }).data,
        offset,
        length: document.offsetAt(diagnostic.range.end) - offset,
      };
      for (const fix of fixesFor(problem, fixContext)) actions.push(toCodeAction(document, fix, [diagnostic]));
    }
  }
  if (located.ref.kind === 'record') {
    const fields = fieldsOf(located.context.ctx, located.context.modelId);
    const localized = (apiKey: string) => fields?.find((f) => f.apiKey === apiKey)?.localized === true;
    const offset = document.offsetAt(range.start);
    const fix = missingLocalesFix(parsed.json, offset, located.context.ctx.locales, localized, document.getText(), vscode.l10n.t);
    if (fix && !actions.some((action) => action.title === fix.title)) actions.push(toCodeAction(document, fix, []));
  }
  return actions;
}

function toCodeAction(document: vscode.TextDocument, fix: Fix, diagnostics: vscode.Diagnostic[]): vscode.CodeAction {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  action.edit = new vscode.WorkspaceEdit();
  for (const edit of fix.edits) action.edit.replace(document.uri, rangeOf(document, edit), edit.content);
  action.diagnostics = diagnostics;
  action.isPreferred = fix.preferred === true;
  return action;
}
