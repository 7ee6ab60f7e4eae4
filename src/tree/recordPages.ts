// The records under each Records node: page one of its query, the next pages on "Load more…", and record nodes
// updated in place when the extension changes a record. No vscode import; ./model.ts owns one.
import type { Resource } from '../cma';
import type { RecordRef } from '../domain/paths';
import { localesOf } from '../domain/resources';
import { titleReader } from '../domain/titles';
import { Model } from '../domain/views';
import type { Translate } from '../platform/translate';
import type { ProjectData } from '../projects/projectData';
import { errorLabel, loadMoreLabel, needsSignIn } from './labels';
import type { ErrorNode, RecordNode, RecordsNode, TreeNode } from './nodes';
import { isEmptyQuery, recordPage } from '../listing';
import type { ModelCore } from './modelCore';
import { emptyNode } from './schemaNodes';
import { localeCoverage, type LocaleCoverage } from './tooltips';

interface Pages {
  /** the loaded records, in order; the same node objects until the Records node is reloaded */
  nodes: RecordNode[];
  total: number;
  loadingMore?: Promise<void>;
  loadMoreError?: unknown;
}

export class RecordPaging {
  private readonly pages = new Map<string, Pages>();
  private readonly firstPages = new Map<string, Promise<Pages>>();

  /** `tree`: the model these pages are part of (its data, words, redraws, and what it notes of each branch) */
  constructor(private readonly tree: ModelCore) {}

  children(records: RecordsNode): Promise<TreeNode[]> {
    return pagedRows(
      this.tree.t,
      records,
      this.pages.get(records.id),
      () => this.firstPage(records),
      (pages) => this.rows(records, pages),
    );
  }

  /** The loaded records, then "Load more…" (or why it failed), or a row saying there are none. */
  private rows(records: RecordsNode, pages: Pages): TreeNode[] {
    const { t } = this.tree;
    const more = (): TreeNode => ({
      kind: 'loadMore',
      id: `${records.id}/more`,
      parent: records,
      projectKey: records.projectKey,
      environment: records.environment,
      records,
      loaded: pages.nodes.length,
      total: pages.total,
      label: loadMoreLabel({ t, numbers: this.tree.numbers }, pages.nodes.length, pages.total),
    });
    const nodes: TreeNode[] = [...pages.nodes, ...moreRow(t, records, pages, more)];
    if (nodes.length === 0)
      nodes.push(emptyNode(records, isEmptyQuery(records.query) ? t('No records') : t('No records match this query')));
    return nodes;
  }

  /** Loads the next page (the "Load more…" node). */
  loadMore(records: RecordsNode): Promise<void> {
    return loadNextPage(
      this.pages.get(records.id),
      async (pages) => {
        const data = await this.tree.dataOf(records);
        const page = await recordPage(data.client.items, records.model.itemType.id, records.query, {
          offset: pages.nodes.length,
          limit: this.tree.pageSize(),
        });
        await this.addPage(records, data, pages, page.records);
        pages.total = page.total;
      },
      () => this.tree.fire(records),
    );
  }

  counts(recordsId: string): { loaded: number; total: number } | undefined {
    const pages = this.pages.get(recordsId);
    return pages && { loaded: pages.nodes.length, total: pages.total };
  }

  /** Drops the pages of the Records nodes at or below `id` (undefined: all). */
  forget(id?: string): void {
    for (const cache of [this.pages, this.firstPages]) {
      for (const key of [...cache.keys()]) if (id === undefined || key === id || key.startsWith(`${id}/`)) cache.delete(key);
    }
  }

  /** A record DatoCMS now has as `resource`: each node showing it follows. Returns whether any does. */
  async recordChanged(ref: RecordRef, resource: Resource<'item'>): Promise<boolean> {
    let shown = false;
    for (const pages of this.pages.values()) {
      for (const node of pages.nodes) {
        if (node.projectKey !== ref.project || node.environment !== ref.environment || node.record.id !== resource.id) continue;
        const records = node.parent as RecordsNode;
        const data = await this.tree.dataOf(records);
        node.record = resource;
        node.label = (await this.titleReader(records, data))(node.record) ?? node.record.id;
        node.coverage = (await this.coverageReader(records, data))(node.record);
        this.tree.fire(node);
        shown = true;
      }
    }
    return shown;
  }

