// What the GraphQL workbench's components are built from, declared once: each component takes a `Pick` of it, the
// workbench (./feature.ts) hands it over and tests hand fakes. The room's own parts that are themselves built from it
// (the tokens, the usage scan, the fragments, the language sources) are in ./parts.ts, so that no import goes round.
import type { LogOutputChannel, TextDocument, Uri } from 'vscode';
import type { HostWorker } from '../platform/host';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import type { Project } from '../projects/project';
import type { ProjectData } from '../projects/projectData';
import type { KeyValueStore, SecretStore } from '../projects/projectStore';
import type { Event } from './events';
import type { Renames } from './language/fixes';
import type { CdaTarget, LinkedFolder, SyncFolder, ToolFolderLink, WorkspaceLink } from './link';
import type { ResultDocuments } from './results';
import type { SchemaCache } from './schemaCache';
import type { GeneratorScript } from './schemaFile';
import type { FolderFragments, ScanFile } from './usages/scanner';
import type { UsageClient } from './usages/usageClient';

export interface GraphqlDeps {
  /** the window's messages, picks and input boxes */
  ui: Ui;
  /** the message translator */
  t: Translate;
  /** the extension's log */
  log: LogOutputChannel;
  /** the workspace state: links chosen, schema files, variables given */
  state: KeyValueStore;
  /** VS Code's secret storage (delivery tokens) */
  secrets: SecretStore;

  /** the signed-in projects */
  projects: { list(): Project[]; get(key: string): Project | undefined };
  /** a project's name, its key when not signed in */
  projectName(projectKey: string): string;
  /** the signed-in token of a project (undefined when signed out) */
  signedInToken(projectKey: string): Promise<string | undefined>;
  /** every token kept: each signed-in project's API token and delivery token (what no answer may show) */
  storedTokens?(): Promise<(string | undefined)[]>;
  /** runs Sign In; resolves when it is over */
  signIn(): PromiseLike<unknown>;
  /** a project's environments, the primary one marked */
  environments(projectKey: string): Promise<{ id: string; primary: boolean }[]>;
  /** a project environment's models and fields, as the CMA gives them */
  data(project: string, environment: string): Promise<ProjectData>;
  /** the GraphQL names of every model of the project's environment (`BlogPost`), so a longer name keeps its types */
  pascals(target: CdaTarget): Promise<string[]>;

  /** the delivery API's address */
  endpoint(): string;
  /** the delivery API's schemas, per (project, environment, strict, drafts) */
  schemas: Pick<SchemaCache, 'entry' | 'peek' | 'refresh'>;
  /** a schema was invalidated or found changed */
  onSchemaChange: Event<unknown>;
  /** where Run's results are shown */
  results: ResultDocuments;

  /** the link of the folder of a document (or a URI), as last resolved; undefined when not linked (yet) */
  linkFor(target: TextDocument | Uri): WorkspaceLink | undefined;
  /** the link of the folder of a document (or a URI), asking for what is missing */
  ensureLink(target: TextDocument | Uri): Promise<WorkspaceLink>;
  /** the folders' links are resolved (the first reading of their configuration) */
  linksReady: Promise<unknown>;
  /** a folder's link appeared, changed or went away */
  onLinkChange: Event<unknown>;
  /** the workspace folders' links (the focused folder's first), once resolved, as the agents' tools name them */
  links(): Promise<ToolFolderLink[]>;
  /** how many folders the workspace has */
  workspaceFolders(): number;
  /** the text of datocms.config.json at the folder's root, with the path to name it by; undefined when absent */
  readConfig(folder: string): Promise<{ path: string; text: string } | undefined>;
  /** the name of a folder (by its URI string) */
  folderName(folder: string): string;

  /** the workspace's folders on this machine that have a link (once the links are resolved) */
  folders(): Promise<LinkedFolder[]>;
  /** the folders' GraphQL and code files, what the workspace excludes left out */
  files(folders: readonly LinkedFolder[]): Promise<ScanFile[]>;
  /** a file of a linked folder changed (the folder's URI string) */
  onFileChange: Event<string>;
  /** the fragments a folder's files define */
  readFragments(folder: LinkedFolder): Promise<FolderFragments>;
  /** the usage scan, off the extension host's thread */
  client: Pick<UsageClient, 'find' | 'broken' | 'fragments'>;
  /** the worker thread of the usage scan; the bundled one by default */
  startWorker?: () => HostWorker;
  /** the text of a file, undefined when there is none */
  readText(path: string): Promise<string | undefined>;

  /** the fields the project renamed, for the quick fix of a query still reading an old name */
  renames: Renames;
  /** runs a package script in a terminal the user sees */
  runScript(folder: SyncFolder, script: GeneratorScript): PromiseLike<unknown>;
  /** scripts of the repository run only in a trusted workspace */
  trusted(): boolean;
  /** how long schema changes are gathered before one offer to sync */
  burstMs?: number;
}
