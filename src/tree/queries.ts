// The Records node's query commands as Ui dialogues: search, filter by a field, order by, locale,
// version. Each returns the new query, or undefined when the user dismissed a step. No vscode import.
import type { Resource } from '../cma';
import { Field, Model } from '../domain/views';
import { FILTER_OPERATORS, orderMetaColumns } from '../schema';
import { isOrderableFieldType, parseFilterValue, valueKind, type RecordQuery } from './recordQuery';
import type { Translate } from '../platform/translate';
import type { PickItem, Ui } from '../platform/ui';

/** Meta columns a filter can use on any model, with the FILTER_OPERATORS key they use. */
const FILTER_META_COLUMNS = ['_status', '_created_at', '_updated_at', '_published_at', '_first_published_at', '_is_valid', 'id'] as const;

function isTreeOrSortable(itemType: Resource<'item_type'>): boolean {
  return Model.isSortable(itemType) || Model.isTree(itemType);
}

export async function askSearch(ui: Ui, t: Translate, query: RecordQuery): Promise<RecordQuery | undefined> {
  const text = await ui.input({
    title: t('Search records'),
    prompt: t('Full-text search (filter[query]); empty to stop searching'),
    value: query.search ?? '',
  });
  if (text === undefined) return undefined;
  const search = text.trim();
  const { search: _previous, ...rest } = query;
  return search ? { ...rest, search } : rest;
}

interface FilterColumn {
  apiKey: string;
  /** the FILTER_OPERATORS key: a field type or the meta column itself */
  type: string;
}

/** A dialogue on a model's records that knows its fields; the new query, or undefined when the user dismissed a step. */
type ModelQueryDialogue = (
  ui: Ui,
  t: Translate,
  itemType: Resource<'item_type'>,
  fields: Resource<'field'>[],
  query: RecordQuery,
) => Promise<RecordQuery | undefined>;

export const askFilter: ModelQueryDialogue = async (ui, t, itemType, fields, query) => {
  const fieldItems: PickItem<FilterColumn>[] = fields
    .map((f) => ({
      apiKey: Field.apiKey(f),
      type: Field.type(f),
      label: Field.label(f),
    }))
    .filter((f) => (FILTER_OPERATORS[f.type]?.length ?? 0) > 0)
    .map((f) => ({ label: f.label, description: `${f.apiKey} · ${f.type}`, value: { apiKey: f.apiKey, type: f.type } }));
  const metaColumns: string[] = [
    ...FILTER_META_COLUMNS,
    ...(isTreeOrSortable(itemType) ? ['position'] : []),
    ...(Model.isTree(itemType) ? ['parent_id'] : []),
  ];
  const metaItems: PickItem<FilterColumn>[] = metaColumns.map((column) => ({
    label: column,
    description: t('meta column'),
    value: { apiKey: column, type: column },
  }));
  const column = await ui.pick([...fieldItems, ...metaItems], { title: t('Filter records by'), placeholder: t('Choose a field') });
  if (!column) return undefined;
  const operators = FILTER_OPERATORS[column.type] ?? [];
  const operator = await ui.pick(
    operators.map((op) => ({ label: op, value: op })),
    { title: t('Filter {0}', column.apiKey), placeholder: t('Choose an operator') },
  );
  if (!operator) return undefined;
  let value: unknown;
  if (valueKind(column.type, operator) === 'flag') {
    const flag = await ui.pick(
      [
        { label: 'true', value: true },
        { label: 'false', value: false },
      ],
      { title: t('{0} {1}', column.apiKey, operator) },
    );
    if (flag === undefined) return undefined;
    value = flag;
  } else {
    const text = await ui.input({
      title: t('{0} {1}', column.apiKey, operator),
      prompt: promptFor(t, valueKind(column.type, operator)),
      validate: (input) => {
        const parsed = parseFilterValue(column.type, operator, input);
        return parsed.ok ? undefined : parsed.message;
      },
    });
    if (text === undefined) return undefined;
    const parsed = parseFilterValue(column.type, operator, text);
    if (!parsed.ok) return undefined;
    value = parsed.value;
  }
  // One condition per field and operator: a new value replaces the old one.
  const others = (query.filters ?? []).filter((f) => !(f.field === column.apiKey && f.operator === operator));
  return { ...query, filters: [...others, { field: column.apiKey, operator, value }] };
};

function promptFor(t: Translate, kind: ReturnType<typeof valueKind>): string {
  switch (kind) {
    case 'list':
      return t('Values separated by commas');
    case 'number':
      return t('A number');
    case 'pattern':
      return t('Text to match (case-insensitive)');
    case 'near':
      return t('latitude, longitude, radius in meters');
    default:
      return t('Value');
  }
}

export const askOrder: ModelQueryDialogue = async (ui, t, itemType, fields, query) => {
  const fieldItems: PickItem<string | null>[] = fields
    .filter((f) => isOrderableFieldType(Field.type(f)))
    .map((f) => ({
      label: Field.label(f),
      description: `${Field.apiKey(f)} · ${Field.type(f)}`,
      value: Field.apiKey(f),
    }));
  const meta = orderMetaColumns(isTreeOrSortable(itemType), Boolean(query.search));
  const items: PickItem<string | null>[] = [
    { label: t('Default order'), description: t('as the model defines it'), value: null },
    ...fieldItems,
    ...meta.map((column) => ({ label: column, description: t('meta column'), value: column })),
  ];
  const field = await ui.pick(items, { title: t('Order records by'), placeholder: t('Choose a field') });
  if (field === undefined) return undefined;
  const { order: _previous, ...rest } = query;
  if (field === null) return rest;
  const direction = await ui.pick<'ASC' | 'DESC'>(
    [
      { label: t('Ascending'), value: 'ASC' },
      { label: t('Descending'), value: 'DESC' },
    ],
    { title: t('Order by {0}', field) },
  );
  if (!direction) return undefined;
  return { ...rest, order: { field, direction } };
};

export async function askLocale(ui: Ui, t: Translate, locales: string[], query: RecordQuery): Promise<RecordQuery | undefined> {
  const items: PickItem<string | null>[] = locales.map((locale, i) => ({
    label: locale,
    description: i === 0 ? t('main locale') : undefined,
    value: i === 0 ? null : locale,
  }));
  const locale = await ui.pick(items, { title: t('Locale for search, filters and titles') });
  if (locale === undefined) return undefined;
  const { locale: _previous, ...rest } = query;
  return locale === null ? rest : { ...rest, locale };
}

export async function askVersion(ui: Ui, t: Translate, query: RecordQuery): Promise<RecordQuery | undefined> {
  const version = await ui.pick<'current' | 'published'>(
    [
      { label: t('Current'), description: t('latest saved version, drafts included'), value: 'current' },
      { label: t('Published'), description: t('what the live site shows'), value: 'published' },
    ],
    { title: t('Record version') },
  );
  if (!version) return undefined;
  const { version: _previous, ...rest } = query;
  return version === 'current' ? rest : { ...rest, version };
}
