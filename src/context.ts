// The one owner of the extension's services and disposables (rust-analyzer's Ctx, GitLens's container). Features
// receive it, typed as the part they declare they need, and never register commands or report errors their own
// way: src/commands.ts does both. The features activation does not need are made on first use (`lazy`); their
// code loads with them (see esbuild.mjs).
import vscode = require('vscode');
import * as agentTools from './agentTools';
import { closeAllDispatchers } from './cma';
import * as documents from './documents';
import { DOCUMENT_SCHEME, parseDocumentPath } from './domain/paths';
import { type DeletedResources } from './domain/deleted';
import * as environments from './environments';
import * as graphql from './graphql';
import * as history from './history';
import * as language from './language';
import * as mediaArea from './media';
import * as navigation from './navigation';
import * as preview from './preview';
import { Config } from './platform/config';
import { setDisplayLocale } from './platform/displayLocale';
import { holdsGraphql } from './platform/graphqlFiles';
import { lazy } from './platform/lazy';
import { lazyFileSystem } from './platform/lazyFileSystem';
import { NotSignedInError, reportError, type Report } from './platform/errors';
import { PANELS, VIEWS } from './platform/views';
import { KnownSecrets, ScrubbingUi, scrubbingLog } from './platform/secrets';
import type { Ui } from './platform/ui';
import { VscodeUi } from './platform/vscodeUi';
import { ProjectRegistry } from './projects/registry';
import { ProjectStatusBar } from './projects/statusBar';
import * as records from './records';
import * as schemaActions from './schemaActions';
import * as schemaCode from './schemaCode';
import type { Services } from './services';
import { FIELD_MIME, TreeProvider, VIEW_ID } from './tree/provider';
import { TreeModel } from './tree/model';
import { type TreeNode } from './tree/nodes';
import { UPLOAD_MIME } from './tree/mediaBranch';

export class Context implements Services, vscode.Disposable {
  readonly t = vscode.l10n.t;
  /** every stored token; the window, the log, the clipboard and agent answers are scrubbed of them */
  readonly secrets = new KnownSecrets();
  readonly ui: Ui = new ScrubbingUi(new VscodeUi(), this.secrets.scrubSecrets);
  readonly config = new Config();
  readonly log: vscode.LogOutputChannel;
  readonly registry: ProjectRegistry;
  readonly tree: TreeModel;
  readonly treeProvider: TreeProvider;
  readonly treeView: vscode.TreeView<TreeNode>;
  readonly dragAndDrop: vscode.TreeDragAndDropController<TreeNode>;
  readonly statusBar: ProjectStatusBar;
  readonly historyView: vscode.TreeView<history.HistoryNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly historyChanged = new vscode.EventEmitter<undefined>();

  /** the `datocms:` documents: file system, saves, conflicts, diagnostics (made when a document is first touched) */
  readonly documentsFeature = lazy(() => this.own(this.createDocuments()));
  /** the DatoCMS JSON language's providers (made with the first document) */
  readonly language = lazy(() => this.own(new language.DatoJsonLanguage(this.log, this.languageSources())));
  /** record status badges and the publishing context keys (made with the first record or publishing command) */
  readonly publishing = lazy(() => this.own(new records.Publishing(this)));
  readonly history = lazy(() => this.own(new history.HistoryFeature(this, this.historyView, () => this.historyChanged.fire(undefined))));
  /** the Schema Comparison view and the compare/migrate commands */
  readonly comparison = lazy(() => this.own(new schemaCode.SchemaCodeFeature(this)));
  readonly types = lazy(() => schemaCode.createTypes(this));
  /** the DatoCMS view following Go to Definition to a record (made with the first definition asked) */
  readonly definitionReveal = lazy(() => this.own(new navigation.DefinitionReveal(this)));
  /** the language-model tools (made when an agent first calls one) */
  readonly agentTools = lazy(() => new agentTools.AgentTools(this));
  /** the GraphQL workbench: workspace links, the delivery API's schemas, Run (made with the first document holding GraphQL) */
  readonly graphql = lazy(() => this.own(new graphql.GraphqlFeature(this)));
  /** the Media node's branch (made when a Media node is first expanded) */
  readonly media = lazy(
    () => new mediaArea.MediaLibrary({ t: this.t, locale: vscode.env.language, pageSize: () => this.config.pageSize(), tree: this.tree }),
  );
  /** the record previews (made with the first one, or when VS Code restores one after a reload) */
  readonly previews = lazy(() => this.own(new preview.RecordPreviews(this, (p, e) => this.language().caches(p, e))));
  readonly uriHandler: vscode.UriHandler & { handleUri(uri: vscode.Uri): Promise<void> };

