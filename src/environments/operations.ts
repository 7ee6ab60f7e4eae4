// What each environment command does, as Ui dialogues over the API (no vscode import: tested with a
// scripted Ui). Every refusal that can be decided locally (a bad name, deleting the primary) comes
// before any request; promote, delete and maintenance mode ask first, naming what they affect.
import { MaintenanceMode } from '../domain/views';
import { ApiError, CancelledError, type CallOptions } from '../cma';
import { sleep } from '../cma';
import type { Resource } from '../cma';
import type { Project } from '../projects/registry';
import type { Translate } from '../platform/translate';
import type { ProgressReport, Ui } from '../platform/ui';
import { ACTIVE_EDITING_SESSIONS, isPrimary, statusOf, type EnvironmentsApi } from './api';

export interface EnvironmentOpsDeps {
  ui: Ui;
  t: Translate;
  client: EnvironmentsApi;
  /** this command's copy of the project (its primary is updated when found out of date) */
  project: Project;
  /** the environment the tree shows for the project */
  shown(): string;
  /** makes the tree (and what follows it) show this environment */
  switchTo(environment: string): Promise<void>;
  /** remembers the project's primary environment (status bar, the schema guard) */
  setPrimary(environment: string): Promise<void>;
  /** reloads the project's Environments node */
  refresh(): Promise<void>;
  /** how many open editors hold documents of this environment of the project */
  openEditorsOf(environment: string): number;
  /** how many of those hold unsaved changes */
  unsavedEditorsOf(environment: string): number;
  /** how long to wait between two looks at an environment being created (ms) */
  pollInterval?: number;
}

/** Why a name cannot be a new environment's, or undefined when it can. Environment ids are names. */
export function environmentNameProblem(name: string, taken: ReadonlySet<string>, t: Translate): string | undefined {
  if (name === '') return t('Enter a name for the environment.');
  // as DatoCMS checks it: dashes only between letters or digits (not first, last or two in a row)
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name))
    return /^[a-z0-9-]+$/.test(name)
      ? t('Put dashes only between letters or digits: not first, not last, not two in a row.')
      : t('Use only lowercase letters, digits and dashes (a-z, 0-9, -).');
  if (taken.has(name)) return t('An environment named "{0}" already exists.', name);
  return undefined;
}

/**
 * The project's environments. A primary other than the one the project remembers (promoted elsewhere
 * since sign-in) is remembered from now on: the schema guard and the status bar follow it.
 */
async function listEnvironments(deps: EnvironmentOpsDeps): Promise<Resource<'environment'>[]> {
  const environments = await deps.ui.withProgress({ title: deps.t('Loading environments…'), cancellable: true }, (_report, signal) =>
    deps.client.environments.list({ signal }),
  );
  const primary = environments.find(isPrimary)?.id;
  if (primary !== undefined && primary !== deps.project.primaryEnvironment) {
    deps.project.primaryEnvironment = primary;
    await deps.setPrimary(primary);
  }
  return environments;
}

