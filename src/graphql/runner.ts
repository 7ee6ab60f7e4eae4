// Run where the query is: the operation under the CodeLens or the cursor (or the selection), sent with the
// folder's link; the result opens beside it as a read-only document headed by its summary; the API's errors show
// at their place in the query until it is edited. Compare Draft with Published opens both runs as a diff; the
// copies put the request on the clipboard as curl or as the official client's call (the token never included).
import { createHash } from 'node:crypto';
import vscode = require('vscode');
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import type { ProjectRegistry } from '../projects/registry';
import type { CdaTokens } from './cdaTokens';
import { graphqlKindOf } from './embedded';
import type { CdaOptions, WorkspaceLink } from './link';
import { graphqlOf, operationAt, SentQuery, type Fragment, type Operation } from './operations';
import type { ResultDocuments } from './results';
import { curlOf, executeQueryOf, resultText, runOperation, type LocatedError, type RunResult } from './run';
import { variablesFor } from './variables';
import type { WorkspaceLinks } from './workspaceLinks';

export interface RunnerDeps {
  ui: Ui;
  t: Translate;
  registry: ProjectRegistry;
  links: WorkspaceLinks;
  tokens: CdaTokens;
  results: ResultDocuments;
  state: vscode.Memento;
  /** the delivery API's address */
  endpoint(): string;
}

/** An operation of a document, with the fragments it may spread. */
interface Target {
  document: vscode.TextDocument;
  operation: Pick<Operation, 'name' | 'kind' | 'start' | 'end' | 'text' | 'node'>;
  fragments: Map<string, Fragment>;
}

export class Runner implements vscode.Disposable {
  readonly #deps: RunnerDeps;
  readonly #diagnostics = vscode.languages.createDiagnosticCollection('datocms-graphql');
  readonly #disposables: vscode.Disposable[] = [this.#diagnostics];

