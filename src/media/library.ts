// The Media node's branch: its collections as folders, then the uploads in no collection; a collection's rows are its
// sub-collections and its own uploads (each upload shows once, where it is); under a query, the Media node lists every
// match instead; a page at a time ("Load more…"); how those rows look; an upload's hover with a preview and where it is used (counted when first hovered, then
// remembered). Which uploads a row lists, and at what cost, is ./listing.ts. No vscode import.
import type { Resource } from '../cma';
import { localesOf } from '../domain/resources';
import { UploadCollection } from '../domain/uploadViews';
import { Site } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import type { TreeModelDeps } from '../tree/model';
import type { MediaNode, TreeNode, UploadCollectionNode, UploadNode, UploadsMoreNode } from '../tree/nodes';
import {
  emptyNode,
  escapeMarkdown,
  loadMoreLabel,
  loadNextPage,
  matchCount,
  moreRow,
  pagedRows,
  type MediaBranch,
  type MediaLook,
  type MediaRow,
} from '../tree/mediaParts';
import { fileKind, formatSize, kindIcon, missingAlt, thumbnailUrl, Upload, uploadDescription } from './looks';
import { isEmptyMediaQuery, scanByCollection, UploadPlaces, type ByCollection, type PlaceSource } from '../listing';
import { describeMediaQuery } from './query';
import type { Services } from '../services';

type Owner = MediaNode | UploadCollectionNode;

interface Pages {
  folders: UploadCollectionNode[];
  nodes: UploadNode[];
  total: number;
  /** a collection's uploads, all of them (the pages show a part) */
  all?: Resource<'upload'>[];
  loadingMore?: Promise<void>;
  loadMoreError?: unknown;
}

interface MediaState {
  /** the media area's collections (read when first shown) */
  collections?: Promise<Resource<'upload_collection'>[]>;
  /** the uploads the Media query matches, by collection: read once, where DatoCMS cannot list a collection's */
  byCollection?: Promise<ByCollection>;
  locales: string[];
}

export class MediaLibrary implements MediaBranch {
  private readonly pages = new Map<string, Pages>();
  private readonly loading = new Map<string, Promise<Pages>>();
  private readonly media = new Map<string, MediaState>();
  /** how many records use an upload: `<project>/<environment>/<upload id>` → count */
  private readonly uses = new Map<string, Promise<number>>();
  private readonly places = new UploadPlaces();
  private numberFormat: Intl.NumberFormat | undefined;

  /** The tree it is a branch of, with the tree's translation, locale and page size. */
  constructor(private readonly host: Pick<Services, 't' | 'tree'> & Pick<TreeModelDeps, 'locale' | 'pageSize'>) {}

  private get numbers(): Intl.NumberFormat {
    return (this.numberFormat ??= new Intl.NumberFormat(this.host.locale ?? 'en'));
  }

  children(owner: Owner): Promise<TreeNode[]> {
    const { t } = this.host;
    return pagedRows(
      t,
      owner,
      this.pages.get(owner.id),
      () => this.firstPage(owner),
      (pages) => {
        const nodes: TreeNode[] = [...pages.folders, ...pages.nodes, ...moreRow(t, owner, pages, () => this.moreNode(owner, pages))];
        // no uploads and no collections: said (collections holding them say nothing)
        if (pages.nodes.length === 0 && pages.folders.length === 0) {
          const media = mediaOfNode(owner);
          const label =
            owner.kind === 'uploadCollection'
              ? t('No uploads in this collection')
              : isEmptyMediaQuery(media.query)
                ? t('No uploads')
                : t('No uploads match this query');
          nodes.push(emptyNode(owner, label));
        }
        return nodes;
      },
    );
  }

