// Which documents may hold GraphQL for the Content Delivery API: .graphql/.gql files, and code with graphql()
// (gql.tada), gql / graphql tags, executeQuery() or /* GraphQL */ templates. A quick test the context runs on each
// opened document before the GraphQL workbench (a bundle of its own) is loaded; that workbench finds the queries.

/** Which kind of text a VS Code language id (or file name) holds, if any GraphQL at all. */
export function graphqlKindOf(languageId: string, fileName: string): 'graphql' | 'script' | undefined {
  if (languageId === 'graphql' || /\.(graphql|gql)$/i.test(fileName)) return 'graphql';
  if (['typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'vue', 'svelte', 'astro'].includes(languageId)) return 'script';
  return undefined;
}

/** Could this code hold GraphQL templates? (before any scan) */
export function mayHoldGraphql(text: string): boolean {
  return /\b(graphql|gql|executeQuery\w*)\s*(\(|`)|\/\*\s*graphql\s*\*\//i.test(text);
}

/** A document worth the GraphQL workbench. */
export function holdsGraphql(document: { languageId: string; fileName: string; getText(): string }): boolean {
  const kind = graphqlKindOf(document.languageId, document.fileName);
  return kind === 'graphql' || (kind === 'script' && mayHoldGraphql(document.getText()));
}
