// The Record History view: the versions of one record, each opened as a read-only document in a diff against the record's editor, and restored after a
// confirmation that names the record and the version.
import vscode = require('vscode');
import type { Resource } from '../cma';
import { DocumentService, type DocumentsFeature } from '../documents';
import { describeRef, type DocumentRef } from '../domain/paths';
import { dateTimeText } from '../platform/dates';
import { documentUri, parseDocumentUri } from '../platform/uris';
import { VIEWS } from '../platform/views';
import { type Ui } from '../platform/ui';
import type { ProjectRegistry } from '../projects/registry';
import type { TreeModel } from '../tree/model';
import { editorLabel, versionAsRecord, versionEntry, VersionHistory, type VersionEntry } from './historyModel';
import { VERSION_SCHEME, versionUri, parseVersionUri, type RecordRef } from './uris';

const t = vscode.l10n.t;

export interface HistoryDeps {
  registry: ProjectRegistry;
  ui: Ui;
  log: vscode.LogOutputChannel;
  documents: Pick<DocumentsFeature, 'remoteChanged'>;
  tree: Pick<TreeModel, 'documentSaved'>;
}

export interface VersionNode {
  kind: 'version';
  record: RecordRef;
  entry: VersionEntry;
}
export interface MoreNode {
  kind: 'more';
  loaded: number;
  total: number;
}
export type HistoryNode = VersionNode | MoreNode;

export class HistoryFeature implements vscode.Disposable {
  private shown: { record: RecordRef; history: VersionHistory; error?: unknown } | undefined;
  /** the active editor's record when the view last followed it (or was asked for another record) */
  private followed: RecordRef | undefined;
  /** counts the records asked for: of two asked at once, the last one asked is shown */
  private asked = 0;
  private readonly service: DocumentService;
  private readonly relative = new Intl.RelativeTimeFormat(vscode.env.language, { numeric: 'auto' });
  // versions a few seconds apart must read apart
  private readonly exactDate = dateTimeText(vscode.env.language, undefined, true);
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly deps: HistoryDeps,
    private readonly view: vscode.TreeView<HistoryNode>,
    private readonly refresh: () => void,
  ) {
    this.service = new DocumentService((ref) => deps.registry.data(ref.project, ref.environment));
    this.disposables = [
      vscode.workspace.registerTextDocumentContentProvider(VERSION_SCHEME, { provideTextDocumentContent: (uri) => this.versionText(uri) }),
      vscode.window.tabGroups.onDidChangeTabs(() => this.syncDiffContext()),
      vscode.window.onDidChangeActiveTextEditor(() => this.syncDiffContext()),
    ];
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Reloads the history shown. */
  async reload(): Promise<void> {
    if (this.shown) await this.show(this.shown.record, true);
  }

  /** Shows the history of the record in the active editor (when the view is visible), once per editor change. */
  follow(): void {
    const ref = activeRecord();
    if (ref && this.followed && sameRecord(this.followed, ref)) return;
    this.followed = ref;
    if (ref && !(this.shown && sameRecord(this.shown.record, ref))) void this.show(ref).catch(() => undefined);
  }

  /** A save made a new version: the history shown lists it. */
  saved(ref: DocumentRef): void {
    const record = asRecord(ref);
    if (record && this.shown && sameRecord(this.shown.record, record)) void this.show(this.shown.record, true).catch(() => undefined);
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
    const item = new vscode.TreeItem(this.when(entry.createdAt));
    const markers = [entry.isCurrent ? t('current') : undefined, entry.isPublished ? t('published') : undefined].filter(Boolean);
    item.description = [editorLabel(t, entry.editor), ...markers].join(' · ');
    item.tooltip = new vscode.MarkdownString(
      [
        `**${this.exactDate(entry.createdAt)}**`,
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
    // The view shows the record asked for, not the active editor's: focusing the view must not follow the editor.
    this.followed = activeRecord();
    const shown = this.show(ref, true);
    await vscode.commands.executeCommand(`${VIEWS.history}.focus`);
    await shown;
  }

  private async show(record: RecordRef, force = false): Promise<void> {
    if (!force && this.shown && sameRecord(this.shown.record, record)) return;
    const ask = ++this.asked;
    const data = await this.deps.registry.data(record.project, record.environment);
    if (ask !== this.asked) return;
    const history = new VersionHistory(data.client.itemVersions, record.id);
    this.shown = { record, history };
    this.view.description = `${record.title ?? record.id} · ${record.modelApiKey}`;
    this.view.message = undefined;
    this.refresh();
    await vscode.window.withProgress({ location: { viewId: VIEWS.history } }, () => history.loadMore());
    if (this.shown?.history === history) this.refresh();
  }

  async loadMore(): Promise<void> {
    const history = this.shown?.history;
    if (!history) return;
    await vscode.window.withProgress({ location: { viewId: VIEWS.history } }, () => history.loadMore());
    this.refresh();
  }

  /** The version (read-only, left) beside the record's editor (right). */
  async openVersion(node: VersionNode | undefined): Promise<void> {
    if (node?.kind !== 'version') return;
    const left = versionUri(node.record, node.entry.id);
    const right = documentUri(node.record);
    const title = t('{0} ({1}) ↔ Current', node.record.title ?? node.record.id, this.exactDate(node.entry.createdAt));
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
    const answer = await this.deps.ui.confirm({
      message: t('Restore the {0} to its version of {1} by {2}?', name, this.exactDate(entry.createdAt), editorLabel(t, entry.editor)),
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
    void this.deps.tree.documentSaved(record, restored.item as Resource);
    if (this.shown && sameRecord(this.shown.record, record)) await this.show(record, true);
    vscode.window.setStatusBarMessage(t('Restored the {0} to its version of {1}', name, this.exactDate(entry.createdAt)), 5000);
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
    const time = Date.parse(iso);
    if (!Number.isFinite(time)) return iso;
    const seconds = Math.round((time - Date.now()) / 1000);
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 31_536_000],
      ['month', 2_592_000],
      ['week', 604_800],
      ['day', 86_400],
      ['hour', 3600],
      ['minute', 60],
    ];
    for (const [unit, size] of units) if (Math.abs(seconds) >= size) return this.relative.format(Math.round(seconds / size), unit);
    return this.relative.format(seconds, 'second');
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
