// Part of the GraphQL workbench: the language of queries (completion, problems, hover, Go to Definition), the cost
// of each query, and what a schema change breaks in the workspace (Find Usages in Code, the queries a delete or a
// rename would break). Made with the workbench; reads its schema cache and links.
import vscode = require('vscode');
import type { DocumentRef } from '../../domain/paths';
import { parseDocumentUri } from '../../platform/uris';
import { camelCase, pascalCase } from '../datoNames';
import type { GraphqlDeps } from '../deps';
import { FragmentIndex } from '../fragmentIndex';
import type { CodeChange } from '../usages/changes';
import type { UsageSearch } from '../usages/usageSearch';
import { changeOf, WorkspaceUsages, type Breakage } from '../usages/workspaceUsages';
import { GraphqlDiagnostics } from './diagnostics';
import { Renames } from './fixes';
import { GraphqlProviders } from './providers';
import { LanguageSources } from './sources';

export class LanguageFeatures implements vscode.Disposable {
  /** the fragments of each linked folder's code (Run sends those an operation spreads from other files) */
  readonly fragments: FragmentIndex;
  readonly #deps: Pick<GraphqlDeps, 'schemas' | 'linkFor' | 'linksReady' | 'onLinkChange' | 'onSchemaChange' | 'data' | 'ui' | 't' | 'log'>;
  readonly #usages: WorkspaceUsages;
  readonly #renames = new Renames();
  readonly #disposables: vscode.Disposable[];

  constructor(
    deps: Pick<GraphqlDeps, 'schemas' | 'linkFor' | 'linksReady' | 'onLinkChange' | 'onSchemaChange' | 'data' | 'ui' | 't' | 'log'>,
  ) {
    this.#deps = deps;
    const { schemas, linksReady, onSchemaChange, onLinkChange, t, log, ui } = deps;
    const sources = new LanguageSources({ schemas, renames: this.#renames, data: (p, e) => deps.data(p, e) });
    const linkFor = (target: vscode.TextDocument | vscode.Uri) => deps.linkFor(target);
    const usages = (this.#usages = new WorkspaceUsages({ schemas, linkFor, linksReady, data: deps.data, ui, t }));
    this.fragments = new FragmentIndex({
      folders: () => usages.linkedFolders(),
      readFragments: (folder) => usages.search.fragments(folder),
      onFileChange: usages.files.onDidChange,
    });
    const fragments = this.fragments;
    this.#disposables = [
      new GraphqlProviders({ sources, renames: this.#renames, linkFor, t }),
      new GraphqlDiagnostics({ sources, linkFor, fragments, onSchemaChange, onLinkChange, t, log }),
      fragments,
      usages,
    ];
  }

  /** Find Usages in Code on a model or a field: a tree item, a reference (the hover's link), a `datocms:` document. */
  async findUsages(arg?: unknown): Promise<void> {
    const { t, ui } = this.#deps;
    const ref = refFrom(arg);
    const change = ref && changeOf(ref);
    if (!ref || !change) {
      void ui.info(t('Find Usages in Code works on a model, a block model or a field: in the DatoCMS view, or with its document open.'));
      return;
    }
    const label = change.kind === 'model' ? `“${change.modelApiKey}”` : `“${change.modelApiKey}.${change.fieldApiKey}”`;
    await this.#usages.show(ref, label);
  }

  /** The usage scan over the linked folders (what the agents' find-usages tool reads). */
  get usageSearch(): UsageSearch {
    return this.#usages.search;
  }

  /** What the changes break; a rename asked about is remembered, for the quick fix of the queries reading the old name. */
  queriesBrokenBy(changes: CodeChange | readonly CodeChange[]): Promise<Breakage[]> {
    for (const change of [changes].flat())
      if (change.kind === 'field' && change.to)
        this.#renames.record(pascalCase(change.modelApiKey), camelCase(change.fieldApiKey), camelCase(change.to));
    return this.#usages.queriesBrokenBy(changes);
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0).reverse()) d.dispose();
  }
}

/** A model or field reference from what a command was given, else from the active editor's `datocms:` document. */
function refFrom(arg: unknown): DocumentRef | undefined {
  if (arg instanceof vscode.Uri) return parseDocumentUri(arg);
  if (typeof arg === 'object' && arg !== null) {
    const object = arg as Record<string, unknown>;
    // a tree item carries its document's reference
    if (typeof object['ref'] === 'object' && object['ref'] !== null) return object['ref'] as DocumentRef;
    // the hover's link: a reference as JSON
    if (
      typeof object['project'] === 'string' &&
      typeof object['environment'] === 'string' &&
      (object['kind'] === 'model' || object['kind'] === 'field')
    )
      return object as unknown as DocumentRef;
  }
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? parseDocumentUri(uri) : undefined;
}
