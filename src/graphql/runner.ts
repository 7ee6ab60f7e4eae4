// Run where the query is: the operation under the CodeLens or the cursor (or the selection), with the fragments it
// spreads from the document or from other files of the folder, sent with the folder's link while a notification
// offers Cancel; the result opens beside it as a read-only document headed by its summary (a preview of a big
// answer, the whole of it saved on request); the API's errors show at their place until edited. Compare Draft with
// Published opens both runs as a diff; the copies put the request on the clipboard as curl or as the official
// client's call (no token in them: none is included, and any the text holds is scrubbed).
import vscode = require('vscode');
import { files, hashing } from '../platform/host';
import type { GraphqlDeps } from './deps';
import { graphqlKindOf } from './embedded';
import type { CdaOptions, WorkspaceLink } from './link';
import { graphqlOf, operationAt, SentQuery, type Fragment, type Operation } from './operations';
import { scrubSecrets } from './cdaHttp';
import { curlOf, executeQueryOf, resultText, runOperation, type RunResult } from './run';
import { RunErrors } from './runErrors';
import type { GraphqlPartsDeps } from './parts';
import { variablesFor } from './variables';

/** An operation of a document, with the fragments it may spread. */
interface Target {
  document: vscode.TextDocument;
  operation: Pick<Operation, 'name' | 'kind' | 'start' | 'end' | 'text' | 'node'>;
  fragments: Map<string, Fragment>;
}

export class Runner implements vscode.Disposable {
  readonly #deps: Pick<GraphqlDeps, 'ui' | 't' | 'projects' | 'ensureLink' | 'results' | 'state' | 'endpoint'> &
    Pick<GraphqlPartsDeps, 'fragments' | 'tokens'>;
  readonly #errors = new RunErrors();

  constructor(
    deps: Pick<GraphqlDeps, 'ui' | 't' | 'projects' | 'ensureLink' | 'results' | 'state' | 'endpoint'> &
      Pick<GraphqlPartsDeps, 'fragments' | 'tokens'>,
  ) {
    this.#deps = deps;
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
    const link = await this.#deps.ensureLink(target.document);
    const variables = await this.#variables(target);
    const primary = this.#deps.projects.get(link.project)?.primaryEnvironment;
    const request = {
      endpoint: this.#deps.endpoint(),
      environment: link.environment !== primary ? link.environment : undefined,
      options: link,
      query: (await this.#sent(target)).text,
      variables,
    };
    const secrets = await this.#deps.tokens.secrets();
    await ui.copy(scrubSecrets(format === 'curl' ? curlOf(request) : executeQueryOf(request), secrets));
    void ui.info(format === 'curl' ? t('Copied as curl: set DATOCMS_CDA_TOKEN in the shell first.') : t('Copied as an executeQuery call.'));
  }

  dispose(): void {
    this.#errors.dispose();
  }

  /**
   * What is sent for the target: the operation and the fragments it spreads, from its document or else from another
   * file of the folder. A fragment found nowhere is said before anything is sent.
   */
  async #sent(target: Target): Promise<SentQuery> {
    const { t } = this.#deps;
    let sent = new SentQuery(target.operation, target.fragments);
    if (sent.missingFragments.length === 0) return sent;
    const folder = await this.#deps.fragments.current(target.document.uri);
    const all = new Map(target.fragments);
    for (const [name, f] of folder?.fragments ?? [])
      if (!all.has(name)) all.set(name, { name, start: f.start, text: f.text, uri: f.uri.toString() });
    sent = new SentQuery(target.operation, all);
    const missing = sent.missingFragments;
    if (missing.length === 0) return sent;
    const skipped = folder?.skipped.length
      ? t(' ({0} file(s) were not read: larger than 2 MB, or outside the folder through a symbolic link)', folder.skipped.length)
      : '';
    throw new Error(
      t(
        '{0} spreads {1}, which no file of this folder defines{2}. Define it (or open the folder that does), then run the query again.',
        target.operation.name ?? t('The query'),
        missing.map((name) => `...${name}`).join(', '),
        skipped,
      ),
    );
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
    const { t, ui } = this.#deps;
    const link: WorkspaceLink = { ...(await this.#deps.ensureLink(target.document)), ...override };
    const variables = await this.#variables(target);
    const sent = await this.#sent(target);
    const name = target.operation.name ?? t('anonymous {0}', target.operation.kind);
    const result = await ui.withProgress({ title: t('Running {0}…', name), cancellable: true }, (_report, signal): Promise<RunResult> =>
      runOperation(this.#deps.tokens, {
        endpoint: this.#deps.endpoint(),
        target: link,
        options: link,
        sent,
        operationName: target.operation.name,
        variables,
        signal,
      }),
    );
    const key = hashing
      .hex('sha1', `${target.document.uri.toString()}\n${target.operation.name ?? target.operation.start}\n${link.drafts}`)
      .slice(0, 12);
    await this.#errors.show(key, target.document, target.operation.start, result.errors);
    const project = this.#deps.projects.get(link.project)?.name ?? link.project;
    const preview = resultText(result.response, result.errors, {
      t,
      locale: vscode.env.language,
      operation: name,
      projectName: project,
      environment: link.environment,
      options: link,
    });
    const uri = this.#deps.results.uriOf(`${name} · ${link.environment} · ${link.drafts ? t('drafts') : t('published')}`, key);
    this.#deps.results.set(uri, preview.text);
    if (open) await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
    if (preview.cut) void this.#offerWhole(name, result.response.text);
    return uri;
  }

  /** A big answer is previewed; the whole of it goes to a file the user names, on request. */
  async #offerWhole(name: string, text: string): Promise<void> {
    const { ui, t } = this.#deps;
    const save = t('Save Whole Answer…');
    const size = (text.length / 1024 / 1024).toLocaleString(vscode.env.language, { maximumFractionDigits: 1 });
    if ((await ui.info(t('The answer of {0} is {1} MB: the result shows a preview.', name, size), save)) !== save) return;
    const path = await ui.saveFile({
      title: t('Save the answer of {0} as', name),
      defaultName: `${name.replace(/[^\w.-]+/g, '-')}.json`,
      filters: { JSON: ['json'] },
    });
    if (path) await files.writeWhole(path, text);
  }
}
