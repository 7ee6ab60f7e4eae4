// JSON:API shapes of the DatoCMS Content Management API.
// Kept deliberately loose: attribute shapes are the schema layer's business (src/schema).

export type ResourceType =
  'site' | 'environment' | 'item_type' | 'field' | 'fieldset' | 'webhook' | 'item' | 'upload' | 'job' | 'job_result' | (string & {});

export interface ResourceIdentifier<T extends ResourceType = ResourceType> {
  type: T;
  id: string;
}

export type RelationshipData = ResourceIdentifier | ResourceIdentifier[] | null;

export interface Relationship {
  data: RelationshipData;
}

/** One resource as the API returns it; missing members are normalised to empty objects. */
export interface Resource<T extends ResourceType = ResourceType> {
  id: string;
  type: T;
  attributes: Record<string, unknown>;
  relationships: Record<string, Relationship>;
  meta: Record<string, unknown>;
}

/** A single-resource document: `{data, included?}`. */
export interface ResourceDocument<T extends ResourceType = ResourceType> {
  data: Resource<T>;
  included?: Resource[];
}

/** A page of `/items` (or any paginated list). */
export interface Page<T extends ResourceType = ResourceType> {
  data: Resource<T>[];
  totalCount: number;
}

/** The body of a PUT: `data.type` and `data.id`, then only what changes. */
export interface UpdateBody<T extends ResourceType = ResourceType> {
  data: {
    type: T;
    id: string;
    attributes?: Record<string, unknown>;
    relationships?: Record<string, Relationship>;
    meta?: Record<string, unknown>;
  };
}

/**
 * The body of a POST that creates a resource: no id (DatoCMS assigns one), or an id of the API's form where the
 * endpoint accepts one chosen by the client.
 */
export interface CreateBody<T extends ResourceType = ResourceType> {
  data: {
    type: T;
    id?: string;
    attributes: Record<string, unknown>;
    relationships?: Record<string, Relationship>;
    meta?: Record<string, unknown>;
  };
}

/** `filter[fields][<api_key>][<operator>]` values. */
export type FieldFilters = Record<string, Record<string, unknown>>;

/** Query parameters of `GET /items`. */
export interface ItemQuery {
  filter?: {
    ids?: string | string[];
    /** model id or api_key; several are joined with commas */
    type?: string | string[];
    query?: string;
    fields?: FieldFilters;
    only_valid?: boolean;
  };
  locale?: string;
  /** e.g. `title_ASC` or `['_updated_at_DESC', 'title_ASC']` */
  order_by?: string | string[];
  version?: 'current' | 'published';
  nested?: boolean;
  page?: { offset?: number; limit?: number };
}

/** Query parameters of `GET /uploads`. */
export interface UploadQuery {
  filter?: {
    /** several ids are joined with commas */
    ids?: string | string[];
    query?: string;
    fields?: Record<string, Record<string, unknown>>;
  };
  locale?: string;
  /** e.g. `created_at_DESC` */
  order_by?: string | string[];
  page?: { offset?: number; limit?: number };
}
