// The VS Code side of publishing (bundled as dist/publishing.js, loaded when a publishing command first
// runs): which records a command is about (the tree's selection, the focused editor), and the editors,
// tree and badges the vscode-free actions report to.
import vscode = require('vscode');
import type { ApiErrorEntry } from '../cma';
import type { Resource } from '../cma/types';
import { DOCUMENT_SCHEME, documentUri, parseDocumentUri, type DatoDocuments } from '../documents';
import type { ProjectRegistry } from '../projects/registry';
import type { RecordNode, RecordsNode, TreeModel, TreeNode } from '../tree/model';
import { reportError } from '../platform/errors';
import type { Ui } from '../platform/ui';
import { runBulk, type BulkHost, type BulkOperation } from './bulk';
import { titleOf } from '../language/names';
import { RecordPublishing, type RecordRef, type RecordTarget } from './recordActions';
import { RecordStatuses } from './recordStatus';

/** The commands src/records/commands.ts registers (as `datocms.records.<name>`); titles for the log. */
export const PUBLISHING_COMMANDS = {
  publish: { command: 'datocms.records.publish', title: 'Publish' },
  unpublish: { command: 'datocms.records.unpublish', title: 'Unpublish' },
  schedulePublication: { command: 'datocms.records.schedulePublish', title: 'Schedule Publication' },
  scheduleUnpublishing: { command: 'datocms.records.scheduleUnpublish', title: 'Schedule Unpublishing' },
  cancelScheduledPublication: { command: 'datocms.records.unschedulePublish', title: 'Cancel Scheduled Publication' },
  cancelScheduledUnpublishing: { command: 'datocms.records.unscheduleUnpublish', title: 'Cancel Scheduled Unpublishing' },
  deleteSelected: { command: 'datocms.records.bulkDelete', title: 'Delete Selected Records' },
} as const;

export type PublishingCommand = (typeof PUBLISHING_COMMANDS)[keyof typeof PUBLISHING_COMMANDS]['command'];

export interface PublishingDeps {
  registry: ProjectRegistry;
  model: TreeModel;
  documents: DatoDocuments;
  ui: Ui;
  log: vscode.LogOutputChannel;
  treeView: vscode.TreeView<TreeNode>;
}

const t = vscode.l10n.t;

/** What the activation bundle calls, once loaded: the commands; the badges and context keys start here. */
export function publishing(deps: PublishingDeps): vscode.Disposable & { run(name: string, args: unknown[]): Promise<void> } {
  const decorationsChanged = new vscode.EventEmitter<undefined>();
  // What an open editor was loaded from, for records no action or save has told about yet.
  const statuses = new RecordStatuses(decorationsChanged, (uri) => deps.documents.load().fileSystem.baseline(uri)?.opened.resource);
  const isRecord = (uri: vscode.Uri | undefined) => uri?.scheme === DOCUMENT_SCHEME && parseDocumentUri(uri)?.kind === 'record';
  const disposables = [
    decorationsChanged,
    vscode.window.registerFileDecorationProvider({
      onDidChangeFileDecorations: decorationsChanged.event,
      provideFileDecoration: (uri) => (isRecord(uri) ? statuses.decoration(uri) : undefined),
    }),
    vscode.window.onDidChangeActiveTextEditor(() => statuses.syncContext()),
    deps.documents.onDidSave(({ ref, resource }) => statuses.note(ref, resource)),
  ];
  statuses.syncContext();
  return {
    run: (name, args) => runPublishingCommand(`datocms.records.${name}` as PublishingCommand, { ...deps, statuses }, args),
    dispose: () => disposables.forEach((d) => d.dispose()),
  };
}

async function runPublishingCommand(
  command: PublishingCommand,
  deps: PublishingDeps & { statuses: RecordStatuses },
  args: unknown[],
): Promise<void> {
  const parents = new Map<string, RecordsNode>();
  try {
    const targets = targetsOf(args, parents, command === PUBLISHING_COMMANDS.deleteSelected.command ? deps.treeView.selection : []);
    if (targets.length === 0) {
      void deps.ui.info(t('Run this on records of the DatoCMS view, or with a record open.'));
      return;
    }
    const host = hostFor(deps, parents);
    const single = new RecordPublishing(host);
    const bulk = (operation: BulkOperation) => runBulk(host, targets, operation);
    const target = await named(deps, targets[0]!);
    switch (command) {
      case PUBLISHING_COMMANDS.publish.command:
        return void (targets.length > 1 ? await bulk('publish') : await single.publish(target));
      case PUBLISHING_COMMANDS.unpublish.command:
        return void (targets.length > 1 ? await bulk('unpublish') : await single.unpublish(target));
      case PUBLISHING_COMMANDS.deleteSelected.command:
        return void (await bulk('destroy'));
      case PUBLISHING_COMMANDS.schedulePublication.command:
        return single.schedule(target, 'publication');
      case PUBLISHING_COMMANDS.scheduleUnpublishing.command:
        return single.schedule(target, 'unpublishing');
      case PUBLISHING_COMMANDS.cancelScheduledPublication.command:
        return single.cancelSchedule(target, 'publication');
      case PUBLISHING_COMMANDS.cancelScheduledUnpublishing.command:
        return single.cancelSchedule(target, 'unpublishing');
    }
  } catch (error) {
    const title = Object.values(PUBLISHING_COMMANDS).find((c) => c.command === command)?.title ?? command;
    deps.log.error(`${title}: ${error instanceof Error ? error.message : String(error)}`);
    void reportError(deps.ui, t, t('Could not complete the action'), error, {
      showLog: () => deps.log.show(),
      signInAgain: () => vscode.commands.executeCommand('datocms.signIn'),
      retry: () => vscode.commands.executeCommand(command, ...args),
    });
  }
}

