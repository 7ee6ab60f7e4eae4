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
type FieldFilters = Record<string, Record<string, unknown>>;

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

/** `eq`/`neq` one value, `in`/`not_in` several. */
interface ChoiceFilter<V extends string = string> {
  eq?: V;
  neq?: V;
  in?: V[];
  not_in?: V[];
}

/** Text matching: `pattern` contained (case-insensitive unless said), or a regular expression. */
interface TextMatch {
  pattern: string;
  case_sensitive?: boolean;
  regexp?: boolean;
}

interface NumberFilter {
  gt?: number;
  lt?: number;
  gte?: number;
  lte?: number;
  eq?: number;
  neq?: number;
}

/** Tag-like lists: `contains` one, `any_in`/`all_in`/`not_in` of several, `eq` exactly these. */
interface ListFilter<V extends string = string> {
  contains?: V;
  any_in?: V[];
  all_in?: V[];
  not_in?: V[];
  eq?: V[];
}

export type UploadKind = 'image' | 'audio' | 'video' | 'richtext' | 'presentation' | 'spreadsheet' | 'pdfdocument' | 'archive';
type ColorBucket = 'red' | 'orange' | 'pink' | 'cyan' | 'purple' | 'blue' | 'yellow' | 'green' | 'brown' | 'grey' | 'white' | 'black';

/** `filter[fields]` of `GET /uploads`: the delivery API's upload filters, in snake_case. */
export interface UploadFieldFilters {
  type?: ChoiceFilter<UploadKind>;
  in_use?: { eq: boolean };
  resolution?: ChoiceFilter<'icon' | 'small' | 'medium' | 'large'>;
  orientation?: { eq?: 'landscape' | 'portrait' | 'square'; neq?: 'landscape' | 'portrait' | 'square' };
  size?: NumberFilter;
  width?: NumberFilter;
  height?: NumberFilter;
  tags?: ListFilter;
  smart_tags?: ListFilter;
  colors?: ListFilter<ColorBucket>;
  id?: ChoiceFilter;
  md5?: ChoiceFilter;
  format?: ChoiceFilter;
  path?: ChoiceFilter;
  mime_type?: ChoiceFilter & { matches?: TextMatch; not_matches?: TextMatch };
  alt?: ChoiceFilter & { matches?: TextMatch; not_matches?: TextMatch; exists?: boolean };
  title?: ChoiceFilter & { matches?: TextMatch; not_matches?: TextMatch; exists?: boolean };
  notes?: { matches?: TextMatch; not_matches?: TextMatch; exists?: boolean };
  author?: { matches?: TextMatch; not_matches?: TextMatch; exists?: boolean };
  copyright?: { matches?: TextMatch; not_matches?: TextMatch; exists?: boolean };
  basename?: { matches?: TextMatch; not_matches?: TextMatch };
  filename?: { matches?: TextMatch; not_matches?: TextMatch };
  /** ISO 8601 date-times with a time zone; minute precision */
  _created_at?: { eq?: string; neq?: string; lt?: string; lte?: string; gt?: string; gte?: string };
  _updated_at?: { eq?: string; neq?: string; lt?: string; lte?: string; gt?: string; gte?: string };
  /** the collection an upload is in (`exists: false`: in none); what the media area's collections list by, not in the published filter list */
  upload_collection?: { eq?: string; exists?: boolean };
}

type UploadOrderField = '_created_at' | '_updated_at' | 'size' | 'resolution' | 'filename' | 'basename' | 'mime_type' | 'format' | 'id';
export type UploadOrder = `${UploadOrderField}_${'ASC' | 'DESC'}`;

/** Query parameters of `GET /uploads`. */
export interface UploadQuery {
  filter?: {
    /** several ids are joined with commas */
    ids?: string | string[];
    /** words in the file name, author, copyright, notes, tags, alt and title (in `locale`) */
    query?: string;
    fields?: UploadFieldFilters;
  };
  /** the locale `query`, `alt` and `title` look in (default: the main locale) */
  locale?: string;
  /** default `_created_at_DESC`; several are applied in order */
  order_by?: UploadOrder | UploadOrder[];
  page?: { offset?: number; limit?: number };
}
