// Go to Definition (F12) on a record's id opens the record; the DatoCMS view, when it shows, then selects it:
// its model's records expanded and paged to it within a small budget, never the whole model, and a message
// when it is further on. The definition provider only notes where it leads (it also runs while Ctrl is held
// over an id, to underline it): the reveal waits for that record to become the active editor.
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import { parseDocumentUri } from '../platform/uris';
import { isDocumentNode } from '../tree/nodes';
import { DEFINITION_REVEAL_PAGES } from '../tree/reveal';
import { revealRef } from './commands';
import type { Services } from '../services';

/** How long a definition's record may take to become the active editor (its document is read first). */
const OPENING_WITHIN_MS = 60_000;

export class DefinitionReveal implements vscode.Disposable {
  private expected: { ref: DocumentRef; until: number } | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly deps: Services,
    private readonly now: () => number = Date.now,
  ) {
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => editor && this.opened(editor.document.uri));
  }

  /** Go to Definition leads to `uri`: a record's document is revealed in the tree once it is the active editor. */
  expect(uri: vscode.Uri): void {
    const ref = parseDocumentUri(uri);
    this.expected = ref?.kind === 'record' ? { ref, until: this.now() + OPENING_WITHIN_MS } : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private opened(uri: vscode.Uri): void {
    const expected = this.expected;
    const ref = parseDocumentUri(uri);
    // the next editor shown is the definition's, or the definition was only pointed at (Ctrl held over the id)
    this.expected = undefined;
    if (!expected || !ref || !sameRecord(expected.ref, ref) || this.now() > expected.until) return;
    // only where the user looks: a hidden DatoCMS view, or one showing another environment, is left as it is
    const { registry, treeView } = this.deps;
    if (!treeView.visible || registry.environmentOf(ref.project) !== ref.environment) return;
    this.reveal(uri, ref).catch((error: unknown) => this.deps.report(this.deps.t('Could not show the record in the DatoCMS view'), error));
  }

  private async reveal(uri: vscode.Uri, ref: DocumentRef): Promise<void> {
    const { ui, t } = this.deps;
    const node = await revealRef(this.deps, ref, { focus: false, maxPages: DEFINITION_REVEAL_PAGES });
    if (!node || isDocumentNode(node)) return;
    const further = t('Reveal in Tree');
    const answer = await ui.info(
      t(
        '{0} is not on the loaded pages of its model\'s records (or the Records query leaves it out): its Records item is selected. "Reveal in Tree" loads more pages to find it.',
        ref.title ?? (ref.kind === 'record' ? ref.id : ''),
      ),
      further,
    );
    if (answer === further) await vscode.commands.executeCommand('datocms.revealInTree', uri);
  }
}

function sameRecord(a: DocumentRef, b: DocumentRef): boolean {
  return a.kind === 'record' && b.kind === 'record' && a.project === b.project && a.environment === b.environment && a.id === b.id;
}
