// LifecycleDeps as the extension makes them: the registry's data, the primary guard, the documents' handling of
// deleted resources, and opening a document in an editor.
import type { DeletedResources } from '../domain';
import { openDocument, type Translate, type Ui } from '../platform';
import type { LifecycleDeps } from './actions';
import { confirmSchemaChange, primaryWarning } from './primaryGuard';
import type { ProjectRegistry } from './registry';

/** What builds LifecycleDeps: the registry, the window, and where deleted documents are handled. */
export interface ActionHost {
  registry: ProjectRegistry;
  ui: Ui;
  t: Translate;
  documentsDeleted(gone: DeletedResources): Promise<void>;
}

export function actionDeps(host: ActionHost): LifecycleDeps {
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
