// LifecycleDeps as the extension makes them: the registry's data, the primary guard, the documents' handling of
// deleted resources, and opening a document in an editor.
import type { DeletedResources } from '../domain';
import { openDocument, type Translate, type Ui } from '../platform';
import type { LifecycleDeps } from './actions';
import { confirmSchemaChange, primaryWarning } from './primaryGuard';
import type { ProjectRegistry } from './registry';
import type { ProjectStatusBar } from './statusBar';
import type { Config } from '../platform/config';

/** What the projects room's commands and actions take from the context (declared here, below the feature rooms). */
export interface ProjectsDeps {
  registry: ProjectRegistry;
  config: Config;
  ui: Ui;
  t: Translate;
  statusBar: ProjectStatusBar;
  documentsDeleted(gone: DeletedResources): Promise<void>;
}

/** LifecycleDeps from the registry, the window, and where deleted documents are handled. */
export function actionDeps(host: Pick<ProjectsDeps, 'registry' | 'ui' | 't' | 'documentsDeleted'>): LifecycleDeps {
  return {
    ui: host.ui,
    t: host.t,
    data: (project, environment) => host.registry.data(project, environment),
    documentsDeleted: (gone) => host.documentsDeleted(gone),
    confirmSchemaChange: (change) => confirmSchemaChange(host.registry, change),
    primaryWarning: (change) => primaryWarning(host.registry, change),
    openDocument,
  };
}