  /** Loads page one of the node's query once, however many callers ask at the same time. */
  private firstPage(records: RecordsNode): Promise<Pages> {
    const query = records.query;
    let loading = this.firstPages.get(records.id);
    if (!loading) {
      loading = (async () => {
        const data = await this.tree.dataOf(records);
        const page = await recordPage(data.client.items, records.model.itemType.id, query, { offset: 0, limit: this.tree.pageSize() });
        const pages: Pages = { nodes: [], total: page.total };
        await this.addPage(records, data, pages, page.records);
        // A query changed while this page loaded must not get the old query's page.
        if (records.query === query) {
          this.pages.set(records.id, pages);
          this.tree.branchLoaded(records.id);
          // the Records row counts what a search or filter found
          if (!isEmptyQuery(query)) queueMicrotask(() => this.tree.fire(records));
        }
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

  private async addPage(records: RecordsNode, data: ProjectData, pages: Pages, page: Resource<'item'>[]): Promise<void> {
    const titleOf = await this.titleReader(records, data);
    const coverageOf = await this.coverageReader(records, data);
    const modelApiKey = Model.apiKey(records.model.itemType);
    const known = new Set(pages.nodes.map((n) => n.record.id));
    for (const record of page) {
      if (known.has(record.id)) {
        // a record that moved between pages while paging: someone changed the records meanwhile
        this.tree.branchStale(records.id, this.tree.t('records changed while they loaded'));
        continue;
      }
      pages.nodes.push({
        kind: 'record',
        id: `${records.id}/r:${record.id}`,
        parent: records,
        projectKey: records.projectKey,
        environment: records.environment,
        model: records.model,
        record,
        label: titleOf(record) ?? record.id,
        coverage: coverageOf(record),
        ref: { project: records.projectKey, environment: records.environment, kind: 'record', modelApiKey, id: record.id },
      });
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
}

/** What a paged node keeps: its rows so far, how many there are, a "Load more…" under way and how the last one failed. */
export interface PageState {
  nodes: readonly unknown[];
  total: number;
  loadingMore?: Promise<void>;
  loadMoreError?: unknown;
}

/** A paged node's rows: page one is loaded once and kept (its failure is one row that retries), then `rows` of it. */
export async function pagedRows<P extends PageState>(
  t: Translate,
  owner: TreeNode,
  cached: P | undefined,
  first: () => Promise<P>,
  rows: (pages: P) => TreeNode[],
): Promise<TreeNode[]> {
  let pages = cached;
  if (!pages) {
    try {
      pages = await first();
    } catch (error) {
      return [errorNode(t, owner, error, 'retry')];
    }
  }
  return rows(pages);
}

/** The row after the loaded ones: how the last "Load more…" failed, or `more` while some are not loaded yet. */
export function moreRow(t: Translate, owner: TreeNode, pages: PageState, more: () => TreeNode): TreeNode[] {
  if (pages.loadMoreError !== undefined) return [errorNode(t, owner, pages.loadMoreError, 'loadMore')];
  return pages.nodes.length < pages.total ? [more()] : [];
}

/** Loads the next page once however many ask (none when all are loaded); a failure is kept for its row; redrawn either way. */
export function loadNextPage<P extends PageState>(
  pages: P | undefined,
  load: (pages: P) => Promise<void>,
  redraw: () => void,
): Promise<void> {
  if (!pages || pages.nodes.length >= pages.total) return Promise.resolve();
  pages.loadingMore ??= (async () => {
    try {
      await load(pages);
      pages.loadMoreError = undefined;
    } catch (error) {
      pages.loadMoreError = error;
    } finally {
      pages.loadingMore = undefined;
      redraw();
    }
  })();
  return pages.loadingMore;
}

export function errorNode(t: Translate, parent: TreeNode, error: unknown, action: ErrorNode['action']): ErrorNode {
  return {
    kind: 'error',
    id: `${parent.id}/error`,
    parent,
    projectKey: parent.projectKey,
    environment: parent.environment,
    error,
    action: needsSignIn(error) ? 'signIn' : action,
    label: errorLabel(t, parent, error, action === 'loadMore'),
  };
}
