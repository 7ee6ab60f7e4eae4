// The DatoCMS tree as data: what each expand loads (one request at most), the paging and query of each model's
// records, and what the extension's own changes update. No vscode import (./presenter.ts, ./provider.ts draw it).
// Nodes are made once per load of their parent and kept until it refreshes: VS Code knows them by identity.
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import { isEmptyQuery, type RecordQuery, isEmptyMediaQuery, type MediaQuery } from '../listing';
import { relationshipId } from '../domain/resources';
import { Model, Site } from '../domain/views';
import { RecordTotals } from './recordTotals';
import { findNode } from './reveal';
import type { MediaNode, ModelNode, ProjectNode, RecordsNode, TreeNode } from './nodes';
import { modelOf } from './nodes';
import type { PresenterState } from './looks';
import type { MediaLook, MediaRow } from './mediaBranch';
import { ModelCore, type TreeModelDeps } from './modelCore';
import { errorNode, RecordPaging } from './recordPages';
import { fieldNodes, fieldsChildren, hasFieldsets, modelChildren, modelNodes, sections, webhookNodes } from './schemaNodes';

export type { TreeModelDeps } from './modelCore';

/** How long after the extension's own change the tree is not said to be old. */
const OWN_CHANGE_GRACE_MS = 60_000;
type DocumentListener = (ref: DocumentRef) => void;

export class TreeModel extends ModelCore implements PresenterState {
  private readonly documentListeners = new Set<DocumentListener>();
  private rootNodes: ProjectNode[] | undefined;
  private readonly childCache = new Map<string, Promise<TreeNode[]>>();
  private readonly paging: RecordPaging;
  /** queries survive refreshes; keyed by records node id */
  private readonly queries = new Map<string, RecordQuery>();
  /** each model's number of records, counted for its hover */
  private readonly totals = new RecordTotals();
  /** the Media nodes' queries survive refreshes; keyed by node id */
  private readonly mediaQueries = new Map<string, MediaQuery>();
  /** when the extension last changed or reloaded something the tree shows (ms) */
  private lastOwnChange = Number.NEGATIVE_INFINITY;
  /** the root ids (project@environment) of environments the extension changed while the tree showed another */
  private readonly changedWhileHidden = new Set<string>();
  /** each project's time zone (its site's), known once the project is expanded */
  private readonly zones = new Map<string, string | undefined>();

  constructor(deps: TreeModelDeps) {
    super(deps);
    this.paging = new RecordPaging(this);
  }

