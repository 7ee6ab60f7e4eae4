// The DatoCMS tree as data: nodes, what each expand loads (one request at most), paging and query
// state of each model's records. No vscode import; src/tree/provider.ts renders these nodes.
//
// Node objects are created once per load of their parent and reused until that parent is refreshed:
// VS Code identifies the element of a change event by object identity.
import { ApiError } from '../cma';
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import { NotSignedInError } from '../platform/errors';
import { type ProjectSource } from '../projects/project';
import { titleReader } from '../domain/titles';
import type { ProjectData } from '../projects/projectData';
import { formatMessage, type Translate } from '../platform/translate';
import { describeQuery, isEmptyQuery, itemQueryFor, type RecordQuery } from './recordQuery';
import { byName, localesOf, positionOf, relationshipId, relationshipIds, statusOf } from '../domain/resources';
import { RecordTotals } from './recordTotals';
import { findNode } from './reveal';
import type {
  EmptyNode,
  ErrorNode,
  FieldNode,
  FieldsetNode,
  ModelNode,
  ProjectNode,
  RecordNode,
  RecordsNode,
  SectionNode,
  TreeNode,
  WebhookNode,
} from './nodes';
import { modelOf } from './nodes';
import {
  fieldTooltip,
  localeCoverage,
  fieldsetTooltip,
  modelTooltip,
  recordsTooltip,
  recordTooltip,
  webhookTooltip,
  type LocaleCoverage,
  type TooltipFormat,
} from './tooltips';

interface RecordPages {
  /** the loaded records, in order; the same node objects until the Records node is reloaded */
  nodes: RecordNode[];
  total: number;
  loadingMore?: Promise<void>;
  loadMoreError?: unknown;
}

export interface TreeModelDeps {
  projects: ProjectSource;
  pageSize: () => number;
  t?: Translate;
  /** BCP 47 locale for counts ("10,000") */
  locale?: string;
  /** the children of a project's Environments node (the environments feature loads them) */
  environments?: (node: SectionNode, data: ProjectData, model: TreeModel) => Promise<TreeNode[]>;
}

type Listener = (node: TreeNode | undefined) => void;

export class TreeModel {
  private readonly t: Translate;
  private numberFormat: Intl.NumberFormat | undefined;
  private readonly listeners = new Set<Listener>();
  private rootNodes: ProjectNode[] | undefined;
  private readonly childCache = new Map<string, Promise<TreeNode[]>>();
  private readonly pages = new Map<string, RecordPages>();
  private readonly firstPages = new Map<string, Promise<RecordPages>>();
  /** queries survive refreshes; keyed by records node id */
  private readonly queries = new Map<string, RecordQuery>();
  private readonly totals = new RecordTotals();

  constructor(private readonly deps: TreeModelDeps) {
    this.t = deps.t ?? formatMessage;
  }

  // Created on first use: building a formatter loads locale data, a third of activation time otherwise.
  private get numbers(): Intl.NumberFormat {
    return (this.numberFormat ??= new Intl.NumberFormat(this.deps.locale ?? 'en'));
  }

  /** Subscribe to changes; `undefined` = the whole tree. Returns an unsubscribe function. */
  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  roots(): ProjectNode[] {
    this.rootNodes ??= this.deps.projects.list().map((project) => {
      const environment = this.deps.projects.environmentOf(project.key);
      return {
        kind: 'project',
        id: `p:${project.key}@${environment}`,
        parent: undefined,
        projectKey: project.key,
        environment,
        project,
        label: project.name,
        description: environment,
      };
    });
    return this.rootNodes;
  }

  parent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  children(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return Promise.resolve(this.roots());
    if (node.kind === 'records') return this.recordChildren(node);
    let cached = this.childCache.get(node.id);
    if (!cached) {
      cached = this.loadChildren(node).catch((error: unknown) => [this.errorNode(node, error, 'retry')]);
      this.childCache.set(node.id, cached);
    }
    return cached;
  }

  /** Loads the next page of a Records node (the "Load more…" node). */
  loadMore(records: RecordsNode): Promise<void> {
    const pages = this.pages.get(records.id);
    if (!pages || pages.nodes.length >= pages.total) return Promise.resolve();
    pages.loadingMore ??= (async () => {
      try {
        const data = await this.dataOf(records);
        const page = await data.client.items.list(
          itemQueryFor(records.model.itemType.id, records.query, { offset: pages.nodes.length, limit: this.deps.pageSize() }),
        );
        await this.addPage(records, data, pages, page.data);
        pages.total = page.totalCount;
        pages.loadMoreError = undefined;
      } catch (error) {
        pages.loadMoreError = error;
      } finally {
        pages.loadingMore = undefined;
        this.fire(records);
      }
    })();
    return pages.loadingMore;
  }

