// Comparing environments: "Compare with Environment…" for one document, "Compare Schemas…" for a project's whole schema (the Schema Comparison
// view), and "Generate Migration…" from that comparison.
import vscode = require('vscode');
import { documentPath, type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import { documentUri, parseDocumentUri } from '../platform/uris';
import type { TreeNode } from '../tree/nodes';
import { ComparisonTree, COMPARISON_OPEN_CONTEXT, COMPARISON_VIEW_ID, type ChangeNode, type Comparison } from './comparisonView';
import { diffSchemas, type SchemaDiff } from './diff';
import { environmentItems } from './environmentItems';
import { generateMigration } from './generate';
import { fieldsetTitle, snapshotOf } from './snapshot';
import type { Services } from '../services';

const t = vscode.l10n.t;

/** A comparison read longer ago than this says it may be outdated (others may have changed either side). */
const OUTDATED_AFTER_MS = 15 * 60_000;
/** Saves in a row are followed by one re-read. */
const FOLLOW_DELAY_MS = 400;

/** Read-only sides of a comparison that are not DatoCMS documents: a missing side, a fieldset. */
const SIDE_SCHEME = 'datocms-compare';
/** The query that marks a `datocms:` document as another environment's copy, shown read-only for comparison. */
const COMPARISON_QUERY = 'compare';

export class SchemaCodeFeature implements vscode.Disposable {
  readonly #deps: Services;
  readonly #tree = new ComparisonTree();
  readonly #view: vscode.TreeView<ChangeNode>;
  /** texts of the `datocms-compare:` sides, by URI */
  readonly #sides = new Map<string, string>();
  readonly #disposables: vscode.Disposable[] = [];
  #follow: ReturnType<typeof setTimeout> | undefined;
  /** counts the extension's schema changes, so a re-read that one overtook is not shown */
  #changes = 0;

  constructor(deps: Services) {
    this.#deps = deps;
    this.#view = vscode.window.createTreeView(COMPARISON_VIEW_ID, { treeDataProvider: this.#tree, showCollapseAll: true });
    const checkAge = () => this.#tree.checkAge(OUTDATED_AFTER_MS) && this.#showOutdated();
    this.#disposables.push(
      this.#view,
      this.#view.onDidChangeVisibility(({ visible }) => visible && checkAge()),
      vscode.window.onDidChangeWindowState(({ focused }) => focused && this.#view.visible && checkAge()),
      { dispose: () => clearTimeout(this.#follow) },
      vscode.workspace.registerTextDocumentContentProvider(SIDE_SCHEME, {
        provideTextDocumentContent: (uri) => this.#sides.get(uri.toString()) ?? '',
      }),
    );
  }

  dispose(): void {
    for (const d of this.#disposables) d.dispose();
  }

  /** The same document in another environment, read-only on the left; the document itself on the right. */
  async compareWithEnvironment(arg: unknown): Promise<void> {
    const { ui } = this.#deps;
    const ref = refOf(arg);
    if (!ref) {
      void ui.info(t('Run this on a model, field, webhook or record of the DatoCMS view, or with a DatoCMS document open.'));
      return;
    }
    if (isUnsaved(ref)) {
      void ui.info(t('This document is new and not yet in DatoCMS: save it first, then compare it with another environment.'));
      return;
    }
    const other = await this.#pickEnvironment(ref.project, t('Compare the {0} with which environment?', describeRef(ref)), [
      ref.environment,
    ]);
    if (!other) return;
    const otherRef: DocumentRef =
      ref.kind === 'record'
        ? { project: ref.project, environment: other, kind: 'record', modelApiKey: ref.modelApiKey, id: ref.id }
        : { ...ref, environment: other };
    const name = documentPath(otherRef).split('/').pop() ?? '';
    let left = comparisonUri(otherRef);
    try {
      await vscode.workspace.fs.stat(left);
    } catch (error) {
      if (!(error instanceof vscode.FileSystemError) || error.code !== 'FileNotFound') throw error;
      left = this.#side(otherRef.project, other, name, '');
      void ui.info(t('The {0} does not exist in environment {1}: it is compared with an empty side.', describeRef(ref), other));
    }
    const right =
      arg instanceof vscode.Uri
        ? arg
        : vscode.window.activeTextEditor && !isTreeNode(arg)
          ? vscode.window.activeTextEditor.document.uri
          : documentUri(ref);
    await vscode.commands.executeCommand('vscode.diff', left, right, t('{0} ({1}) ↔ {2} ({3})', name, other, name, ref.environment));
  }

  /** Two environments' schemas side by side in the Schema Comparison view. */
  async compareSchemas(arg: unknown): Promise<void> {
    const { registry } = this.#deps;
    const project = await this.#projectOf(arg);
    if (!project) return;
    const shown = registry.environmentOf(project);
    const source = await this.#pickEnvironment(project, t('Compare the schema of which environment?'), [], shown);
    if (!source) return;
    const target = await this.#pickEnvironment(
      project,
      t('Compare the schema of {0} with which environment?', source),
      [source],
      'primary',
    );
    if (!target) return;
    await this.#show({ project, source, target, diff: await this.#read(project, source, target) });
  }

  /** The open comparison read again (a new one when none is open). */
  async refresh(): Promise<void> {
    const shown = this.#tree.comparison;
    if (!shown) return this.compareSchemas(undefined);
    const { project, source, target } = shown;
    await this.#show({ project, source, target, diff: await this.#read(project, source, target) });
  }

  /**
   * A schema change made through the extension: the comparison is marked outdated at once and read again
   * in the background; if that read fails it stays marked, with Refresh.
   */
  schemaChanged(where: { project: string; environment: string }): void {
    if (!this.#tree.schemaChanged(where.project, where.environment)) return;
    this.#showOutdated();
    this.#changes += 1;
    clearTimeout(this.#follow);
    this.#follow = setTimeout(() => void this.#followChange(), FOLLOW_DELAY_MS);
  }

  async #followChange(): Promise<void> {
    const shown = this.#tree.comparison;
    if (!shown) return;
    const changes = this.#changes;
    try {
      const diff = await this.#deps.ui.withProgress({ location: { view: COMPARISON_VIEW_ID } }, () =>
        this.#readSides(shown.project, shown.source, shown.target),
      );
      if (this.#tree.comparison !== shown || this.#changes !== changes) return;
      this.#display({ ...shown, diff });
    } catch {
      // the view keeps saying it is outdated; Refresh reads again and reports what fails
    }
  }

  #showOutdated(): true {
    const shown = this.#tree.comparison!;
    this.#view.message = this.#tree.message();
    this.#view.description = t('{0} → {1} (outdated)', shown.source, shown.target);
    return true;
  }

  #read(project: string, source: string, target: string): Promise<SchemaDiff> {
    return this.#deps.ui.withProgress(
      { title: t('Reading the schemas of {0} and {1}…', source, target), cancellable: true },
      (_report, signal) => this.#readSides(project, source, target, signal),
    );
  }

  async #readSides(project: string, source: string, target: string, signal?: AbortSignal): Promise<SchemaDiff> {
    const { registry } = this.#deps;
    const [s, tg] = await Promise.all(
      [source, target].map(async (environment) =>
        (await registry.data(project, environment)).client.site.findWithSchema(signal ? { signal } : {}),
      ),
    );
    return diffSchemas(snapshotOf(source, s!), snapshotOf(target, tg!));
  }

  /** A migration script from the open comparison (or a new one), written into the workspace and opened. */
  async generateMigration(): Promise<void> {
    const { registry, ui } = this.#deps;
    if (!this.#tree.comparison) await this.compareSchemas(undefined);
    const comparison = this.#tree.comparison;
    if (!comparison) return;
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
    if (folders.length === 0) {
      void ui.warn(t('Open a folder first: the migration script is written into its migrations folder.'));
      return;
    }
    const folder =
      folders.length === 1
        ? folders[0]
        : await ui.pick(
            folders.map((f) => ({ label: f.name, description: f.uri.fsPath, value: f })),
            { title: t('Write the migration into which folder?') },
          );
    if (!folder) return;
    const { project, source, target } = comparison;
    const result = await generateMigration(
      this.#deps,
      { project, source, target, folder: folder.uri.fsPath },
      async (environment, signal) => (await registry.data(project, environment)).client.site.findWithSchema({ signal }),
    );
    if (!result) return;
    await this.#show({ ...comparison, diff: result.diff });
    await vscode.window.showTextDocument(vscode.Uri.file(result.path));
    void ui.info(
      t(
        'Migration written: {0}. Review it, then run it on a new fork of {1}: datocms migrations:run --source={1} --destination=<new sandbox>.',
        vscode.workspace.asRelativePath(result.path),
        target,
      ),
    );
  }

  /**
   * The diff of one change: the target's version (read-only) left, the source's right; a missing side empty.
   * `change` is a node of the view, or the name of a model (`dish`) or field (`dish::calories`) in it.
   */
  async openChange(change: ChangeNode | string): Promise<void> {
    const node = typeof change === 'string' ? this.#tree.find(change) : change;
    if (!node || node.kind === 'none') return;
    const { project, source, target } = node.comparison;
    let left: vscode.Uri;
    let right: vscode.Uri;
    let name: string;
    if (node.kind === 'fieldset') {
      name = `${fieldsetTitle((node.pair.source ?? node.pair.target)!)}.json`;
      left = this.#side(project, target, name, node.pair.target ? json(node.pair.target.attributes) : '');
      right = this.#side(project, source, name, node.pair.source ? json(node.pair.source.attributes) : '');
    } else {
      const refIn = (environment: string, side: 'source' | 'target'): DocumentRef | undefined => {
        const model = node.model[side];
        if (!model) return undefined;
        if (node.kind === 'model') return { project, environment, kind: 'model', apiKey: model.apiKey };
        const field = node.pair[side];
        return field ? { project, environment, kind: 'field', modelApiKey: model.apiKey, apiKey: field.apiKey } : undefined;
      };
      const targetRef = refIn(target, 'target');
      const sourceRef = refIn(source, 'source');
      name =
        documentPath((sourceRef ?? targetRef)!)
          .split('/')
          .pop() ?? '';
      left = targetRef ? comparisonUri(targetRef) : this.#side(project, target, name, '');
      right = sourceRef ? comparisonUri(sourceRef) : this.#side(project, source, name, '');
    }
    const missing = (environment: string, present: boolean) => (present ? environment : t('not in {0}', environment));
    const pair = node.kind === 'model' ? node.model : node.pair;
    await vscode.commands.executeCommand(
      'vscode.diff',
      left,
      right,
      t('{0} ({1}) ↔ ({2})', name, missing(target, pair.target !== undefined), missing(source, pair.source !== undefined)),
      { preview: true },
    );
  }

  close(): void {
    this.#tree.show(undefined);
    void vscode.commands.executeCommand('setContext', COMPARISON_OPEN_CONTEXT, false);
  }

  async #show(comparison: Comparison): Promise<void> {
    this.#display(comparison);
    await vscode.commands.executeCommand('setContext', COMPARISON_OPEN_CONTEXT, true);
    await vscode.commands.executeCommand(`${COMPARISON_VIEW_ID}.focus`);
  }

  #display(comparison: Comparison): void {
    this.#tree.show(comparison);
    this.#view.title = t('Schema Comparison');
    this.#view.description = `${comparison.source} → ${comparison.target}`;
    this.#view.message = this.#tree.message();
  }

  /** A read-only side with this text (empty = missing in that environment). */
  #side(project: string, environment: string, name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SIDE_SCHEME, path: `/${project}/${environment}/${name}`, query: text === '' ? 'missing' : '' });
    this.#sides.set(uri.toString(), text);
    return uri;
  }

  async #projectOf(arg: unknown): Promise<string | undefined> {
    const { registry, ui } = this.#deps;
    if (typeof arg === 'string') return arg;
    if (isTreeNode(arg)) return arg.projectKey;
    const projects = registry.list();
    if (projects.length === 0) {
      void ui.info(t('Sign in to a DatoCMS project first.'));
      return undefined;
    }
    if (projects.length === 1) return projects[0]!.key;
    const active = this.#deps.statusBar.activeProjectKey();
    return ui.pick(
      projects.map((p) => ({ label: p.name, description: p.key === active ? t('active') : undefined, value: p.key })),
      { title: t('Compare the schemas of which project?') },
    );
  }

  /** An environment of the project other than `exclude`; `first` ('primary' or an id) is offered first. */
  async #pickEnvironment(project: string, title: string, exclude: string[], first?: string): Promise<string | undefined> {
    const { registry, ui } = this.#deps;
    const data = await registry.data(project);
    const environments = (
      await ui.withProgress({ title: t('Loading environments…'), cancellable: true }, (_r, signal) =>
        data.client.environments.list({ signal }),
      )
    ).filter((env) => !exclude.includes(env.id));
    if (environments.length === 0) {
      void ui.info(t('This project has no other environment. Fork one first.'));
      return undefined;
    }
    const rank = (env: { id: string; meta: Record<string, unknown> }) =>
      (first === 'primary' ? env.meta['primary'] === true : env.id === first) ? 0 : 1;
    environments.sort((a, b) => rank(a) - rank(b));
    const shown = registry.environmentOf(project);
    return ui.pick(environmentItems(environments, shown, t), { title });
  }
}

/** A new document not yet created: its path holds a placeholder id ("~" is never in a DatoCMS id or api_key). */
function isUnsaved(ref: DocumentRef): boolean {
  return [
    ref.kind === 'record' || ref.kind === 'fieldset' || ref.kind === 'webhook' || ref.kind === 'upload' || ref.kind === 'markdown'
      ? ref.id
      : ref.apiKey,
    'modelApiKey' in ref ? ref.modelApiKey : '',
  ].some((part) => part.includes('~'));
}

function isTreeNode(arg: unknown): arg is TreeNode {
  return typeof arg === 'object' && arg !== null && 'kind' in arg && 'projectKey' in arg;
}

function refOf(arg: unknown): DocumentRef | undefined {
  if (isTreeNode(arg)) return 'ref' in arg ? arg.ref : undefined;
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  return uri ? parseDocumentUri(uri) : undefined;
}

/** Another environment's document, served read-only (its saves are refused). */
function comparisonUri(ref: DocumentRef): vscode.Uri {
  return vscode.Uri.from({ scheme: 'datocms', path: documentPath(ref), query: COMPARISON_QUERY });
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
