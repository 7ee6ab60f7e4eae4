// How each node of the tree looks: its description, hover (Markdown), icon and context value. provider.ts turns
// this into TreeItems; nothing here touches VS Code, so what the user reads is tested in plain Node.
//
// A context value is the node's kind, then its state as flags, space-separated: `record published drafts
// scheduledUnpublishing`, `environment sandbox ready active`. Menus select on them uniformly:
// `viewItem =~ /^record\b/ && viewItem =~ /\bpublished\b/`. CONTEXT_FLAGS lists every flag each kind can carry, so a
// test can check each menu's when clause against every context value there can be.
import type { Resource } from '../cma';
import { statusOf } from '../domain/resources';
import { Field, Model, Webhook } from '../domain/views';
import { fieldCount, matchCount, type TreeWords } from './labels';
import type { EnvironmentNode, ModelNode, RecordsNode, TreeNode } from './nodes';
import { describeQuery, isEmptyQuery } from './recordQuery';
import type { MediaLook, MediaRow } from './mediaBranch';
import { isEmptyMediaQuery } from './mediaQuery';
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

export interface Presentation {
  label: string;
  description?: string;
  /** Markdown; undefined when the label says it all */
  icon: Icon;
  contextValue: string;
}

/** What the presenter reads of the model's state (counts known once a page loaded). */
export interface PresenterState {
  recordCounts(records: RecordsNode): { loaded: number; total: number } | undefined;
  /** how many records the model's Records query matched, once its first page loaded */
  recordTotal(model: ModelNode): number | undefined;
  /** how a row of the media branch looks (the media feature says; undefined before it loaded) */
  mediaLook?(node: MediaRow): MediaLook | undefined;
}

type Kind = TreeNode['kind'];

const isMediaRow = (node: TreeNode): node is MediaRow => ['media', 'uploadCollection', 'upload', 'uploadsMore'].includes(node.kind);

/**
 * The flags each kind can carry, in groups: a context value is the kind, then at most one flag of each group, in
 * this order.
 */
export const CONTEXT_FLAGS: Record<Kind, readonly (readonly string[])[]> = {
  project: [],
  models: [],
  blockModels: [],
  webhooks: [],
  environments: [['maintenanceOn', 'maintenanceOff']],
  model: [['block']],
  fields: [],
  fieldset: [],
  field: [['first'], ['last']],
  // `filters`: its query has filter conditions (one can be removed)
  records: [['query'], ['filters']],
  // `drafts`: its model has draft mode (without it a record is published at every save, and cannot be unpublished)
  record: [['draft', 'updated', 'published'], ['drafts'], ['scheduledPublication'], ['scheduledUnpublishing']],
  loadMore: [],
  webhook: [['disabled']],
  environment: [['primary', 'sandbox'], ['ready', 'creating', 'destroying'], ['active']],
  error: [['signIn']],
  empty: [],
  media: [['query']],
  uploadCollection: [],
  // `image`: an image (alt text, focal point); `noAlt`: an image without alt text in the main locale
  upload: [['image'], ['noAlt']],
  uploadsMore: [],
};

/** Every context value the presenter can give (each kind with each combination of its flags). */
export function allContextValues(): string[] {
  const values: string[] = [];
  for (const [kind, groups] of Object.entries(CONTEXT_FLAGS)) {
    let combos: string[][] = [[kind]];
    for (const group of groups) combos = combos.flatMap((combo) => [combo, ...group.map((flag) => [...combo, flag])]);
    values.push(...combos.map((combo) => combo.join(' ')));
  }
  return values;
}

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

const environmentIsPrimary = (environment: Resource<'environment'>): boolean => environment.meta['primary'] === true;
const environmentStatus = (environment: Resource<'environment'>): string =>
  typeof environment.meta['status'] === 'string' ? environment.meta['status'] : 'ready';

export class TreePresenter {
  private made: TooltipFormat | undefined;

  constructor(
    private readonly state: PresenterState,
    /** made on first use: Intl formatters cost milliseconds to build, too many for activation */
    private readonly makeFormat: () => TooltipFormat,
  ) {}

  private get format(): TooltipFormat {
    return (this.made ??= this.makeFormat());
  }

