// GraphQL names the delivery API derives from api_keys: Rails-style camelisation and English
// pluralisation of the last word (post → allPosts, person → allPeople, changelog_entry → allChangelogEntries).

type Rule = [RegExp, string];

// Later rules win, as in ActiveSupport's default inflections (the API's names follow them).
const PLURAL_RULES: Rule[] = [
  [/$/, 's'],
  [/s$/i, 's'],
  [/^(ax|test)is$/i, '$1es'],
  [/(octop|vir)us$/i, '$1i'],
  [/(octop|vir)i$/i, '$1i'],
  [/(alias|status)$/i, '$1es'],
  [/(bu)s$/i, '$1ses'],
  [/(buffal|tomat)o$/i, '$1oes'],
  [/([ti])um$/i, '$1a'],
  [/([ti])a$/i, '$1a'],
  [/sis$/i, 'ses'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/(hive)$/i, '$1s'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/(x|ch|ss|sh)$/i, '$1es'],
  [/(matr|vert|ind)(?:ix|ex)$/i, '$1ices'],
  [/^(m|l)ouse$/i, '$1ice'],
  [/^(m|l)ice$/i, '$1ice'],
  [/^(ox)$/i, '$1en'],
  [/^(oxen)$/i, '$1'],
  [/(quiz)$/i, '$1zes'],
];
const IRREGULAR: [string, string][] = [
  ['person', 'people'],
  ['man', 'men'],
  ['child', 'children'],
  ['sex', 'sexes'],
  ['move', 'moves'],
  ['zombie', 'zombies'],
];
const UNCOUNTABLE = ['equipment', 'information', 'rice', 'money', 'species', 'series', 'fish', 'sheep', 'jeans', 'police'];

const RULES: Rule[] = (() => {
  const rules = [...PLURAL_RULES];
  for (const [singular, plural] of IRREGULAR) {
    // Matches the end of the word ("salesperson" → "salespeople"), keeping the first letter's case.
    rules.push([new RegExp(`(${singular[0]})${singular.slice(1)}$`, 'i'), `$1${plural.slice(1)}`]);
    rules.push([new RegExp(`(${plural[0]})${plural.slice(1)}$`, 'i'), `$1${plural.slice(1)}`]);
  }
  return rules.reverse();
})();

/** English plural of a snake_case word, inflecting its last word only. */
export function pluralize(word: string): string {
  if (word === '') return word;
  const lower = word.toLowerCase();
  // An uncountable word counts only as a whole word (after a non-word character or at the start).
  if (UNCOUNTABLE.some((u) => lower === u || new RegExp(`\\W${u}$`).test(lower))) return word;
  for (const [pattern, replacement] of RULES) {
    if (pattern.test(word))
      return word.replace(pattern, (...m: string[]) => replacement.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? ''));
  }
  return word;
}

/** `blog_post` → `BlogPost`, `section_2_column` → `Section2Column`. */
export function pascalCase(apiKey: string): string {
  return apiKey
    .split('_')
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `seo_settings_social` → `seoSettingsSocial`. */
export function camelCase(apiKey: string): string {
  const pascal = pascalCase(apiKey);
  return pascal === '' ? pascal : pascal[0]!.toLowerCase() + pascal.slice(1);
}

/** The names a model gets in the schema. */
export interface ModelNames {
  /** `BlogPost` */
  pascal: string;
  /** `BlogPostRecord` */
  type: string;
  /** `blogPost`: the single-record query */
  single: string;
  /** `allBlogPosts` */
  collection: string;
  /** `_allBlogPostsMeta` */
  meta: string;
  /** `BlogPosts`: for `_allReferencingBlogPosts` */
  pluralPascal: string;
}

export function modelNames(apiKey: string): ModelNames {
  const pascal = pascalCase(apiKey);
  const pluralPascal = pascalCase(pluralize(apiKey));
  return {
    pascal,
    type: `${pascal}Record`,
    single: camelCase(apiKey),
    collection: `all${pluralPascal}`,
    meta: `_all${pluralPascal}Meta`,
    pluralPascal,
  };
}

/** A locale code as a SiteLocale enum value: hyphens are not allowed in GraphQL names (`pt-BR` → `pt_BR`). */
export function localeEnumValue(locale: string): string {
  return locale.replace(/-/g, '_');
}
