// Hover text of the tree's nodes, as Markdown: what a person wants to know about a model, field,
// record, webhook or the Records query without opening it. Never a `datocms:` path (that is an
// implementation detail). Everything taken from DatoCMS is escaped. No vscode import.
import type { Resource } from '../cma';
import { Field, Fieldset, Model, Webhook } from '../domain/views';
import type { Dates } from '../platform/dates';
import type { Translate } from '../platform/translate';
import { describeFilter, describeOrder, type RecordQuery } from '../listing';

export interface TooltipFormat {
  t: Translate;
  numbers: Intl.NumberFormat;
  /** how a project's moments read (in its time zone) */
  dates(projectKey: string): Dates;
}

/** Which of the project's locales hold a value in any localized field of a record. */
export interface LocaleCoverage {
  present: string[];
  all: string[];
}

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|<>~&]/g;

/** Text shown literally in Markdown (no emphasis, links or HTML from a record's content). */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
}

/** Lines with a hard break between them, a blank line between the heading and the rest. */
function tooltip(heading: string, lines: (string | undefined)[]): string {
  const body = lines.filter((l): l is string => l !== undefined && l !== '');
  return body.length ? `**${heading}**\n\n${body.join('  \n')}` : `**${heading}**`;
}

function yesNo(t: Translate, value: boolean): string {
  return value ? t('yes') : t('no');
}

function hintLine(t: Translate, hint: unknown): string | undefined {
  return typeof hint === 'string' && hint.trim() !== '' ? t('Hint: {0}', escapeMarkdown(hint.trim())) : undefined;
}

export function modelTooltip(itemType: Resource<'item_type'>, recordCount: number | undefined, f: TooltipFormat): string {
  const { t } = f;
  const kind = Model.isBlock(itemType)
    ? t('Block model')
    : Model.isSingleton(itemType)
      ? t('Single-instance model')
      : Model.isTree(itemType)
        ? t('Tree model')
        : Model.isSortable(itemType)
          ? t('Sortable model')
          : t('Model');
  const fieldCount = Array.isArray(itemType.relationships['fields']?.data)
    ? (itemType.relationships['fields'].data as unknown[]).length
    : undefined;
  const counts = [
    fieldCount === undefined ? undefined : fieldCount === 1 ? t('1 field') : t('{0} fields', f.numbers.format(fieldCount)),
    recordCount === undefined ? undefined : recordCount === 1 ? t('1 record') : t('{0} records', f.numbers.format(recordCount)),
  ]
    .filter(Boolean)
    .join(' · ');
  // block models have no records of their own: drafts and locales are their records' business
  const block = Model.isBlock(itemType);
  const drafts = block
    ? undefined
    : Model.hasDraftMode(itemType)
      ? Model.savesInvalidDrafts(itemType)
        ? t('Drafts: yes, invalid drafts can be saved')
        : t('Drafts: yes')
      : t('Drafts: no (every save is published)');
  return tooltip(escapeMarkdown(Model.name(itemType)), [
    `${code(Model.apiKey(itemType))} · ${kind}`,
    counts,
    drafts,
    !block && Model.requiresAllLocales(itemType) ? t('Every locale required') : undefined,
    hintLine(t, Model.hint(itemType)),
  ]);
}

/** A fieldset: its model, its fields, whether it folds, its hint. */
export function fieldsetTooltip(
  fieldset: Resource<'fieldset'>,
  itemType: Resource<'item_type'>,
  fields: Resource<'field'>[],
  f: TooltipFormat,
): string {
  const { t } = f;
  const names = fields.map((field) => escapeMarkdown(Field.label(field)));
  const shown = names.length > 10 ? `${names.slice(0, 10).join(', ')}, …` : names.join(', ');
  const folding = Fieldset.isCollapsible(fieldset)
    ? Fieldset.startsCollapsed(fieldset)
      ? t('Collapsible, starts collapsed')
      : t('Collapsible')
    : undefined;
  return tooltip(escapeMarkdown(Fieldset.givenTitle(fieldset) ?? fieldset.id), [
    t('Fieldset of {0}', code(Model.apiKey(itemType))),
    names.length === 0
      ? t('No fields')
      : names.length === 1
        ? t('1 field: {0}', shown)
        : t('{0} fields: {1}', f.numbers.format(names.length), shown),
    folding,
    hintLine(t, Fieldset.hint(fieldset)),
  ]);
}

