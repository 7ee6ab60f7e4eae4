// The guard on the primary environment: a schema change there (a model, block model, field or fieldset
// created, updated, deleted or reordered) applies at once to what the website and the editors use, so it
// asks first, naming the project, the environment and the change. "Don't Ask Again for This Project" is
// remembered per project in globalState until Reset Schema Change Confirmations. Records and webhooks
// are not guarded. No vscode import: it asks through the registry's Ui (tests pass a scripted one).
//
// Which environment is primary can change at any time (a colleague promotes a sandbox), so the guard reads it
// from DatoCMS before every question it might ask, and remembers it when it changed.
import type { Resource } from '../cma';
import type { KeyValueStore } from './projectStore';
import type { ProjectRegistry } from './registry';

export interface SchemaChange {
  /** project key */
  project: string;
  environment: string;
  /** what would change, for the confirmation, e.g. `Delete field "Title" (title) of model "Article"` */
  action: string;
}

/** What the guard uses: the projects, how to ask, where answers are kept, and the environments as DatoCMS has them. */
export type GuardHost = Pick<ProjectRegistry, 'get' | 'ui' | 't'> & {
  store: { state: KeyValueStore };
  /** the project's environments as DatoCMS lists them now */
  environments(projectKey: string): Promise<Resource<'environment'>[]>;
  /** remembers the project's primary environment (the status bar, the tree's default, this guard) */
  setPrimary(projectKey: string, environment: string): Promise<void>;
};

/** globalState key: the project keys whose schema changes in the primary environment no longer ask */
const NOT_ASKING_KEY = 'datocms.schemaChangesConfirmed';

/** Whether a schema change may go ahead; false = the user declined and nothing may be sent. */
export async function confirmSchemaChange(registry: ProjectRegistry, change: SchemaChange): Promise<boolean> {
  return askSchemaChange(registryGuard(registry), change);
}

/** What a change's own confirmation says in place of the guard's question (a delete asks once), when the guard would ask. */
export async function primaryWarning(registry: ProjectRegistry, change: SchemaChange): Promise<string | undefined> {
  return schemaChangeWarning(registryGuard(registry), change);
}

/** The guard's host made of the registry; `environments` defaults to a fresh list through the project's client. */
export function registryGuard(registry: ProjectRegistry, environments?: GuardHost['environments']): GuardHost {
  return {
    get: (key) => registry.get(key),
    ui: registry.ui,
    t: registry.t,
    store: registry.store,
    environments: environments ?? (async (key) => (await registry.data(key)).client.withEnvironment(undefined).environments.list()),
    setPrimary: async (key, environment) => {
      const project = registry.get(key);
      if (!project || project.primaryEnvironment === environment) return;
      // Pin what the tree shows, so that a change of primary does not move it.
      const shown = registry.environmentOf(key);
      await registry.store.update({ ...project, primaryEnvironment: environment });
      await registry.setEnvironment(key, shown);
    },
  };
}

export async function askSchemaChange(host: GuardHost, change: SchemaChange): Promise<boolean> {
  const state = host.store.state;
  if (!(await guards(host, change))) return true;
  const project = host.get(change.project);
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

/**
 * The guard's warning, for a question that asks anyway (a delete's): its answer then stands for the guard's, so the
 * user is asked once. undefined where the guard would not ask (a sandbox, a project that stopped asking).
 */
export async function schemaChangeWarning(host: GuardHost, change: SchemaChange): Promise<string | undefined> {
  if (!(await guards(host, change))) return undefined;
  return host.t(
    '"{0}" is the primary environment of {1}: your website and editors use it, and this applies to it at once.',
    change.environment,
    host.get(change.project)?.name ?? change.project,
  );
}

/** Whether the guard asks about this change: in the primary environment, unless the project stopped asking. */
async function guards(host: GuardHost, change: SchemaChange): Promise<boolean> {
  if (projectsNotAsking(host.store.state).includes(change.project)) return false;
  return change.environment === (await currentPrimary(host, change.project));
}

/** The primary environment as DatoCMS lists it now (remembered when it changed), else the one known, else "main". */
async function currentPrimary(host: GuardHost, projectKey: string): Promise<string> {
  const known = host.get(projectKey)?.primaryEnvironment;
  try {
    const primary = (await host.environments(projectKey)).find((e) => e.meta['primary'] === true)?.id;
    if (primary !== undefined) {
      if (primary !== known) await host.setPrimary(projectKey, primary);
      return primary;
    }
  } catch {
    // A token that may not list environments (or no network): the primary known at sign-in or since.
  }
  return known ?? 'main';
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