  /** How a node looks in the list; its hover is `tooltip(node)`, asked when the user hovers it. */
  present(node: TreeNode): Presentation {
    const description = this.description(node);
    return {
      label: node.label,
      ...(description ? { description } : {}),
      icon: this.icon(node),
      contextValue: this.contextValue(node),
    };
  }

  contextValue(node: TreeNode): string {
    const flags: (string | false | undefined)[] = [];
    switch (node.kind) {
      case 'environments':
        flags.push(node.maintenance === undefined ? undefined : node.maintenance ? 'maintenanceOn' : 'maintenanceOff');
        break;
      case 'model':
        flags.push(Model.isBlock(node.itemType) && 'block');
        break;
      case 'field':
        flags.push(node.first && 'first', node.last && 'last');
        break;
      case 'records':
        flags.push(!isEmptyQuery(node.query) && 'query', !!node.query.filters?.length && 'filters');
        break;
      case 'record': {
        const meta = node.record.meta;
        flags.push(
          typeof meta['status'] === 'string' ? meta['status'] : undefined,
          Model.hasDraftMode(node.model.itemType) && 'drafts',
          !!meta['publication_scheduled_at'] && 'scheduledPublication',
          !!meta['unpublishing_scheduled_at'] && 'scheduledUnpublishing',
        );
        break;
      }
      case 'webhook':
        flags.push(!Webhook.isEnabled(node.webhook) && 'disabled');
        break;
      case 'environment':
        flags.push(environmentIsPrimary(node.resource) ? 'primary' : 'sandbox', environmentStatus(node.resource), node.active && 'active');
        break;
      case 'error':
        flags.push(node.action === 'signIn' && 'signIn');
        break;
      default:
        if (isMediaRow(node)) flags.push(...(this.media(node)?.flags ?? []));
    }
    // only the flags the kind declares: a value outside them (an unknown status) must not reach a menu
    const known = new Set(CONTEXT_FLAGS[node.kind].flat());
    return [node.kind, ...flags.filter((flag): flag is string => typeof flag === 'string' && known.has(flag))].join(' ');
  }

  description(node: TreeNode): string | undefined {
    const { t } = this.format;
    switch (node.kind) {
      case 'project':
        return node.environment;
      case 'environments':
        return node.maintenance ? t('maintenance mode on') : undefined;
      case 'model':
        return Model.apiKey(node.itemType);
      case 'fields':
        return fieldCount(this.words, node.count);
      case 'fieldset':
        return fieldCount(this.words, node.fields.length);
      case 'field':
        return `${Field.apiKey(node.field)} · ${Field.type(node.field)}`;
      case 'records': {
        if (isEmptyQuery(node.query)) return undefined;
        const counts = this.state.recordCounts(node);
        // a search or filter says how many records it found
        const found = counts && (node.query.search || node.query.filters?.length) ? matchCount(this.words, counts.total) : undefined;
        return [describeQuery(node.query), found].filter(Boolean).join(' · ');
      }
      case 'record':
        // `published · invalid · unpublishes 2030-01-31 09:00`
        return statusOf(node.record, this.format.dates(node.projectKey).short);
      case 'webhook': {
        const url = Webhook.url(node.webhook);
        return Webhook.isEnabled(node.webhook) ? url : t('disabled · {0}', url);
      }
      case 'environment':
        return this.environmentDescription(node);
      default:
        return isMediaRow(node) ? this.media(node)?.description : undefined;
    }
  }

  tooltip(node: TreeNode): string | undefined {
    const format = this.format;
    const { t } = format;
    switch (node.kind) {
      case 'project':
        return [
          `**${escapeMarkdown(node.project.name)}**`,
          escapeMarkdown(node.project.internalDomain ?? node.project.baseUrl),
          t('Environment: {0}', escapeMarkdown(node.environment)),
        ].join('\n\n');
      case 'model':
        return modelTooltip(node.itemType, this.state.recordTotal(node), format);
      case 'fieldset':
        return fieldsetTooltip(node.fieldset, node.model.itemType, node.fields, format);
      case 'field':
        return fieldTooltip(node.field, format);
      case 'record':
        return recordTooltip(node.record, node.label, node.coverage, format, format.dates(node.projectKey));
      case 'webhook':
        return webhookTooltip(node.webhook, format);
      case 'records':
        return recordsTooltip(node.model.label, node.query, this.state.recordCounts(node), format);
      case 'environment':
        return this.environmentTooltip(node);
      case 'error':
        return escapeMarkdown(node.label);
      default:
        // an upload's hover is made when first hovered (it counts its uses)
        return isMediaRow(node) && node.kind !== 'upload' ? this.media(node)?.tooltip : undefined;
    }
  }

