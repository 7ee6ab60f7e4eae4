// Which project and environment a tool works in: the one the agent names, else the focused `datocms:` document's,
// else the workspace's linked project, else the only signed-in project. Each answer says which it used, so the
// agent (and the user reading along) knows where a read came from. No vscode import.
import type { DocumentRef } from '../domain/paths';
import type { Project } from '../projects/project';
import type { Translate } from '../platform/translate';
import { type InputReader, NAME } from './inputs';
import { quoted, ToolRefusal } from './output';

export interface Where {
  project: string;
  environment: string;
}

/** The signed-in projects (the registry). */
export interface Projects {
  list(): Project[];
  get(key: string): Project | undefined;
  /** the environment the user chose for the project (the tree's) */
  environmentOf(key: string): string;
}

/** What the editor tells about where the user works. */
export interface Surroundings {
  /** the focused `datocms:` document, if one is focused (its project and environment are the default place) */
  focusedDocument(): DocumentRef | undefined;
  /** the project (and environment) the workspace is linked to, if it is */
  workspaceLink(): Promise<{ project: string; environment?: string } | undefined>;
}

type PlaceSource = 'input' | 'editor' | 'workspace' | 'only';

export interface Place extends Where {
  name: string;
  source: PlaceSource;
  /** the project's primary environment: schema saves there ask the user first */
  primary: boolean;
}

export const PLACE_KEYS = ['project', 'environment'] as const;

/** The place of a tool call (`project` and `environment` of its input, else the defaults above). */
export async function resolvePlace(projects: Projects, around: Surroundings, input: InputReader, t: Translate): Promise<Place> {
  const askedProject = input.id('project', NAME, t('a signed-in project key'));
  const askedEnvironment = input.id('environment', NAME, t('an environment name'));
  const focused = around.focusedDocument();
  if (askedProject !== undefined) {
    const environment = askedEnvironment ?? (focused?.project === askedProject ? focused.environment : undefined);
    return place(signedIn(projects, askedProject, t, 'input'), environment, 'input', projects);
  }
  if (focused) return place(signedIn(projects, focused.project, t, 'editor'), askedEnvironment ?? focused.environment, 'editor', projects);
  const link = await around.workspaceLink();
  if (link) return place(signedIn(projects, link.project, t, 'workspace'), askedEnvironment ?? link.environment, 'workspace', projects);
  const all = projects.list();
  if (all.length === 0)
    throw new ToolRefusal(t('No DatoCMS project is signed in in this editor: ask the user to run “DatoCMS: Sign In” with an API token.'));
  if (all.length > 1)
    throw new ToolRefusal(
      t(
        'Several DatoCMS projects are signed in ({0}) and no DatoCMS document is focused: pass project with one of these keys.',
        all.map((p) => p.key).join(', '),
      ),
    );
  return place(all[0]!, askedEnvironment, 'only', projects);
}

function signedIn(projects: Projects, key: string, t: Translate, source: PlaceSource): Project {
  const project = projects.get(key);
  if (project) return project;
  const keys = projects
    .list()
    .map((p) => p.key)
    .join(', ');
  const where =
    source === 'editor'
      ? t('The focused document belongs to the DatoCMS project {0}, which is not signed in in this editor.', quoted(key))
      : source === 'workspace'
        ? t('The workspace is linked to the DatoCMS project {0}, which is not signed in in this editor.', quoted(key))
        : t('No signed-in DatoCMS project has the key {0}.', quoted(key));
  throw new ToolRefusal(
    `${where} ${keys ? t('Signed-in projects: {0}.', keys) : t('No project is signed in.')} ${t('Ask the user to sign in to it (“DatoCMS: Sign In”) or use a signed-in project.')}`,
  );
}

function place(project: Project, environment: string | undefined, source: PlaceSource, projects: Projects): Place {
  const env = environment ?? projects.environmentOf(project.key);
  return { project: project.key, name: project.name, environment: env, source, primary: env === (project.primaryEnvironment ?? 'main') };
}

/** One sentence: the project and environment used, and why. */
export function describePlace(place: Place, t: Translate): string {
  const env = place.primary ? t('environment {0} (the primary one)', place.environment) : t('environment {0}', place.environment);
  const why = {
    input: t('as asked'),
    editor: t('from the focused DatoCMS document'),
    workspace: t("from the workspace's link"),
    only: t('the only signed-in project'),
  }[place.source];
  return t('DatoCMS project {0} (key {1}), {2} — {3}.', quoted(place.name), place.project, env, why);
}
