// The guard on the primary environment: a schema change there (a model, block model, field or fieldset
// created, updated, deleted or reordered) applies at once to what the website and the editors use, so it
// asks first, naming the project, the environment and the change. "Don't Ask Again for This Project" is
// remembered per project in globalState until Reset Schema Change Confirmations. Records and webhooks
// are not guarded. No vscode import: it asks through the registry's Ui (tests pass a scripted one).
import type { KeyValueStore } from './projectStore';
import type { ProjectRegistry } from './registry';

export interface SchemaChange {
  /** project key */
  project: string;
  environment: string;
  /** what would change, for the confirmation, e.g. `Delete field "Title" (title) of model "Article"` */
  action: string;
}

/** The parts of the registry the guard uses. */
export type GuardHost = Pick<ProjectRegistry, 'get' | 'ui' | 't'> & { store: { state: KeyValueStore } };

/** globalState key: the project keys whose schema changes in the primary environment no longer ask */
const NOT_ASKING_KEY = 'datocms.schemaChangesConfirmed';

/** Whether a schema change may go ahead; false = the user declined and nothing may be sent. */
export async function confirmSchemaChange(registry: ProjectRegistry, change: SchemaChange): Promise<boolean> {
  return askSchemaChange(registry, change);
}

export async function askSchemaChange(host: GuardHost, change: SchemaChange): Promise<boolean> {
  const project = host.get(change.project);
  // The primary known at sign-in (kept current by promote and rename), else DatoCMS's default name.
  if (change.environment !== (project?.primaryEnvironment ?? 'main')) return true;
  const state = host.store.state;
  if (projectsNotAsking(state).includes(change.project)) return true;
  const { t } = host;
  const go = t('Change Schema');
  const always = t("Don't Ask Again for This Project");
  const answer = await host.ui.confirm({
    message: t('{0} in the primary environment "{1}" of {2}?', change.action, change.environment, project?.name ?? change.project),
    detail: t(
      'The primary environment is the one your website and editors use: the change applies to it at once. To try a change first, fork a sandbox environment (Environments → Fork…).',
    ),
    actions: [go, always],
    safe: t("Don't Change"),
  });
  if (answer === always) await stopAskingSchemaChanges(state, change.project);
  return answer === go || answer === always;
}

/** "Don't Ask Again for This Project": schema changes in the project's primary environment go ahead without asking. */
export async function stopAskingSchemaChanges(state: KeyValueStore, projectKey: string): Promise<void> {
  const notAsking = projectsNotAsking(state);
  if (!notAsking.includes(projectKey)) await state.update(NOT_ASKING_KEY, [...notAsking, projectKey]);
}

/** Every project asks again before a schema change in its primary environment. Returns how many did not. */
export async function resetSchemaChangeConfirmations(state: KeyValueStore): Promise<number> {
  const count = projectsNotAsking(state).length;
  await state.update(NOT_ASKING_KEY, undefined);
  return count;
}

function projectsNotAsking(state: KeyValueStore): string[] {
  const stored = state.get<unknown>(NOT_ASKING_KEY);
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}