/** Forks `source` into a new sandbox (name and speed asked), waits for it, then shows it in the tree. */
export async function forkEnvironment(deps: EnvironmentOpsDeps, source: string): Promise<string | undefined> {
  const { ui, t, client } = deps;
  const environments = await listEnvironments(deps);
  const taken = new Set(environments.map((e) => e.id));
  const sourceEnvironment = environments.find((e) => e.id === source);
  if (!sourceEnvironment) throw new Error(t('Environment "{0}" does not exist in {1}.', source, deps.project.name));
  if (statusOf(sourceEnvironment) !== 'ready')
    throw new Error(t('Environment "{0}" is {1}: it can be forked once it is ready.', source, statusOf(sourceEnvironment)));
  const name = await ui.input({
    title: t('Fork "{0}" of {1}', source, deps.project.name),
    prompt: t('Name of the new sandbox environment (lowercase letters, digits and dashes)'),
    value: freeName(`${source}-fork`, taken),
    validate: (text) => environmentNameProblem(text, taken, t),
  });
  if (name === undefined || environmentNameProblem(name, taken, t) !== undefined) return undefined;
  const fast = await ui.pick(
    [
      {
        label: t('Full fork'),
        detail: t('Copies the schema, the records and the uploads references; "{0}" stays writable meanwhile.', source),
        value: false,
      },
      { label: t('Fast fork'), detail: t('Takes less time, but nobody can write to "{0}" until the fork is done.', source), value: true },
    ],
    { title: t('How should "{0}" be forked?', source) },
  );
  if (fast === undefined) return undefined;
  let force = false;
  for (;;) {
    try {
      await ui.withProgress({ title: t('Forking "{0}" into "{1}"…', source, name), cancellable: true }, async (report, signal) => {
        const options = fast ? { fast: true, ...(force ? { force: true } : {}) } : {};
        const created = await client.environments.fork(source, name, options, {
          signal,
          onJob: (id) => report.message(t('DatoCMS is copying the environment (job {0})', id)),
        });
        await untilReady(deps, created, report, signal);
      });
      break;
    } catch (error) {
      if (error instanceof CancelledError) {
        void ui.info(t('Stopped waiting: DatoCMS goes on forking "{0}" into "{1}"; it shows under Environments when ready.', source, name));
        await deps.refresh();
        return undefined;
      }
      if (force || !isActiveEditing(error)) throw error;
      const anyway = t('Fork Anyway');
      const answer = await ui.confirm({
        message: t('Collaborators are editing records in "{0}". Fast-fork it anyway?', source),
        detail: t(
          'While the fast fork runs nobody can write to "{0}": changes they have not saved yet cannot be saved until it ends.',
          source,
        ),
        actions: [anyway],
        safe: t('Not Now'),
      });
      if (answer !== anyway) return undefined;
      force = true;
    }
  }
  await deps.switchTo(name);
  await deps.refresh();
  void ui.info(t('Forked "{0}" into "{1}". The tree now shows "{1}".', source, name));
  return name;
}

/** Waits until a forked environment is ready, reporting how far the copy is. */
async function untilReady(
  deps: EnvironmentOpsDeps,
  created: Resource<'environment'>,
  report: ProgressReport,
  signal: AbortSignal,
): Promise<void> {
  let environment = created;
  while (statusOf(environment) === 'creating') {
    const percentage = environment.meta['fork_completion_percentage'];
    if (typeof percentage === 'number') report.message(deps.t('{0}% copied', percentage));
    await sleep(deps.pollInterval ?? 2000, signal);
    environment = await deps.client.environments.find(created.id, { signal } satisfies CallOptions);
  }
}

/** Makes a sandbox the primary environment, after a confirmation naming both; the tree then shows it. */
export async function promoteEnvironment(deps: EnvironmentOpsDeps, id: string): Promise<boolean> {
  const { ui, t } = deps;
  const environments = await listEnvironments(deps);
  const target = environments.find((e) => e.id === id);
  if (!target) throw new Error(t('Environment "{0}" does not exist in {1}.', id, deps.project.name));
  if (isPrimary(target)) {
    void ui.info(t('"{0}" is already the primary environment of {1}.', id, deps.project.name));
    return false;
  }
  if (statusOf(target) !== 'ready')
    throw new Error(t('Environment "{0}" is {1}: it can be promoted once it is ready.', id, statusOf(target)));
  const primary = environments.find(isPrimary)?.id ?? deps.project.primaryEnvironment ?? 'main';
  const promote = t('Promote');
  const answer = await ui.confirm({
    message: t('Make "{0}" the primary environment of {1}, instead of "{2}"?', id, deps.project.name, primary),
    detail: t(
      'Your website and editors then use the content and schema of "{0}" at once; "{1}" becomes a sandbox (nothing is deleted).',
      id,
      primary,
    ),
    actions: [promote],
    safe: t('Keep "{0}" Primary', primary),
  });
  if (answer !== promote) return false;
  await ui.withProgress({ title: t('Promoting "{0}"…', id), cancellable: false }, () => deps.client.environments.promote(id));
  await deps.setPrimary(id);
  // the tree (and the status bar) follow the primary the user just chose
  await deps.switchTo(id);
  await deps.refresh();
  void ui.info(t('"{0}" is now the primary environment of {1}, shown in the tree; "{2}" is a sandbox.', id, deps.project.name, primary));
  return true;
}