  /** Replaces the query of a Records node and reloads it from the first page. */
  setQuery(records: RecordsNode, query: RecordQuery): void {
    if (isEmptyQuery(query)) this.queries.delete(records.id);
    else this.queries.set(records.id, query);
    records.query = query;
    records.description = describeQuery(query) || undefined;
    this.pages.delete(records.id);
    this.firstPages.delete(records.id);
    this.fire(records);
  }

  /** Reloads a node (undefined: everything) from the API; cached project data below it is dropped. */
  async refresh(node?: TreeNode): Promise<void> {
    if (!node) {
      this.rootNodes = undefined;
      this.childCache.clear();
      this.pages.clear();
      this.firstPages.clear();
      this.totals.forgetBelow();
      for (const project of this.deps.projects.list()) {
        const data = await this.deps.projects.data(project.key).catch(() => undefined);
        data?.invalidate();
      }
      this.fire(undefined);
      return;
    }
    const target = node.kind === 'error' || node.kind === 'empty' || node.kind === 'loadMore' ? node.parent : node;
    if (!target) return this.refresh(undefined);
    const data = await this.dataOf(target).catch(() => undefined);
    if (data) {
      const model = modelOf(target);
      if (target.kind === 'project' || target.kind === 'models' || target.kind === 'blockModels') data.invalidate();
      else if (model && target.kind !== 'records' && target.kind !== 'record') data.invalidate({ itemTypeId: model.itemType.id });
    }
    this.forgetBelow(target.id);
    this.fire(target);
  }

  /** Called when the project list or an environment changed: the roots are rebuilt. */
  projectsChanged(): void {
    this.rootNodes = undefined;
    this.fire(undefined);
  }

  /**
   * The node that shows a document, loading the branches on its way (for Reveal in Tree). A record not
   * among the loaded ones is paged to (a bounded number of pages); else its Records node stands in.
   */
  find(ref: DocumentRef): Promise<TreeNode | undefined> {
    return findNode(this, ref);
  }

  /** How many records a model has, when known (its Records node loaded without a query, or its hover counted them). */
  recordTotal(node: ModelNode): number | undefined {
    if (node.itemType.attributes['modular_block'] === true) return undefined;
    const id = `${node.id}/records`;
    const pages = this.queries.has(id) ? undefined : this.pages.get(id);
    return pages?.total ?? this.totals.get(node.id);
  }

  /** Reads how many records a model has, for its hover (one request, kept until the model is refreshed). */
  async countRecords(node: ModelNode): Promise<void> {
    if (this.recordTotal(node) !== undefined || node.itemType.attributes['modular_block'] === true) return;
    const data = await this.dataOf(node);
    await this.totals.count(node.id, async () => {
      const page = await data.client.items.list({ filter: { type: node.itemType.id }, version: 'current', page: { limit: 1 } });
      return page.totalCount;
    });
  }

  /** How many records the Records node has loaded and how many its query matches, once its first page loaded. */
  recordCounts(records: RecordsNode): { loaded: number; total: number } | undefined {
    const pages = this.pages.get(records.id);
    return pages && { loaded: pages.nodes.length, total: pages.total };
  }

  /** The Markdown hover of a node (undefined: the label says it all). */
  tooltip(node: TreeNode, format: TooltipFormat): string | undefined {
    switch (node.kind) {
      case 'model':
        return modelTooltip(node.itemType, this.recordTotal(node), format);
      case 'fieldset':
        return fieldsetTooltip(node.fieldset, node.model.itemType, node.fields, format);
      case 'field':
        return fieldTooltip(node.field, format);
      case 'record':
        return recordTooltip(node.record, node.label, node.coverage, format);
      case 'webhook':
        return webhookTooltip(node.webhook, format);
      case 'records':
        return recordsTooltip(node.model.label, node.query, this.recordCounts(node), format);
      default:
        return node.tooltip;
    }
  }

  /** The project data (client, cached schema) a node belongs to. */
  dataOf(node: TreeNode): Promise<ProjectData> {
    return this.deps.projects.data(node.projectKey, node.environment);
  }

