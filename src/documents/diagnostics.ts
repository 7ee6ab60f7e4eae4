// Problems of `datocms:` documents in the Problems panel: checked on open and while typing (debounced),
// plus what the server rejected at the last save (kept until the next save, revert or close).
import * as vscode from 'vscode';
import { checkDocument, parseText, type Problem } from '../schema';
import { isObject } from '../schema/json';
import type { Baseline } from './documentStore';
import { DOCUMENT_SCHEME } from './paths';

const CHECK_DELAY_MS = 250;
const SOURCE = 'DatoCMS';

export class DocumentDiagnostics implements vscode.Disposable {
  private readonly local = vscode.languages.createDiagnosticCollection('datocms');
  private readonly server = vscode.languages.createDiagnosticCollection('datocms-server');
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly disposables: vscode.Disposable[] = [this.local, this.server];

  constructor(private readonly baselineFor: (uri: vscode.Uri) => Baseline | undefined) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((document) => this.checkNow(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.checkSoon(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.clear(document.uri)),
    );
    for (const document of vscode.workspace.textDocuments) this.checkNow(document);
  }

  /** Checks the document's current text against its baseline and shows the problems. */
  checkNow(document: vscode.TextDocument): Problem[] {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return [];
    this.cancelPending(document.uri);
    const baseline = this.baselineFor(document.uri);
    if (!baseline) return [];
    const { opened, basisText } = baseline;
    const basis = basisText === opened.text ? undefined : parseText(basisText).value;
    const problems = checkDocument(opened.ref.kind, document.getText(), opened.resource, opened.ctx, isObject(basis) ? basis : undefined);
    this.local.set(document.uri, problems.map((p) => toDiagnostic(p, document)));
    return problems;
  }

  /** Problems found before or by a save: shown at once (local ones are replaced by the next check). */
  show(uri: vscode.Uri, problems: readonly Problem[], origin: 'local' | 'server'): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    (origin === 'server' ? this.server : this.local).set(uri, problems.map((p) => toDiagnostic(p, document)));
  }

  /** Drops what the server said at the last save (a new save, a revert or a successful save). */
  clearServer(uri: vscode.Uri): void {
    this.server.delete(uri);
  }

  /** Re-checks an open document (its baseline changed). */
  recheck(uri: vscode.Uri): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (document) this.checkNow(document);
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private checkSoon(document: vscode.TextDocument): void {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    this.cancelPending(document.uri);
    const key = document.uri.toString();
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        if (!document.isClosed) this.checkNow(document);
      }, CHECK_DELAY_MS),
    );
  }

  private cancelPending(uri: vscode.Uri): void {
    const key = uri.toString();
    const timer = this.pending.get(key);
    if (timer) clearTimeout(timer);
    this.pending.delete(key);
  }

  private clear(uri: vscode.Uri): void {
    if (uri.scheme !== DOCUMENT_SCHEME) return;
    this.cancelPending(uri);
    this.local.delete(uri);
    this.server.delete(uri);
  }
}

function toDiagnostic(problem: Problem, document: vscode.TextDocument | undefined): vscode.Diagnostic {
  let range: vscode.Range;
  if (document) {
    const start = document.positionAt(problem.offset);
    range = new vscode.Range(start, document.positionAt(problem.offset + Math.max(problem.length, 1)));
  } else {
    const start = new vscode.Position(Math.max(problem.line - 1, 0), Math.max(problem.column - 1, 0));
    range = new vscode.Range(start, start.translate(0, Math.max(problem.length, 1)));
  }
  const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Error);
  diagnostic.source = SOURCE;
  return diagnostic;
}
