// Rules across the values of one record (or one block): the locale set its localized fields share, and the
// required fields a new block must bring. They run on the document value, beside the per-field schemas.
import { getOwn, hasOwn, isObject, type JsonObject, type Path } from './json';
import type { Finding } from './problems';
import type { FieldInfo, ValidatorMode } from './records';

const quoteList = (locales: Iterable<string>) => [...locales].map((l) => `"${l}"`).join(', ');

/**
 * Every localized field of a record carries the same locales; with `all_locales_required` those are all the
 * project's locales. A field whose locales differ is reported with what to add or remove.
 */
export function localeSetFindings(
  attrs: JsonObject,
  fields: readonly FieldInfo[],
  projectLocales: readonly string[],
  allLocalesRequired: boolean,
  prefix: Path,
): Finding[] {
  const localized = fields.filter((f) => f.localized && isObject(getOwn(attrs, f.apiKey)));
  const sets = new Map(
    localized.map((f) => [f, Object.keys(getOwn(attrs, f.apiKey) as JsonObject).filter((l) => projectLocales.includes(l))]),
  );
  const union = new Set<string>(allLocalesRequired ? projectLocales : []);
  for (const set of sets.values()) for (const locale of set) union.add(locale);
  const out: Finding[] = [];
  for (const [field, set] of sets) {
    const missing = [...union].filter((l) => !set.includes(l));
    if (missing.length === 0) continue;
    // a key that is not a project locale (a misspelled locale) is already reported where it was typed:
    // one mistake, one problem
    if (Object.keys(getOwn(attrs, field.apiKey) as JsonObject).some((key) => !projectLocales.includes(key))) continue;
    const why = allLocalesRequired
      ? 'the model requires every locale (all_locales_required)'
      : "the record's other localized fields have it; every localized field carries the same locales";
    const drop = allLocalesRequired
      ? ''
      : `, or remove ${quoteList(missing)} from every localized field to drop ${missing.length > 1 ? 'those locales' : 'that locale'}`;
    out.push({
      path: [...prefix, field.apiKey],
      message: `lacks locale ${quoteList(missing)} (${why}: put it back, set to null to leave it empty${drop})`,
      code: 'missing-locales',
      data: { missing },
    });
  }
  return out;
}

/** A new block brings every field whose `required` validator applies (an absent key is an empty value). */
export function newBlockMissingFindings(block: JsonObject, fields: readonly FieldInfo[], mode: ValidatorMode, prefix: Path): Finding[] {
  if (mode !== 'all') return [];
  return fields
    .filter((f) => f.validators['required'] !== undefined && f.validators['required'] !== null && !hasOwn(block, f.apiKey))
    .map((f): Finding => ({
      path: [...prefix, f.apiKey],
      message: `is missing: a new block needs its required field "${f.apiKey}"${f.label ? ` (${f.label})` : ''}`,
      code: 'new-block-missing-field',
      data: { field: f.apiKey },
    }));
}
