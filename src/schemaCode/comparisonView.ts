// The "Schema Comparison" view: the changes between two environments grouped by model (added, removed,
// changed models and block models, then their fieldsets and fields), each opening its diff.
import vscode = require('vscode');
import { changesOf, type ModelPair, type Pair, type SchemaDiff } from './diff';
import {
  isBlockModel,
  fieldsetTitle,
  type FieldSnapshot,
  type FieldsetSnapshot,
  snapshotFieldType,
  snapshotLabel,
  snapshotName,
} from './snapshot';

const t = vscode.l10n.t;

export const COMPARISON_VIEW_ID = 'datocms.schemaComparison';
/** The context key that shows the view while a comparison is open. */
export const COMPARISON_OPEN_CONTEXT = 'datocms.schemaComparisonOpen';
const OPEN_CHANGE_COMMAND = 'datocms.schemaComparison.openChange';

export interface Comparison {
  project: string;
  /** the environment with the changes */
  source: string;
  /** the environment they would be applied to */
  target: string;
  diff: SchemaDiff;
}

export type ChangeNode =
  | { kind: 'model'; comparison: Comparison; model: ModelPair }
  | { kind: 'field'; comparison: Comparison; model: ModelPair; pair: Pair<FieldSnapshot> }
  | { kind: 'fieldset'; comparison: Comparison; model: ModelPair; pair: Pair<FieldsetSnapshot> }
  | { kind: 'none'; comparison: Comparison };

const KIND_ICONS: Record<string, [string, string]> = {
  added: ['diff-added', 'gitDecoration.addedResourceForeground'],
  removed: ['diff-removed', 'gitDecoration.deletedResourceForeground'],
  changed: ['diff-modified', 'gitDecoration.modifiedResourceForeground'],
  same: ['circle-small', 'foreground'],
};

export class ComparisonTree implements vscode.TreeDataProvider<ChangeNode> {
  #comparison: Comparison | undefined;
  /** when the shown comparison was read */
  #readAt = 0;
  /** why the comparison may no longer match DatoCMS, in the view's words */
  #outdated: string | undefined;
  readonly #changed = new vscode.EventEmitter<ChangeNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;

  constructor(private readonly now: () => number = Date.now) {}

  get comparison(): Comparison | undefined {
    return this.#comparison;
  }

  show(comparison: Comparison | undefined): void {
    this.#comparison = comparison;
    this.#readAt = this.now();
    this.#outdated = undefined;
    this.#changed.fire(undefined);
  }

  get outdated(): string | undefined {
    return this.#outdated;
  }

  /** The schema of one of the compared environments changed: true when that makes the comparison outdated. */
  schemaChanged(project: string, environment: string): boolean {
    const shown = this.#comparison;
    if (!shown || shown.project !== project || (environment !== shown.source && environment !== shown.target)) return false;
    this.#outdated = t('The schema of {0} changed after this comparison: Refresh to compare again.', environment);
    return true;
  }