  /** The next page of the Media node or a collection. */
  loadMore(more: UploadsMoreNode): Promise<void> {
    const owner = more.owner;
    return loadNextPage(
      this.pages.get(owner.id),
      async (pages) => {
        const next = this.host.pageSize();
        if (!pages.all) {
          const page = await this.places.page(await this.sourceOf(owner), pages.nodes.length, next);
          pages.total = page.total;
          if (page.all) pages.all = page.all;
          else {
            const known = new Set(pages.nodes.map((n) => n.upload.id));
            pages.nodes.push(...page.uploads.filter((u) => !known.has(u.id)).map((u) => this.uploadNode(owner, u)));
            return;
          }
        }
        pages.nodes = pages.all.slice(0, pages.nodes.length + next).map((u) => this.uploadNode(owner, u));
      },
      () => this.host.tree.fire(owner),
    );
  }

  forget(id?: string): void {
    const inside = (key: string) => id === undefined || key === id || key.startsWith(`${id}/`);
    for (const cache of [this.pages, this.loading]) for (const key of [...cache.keys()]) if (inside(key)) cache.delete(key);
    // a media node, or anything inside it, read again: its collections and their uploads are read again too
    for (const key of [...this.media.keys()]) if (inside(key) || (id !== undefined && id.startsWith(`${key}/`))) this.media.delete(key);
    // where uploads are used may have changed with anything read again
    this.uses.clear();
  }

  /** How many uploads the Media node (or a collection) has loaded and how many there are, once its first page loaded. */
  counts(owner: Owner): { loaded: number; total: number } | undefined {
    const pages = this.pages.get(owner.id);
    return pages && { loaded: pages.nodes.length, total: pages.total };
  }

  look(node: MediaRow): MediaLook {
    const { t } = this.host;
    switch (node.kind) {
      case 'media': {
        const counts = this.counts(node);
        const description = [
          describeMediaQuery(t, node.query, this.numbers),
          counts && matchCount({ t, numbers: this.numbers }, counts.total),
        ];
        return { description: description.filter(Boolean).join(' · '), icon: { id: 'filter' }, flags: ['query'] };
      }
      case 'uploadCollection': {
        const counts = this.counts(node);
        return {
          ...(counts ? { description: counts.total === 1 ? t('1 upload') : t('{0} uploads', this.numbers.format(counts.total)) } : {}),
          tooltip: `**${escapeMarkdown(node.label)}**\n\n${t('A collection of the media area')}`,
          icon: { id: 'folder' },
          flags: [],
        };
      }
      case 'uploadsMore':
        return { icon: { id: 'more' }, flags: [] };
      case 'upload': {
        const locales = this.media.get(node.media.id)?.locales ?? [];
        const image = Upload.isImage(node.upload);
        const noAlt = image && locales.length > 0 && missingAlt(node.upload, locales.slice(0, 1)).length > 0;
        return {
          description: uploadDescription(node.upload, this.numbers),
          icon: { id: kindIcon(fileKind(node.upload)), ...(noAlt ? { color: 'list.warningForeground' } : {}) },
          flags: [image ? 'image' : '', noAlt ? 'noAlt' : ''].filter(Boolean),
        };
      }
    }
  }

  async tooltip(node: UploadNode): Promise<string> {
    const { t } = this.host;
    const upload = node.upload;
    const data = await this.host.tree.dataOf(node);
    const site = await data.site();
    const locales = localesOf(site);
    const facts = [uploadDescription(upload, this.numbers), Upload.mimeType(upload)].filter(Boolean).join(' · ');
    const lines = [`**${escapeMarkdown(Upload.filename(upload))}**`, escapeMarkdown(facts)];
    const preview = thumbnailUrl(upload, Site.imgixHost(site));
    if (preview) lines.push(`![${escapeMarkdown(Upload.filename(upload))}](${preview})`);
    if (Upload.isImage(upload)) {
      const alts = Upload.alts(upload);
      const missing = missingAlt(upload, locales);
      const described = locales.filter((l) => alts[l] !== undefined).map((l) => `${l}: ${escapeMarkdown(alts[l]!)}`);
      if (described.length) lines.push(t('Alt text: {0}', described.join(' · ')));
      // the tree's hovers show no icons: a `$(warning)` would show as typed
      if (missing.length) lines.push(`⚠ ${t('No alt text in {0}', missing.join(', '))}`);
    }
    if (Upload.tags(upload).length) lines.push(t('Tags: {0}', Upload.tags(upload).map(escapeMarkdown).join(', ')));
    const used = await this.useCount(node).catch(() => undefined);
    lines.push(
      used === undefined
        ? t('Where it is used could not be read')
        : used === 0
          ? t('Not used by any record')
          : used === 1
            ? t('Used by 1 record')
            : t('Used by {0} records', this.numbers.format(used)),
    );
    lines.push(t('Drag it, holding Shift, onto a file or gallery value in a record’s document to insert it.'));
    lines.push(t('Upload {0}', `\`${upload.id}\``));
    return lines.join('\n\n');
  }

