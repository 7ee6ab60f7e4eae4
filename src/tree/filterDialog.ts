// The Records item's Filter dialogue: the conditions already set (each can be removed), a field or meta
// column, an operator (spelled as the Records item shows it), then a value as its kind asks: one of an enum's
// values or of the record statuses from a list, records by title from a search, true or false, else typed
// text checked as typed. Conditions add up (all must hold). No vscode import.
import type { Resource } from '../cma';
import { Field, Model } from '../domain/views';
import type { Translate } from '../platform/translate';
import type { PickItem, Ui } from '../platform/ui';
import type { PickedRecord } from '../projects/recordPicker';
import { FILTER_OPERATORS } from '../schema';
import { isTreeOrSortable } from './queries';
import { describeFilter, operatorText, parseFilterValue, takesList, valueKind, type FieldFilter, type RecordQuery } from '../listing';

/** Meta columns a filter can use on any model, with the FILTER_OPERATORS key they use. */
const FILTER_META_COLUMNS = ['_status', '_created_at', '_updated_at', '_published_at', '_first_published_at', '_is_valid', 'id'] as const;
/** The statuses `_status` takes (the CMA's record statuses). */
const RECORD_STATUSES = ['draft', 'updated', 'published'];
const CHOICE_OPERATORS = new Set(['eq', 'neq', 'in', 'not_in', 'notIn']);

/** Records chosen by title, from the models a link allows. */
export type RecordChooser = (modelIds: string[], options: { title: string; many: boolean }) => Promise<PickedRecord[] | undefined>;

interface FilterColumn {
  apiKey: string;
  /** the FILTER_OPERATORS key: a field type or the meta column itself */
  type: string;
  field?: Resource<'field'>;
}

type Chosen = Pick<FieldFilter, 'value' | 'labels'>;

export async function askFilter(
  ui: Ui,
  t: Translate,
  itemType: Resource<'item_type'>,
  fields: Resource<'field'>[],
  query: RecordQuery,
  chooseRecords: RecordChooser,
): Promise<RecordQuery | undefined> {
  const step = await ui.pick<FilterColumn | number>([...removeItems(t, query), ...columnItems(t, itemType, fields)], {
    title: t('Filter records by'),
    placeholder: t('Choose a field'),
  });
  if (step === undefined) return undefined;
  if (typeof step === 'number') return withoutFilter(query, step);
  const column = step;
  const operator = await ui.pick(
    (FILTER_OPERATORS[column.type] ?? []).map((op) => ({ label: operatorText(op), description: operatorHint(t, op), value: op })),
    { title: t('Filter {0}', column.apiKey), placeholder: t('Choose an operator') },
  );
  if (!operator) return undefined;
  const chosen = await askValue(ui, t, column, operator, chooseRecords);
  if (!chosen) return undefined;
  // One condition per field and operator: a new value replaces the old one.
  const others = (query.filters ?? []).filter((f) => !(f.field === column.apiKey && f.operator === operator));
  return { ...query, filters: [...others, { field: column.apiKey, operator, ...chosen }] };
}

/** Removes one of the conditions, as the Records item lists them; nothing to do without any. */
export async function askRemoveFilter(ui: Ui, t: Translate, query: RecordQuery): Promise<RecordQuery | undefined> {
  const filters = query.filters ?? [];
  if (filters.length === 0) {
    void ui.info(t('These records are not filtered.'));
    return undefined;
  }
  const index =
    filters.length === 1
      ? 0
      : await ui.pick(
          filters.map((filter, i) => ({ label: describeFilter(filter), value: i })),
          { title: t('Remove which filter condition?') },
        );
  return index === undefined ? undefined : withoutFilter(query, index);
}

function withoutFilter(query: RecordQuery, index: number): RecordQuery {
  const { filters = [], ...rest } = query;
  const kept = filters.filter((_, i) => i !== index);
  return kept.length > 0 ? { ...rest, filters: kept } : rest;
}

function removeItems(t: Translate, query: RecordQuery): PickItem<number>[] {
  return (query.filters ?? []).map((filter, i) => ({
    label: `$(close) ${describeFilter(filter)}`,
    description: t('remove this condition'),
    value: i,
  }));
}