  constructor(deps: RunnerDeps) {
    this.#deps = deps;
    this.#disposables.push(
      // the API's errors are about the text that was sent: an edit makes them stale
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length) this.#diagnostics.delete(event.document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.#diagnostics.delete(document.uri)),
    );
  }

  /** Runs the operation at `offset` of `uri` (the CodeLens), else the one at the cursor. */
  async run(uri?: vscode.Uri, offset?: number): Promise<void> {
    const target = await this.#target(uri, offset);
    if (target) await this.#runAndShow(target, undefined);
  }

  /** Runs the selected GraphQL (a whole document: an operation and its fragments), else the operation at the cursor. */
  async runSelection(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) return this.run();
    const start = editor.document.offsetAt(editor.selection.start);
    const graphql = graphqlOf(editor.document.getText(editor.selection), 'graphql');
    const problem = graphql.problems[0];
    if (problem) throw new Error(this.#deps.t('The selection is not GraphQL: {0}', problem.message));
    const operation = graphql.operations[0];
    if (!operation) throw new Error(this.#deps.t('The selection holds no query.'));
    const all = graphqlOf(editor.document.getText(), graphqlKindOf(editor.document.languageId, editor.document.fileName) ?? 'graphql');
    const shifted = (f: Fragment): Fragment => ({ ...f, start: f.start + start });
    const fragments = new Map([...all.fragments, ...[...graphql.fragments].map(([name, f]) => [name, shifted(f)] as const)]);
    await this.#runAndShow(
      { document: editor.document, operation: { ...operation, start: operation.start + start, end: operation.end + start }, fragments },
      undefined,
    );
  }

  /** Runs the operation twice, published and with drafts, and shows the two results side by side. */
  async compareDrafts(uri?: vscode.Uri, offset?: number): Promise<void> {
    const target = await this.#target(uri, offset);
    if (!target) return;
    const published = await this.#runAndShow(target, { drafts: false }, false);
    if (!published) return;
    const drafts = await this.#runAndShow(target, { drafts: true }, false);
    if (!drafts) return;
    await vscode.commands.executeCommand(
      'vscode.diff',
      published,
      drafts,
      this.#deps.t('{0}: published ↔ drafts', target.operation.name ?? this.#deps.t('anonymous {0}', target.operation.kind)),
      { preview: false, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    );
  }

  /** The operation's request on the clipboard: `curl` or the official client's `executeQuery`; asks which without `as`. */
  async copy(as?: 'curl' | 'executeQuery', uri?: vscode.Uri, offset?: number): Promise<void> {
    const { ui, t } = this.#deps;
    const target = await this.#target(uri, offset);
    if (!target) return;
    const format =
      as ??
      (await ui.pick<'curl' | 'executeQuery'>(
        [
          { label: t('Copy as curl'), description: t('the token as $DATOCMS_CDA_TOKEN'), value: 'curl' },
          { label: t('Copy as executeQuery call'), description: '@datocms/cda-client', value: 'executeQuery' },
        ],
        { title: t('Copy the request of {0}', target.operation.name ?? t('anonymous {0}', target.operation.kind)) },
      ));
    if (!format) return;
    const link = await this.#deps.links.ensure(target.document);
    const variables = await this.#variables(target);
    const primary = this.#deps.registry.get(link.project)?.primaryEnvironment;
    const request = {
      endpoint: this.#deps.endpoint(),
      ...(link.environment !== primary ? { environment: link.environment } : {}),
      options: link,
      query: new SentQuery(target.operation, target.fragments).text,
      variables,
    };
    await ui.copy(format === 'curl' ? curlOf(request) : executeQueryOf(request));
    void ui.info(format === 'curl' ? t('Copied as curl: set DATOCMS_CDA_TOKEN in the shell first.') : t('Copied as an executeQuery call.'));
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  async #target(uri: vscode.Uri | undefined, offset: number | undefined): Promise<Target | undefined> {
    const { ui, t } = this.#deps;
    const editor = vscode.window.activeTextEditor;
    const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
    if (!document) {
      void ui.info(t('Open a .graphql file, or code with a graphql() query, and run it from there.'));
      return undefined;
    }
    const at = offset ?? (editor?.document === document ? document.offsetAt(editor.selection.active) : 0);
    const graphql = graphqlOf(document.getText(), graphqlKindOf(document.languageId, document.fileName) ?? 'script');
    const operation = operationAt(graphql, at) ?? (graphql.operations.length === 1 ? graphql.operations[0] : undefined);
    if (!operation) {
      const problem = graphql.problems.find((p) => p.offset >= at) ?? graphql.problems[0];
      void ui.info(
        problem ? t('The query does not parse: {0}', problem.message) : t('Put the cursor in a query (or select one) to run it.'),
      );
      return undefined;
    }
    return { document, operation, fragments: graphql.fragments };
  }

  async #variables(target: Target): Promise<Record<string, unknown>> {
    const { ui, t, state } = this.#deps;
    return variablesFor(
      {
        ui,
        t,
        state,
        readText: async (path) => {
          try {
            return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
          } catch {
            return undefined;
          }
        },
      },
      { uri: target.document.uri.toString(), path: target.document.uri.scheme === 'file' ? target.document.uri.fsPath : undefined },
      target.operation,
    );
  }

  /** Runs with the link's options (some overridden), shows the result and the errors; the result's URI. */
  async #runAndShow(target: Target, override: Partial<CdaOptions> | undefined, open = true): Promise<vscode.Uri | undefined> {
    const { t } = this.#deps;
    const link: WorkspaceLink = { ...(await this.#deps.links.ensure(target.document)), ...override };
    const variables = await this.#variables(target);
    const sent = new SentQuery(target.operation, target.fragments);
    const name = target.operation.name ?? t('anonymous {0}', target.operation.kind);
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: t('Running {0}…', name) },
      (): Promise<RunResult> =>
        runOperation(this.#deps.tokens, {
          endpoint: this.#deps.endpoint(),
          target: link,
          options: link,
          sent,
          ...(target.operation.name ? { operationName: target.operation.name } : {}),
          variables,
        }),
    );
    this.#showErrors(target, result.errors);
    const project = this.#deps.registry.get(link.project)?.name ?? link.project;
    const text = resultText(result.response, result.errors, {
      t,
      locale: vscode.env.language,
      operation: name,
      projectName: project,
      environment: link.environment,
      options: link,
    });
    const key = createHash('sha1')
      .update(`${target.document.uri.toString()}\n${target.operation.name ?? target.operation.start}\n${link.drafts}`)
      .digest('hex')
      .slice(0, 12);
    const uri = this.#deps.results.uriOf(`${name} · ${link.environment} · ${link.drafts ? t('drafts') : t('published')}`, key);
    this.#deps.results.set(uri, text);
    if (open) await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
    return uri;
  }

  #showErrors(target: Target, errors: LocatedError[]): void {
    const { document, operation } = target;
    const diagnostics = errors.map((error) => {
      const offset = error.offset ?? operation.start;
      const start = document.positionAt(offset);
      const word = error.offset !== undefined ? document.getWordRangeAtPosition(start, /[_A-Za-z][_0-9A-Za-z]*|\.\.\./) : undefined;
      const range =
        word ?? (error.offset !== undefined ? new vscode.Range(start, start.translate(0, 1)) : document.lineAt(start.line).range);
      const diagnostic = new vscode.Diagnostic(range, error.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'DatoCMS CDA';
      return diagnostic;
    });
    this.#diagnostics.set(document.uri, diagnostics);
  }
}