  /** How many records use the upload (one request, then remembered until a refresh). */
  useCount(node: UploadNode): Promise<number> {
    const key = `${node.projectKey}/${node.environment}/${node.upload.id}`;
    let counting = this.uses.get(key);
    if (!counting) {
      // the records whose current or published version holds it: those that keep DatoCMS from deleting it
      counting = this.host.tree
        .dataOf(node)
        .then(async (data) => (await data.client.uploads.references(node.upload.id, { version: 'published-or-current' })).length);
      counting.catch(() => this.uses.delete(key));
      this.uses.set(key, counting);
    }
    return counting;
  }

  uploadChanged(upload: Resource<'upload'>): void {
    for (const pages of this.pages.values()) {
      for (const node of pages.nodes) {
        if (node.upload.id !== upload.id) continue;
        const moved = Upload.collectionId(node.upload) !== Upload.collectionId(upload);
        node.upload = upload;
        node.label = Upload.filename(upload);
        if (moved) void this.host.tree.refresh(node.media);
        else this.host.tree.fire(node);
      }
    }
  }

  /** Every loaded row of an upload (its Media node's pages and its collection's). */
  nodesOf(where: { project: string; environment: string }, uploadId: string): UploadNode[] {
    return [...this.pages.values()].flatMap((pages) =>
      pages.nodes.filter((n) => n.projectKey === where.project && n.environment === where.environment && n.upload.id === uploadId),
    );
  }

  private firstPage(owner: Owner): Promise<Pages> {
    let loading = this.loading.get(owner.id);
    if (!loading) {
      const query = mediaOfNode(owner).query;
      loading = (owner.kind === 'media' ? this.mediaPage(owner) : this.collectionPage(owner)).then((pages) => {
        // a query changed while this page loaded must not get the old query's page
        if (mediaOfNode(owner).query === query && this.loading.get(owner.id) === loading) this.pages.set(owner.id, pages);
        if (owner.kind === 'media' && !isEmptyMediaQuery(query)) queueMicrotask(() => this.host.tree.fire(owner));
        return pages;
      });
      this.loading.set(owner.id, loading);
      const settled = () => this.loading.get(owner.id) === loading && this.loading.delete(owner.id);
      loading.then(settled, settled);
    }
    return loading;
  }

  /**
   * The Media node's first page: its top collections and the first uploads in none, in two requests at once; under a
   * query, the first of every upload that matches (one request).
   */
  private async mediaPage(media: MediaNode): Promise<Pages> {
    const data = await this.host.tree.dataOf(media);
    const state = this.stateOf(media);
    const flat = !isEmptyMediaQuery(media.query);
    const [collections, page, site] = await Promise.all([
      flat ? [] : this.collectionsOf(state, data),
      this.places.page(await this.sourceOf(media), 0, this.host.pageSize()),
      data.site(),
    ]);
    state.locales = localesOf(site);
    return { folders: this.folders(media, media, collections, null), ...this.rowsOf(media, page) };
  }

