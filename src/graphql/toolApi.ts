// What the workbench offers the agents' tools: a query run as Run sends it (the delivery token, the environment, the
// options, cache tags asked for) after graphql-js has parsed it, and the places in the linked folders' code that read a
// model or a field. Plain data in and out: the agent tools phrase the answers. No vscode import.
import { GraphQLError, Kind, OperationTypeNode, parse, type OperationDefinitionNode } from 'graphql';
import { paths } from '../platform/host';
import { CdaAuthError, CdaRequestError, postCda } from './cdaHttp';
import type { GraphqlDeps } from './deps';
import type { CdaOptions, CdaTarget, ToolFolderLink, WorkspaceLink } from './link';
import type { GraphqlPartsDeps } from './parts';

// the agents' tests name the folder link by this module
export type { ToolFolderLink } from './link';

export interface ToolQuery {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  options: CdaOptions;
}

export interface ToolGraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  code?: string;
}

export type ToolRun =
  /** graphql-js could not parse the query: nothing was sent */
  | { kind: 'syntax'; message: string; line: number; column: number }
  /** no operation to run: none, several without operationName, an unknown name, or not a query; nothing was sent */
  | { kind: 'operation'; problem: 'none' | 'unnamed' | 'unknown' | 'not-query'; names: string[]; operation?: string }
  /** the API refused the request itself (an unknown environment…) */
  | { kind: 'refused'; status: number; code?: string; message: string }
  | {
      kind: 'answer';
      /** the operation's name, undefined when anonymous */
      operation: string | undefined;
      status: number;
      ms: number;
      complexity?: number;
      maxComplexity?: number;
      /** how many cache tags the answer carries */
      cacheTags?: number;
      errors: ToolGraphqlError[];
      /** the answer's `data` (undefined when the API ran nothing) */
      data: unknown;
    };

interface ToolUsage {
  /** relative to its folder (prefixed by the folder's name when several folders were searched), with `/` */
  file: string;
  /** 1-based */
  line: number;
  /** `query Feed`, `fragment Card on ArticleRecord`, `query` (anonymous) */
  unit: string;
}

export interface ToolUsages {
  /** how many folders the workspace has */
  workspaceFolders: number;
  /** the folders on this machine with a link, whatever they read */
  linked: ToolFolderLink[];
  /** the folders whose code reads the environment asked about (the ones searched) */
  searched: string[];
  usages: ToolUsage[];
  /** files not searched: larger than anyone writes queries, or outside their folder through a symbolic link */
  skipped: number;
}

export class GraphqlToolApi {
  readonly #deps: Pick<GraphqlDeps, 'endpoint' | 'links' | 'workspaceFolders'> & Pick<GraphqlPartsDeps, 'tokens' | 'search'>;

  constructor(deps: Pick<GraphqlDeps, 'endpoint' | 'links' | 'workspaceFolders'> & Pick<GraphqlPartsDeps, 'tokens' | 'search'>) {
    this.#deps = deps;
  }

  linksForTool(): Promise<ToolFolderLink[]> {
    return this.#deps.links();
  }

