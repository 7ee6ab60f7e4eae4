// How each kind of node looks, one row per kind: the flags of its context value (and every flag it can carry),
// its description, hover and icon. A new kind of node is one row here; the Media rows take their look from the
// media branch. No vscode import.
import { statusOf } from '../domain/resources';
import { Field, Model, Webhook } from '../domain/views';
import { environmentDescription, environmentIsPrimary, environmentStatus, environmentTooltip } from './environmentLook';
import { fieldCount, matchCount, type TreeWords } from './labels';
import type { MediaLook, MediaRow } from './mediaBranch';
import type { ModelNode, RecordsNode, TreeNode } from './nodes';
import { describeQuery, isEmptyQuery } from '../listing';
import {
  escapeMarkdown,
  fieldsetTooltip,
  fieldTooltip,
  modelTooltip,
  recordsTooltip,
  recordTooltip,
  webhookTooltip,
  type TooltipFormat,
} from './tooltips';

/** A codicon, and the theme colour it is drawn in. */
export interface Icon {
  id: string;
  color?: string;
}

/** What the presenter reads of the model's state (counts known once a page loaded). */
export interface PresenterState {
  recordCounts(records: RecordsNode): { loaded: number; total: number } | undefined;
  /** how many records the model's Records query matched, once its first page loaded */
  recordTotal(model: ModelNode): number | undefined;
  /** how a row of the media branch looks (the media feature says; undefined before it loaded) */
  mediaLook?(node: MediaRow): MediaLook | undefined;
}

/** What a look is drawn with. */
export interface LookContext {
  state: PresenterState;
  format: TooltipFormat;
  words: TreeWords;
  /** a Media row's look (undefined: the Media node without a query, which looks the same loaded or not) */
  media(node: MediaRow): MediaLook | undefined;
}

type Flag = string | false | undefined;

export interface Look<N extends TreeNode> {
  /** the flags it can carry, in groups: at most one of each group, in this order */
  flagGroups: readonly (readonly string[])[];
  flags?(node: N, c: LookContext): Flag[];
  description?(node: N, c: LookContext): string | undefined;
  /** Markdown; undefined when the label says it all */
  tooltip?(node: N, c: LookContext): string | undefined;
  icon(node: N, c: LookContext): Icon;
}

type Kind = TreeNode['kind'];
/** The node of kind K (a node type may stand for several kinds: the sections). */
type NodeOf<K extends Kind> = TreeNode extends infer N ? (N extends { kind: infer NK } ? (K extends NK ? N : never) : never) : never;

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

const RECORD_ICONS: Record<string, Icon> = {
  draft: { id: 'circle-outline', color: 'charts.yellow' },
  updated: { id: 'circle-filled', color: 'charts.blue' },
  published: { id: 'circle-filled', color: 'charts.green' },
};

const plain = (id: string) => ({ flagGroups: [], icon: () => ({ id }) });

/** A row of the media branch: the media feature says how it looks. */
const mediaRow = <N extends MediaRow>(flagGroups: readonly (readonly string[])[], hover: boolean): Look<N> => ({
  flagGroups,
  flags: (node, c) => c.media(node)?.flags ?? [],
  description: (node, c) => c.media(node)?.description,
  // an upload's hover is made when first hovered (it counts its uses)
  ...(hover ? { tooltip: (node: N, c: LookContext) => c.media(node)?.tooltip } : {}),
  icon: (node, c) => c.media(node)?.icon ?? { id: 'file-media' },
});