  private async loadChildren(node: TreeNode): Promise<TreeNode[]> {
    switch (node.kind) {
      case 'project': {
        // The site (cached) gives the locales record labels need, and checks the token once.
        await (await this.dataOf(node)).site();
        return [
          this.section(node, 'models', this.t('Models')),
          this.section(node, 'blockModels', this.t('Block models')),
          this.section(node, 'webhooks', this.t('Webhooks')),
          this.section(node, 'environments', this.t('Environments')),
        ];
      }
      case 'models':
      case 'blockModels': {
        const blocks = node.kind === 'blockModels';
        const itemTypes = (await (await this.dataOf(node)).itemTypes()).filter((t) => (t.attributes['modular_block'] === true) === blocks);
        const nodes = itemTypes.sort(byName).map((itemType): ModelNode => {
          const apiKey = String(itemType.attributes['api_key']);
          return {
            kind: 'model',
            id: `${node.id}/m:${itemType.id}`,
            parent: node,
            projectKey: node.projectKey,
            environment: node.environment,
            itemType,
            label: String(itemType.attributes['name'] ?? apiKey),
            description: apiKey,
            ref: { project: node.projectKey, environment: node.environment, kind: 'model', apiKey },
          };
        });
        return nodes.length ? nodes : [this.empty(node, blocks ? this.t('No block models') : this.t('No models'))];
      }
      case 'model': {
        // Loading the fields here keeps every later expand to one request: Records needs the title field.
        const fields = await (await this.dataOf(node)).fields(node.itemType.id);
        const base = { parent: node, projectKey: node.projectKey, environment: node.environment, model: node };
        const children: TreeNode[] = [
          { ...base, kind: 'fields', id: `${node.id}/fields`, label: this.t('Fields'), description: this.fieldCount(fields.length) },
        ];
        if (node.itemType.attributes['modular_block'] !== true) {
          const id = `${node.id}/records`;
          const query = this.queries.get(id) ?? {};
          children.push({ ...base, kind: 'records', id, label: this.t('Records'), query, description: describeQuery(query) || undefined });
        }
        return children;
      }
      case 'fields': {
        const data = await this.dataOf(node);
        const fields = await data.fields(node.model.itemType.id);
        const hasFieldsets =
          relationshipIds(node.model.itemType, 'fieldsets').length > 0 || fields.some((f) => relationshipId(f, 'fieldset'));
        if (!hasFieldsets)
          return fields.length ? fields.map((f) => this.fieldNode(node, node.model, f)) : [this.empty(node, this.t('No fields'))];
        const fieldsets = await data.fieldsets(node.model.itemType.id);
        const inSet = new Set(fieldsets.map((s) => s.id));
        const top: { position: number; node: TreeNode }[] = [];
        for (const fieldset of fieldsets) {
          const members = fields.filter((f) => relationshipId(f, 'fieldset') === fieldset.id);
          const fieldsetNode: FieldsetNode = {
            kind: 'fieldset',
            id: `${node.id}/fs:${fieldset.id}`,
            parent: node,
            projectKey: node.projectKey,
            environment: node.environment,
            model: node.model,
            fieldset,
            fields: members,
            label: String(fieldset.attributes['title'] ?? fieldset.id),
            description: this.fieldCount(members.length),
            ref: {
              project: node.projectKey,
              environment: node.environment,
              kind: 'fieldset',
              modelApiKey: String(node.model.itemType.attributes['api_key']),
              id: fieldset.id,
            },
          };
          top.push({ position: positionOf(fieldset), node: fieldsetNode });
        }
        for (const field of fields) {
          const fieldset = relationshipId(field, 'fieldset');
          if (!fieldset || !inSet.has(fieldset)) top.push({ position: positionOf(field), node: this.fieldNode(node, node.model, field) });
        }
        return top.sort((a, b) => a.position - b.position).map((t) => t.node);
      }
      case 'fieldset':
        return node.fields.map((f) => this.fieldNode(node, node.model, f));
      case 'webhooks': {
        const webhooks = await (await this.dataOf(node)).client.webhooks.list();
        const nodes = webhooks.sort(byName).map((webhook): WebhookNode => {
          const enabled = webhook.attributes['enabled'] !== false;
          const url = String(webhook.attributes['url'] ?? '');
          return {
            kind: 'webhook',
            id: `${node.id}/w:${webhook.id}`,
            parent: node,
            projectKey: node.projectKey,
            environment: node.environment,
            webhook,
            label: String(webhook.attributes['name'] ?? webhook.id),
            description: enabled ? url : this.t('disabled · {0}', url),
            ref: { project: node.projectKey, environment: node.environment, kind: 'webhook', id: webhook.id },
          };
        });
        return nodes.length ? nodes : [this.empty(node, this.t('No webhooks'))];
      }
      case 'environments':
        return (await this.deps.environments?.(node, await this.dataOf(node), this)) ?? [];
      default:
        return [];
    }
  }

