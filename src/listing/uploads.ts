// Which uploads a row of the Media branch lists, a page at a time: the Media node those in no collection, a
// collection its own, so that each upload shows once, where it is; under a query, the Media node lists every match
// (its collections are not shown then). A page is one request, narrowed by
// `filter[fields][upload_collection]` (what the media area's collections list by; not in the published list of
// upload filters). Where DatoCMS refuses that filter, or answers an upload of another place (it did not apply it),
// the project environment's uploads are read once instead and sorted by collection. No vscode import.
import { ApiError, type Resource, type UploadQuery, type UploadsResource } from '../cma';
import { Upload } from '../domain/uploadViews';
import { uploadQueryFor, type MediaQuery } from './mediaQuery';

/** Every upload of a query, by the collection it is in (null: in none). */
export type ByCollection = Map<string | null, Resource<'upload'>[]>;

export interface PlaceSource {
  uploads: Pick<UploadsResource, 'list' | 'listAll'>;
  /** the project environment (`<project>@<environment>`): what is learnt of its DatoCMS is remembered by it */
  key: string;
  query: MediaQuery;
  /** the collection listed; null: the uploads in no collection; undefined: all of them */
  collectionId: string | null | undefined;
  /** every upload of the query by collection, read once and shared by the rows of a Media node */
  scan: () => Promise<ByCollection>;
}

export interface PlacePage {
  uploads: Resource<'upload'>[];
  total: number;
  /** all of the place's uploads, when they were read in one pass (the next pages are slices of it) */
  all?: Resource<'upload'>[];
}

export class UploadPlaces {
  /** project environments whose DatoCMS does not list uploads by collection */
  private readonly unfiltered = new Set<string>();

  /** The uploads of a place from `offset`: one request where DatoCMS filters by collection. */
  async page(source: PlaceSource, offset: number, limit: number): Promise<PlacePage> {
    if (source.collectionId === undefined) {
      const page = await source.uploads.list({ ...uploadQueryFor(source.query), page: { offset, limit } });
      return { uploads: page.data, total: page.totalCount };
    }
    if (!this.unfiltered.has(source.key)) {
      const page = await source.uploads
        .list({ ...placeQuery(source.query, source.collectionId), page: { offset, limit } })
        .catch((error: unknown) => {
          if (!refusesFilter(error)) throw error;
          return undefined;
        });
      if (page?.data.every((upload) => (Upload.collectionId(upload) ?? null) === source.collectionId))
        return { uploads: page.data, total: page.totalCount };
    }
    // read before it is remembered: a query DatoCMS refuses for itself fails here too, and teaches nothing
    const all = (await source.scan()).get(source.collectionId) ?? [];
    this.unfiltered.add(source.key);
    return { uploads: all.slice(offset, offset + limit), total: all.length, all };
  }
}

/** The Media query narrowed to a place: a collection's uploads, or those in none. */
function placeQuery(query: MediaQuery, collectionId: string | null): Omit<UploadQuery, 'page'> {
  const base = uploadQueryFor(query);
  const place = collectionId === null ? { exists: false } : { eq: collectionId };
  return { ...base, filter: { ...base.filter, fields: { ...base.filter?.fields, upload_collection: place } } };
}

/** Every upload of the query (one pass), by collection. */
export async function scanByCollection(uploads: Pick<UploadsResource, 'listAll'>, query: MediaQuery): Promise<ByCollection> {
  const byCollection: ByCollection = new Map();
  for await (const upload of uploads.listAll(uploadQueryFor(query))) {
    const id = Upload.collectionId(upload) ?? null;
    const place = byCollection.get(id);
    if (place) place.push(upload);
    else byCollection.set(id, [upload]);
  }
  return byCollection;
}

/** DatoCMS refusing the request's parameters (a filter it does not know answers 422, or 400). */
function refusesFilter(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 422 || error.status === 400);
}
