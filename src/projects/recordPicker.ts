// Records chosen by title (a link filter's value): a searching pick over the models a link allows, each model
// searched by the field its titles come from (`matches`, part of a title as typed, any case), a page at a time;
// a model whose titles come from no text field is searched by its words (`filter[query]`). Only reads.
// No vscode import.
import type { ItemQuery, Resource } from '../cma';
import { statusOf, titleFields } from '../domain/resources';
import { titleReader } from '../domain/titles';
import { Field, Model, Site } from '../domain/views';
import { datesIn } from '../platform/dates';
import type { Translate } from '../platform/translate';
import type { PickItem, Ui } from '../platform/ui';
import { FILTER_OPERATORS } from '../schema';
import type { ProjectData } from './projectData';

/** Records per model in one page of the pick. */
const RECORD_PICK_PAGE = 20;

export interface PickedRecord {
  id: string;
  title: string;
}

interface Searched {
  model: Resource<'item_type'>;
  /** the api_key `matches` looks in; undefined: full-text search */
  titleField: string | undefined;
  title: (record: Resource) => string | undefined;
}

export async function pickRecordsByTitle(
  ui: Ui,
  t: Translate,
  data: ProjectData,
  modelIds: readonly string[],
  options: { title: string; many: boolean; locale?: string },
): Promise<PickedRecord[] | undefined> {
  const models = (await data.itemTypes()).filter((m) => modelIds.includes(m.id) && !Model.isBlock(m));
  const searched = await Promise.all(models.map((model) => searchedModel(data, model, options.locale)));
  const several = searched.length > 1;
  const site = await data.site().catch(() => undefined);
  const when = datesIn(site && Site.timezone(site)).short;
  return ui.searchPick<PickedRecord>({
    title: options.title,
    placeholder: options.many ? t('Type part of a title; tick each record, then press Enter') : t('Type part of a title'),
    many: options.many,
    moreLabel: t('Load more…'),
    noneLabel: t('No record matches'),
    key: (record) => record.id,
    search: async (text, page, signal) => {
      const pages = await Promise.all(
        searched.map((s) => data.client.items.list(searchQuery(s, text.trim(), page, options.locale), { signal })),
      );
      const items = pages.flatMap((answer, i) => answer.data.map((record) => pickItem(searched[i]!, record, several, when)));
      return { items, more: pages.some((answer) => (page + 1) * RECORD_PICK_PAGE < answer.totalCount) };
    },
  });
}

async function searchedModel(data: ProjectData, model: Resource<'item_type'>, locale: string | undefined): Promise<Searched> {
  const [fields, title] = await Promise.all([data.fields(model.id), titleReader(data, model, locale)]);
  const first = titleFields(model, fields)[0];
  const matchable = first && FILTER_OPERATORS[Field.type(first)]?.includes('matches');
  return { model, titleField: matchable ? Field.apiKey(first) : undefined, title: title ?? (() => undefined) };
}

function searchQuery(searched: Searched, text: string, page: number, locale: string | undefined): ItemQuery {
  const filter: NonNullable<ItemQuery['filter']> = { type: searched.model.id };
  if (text && searched.titleField) filter.fields = { [searched.titleField]: { matches: { pattern: text, case_sensitive: false } } };
  else if (text) filter.query = text;
  return {
    filter,
    version: 'current',
    ...(locale ? { locale } : {}),
    page: { offset: page * RECORD_PICK_PAGE, limit: RECORD_PICK_PAGE },
  };
}

function pickItem(searched: Searched, record: Resource<'item'>, several: boolean, when: (iso: string) => string): PickItem<PickedRecord> {
  const title = searched.title(record) ?? record.id;
  const description = [several ? Model.name(searched.model) : undefined, statusOf(record, when)].filter(Boolean).join(' · ');
  return { label: title, ...(description ? { description } : {}), value: { id: record.id, title } };
}
