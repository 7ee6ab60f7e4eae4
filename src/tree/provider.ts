// Renders TreeModel nodes as TreeItems: icons, context values (for menus), hovers, and what a click does.
import vscode = require('vscode');
import { documentUri } from '../platform/uris';
import { VIEWS } from '../platform/views';
import type { TreeModel } from './model';
import { isDocumentNode, isExpandable, type TreeNode } from './nodes';
import { isEmptyQuery } from './recordQuery';
import { dateTimeText } from '../platform/dates';
import type { TooltipFormat } from './tooltips';

export const VIEW_ID = VIEWS.explorer;
/** what a dragged field travels as (only within this tree) */
export const FIELD_MIME = 'text/x-datocms';

/** Codicons per field type. */
const FIELD_ICONS: Record<string, string> = {
  string: 'symbol-string',
  text: 'symbol-text',
  boolean: 'symbol-boolean',
  integer: 'symbol-number',
  float: 'symbol-number',
  date: 'calendar',
  date_time: 'calendar',
  color: 'symbol-color',
  json: 'json',
  lat_lon: 'location',
  seo: 'search',
  slug: 'link',
  video: 'device-camera-video',
  file: 'file-media',
  gallery: 'files',
  link: 'references',
  links: 'references',
  rich_text: 'layers',
  single_block: 'symbol-structure',
  structured_text: 'symbol-structure',
};

export class TreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly subscription: { dispose(): void };
  /** item ids the user expanded: kept across environments and reloads */
  private readonly expanded = new Set<string>();
  private tooltipFormat: TooltipFormat | undefined;

  constructor(private readonly model: TreeModel) {
    this.subscription = model.onDidChange((node) => this.changeEmitter.fire(node));
  }

  /** Made on the first tooltip: Intl formatters cost milliseconds to build, too many for activation. */
  private get format(): TooltipFormat {
    if (!this.tooltipFormat) {
      this.tooltipFormat = {
        t: vscode.l10n.t,
        numbers: new Intl.NumberFormat(vscode.env.language),
        date: dateTimeText(vscode.env.language),
      };
    }
    return this.tooltipFormat;
  }

  /** Follows what the user expands and collapses, so switching environment reopens the same branches. */
  trackExpansion(view: vscode.TreeView<TreeNode>): vscode.Disposable {
    return vscode.Disposable.from(
      view.onDidExpandElement(({ element }) => this.expanded.add(itemId(element))),
      view.onDidCollapseElement(({ element }) => this.expanded.delete(itemId(element))),
    );
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
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = itemId(node);
    item.description = node.description;
    item.contextValue = contextValue(node);
    item.iconPath = new vscode.ThemeIcon(...icon(node));
    if (isDocumentNode(node)) {
      const uri = documentUri(
        node.kind === 'record' && node.ref.kind === 'record' && node.label !== node.record.id
          ? { ...node.ref, title: node.label }
          : node.ref,
      );
      item.resourceUri = uri;
      item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [uri, { preview: true }] };
    } else if (node.kind === 'loadMore') {
      item.command = { command: 'datocms.loadMore', title: vscode.l10n.t('Load More'), arguments: [node] };
    } else if (node.kind === 'error') {
      item.command = { command: 'datocms.retry', title: vscode.l10n.t('Retry'), arguments: [node] };
      item.tooltip = node.label;
    }
    if (node.kind === 'project')
      item.tooltip = `${node.project.name}\n${node.project.internalDomain ?? node.project.baseUrl}\n${vscode.l10n.t('Environment: {0}', node.environment)}`;
    const tooltip = this.model.tooltip(node, this.format);
    // Document nodes always get one: without it VS Code would show the internal datocms: path. A model whose record
    // count is not known yet gets its hover from resolveTreeItem, once counted.
    if (tooltip !== undefined && !this.countsOnHover(node)) item.tooltip = new vscode.MarkdownString(tooltip);
    return item;
  }

  /** On hover: a model's tooltip with its number of records (read once; without it when it cannot be read). */
  async resolveTreeItem(item: vscode.TreeItem, node: TreeNode): Promise<vscode.TreeItem> {
    if (node.kind === 'model') {
      await this.model.countRecords(node).catch(() => undefined);
      const tooltip = this.model.tooltip(node, this.format);
      if (tooltip !== undefined) item.tooltip = new vscode.MarkdownString(tooltip);
    }
    return item;
  }

  private countsOnHover(node: TreeNode): boolean {
    return node.kind === 'model' && node.itemType.attributes['modular_block'] !== true && this.model.recordTotal(node) === undefined;
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
export function itemId(node: TreeNode): string {
  return node.id.replace(/^(p:[^/@]+)@[^/]*/, '$1');
}

/** Menus select on these (package.json `viewItem` when-clauses). */
export function contextValue(node: TreeNode): string {
  switch (node.kind) {
    case 'model':
      return node.itemType.attributes['modular_block'] === true ? 'blockModel' : 'model';
    case 'records':
      return isEmptyQuery(node.query) ? 'records' : 'records.query';
    default:
      return node.contextValue ?? node.kind;
  }
}

function icon(node: TreeNode): [string, vscode.ThemeColor?] {
  switch (node.kind) {
    case 'project':
      return ['database'];
    case 'models':
      return ['symbol-class'];
    case 'blockModels':
      return ['extensions'];
    case 'webhooks':
      return ['broadcast'];
    case 'environments':
      return ['server-environment'];
    case 'environment':
      return [node.icon];
    case 'model':
      if (node.itemType.attributes['modular_block'] === true) return ['symbol-module'];
      return [node.itemType.attributes['singleton'] === true ? 'symbol-constant' : 'symbol-class'];
    case 'fields':
      return ['symbol-field'];
    case 'fieldset':
      return ['folder'];
    case 'field':
      return [FIELD_ICONS[String(node.field.attributes['field_type'])] ?? 'symbol-field'];
    case 'records':
      return [isEmptyQuery(node.query) ? 'list-flat' : 'filter'];
    case 'record': {
      const status = node.record.meta['status'];
      if (status === 'draft') return ['circle-outline', new vscode.ThemeColor('charts.yellow')];
      if (status === 'updated') return ['circle-filled', new vscode.ThemeColor('charts.blue')];
      return ['circle-filled', new vscode.ThemeColor('charts.green')];
    }
    case 'loadMore':
      return ['more'];
    case 'webhook':
      return [node.webhook.attributes['enabled'] === false ? 'debug-disconnect' : 'plug'];
    case 'error':
      return ['error', new vscode.ThemeColor('errorForeground')];
    case 'empty':
      return ['info'];
  }
}
