// What a schema change breaks in the workspace's code: the change as the code reading the delivery API sees it, the
// queries that would no longer validate, and the sentence the confirmations show. The GraphQL workbench finds the
// queries; deletes, api_key changes and migrations ask it through `QueriesBrokenBy`. No vscode import.

/** A model or field about to go, or to get another api_key (`to`), as the code reading the delivery API sees it. */
export type SchemaCodeChange = { project: string; environment: string } & (
  { kind: 'model'; modelApiKey: string; to?: string } | { kind: 'field'; modelApiKey: string; fieldApiKey: string; to?: string }
);

/** A query (or fragment) of the workspace that would no longer validate. */
export interface BrokenQuery {
  /** `query Feed`, `fragment Card on ArticleRecord` */
  name: string;
  /** relative to its workspace folder */
  file: string;
  /** 1-based */
  line: number;
}

/** The workspace's queries the changes would break (none when no folder reads that environment). */
export type QueriesBrokenBy = (change: SchemaCodeChange | readonly SchemaCodeChange[]) => Promise<BrokenQuery[]>;

type Translate = (message: string, ...args: (string | number)[]) => string;

/** The sentence naming the queries the changes break; undefined when none (or nothing reads GraphQL). */
export async function codeImpact(
  t: Translate,
  changes: readonly SchemaCodeChange[],
  queriesBrokenBy: QueriesBrokenBy | undefined,
): Promise<string | undefined> {
  if (!queriesBrokenBy || changes.length === 0) return undefined;
  let broken: BrokenQuery[];
  try {
    broken = await queriesBrokenBy(changes);
  } catch (error) {
    return t('The workspace’s queries could not be checked: {0}', error instanceof Error ? error.message : String(error));
  }
  if (broken.length === 0) return undefined;
  broken = [...broken].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const shown = broken.slice(0, 5).map((b) => `${b.file}:${b.line} (${b.name})`);
  const list = broken.length > 5 ? t('{0} and {1} more', shown.join(', '), broken.length - 5) : shown.join(', ');
  const what = changes.map((c) => (c.kind === 'model' ? c.modelApiKey : `${c.modelApiKey}.${c.fieldApiKey}`)).join(', ');
  // fragments fail too, and every query spreading one (from any file): counted apart, so the numbers add up
  const fragments = broken.filter((b) => b.name.startsWith('fragment ')).length;
  const queries = broken.length - fragments;
  if (fragments > 0)
    return t(
      '{0} operation(s) and {1} fragment(s) of this workspace would no longer validate without {2}: {3}.',
      queries,
      fragments,
      what,
      list,
    );
  return broken.length === 1
    ? t('1 query of this workspace reads {0} and would no longer validate: {1}.', what, list)
    : t('{0} queries of this workspace read {1} and would no longer validate: {2}.', broken.length, what, list);
}
