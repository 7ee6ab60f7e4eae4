// The workbench's own parts that other components are built from. Apart from ./deps.ts because these parts are
// themselves built from GraphqlDeps: one interface would import its own users.
import type { CdaTokens } from './cdaTokens';
import type { FragmentIndex } from './fragmentIndex';
import type { LanguageSources } from './language/sources';
import type { UsageSearch } from './usages/usageSearch';

export interface GraphqlPartsDeps {
  /** which token reads a project's delivery API (and every token kept, to scrub answers of) */
  tokens: Pick<CdaTokens, 'run' | 'secrets'>;
  /** the usage scan over the linked folders */
  search: Pick<UsageSearch, 'find' | 'foldersReading'>;
  /** the fragments of the folder's other files, and whether its code pages automatically */
  fragments: Pick<FragmentIndex, 'current' | 'peek' | 'onDidChange'>;
  /** each document's analysis, the linked environment's schema, the project's GraphQL names */
  sources: LanguageSources;
}
