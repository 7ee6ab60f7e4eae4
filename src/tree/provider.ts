// Renders TreeModel nodes as TreeItems through the presenter (label, description, hover, icon, context value), says
// what a click does, and keeps the view's expanded branches and its "may be out of date" message.
import { datesIn } from '../platform/dates';
import vscode = require('vscode');
import { documentUri } from '../platform/uris';
import { VIEWS } from '../platform/views';
import type { TreeModel } from './model';
import { isDocumentNode, isExpandable, type TreeNode } from './nodes';
import { TreePresenter } from './presenter';

export const VIEW_ID = VIEWS.explorer;
/** what a dragged field travels as (only within this tree) */
export const FIELD_MIME = 'text/x-datocms';
/** A tree loaded longer ago than this may no longer show what DatoCMS has (others edit too). */
const STALE_AFTER_MS = 15 * 60_000;

export class TreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly subscription: { dispose(): void };
  /** item ids the user expanded: kept across environments and reloads */
  private readonly expanded = new Set<string>();
  readonly presenter: TreePresenter;

  constructor(private readonly model: TreeModel) {
    this.subscription = model.onDidChange((node) => this.changeEmitter.fire(node));
    this.presenter = new TreePresenter(model, () => ({
      t: vscode.l10n.t,
      numbers: new Intl.NumberFormat(vscode.env.language),
      dates: (projectKey) => datesIn(model.timeZoneOf(projectKey)),
    }));
  }

  /**
   * Follows what the user expands and collapses (so switching environment reopens the same branches), and says on
   * the view when the tree may be out of date: when it is shown again, or the window focused, long after it loaded.
   */
  attach(view: vscode.TreeView<TreeNode>): vscode.Disposable {
    const showStale = () => {
      const reason = this.model.stale;
      view.message =
        reason === undefined ? undefined : vscode.l10n.t('May be out of date ({0}): Refresh to see what DatoCMS has now.', reason);
    };
    const checkAge = () => this.model.checkAge(STALE_AFTER_MS);
    return vscode.Disposable.from(
      view.onDidExpandElement(({ element }) => this.expanded.add(itemId(element))),
      view.onDidCollapseElement(({ element }) => this.expanded.delete(itemId(element))),
      this.model.onDidChangeStale(showStale),
      view.onDidChangeVisibility(({ visible }) => visible && checkAge()),
      vscode.window.onDidChangeWindowState(({ focused }) => focused && view.visible && checkAge()),
    );
  }

  /**
   * The hover, made when the user hovers an item (its code loads then): a model's with its number of records, an
   * upload's with the records using it, each read once. Every document item gets one: without it VS Code would show the internal datocms: path.
   */
  async resolveTreeItem(item: vscode.TreeItem, node: TreeNode): Promise<vscode.TreeItem> {
    if (node.kind === 'model') await this.model.countRecords(node).catch(() => undefined);
    // an upload's hover counts the records using it, once
    const tooltip = node.kind === 'upload' ? await this.model.uploadTooltip(node).catch(() => undefined) : this.presenter.tooltip(node);
    if (tooltip !== undefined) item.tooltip = new vscode.MarkdownString(tooltip);
    return item;
  }

  isExpanded(node: TreeNode): boolean {
    return this.expanded.has(itemId(node));
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const collapsible = !isExpandable(node)
      ? vscode.TreeItemCollapsibleState.None
      : this.isExpanded(node)
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed;
    const look = this.presenter.present(node);
    const item = new vscode.TreeItem(look.label, collapsible);
    item.id = itemId(node);
    item.description = look.description;
    item.contextValue = look.contextValue;
    item.iconPath = new vscode.ThemeIcon(look.icon.id, look.icon.color === undefined ? undefined : new vscode.ThemeColor(look.icon.color));
    if (isDocumentNode(node)) {
      // the tab is named by the node's name, as when the document is opened any other way
      const named = node.kind !== 'record' || node.label !== node.record.id;
      const uri = documentUri(named ? { ...node.ref, title: node.label } : node.ref);
      item.resourceUri = uri;
      item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [uri, { preview: true }] };
    } else if (node.kind === 'uploadsMore') {
      item.command = { command: 'datocms.media.loadMore', title: vscode.l10n.t('Load More'), arguments: [node] };
    } else if (node.kind === 'loadMore') {
      item.command = { command: 'datocms.loadMore', title: vscode.l10n.t('Load More'), arguments: [node] };
    } else if (node.kind === 'error') {
      item.command = { command: 'datocms.retry', title: vscode.l10n.t('Retry'), arguments: [node] };
    }
    return item;
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.model.children(node);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return this.model.parent(node);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}

/**
 * The TreeItem id: the node id without the environment, so a branch keeps its place (and its expanded
 * state) when the project switches environment. One environment per project shows at a time.
 */
function itemId(node: TreeNode): string {
  return node.id.replace(/^(p:[^/@]+)@[^/]*/, '$1');
}
