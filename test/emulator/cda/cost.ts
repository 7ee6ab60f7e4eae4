// How a field counts in a query's complexity: its kind (see complexity.ts) travels in the field's
// `extensions.cda`, set where the schema is built.
export type CostKind =
  | 'scalar'
  | 'asset'
  | 'list'
  | 'link'
  | 'parent'
  | 'json'
  | 'markdown'
  | 'stValue'
  | 'seoImage'
  | 'seoMeta'
  | 'blurUp'
  | 'responsive'
  | 'allLocales'
  | 'collection'
  | 'single'
  | 'singleton'
  | 'meta'
  | 'site'
  | 'inverse'
  | 'inverseMeta';

export interface CostInfo {
  kind: CostKind;
  /** a localized field costs once per project locale */
  localized: boolean;
}

export function cost(kind: CostKind, localized = false): { cda: CostInfo } {
  return { cda: { kind, localized } };
}
