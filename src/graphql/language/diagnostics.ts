// The problems of the GraphQL in open documents, against the linked environment's cached schema: syntax and
// validation (unless `datocms.graphql.diagnostics` says another extension reports them, or off), and the cost of each
// query against the complexity limit. Checked a moment after each change, and again when a schema or a link changes
// (a deleted field's queries show their problem as soon as the schema is read again).
import vscode = require('vscode');
import type { GraphqlDeps } from '../deps';
import { graphqlKindOf, mayHoldGraphql } from '../embedded';
import type { WorkspaceLink } from '../link';
import type { GraphqlPartsDeps } from '../parts';
import { needsFolder } from './analysis';
import { costProblemsOf } from './insights';
import { diagnosticsSetting, OtherValidators } from './otherValidators';
import { problemsOf } from './queryService';
import type { SourceDocument } from './sources';

export const DIAGNOSTIC_SOURCE = 'DatoCMS GraphQL';
/** the source of the problems a Run's answer names */
export const RUN_SOURCE = 'DatoCMS CDA';
const DELAY_MS = 250;

/** The document as the sources read it; undefined when it holds no GraphQL. */
export function sourceOf(document: vscode.TextDocument): SourceDocument | undefined {
  const kind = graphqlKindOf(document.languageId, document.fileName);
  if (!kind || document.uri.scheme === 'datocms' || document.uri.scheme === 'output') return undefined;
  return { key: document.uri.toString(), version: document.version, kind, getText: () => document.getText() };
}

export class GraphqlDiagnostics implements vscode.Disposable {
  readonly #deps: Pick<GraphqlDeps, 'linkFor' | 'onSchemaChange' | 'onLinkChange' | 't' | 'log'> &
    Pick<GraphqlPartsDeps, 'sources' | 'fragments'>;
  readonly #collection = vscode.languages.createDiagnosticCollection('datocms-graphql');
  readonly #validators = new OtherValidators();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** links whose schema is being read, so that each is asked for once */
  readonly #loading = new Set<string>();
  /** links whose schema could not be read (no token given, no network): not asked again until a link or schema changes */
  readonly #failed = new Set<string>();
  readonly #disposables: { dispose(): unknown }[];

  constructor(
    deps: Pick<GraphqlDeps, 'linkFor' | 'onSchemaChange' | 'onLinkChange' | 't' | 'log'> & Pick<GraphqlPartsDeps, 'sources' | 'fragments'>,
  ) {
    this.#deps = deps;
    const all = () => this.checkAll();
    this.#disposables = [
      this.#collection,
      this.#validators,
      vscode.workspace.onDidOpenTextDocument((d) => this.#schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.#schedule(e.document, DELAY_MS)),
      vscode.workspace.onDidCloseTextDocument((d) => this.#forget(d)),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('datocms.graphql.diagnostics') && all()),
      this.#validators.onDidChange(all),
      deps.onSchemaChange(() => (this.#failed.clear(), all())),
      deps.onLinkChange(() => (this.#failed.clear(), all())),
      deps.fragments.onDidChange(all),
    ];
    all();
  }

  checkAll(): void {
    for (const document of vscode.workspace.textDocuments) this.#schedule(document, 0);
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  #schedule(document: vscode.TextDocument, delay: number): void {
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        this.#check(document);
      }, delay),
    );
  }

  #forget(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#timers.delete(key);
    this.#deps.sources.forget(key);
    this.#collection.delete(document.uri);
  }

  #check(document: vscode.TextDocument): void {
    if (document.isClosed) return;
    const source = sourceOf(document);
    const setting = diagnosticsSetting(document.uri);
    const link = source && setting !== 'off' ? this.#deps.linkFor(document) : undefined;
    if (!source || !link || (source.kind === 'script' && !mayHoldGraphql(document.getText()))) {
      this.#collection.delete(document.uri);
      return;
    }
    const schema = this.#deps.sources.peekSchema(link);
    if (!schema) {
      this.#load(link, document);
      return;
    }
    const analysis = this.#deps.sources.analysis(source);
    const validation = setting === 'on' || !this.#validators.covers(document.uri);
    // the folder's other files are read only when this document needs them: a spread it does not define, a big page
    const folder = this.#deps.fragments.peek(document.uri, needsFolder(analysis));
    const problems = [
      ...(validation ? problemsOf(schema, analysis, folder?.nodes()) : []),
      ...costProblemsOf(schema, analysis, this.#deps.t, { folderPaginates: folder?.autoPagination }).map((p) => ({
        ...p,
        source: 'complexity' as const,
      })),
    ];
    this.#collection.set(
      document.uri,
      problems.map((problem) => {
        const range = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
        const severity = problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
        const diagnostic = new vscode.Diagnostic(range, problem.message, severity);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        if (problem.source === 'complexity') diagnostic.code = 'complexity';
        if (problem.source === 'deprecation') diagnostic.tags = [vscode.DiagnosticTag.Deprecated];
        return diagnostic;
      }),
    );
  }

  /** Reads the link's schema once, then checks again the documents waiting for it. */
  #load(link: WorkspaceLink, document: vscode.TextDocument): void {
    const key = JSON.stringify([link.project, link.environment, link.strict, link.drafts]);
    if (this.#loading.has(key) || this.#failed.has(key)) return;
    this.#loading.add(key);
    this.#deps.sources
      .schema(link)
      .then(
        () => this.checkAll(),
        (error: unknown) => {
          this.#failed.add(key);
          this.#collection.delete(document.uri);
          this.#deps.log.warn(
            `GraphQL schema of ${link.project} / ${link.environment}: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      )
      .finally(() => this.#loading.delete(key));
  }
}
