// Problems of `datocms:` documents in the Problems panel: checked on open and while typing (debounced),
// plus what the server rejected at the last save (kept until the next save, revert or close).
// The check runs in a worker thread (see liveCheck.ts): the extension host only posts the text and turns
// the answer into diagnostics, so typing in a large record never freezes the other extensions.
import vscode = require('vscode');
import { basisValue, type Problem } from '../schema';
import type { Baseline } from './model';
import { LIVE_CHECK_MAX_CHARS, LiveChecker, SHOWN_PROBLEMS_LIMIT, type LiveCheckOutcome } from './liveCheck';
import type { CheckBaseline } from './liveCheckProtocol';
import { DOCUMENT_SCHEME } from '../domain/paths';
import { workers } from '../platform/host';
import { markdownProblems } from './markdownDocument';
import { resourceKindOf } from './model';

const CHECK_DELAY_MS = 250;
const SOURCE = 'DatoCMS';

type SaveOnlyReason = Extract<LiveCheckOutcome, { status: 'save-only' }>['reason'];

export class DocumentDiagnostics implements vscode.Disposable {
  private readonly local = vscode.languages.createDiagnosticCollection('datocms');
  private readonly server = vscode.languages.createDiagnosticCollection('datocms-server');
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** documents checked on save only, and why (told once, as a diagnostic at the top) */
  private readonly saveOnly = new Map<string, SaveOnlyReason>();
  private readonly checker: LiveChecker;
  private readonly disposables: vscode.Disposable[] = [this.local, this.server];

  constructor(
    private readonly baselineFor: (uri: vscode.Uri) => Baseline | undefined,
    log?: { warn(message: string): void },
  ) {
    this.checker = new LiveChecker({
      startWorker: () => workers.start('liveCheckWorker'),
      problemLimit: SHOWN_PROBLEMS_LIMIT,
      onWorkerFailure: (error) =>
        log?.warn(
          `Live validation runs on the extension host instead of a worker: ${error instanceof Error ? error.message : String(error)}`,
        ),
    });
    this.disposables.push(
      { dispose: () => this.checker.dispose() },
      vscode.workspace.onDidOpenTextDocument((document) => void this.checkNow(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.checkSoon(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.clear(document.uri)),
    );
    for (const document of vscode.workspace.textDocuments) void this.checkNow(document);
  }

  /**
   * Checks the document's current text against its baseline and shows the problems. Resolves with them
   * (empty when the check was superseded by a newer text, or the document is checked on save only).
   */
  async checkNow(document: vscode.TextDocument): Promise<Problem[]> {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return [];
    this.cancelPending(document.uri);
    const baseline = this.baselineFor(document.uri);
    if (!baseline) return [];
    if (baseline.opened.ref.kind === 'markdown') return this.checkMarkdown(document, baseline);
    const key = document.uri.toString();
    const version = document.version;
    const outcome = await this.checker.check(key, checkBaselineOf(baseline), {
      length: textLength(document),
      read: () => document.getText(),
    });
    // an answer for a text that is no longer in the editor is dropped: the newer text is being checked
    if (document.isClosed || document.version !== version) return [];
    switch (outcome.status) {
      case 'checked': {
        this.saveOnly.delete(key);
        const diagnostics = outcome.problems.map((p) => toDiagnostic(p, document));
        if (outcome.total > outcome.problems.length) diagnostics.push(moreProblems(outcome.total - outcome.problems.length));
        this.local.set(document.uri, diagnostics);
        return outcome.problems;
      }
      case 'save-only':
        this.saveOnly.set(key, outcome.reason);
        this.local.set(document.uri, [saveOnlyNote(outcome.reason)]);
        return [];
      case 'superseded':
      case 'failed':
        return [];
    }
  }

  /** A field's Markdown: read here (a small text; the rules need no worker), its problems at their lines. */
  private checkMarkdown(document: vscode.TextDocument, { opened, basisText }: Baseline): Problem[] {
    if (opened.ref.kind !== 'markdown') return [];
    const problems = markdownProblems(opened.ref, document.getText(), basisText, opened.resource, opened.ctx);
    this.local.set(
      document.uri,
      problems.map((p) => toDiagnostic(p, document)),
    );
    return problems;
  }

  /** Problems found before or by a save: shown at once (local ones are replaced by the next check). */
  show(uri: vscode.Uri, problems: readonly Problem[], origin: 'local' | 'server'): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const diagnostics = problems.map((p) => toDiagnostic(p, document));
    const reason = this.saveOnly.get(uri.toString());
    if (origin === 'local' && reason) diagnostics.unshift(saveOnlyNote(reason));
    (origin === 'server' ? this.server : this.local).set(uri, diagnostics);
  }

  /** Drops what the server said at the last save (a new save, a revert or a successful save). */
  clearServer(uri: vscode.Uri): void {
    this.server.delete(uri);
  }

  /** Re-checks an open document (its baseline changed). */
  recheck(uri: vscode.Uri): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (document) void this.checkNow(document);
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
        if (!document.isClosed) void this.checkNow(document);
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
    this.checker.forget(uri.toString());
    this.saveOnly.delete(uri.toString());
    this.local.delete(uri);
    this.server.delete(uri);
  }
}

/** One CheckBaseline per baseline: the checker sends a baseline to its worker once, recognised by identity. */
const checkBaselines = new WeakMap<Baseline, CheckBaseline>();
function checkBaselineOf(baseline: Baseline): CheckBaseline {
  let known = checkBaselines.get(baseline);
  if (!known) {
    const { opened, basisText } = baseline;
    // the document value the text was derived from, when it is not the opened resource rendered
    const basis = basisText === opened.text ? undefined : basisValue(basisText);
    known = { kind: resourceKindOf(opened.ref), resource: opened.resource, ctx: opened.ctx, ...(basis === undefined ? {} : { basis }) };
    checkBaselines.set(baseline, known);
  }
  return known;
}

/** The text's length from the text model's line index, without building the text. */
function textLength(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

function saveOnlyNote(reason: SaveOnlyReason): vscode.Diagnostic {
  const message =
    reason === 'too-large'
      ? vscode.l10n.t(
          'This document is larger than {0} MB, so it is checked when you save, not while you type.',
          LIVE_CHECK_MAX_CHARS / (1024 * 1024),
        )
      : vscode.l10n.t('Checking this document while you type would slow the editor down, so it is checked when you save.');
  const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), message, vscode.DiagnosticSeverity.Information);
  diagnostic.source = SOURCE;
  return diagnostic;
}

function moreProblems(count: number): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(0, 0, 0, 1),
    vscode.l10n.t('{0} more problems are not shown; fix the ones listed first.', count),
    vscode.DiagnosticSeverity.Information,
  );
  diagnostic.source = SOURCE;
  return diagnostic;
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
  // The code names the problem (quick fixes switch on it); its data rides on the diagnostic object, which VS Code
  // hands back to code action providers, as language clients carry an LSP diagnostic's data.
  const diagnostic = Object.assign(new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Error), { data: problem.data });
  diagnostic.source = SOURCE;
  diagnostic.code = problem.code;
  return diagnostic;
}
