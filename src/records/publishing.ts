// The VS Code side of publishing: which records a command is about (the tree's selection, the focused editor), and the editors,
// tree and badges the vscode-free actions report to.
import vscode = require('vscode');
import type { ApiErrorEntry } from '../cma';
import type { Resource } from '../cma';
import { DOCUMENT_SCHEME, type DocumentRef } from '../domain/paths';
import { documentUri, parseDocumentUri } from '../platform/uris';
import type { Services } from '../services';
import { titleOf } from '../domain/titles';
import type { RecordNode, RecordsNode, TreeNode } from '../tree/nodes';
import { runBulk, type BulkOperation } from './bulk';
import { RecordPublishing, type RecordHost, type RecordRef, type RecordTarget } from './recordActions';
import { RecordStatuses } from './recordStatus';

export type PublishingAction =
  'publish' | 'unpublish' | 'schedulePublication' | 'scheduleUnpublishing' | 'cancelPublication' | 'cancelUnpublishing' | 'deleteSelected';

/** The record status badges and context keys, and the publishing actions over them. */
export class Publishing implements vscode.Disposable {
  private readonly decorationsChanged = new vscode.EventEmitter<undefined>();
  // What an open editor was loaded from, for records no action or save has told about yet.
  private readonly statuses = new RecordStatuses(this.decorationsChanged, (uri) => this.deps.documents.baseline(uri)?.opened.resource);
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: Services) {
    const isRecord = (uri: vscode.Uri | undefined) => uri?.scheme === DOCUMENT_SCHEME && parseDocumentUri(uri)?.kind === 'record';
    this.disposables = [
      this.decorationsChanged,
      vscode.window.registerFileDecorationProvider({
        onDidChangeFileDecorations: this.decorationsChanged.event,
        provideFileDecoration: (uri) => (isRecord(uri) ? this.statuses.decoration(uri) : undefined),
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.statuses.syncContext()),
    ];
    this.statuses.syncContext();
  }

  /** A record was saved: its badge and context keys follow. */
  saved(ref: DocumentRef, resource: Resource): void {
    this.statuses.note(ref, resource);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  async run(action: PublishingAction, args: unknown[]): Promise<void> {
    const { deps } = this;
    const parents = new Map<string, RecordsNode>();
    const targets = targetsOf(args, parents, action === 'deleteSelected' ? deps.treeView.selection : []);
    if (targets.length === 0) {
      void deps.ui.info(deps.t('Run this on records of the DatoCMS view, or with a record open.'));
      return;
    }
    const host = hostFor(deps, this.statuses, parents);
    const single = new RecordPublishing(host);
    const bulk = (operation: BulkOperation) => runBulk(host, targets, operation);
    const target = await named(deps, targets[0]!);
    switch (action) {
      case 'publish':
        return void (targets.length > 1 ? await bulk('publish') : await single.publish(target));
      case 'unpublish':
        return void (targets.length > 1 ? await bulk('unpublish') : await single.unpublish(target));
      case 'deleteSelected':
        return void (await bulk('destroy'));
      case 'schedulePublication':
        return single.schedule(target, 'publication');
      case 'scheduleUnpublishing':
        return single.schedule(target, 'unpublishing');
      case 'cancelPublication':
        return single.cancelSchedule(target, 'publication');
      case 'cancelUnpublishing':
        return single.cancelSchedule(target, 'unpublishing');
    }
  }
}

/** A record opened from an address without its title is named by what its open editor was read from. */
async function named(deps: Services, target: RecordTarget): Promise<RecordTarget> {
  if (target.title !== target.ref.id) return target;
  const opened = deps.documents.baseline(documentUri(target.ref))?.opened.resource;
  if (opened?.type !== 'item') return target;
  const title = await titleOf(await deps.registry.data(target.ref.project, target.ref.environment), opened as Resource<'item'>).catch(
    () => target.title,
  );
  return { ...target, title };
}

/**
 * The tree's selection when the command ran on one of its selected records, else the clicked record (a record
 * right-clicked outside the selection is acted on alone), else (from the palette) the tree's selection for Delete
 * Selected Records and the focused editor's record for the others.
 */
function targetsOf(args: unknown[], parents: Map<string, RecordsNode>, treeSelection: readonly TreeNode[]): RecordTarget[] {
  const [clicked, selected] = args as [TreeNode | vscode.Uri | undefined, TreeNode[] | undefined];
  const clickedNode = clicked && 'kind' in clicked ? clicked : undefined;
  const inSelection = Array.isArray(selected) && selected.length > 1 && selected.some((node) => node.id === clickedNode?.id);
  const nodes = inSelection ? selected : clickedNode ? [clickedNode] : clicked ? [] : treeSelection;
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

// `deps` is the context: its features are getters and methods, so it is passed whole, never spread.
function hostFor(deps: Services, statuses: RecordStatuses, parents: Map<string, RecordsNode>): RecordHost {
  const documentsOf = (ref: RecordRef) =>
    vscode.workspace.textDocuments.filter((d) => {
      const open = parseDocumentUri(d.uri);
      return open?.kind === 'record' && open.project === ref.project && open.environment === ref.environment && open.id === ref.id;
    });
  return {
    ui: deps.ui,
    t: deps.t,
    data: (ref) => deps.registry.data(ref.project, ref.environment),
    isDirty: (ref) => documentsOf(ref).some((d) => d.isDirty),
    save: async (ref) => {
      for (const document of documentsOf(ref)) if (document.isDirty && !(await document.save())) return false;
      return true;
    },
    showServerProblems: async (ref: RecordRef, errors: ApiErrorEntry[]) => {
      const document = documentsOf(ref)[0] ?? (await vscode.workspace.openTextDocument(documentUri(ref)));
      await vscode.window.showTextDocument(document, { preview: false });
      return deps.documents.showServerProblems(document.uri, errors);
    },
    changed: (ref: RecordRef, record: Resource<'item'>) => {
      statuses.note(ref, record);
      void deps.tree.documentSaved(ref, record);
      for (const document of documentsOf(ref)) void deps.documents.refreshFromRemote(document.uri);
    },
    removed: (refs) => {
      // editors of deleted records close, or keep unsaved text marked deleted (never saved back)
      const byPlace = new Map<string, RecordRef[]>();
      for (const ref of refs)
        byPlace.set(`${ref.project}\n${ref.environment}`, [...(byPlace.get(`${ref.project}\n${ref.environment}`) ?? []), ref]);
      for (const [first, ...rest] of byPlace.values())
        void deps.documentsDeleted({
          project: first!.project,
          environment: first!.environment,
          records: [first!, ...rest].map((ref) => ref.id),
        });
      for (const parent of new Set(refs.map((ref) => parents.get(ref.id)).filter((p) => p !== undefined))) void deps.tree.refresh(parent);
    },
    log: (message) => deps.log.info(message),
  };
}

/** A command's handler: the action on the context's one Publishing (made on first use). */
const action =
  (name: PublishingAction) =>
  (deps: { publishing(): Publishing }, ...args: unknown[]) =>
    deps.publishing().run(name, args);
export const publish = action('publish');
export const unpublish = action('unpublish');
export const schedulePublication = action('schedulePublication');
export const scheduleUnpublishing = action('scheduleUnpublishing');
export const cancelPublication = action('cancelPublication');
export const cancelUnpublishing = action('cancelUnpublishing');
export const deleteSelected = action('deleteSelected');
