// What the tree model shares with its parts (the pages of records, ./recordPages.ts): the projects' data, the words
// of its rows, its listeners, when each branch loaded and why the tree may be out of date. No vscode import.
import type { ProjectSource } from '../projects/project';
import type { ProjectData } from '../projects/projectData';
import { formatMessage, type Translate } from '../platform/translate';
import type { MediaBranch } from './mediaBranch';
import type { SectionNode, TreeNode } from './nodes';
import { Staleness } from './staleness';

export interface TreeModelDeps {
  projects: ProjectSource;
  pageSize: () => number;
  t?: Translate;
  /** BCP 47 locale for counts ("10,000") */
  locale?: string;
  /** the children of a project's Environments node (the environments feature loads them) */
  environments?: (node: SectionNode, data: ProjectData) => Promise<TreeNode[]>;
  /** the Media node's branch, made on first use by the media feature (`peek`: when it was made) */
  media?: { (): MediaBranch; peek(): MediaBranch | undefined };
  /** the clock (tests move it) */
  now?: () => number;
}

type Listener = (node: TreeNode | undefined) => void;

/** The tree model's state that its parts read and note into; TreeModel adds what it loads and caches. */
export class ModelCore {
  readonly t: Translate;
  private numberFormat: Intl.NumberFormat | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly staleListeners = new Set<() => void>();
  /** when each cached branch was loaded (ms), for the age of what the tree shows */
  protected readonly loadedAt = new Map<string, number>();
  protected readonly staleness = new Staleness(() => this.staleListeners.forEach((listener) => listener()));

  constructor(protected readonly deps: TreeModelDeps) {
    this.t = deps.t ?? formatMessage;
  }

  /** The format of counts. Created on first use: building a formatter loads locale data, a third of activation time otherwise. */
  get numbers(): Intl.NumberFormat {
    return (this.numberFormat ??= new Intl.NumberFormat(this.deps.locale ?? 'en'));
  }

  /** How many records a page loads. */
  pageSize(): number {
    return this.deps.pageSize();
  }

  protected now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Subscribe to changes; `undefined` = the whole tree. Returns an unsubscribe function. */
  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Subscribe to the tree becoming (or no longer being) possibly out of date. */
  onDidChangeStale(listener: () => void): { dispose(): void } {
    this.staleListeners.add(listener);
    return { dispose: () => this.staleListeners.delete(listener) };
  }

  /** Why the tree may be out of date (shown with a hint to Refresh), undefined when it is not known to be. */
  get stale(): string | undefined {
    return this.staleness.reason;
  }

  /** Tells the views that a node (undefined: everything) changed how it looks. */
  fire(node: TreeNode | undefined): void {
    for (const listener of this.listeners) listener(node);
  }

  /** The project data (client, cached schema) a node belongs to. */
  dataOf(node: TreeNode): Promise<ProjectData> {
    return this.deps.projects.data(node.projectKey, node.environment);
  }

  /** The branch `id` loaded now: its age counts from now. */
  branchLoaded(id: string): void {
    this.loadedAt.set(id, this.now());
  }

  /** The branch `id` may show something DatoCMS no longer has (`reason` says why). */
  branchStale(id: string, reason: string): void {
    this.staleness.note(id, reason);
  }
}