  icon(node: TreeNode): Icon {
    switch (node.kind) {
      case 'project':
        return { id: 'database' };
      case 'models':
        return { id: 'symbol-class' };
      case 'blockModels':
        return { id: 'extensions' };
      case 'webhooks':
        return { id: 'broadcast' };
      case 'environments':
        return { id: 'server-environment' };
      case 'environment':
        return {
          id: environmentStatus(node.resource) !== 'ready' ? 'loading~spin' : environmentIsPrimary(node.resource) ? 'database' : 'beaker',
        };
      case 'model':
        if (Model.isBlock(node.itemType)) return { id: 'symbol-module' };
        return { id: Model.isSingleton(node.itemType) ? 'symbol-constant' : 'symbol-class' };
      case 'fields':
        return { id: 'symbol-field' };
      case 'fieldset':
        return { id: 'folder' };
      case 'field':
        return { id: FIELD_ICONS[Field.type(node.field)] ?? 'symbol-field' };
      case 'records':
        return { id: isEmptyQuery(node.query) ? 'list-flat' : 'filter' };
      case 'record':
        return RECORD_ICONS[String(node.record.meta['status'])] ?? RECORD_ICONS['published']!;
      case 'loadMore':
        return { id: 'more' };
      case 'webhook':
        return { id: Webhook.isEnabled(node.webhook) ? 'plug' : 'debug-disconnect' };
      case 'error':
        return { id: 'error', color: 'errorForeground' };
      case 'empty':
        return { id: 'info' };
      default:
        return this.media(node)?.icon ?? { id: 'file-media' };
    }
  }

  /** The Media node without a query looks the same whether the media feature was loaded or not: it is not loaded for it. */
  private media(node: MediaRow): MediaLook | undefined {
    return node.kind === 'media' && isEmptyMediaQuery(node.query) ? undefined : this.state.mediaLook?.(node);
  }

  private get words(): TreeWords {
    return { t: this.format.t, numbers: this.format.numbers };
  }

  private environmentDescription(node: EnvironmentNode): string {
    const { t } = this.format;
    const environment = node.resource;
    const status = environmentStatus(environment);
    const percentage = environment.meta['fork_completion_percentage'];
    const statusText =
      status === 'creating' && typeof percentage === 'number'
        ? t('creating {0}%', percentage)
        : status === 'creating'
          ? t('creating')
          : t('destroying');
    return [
      environmentIsPrimary(environment) ? t('primary') : t('sandbox'),
      status === 'ready' ? undefined : statusText,
      environment.meta['read_only_mode'] === true ? t('read-only') : undefined,
      node.active ? t('active') : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  }

  private environmentTooltip(node: EnvironmentNode): string {
    const { t } = this.format;
    const when = this.format.dates(node.projectKey);
    const environment = node.resource;
    const meta = environment.meta;
    const lines = [
      `**${escapeMarkdown(environment.id)}** — ${environmentIsPrimary(environment) ? t('primary environment') : t('sandbox environment')}`,
      t('Status: {0}', environmentStatus(environment)),
      typeof meta['forked_from'] === 'string' ? t('Forked from: {0}', escapeMarkdown(meta['forked_from'])) : undefined,
      typeof meta['created_at'] === 'string' ? t('Created: {0}', when.exact(meta['created_at'])) : undefined,
      typeof meta['last_data_change_at'] === 'string' ? t('Last change: {0}', when.exact(meta['last_data_change_at'])) : undefined,
      meta['read_only_mode'] === true ? t('Read-only (a fast fork of it is running, or maintenance mode is on)') : undefined,
      node.active ? t('The tree shows this environment.') : undefined,
    ];
    return lines.filter(Boolean).join('\n\n');
  }
}
