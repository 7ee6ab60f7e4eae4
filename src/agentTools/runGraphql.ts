// run_graphql: a query (a read) on the Content Delivery API as the workbench's Run sends it, with the options of the
// workspace folder linked to the project unless the agent names others. A query that does not parse is refused at
// its line and column before anything is sent. The answer: status, time, complexity against the maximum, cache tags,
// the GraphQL errors at their place, and the data quoted as data, cut at a cap. No vscode import.
import { CancelledError } from '../cma';
import type { Translate } from '../platform/translate';
import type {
  CdaOptions as DeliveryOptions,
  GraphqlTools,
  ToolFolderLink as FolderLink,
  ToolGraphqlError as GraphqlError,
  ToolRun as GraphqlRun,
} from '../graphql';
import { LIMITS } from './limits';
import { cutAt, fenced, oneLine, quoted, ToolRefusal, ToolText } from './output';
import { describePlace, PLACE_KEYS, type Place } from './place';
import type { ToolCall, ToolDeps } from './toolKit';

export const RUN_GRAPHQL_KEYS = [...PLACE_KEYS, 'query', 'variables', 'operationName', 'drafts', 'strict'] as const;

/** A GraphQL name. */
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
/** What the workbench uses for a folder it has not been told otherwise about. */
const DEFAULT_OPTIONS: DeliveryOptions = { drafts: false, strict: true };

/** The workbench, or a refusal saying why there is none. */
export function graphqlOf(deps: ToolDeps, tool: string): GraphqlTools {
  if (!deps.graphql) throw new ToolRefusal(deps.t('{0} needs the GraphQL workbench, which is not available in this editor.', tool));
  return deps.graphql();
}

export async function runGraphql(call: ToolCall): Promise<string> {
  const { input, t } = call;
  const query = input.required('query', input.string('query', LIMITS.queryChars), t('the GraphQL query to run'));
  if (query.trim() === '')
    throw new ToolRefusal(t('query of datocms_run_graphql is empty: give a GraphQL query, such as {0}.', '{ _site { locales } }'));
  const variables = input.object('variables', LIMITS.variableKeys, LIMITS.variablesChars);
  const operationName = input.id('operationName', OPERATION_NAME, t('the name of an operation of the query'));
  const asked = { drafts: input.flag('drafts'), strict: input.flag('strict') };
  const graphql = graphqlOf(call.deps, call.tool);
  const place = await call.place();
  const links = await graphql.linksForTool();
  const link =
    links.find((l) => l.project === place.project && l.environment === place.environment) ?? links.find((l) => l.project === place.project);
  const options = {
    drafts: asked.drafts ?? link?.drafts ?? DEFAULT_OPTIONS.drafts,
    strict: asked.strict ?? link?.strict ?? DEFAULT_OPTIONS.strict,
  };
  let run: GraphqlRun;
  try {
    run = await graphql.runForTool(
      { project: place.project, environment: place.environment },
      { query, variables, operationName, options },
    );
  } catch (error) {
    if (error instanceof CancelledError)
      throw new ToolRefusal(
        t(
          'The signed-in token of {0} may not read the Content Delivery API, and no delivery token was given when asked: nothing was run. Ask the user to paste a read-only API token when the editor asks for one.',
          place.name,
        ),
      );
    throw error;
  }
  switch (run.kind) {
    case 'syntax': {
      const line = query.split('\n')[run.line - 1] ?? '';
      throw new ToolRefusal(
        t(
          'The query does not parse at line {0}, column {1}: {2} That line reads: {3}. Nothing was sent.',
          run.line,
          run.column,
          run.message,
          oneLine(line),
        ),
      );
    }
    case 'operation':
      throw new ToolRefusal(operationProblem(t, run, operationName));
    case 'refused':
      throw new ToolRefusal(
        run.code === 'INVALID_ENVIRONMENT'
          ? t('The environment {0} does not exist in the project {1}.', quoted(place.environment), place.project)
          : t('The Content Delivery API refused the request ({0}): {1}', run.status, run.message),
      );
    case 'answer':
      return answerText(t, place, options, optionsSource(t, asked, link), run);
  }
}

