// Which documents may hold GraphQL for the Content Delivery API: .graphql/.gql files, code with graphql() (gql.tada),
// gql / graphql tags, executeQuery() or /* GraphQL */ templates, and the same in the scripts of components (.vue,
// .svelte, .astro: its frontmatter and <script> blocks). A quick test the context runs on each opened document
// before the GraphQL workbench (a bundle of its own) is loaded; that workbench finds the queries.

/** How GraphQL sits in a text: the whole file, templates in code, or templates in the scripts of a component. */
export type GraphqlKind = 'graphql' | 'script' | 'markup';

const SCRIPT_LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];
const MARKUP_LANGUAGES = ['vue', 'svelte', 'astro'];

/** Which kind of text a VS Code language id (or file name) holds, if any GraphQL at all. */
export function graphqlKindOf(languageId: string, fileName: string): GraphqlKind | undefined {
  if (languageId === 'graphql' || /\.(graphql|gql)$/i.test(fileName)) return 'graphql';
  // a component is known by its name too: without the framework's extension VS Code calls it plain text
  if (MARKUP_LANGUAGES.includes(languageId) || /\.(vue|svelte|astro)$/i.test(fileName)) return 'markup';
  if (SCRIPT_LANGUAGES.includes(languageId)) return 'script';
  return undefined;
}

/** The kind of a file on disk, by its name (the usage scan's files). */
export function graphqlKindOfPath(path: string): GraphqlKind {
  return /\.(graphql|gql)$/i.test(path) ? 'graphql' : /\.(vue|svelte|astro)$/i.test(path) ? 'markup' : 'script';
}

/** Could this code hold GraphQL templates? (before any scan) */
export function mayHoldGraphql(text: string): boolean {
  return /\b(graphql|gql|executeQuery\w*)\s*(\(|`|<)|\/\*\s*graphql\s*\*\//i.test(text);
}

/** A document worth the GraphQL workbench. */
export function holdsGraphql(document: { languageId: string; fileName: string; getText(): string }): boolean {
  const kind = graphqlKindOf(document.languageId, document.fileName);
  return kind === 'graphql' || (kind !== undefined && mayHoldGraphql(document.getText()));
}
