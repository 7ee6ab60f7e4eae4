// How much a tool returns at most, and how much it accepts: an agent pages through large answers instead of
// receiving them whole, and a limit asked above the cap is lowered to it and said (never silently).
import type { Translate } from '../platform/translate';

export const LIMITS = {
  /** records per find_records page */
  records: { default: 20, max: 100 },
  /** models (with their fields) per get_schema page */
  models: { default: 20, max: 50 },
  /** characters of a get_schema page; fewer models are returned when they would not fit */
  schemaChars: 40_000,
  /** characters of a document per get_document page */
  documentChars: 40_000,
  /** characters of one field's validators in the compact schema (the field's own document shows them whole) */
  validatorChars: 600,
  /** characters of a record title in a row */
  titleChars: 120,
  /** problems listed by validate_document and the proposals */
  problems: 50,
  /** characters of a proposed document, or of the JSON of proposed changes */
  inputChars: 500_000,
  /** top-level keys of proposed changes */
  changeKeys: 300,
  /** characters of one Structured Text value proposed as Markdown, and of all the Markdown of one call */
  markdownChars: 50_000,
  markdownCallChars: 100_000,
  /** runs of `*` and `_` in one such Markdown: the Markdown parser's time grows with their square */
  markdownEmphasisRuns: 3_000,
  /** problems of one such Markdown listed in its refusal */
  markdownProblems: 10,
  /** characters of a full-text search */
  searchChars: 200,
  /** field filters of one search */
  filters: 10,
  /** list values of one filter */
  filterValues: 100,
  /** characters of a GraphQL query to run */
  queryChars: 50_000,
  /** characters of the JSON of its variables, and their top-level keys */
  variablesChars: 20_000,
  variableKeys: 100,
  /** characters of the data of a query's answer */
  graphqlDataChars: 40_000,
  /** GraphQL errors listed */
  graphqlErrors: 50,
  /** places listed by find_usages */
  usages: 100,
} as const;

/** `asked` within `1..max` (its default when not asked); a lowered value adds a note saying so. */
export function clampLimit(
  t: Translate,
  asked: number | undefined,
  limit: { default: number; max: number },
  what: string,
  notes: string[],
): number {
  if (asked === undefined) return limit.default;
  if (asked > limit.max) {
    notes.push(t('You asked for {0} {1}; at most {2} are returned per call, so {2} are.', asked, what, limit.max));
    return limit.max;
  }
  if (asked < 1) {
    notes.push(t('You asked for {0} {1}; at least 1 is returned per call.', asked, what));
    return 1;
  }
  return asked;
}
