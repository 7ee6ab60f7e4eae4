// The GraphQL workbench as the context makes it (on the first document with GraphQL, or the first command): the
// workspace links, the schema cache fed by the delivery API, Sync GraphQL Schema and its offers, Run and its
// CodeLens. What the language features build on is public here: `schemas`, `links` (with `linkFor`), `endpoint()`.
import vscode = require('vscode');
import type { SecretStore } from '../projects/projectStore';
import { cdaUrlFrom } from './cdaUrl';
import { CdaTokens, cdaTokenKey } from './cdaTokens';
import { RunLenses } from './codeLens';
import { GRAPHQL_SELECTOR } from './embedded';
import { cdaIntrospector } from './introspection';
import { LanguageFeatures } from './language/languageFeatures';
import type { CdaTarget, SyncFolder, ToolFolderLink } from './link';
import { ResultDocuments } from './results';
import { Runner } from './runner';
import { SchemaCache } from './schemaCache';
import type { GeneratorScript } from './schemaFile';
import { SchemaSync } from './sync';
import { GraphqlToolApi, toolLinkOf, type ToolQuery, type ToolRun, type ToolUsages } from './toolApi';
import type { CodeChange } from './usages/changes';
import type { Breakage } from './usages/workspaceUsages';
import { folderKeyOf, WorkspaceLinks } from './workspaceLinks';
import type { Services } from '../services';

/** Projects that have a delivery token in secret storage (global state), so a sign-out can remove it. */
const TOKEN_PROJECTS_KEY = 'datocms.graphql.cdaTokenProjects';

export class GraphqlFeature implements vscode.Disposable {
  /** the delivery API's schemas, per (project, environment, strict, drafts) */
  readonly schemas: SchemaCache;
  /** each workspace folder's link; `links.linkFor(document)` */
  readonly links: WorkspaceLinks;
  readonly tokens: CdaTokens;
  /** completion, problems, hover, definition, cost, usages in code (see ./language) */
  readonly language: LanguageFeatures;
  readonly #deps: Services;
  readonly #sync: SchemaSync;
  readonly #runner: Runner;
  readonly #toolApi: GraphqlToolApi;
  readonly #disposables: vscode.Disposable[] = [];
  #warnedUrl: string | undefined;

