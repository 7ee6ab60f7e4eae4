// A page of a model's records under a query, as plain data (no tree nodes): the tree's Records node, the agent
// tools' find and the export list with it. No vscode import.
import type { CallOptions, ItemsResource, Resource } from '../cma';
import { itemQueryFor, type RecordQuery } from './recordQuery';

export interface RecordPage {
  records: Resource<'item'>[];
  /** how many records the query matches in all */
  total: number;
}

/** One page (`offset`, `limit`) of the records of model `modelId` that `query` matches: one request. */
export async function recordPage(
  items: Pick<ItemsResource, 'list'>,
  modelId: string,
  query: RecordQuery,
  page: { offset: number; limit: number },
  o?: CallOptions,
): Promise<RecordPage> {
  const answer = await items.list(itemQueryFor(modelId, query, page), o);
  return { records: answer.data, total: answer.totalCount };
}
