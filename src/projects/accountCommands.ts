// Sign In, Sign Out and Switch Environment as commands (their dialogues are in ./accountFlows).
import { CmaClient } from '../cma';
import { confirmSignOut, pickEnvironment, pickProjectToSignOut, runSignIn } from './accountFlows';
import { pickProject } from './pickers';
import type { ProjectsDeps } from './actionHost';

/** Signs in with a token the user pastes; given a project key (Sign In Again), to that project's server. */
export async function signIn(deps: ProjectsDeps, projectKey?: unknown): Promise<string | undefined> {
  const { registry, ui, t } = deps;
  // The token goes only where the user's settings say (or, signing in again to a known project, to the server it
  // was signed in at): no caller can pass another address. The argument is at most a project key, which may
  // belong to a project signed out meanwhile.
  let baseUrl = deps.config.baseUrl();
  const again = typeof projectKey === 'string' ? registry.get(projectKey) : undefined;
  if (again) baseUrl = { baseUrl: again.baseUrl };
  if (baseUrl.problem) void ui.warn(t('{0} Using {1}.', baseUrl.problem, baseUrl.baseUrl));
  const project = await runSignIn(ui, t, {
    baseUrl: baseUrl.baseUrl,
    store: { list: () => registry.list(), save: (p, token) => registry.addProject(p, token) },
    createClient: (options) =>
      new CmaClient({ ...registry.clientOptions(options.apiToken, options.baseUrl ?? baseUrl.baseUrl), ...options }),
  });
  return project?.key;
}

export async function signOut(deps: ProjectsDeps, arg?: unknown): Promise<void> {
  const { registry, ui, t } = deps;
  const named = projectKeyIn(arg);
  const project = named ? registry.get(named) : await pickProjectToSignOut(ui, t, registry.list());
  if (!project) return;
  // a project picked was chosen on purpose; one named by the menu is asked about once
  if (named && !(await confirmSignOut(ui, t, project))) return;
  await registry.signOut(project.key);
  void ui.info(t('Signed out of {0}: its API token is deleted from this computer.', project.name));
}

export async function switchEnvironment(deps: ProjectsDeps, arg?: unknown): Promise<void> {
  const { registry, ui, t } = deps;
  const key = await projectKeyOf(deps, arg, t('Switch environment of which project?'));
  if (!key) return;
  const data = await registry.data(key);
  const environment = await pickEnvironment(ui, t, data.client, registry.environmentOf(key));
  if (environment) await registry.setEnvironment(key, environment);
}

/** The project a command acts on: given as a key or a tree node, else the only one, else picked (the active one first). */
async function projectKeyOf(
  deps: Pick<ProjectsDeps, 'registry' | 'ui' | 't' | 'statusBar'>,
  arg: unknown,
  title: string,
): Promise<string | undefined> {
  const given = projectKeyIn(arg);
  if (given) return given;
  return (await pickProject(deps.ui, deps.t, deps.registry.list(), title, deps.statusBar.activeProjectKey()))?.key;
}

function projectKeyIn(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'projectKey' in arg && typeof arg.projectKey === 'string') return arg.projectKey;
  return undefined;
}
