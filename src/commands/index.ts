// Registers every DatoCMS command. Handlers are thin: they gather arguments (tree nodes, the active
// editor) and call the vscode-free logic in this folder, reporting failures with actions.
import vscode = require('vscode');
import { CmaClient } from '../cma';
import type { Config } from '../platform/config';
import { parseDocumentUri } from '../documents';
import type { DatoDocuments } from '../documents';
import { registerEnvironmentCommands } from '../environments';
import type { ProjectRegistry } from '../projects/registry';
import { lifecycleCommands } from '../records/lifecycleCommands';
import type { ErrorNode, LoadMoreNode, ModelNode, ProjectNode, RecordsNode, TreeModel, TreeNode } from '../tree/model';
import { isDocumentNode, modelOf } from '../tree/model';
import type { RecordQuery } from '../tree/recordQuery';
import { reportError } from '../platform/errors';
import type { ProjectStatusBar } from '../projects/statusBar';
import type { Ui } from '../platform/ui';
import { registerSchemaCode } from '../schemaCode/register';
import { pickEnvironment, pickProjectToSignOut, runSignIn } from '../projects/accountFlows';
import { adminUrl, type AdminTarget } from '../navigation/adminUrls';
import { paletteCommands, pickRecordsNode } from '../navigation/paletteCommands';
import { askFilter, askLocale, askOrder, askSearch, askVersion } from '../tree/queries';

export const VIEW_ID = 'datocms.explorer';

export interface CommandDeps {
  registry: ProjectRegistry;
  model: TreeModel;
  treeView: vscode.TreeView<TreeNode>;
  statusBar: ProjectStatusBar;
  ui: Ui;
  log: vscode.LogOutputChannel;
  config: Config;
  documents: DatoDocuments;
}

const t = vscode.l10n.t;

