// DatoCMS documents open as JSON (the workbench picks a language by the file's extension) and are switched to the
// DatoCMS JSON language, whose auto-save is off. Only a document an editor shows is switched: the switch makes the
// workbench resolve the document again, so switching one that was resolved only for a moment (a hover's preview, a
// peek, a command's look) would load it again, see it open as JSON again and switch it again — a loop of reads and
// of "document not found" errors. Whatever happens, a document is switched at most a few times a minute.
import vscode = require('vscode');
import { SlidingWindow } from '../cma';
import { DOCUMENT_SCHEME, parseDocumentPath } from '../domain/paths';
import { DOCUMENT_LANGUAGE } from './constants';
import { tabsOf } from './tabs';

const SWITCHES_PER_MINUTE = 6;

export class LanguageSwitch implements vscode.Disposable {
  private readonly switches = new Map<string, SlidingWindow>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly log: vscode.LogOutputChannel) {
    // a document opened before its editor showed is switched once the editor shows it
    this.disposables = [vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => this.switch(e.document)))];
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Switches a `datocms:` document an editor shows to DatoCMS JSON; true when it already is (or is Markdown, which stays). */
  switch(document: vscode.TextDocument): boolean {
    if (document.languageId === DOCUMENT_LANGUAGE) return true;
    if (document.uri.scheme === DOCUMENT_SCHEME && parseDocumentPath(document.uri.path)?.kind === 'markdown') return true;
    if (document.uri.scheme !== DOCUMENT_SCHEME || document.isClosed || !isShown(document)) return false;
    const key = document.uri.toString();
    let recent = this.switches.get(key);
    if (!recent) this.switches.set(key, (recent = new SlidingWindow(SWITCHES_PER_MINUTE, 60_000)));
    if (!recent.take()) {
      this.log.warn(`Not switching ${document.uri.path} to DatoCMS JSON again: it was switched ${SWITCHES_PER_MINUTE} times this minute.`);
      return false;
    }
    vscode.languages.setTextDocumentLanguage(document, DOCUMENT_LANGUAGE).then(undefined, (error: unknown) =>
      // closed meanwhile: nothing to switch
      this.log.info(`Switching ${document.uri.path} to DatoCMS JSON: ${error instanceof Error ? error.message : String(error)}`),
    );
    return false;
  }
}

function isShown(document: vscode.TextDocument): boolean {
  return vscode.window.visibleTextEditors.some((editor) => editor.document === document) || tabsOf(document.uri).length > 0;
}