function operationProblem(t: Translate, run: Extract<GraphqlRun, { kind: 'operation' }>, name: string | undefined): string {
  const names = run.names.length ? run.names.join(', ') : t('(only anonymous ones)');
  switch (run.problem) {
    case 'none':
      return t('The query holds no operation to run (fragments alone are not run): write one, such as {0}.', 'query { … }');
    case 'unnamed':
      return t('The query holds several operations ({0}): pass operationName to choose one.', names);
    case 'unknown':
      return t('The query has no operation named {0}; its operations: {1}.', quoted(name), names);
    case 'not-query':
      return t(
        'datocms_run_graphql runs queries (reads) only, and the Content Delivery API is read-only: this operation is a {0}. Nothing was sent.',
        run.operation ?? '?',
      );
  }
}

/** Where the options came from, when the agent did not give both. */
function optionsSource(
  t: Translate,
  asked: Partial<Record<keyof DeliveryOptions, boolean>>,
  link: FolderLink | undefined,
): string | undefined {
  if (asked.drafts !== undefined && asked.strict !== undefined) return undefined;
  return link
    ? t('Options the input leaves out are those of the workspace folder {0}, linked to this project.', quoted(link.folder))
    : t("Options the input leaves out are the workbench's defaults (published, strict): no workspace folder is linked to this project.");
}

function answerText(
  t: Translate,
  place: Place,
  options: DeliveryOptions,
  source: string | undefined,
  run: Extract<GraphqlRun, { kind: 'answer' }>,
): string {
  const number = (n: number) => n.toLocaleString('en-US');
  const out = new ToolText().add(describePlace(place, t));
  out.add(
    [
      t(
        'Content Delivery API, {0}, {1}.',
        options.drafts ? t('drafts included (X-Include-Drafts)') : t('published content only'),
        options.strict ? t('strict mode on (X-Exclude-Invalid: invalid records left out, required fields non-null)') : t('strict mode off'),
      ),
      source,
    ]
      .filter(Boolean)
      .join(' '),
  );
  const facts = [
    t('{0}: HTTP {1} in {2} ms.', run.operation ? t('Query {0}', run.operation) : t('Anonymous query'), run.status, Math.round(run.ms)),
  ];
  if (run.complexity !== undefined)
    facts.push(
      run.maxComplexity
        ? t(
            'Complexity {0} of the maximum {1} ({2}%).',
            number(run.complexity),
            number(run.maxComplexity),
            percent(run.complexity, run.maxComplexity),
          )
        : t('Complexity {0}.', number(run.complexity)),
    );
  if (run.cacheTags !== undefined) facts.push(t('Cache tags: {0}.', run.cacheTags));
  out.add(facts.join(' '));
  if (run.complexity !== undefined && run.maxComplexity && run.complexity > run.maxComplexity)
    out.add(
      t(
        'The query is over the complexity limit, so the API ran nothing: ask for fewer records (a smaller first), fewer nested links or blocks, fewer filters, or split it.',
      ),
    );
  if (run.errors.length) out.add(describeErrors(t, run.errors));
  if (run.data === undefined || run.data === null) {
    out.add(t('The answer holds no data.'));
    return out.toString();
  }
  const json = JSON.stringify(run.data, null, 2);
  const { text, cut } = cutAt(json, LIMITS.graphqlDataChars);
  out.data(t, text, 'json');
  if (cut)
    out.add(
      t(
        'The data is {0} characters of JSON; only the first {1} are shown, so the block above is cut and does not parse. Ask for less: fewer records (first, and skip to page), fewer fields, or fewer nested records.',
        number(json.length),
        number(text.length),
      ),
    );
  return out.toString();
}

function describeErrors(t: Translate, errors: GraphqlError[]): string {
  const shown = errors.slice(0, LIMITS.graphqlErrors);
  const rows = shown.map((e) => JSON.stringify(e)).join('\n');
  const more = errors.length > shown.length ? ` ${t('The first {0} are listed.', shown.length)}` : '';
  return `${t('The API answered {0} GraphQL error(s), with their line and column in the query (from 1) and the path of the value.', errors.length)}${more}\n${fenced(rows, 'jsonl')}`;
}

/** A share as a percentage; a small one to two significant digits, so that it never reads 0. */
function percent(part: number, whole: number): string {
  const value = (part / whole) * 100;
  return value.toLocaleString('en-US', value < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 });
}