  constructor(deps: Services) {
    this.#deps = deps;
    const { registry, ui, t, extension } = deps;
    const projectName = (key: string) => registry.get(key)?.name ?? key;
    this.tokens = new CdaTokens({
      ui,
      t,
      secrets: this.#trackedSecrets(extension),
      signedInToken: (key) => registry.store.token(key),
      storedTokens: () => Promise.all(registry.list().flatMap((p) => [registry.store.token(p.key), registry.store.deliveryToken(p.key)])),
      projectName,
    });
    this.schemas = new SchemaCache(cdaIntrospector({ endpoint: () => this.endpoint(), tokens: this.tokens }));
    this.links = new WorkspaceLinks(deps);
    this.#sync = new SchemaSync({
      ui,
      t,
      state: extension.workspaceState,
      schemas: this.schemas,
      projectName,
      runScript: (folder, script) => runScript(folder, script),
      trusted: () => vscode.workspace.isTrusted,
    });
    const lenses = new RunLenses({ registry, links: this.links, t });
    this.language = new LanguageFeatures({
      schemas: this.schemas,
      linkFor: (target) => this.links.linkFor(target),
      linksReady: this.links.ready,
      onLinkChange: this.links.book.onDidChange,
      onSchemaChange: this.schemas.onDidChange,
      data: (p, e) => registry.data(p, e),
      ui,
      t,
      log: deps.log,
    });
    const results = new ResultDocuments();
    this.#runner = new Runner({
      fragments: this.language.fragments,
      ui,
      t,
      projects: registry,
      ensureLink: (target) => this.links.ensure(target),
      tokens: this.tokens,
      results,
      state: extension.workspaceState,
      endpoint: () => this.endpoint(),
    });
    this.#toolApi = new GraphqlToolApi({
      tokens: this.tokens,
      endpoint: () => this.endpoint(),
      links: () => this.#toolLinks(),
      workspaceFolders: () => vscode.workspace.workspaceFolders?.length ?? 0,
      search: this.language.usageSearch,
    });
    this.#disposables.push(
      this.schemas,
      this.links,
      results,
      this.#runner,
      lenses,
      this.language,
      { dispose: () => this.#sync.dispose() },
      vscode.languages.registerCodeLensProvider(GRAPHQL_SELECTOR, lenses),
      registry.onDidChange(() => void this.#projectsChanged()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('datocms.cdaUrl')) this.schemas.clear();
      }),
    );
    void this.#projectsChanged();
    // a schema file that no longer matches its environment is offered a sync once the links are known
    void this.links.ready
      .then(() => this.#checkSchemaFiles())
      .catch((error: unknown) => deps.log.warn(`GraphQL schema check: ${String(error)}`));
  }

  /** The delivery API's address (`datocms.cdaUrl`, the user's value only); a bad value is reported and the default used. */
  endpoint(): string {
    const { url, problem } = cdaUrlFrom(vscode.workspace.getConfiguration('datocms').inspect<string>('cdaUrl'));
    if (problem && this.#warnedUrl !== problem) {
      this.#warnedUrl = problem;
      void this.#deps.ui.warn(`${problem} ${this.#deps.t('Using {0}.', url)}`);
    }
    return url;
  }

  /** The extension changed a schema: the cache forgets it, and linked folders with a schema file are offered a sync. */
  schemaChanged(where: CdaTarget): void {
    this.schemas.invalidate(where);
    void this.#folders().then((folders) => this.#sync.schemaChanged(where, folders));
  }

  /** Find Usages in Code on a model or field (a tree item, a reference, the active `datocms:` document). */
  findUsages(arg?: unknown): Promise<void> {
    return this.language.findUsages(arg);
  }

  /** The workspace's queries that a deleted or renamed model or field would break (none outside linked folders). */
  queriesBrokenBy(changes: CodeChange | readonly CodeChange[]): Promise<Breakage[]> {
    return this.language.queriesBrokenBy(changes);
  }

  /** For the agents' run tool: the query parsed, then run on `target` with the options given (see ./toolApi.ts). */
  runForTool(target: CdaTarget, request: ToolQuery): Promise<ToolRun> {
    return this.#toolApi.runForTool(target, request);
  }

  /** For the agents' find-usages tool: where the linked folders' code reads a model or a field. */
  usagesOf(where: CdaTarget & { model: string; field?: string }): Promise<ToolUsages> {
    return this.#toolApi.usagesOf(where);
  }

  /** For the agents' tools: the workspace folders' links, the focused folder's first. */
  linksForTool(): Promise<ToolFolderLink[]> {
    return this.#toolApi.linksForTool();
  }

  run(uri?: vscode.Uri, offset?: number): Promise<void> {
    return this.#runner.run(uri, offset);
  }

  runSelection(): Promise<void> {
    return this.#runner.runSelection();
  }

  compareDrafts(uri?: vscode.Uri, offset?: number): Promise<void> {
    return this.#runner.compareDrafts(uri, offset);
  }

  copy(as: 'curl' | 'executeQuery' | undefined, uri?: vscode.Uri, offset?: number): Promise<void> {
    return this.#runner.copy(as, uri, offset);
  }

  /** The link menu of the folder of `uri` (else of the active editor, else the only folder, else a pick). */
  async changeLink(uri?: vscode.Uri): Promise<void> {
    const folder = await this.#folderOf(uri, this.#deps.t('Change the DatoCMS link of which folder?'));
    if (folder !== undefined) await this.links.book.change(folder);
  }

  /** Sync GraphQL Schema for the folder of `uri` (else the active editor's, else the only one, else a pick). */
  async syncSchema(uri?: vscode.Uri): Promise<void> {
    const { t } = this.#deps;
    const key = await this.#folderOf(uri, t('Sync the GraphQL schema of which folder?'));
    if (key === undefined) return;
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === key);
    if (!folder || folder.uri.scheme !== 'file')
      throw new Error(t('Sync GraphQL Schema writes into a folder on this machine: open one first.'));
    const link = await this.links.book.ensure(key);
    await this.#sync.sync(syncFolder(folder), link);
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0).reverse()) d.dispose();
  }

  async #folderOf(uri: vscode.Uri | undefined, title: string): Promise<string | undefined> {
    const from = uri ?? vscode.window.activeTextEditor?.document.uri;
    const key = from ? folderKeyOf(from) : '';
    if (key !== '') return key;
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length <= 1) return folders[0]?.uri.toString() ?? '';
    return this.#deps.ui.pick(
      folders.map((f) => ({ label: f.name, value: f.uri.toString() })),
      { title },
    );
  }

  /** The linked folders on this machine, with their links. */
  async #folders(): Promise<{ folder: SyncFolder; link: NonNullable<ReturnType<WorkspaceLinks['linkFor']>> }[]> {
    await this.links.ready;
    return (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
      const link = this.links.linkFor(folder.uri);
      return link && folder.uri.scheme === 'file' ? [{ folder: syncFolder(folder), link }] : [];
    });
  }

  async #toolLinks(): Promise<ToolFolderLink[]> {
    await this.links.ready;
    const focused = vscode.window.activeTextEditor?.document.uri;
    const first = focused ? folderKeyOf(focused) : '';
    const folders = [...(vscode.workspace.workspaceFolders ?? [])].sort(
      (a, b) => Number(b.uri.toString() === first) - Number(a.uri.toString() === first),
    );
    return folders.flatMap((folder) => {
      const link = this.links.linkFor(folder.uri);
      return link ? [toolLinkOf(folder.name, link)] : [];
    });
  }

  async #checkSchemaFiles(): Promise<void> {
    for (const { folder, link } of await this.#folders()) await this.#sync.offer(folder, link, 'check');
  }

  /** Tokens may have changed: the signed-in ones are worth trying again; a signed-out project's delivery token goes. */
  async #projectsChanged(): Promise<void> {
    const { registry, extension } = this.#deps;
    const known = extension.globalState.get<string[]>(TOKEN_PROJECTS_KEY) ?? [];
    const signedIn = new Set(registry.list().map((p) => p.key));
    for (const key of known) await this.tokens.forget(key, !signedIn.has(key));
    for (const key of signedIn) await this.tokens.forget(key, false);
    if (known.some((key) => !signedIn.has(key)))
      await extension.globalState.update(
        TOKEN_PROJECTS_KEY,
        known.filter((key) => signedIn.has(key)),
      );
    for (const key of known) if (!signedIn.has(key)) this.schemas.invalidate({ project: key });
  }

  /** Secret storage, noting which projects have a delivery token. */
  #trackedSecrets(extension: vscode.ExtensionContext): SecretStore {
    return {
      get: (key) => extension.secrets.get(key),
      delete: (key) => extension.secrets.delete(key),
      store: async (key, value) => {
        await extension.secrets.store(key, value);
        const known = extension.globalState.get<string[]>(TOKEN_PROJECTS_KEY) ?? [];
        const project = this.#deps.registry.list().find((p) => cdaTokenKey(p.key) === key)?.key;
        if (project && !known.includes(project)) await extension.globalState.update(TOKEN_PROJECTS_KEY, [...known, project]);
      },
    };
  }
}

function syncFolder(folder: vscode.WorkspaceFolder): SyncFolder {
  return { key: folder.uri.toString(), path: folder.uri.fsPath, name: folder.name };
}

/** A package script in a task terminal the user sees (never in the background). */
async function runScript(folder: SyncFolder, script: GeneratorScript): Promise<void> {
  const workspaceFolder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folder.key);
  if (!workspaceFolder) return;
  const task = new vscode.Task(
    { type: 'shell', script: script.name },
    workspaceFolder,
    script.name,
    'DatoCMS',
    new vscode.ShellExecution(script.runner, { cwd: folder.path }),
  );
  task.presentationOptions = { reveal: vscode.TaskRevealKind.Always, panel: vscode.TaskPanelKind.Dedicated, clear: true };
  await vscode.tasks.executeTask(task);
}