/** A record opened from an address without its title is named by what its open editor was read from. */
async function named(deps: PublishingDeps, target: RecordTarget): Promise<RecordTarget> {
  if (target.title !== target.ref.id) return target;
  const opened = deps.documents.load().fileSystem.baseline(documentUri(target.ref))?.opened.resource;
  if (opened?.type !== 'item') return target;
  const title = await titleOf(await deps.registry.data(target.ref.project, target.ref.environment), opened as Resource<'item'>).catch(
    () => target.title,
  );
  return { ...target, title };
}

/**
 * The tree's selection when the command ran on one of its records, else the clicked record, else (from the
 * palette) the tree's selection for Delete Selected Records and the focused editor's record for the others.
 */
function targetsOf(args: unknown[], parents: Map<string, RecordsNode>, treeSelection: readonly TreeNode[]): RecordTarget[] {
  const [clicked, selected] = args as [TreeNode | vscode.Uri | undefined, TreeNode[] | undefined];
  const nodes =
    Array.isArray(selected) && selected.length > 1 ? selected : clicked && 'kind' in clicked ? [clicked] : clicked ? [] : treeSelection;
  const records = nodes.filter((node): node is RecordNode => node.kind === 'record');
  if (records.length) {
    return records.map((node) => {
      parents.set(node.record.id, node.parent as RecordsNode);
      return { ref: node.ref as RecordRef, title: node.label };
    });
  }
  const uri = clicked instanceof vscode.Uri ? clicked : vscode.window.activeTextEditor?.document.uri;
  const ref = uri && parseDocumentUri(uri);
  return ref?.kind === 'record' ? [{ ref, title: ref.title ?? ref.id }] : [];
}

function hostFor(deps: PublishingDeps & { statuses: RecordStatuses }, parents: Map<string, RecordsNode>): BulkHost {
  const documentsOf = (ref: RecordRef) =>
    vscode.workspace.textDocuments.filter((d) => {
      const open = parseDocumentUri(d.uri);
      return open?.kind === 'record' && open.project === ref.project && open.environment === ref.environment && open.id === ref.id;
    });
  return {
    ui: deps.ui,
    t,
    data: (ref) => deps.registry.data(ref.project, ref.environment),
    isDirty: (ref) => documentsOf(ref).some((d) => d.isDirty),
    save: async (ref) => {
      for (const document of documentsOf(ref)) if (document.isDirty && !(await document.save())) return false;
      return true;
    },
    showServerProblems: async (ref: RecordRef, errors: ApiErrorEntry[]) => {
      const document = documentsOf(ref)[0] ?? (await vscode.workspace.openTextDocument(documentUri(ref)));
      await vscode.window.showTextDocument(document, { preview: false });
      return deps.documents.load().showServerProblems(document.uri, errors);
    },
    changed: (ref: RecordRef, record: Resource<'item'>) => {
      deps.statuses.note(ref, record);
      void deps.model.documentSaved(ref, record);
      for (const document of documentsOf(ref)) void deps.documents.load().refreshFromRemote(document.uri);
    },
    removed: (refs) => {
      // editors of deleted records close, or keep unsaved text marked deleted (never saved back)
      const byPlace = new Map<string, RecordRef[]>();
      for (const ref of refs)
        byPlace.set(`${ref.project}\n${ref.environment}`, [...(byPlace.get(`${ref.project}\n${ref.environment}`) ?? []), ref]);
      for (const [first, ...rest] of byPlace.values())
        void deps.documents.documentsDeleted({
          project: first!.project,
          environment: first!.environment,
          records: [first!, ...rest].map((ref) => ref.id),
        });
      for (const parent of new Set(refs.map((ref) => parents.get(ref.id)).filter((p) => p !== undefined))) void deps.model.refresh(parent);
    },
    log: (message) => deps.log.info(message),
    pickMany: async (items, options) => {
      const picked = await vscode.window.showQuickPick(
        items.map((item) => ({ ...item, item })),
        { ...options, canPickMany: true, ignoreFocusOut: true },
      );
      return picked?.map((p) => p.item.value);
    },
  };
}