/** `required`, `length (min 3, max 80)`, `enum (values: draft, live)`. */
function describeValidators(validators: unknown): string[] {
  if (!validators || typeof validators !== 'object') return [];
  return Object.entries(validators as Record<string, unknown>).map(([name, params]) => {
    if (!params || typeof params !== 'object' || Array.isArray(params)) return name;
    const shown = Object.entries(params as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(
        ([k, v]) =>
          `${k} ${Array.isArray(v) ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
      );
    return shown.length ? `${name} (${shown.join(', ')})` : name;
  });
}

export function fieldTooltip(field: Resource<'field'>, f: TooltipFormat): string {
  const { t } = f;
  const validators = describeValidators(Field.validators(field));
  return tooltip(escapeMarkdown(Field.label(field)), [
    `${code(Field.apiKey(field))} · ${code(Field.type(field))}`,
    t('Localized: {0}', yesNo(t, Field.isLocalized(field))),
    t('Validators: {0}', validators.length ? validators.map(escapeMarkdown).join(', ') : t('none')),
    hintLine(t, Field.hint(field)),
  ]);
}

export function recordTooltip(
  record: Resource<'item'>,
  title: string,
  coverage: LocaleCoverage | undefined,
  f: TooltipFormat,
  when: Dates,
): string {
  const { t } = f;
  const status = typeof record.meta['status'] === 'string' ? record.meta['status'] : undefined;
  const updated = typeof record.meta['updated_at'] === 'string' ? record.meta['updated_at'] : undefined;
  const published = typeof record.meta['published_at'] === 'string' ? record.meta['published_at'] : undefined;
  return tooltip(escapeMarkdown(title), [
    `${t('ID')} ${code(record.id)}${status ? ` · ${escapeMarkdown(status)}` : ''}`,
    updated ? t('Updated {0}', when.exact(updated)) : undefined,
    published ? t('Published {0}', when.exact(published)) : undefined,
    coverage && coverage.all.length > 1
      ? t(
          'Locales: {0} ({1} of {2})',
          coverage.present.length ? coverage.present.join(', ') : t('none'),
          f.numbers.format(coverage.present.length),
          f.numbers.format(coverage.all.length),
        )
      : undefined,
  ]);
}

/** `item: create, update; upload: delete` from a webhook's `events`. */
function describeWebhookEvents(events: unknown): string {
  if (!Array.isArray(events) || events.length === 0) return '';
  return events
    .map(
      (e: { entity_type?: unknown; event_types?: unknown }) =>
        `${String(e.entity_type)}: ${Array.isArray(e.event_types) ? e.event_types.map(String).join(', ') : ''}`,
    )
    .join('; ');
}

export function webhookTooltip(webhook: Resource<'webhook'>, f: TooltipFormat): string {
  const { t } = f;
  const events = describeWebhookEvents(Webhook.events(webhook));
  return tooltip(escapeMarkdown(Webhook.name(webhook)), [
    t('URL: {0}', code(Webhook.url(webhook))),
    t('Events: {0}', events ? escapeMarkdown(events) : t('none')),
    t('Enabled: {0}', yesNo(t, Webhook.isEnabled(webhook))),
  ]);
}

/** The Records node: the model, how many records match, and the whole query, one part per line. */
export function recordsTooltip(
  modelName: string,
  query: RecordQuery,
  counts: { loaded: number; total: number } | undefined,
  f: TooltipFormat,
): string {
  const { t } = f;
  const lines: string[] = [];
  if (counts) lines.push(t('{0} loaded of {1}', f.numbers.format(counts.loaded), f.numbers.format(counts.total)));
  if (query.search) lines.push(t('Search: {0}', escapeMarkdown(`"${query.search}"`)));
  for (const filter of query.filters ?? []) lines.push(t('Filter: {0}', escapeMarkdown(describeFilter(filter))));
  if (query.order) lines.push(t('Order: {0}', escapeMarkdown(describeOrder(query.order).replace(/^order: /, ''))));
  if (query.locale) lines.push(t('Locale: {0}', escapeMarkdown(query.locale)));
  if (query.version) lines.push(t('Version: {0}', escapeMarkdown(query.version)));
  if (lines.length === (counts ? 1 : 0)) lines.push(t("All records, in the model's order"));
  return tooltip(t('Records of {0}', escapeMarkdown(modelName)), lines);
}

/** The locales filled in a record's localized fields (an empty string or null does not count). */
export function localeCoverage(record: Resource<'item'>, fields: Resource<'field'>[], locales: string[]): LocaleCoverage {
  const present = new Set<string>();
  for (const field of fields) {
    if (!Field.isLocalized(field)) continue;
    const value = record.attributes[Field.apiKey(field)];
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [locale, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) present.add(locale);
    }
  }
  return { present: locales.filter((l) => present.has(l)), all: locales };
}