  /** Subscribe to the extension's own changes of documents in DatoCMS (saved, published, restored, created, deleted). */
  onDidChangeDocument(listener: DocumentListener): { dispose(): void } {
    this.documentListeners.add(listener);
    return { dispose: () => this.documentListeners.delete(listener) };
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
      };
    });
    return this.rootNodes;
  }

  parent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  children(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return Promise.resolve(this.roots());
    if (node.kind === 'records') return this.paging.children(node);
    if (node.kind === 'media' || node.kind === 'uploadCollection') return this.deps.media?.().children(node) ?? Promise.resolve([]);
    let cached = this.childCache.get(node.id);
    if (!cached) {
      cached = this.loadChildren(node).catch((error: unknown) => [errorNode(this.t, node, error, 'retry')]);
      this.childCache.set(node.id, cached);
      this.loadedAt.set(node.id, this.now());
    }
    return cached;
  }

  /** Loads the next page of a Records node (the "Load more…" node). */
  loadMore(records: RecordsNode): Promise<void> {
    return this.paging.loadMore(records);
  }

  /** Replaces the query of a Records node and reloads it from the first page. */
  setQuery(records: RecordsNode, query: RecordQuery): void {
    if (isEmptyQuery(query)) this.queries.delete(records.id);
    else this.queries.set(records.id, query);
    records.query = query;
    this.paging.forget(records.id);
    this.fire(records);
  }

  /** Replaces the query of a Media node and reloads it from the first page. */
  setMediaQuery(media: MediaNode, query: MediaQuery): void {
    if (isEmptyMediaQuery(query)) this.mediaQueries.delete(media.id);
    else this.mediaQueries.set(media.id, query);
    media.query = query;
    this.forgetBelow(media.id);
    this.fire(media);
  }

  /** Reloads a node (undefined: everything) from the API; cached project data below it is dropped. */
  async refresh(node?: TreeNode): Promise<void> {
    if (!node) {
      this.rootNodes = undefined;
      this.childCache.clear();
      this.loadedAt.clear();
      this.paging.forget();
      this.totals.forgetBelow();
      this.deps.media?.peek()?.forget();
      for (const project of this.deps.projects.list()) {
        const data = await this.deps.projects.data(project.key).catch(() => undefined);
        data?.invalidate();
      }
      this.staleness.reloaded(undefined);
      this.fire(undefined);
      return;
    }
    this.lastOwnChange = this.now();
    const target = ['error', 'empty', 'loadMore', 'uploadsMore', 'upload'].includes(node.kind) ? node.parent : node;
    if (!target) return this.refresh(undefined);
    const data = await this.dataOf(target).catch(() => undefined);
    if (data) {
      const model = modelOf(target);
      if (target.kind === 'project' || target.kind === 'models' || target.kind === 'blockModels') data.invalidate();
      else if (model && target.kind !== 'records' && target.kind !== 'record') data.invalidate({ itemTypeId: model.itemType.id });
    }
    this.forgetBelow(target.id);
    // The environments are the project's, not an environment's: the list under any other environment is stale too.
    if (target.kind === 'environments') for (const key of this.environmentsOfProject(target.projectKey)) this.forgetBelow(key);
    this.fire(target);
  }

  /** Called when the project list or an environment changed: the roots are rebuilt. */
  projectsChanged(): void {
    this.rootNodes = undefined;
    // Branches of an environment shown again are kept (switching back is instant), unless the extension changed
    // something there while the tree showed another one: then they would show what was there before.
    for (const root of this.roots()) if (this.changedWhileHidden.delete(root.id)) this.forgetBelow(root.id);
    this.fire(undefined);
  }

  /**
   * The node that shows a document, loading the branches on its way (for Reveal in Tree). A record not
   * among the loaded ones is paged to (at most `maxPages` more pages); else its Records node stands in.
   */
  find(ref: DocumentRef, maxPages?: number): Promise<TreeNode | undefined> {
    return findNode(this, ref, maxPages);
  }

  /** How a row of the media branch looks. */
  mediaLook(node: MediaRow): MediaLook | undefined {
    return this.deps.media?.().look(node);
  }

  /** The hover of an upload row, made when first hovered. */
  uploadTooltip(node: Extract<TreeNode, { kind: 'upload' }>): Promise<string | undefined> {
    return this.deps.media?.().tooltip(node) ?? Promise.resolve(undefined);
  }

  /** How many records the Records node has loaded and how many its query matches, once its first page loaded. */
  recordCounts(records: RecordsNode): { loaded: number; total: number } | undefined {
    return this.paging.counts(records.id);
  }

  /** How many records a model has, when known (its Records node loaded without a query, or its hover counted them). */
  recordTotal(model: ModelNode): number | undefined {
    if (Model.isBlock(model.itemType)) return undefined;
    const id = `${model.id}/records`;
    return (this.queries.has(id) ? undefined : this.paging.counts(id)?.total) ?? this.totals.get(model.id);
  }

  /** Reads how many records a model has, for its hover (one request, kept until the model is refreshed). */
  async countRecords(model: ModelNode): Promise<void> {
    if (this.recordTotal(model) !== undefined || Model.isBlock(model.itemType)) return;
    const data = await this.dataOf(model);
    await this.totals.count(model.id, async () => {
      const page = await data.client
        .background('record counts')
        .items.list({ filter: { type: model.itemType.id }, version: 'current', page: { limit: 1 } });
      return page.totalCount;
    });
  }

  /** Marks the tree stale when a branch it shows was loaded more than `maxAgeMs` ago (others may have changed it). */
  checkAge(maxAgeMs: number): void {
    // right after the extension's own change the user is working here (the window's focus comes back from its dialog)
    if (this.now() - this.lastOwnChange < OWN_CHANGE_GRACE_MS) return;
    if (this.staleness.reason !== undefined || this.loadedAt.size === 0) return;
    const [id, oldest] = [...this.loadedAt].reduce((a, b) => (b[1] < a[1] ? b : a));
    const minutes = Math.floor((this.now() - oldest) / 60_000);
    // reloading that branch (Refresh, or the extension's own change there) clears it
    if (this.now() - oldest > maxAgeMs)
      this.staleness.note(id, minutes === 1 ? this.t('loaded a minute ago') : this.t('loaded {0} minutes ago', minutes));
  }

  /** The time zone the project's dates read in (undefined until the project was expanded, or when it names none). */
  timeZoneOf(projectKey: string): string | undefined {
    return this.zones.get(projectKey);
  }

  private async loadChildren(node: TreeNode): Promise<TreeNode[]> {
    switch (node.kind) {
      case 'project': {
        // The site (cached) gives the locales record labels need and the time zone dates read in, and checks the token once.
        this.zones.set(node.projectKey, Site.timezone(await (await this.dataOf(node)).site()));
        return sections(this.t, node, this.mediaQueries.get(`${node.id}/media`) ?? {});
      }
      case 'models':
      case 'blockModels':
        return modelNodes(this.t, node, await (await this.dataOf(node)).itemTypes());
      case 'model': {
        // Loading the fields here keeps every later expand to one request: Records needs the title field.
        const fields = await (await this.dataOf(node)).fields(node.itemType.id);
        return modelChildren(this.t, node, fields, this.queries.get(`${node.id}/records`) ?? {});
      }
      case 'fields': {
        const data = await this.dataOf(node);
        const fields = await data.fields(node.model.itemType.id);
        // the model as DatoCMS now has it (its hover counts its fields), and the count on the Fields row
        node.model.itemType = await data.itemType(node.model.itemType.id).catch(() => node.model.itemType);
        if (node.count !== fields.length) {
          node.count = fields.length;
          queueMicrotask(() => this.fire(node));
        }
        const fieldsets = hasFieldsets(node.model, fields) ? await data.fieldsets(node.model.itemType.id) : undefined;
        return fieldsChildren(this.t, node, fields, fieldsets);
      }
      case 'fieldset':
        return fieldNodes(node, node.model, node.fields);
      case 'webhooks':
        return webhookNodes(this.t, node, await (await this.dataOf(node)).client.webhooks.list());
      case 'environments': {
        const nodes = (await this.deps.environments?.(node, await this.dataOf(node))) ?? [];
        if (
          nodes.some(
            (n) => n.kind === 'environment' && typeof n.resource.meta['status'] === 'string' && n.resource.meta['status'] !== 'ready',
          )
        )
          this.staleness.note(node.id, this.t('an environment is being created or deleted'));
        return nodes;
      }
      default:
        return [];
    }
  }

  /** Updates what the tree shows after a document was saved (without reloading unrelated branches). */
  async documentSaved(ref: DocumentRef, resource: Resource): Promise<void> {
    this.lastOwnChange = this.now();
    this.documentListeners.forEach((listener) => listener(ref));
    const project = this.shownRoot(ref);
    if (!project) return;
    if (ref.kind === 'upload') return this.deps.media?.peek()?.uploadChanged(resource as Resource<'upload'>);
    if (ref.kind === 'record') {
      const shown = await this.paging.recordChanged(ref, resource as Resource<'item'>);
      // a record the tree does not show yet (just created): its model's Records reload
      if (!shown) await this.refreshRecordsOf(project.projectKey, project.environment, relationshipId(resource, 'item_type'));
      return;
    }
    const kinds: TreeNode['kind'][] = ref.kind === 'webhook' ? ['webhooks'] : ['models', 'blockModels'];
    for (const section of await this.children(project)) {
      if (kinds.includes(section.kind) && this.childCache.has(section.id)) await this.refresh(section);
    }
  }

  /**
   * The extension changed (created, deleted) the document `ref` names, outside the tree: the branch that lists it
   * reloads where the tree shows it (its model's Records, the models, the webhooks).
   */
  async documentChanged(ref: DocumentRef): Promise<void> {
    this.lastOwnChange = this.now();
    this.documentListeners.forEach((listener) => listener(ref));
    const project = this.shownRoot(ref);
    if (!project) return;
    if (ref.kind !== 'record') {
      const kinds: TreeNode['kind'][] =
        ref.kind === 'webhook' ? ['webhooks'] : ref.kind === 'upload' ? ['media'] : ['models', 'blockModels'];
      for (const section of await this.children(project)) if (kinds.includes(section.kind)) await this.refresh(section);
      return;
    }
    const data = await this.dataOf(project);
    const model = await data.itemType(ref.modelApiKey).catch(() => undefined);
    if (model) await this.refreshRecordsOf(project.projectKey, project.environment, model.id);
  }

  /** The root that shows the document's environment, once loaded; an environment not shown is noted as changed. */
  private shownRoot(ref: DocumentRef): ProjectNode | undefined {
    const project = this.rootNodes?.find((p) => p.projectKey === ref.project && p.environment === ref.environment);
    if (!project) this.changedWhileHidden.add(`p:${ref.project}@${ref.environment}`);
    return project && this.childCache.has(project.id) ? project : undefined;
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

  /** The ids of the Environments sections of a project under every environment the tree loaded. */
  private environmentsOfProject(projectKey: string): string[] {
    const prefix = `p:${projectKey}@`;
    return [...this.childCache.keys()].filter((key) => key.startsWith(prefix) && key.endsWith('/environments'));
  }

  private forgetBelow(id: string): void {
    this.totals.forgetBelow(id);
    for (const cache of [this.childCache, this.loadedAt]) {
      for (const key of [...cache.keys()]) if (key === id || key.startsWith(`${id}/`)) cache.delete(key);
    }
    this.paging.forget(id);
    this.deps.media?.peek()?.forget(id);
    this.staleness.reloaded(id);
  }
}