  /** Marks the comparison outdated when it was read more than `maxAgeMs` ago (a colleague may have changed a side). */
  checkAge(maxAgeMs: number): boolean {
    if (!this.#comparison || this.#outdated !== undefined || this.now() - this.#readAt <= maxAgeMs) return false;
    const minutes = Math.floor((this.now() - this.#readAt) / 60_000);
    this.#outdated = t('Read {0} minutes ago: either environment may have changed since. Refresh to compare again.', minutes);
    return true;
  }

  /** The view's message: the counts, or why the comparison may be outdated. */
  message(): string {
    return this.#outdated ?? this.summary();
  }

  /** "3 added, 1 removed, 2 changed" */
  summary(): string {
    const counts = { added: 0, removed: 0, changed: 0 };
    for (const change of this.#comparison ? changesOf(this.#comparison.diff) : []) {
      // a model counts as changed for its own attributes and field order, not for what its fields did
      const own = change.what !== 'model' || change.pair.kind !== 'changed' || change.pair.changed.length > 0 || change.model.orderChanged;
      if (own && change.pair.kind !== 'same') counts[change.pair.kind] += 1;
    }
    return t('{0} added, {1} removed, {2} changed', counts.added, counts.removed, counts.changed);
  }

  /** The change of a model (`dish`), field (`dish::calories`) or fieldset (`dish/Kitchen notes`), by name. */
  find(key: string): ChangeNode | undefined {
    const models = this.getChildren();
    return (
      models.find((n) => n.kind === 'model' && n.model.key === key) ??
      models.flatMap((n) => this.getChildren(n)).find((n) => (n.kind === 'field' || n.kind === 'fieldset') && n.pair.key === key)
    );
  }

  getChildren(node?: ChangeNode): ChangeNode[] {
    const comparison = this.#comparison;
    if (!comparison) return [];
    if (!node) {
      const models = comparison.diff.models.filter((m) => m.kind !== 'same');
      return models.length === 0 ? [{ kind: 'none', comparison }] : models.map((model) => ({ kind: 'model', comparison, model }));
    }
    if (node.kind !== 'model') return [];
    return [
      ...node.model.fieldsets
        .filter((p) => p.kind !== 'same')
        .map((pair): ChangeNode => ({ kind: 'fieldset', comparison, model: node.model, pair })),
      ...node.model.fields
        .filter((p) => p.kind !== 'same')
        .map((pair): ChangeNode => ({ kind: 'field', comparison, model: node.model, pair })),
    ];
  }

  getTreeItem(node: ChangeNode): vscode.TreeItem {
    if (node.kind === 'none') {
      return new vscode.TreeItem(t('The schemas of {0} and {1} are the same', node.comparison.source, node.comparison.target));
    }
    const pair: Pair<unknown> = node.kind === 'model' ? node.model : node.pair;
    const item = new vscode.TreeItem(
      labelOf(node),
      node.kind === 'model' && this.getChildren(node).length > 0
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${node.kind}:${pair.key}`;
    item.description = describe(node);
    const [icon, color] = KIND_ICONS[pair.kind]!;
    item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
    item.contextValue = `schemaChange.${pair.kind}`;
    item.tooltip = tooltipOf(node);
    item.command = { command: OPEN_CHANGE_COMMAND, title: t('Open Diff'), arguments: [node] };
    return item;
  }
}

function labelOf(node: Exclude<ChangeNode, { kind: 'none' }>): string {
  if (node.kind === 'model') {
    const model = (node.model.source ?? node.model.target)!;
    return snapshotName(model);
  }
  if (node.kind === 'fieldset') return fieldsetTitle((node.pair.source ?? node.pair.target)!);
  const field = (node.pair.source ?? node.pair.target)!;
  return snapshotLabel(field);
}

function kindText(kind: string): string {
  return kind === 'added' ? t('added') : kind === 'removed' ? t('removed') : kind === 'changed' ? t('changed') : t('unchanged');
}

function describe(node: Exclude<ChangeNode, { kind: 'none' }>): string {
  if (node.kind === 'model') {
    const model = (node.model.source ?? node.model.target)!;
    const renamed =
      node.model.source && node.model.target && node.model.source.apiKey !== node.model.target.apiKey
        ? ` ← ${node.model.target.apiKey}`
        : '';
    const what = isBlockModel(model) ? t('block model') : t('model');
    const own =
      node.model.kind !== 'changed'
        ? ` ${kindText(node.model.kind)}`
        : node.model.changed.length > 0
          ? ` ${kindText('changed')}: ${node.model.changed.join(', ')}`
          : '';
    const inner = [...node.model.fieldsets, ...node.model.fields].filter((p) => p.kind !== 'same').length;
    const parts = [
      `${what}${own}`,
      ...(node.model.orderChanged ? [t('field order changed')] : []),
      ...(node.model.kind === 'changed' && inner > 0 ? [inner === 1 ? t('1 change inside') : t('{0} changes inside', inner)] : []),
    ];
    return `${model.apiKey}${renamed} · ${parts.join(' · ')}`;
  }
  if (node.kind === 'fieldset')
    return `${t('fieldset')} ${kindText(node.pair.kind)}${node.pair.changed.length > 0 ? `: ${node.pair.changed.join(', ')}` : ''}`;
  const field = (node.pair.source ?? node.pair.target)!;
  const renamed =
    node.pair.source && node.pair.target && node.pair.source.apiKey !== node.pair.target.apiKey ? ` ← ${node.pair.target.apiKey}` : '';
  return `${field.apiKey}${renamed} · ${String(snapshotFieldType(field))} ${kindText(node.pair.kind)}${node.pair.changed.length > 0 ? `: ${node.pair.changed.join(', ')}` : ''}`;
}

function tooltipOf(node: Exclude<ChangeNode, { kind: 'none' }>): string {
  const { source, target } = node.comparison;
  const pair: Pair<unknown> = node.kind === 'model' ? node.model : node.pair;
  if (pair.kind === 'added') return t('Only in {0}', source);
  if (pair.kind === 'removed') return t('Only in {0}', target);
  return t('Differs between {0} and {1}: {2}', target, source, pair.changed.join(', ') || t('its fields'));
}
