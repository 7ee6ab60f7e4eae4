// What the agent tools need of the GraphQL workbench, in their own terms: the workbench (its own bundle, with
// graphql-js) satisfies it, and is made only when one of the GraphQL tools is called; the unit tests give it the
// emulator's delivery API. No vscode import.
import type { Where } from './place';

export interface DeliveryOptions {
  /** X-Include-Drafts */
  drafts: boolean;
  /** X-Exclude-Invalid */
  strict: boolean;
}

/** A workspace folder's link: what its code reads. */
export interface FolderLink extends Where, DeliveryOptions {
  /** the folder's name */
  folder: string;
}

export interface GraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  code?: string;
}

export type GraphqlRun =
  | { kind: 'syntax'; message: string; line: number; column: number }
  | { kind: 'operation'; problem: 'none' | 'unnamed' | 'unknown' | 'not-query'; names: string[]; operation?: string }
  | { kind: 'refused'; status: number; code?: string; message: string }
  | {
      kind: 'answer';
      operation: string | undefined;
      status: number;
      ms: number;
      complexity?: number;
      maxComplexity?: number;
      cacheTags?: number;
      errors: GraphqlError[];
      data: unknown;
    };

export interface GraphqlUsages {
  workspaceFolders: number;
  /** the folders with a link, whatever they read */
  linked: FolderLink[];
  /** the names of the folders searched (those linked to the environment asked about) */
  searched: string[];
  /** `file` relative to its folder, `line` 1-based, `unit` the operation or fragment (`query Feed`) */
  usages: { file: string; line: number; unit: string }[];
}

export interface GraphqlTools {
  /** the workspace folders' links, the focused folder's first */
  linksForTool(): Promise<FolderLink[]>;
  /** parses the query (nothing is sent when it does not parse or holds no query to run), then runs it */
  runForTool(
    target: Where,
    request: { query: string; variables?: Record<string, unknown>; operationName?: string; options: DeliveryOptions },
  ): Promise<GraphqlRun>;
  usagesOf(where: Where & { model: string; field?: string }): Promise<GraphqlUsages>;
}