/** Renames an environment; the tree and the status bar follow it, open editors of the old name are named. */
export async function renameEnvironment(deps: EnvironmentOpsDeps, id: string): Promise<string | undefined> {
  const { ui, t } = deps;
  const environments = await listEnvironments(deps);
  if (!environments.some((e) => e.id === id)) throw new Error(t('Environment "{0}" does not exist in {1}.', id, deps.project.name));
  const taken = new Set(environments.map((e) => e.id));
  const name = await ui.input({
    title: t('Rename environment "{0}" of {1}', id, deps.project.name),
    prompt: t(
      'New name (lowercase letters, digits and dashes). Apps that name "{0}" (X-Environment, preview links) must then use the new one.',
      id,
    ),
    value: id,
    validate: (text) => (text === id ? t('Enter a different name.') : environmentNameProblem(text, taken, t)),
  });
  if (name === undefined || name === id || environmentNameProblem(name, taken, t) !== undefined) return undefined;
  await ui.withProgress({ title: t('Renaming "{0}" to "{1}"…', id, name), cancellable: false }, () =>
    deps.client.environments.rename(id, name),
  );
  if (deps.project.primaryEnvironment === id || environments.find(isPrimary)?.id === id) await deps.setPrimary(name);
  if (deps.shown() === id) await deps.switchTo(name);
  await deps.refresh();
  const editors = deps.openEditorsOf(id);
  void ui.info(
    editors === 0
      ? t('Renamed "{0}" to "{1}".', id, name)
      : t(
          'Renamed "{0}" to "{1}". {2} open editor(s) still belong to "{0}": they are not moved, and saving them fails while no environment has that name. Reopen them from the tree.',
          id,
          name,
          editors,
        ),
  );
  return name;
}

/** Deletes a sandbox after a confirmation naming it; the primary is refused before any request. */
export async function deleteEnvironment(deps: EnvironmentOpsDeps, id: string): Promise<boolean> {
  const { ui, t } = deps;
  const refusal = t(
    '"{0}" is the primary environment of {1} and cannot be deleted. To delete it, first promote another environment.',
    id,
    deps.project.name,
  );
  if (deps.project.primaryEnvironment === id) {
    await ui.warn(refusal);
    return false;
  }
  const environments = await listEnvironments(deps);
  const target = environments.find((e) => e.id === id);
  if (!target) throw new Error(t('Environment "{0}" does not exist in {1}.', id, deps.project.name));
  if (isPrimary(target)) {
    await ui.warn(refusal);
    return false;
  }
  const primary = environments.find(isPrimary)?.id ?? deps.project.primaryEnvironment ?? 'main';
  const shown = deps.shown() === id;
  const unsaved = deps.unsavedEditorsOf(id);
  const remove = t('Delete Environment');
  const answer = await ui.confirm({
    message: t('Delete environment "{0}" of {1}?', id, deps.project.name),
    detail: [
      t('Its models, fields, records and uploads references are deleted from DatoCMS for good. This cannot be undone.'),
      shown ? t('The tree shows "{0}" now: it switches to "{1}".', id, primary) : undefined,
      unsaved > 0
        ? t('{0} open editor(s) of "{1}" have unsaved changes: they can no longer be saved once it is deleted.', unsaved, id)
        : undefined,
    ]
      .filter(Boolean)
      .join(' '),
    actions: [remove],
    safe: t('Keep Environment'),
  });
  if (answer !== remove) return false;
  await ui.withProgress({ title: t('Deleting environment "{0}"…', id), cancellable: false }, (report) =>
    deps.client.environments.destroy(id, { onJob: (job) => report.message(t('waiting for DatoCMS (job {0})', job)) }),
  );
  if (shown) await deps.switchTo(primary);
  await deps.refresh();
  void ui.info(t('Deleted environment "{0}" of {1}.', id, deps.project.name));
  return true;
}

