// What a workspace folder's code reads through the Content Delivery API: the project, the environment, and the
// options every request sends (drafts, strict mode). No vscode import.

/** The delivery options that change what the API serves, and so the schema it introspects to. */
export interface CdaOptions {
  /** `X-Include-Drafts: true`: the latest version of every record instead of the published one */
  drafts: boolean;
  /** `X-Exclude-Invalid: true`: invalid records left out, and the schema narrowed (required fields non-null) */
  strict: boolean;
}

/** A project and one of its environments (the shape the context's schema-change notice has). */
export interface CdaTarget {
  /** the signed-in project's key */
  project: string;
  /** the environment's id, always explicit (the primary one included) */
  environment: string;
}

/** Where a link's project comes from. */
export type LinkSource =
  /** the DatoCMS CLI's datocms.config.json at the folder's root (its `siteId`), the profile named */
  | { kind: 'config'; path: string; profile: string }
  /** chosen by the user once, remembered per folder */
  | { kind: 'chosen' };

export interface WorkspaceLink extends CdaTarget, CdaOptions {
  /** the workspace folder's URI as a string; '' for files outside every folder */
  folder: string;
  source: LinkSource;
}

/** A workspace folder on this machine (what Sync GraphQL Schema writes into). */
export interface SyncFolder {
  /** the folder's URI as a string (the link's `folder`) */
  key: string;
  /** its path on disk */
  path: string;
  name: string;
}

/** A workspace folder on this machine with its link. */
export interface LinkedFolder {
  /** the folder's URI as a string */
  key: string;
  name: string;
  /** its path on disk */
  path: string;
  link: WorkspaceLink;
}

/** A workspace folder's link, named by the folder (as the agents' tools see it). */
export interface ToolFolderLink extends CdaTarget, CdaOptions {
  folder: string;
}

/** One string per (project, environment, strict, drafts): the unit of caching. */
export function schemaKeyOf(target: CdaTarget, options: CdaOptions): string {
  return JSON.stringify([target.project, target.environment, options.strict, options.drafts]);
}

/** "published · strict" — how the options read in the status bar and the result's summary. */
export function describeOptions(options: CdaOptions, t: (message: string) => string): string {
  return `${options.drafts ? t('drafts') : t('published')} · ${options.strict ? t('strict') : t('not strict')}`;
}
