// The Records node's query commands as Ui dialogues: search, order by, locale, version (the filter has its
// own, filterDialog.ts). Each returns the new query, or undefined when the user dismissed a step. No vscode import.
import type { Resource } from '../cma';
import { Field, Model } from '../domain/views';
import { orderMetaColumns } from '../schema';
import { isOrderableFieldType, type RecordQuery } from '../listing';
import type { Translate } from '../platform/translate';
import type { PickItem, Ui } from '../platform/ui';

/** Records with a `position` (sortable and tree models), which filters and orders can use. */
export function isTreeOrSortable(itemType: Resource<'item_type'>): boolean {
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

export async function askOrder(
  ui: Ui,
  t: Translate,
  itemType: Resource<'item_type'>,
  fields: Resource<'field'>[],
  query: RecordQuery,
): Promise<RecordQuery | undefined> {
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
}

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
