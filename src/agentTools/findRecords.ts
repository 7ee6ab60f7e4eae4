// find_records: the queries of the tree's Records node (full-text search, field filters per field type, order,
// locale, version) for an agent, answered with compact rows (id, title, status) a page at a time. Every part of the
// query is checked against the model's fields and the operators DatoCMS accepts for their type before any request,
// so a mistake gets our message naming the field and what it accepts. No vscode import.
import type { Resource } from '../cma';
import { titleReader } from '../domain/titles';
import { Field, Item, Model, Site } from '../domain/views';
import { FILTER_OPERATORS, orderMetaColumns } from '../schema';
import { describeQuery, isOrderableFieldType, valueKind, type FieldFilter, type RecordQuery, recordPage } from '../listing';
import type { Translate } from '../platform/translate';
import { API_KEY, type InputReader } from './inputs';
import { clampLimit, LIMITS } from './limits';
import { oneLine, quoted, ToolRefusal, ToolText } from './output';
import { describePlace, PLACE_KEYS } from './place';
import { notFound } from './targets';
import type { ToolCall } from './toolKit';

export const FIND_KEYS = [...PLACE_KEYS, 'model', 'text', 'filters', 'order', 'locale', 'version', 'offset', 'limit'] as const;

/** Meta columns every model filters on, besides its fields. */
const META_FILTERS = [
  'id',
  '_status',
  '_created_at',
  '_updated_at',
  '_published_at',
  '_first_published_at',
  '_publication_scheduled_at',
  '_unpublishing_scheduled_at',
  '_is_valid',
];
const STATUSES = ['draft', 'updated', 'published'];

export async function findRecords(call: ToolCall): Promise<string> {
  const { input, t } = call;
  const modelKey = input.required(
    'model',
    input.id('model', API_KEY, t("a model's api_key")),
    t('the api_key of the model whose records to find'),
  );
  const notes: string[] = [];
  const limit = clampLimit(t, input.count('limit'), LIMITS.records, t('records'), notes);
  const offset = input.count('offset') ?? 0;
  const place = await call.place();
  const data = await call.data(place);
  let model: Resource<'item_type'>;
  let fields: Resource<'field'>[];
  let site: Resource<'site'>;
  try {
    model = await data.itemType(modelKey);
    [fields, site] = await Promise.all([data.fields(model.id), data.site()]);
  } catch (error) {
    throw notFound(error, place, t);
  }
  if (Model.isBlock(model))
    throw new ToolRefusal(
      t('{0} is a block model: blocks live inside records, so search the records of a model that uses it.', Model.apiKey(model)),
    );
  const query = readQuery(input, model, fields, Site.locales(site), t);
  let page;
  try {
    page = await recordPage(data.client.items, model.id, query, { offset, limit });
  } catch (error) {
    throw notFound(error, place, t);
  }
  const title = (await titleReader(data, model, query.locale)) ?? (() => undefined);
  const rows = page.records.map((record) => {
    const row: Record<string, unknown> = { id: record.id };
    const text = title(record);
    if (text !== undefined) row['title'] = text.length > LIMITS.titleChars ? `${text.slice(0, LIMITS.titleChars - 1)}…` : text;
    const status = Item.status(record);
    if (status) row['status'] = status;
    if (!Item.isValid(record)) row['invalid'] = true;
    const updated = Item.updatedAt(record);
    if (updated) row['updated_at'] = updated;
    return row;
  });
  const out = new ToolText().add(describePlace(place, t));
  const described = oneLine(describeQuery(query));
  out.add(
    described
      ? t(
          'Records of {0} matching {1}: {2} in all; this page: {3}–{4}.',
          Model.apiKey(model),
          described,
          page.total,
          rows.length ? offset + 1 : 0,
          offset + rows.length,
        )
      : t(
          'Records of {0}: {1} in all; this page: {2}–{3}.',
          Model.apiKey(model),
          page.total,
          rows.length ? offset + 1 : 0,
          offset + rows.length,
        ),
  );
  if (rows.length > 0) out.data(t, rows.map((row) => JSON.stringify(row)).join('\n'), 'jsonl');
  if (offset + rows.length < page.total)
    notes.push(t('More records: call datocms_find_records again with offset {0}.', offset + rows.length));
  if (query.search) notes.push(t('Full-text search reads an index DatoCMS updates some seconds after a change.'));
  out.add(...notes, t('datocms_get_document with kind "record" and an id shows a record as the editor does.'));
  return out.toString();
}