export type CommandFactory = (id: string, whatFailed: string, handler: (...args: any[]) => Promise<unknown> | unknown) => vscode.Disposable;

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { registry, model, ui } = deps;

  /** Registers a command whose failures become a notification with Show Log / Sign In Again / Retry. */
  const command: CommandFactory = (id, whatFailed, handler) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        deps.log.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        void reportError(ui, t, whatFailed, error, {
          showLog: () => deps.log.show(),
          signInAgain: () => vscode.commands.executeCommand('datocms.signIn'),
          retry: () => vscode.commands.executeCommand(id, ...args),
        });
        return undefined;
      }
    });

  const projectKeyOf = async (arg: unknown, purpose: string): Promise<string | undefined> => {
    if (typeof arg === 'string') return arg;
    if (arg && typeof arg === 'object' && 'projectKey' in arg) return (arg as TreeNode).projectKey;
    const projects = registry.list();
    if (projects.length <= 1) return projects[0]?.key ?? (await notSignedIn());
    const fromStatus = deps.statusBar.activeProjectKey();
    return ui.pick(
      projects.map((p) => ({
        label: p.name,
        description: p.key === fromStatus ? t('active') : (p.internalDomain ?? undefined),
        value: p.key,
      })),
      { title: purpose },
    );
  };
  const notSignedIn = async (): Promise<undefined> => {
    const signIn = t('Sign In');
    if ((await ui.info(t('Sign in to a DatoCMS project first.'), signIn)) === signIn)
      await vscode.commands.executeCommand('datocms.signIn');
    return undefined;
  };

  const updateQuery = async (
    node: RecordsNode,
    ask: (data: Awaited<ReturnType<TreeModel['dataOf']>>) => Promise<RecordQuery | undefined>,
  ) => {
    const data = await model.dataOf(node);
    const query = await ask(data);
    if (query) model.setQuery(node, query);
  };

  /**
   * A Records query command: on the Records item it was run on, or, from the palette, on the Records item
   * of a model the user picks (then shown in the tree, so the new query is seen).
   */
  const onRecords = (title: string, run: (node: RecordsNode) => Promise<void>) => async (arg?: RecordsNode) => {
    const node = arg?.kind === 'records' ? arg : await pickRecordsNode(deps, title);
    if (!node) return;
    await run(node);
    if (arg?.kind !== 'records') await deps.treeView.reveal(node, { select: true, expand: true });
  };

  /** The node a command acts on: the tree node it was run on, else the focused datocms: document's node. */
  const nodeOf = async (arg: unknown): Promise<TreeNode | undefined> => {
    if (arg && typeof arg === 'object' && 'kind' in arg && 'projectKey' in arg) return arg as TreeNode;
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    const ref = uri ? parseDocumentUri(uri) : undefined;
    if (!ref) {
      void ui.info(t('Run this on an item of the DatoCMS view, or with a DatoCMS document open.'));
      return undefined;
    }
    const node = await model.find(ref);
    if (!node || !isDocumentNode(node)) {
      void ui.info(t('This document is not in the DatoCMS view (is its environment the one the view shows?).'));
      return undefined;
    }
    return node;
  };

  const exportModel = async (node: ModelNode | RecordsNode) => {
    const modelNode = node.kind === 'model' ? node : node.model;
    const data = await model.dataOf(modelNode);
    // The export (paging, file writing) loads when first used: dist/export.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runExportCommand } = require('../export/exportCommand') as typeof import('../export/exportCommand');
    await runExportCommand(
      {
        ui,
        t,
        numbers: new Intl.NumberFormat(vscode.env.language),
        openFile: (path) => vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path)),
      },
      {
        client: data.client,
        modelId: modelNode.itemType.id,
        label: modelNode.label,
        defaultName: `${String(modelNode.itemType.attributes['api_key'])}.json`,
        ...(node.kind === 'records' ? { query: node.query } : {}),
      },
    );
  };

  const adminTarget = async (node: TreeNode): Promise<AdminTarget | undefined> => {
    switch (node.kind) {
      case 'project':
        return { kind: 'project' };
      case 'model':
        return { kind: 'model', itemType: node.itemType };
      case 'field':
        return { kind: 'field', itemType: node.model.itemType, field: node.field };
      case 'record':
        return { kind: 'record', itemType: node.model.itemType, record: node.record };
      case 'webhook':
        return { kind: 'webhook', webhook: node.webhook };
      default: {
        const m = modelOf(node);
        return m ? { kind: 'model', itemType: m.itemType } : undefined;
      }
    }
  };

  return [
    command('datocms.signIn', t('Could not sign in to DatoCMS'), async (projectKey?: unknown) => {
      // The token goes only where the user's settings say (or, signing in again to a known project, to the
      // server it was signed in at): no caller can pass another address. The argument is at most a
      // project key ("Sign In Again"), which may belong to a project signed out meanwhile.
      let baseUrl = deps.config.baseUrl();
      const again = typeof projectKey === 'string' ? registry.get(projectKey) : undefined;
      if (again) baseUrl = { baseUrl: again.baseUrl };
      if (baseUrl.problem) void ui.warn(t('{0} Using {1}.', baseUrl.problem, baseUrl.baseUrl));
      const project = await runSignIn({
        ui,
        t,
        baseUrl: baseUrl.baseUrl,
        store: { list: () => registry.list(), save: (p, token) => registry.addProject(p, token) },
        createClient: (options) =>
          new CmaClient({ ...registry.clientOptions(options.apiToken, options.baseUrl ?? baseUrl.baseUrl), ...options }),
      });
      return project?.key;
    }),
    command('datocms.signOut', t('Could not sign out'), async (arg?: ProjectNode | string) => {
      const key = typeof arg === 'string' ? arg : (arg?.projectKey ?? (await pickProjectToSignOut(ui, t, registry.list()))?.key);
      const project = key ? registry.get(key) : undefined;
      if (!project) return;
      const signOut = t('Sign Out');
      const answer = await ui.warn(t('Sign out of {0}? Its API token is deleted from this computer.', project.name), signOut);
      if (answer === signOut) await registry.signOut(project.key);
    }),
    command('datocms.switchEnvironment', t('Could not switch environment'), async (arg?: ProjectNode | string) => {
      const key = await projectKeyOf(arg, t('Switch environment of which project?'));
      if (!key) return;
      const data = await registry.data(key);
      const environment = await pickEnvironment(ui, t, data.client, registry.environmentOf(key));
      if (environment) await registry.setEnvironment(key, environment);
    }),
    command('datocms.refresh', t('Could not refresh'), () => model.refresh()),
    command('datocms.refreshNode', t('Could not refresh'), (node: TreeNode) => model.refresh(node)),
    command('datocms.loadMore', t('Could not load more records'), (node: LoadMoreNode) =>
      vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => model.loadMore(node.records)),
    ),
    command('datocms.retry', t('Could not retry'), async (node: ErrorNode) => {
      if (node.action === 'signIn') await vscode.commands.executeCommand('datocms.signIn');
      else if (node.action === 'loadMore' && node.parent?.kind === 'records') await model.loadMore(node.parent);
      else await model.refresh(node);
    }),
    command(
      'datocms.records.search',
      t('Could not search records'),
      onRecords(t('Search the records of which model?'), (node) => updateQuery(node, () => askSearch(ui, t, node.query))),
    ),
    command(
      'datocms.records.filter',
      t('Could not filter records'),
      onRecords(t('Filter the records of which model?'), (node) =>
        updateQuery(node, async (data) => askFilter(ui, t, node.model.itemType, await data.fields(node.model.itemType.id), node.query)),
      ),
    ),
    command(
      'datocms.records.orderBy',
      t('Could not order records'),
      onRecords(t('Order the records of which model?'), (node) =>
        updateQuery(node, async (data) => askOrder(ui, t, node.model.itemType, await data.fields(node.model.itemType.id), node.query)),
      ),
    ),
    command(
      'datocms.records.locale',
      t('Could not choose a locale'),
      onRecords(t("Choose the locale of which model's records?"), (node) =>
        updateQuery(node, async (data) => {
          const locales = (await data.site()).attributes['locales'];
          return askLocale(ui, t, Array.isArray(locales) ? locales.map(String) : [], node.query);
        }),
      ),
    ),
    command(
      'datocms.records.version',
      t('Could not choose a version'),
      onRecords(t("Choose the version of which model's records?"), (node) => updateQuery(node, () => askVersion(ui, t, node.query))),
    ),
    command(
      'datocms.records.clearQuery',
      t('Could not clear the query'),
      onRecords(t("Clear the query of which model's records?"), async (node) => model.setQuery(node, {})),
    ),
    ...paletteCommands({ ...deps, command, exportModel }),
    ...lifecycleCommands(deps),
    ...registerSchemaCode(deps, command),
    ...registerEnvironmentCommands(deps),
    command('datocms.copyId', t('Could not copy the ID'), async (arg?: TreeNode | vscode.Uri) => {
      const node = await nodeOf(arg);
      if (!node) return;
      const id =
        node.kind === 'project'
          ? node.project.siteId
          : node.kind === 'model'
            ? node.itemType.id
            : node.kind === 'field'
              ? node.field.id
              : node.kind === 'fieldset'
                ? node.fieldset.id
                : node.kind === 'record'
                  ? node.record.id
                  : node.kind === 'webhook'
                    ? node.webhook.id
                    : undefined;
      if (id === undefined) return;
      await ui.copy(id);
      vscode.window.setStatusBarMessage(t('Copied {0}', id), 3000);
    }),
    command('datocms.copyApiKey', t('Could not copy the API key'), async (arg?: TreeNode | vscode.Uri) => {
      const node = await nodeOf(arg);
      if (!node) return;
      const apiKey =
        node.kind === 'model' ? node.itemType.attributes['api_key'] : node.kind === 'field' ? node.field.attributes['api_key'] : undefined;
      if (typeof apiKey !== 'string') return;
      await ui.copy(apiKey);
      vscode.window.setStatusBarMessage(t('Copied {0}', apiKey), 3000);
    }),
    command('datocms.openInDatoCMS', t('Could not open DatoCMS'), async (arg?: TreeNode | vscode.Uri) => {
      const node = await nodeOf(arg);
      if (!node) return;
      const project = registry.get(node.projectKey);
      const target = await adminTarget(node);
      const url = project && target ? adminUrl(project, node.environment, target) : undefined;
      if (!url) throw new Error(t('The dashboard address of this project is unknown (the site has no internal domain).'));
      await ui.openExternal(url);
    }),
    command('datocms.revealInTree', t('Could not reveal the document in the tree'), async (arg?: vscode.Uri) => {
      const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
      const ref = uri ? parseDocumentUri(uri) : undefined;
      if (!ref) {
        void ui.info(t('Open a DatoCMS document (datocms:) first.'));
        return;
      }
      if (registry.environmentOf(ref.project) !== ref.environment) {
        void ui.info(
          t(
            'This document is from environment {0}; the tree shows {1}. Switch environment to reveal it.',
            ref.environment,
            registry.environmentOf(ref.project),
          ),
        );
        return;
      }
      // A record beyond the loaded pages is paged to: show the view's progress bar meanwhile.
      const node = await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => model.find(ref));
      if (!node) {
        void ui.info(t('This document is not in the tree (was it deleted, or is the project signed out?).'));
        return;
      }
      await deps.treeView.reveal(node, { select: true, focus: true, expand: false });
      if (!isDocumentNode(node))
        void ui.info(
          t(
            "Record {0} is not in the first pages of its model's records (or the Records query leaves it out); showing its model's records.",
            ref.kind === 'record' ? ref.id : '',
          ),
        );
    }),
    command('datocms.showLog', t('Could not show the log'), () => deps.log.show()),
  ];
}