export const LOOKS: { readonly [K in Kind]: Look<NodeOf<K>> } = {
  project: {
    flagGroups: [],
    description: (node) => node.environment,
    tooltip: (node, { format: { t } }) =>
      [
        `**${escapeMarkdown(node.project.name)}**`,
        escapeMarkdown(node.project.internalDomain ?? node.project.baseUrl),
        t('Environment: {0}', escapeMarkdown(node.environment)),
      ].join('\n\n'),
    icon: () => ({ id: 'database' }),
  },
  models: plain('symbol-class'),
  blockModels: plain('extensions'),
  webhooks: plain('broadcast'),
  environments: {
    flagGroups: [['maintenanceOn', 'maintenanceOff']],
    flags: (node) => [node.maintenance === undefined ? undefined : node.maintenance ? 'maintenanceOn' : 'maintenanceOff'],
    description: (node, { format: { t } }) => (node.maintenance ? t('maintenance mode on') : undefined),
    icon: () => ({ id: 'server-environment' }),
  },
  model: {
    flagGroups: [['block']],
    flags: (node) => [Model.isBlock(node.itemType) && 'block'],
    description: (node) => Model.apiKey(node.itemType),
    tooltip: (node, c) => modelTooltip(node.itemType, c.state.recordTotal(node), c.format),
    icon: (node) =>
      Model.isBlock(node.itemType)
        ? { id: 'symbol-module' }
        : { id: Model.isSingleton(node.itemType) ? 'symbol-constant' : 'symbol-class' },
  },
  fields: { ...plain('symbol-field'), description: (node, c) => fieldCount(c.words, node.count) },
  fieldset: {
    flagGroups: [],
    description: (node, c) => fieldCount(c.words, node.fields.length),
    tooltip: (node, c) => fieldsetTooltip(node.fieldset, node.model.itemType, node.fields, c.format),
    icon: () => ({ id: 'folder' }),
  },
  field: {
    flagGroups: [['first'], ['last']],
    flags: (node) => [node.first && 'first', node.last && 'last'],
    description: (node) => `${Field.apiKey(node.field)} · ${Field.type(node.field)}`,
    tooltip: (node, c) => fieldTooltip(node.field, c.format),
    icon: (node) => ({ id: FIELD_ICONS[Field.type(node.field)] ?? 'symbol-field' }),
  },
  // `filters`: its query has filter conditions (one can be removed)
  records: {
    flagGroups: [['query'], ['filters']],
    flags: (node) => [!isEmptyQuery(node.query) && 'query', !!node.query.filters?.length && 'filters'],
    description(node, c) {
      if (isEmptyQuery(node.query)) return undefined;
      const counts = c.state.recordCounts(node);
      // a search or filter says how many records it found
      const found = counts && (node.query.search || node.query.filters?.length) ? matchCount(c.words, counts.total) : undefined;
      return [describeQuery(node.query), found].filter(Boolean).join(' · ');
    },
    tooltip: (node, c) => recordsTooltip(node.model.label, node.query, c.state.recordCounts(node), c.format),
    icon: (node) => ({ id: isEmptyQuery(node.query) ? 'list-flat' : 'filter' }),
  },
  // `drafts`: its model has draft mode (without it a record is published at every save, and cannot be unpublished)
  record: {
    flagGroups: [['draft', 'updated', 'published'], ['drafts'], ['scheduledPublication'], ['scheduledUnpublishing']],
    flags: ({ record: { meta }, model }) => [
      typeof meta['status'] === 'string' ? meta['status'] : undefined,
      Model.hasDraftMode(model.itemType) && 'drafts',
      !!meta['publication_scheduled_at'] && 'scheduledPublication',
      !!meta['unpublishing_scheduled_at'] && 'scheduledUnpublishing',
    ],
    // `published · invalid · unpublishes 2030-01-31 09:00`
    description: (node, c) => statusOf(node.record, c.format.dates(node.projectKey).short),
    tooltip: (node, { format }) => recordTooltip(node.record, node.label, node.coverage, format, format.dates(node.projectKey)),
    icon: (node) => RECORD_ICONS[String(node.record.meta['status'])] ?? RECORD_ICONS['published']!,
  },
  loadMore: plain('more'),
  webhook: {
    flagGroups: [['disabled']],
    flags: (node) => [!Webhook.isEnabled(node.webhook) && 'disabled'],
    description(node, { format: { t } }) {
      const url = Webhook.url(node.webhook);
      return Webhook.isEnabled(node.webhook) ? url : t('disabled · {0}', url);
    },
    tooltip: (node, c) => webhookTooltip(node.webhook, c.format),
    icon: (node) => ({ id: Webhook.isEnabled(node.webhook) ? 'plug' : 'debug-disconnect' }),
  },
  environment: {
    flagGroups: [['primary', 'sandbox'], ['ready', 'creating', 'destroying'], ['active']],
    flags: (node) => [
      environmentIsPrimary(node.resource) ? 'primary' : 'sandbox',
      environmentStatus(node.resource),
      node.active && 'active',
    ],
    description: (node, c) => environmentDescription(node, c.format),
    tooltip: (node, c) => environmentTooltip(node, c.format),
    icon: (node) => ({
      id: environmentStatus(node.resource) !== 'ready' ? 'loading~spin' : environmentIsPrimary(node.resource) ? 'database' : 'beaker',
    }),
  },
  error: {
    flagGroups: [['signIn']],
    flags: (node) => [node.action === 'signIn' && 'signIn'],
    tooltip: (node) => escapeMarkdown(node.label),
    icon: () => ({ id: 'error', color: 'errorForeground' }),
  },
  empty: plain('info'),
  media: mediaRow([['query']], true),
  uploadCollection: mediaRow([], true),
  // `image`: an image (alt text, focal point); `noAlt`: an image without alt text in the main locale
  upload: mediaRow([['image'], ['noAlt']], false),
  uploadsMore: mediaRow([], true),
};

/** The row of `node`'s kind (its functions take any node of that kind). */
export const lookOf = (node: TreeNode): Look<TreeNode> => LOOKS[node.kind];