function readQuery(
  input: InputReader,
  model: Resource<'item_type'>,
  fields: Resource<'field'>[],
  locales: string[],
  t: Translate,
): RecordQuery {
  const query: RecordQuery = {};
  const text = input.string('text', LIMITS.searchChars)?.trim();
  if (text) query.search = text;
  const types = new Map<string, string>();
  for (const field of fields) if ((FILTER_OPERATORS[Field.type(field)]?.length ?? 0) > 0) types.set(Field.apiKey(field), Field.type(field));
  const meta = [
    ...META_FILTERS,
    ...(Model.isTree(model) || Model.isSortable(model) ? ['position'] : []),
    ...(Model.isTree(model) ? ['parent_id'] : []),
  ];
  for (const column of meta) types.set(column, column);
  const filters: FieldFilter[] = [];
  for (const [i, entry] of (input.array('filters', LIMITS.filters) ?? []).entries()) filters.push(readFilter(entry, i, types, model, t));
  if (filters.length > 0) query.filters = filters;
  if (input.has('order')) query.order = readOrder(input.raw['order'], model, fields, query.search !== undefined, t);
  const locale = input.string('locale', 20);
  if (locale !== undefined) {
    if (!locales.includes(locale))
      throw new ToolRefusal(t("locale must be one of the project's locales ({0}); {1} is not.", locales.join(', '), quoted(locale)));
    query.locale = locale;
  }
  const version = input.oneOf('version', ['current', 'published'] as const);
  if (version === 'published') query.version = version;
  return query;
}

function readFilter(entry: unknown, i: number, types: Map<string, string>, model: Resource<'item_type'>, t: Translate): FieldFilter {
  const where = t('filters[{0}]', i);
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new ToolRefusal(t('{0} must be an object {"field", "operator", "value"}; it was {1}.', where, quoted(entry)));
  const { field, operator, value, ...rest } = entry as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    throw new ToolRefusal(
      t(
        '{0} takes only field, operator and value, not {1}.',
        where,
        Object.keys(rest)
          .map((k) => quoted(k))
          .join(', '),
      ),
    );
  const filterable = [...types.keys()].join(', ');
  if (field === undefined || field === null)
    throw new ToolRefusal(
      t(
        '{0} needs "field": the api_key of a field (or a meta column) of {1} to filter on, one of {2}.',
        where,
        Model.apiKey(model),
        filterable,
      ),
    );
  const type = typeof field === 'string' ? types.get(field) : undefined;
  if (type === undefined)
    throw new ToolRefusal(
      t('{0}: {1} is not a field of {2} that can be filtered on; these can: {3}.', where, quoted(field), Model.apiKey(model), filterable),
    );
  const operators = FILTER_OPERATORS[type] ?? [];
  if (operator === undefined || operator === null)
    throw new ToolRefusal(t('{0} needs "operator": {1} ({2}) takes {3}.', where, String(field), type, operators.join(', ')));
  if (typeof operator !== 'string' || !operators.includes(operator))
    throw new ToolRefusal(
      t('{0}: {1} ({2}) takes the operators {3}, not {4}.', where, String(field), type, operators.join(', '), quoted(operator)),
    );
  return { field: String(field), operator, value: readValue(value, type, operator, where, t) };
}

