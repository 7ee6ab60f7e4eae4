// The delivery API's errors of a Run at their place: one problem per error (its other places as related
// information), in the operation's document or in the file of a fragment it spread; none where the language
// features already show a problem at that place. They are about the text that was sent: an edit of a file, or the
// next Run of the same operation, takes them away.
import vscode = require('vscode');
import { DIAGNOSTIC_SOURCE, RUN_SOURCE } from './language/diagnostics';
import type { Place } from './operations';
import type { LocatedError } from './run';

export class RunErrors implements vscode.Disposable {
  readonly #collection = vscode.languages.createDiagnosticCollection('datocms-graphql-run');
  /** the documents each run placed errors in (by the run's key), so that the next run of it clears them */
  readonly #placed = new Map<string, Set<string>>();
  readonly #disposables: vscode.Disposable[] = [
    this.#collection,
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length) this.#collection.delete(event.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => this.#collection.delete(document.uri)),
  ];

  /** Places the errors of a run (`key`: its document and operation) of the operation in `document`. */
  async show(key: string, document: vscode.TextDocument, operationStart: number, errors: LocatedError[]): Promise<void> {
    for (const uri of this.#placed.get(key) ?? []) this.#collection.delete(vscode.Uri.parse(uri));
    const byDocument = new Map<string, vscode.Diagnostic[]>([[document.uri.toString(), []]]);
    for (const error of errors) {
      const at = error.at ?? { offset: operationStart };
      const target = await documentOf(document, at);
      if (!target) continue;
      const range = rangeAt(target, at.offset, error.at !== undefined);
      if (alreadyShown(target.uri, range)) continue;
      const diagnostic = new vscode.Diagnostic(range, error.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = RUN_SOURCE;
      const related = await Promise.all(error.also.map(async (place) => relatedAt(document, place, error.message)));
      diagnostic.relatedInformation = related.filter((r): r is vscode.DiagnosticRelatedInformation => r !== undefined);
      const list = byDocument.get(target.uri.toString()) ?? [];
      list.push(diagnostic);
      byDocument.set(target.uri.toString(), list);
    }
    for (const [uri, diagnostics] of byDocument) this.#collection.set(vscode.Uri.parse(uri), diagnostics);
    this.#placed.set(key, new Set(byDocument.keys()));
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }
}

async function documentOf(document: vscode.TextDocument, place: Place): Promise<vscode.TextDocument | undefined> {
  if (place.uri === undefined || place.uri === document.uri.toString()) return document;
  return Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(place.uri))).catch(() => undefined);
}

async function relatedAt(
  document: vscode.TextDocument,
  place: Place,
  message: string,
): Promise<vscode.DiagnosticRelatedInformation | undefined> {
  const target = await documentOf(document, place);
  return target && new vscode.DiagnosticRelatedInformation(new vscode.Location(target.uri, rangeAt(target, place.offset, true)), message);
}

/** The name at an offset, else one character there; without a place, the operation's first line. */
function rangeAt(document: vscode.TextDocument, offset: number, placed: boolean): vscode.Range {
  const start = document.positionAt(offset);
  if (!placed) return document.lineAt(start.line).range;
  return document.getWordRangeAtPosition(start, /[_A-Za-z][_0-9A-Za-z]*|\.\.\./) ?? new vscode.Range(start, start.translate(0, 1));
}

/** The language features already show a problem starting there (the same error, found before the Run). */
function alreadyShown(uri: vscode.Uri, range: vscode.Range): boolean {
  return vscode.languages.getDiagnostics(uri).some((d) => d.source === DIAGNOSTIC_SOURCE && d.range.start.isEqual(range.start));
}
