// The Record History view: the versions of one record, each opened as a read-only document in a diff against the record's editor, and restored after a
// confirmation that names the record and the version. It shows the record the user last pointed at (the focused record
// editor, or Show Version History), lists the new versions after the extension's own changes, and its ages ("2 minutes
// ago") redraw while it is visible — from a timer that runs only then and sends nothing.
import vscode = require('vscode');
import { DocumentService } from '../documents';
import type { DeletedResources } from '../domain/deleted';
import { type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import { Site } from '../domain/views';
import { datesIn, type Dates } from '../platform/dates';
import { errorMessage } from '../platform/errors';
import { documentUri, parseDocumentUri } from '../platform/uris';
import { VIEWS } from '../platform/views';
import { editorLabel, nextAgeChange, relativeAge, versionAsRecord, versionEntry, VersionHistory, type VersionEntry } from './historyModel';
import { VERSION_SCHEME, versionUri, parseVersionUri, type RecordRef } from './uris';
import type { Services } from '../services';

const t = vscode.l10n.t;

export interface VersionNode {
  kind: 'version';
  record: RecordRef;
  entry: VersionEntry;
}
interface MoreNode {
  kind: 'more';
  loaded: number;
  total: number;
}
export type HistoryNode = VersionNode | MoreNode;

export class HistoryFeature implements vscode.Disposable {
  private shown: { record: RecordRef; history: VersionHistory; dates: Dates } | undefined;
  /** the record the user last pointed at: the focused record editor's, or the one Show Version History was run on */
  private wanted: RecordRef | undefined;
  /** the record of the last show asked for (shown, or loading); of two asked at once, the last one asked is shown */
  private target: RecordRef | undefined;
  private asked = 0;
  /** the extension changed the record shown while the view was hidden: its versions reload when it is shown */
  private outdated = false;
  /** the next redraw of the ages, while the view is visible */
  private tick: ReturnType<typeof setTimeout> | undefined;
  private readonly service: DocumentService;
  private readonly relative = new Intl.RelativeTimeFormat(vscode.env.language, { numeric: 'auto' });
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly deps: Services,
    private readonly view: vscode.TreeView<HistoryNode>,
    private readonly refresh: () => void,
  ) {
    this.service = new DocumentService((ref) => deps.registry.data(ref.project, ref.environment));
    this.disposables = [
      vscode.workspace.registerTextDocumentContentProvider(VERSION_SCHEME, { provideTextDocumentContent: (uri) => this.versionText(uri) }),
      vscode.window.tabGroups.onDidChangeTabs(() => this.syncDiffContext()),
      vscode.window.onDidChangeActiveTextEditor(() => {
        this.syncDiffContext();
        this.editorFocused();
      }),
      view.onDidChangeVisibility(() => this.visibilityChanged()),
      { dispose: () => clearTimeout(this.tick) },
    ];
    this.wanted = activeRecord();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Reloads the history shown. */
  async reload(): Promise<void> {
    if (this.shown) await this.show(this.shown.record, true);
  }

  /** The focused editor changed: a record's editor is the one to show (now when the view is visible, else once it is). */
  editorFocused(): void {
    const ref = activeRecord();
    // another kind of editor leaves the history as it is
    if (ref) this.wanted = ref;
    this.showWanted();
  }

  /** The extension changed a record in DatoCMS (saved, published, restored…): the history shown lists its new versions. */
  recordChanged(ref: DocumentRef): void {
    const record = asRecord(ref);
    if (!record || !this.shown || !sameRecord(this.shown.record, record)) return;
    if (this.view.visible) void this.show(this.shown.record, true).catch(() => undefined);
    else this.outdated = true;
  }

  /** Records were deleted: a history shown of one of them says so. */
  deleted(gone: DeletedResources): void {
    const record = this.shown?.record;
    if (!record || record.project !== gone.project || record.environment !== gone.environment || !gone.records?.includes(record.id)) return;
    this.shown = undefined;
    this.target = undefined;
    this.view.message = t('The record {0} was deleted.', record.title ?? record.id);
    this.redraw();
  }

  private visibilityChanged(): void {
    if (!this.view.visible) return clearTimeout(this.tick);
    this.wanted ??= activeRecord();
    if (this.outdated && this.shown && (!this.wanted || sameRecord(this.wanted, this.shown.record))) {
      void this.show(this.shown.record, true).catch(() => undefined);
    } else this.showWanted();
    this.scheduleTick();
  }

  private showWanted(): void {
    const wanted = this.wanted;
    if (!this.view.visible || !wanted || (this.target && sameRecord(this.target, wanted))) return;
    void this.show(wanted).catch(() => undefined);
  }

  children(node?: HistoryNode): HistoryNode[] {
    if (node || !this.shown) return [];
    const { record, history } = this.shown;
    const nodes: HistoryNode[] = history.entries.map((entry) => ({ kind: 'version', record, entry }));
    if (history.loaded && history.hasMore) nodes.push({ kind: 'more', loaded: history.entries.length, total: history.total });
    return nodes;
  }

  treeItem(node: HistoryNode): vscode.TreeItem {
    if (node.kind === 'more') {
      const item = new vscode.TreeItem(t('Load more… ({0} of {1})', node.loaded, node.total));
      item.command = { command: 'datocms.history.loadMore', title: t('Load More') };
      item.contextValue = 'historyLoadMore';
      return item;
    }
    const { entry } = node;
    // versions a few seconds apart read apart in the hover (to the second)
    const when = this.shown?.dates ?? datesIn(undefined);
    const item = new vscode.TreeItem(this.when(entry.createdAt));
    const markers = [entry.isCurrent ? t('current') : undefined, entry.isPublished ? t('published') : undefined].filter(Boolean);
    item.description = [editorLabel(t, entry.editor), ...markers].join(' · ');
    item.tooltip = new vscode.MarkdownString(
      [
        `**${when.exact(entry.createdAt)}**`,
        t('By {0}', editorLabel(t, entry.editor)),
        ...markers.map((m) => `*${m}*`),
        t('Version {0}', entry.id),
      ].join('\n\n'),
    );
    item.iconPath = new vscode.ThemeIcon(entry.isCurrent ? 'circle-filled' : entry.isPublished ? 'cloud' : 'history');
    item.contextValue = entry.isCurrent ? 'version.current' : 'version';
    item.command = { command: 'datocms.history.openVersion', title: t('Compare with Current'), arguments: [node] };
    item.id = `${node.record.project}/${node.record.environment}/${entry.id}`;
    return item;
  }

  async showCommand(arg: unknown): Promise<void> {
    const ref = recordOf(arg) ?? activeRecord();
    if (!ref) {
      void this.deps.ui.info(t('Run Show Version History on a record in the DatoCMS view, or with a record open.'));
      return;
    }
    // The view shows the record asked for until the user points at another: focusing the view must not replace it.
    this.wanted = ref;
    // both awaited at once: a load failing while the view takes the focus is this command's failure, not an unhandled one
    await Promise.all([this.show(ref, true), vscode.commands.executeCommand(`${VIEWS.history}.focus`)]);
  }

  /**
   * Loads and shows the first page of a record's versions. Another record's history goes at once (with progress);
   * the same record's stays listed until its new versions arrive. A failure is said in the view.
   */
  private async show(record: RecordRef, force = false): Promise<void> {
    if (!force && this.target && sameRecord(this.target, record)) return;
    const ask = ++this.asked;
    this.target = record;
    try {
      const dates = await this.datesOf(record);
      const data = await this.deps.registry.data(record.project, record.environment);
      if (ask !== this.asked) return;
      const history = new VersionHistory(data.client.background('Record History').itemVersions, record.id);
      const same = this.shown && sameRecord(this.shown.record, record);
      if (!same) this.present({ record, history, dates });
      await this.deps.ui.withProgress({ location: { view: VIEWS.history } }, () => history.loadMore());
      if (ask !== this.asked) return;
      this.outdated = false;
      this.present({ record, history, dates });
    } catch (error) {
      if (ask !== this.asked) return;
      // pointing at the record again tries again
      this.target = undefined;
      this.view.message = t('Could not load the versions of {0}: {1}', record.title ?? record.id, errorMessage(error));
      throw error;
    }
  }

  private present(shown: { record: RecordRef; history: VersionHistory; dates: Dates }): void {
    this.shown = shown;
    this.view.description = `${shown.record.title ?? shown.record.id} · ${shown.record.modelApiKey}`;
    this.view.message = undefined;
    this.redraw();
  }

  /** Redraws the list (its ages read anew), and plans the next redraw for when an age will read otherwise. */
  private redraw(): void {
    this.refresh();
    this.scheduleTick();
  }

  private scheduleTick(): void {
    clearTimeout(this.tick);
    this.tick = undefined;
    if (!this.view.visible || !this.shown) return;
    const wait = nextAgeChange(
      this.shown.history.entries.map((e) => e.createdAt),
      Date.now(),
    );
    if (wait !== undefined) this.tick = setTimeout(() => this.redraw(), wait);
  }

  async loadMore(): Promise<void> {
    const history = this.shown?.history;
    if (!history) return;
    await this.deps.ui.withProgress({ location: { view: VIEWS.history } }, () => history.loadMore());
    this.redraw();
  }

  /** The version (read-only, left) beside the record's editor (right). */
  async openVersion(node: VersionNode | undefined): Promise<void> {
    if (node?.kind !== 'version') return;
    const left = versionUri(node.record, node.entry.id);
    const right = documentUri(node.record);
    const when = await this.datesOf(node.record);
    const title = t('{0} ({1}) ↔ Current', node.record.title ?? node.record.id, when.exact(node.entry.createdAt));
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }

  async restore(arg: unknown): Promise<void> {
    const target = await this.restoreTarget(arg);
    if (!target) {
      void this.deps.ui.info(t('Choose a version in the Record History view (or open one) to restore it.'));
      return;
    }
    const { record, entry } = target;
    const name = describeRef(record);
    const restore = t('Restore');
    const when = await this.datesOf(record);
    const answer = await this.deps.ui.confirm({
      message: t('Restore the {0} to its version of {1} by {2}?', name, when.exact(entry.createdAt), editorLabel(t, entry.editor)),
      detail: t(
        "Environment {0}. The record's content becomes this version's, as a new version; the current one stays in the history. An editor with unsaved changes keeps them, and saving them then reports a conflict.",
        record.environment,
      ),
      actions: [restore],
      safe: t('Keep Current Version'),
    });
    if (answer !== restore) return;
    const data = await this.deps.registry.data(record.project, record.environment);
    const restored = await this.deps.ui.withProgress({ title: t('Restoring the {0}…', name), cancellable: false }, () =>
      data.client.itemVersions.restore(entry.id),
    );
    if (restored.item.id !== record.id)
      throw new Error(
        t(
          'DatoCMS answered with record {0} when restoring a version of record {1}; reload to see the outcome.',
          restored.item.id,
          record.id,
        ),
      );
    this.deps.log.info(
      `Restored the ${name} to version ${entry.id}; its current version is now ${String(restored.item.meta['current_version'])}.`,
    );
    const uri = documentUri(record);
    await this.deps.documents
      .remoteChanged(uri)
      .catch((error: unknown) => this.deps.log.warn(`Reloading ${uri.toString()} after the restore: ${String(error)}`));
    // the tree, and this history (through the tree's change), show the restored version
    void this.deps.tree.documentSaved(record, restored.item);
    this.deps.ui.status(t('Restored the {0} to its version of {1}', name, when.exact(entry.createdAt)), 5000);
  }

  /** The version a Restore applies to: the node it ran on, or the version shown in the active diff editor. */
  private async restoreTarget(arg: unknown): Promise<{ record: RecordRef; entry: VersionEntry } | undefined> {
    if (arg && typeof arg === 'object' && (arg as HistoryNode).kind === 'version') return arg as VersionNode;
    const original = activeDiffOriginal();
    const parsed = original && parseVersionUri(original);
    if (!parsed) return undefined;
    const shownEntry =
      this.shown && sameRecord(this.shown.record, parsed.record)
        ? this.shown.history.entries.find((e) => e.id === parsed.versionId)
        : undefined;
    if (shownEntry) return { record: this.shown!.record, entry: shownEntry };
    const data = await this.deps.registry.data(parsed.record.project, parsed.record.environment);
    return { record: parsed.record, entry: versionEntry(await data.client.itemVersions.find(parsed.versionId)) };
  }

  private async versionText(uri: vscode.Uri): Promise<string> {
    const parsed = parseVersionUri(uri);
    if (!parsed) return '';
    const data = await this.deps.registry.data(parsed.record.project, parsed.record.environment);
    const version = await data.client.itemVersions.find(parsed.versionId, { nested: true });
    const rendered = await this.service.rendered(parsed.record, versionAsRecord(version));
    return rendered.text;
  }

  private syncDiffContext(): void {
    const original = activeDiffOriginal();
    void vscode.commands.executeCommand('setContext', 'datocms.versionDiff', original?.scheme === VERSION_SCHEME);
  }

  private when(iso: string): string {
    const age = relativeAge(iso, Date.now());
    return age ? this.relative.format(age.value, age.unit) : iso;
  }

  /** How the record's project reads moments (its site's time zone; UTC when the site cannot be read). */
  private async datesOf(record: RecordRef): Promise<Dates> {
    const data = await this.deps.registry.data(record.project, record.environment);
    const site = await data.site().catch(() => undefined);
    return datesIn(site && Site.timezone(site));
  }
}

function sameRecord(a: RecordRef, b: RecordRef): boolean {
  return a.project === b.project && a.environment === b.environment && a.id === b.id;
}

function asRecord(ref: DocumentRef | undefined): RecordRef | undefined {
  return ref?.kind === 'record' ? ref : undefined;
}

function activeRecord(): RecordRef | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? asRecord(parseDocumentUri(uri)) : undefined;
}

/** A record from a command argument: a tree node of a record, or a record document's URI. */
function recordOf(arg: unknown): RecordRef | undefined {
  if (arg instanceof vscode.Uri) return asRecord(parseDocumentUri(arg)) ?? parseVersionUri(arg)?.record;
  if (arg && typeof arg === 'object' && (arg as { kind?: unknown }).kind === 'record' && 'ref' in arg) {
    const node = arg as { ref: DocumentRef; label?: unknown };
    const ref = asRecord(node.ref);
    return ref && { ...ref, title: ref.title ?? (typeof node.label === 'string' ? node.label : undefined) };
  }
  return undefined;
}

function activeDiffOriginal(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputTextDiff ? input.original : undefined;
}