function readValue(value: unknown, type: string, operator: string, where: string, t: Translate): unknown {
  const refuse = (expected: string) =>
    value === undefined
      ? new ToolRefusal(t('{0} needs "value": {1} takes {2}.', where, operator, expected))
      : new ToolRefusal(t('{0}: {1} takes {2} as value; it was {3}.', where, operator, expected, quoted(value)));
  const numbers = type === 'integer' || type === 'float' || type === 'position';
  switch (valueKind(type, operator)) {
    case 'flag':
      if (typeof value !== 'boolean') throw refuse(t('true or false'));
      return value;
    case 'list': {
      const ok = (v: unknown) =>
        numbers ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string' && v.length > 0 && v.length <= 200;
      if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.filterValues || !value.every(ok))
        throw refuse(numbers ? t('a list of 1 to {0} numbers', LIMITS.filterValues) : t('a list of 1 to {0} strings', LIMITS.filterValues));
      if (type === '_status' && !value.every((v) => STATUSES.includes(String(v)))) throw refuse(t('a list of draft, updated, published'));
      return value;
    }
    case 'pattern': {
      if (typeof value === 'string' && value.trim() !== '' && value.length <= LIMITS.searchChars)
        return { pattern: value, case_sensitive: false };
      const v = value as Record<string, unknown> | null;
      const shaped =
        v !== null &&
        typeof v === 'object' &&
        !Array.isArray(v) &&
        typeof v['pattern'] === 'string' &&
        v['pattern'] !== '' &&
        String(v['pattern']).length <= LIMITS.searchChars &&
        Object.keys(v).every((k) => k === 'pattern' || ((k === 'case_sensitive' || k === 'regexp') && typeof v[k] === 'boolean'));
      if (!shaped) throw refuse(t('a string, or {"pattern": string, "case_sensitive"?: boolean, "regexp"?: boolean}'));
      return value;
    }
    case 'near': {
      const v = value as Record<string, unknown> | null;
      const shaped =
        v !== null &&
        typeof v === 'object' &&
        ['latitude', 'longitude', 'radius'].every((k) => typeof v[k] === 'number' && Number.isFinite(v[k])) &&
        Object.keys(v).length === 3;
      if (!shaped) throw refuse(t('{"latitude": number, "longitude": number, "radius": meters}'));
      return value;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse(t('a number'));
      return value;
    case 'text':
      if (typeof value !== 'string' || value === '' || value.length > 200)
        throw refuse(t('a non-empty string (a date as YYYY-MM-DD, a date-time in ISO 8601, an id)'));
      if (type === '_status' && !STATUSES.includes(value)) throw refuse(t('draft, updated or published'));
      return value;
  }
}

function readOrder(
  order: unknown,
  model: Resource<'item_type'>,
  fields: Resource<'field'>[],
  searching: boolean,
  t: Translate,
): RecordQuery['order'] {
  const columns = [
    ...fields.filter((f) => isOrderableFieldType(Field.type(f))).map((f) => Field.apiKey(f)),
    ...orderMetaColumns(Model.isTree(model) || Model.isSortable(model), searching),
  ];
  const o = order as Record<string, unknown> | null;
  if (o === null || typeof o !== 'object' || Array.isArray(o) || Object.keys(o).some((k) => k !== 'field' && k !== 'direction'))
    throw new ToolRefusal(t('order must be {"field": string, "direction": "ASC" or "DESC"}; it was {0}.', quoted(order)));
  if (o['field'] === undefined || o['field'] === null)
    throw new ToolRefusal(
      t(
        'order needs "field": the api_key of a field or a meta column to order by. Records of {0} can be ordered by {1}.',
        Model.apiKey(model),
        columns.join(', '),
      ),
    );
  if (typeof o['field'] !== 'string' || !columns.includes(o['field']))
    throw new ToolRefusal(
      t('order: records of {0} can be ordered by {1}; not by {2}.', Model.apiKey(model), columns.join(', '), quoted(o['field'])),
    );
  const direction = o['direction'] ?? 'ASC';
  if (direction !== 'ASC' && direction !== 'DESC')
    throw new ToolRefusal(t('order: direction is "ASC" or "DESC"; it was {0}.', quoted(direction)));
  return { field: o['field'], direction };
}