function columnItems(t: Translate, itemType: Resource<'item_type'>, fields: Resource<'field'>[]): PickItem<FilterColumn>[] {
  const fieldItems = fields
    .filter((f) => (FILTER_OPERATORS[Field.type(f)]?.length ?? 0) > 0)
    .map((f) => ({
      label: Field.label(f),
      description: `${Field.apiKey(f)} · ${Field.type(f)}`,
      value: { apiKey: Field.apiKey(f), type: Field.type(f), field: f },
    }));
  const metaColumns: string[] = [
    ...FILTER_META_COLUMNS,
    ...(isTreeOrSortable(itemType) ? ['position'] : []),
    ...(Model.isTree(itemType) ? ['parent_id'] : []),
  ];
  return [
    ...fieldItems,
    ...metaColumns.map((column) => ({ label: column, description: t('meta column'), value: { apiKey: column, type: column } })),
  ];
}

async function askValue(
  ui: Ui,
  t: Translate,
  column: FilterColumn,
  operator: string,
  chooseRecords: RecordChooser,
): Promise<Chosen | undefined> {
  const title = `${column.apiKey} ${operatorText(operator)}`;
  const many = takesList(column.type, operator);
  const choices = CHOICE_OPERATORS.has(operator) ? choicesOf(column) : undefined;
  if (choices) {
    const items = choices.map((choice) => ({ label: choice.value, description: choice.label, value: choice.value }));
    const picked = many ? await ui.pickMany(items, { title }) : await ui.pick(items, { title }).then((v) => v && [v]);
    return picked?.length ? { value: many ? picked : picked[0] } : undefined;
  }
  if ((column.type === 'link' || column.type === 'links') && column.field && operator !== 'exists') {
    const records = await chooseRecords(Field.allowedModelIds(column.field), { title, many });
    if (!records?.length) return undefined;
    return { value: many ? records.map((r) => r.id) : records[0]!.id, labels: records.map((r) => r.title) };
  }
  const kind = valueKind(column.type, operator);
  if (kind === 'flag') {
    // each answer reads as the condition it makes
    const condition = (value: boolean) => describeFilter({ field: column.apiKey, operator, value });
    const value = await ui.pick(
      [true, false].map((v) => ({ label: condition(v), value: v })),
      { title },
    );
    return value === undefined ? undefined : { value };
  }
  const text = await ui.input({
    title,
    prompt: promptFor(t, kind),
    validate: (input) => {
      const parsed = parseFilterValue(column.type, operator, input);
      return parsed.ok ? undefined : parsed.message;
    },
  });
  const parsed = text === undefined ? undefined : parseFilterValue(column.type, operator, text);
  return parsed?.ok ? { value: parsed.value } : undefined;
}

/** The values a column takes from a list: the record statuses, a string field's enum (with its editor's labels). */
function choicesOf(column: FilterColumn): { value: string; label?: string }[] | undefined {
  if (column.type === '_status') return RECORD_STATUSES.map((value) => ({ value }));
  if (!column.field || column.type !== 'string') return undefined;
  const values = (Field.validators(column.field)['enum'] as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values) || values.length === 0) return undefined;
  // the labels the field's editor shows (a select's options, a radio group's radios)
  const parameters = Field.appearance(column.field)['parameters'] as Record<string, unknown> | undefined;
  const listed = [parameters?.['options'], parameters?.['radios']].find(Array.isArray) as
    { value?: unknown; label?: unknown }[] | undefined;
  const labelOf = (value: string) => listed?.find((o) => o.value === value)?.label;
  return values.map(String).map((value) => {
    const label = labelOf(value);
    return typeof label === 'string' && label !== value ? { value, label } : { value };
  });
}

/** What an operator does, in words, beside its one spelling in the operator pick. */
function operatorHint(t: Translate, operator: string): string | undefined {
  const hints: Record<string, string> = {
    eq: t('equals'),
    neq: t('does not equal'),
    gt: t('greater than, later than'),
    gte: t('greater than or equal to'),
    lt: t('less than, earlier than'),
    lte: t('less than or equal to'),
    in: t('equals one of'),
    not_in: t('equals none of'),
    notIn: t('equals none of'),
    matches: t('contains the text, any case'),
    not_matches: t('does not contain the text'),
    is_blank: t('empty, or not'),
    is_present: t('filled in, or not'),
    exists: t('has a value, or not'),
    all_in: t('has every one of'),
    any_in: t('has at least one of'),
    near: t('within a distance of a point'),
  };
  return hints[operator];
}

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
