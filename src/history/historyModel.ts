// A record's version history without VS Code: its pages (newest first, 50 per request), who made each
// version, and a version as a record resource the document renderer can print.
import type { ItemVersionsResource, Resource, ResourceIdentifier } from '../cma';
import type { Translate } from '../platform/translate';

/** Versions asked for per request: the most DatoCMS serves. */
export const VERSIONS_PAGE_SIZE = 50;

export interface VersionEntry {
  id: string;
  createdAt: string;
  editor: ResourceIdentifier | undefined;
  isPublished: boolean;
  isCurrent: boolean;
}

export function versionEntry(version: Resource<'item_version'>): VersionEntry {
  const editor = version.relationships['editor']?.data;
  return {
    id: version.id,
    createdAt: typeof version.meta['created_at'] === 'string' ? version.meta['created_at'] : '',
    editor: editor && !Array.isArray(editor) ? editor : undefined,
    isPublished: version.meta['is_published'] === true,
    isCurrent: version.meta['is_current'] === true,
  };
}

/** The versions of one record loaded so far, newest first. */
export class VersionHistory {
  readonly entries: VersionEntry[] = [];
  total = 0;
  /** whether the first page came */
  loaded = false;

  constructor(
    private readonly versions: Pick<ItemVersionsResource, 'list'>,
    readonly itemId: string,
  ) {}

  get hasMore(): boolean {
    return !this.loaded || this.entries.length < this.total;
  }

  /** The next page; a version already listed (the history grew meanwhile) is not listed twice. */
  async loadMore(signal?: AbortSignal): Promise<void> {
    const page = await this.versions.list(
      this.itemId,
      { offset: this.entries.length, limit: VERSIONS_PAGE_SIZE },
      signal ? { signal } : {},
    );
    const seen = new Set(this.entries.map((e) => e.id));
    for (const version of page.data) if (!seen.has(version.id)) this.entries.push(versionEntry(version));
    this.total = Math.max(page.totalCount, this.entries.length);
    this.loaded = true;
    // a server that counts more than it serves must not leave a Load more that loads nothing
    if (page.data.length === 0) this.total = this.entries.length;
  }
}

/** Who made a version, as the API names it: "API token 90817", "user 1234"… */
export function editorLabel(t: Translate, editor: ResourceIdentifier | undefined): string {
  if (!editor) return t('unknown author');
  switch (editor.type) {
    case 'access_token':
      return t('API token {0}', editor.id);
    case 'account':
      return t('account {0}', editor.id);
    case 'user':
      return t('user {0}', editor.id);
    case 'sso_user':
      return t('SSO user {0}', editor.id);
    case 'organization':
      return t('organization {0}', editor.id);
    default:
      return `${editor.type} ${editor.id}`;
  }
}

/**
 * A version as the record it was (for the record's document format): the version's content, the record's
 * id and model, and the version's own facts under meta.
 */
export function versionAsRecord(version: Resource<'item_version'>): Resource<'item'> {
  const item = version.relationships['item']?.data;
  const itemType = version.relationships['item_type'];
  return {
    id: item && !Array.isArray(item) ? item.id : version.id,
    type: 'item',
    attributes: version.attributes,
    relationships: itemType ? { item_type: itemType } : {},
    meta: { version: version.id, ...version.meta },
  };
}
