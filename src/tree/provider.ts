// Renders TreeModel nodes as TreeItems: icons, context values (for menus), and what a click does.
import * as vscode from 'vscode';
import { documentUri } from '../documents';
import { isDocumentNode, isExpandable, type TreeModel, type TreeNode } from './model';
import { isEmptyQuery } from './recordQuery';

/** Codicons per field type. */
const FIELD_ICONS: Record<string, string> = {
  string: 'symbol-string', text: 'symbol-text', boolean: 'symbol-boolean', integer: 'symbol-number', float: 'symbol-number',
  date: 'calendar', date_time: 'calendar', color: 'symbol-color', json: 'json', lat_lon: 'location', seo: 'search',
  slug: 'link', video: 'device-camera-video', file: 'file-media', gallery: 'files', link: 'references', links: 'references',
  rich_text: 'layers', single_block: 'symbol-structure', structured_text: 'symbol-structure',
};

export class TreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly model: TreeModel) {
    this.subscription = model.onDidChange((node) => this.changeEmitter.fire(node));
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const collapsible = isExpandable(node) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = node.id;
    item.description = node.description;
    item.contextValue = contextValue(node);
    item.iconPath = new vscode.ThemeIcon(...icon(node));
    if (isDocumentNode(node)) {
      const uri = documentUri(node.kind === 'record' && node.ref.kind === 'record' && node.label !== node.record.id ? { ...node.ref, title: node.label } : node.ref);
      item.resourceUri = uri;
      item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [uri, { preview: true }] };
    } else if (node.kind === 'loadMore') {
      item.command = { command: 'datocms.loadMore', title: vscode.l10n.t('Load More'), arguments: [node] };
    } else if (node.kind === 'error') {
      item.command = { command: 'datocms.retry', title: vscode.l10n.t('Retry'), arguments: [node] };
      item.tooltip = node.label;
    }
    if (node.kind === 'project') item.tooltip = `${node.project.name}\n${node.project.internalDomain ?? node.project.baseUrl}\n${vscode.l10n.t('Environment: {0}', node.environment)}`;
    if (node.kind === 'record') item.tooltip = `${node.label}\n${node.record.id}${node.description ? ` · ${node.description}` : ''}`;
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

/** Menus select on these (package.json `viewItem` when-clauses). */
export function contextValue(node: TreeNode): string {
  switch (node.kind) {
    case 'model':
      return node.itemType.attributes['modular_block'] === true ? 'blockModel' : 'model';
    case 'records':
      return isEmptyQuery(node.query) ? 'records' : 'records.query';
    default:
      return node.kind;
  }
}

function icon(node: TreeNode): [string, vscode.ThemeColor?] {
  switch (node.kind) {
    case 'project': return ['database'];
    case 'models': return ['symbol-class'];
    case 'blockModels': return ['extensions'];
    case 'webhooks': return ['broadcast'];
    case 'model':
      if (node.itemType.attributes['modular_block'] === true) return ['symbol-module'];
      return [node.itemType.attributes['singleton'] === true ? 'symbol-constant' : 'symbol-class'];
    case 'fields': return ['symbol-field'];
    case 'fieldset': return ['folder'];
    case 'field': return [FIELD_ICONS[String(node.field.attributes['field_type'])] ?? 'symbol-field'];
    case 'records': return [isEmptyQuery(node.query) ? 'list-flat' : 'filter'];
    case 'record': {
      const status = node.record.meta['status'];
      if (status === 'draft') return ['circle-outline', new vscode.ThemeColor('charts.yellow')];
      if (status === 'updated') return ['circle-filled', new vscode.ThemeColor('charts.blue')];
      return ['circle-filled', new vscode.ThemeColor('charts.green')];
    }
    case 'loadMore': return ['more'];
    case 'webhook': return [node.webhook.attributes['enabled'] === false ? 'debug-disconnect' : 'plug'];
    case 'error': return ['error', new vscode.ThemeColor('errorForeground')];
    case 'empty': return ['info'];
  }
}