  /** Parses the query, picks its operation, and runs it on `target` with the request's options. */
  async runForTool(target: CdaTarget, request: ToolQuery): Promise<ToolRun> {
    let operations: OperationDefinitionNode[];
    try {
      operations = parse(request.query).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const at = error.locations?.[0];
      return { kind: 'syntax', message: error.message, line: at?.line ?? 1, column: at?.column ?? 1 };
    }
    const names = operations.flatMap((o) => (o.name ? [o.name.value] : []));
    const chosen = pickOperation(operations, request.operationName);
    if (typeof chosen === 'string') return { kind: 'operation', problem: chosen, names };
    if (chosen.operation !== OperationTypeNode.QUERY)
      return { kind: 'operation', problem: 'not-query', names, operation: chosen.operation };
    try {
      const response = await this.#deps.tokens.run(target.project, request.options.drafts, (token, secrets) =>
        postCda({
          endpoint: this.#deps.endpoint(),
          token,
          secrets,
          environment: target.environment,
          drafts: request.options.drafts,
          strict: request.options.strict,
          cacheTags: true,
          query: request.query,
          ...(request.variables && Object.keys(request.variables).length ? { variables: request.variables } : {}),
          ...(request.operationName ? { operationName: request.operationName } : {}),
        }),
      );
      const errors = Array.isArray(response.body.errors) ? response.body.errors : [];
      return {
        kind: 'answer',
        operation: chosen.name?.value,
        status: response.status,
        ms: response.ms,
        ...(response.complexity !== undefined ? { complexity: response.complexity } : {}),
        ...(response.maxComplexity !== undefined ? { maxComplexity: response.maxComplexity } : {}),
        ...(response.cacheTags !== undefined ? { cacheTags: response.cacheTags.length } : {}),
        errors: errors.map(errorOf),
        data: response.body.data ?? undefined,
      };
    } catch (error) {
      // a token the API refuses has its own message (what to paste); the rest is the request's own refusal
      if (error instanceof CdaRequestError && !(error instanceof CdaAuthError) && error.status >= 400)
        return { kind: 'refused', status: error.status, ...(error.code ? { code: error.code } : {}), message: error.message };
      throw error;
    }
  }

  /** The places in the code of the folders reading `where` that read the model (or its field). */
  async usagesOf(where: CdaTarget & { model: string; field?: string }): Promise<ToolUsages> {
    const { project, environment, model, field } = where;
    const linked = await this.#deps.links();
    const searched = await this.#deps.search.foldersReading(where);
    const change =
      field === undefined
        ? { project, environment, kind: 'model' as const, modelApiKey: model }
        : { project, environment, kind: 'field' as const, modelApiKey: model, fieldApiKey: field };
    const found = searched.length ? await this.#deps.search.find(change) : { files: [], skipped: [] };
    const seen = new Set<string>();
    const usages: ToolUsage[] = [];
    for (const file of found.files) {
      const relative = paths.relative(file.folder.path, file.path).split(paths.sep).join('/');
      const name = searched.length > 1 ? `${file.folder.name}/${relative}` : relative;
      for (const read of file.reads) {
        const usage = { file: name, line: read.line + 1, unit: read.unit };
        const key = JSON.stringify(usage);
        if (seen.has(key)) continue;
        seen.add(key);
        usages.push(usage);
      }
    }
    usages.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
    return {
      workspaceFolders: this.#deps.workspaceFolders(),
      linked,
      searched: searched.map((f) => f.name),
      usages,
      skipped: found.skipped.length,
    };
  }
}

/** What the agents' tools call: the workbench (GraphqlFeature) satisfies it, the unit tests give them the API itself. */
export type GraphqlTools = Pick<GraphqlToolApi, 'linksForTool' | 'runForTool' | 'usagesOf'>;

/** The operation to run, or why there is none. */
function pickOperation(
  operations: OperationDefinitionNode[],
  name: string | undefined,
): OperationDefinitionNode | 'none' | 'unnamed' | 'unknown' {
  if (name !== undefined) return operations.find((o) => o.name?.value === name) ?? 'unknown';
  if (operations.length === 0) return 'none';
  return operations.length === 1 ? operations[0]! : 'unnamed';
}

function errorOf(error: {
  message?: unknown;
  locations?: unknown;
  path?: unknown;
  extensions?: Record<string, unknown>;
}): ToolGraphqlError {
  const message = typeof error?.message === 'string' ? error.message : JSON.stringify(error);
  const locations = Array.isArray(error?.locations)
    ? (error.locations as { line?: unknown; column?: unknown }[]).flatMap((l) =>
        typeof l?.line === 'number' && typeof l?.column === 'number' ? [{ line: l.line, column: l.column }] : [],
      )
    : [];
  const steps = Array.isArray(error?.path) ? (error.path as unknown[]).filter((p) => typeof p === 'string' || typeof p === 'number') : [];
  const code = error?.extensions?.['code'];
  return {
    message,
    ...(locations.length ? { locations } : {}),
    ...(steps.length ? { path: steps } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** A folder's link as the tools name it. */
export function toolLinkOf(folder: string, link: WorkspaceLink): ToolFolderLink {
  return { folder, project: link.project, environment: link.environment, drafts: link.drafts, strict: link.strict };
}