  /** A collection's first page: its sub-collections (known from the Media node) and its first uploads, one request. */
  private async collectionPage(folder: UploadCollectionNode): Promise<Pages> {
    const data = await this.host.tree.dataOf(folder);
    const [collections, page] = await Promise.all([
      this.collectionsOf(this.stateOf(folder.media), data),
      this.places.page(await this.sourceOf(folder), 0, this.host.pageSize()),
    ]);
    return { folders: this.folders(folder, folder.media, collections, folder.collection.id), ...this.rowsOf(folder, page) };
  }

  private rowsOf(owner: Owner, page: { uploads: Resource<'upload'>[]; total: number; all?: Resource<'upload'>[] }) {
    return {
      nodes: page.uploads.map((upload) => this.uploadNode(owner, upload)),
      total: page.total,
      all: page.all,
    };
  }

  /** Where a row's uploads come from: its place in the media area, and the one pass its Media node shares. */
  private async sourceOf(owner: Owner): Promise<PlaceSource> {
    const media = mediaOfNode(owner);
    const data = await this.host.tree.dataOf(owner);
    return {
      uploads: data.client.uploads,
      key: `${owner.projectKey}@${owner.environment}`,
      query: media.query,
      // under a query the Media node lists every match, wherever it is
      collectionId: owner.kind === 'uploadCollection' ? owner.collection.id : isEmptyMediaQuery(media.query) ? null : undefined,
      scan: () => {
        const state = this.stateOf(media);
        if (!state.byCollection) {
          const scanning = scanByCollection(data.client.uploads, media.query);
          scanning.catch(() => state.byCollection === scanning && (state.byCollection = undefined));
          state.byCollection = scanning;
        }
        return state.byCollection;
      },
    };
  }

  private stateOf(media: MediaNode): MediaState {
    let state = this.media.get(media.id);
    if (!state) this.media.set(media.id, (state = { locales: [] }));
    return state;
  }

  /** The collections, read once per Media node (again after a failure). */
  private collectionsOf(state: MediaState, data: ProjectData): Promise<Resource<'upload_collection'>[]> {
    if (!state.collections) {
      const reading = data.client.media.collections.list();
      reading.catch(() => state.collections === reading && (state.collections = undefined));
      state.collections = reading;
    }
    return state.collections;
  }

  private folders(
    parent: Owner,
    media: MediaNode,
    collections: Resource<'upload_collection'>[],
    parentId: string | null,
  ): UploadCollectionNode[] {
    return collections
      .filter((c) => UploadCollection.parentId(c) === parentId)
      .sort((a, b) => UploadCollection.position(a) - UploadCollection.position(b))
      .map((collection) => ({
        kind: 'uploadCollection',
        id: `${parent.id}/c:${collection.id}`,
        parent,
        projectKey: parent.projectKey,
        environment: parent.environment,
        media,
        collection,
        label: UploadCollection.label(collection),
      }));
  }

  private uploadNode(owner: Owner, upload: Resource<'upload'>): UploadNode {
    return {
      kind: 'upload',
      id: `${owner.id}/u:${upload.id}`,
      parent: owner,
      projectKey: owner.projectKey,
      environment: owner.environment,
      media: mediaOfNode(owner),
      upload,
      label: Upload.filename(upload),
      ref: { project: owner.projectKey, environment: owner.environment, kind: 'upload', id: upload.id },
    };
  }

  private moreNode(owner: Owner, pages: Pages): UploadsMoreNode {
    return {
      kind: 'uploadsMore',
      id: `${owner.id}/more`,
      parent: owner,
      projectKey: owner.projectKey,
      environment: owner.environment,
      owner,
      loaded: pages.nodes.length,
      total: pages.total,
      label: loadMoreLabel({ t: this.host.t, numbers: this.numbers }, pages.nodes.length, pages.total),
    };
  }
}

export const mediaOfNode = (node: Owner): MediaNode => (node.kind === 'media' ? node : node.media);

/** `12.3 MB` for a sum of upload sizes. */
export function totalSize(uploads: readonly Resource<'upload'>[], numbers: Intl.NumberFormat): string {
  return formatSize(
    uploads.reduce((sum, upload) => sum + (Upload.size(upload) ?? 0), 0),
    numbers,
  );
}