/** Turns maintenance mode on (asks first; `force` only after DatoCMS says someone is editing, and asks again). */
export async function activateMaintenanceMode(deps: EnvironmentOpsDeps): Promise<boolean> {
  const { ui, t, client } = deps;
  const mode = await ui.withProgress({ title: t('Reading maintenance mode…'), cancellable: true }, (_report, signal) =>
    client.maintenanceMode.find({ signal }),
  );
  if (MaintenanceMode.isActive(mode)) {
    await deps.refresh();
    void ui.info(t('Maintenance mode of {0} is already on.', deps.project.name));
    return false;
  }
  const primary = deps.project.primaryEnvironment ?? 'main';
  const turnOn = t('Turn On');
  const answer = await ui.confirm({
    message: t('Turn on maintenance mode for {0}?', deps.project.name),
    detail: t(
      'The primary environment "{0}" becomes read-only for everyone (editors, the API, this extension) until maintenance mode is turned off. Sandboxes stay writable.',
      primary,
    ),
    actions: [turnOn],
    safe: t('Leave It Off'),
  });
  if (answer !== turnOn) return false;
  try {
    await ui.withProgress({ title: t('Turning on maintenance mode…'), cancellable: false }, () => client.maintenanceMode.activate({}));
  } catch (error) {
    if (!isActiveEditing(error)) throw error;
    const anyway = t('Turn On Anyway');
    const again = await ui.confirm({
      message: t('Collaborators are editing records in {0}. Turn on maintenance mode anyway?', deps.project.name),
      detail: t('Changes they have not saved yet cannot be saved while maintenance mode is on.'),
      actions: [anyway],
      safe: t('Leave It Off'),
    });
    if (again !== anyway) return false;
    await ui.withProgress({ title: t('Turning on maintenance mode…'), cancellable: false }, () =>
      client.maintenanceMode.activate({ force: true }),
    );
  }
  await deps.refresh();
  void ui.info(t('Maintenance mode of {0} is on: "{1}" is read-only.', deps.project.name, primary));
  return true;
}

export async function deactivateMaintenanceMode(deps: EnvironmentOpsDeps): Promise<boolean> {
  const { ui, t, client } = deps;
  const mode = await ui.withProgress({ title: t('Reading maintenance mode…'), cancellable: true }, (_report, signal) =>
    client.maintenanceMode.find({ signal }),
  );
  if (!MaintenanceMode.isActive(mode)) {
    await deps.refresh();
    void ui.info(t('Maintenance mode of {0} is already off.', deps.project.name));
    return false;
  }
  await ui.withProgress({ title: t('Turning off maintenance mode…'), cancellable: false }, () => client.maintenanceMode.deactivate());
  await deps.refresh();
  void ui.info(t('Maintenance mode of {0} is off.', deps.project.name));
  return true;
}

function isActiveEditing(error: unknown): boolean {
  return error instanceof ApiError && error.findError(ACTIVE_EDITING_SESSIONS) !== undefined;
}

function freeName(base: string, taken: ReadonlySet<string>): string {
  const clean = base.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'sandbox';
  if (!taken.has(clean)) return clean;
  for (let n = 2; ; n++) if (!taken.has(`${clean}-${n}`)) return `${clean}-${n}`;
}