  private async recordChildren(records: RecordsNode): Promise<TreeNode[]> {
    let pages = this.pages.get(records.id);
    if (!pages) {
      try {
        pages = await this.firstPage(records);
      } catch (error) {
        return [this.errorNode(records, error, 'retry')];
      }
    }
    const base = { parent: records, projectKey: records.projectKey, environment: records.environment };
    const nodes: TreeNode[] = [...pages.nodes];
    if (pages.loadMoreError !== undefined) nodes.push(this.errorNode(records, pages.loadMoreError, 'loadMore'));
    else if (pages.nodes.length < pages.total) {
      nodes.push({
        ...base,
        kind: 'loadMore',
        id: `${records.id}/more`,
        records,
        loaded: pages.nodes.length,
        total: pages.total,
        label: this.loadMoreLabel(pages.nodes.length, pages.total),
      });
    }
    if (nodes.length === 0)
      nodes.push(this.empty(records, isEmptyQuery(records.query) ? this.t('No records') : this.t('No records match this query')));
    return nodes;
  }

  /** Loads page one of the node's query once, however many callers ask at the same time. */
  private firstPage(records: RecordsNode): Promise<RecordPages> {
    const query = records.query;
    let loading = this.firstPages.get(records.id);
    if (!loading) {
      loading = (async () => {
        const data = await this.dataOf(records);
        const page = await data.client.items.list(
          itemQueryFor(records.model.itemType.id, query, { offset: 0, limit: this.deps.pageSize() }),
        );
        const pages: RecordPages = { nodes: [], total: page.totalCount };
        await this.addPage(records, data, pages, page.data);
        // A query changed while this page loaded must not get the old query's page.
        if (records.query === query) this.pages.set(records.id, pages);
        return pages;
      })();
      this.firstPages.set(records.id, loading);
      const settled = () => {
        if (this.firstPages.get(records.id) === loading) this.firstPages.delete(records.id);
      };
      loading.then(settled, settled);
    }
    return loading;
  }

  private fieldCount(count: number): string {
    return count === 1 ? this.t('1 field') : this.t('{0} fields', this.numbers.format(count));
  }

  loadMoreLabel(loaded: number, total: number): string {
    return this.t('Load more… ({0} of {1})', this.numbers.format(loaded), this.numbers.format(total));
  }

  private async addPage(records: RecordsNode, data: ProjectData, pages: RecordPages, page: Resource<'item'>[]): Promise<void> {
    const titleOf = await this.titleReader(records, data);
    const coverageOf = await this.coverageReader(records, data);
    const modelApiKey = String(records.model.itemType.attributes['api_key']);
    const known = new Set(pages.nodes.map((n) => n.record.id));
    for (const record of page) {
      if (known.has(record.id)) continue; // a record that moved between pages while paging
      pages.nodes.push({
        kind: 'record',
        id: `${records.id}/r:${record.id}`,
        parent: records,
        projectKey: records.projectKey,
        environment: records.environment,
        model: records.model,
        record,
        label: titleOf(record) ?? record.id,
        description: statusOf(record),
        coverage: coverageOf(record),
        ref: { project: records.projectKey, environment: records.environment, kind: 'record', modelApiKey, id: record.id },
      });
    }
  }

  /** Updates what the tree shows after a document was saved (without reloading unrelated branches). */
  async documentSaved(ref: DocumentRef, resource: Resource): Promise<void> {
    const project = this.rootNodes?.find((p) => p.projectKey === ref.project && p.environment === ref.environment);
    if (!project || !this.childCache.has(project.id)) return; // not shown: nothing to update
    if (ref.kind === 'record') {
      let shown = false;
      for (const pages of this.pages.values()) {
        for (const node of pages.nodes) {
          if (node.projectKey !== ref.project || node.environment !== ref.environment || node.record.id !== resource.id) continue;
          const records = node.parent as RecordsNode;
          node.record = resource as Resource<'item'>;
          node.label = (await this.titleReader(records, await this.dataOf(records)))(node.record) ?? node.record.id;
          node.description = statusOf(node.record);
          node.coverage = (await this.coverageReader(records, await this.dataOf(records)))(node.record);
          this.fire(node);
          shown = true;
        }
      }
      // a record the tree does not show yet (just created): its model's Records reload
      if (!shown) await this.refreshRecordsOf(project.projectKey, project.environment, relationshipId(resource, 'item_type'));
      return;
    }
    const kinds: TreeNode['kind'][] = ref.kind === 'webhook' ? ['webhooks'] : ['models', 'blockModels'];
    for (const section of await this.children(project)) {
      if (kinds.includes(section.kind) && this.childCache.has(section.id)) await this.refresh(section);
    }
  }

