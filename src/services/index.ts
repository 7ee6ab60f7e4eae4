// What the context hands the feature rooms, declared once: a feature takes `Services` (or a `Pick` of it where a
// plain-Node test builds the part it uses) instead of declaring its own copy of the same members. The context
// implements it, so a member's type and meaning are checked in one place. Types only: nothing here runs.
import type * as vscode from 'vscode';
import type { QueriesBrokenBy } from '../domain/codeImpact';
import type { DeletedResources } from '../domain/deleted';
import type { DocumentsFeature } from '../documents';
import type { Config } from '../platform/config';
import type { Report } from '../platform/errors';
import type { Translate } from '../platform/translate';
import type { KnownSecrets } from '../platform/secrets';
import type { Ui } from '../platform/ui';
import type { ProjectRegistry } from '../projects/registry';
import type { ProjectStatusBar } from '../projects/statusBar';
import type { TreeModel } from '../tree/model';
import type { TreeNode } from '../tree/nodes';

export interface Services {
  t: Translate;
  /** every dialog, progress and status message (the token scrubbed from what it shows) */
  ui: Ui;
  log: vscode.LogOutputChannel;
  /** reports a failure the one way: `<what failed>: <why>` with Sign In (Again), Retry and Show Log */
  report: Report;
  extension: vscode.ExtensionContext;
  config: Config;
  /** the stored tokens, to scrub from anything a server echoes */
  secrets: KnownSecrets;
  /** the signed-in projects, their clients, data and environments */
  registry: ProjectRegistry;
  tree: TreeModel;
  treeView: vscode.TreeView<TreeNode>;
  /** the project and environment the palette acts on */
  statusBar: ProjectStatusBar;
  /** the documents feature, made on first use */
  readonly documents: DocumentsFeature;
  /** resources were deleted in DatoCMS: their editors close, or keep unsaved text marked deleted */
  documentsDeleted(gone: DeletedResources): Promise<void>;
  /** the extension changed an environment's schema: what shows or caches it follows */
  schemaChanged(where: { project: string; environment: string }): void;
  /** the workspace's GraphQL operations a deleted or renamed model or field would break */
  queriesBrokenBy: QueriesBrokenBy;
  /** the project and environment the code of the focused (else the first) workspace folder reads, when linked */
  workspaceLink(): Promise<{ project: string; environment?: string } | undefined>;
}
