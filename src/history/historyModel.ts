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

/** The units a version's age is told in, largest first, with their length in seconds. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];
/** Under a minute, ages read in steps of this many seconds ("now", "10 seconds ago"…): a label holds for a while. */
const SECONDS_STEP = 10;

/** A version's age as the view tells it: a unit and a count (negative: in the past), for Intl.RelativeTimeFormat. */
export function relativeAge(iso: string, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } | undefined {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return undefined;
  const seconds = (now - time) / 1000;
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return { value: -Math.round(seconds / size), unit };
  const steps = Math.floor(Math.max(0, seconds) / SECONDS_STEP) * SECONDS_STEP;
  return { value: -steps, unit: 'second' };
}

/** The longest wait before a redraw: a timer cannot wait 2^31 ms (Node then fires at once, again and again). */
export const LONGEST_AGE_WAIT_MS = 86_400_000;

/**
 * How long until one of these ages reads differently (ms; at most a day), undefined when none is a date. The view
 * redraws then, rather than on a fixed beat: a history of old versions redraws rarely, one just saved every ten seconds.
 */
export function nextAgeChange(isos: readonly string[], now: number): number | undefined {
  let soonest: number | undefined;
  for (const iso of isos) {
    const label = relativeAge(iso, now);
    if (!label) continue;
    // the first moment (to the second) the age reads otherwise; ages only grow, so the search runs forward
    const wait = firstChange(iso, now, label);
    soonest = Math.min(soonest ?? LONGEST_AGE_WAIT_MS, wait);
  }
  return soonest;
}

function firstChange(iso: string, now: number, label: { value: number; unit: string }): number {
  const differs = (ms: number) => {
    const later = relativeAge(iso, now + ms)!;
    return later.unit !== label.unit || later.value !== label.value;
  };
  // doubling then halving: a few dozen label computations, whatever the age
  let high = 1000;
  while (!differs(high) && high < 400 * 86_400_000) high *= 2;
  let low = high / 2 < 1000 ? 0 : high / 2;
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2);
    if (differs(middle)) high = middle;
    else low = middle;
  }
  return high;
}