  constructor(readonly extension: vscode.ExtensionContext) {
    setDisplayLocale(vscode.env.language);
    this.log = this.own(scrubbingLog(vscode.window.createOutputChannel('DatoCMS', { log: true }), this.secrets.scrubSecrets));
    this.registry = this.own(new ProjectRegistry(extension, this.config, this.log, this.secrets, this.ui));
    this.tree = new TreeModel({
      projects: this.registry,
      pageSize: () => this.config.pageSize(),
      t: this.t,
      locale: vscode.env.language,
      environments: (section, data) => environments.environmentNodes(this, section, data),
      media: this.media,
    });
    this.treeProvider = this.own(new TreeProvider(this.tree));
    this.treeView = this.own(
      vscode.window.createTreeView(VIEW_ID, {
        treeDataProvider: this.treeProvider,
        showCollapseAll: true,
        canSelectMany: true,
        // fields move within their model; uploads drop on records' values; files (Explorer, system) drop on Media
        dragAndDropController: (this.dragAndDrop = {
          dragMimeTypes: [FIELD_MIME, UPLOAD_MIME],
          dropMimeTypes: [FIELD_MIME, 'text/uri-list', 'files'],
          handleDrag: (nodes, transfer) => {
            schemaActions.dragFields(nodes, transfer);
            if (nodes.some((n) => n.kind === 'upload')) mediaArea.dragUploads(this, nodes, transfer);
          },
          handleDrop: (onto, transfer) =>
            transfer.get(FIELD_MIME) ? schemaActions.dropField(this, transfer, onto) : mediaArea.dropFiles(this, transfer, onto),
        }),
      }),
    );
    this.own(this.treeProvider.attach(this.treeView));
    this.statusBar = this.own(new ProjectStatusBar(this.registry, this.treeView));
    this.historyView = this.own(
      vscode.window.createTreeView<history.HistoryNode>(VIEWS.history, {
        treeDataProvider: {
          onDidChangeTreeData: this.historyChanged.event,
          getChildren: (node) => this.history.peek()?.children(node) ?? [],
          getTreeItem: (node) => this.history().treeItem(node),
        },
      }),
    );
    this.uriHandler = { handleUri: (uri) => navigation.openLink(this, uri) };
    this.own(this.historyChanged);
    this.own(vscode.window.registerUriHandler(this.uriHandler));
    this.own(
      vscode.workspace.registerFileSystemProvider(
        DOCUMENT_SCHEME,
        lazyFileSystem(() => this.documents.fileSystem),
        { isCaseSensitive: true },
      ),
    );
    this.own(
      vscode.window.registerWebviewPanelSerializer(PANELS.recordPreview, {
        deserializeWebviewPanel: (panel, state) => this.previews().revive(panel, state as never),
      }),
    );
    this.registerAgentTools();
    this.watch();
  }

  /** The documents feature, made on first use. */
  get documents(): documents.DocumentsFeature {
    return this.documentsFeature();
  }

  /** Reports a failure the one way: `<what failed>: <why>` with Sign In (Again), Retry and Show Log. */
  readonly report: Report = (whatFailed, error, options = {}) => {
    this.log.error(`${whatFailed}: ${error instanceof Error ? error.message : String(error)}`);
    const project = options.project ?? (error instanceof NotSignedInError ? error.projectKey : undefined);
    void reportError(this.ui, this.t, whatFailed, error, {
      showLog: () => this.log.show(true),
      signInAgain: () => vscode.commands.executeCommand('datocms.signIn', project),
      retry: options.retry,
    });
  };

  /** Resources were deleted in DatoCMS: their editors close, or keep unsaved text marked deleted. */
  async documentsDeleted(gone: DeletedResources): Promise<void> {
    this.history.peek()?.deleted(gone);
    // with the feature not loaded no document is open
    await this.documentsFeature.peek()?.documentsDeleted(gone);
  }

  /** The extension changed the schema of an environment: an open Schema Comparison of it is marked outdated. */
  schemaChanged(where: { project: string; environment: string }): void {
    this.comparison.peek()?.schemaChanged(where);
    // code in the workspace may read that schema: its cached copy goes, its schema.graphql may need a sync
    if (vscode.workspace.workspaceFolders?.length) this.graphql().schemaChanged(where);
  }

