// What the context hands the feature rooms, declared once: a feature takes `Services` (or a `Pick` of it where a
// plain-Node test builds the part it uses) instead of declaring its own copy of the same members. The context
// implements it, so a member's type and meaning are checked in one place. Types only: nothing here runs.
import type * as vscode from 'vscode';
import type { QueriesBrokenBy } from '../domain/codeImpact';
import type { DocumentsFeature } from '../documents';
import type { Report } from '../platform/errors';
import type { KnownSecrets } from '../platform/secrets';
import type { ProjectsDeps } from '../projects/actionHost';
import type { TreeDeps } from '../tree/commands';

/** The context's services; the projects room's and the tree's part are declared on their floors. */
export interface Services extends ProjectsDeps, TreeDeps {
  log: vscode.LogOutputChannel;
  /** reports a failure the one way: `<what failed>: <why>` with Sign In (Again), Retry and Show Log */
  report: Report;
  extension: vscode.ExtensionContext;
  /** the stored tokens, to scrub from anything a server echoes */
  secrets: KnownSecrets;
  /** the documents feature, made on first use */
  readonly documents: DocumentsFeature;
  /** the extension changed an environment's schema: what shows or caches it follows */
  schemaChanged(where: { project: string; environment: string }): void;
  /** the workspace's GraphQL operations a deleted or renamed model or field would break */
  queriesBrokenBy: QueriesBrokenBy;
  /** the project and environment the code of the focused (else the first) workspace folder reads, when linked */
  workspaceLink(): Promise<{ project: string; environment?: string } | undefined>;
}