  private async refreshRecordsOf(projectKey: string, environment: string, modelId: string | undefined): Promise<void> {
    for (const loading of [...this.childCache.values()]) {
      for (const node of await loading.catch(() => [] as TreeNode[])) {
        if (
          node.kind === 'records' &&
          node.projectKey === projectKey &&
          node.environment === environment &&
          node.model.itemType.id === modelId
        )
          await this.refresh(node);
      }
    }
  }

  /** Which locales a record fills (from cached fields and site: no request of its own). */
  private async coverageReader(records: RecordsNode, data: ProjectData): Promise<(record: Resource<'item'>) => LocaleCoverage> {
    const [fields, site] = await Promise.all([data.fields(records.model.itemType.id), data.site()]);
    const locales = localesOf(site);
    return (record) => localeCoverage(record, fields, locales);
  }

  /** Reads a record's title (see recordTitle), in the query's locale first. */
  private async titleReader(records: RecordsNode, data: ProjectData): Promise<(record: Resource<'item'>) => string | undefined> {
    return (await titleReader(data, records.model.itemType, records.query.locale)) ?? (() => undefined);
  }

  private section(project: ProjectNode, kind: SectionNode['kind'], label: string): SectionNode {
    return { kind, id: `${project.id}/${kind}`, parent: project, projectKey: project.projectKey, environment: project.environment, label };
  }

  private fieldNode(parent: TreeNode, model: ModelNode, field: Resource<'field'>): FieldNode {
    const apiKey = String(field.attributes['api_key']);
    return {
      kind: 'field',
      id: `${model.id}/f:${field.id}`,
      parent,
      projectKey: model.projectKey,
      environment: model.environment,
      model,
      field,
      label: String(field.attributes['label'] ?? apiKey),
      description: `${apiKey} · ${String(field.attributes['field_type'])}`,
      ref: {
        project: model.projectKey,
        environment: model.environment,
        kind: 'field',
        modelApiKey: String(model.itemType.attributes['api_key']),
        apiKey,
      },
    };
  }

  private empty(parent: TreeNode, label: string): EmptyNode {
    return { kind: 'empty', id: `${parent.id}/empty`, parent, projectKey: parent.projectKey, environment: parent.environment, label };
  }

  private errorNode(parent: TreeNode, error: unknown, action: ErrorNode['action']): ErrorNode {
    const signIn = error instanceof NotSignedInError || (error instanceof ApiError && error.status === 401);
    const what =
      {
        project: this.t('project'),
        models: this.t('models'),
        blockModels: this.t('block models'),
        webhooks: this.t('webhooks'),
        model: this.t('fields'),
        fields: this.t('fields'),
        records: this.t('records'),
      }[parent.kind as string] ?? this.t('items');
    const message = error instanceof Error ? error.message : String(error);
    const label = signIn
      ? this.t('Could not load {0}: {1} — click to sign in again', what, message)
      : action === 'loadMore'
        ? this.t('Could not load more {0}: {1} — click to retry', what, message)
        : this.t('Could not load {0}: {1} — click to retry', what, message);
    return {
      kind: 'error',
      id: `${parent.id}/error`,
      parent,
      projectKey: parent.projectKey,
      environment: parent.environment,
      error,
      action: signIn ? 'signIn' : action,
      label,
    };
  }

  private forgetBelow(id: string): void {
    this.totals.forgetBelow(id);
    for (const key of [...this.childCache.keys()]) if (key === id || key.startsWith(`${id}/`)) this.childCache.delete(key);
    for (const cache of [this.pages, this.firstPages]) {
      for (const key of [...cache.keys()]) if (key === id || key.startsWith(`${id}/`)) cache.delete(key);
    }
  }

  /** Tells the views that a node (undefined: everything) changed how it looks. */
  fire(node: TreeNode | undefined): void {
    for (const listener of this.listeners) listener(node);
  }
}