  /** The workspace's GraphQL queries a deleted or renamed model or field would break (none without a workspace folder). */
  /** The project and environment the code of the focused (else the first) workspace folder reads, when linked. */
  // async so that a failure of this.graphql() (loading its bundle) is a rejection, not a throw
  // eslint-disable-next-line @typescript-eslint/require-await
  readonly workspaceLink = async (): Promise<{ project: string; environment?: string } | undefined> => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 0) return undefined;
    const { links } = this.graphql();
    const focused = vscode.window.activeTextEditor?.document.uri;
    const link = (focused && links.linkFor(focused)) ?? folders.map((folder) => links.linkFor(folder.uri)).find((l) => l !== undefined);
    return link && { project: link.project, environment: link.environment };
  };

  readonly queriesBrokenBy = async (change: graphql.CodeChange | readonly graphql.CodeChange[]): Promise<graphql.Breakage[]> =>
    vscode.workspace.workspaceFolders?.length ? this.graphql().queriesBrokenBy(change) : [];

  /** What the test suites reach into. */
  api() {
    const { registry, tree: model, treeProvider: provider, treeView, ui, uriHandler, dragAndDrop } = this;
    // the Record History view's rows, for the tests that compare what it lists with DatoCMS
    const history = () => this.history.peek();
    const previewed = (uri: vscode.Uri) => this.previews.peek()?.shown(uri);
    return { registry, model, provider, uriHandler, treeView, logUri: this.extension.logUri, ui, dragAndDrop, history, previewed };
  }

  own<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
  }

  async close(): Promise<void> {
    this.dispose();
    await closeAllDispatchers();
  }

  private createDocuments(): documents.DocumentsFeature {
    const feature = new documents.DocumentsFeature(this);
    this.own(mediaArea.registerUploadEditing(this));
    feature.onDidOpen((opened) => this.language().noteOpened(opened));
    feature.onDidSave(({ ref, resource }) => {
      // the tree, and the history through the tree's change, show what was saved
      void this.tree.documentSaved(ref, resource);
      this.publishing.peek()?.saved(ref, resource);
      if (ref.kind === 'model' || ref.kind === 'field') schemaCode.schemaSaved(this, ref);
      if (ref.kind === 'model' || ref.kind === 'field' || ref.kind === 'fieldset') this.schemaChanged(ref);
    });
    return feature;
  }

  private languageSources(): language.LanguageSources {
    return {
      baseline: (uri) => this.documents.baseline(uri),
      data: (project, environment) => this.registry.data(project, environment),
      definitionLeadsTo: (uri) => this.definitionReveal().expect(uri),
    };
  }

  /** The agent tools, under package.json's names: their code loads when an agent first calls one. */
  private registerAgentTools(): void {
    const manifest = this.extension.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } };
    for (const { name } of manifest.contributes?.languageModelTools ?? [])
      this.own(
        vscode.lm.registerTool(name, {
          invoke: (options) => this.agentTools().invoke(name, options),
          prepareInvocation: (options) => this.agentTools().prepare(name, options),
        }),
      );
  }

  /** What activation listens to: projects, settings, and the first `datocms:` documents. */
  private watch(): void {
    const syncSignedIn = () => void vscode.commands.executeCommand('setContext', 'datocms.signedIn', this.registry.list().length > 0);
    const opened = (document: vscode.TextDocument) => {
      if (document.uri.scheme !== DOCUMENT_SCHEME) {
        if (!this.graphql.peek() && this.registry.list().length > 0 && holdsGraphql(document)) this.graphql();
        return;
      }
      this.documentsFeature();
      if (parseDocumentPath(document.uri.path)?.kind === 'record') this.publishing();
    };
    // The history, once made, follows the focused editor itself; it is made when shown with a record focused.
    const followHistory = () => {
      if (this.history.peek() || !this.historyView.visible) return;
      if (vscode.window.activeTextEditor?.document.uri.scheme === DOCUMENT_SCHEME) this.history().editorFocused();
    };
    syncSignedIn();
    vscode.workspace.textDocuments.forEach(opened);
    this.own(vscode.workspace.onDidOpenTextDocument(opened));
    this.own(vscode.window.onDidChangeActiveTextEditor(followHistory));
    this.own(this.historyView.onDidChangeVisibility(followHistory));
    this.own(this.tree.onDidChangeDocument((ref) => this.history.peek()?.recordChanged(ref)));
    this.own(this.registry.onDidChange(() => this.tree.projectsChanged()));
    this.own(this.registry.onDidChange(syncSignedIn));
    this.own(this.registry.onDidChange(() => vscode.workspace.textDocuments.forEach(opened)));
    this.own(
      this.config.onDidChange((setting) => {
        if (setting === 'pageSize') void this.tree.refresh();
        if (setting === 'baseUrl') {
          const problem = this.config.baseUrl().problem;
          if (problem) void this.ui.warn(problem);
        }
      }),
    );
  }
}
