// Each workspace folder's link: the project from the DatoCMS CLI's datocms.config.json at the folder's root when it
// names a signed-in one (its `siteId`), else the project chosen once for the folder; the environment and the
// options (drafts, strict) chosen for the folder. Choices are remembered per folder (workspace state). Links are
// kept resolved so that `linkOf` answers at once. No vscode import.
import { CancelledError } from '../cma';
import { NotSignedInError } from '../platform/errors';
import type { Translate } from '../platform/translate';
import type { Project } from '../projects/project';
import { CLI_CONFIG_FILE, parseCliConfig, type CliProfile } from './cliConfig';
import type { GraphqlDeps } from './deps';
import { Emitter, type Disposable, type Event } from './events';
import type { LinkSource, WorkspaceLink } from './link';

const STATE_KEY = 'datocms.graphql.links';

/** What is remembered for a folder. */
interface Stored {
  /** the project chosen (or last linked, so that the environment below is known to be its own) */
  project?: string;
  /** the datocms.config.json profile chosen when it has several */
  profile?: string;
  environment?: string;
  drafts?: boolean;
  strict?: boolean;
}

interface Resolved {
  link?: WorkspaceLink;
  /** why datocms.config.json gives no project (unreadable, or its project is not signed in) */
  problem?: string;
  /** several profiles name a project and none was chosen */
  profiles?: CliProfile[];
}

export class LinkBook implements Disposable {
  readonly #deps: Pick<GraphqlDeps, 'ui' | 't' | 'state' | 'projects' | 'readConfig' | 'environments' | 'folderName' | 'signIn'>;
  readonly #resolved = new Map<string, Resolved>();
  readonly #changed = new Emitter<{ folder: string; link: WorkspaceLink | undefined }>();
  /** a folder's link appeared, changed or went away */
  readonly onDidChange: Event<{ folder: string; link: WorkspaceLink | undefined }> = this.#changed.event;

  constructor(deps: Pick<GraphqlDeps, 'ui' | 't' | 'state' | 'projects' | 'readConfig' | 'environments' | 'folderName' | 'signIn'>) {
    this.#deps = deps;
  }

  /** The folder's link as last resolved (see reload). */
  linkOf(folder: string): WorkspaceLink | undefined {
    return this.#resolved.get(folder)?.link;
  }

  /** Reads the folders' config files and choices again; listeners hear of links that changed. */
  async reload(folders: string[]): Promise<void> {
    await Promise.all(
      folders.map(async (folder) => {
        const next = await this.#resolve(folder);
        const before = this.#resolved.get(folder);
        this.#resolved.set(folder, next);
        if (JSON.stringify(before?.link) !== JSON.stringify(next.link)) this.#changed.fire({ folder, link: next.link });
      }),
    );
  }

  /** The folder's link, asking what is missing (a profile, a project, an environment); CancelledError when dismissed. */
  async ensure(folder: string): Promise<WorkspaceLink> {
    const { ui, t } = this.#deps;
    await this.reload([folder]);
    let resolved = this.#resolved.get(folder)!;
    if (resolved.link) return resolved.link;
    if (resolved.profiles) {
      const profile = await ui.pick(
        resolved.profiles.map((p) => ({ label: p.name, description: t('project ID {0}', p.siteId ?? ''), value: p.name })),
        { title: t('Which profile of {0} does the code in {1} use?', CLI_CONFIG_FILE, this.#deps.folderName(folder)) },
      );
      if (profile === undefined) throw new CancelledError('No profile was chosen.');
      await this.#store(folder, { profile });
      resolved = this.#resolved.get(folder)!;
      if (resolved.link) return resolved.link;
    }
    if (resolved.problem) {
      const signIn = t('Sign In');
      const choose = t('Choose a Project');
      const answer = await ui.warn(resolved.problem, signIn, choose);
      if (answer === signIn) {
        await this.#deps.signIn();
        await this.reload([folder]);
        const link = this.linkOf(folder);
        if (link) return link;
      } else if (answer !== choose) throw new CancelledError('No project was chosen.');
    }
    const project = await this.#pickProject(folder);
    const environment = await this.#pickEnvironment(project);
    await this.#store(folder, { project: project.key, environment });
    const link = this.linkOf(folder);
    if (!link) throw new Error(`The link of ${this.#deps.folderName(folder)} could not be made.`);
    return link;
  }

  /** The folder's link menu: project (or profile), environment, drafts, strict mode, forget. */
  async change(folder: string): Promise<void> {
    const { ui, t } = this.#deps;
    const link = await this.ensure(folder);
    const project = this.#deps.projects.get(link.project);
    type Choice = 'project' | 'environment' | 'drafts' | 'strict' | 'forget';
    const choice = await ui.pick<Choice>(
      [
        {
          label: `$(database) ${t('Project: {0}', project?.name ?? link.project)}`,
          description: describeSource(link.source, t),
          value: 'project',
        },
        { label: `$(server-environment) ${t('Environment: {0}', link.environment)}`, value: 'environment' },
        {
          label: `$(eye) ${link.drafts ? t('Drafts: included (X-Include-Drafts)') : t('Drafts: published content only')}`,
          description: t('switch'),
          value: 'drafts',
        },
        {
          label: `$(filter) ${link.strict ? t('Strict mode: on (X-Exclude-Invalid)') : t('Strict mode: off')}`,
          description: t('switch'),
          value: 'strict',
        },
        { label: `$(discard) ${t("Forget this folder's choices")}`, value: 'forget' },
      ],
      { title: t('DatoCMS link of {0}', this.#deps.folderName(folder)) },
    );
    if (choice === 'drafts') await this.#store(folder, { project: link.project, drafts: !link.drafts });
    else if (choice === 'strict') await this.#store(folder, { project: link.project, strict: !link.strict });
    else if (choice === 'environment') {
      const chosen = this.#deps.projects.get(link.project);
      if (chosen) await this.#store(folder, { project: link.project, environment: await this.#pickEnvironment(chosen, link.environment) });
    } else if (choice === 'forget') await this.#replace(folder, {});
    else if (choice === 'project') {
      if (link.source.kind === 'config') {
        void ui.info(
          t(
            'The project of {0} comes from {1} (profile "{2}"): change it there.',
            this.#deps.folderName(folder),
            CLI_CONFIG_FILE,
            link.source.profile,
          ),
        );
        return;
      }
      const chosen = await this.#pickProject(folder);
      await this.#replace(folder, { ...this.#stored(folder), project: chosen.key, environment: await this.#pickEnvironment(chosen) });
    }
  }

  dispose(): void {
    this.#changed.dispose();
  }

  async #resolve(folder: string): Promise<Resolved> {
    const { t } = this.#deps;
    const stored = this.#stored(folder);
    const config = await this.#deps.readConfig(folder).catch(() => undefined);
    let project: Project | undefined;
    let source: LinkSource = { kind: 'chosen' };
    let problem: string | undefined;
    if (config) {
      const parsed = parseCliConfig(config.text);
      if (!parsed.ok) problem = t('{0} cannot be read: {1}.', config.path, parsed.message);
      else {
        const linked = parsed.profiles.filter((p) => p.siteId !== undefined);
        const profile = linked.length === 1 ? linked[0] : linked.find((p) => p.name === stored.profile);
        if (!profile && linked.length > 1 && !stored.project) return { profiles: linked };
        if (profile) {
          project = this.#deps.projects.list().find((p) => p.siteId === profile.siteId);
          if (project) source = { kind: 'config', path: config.path, profile: profile.name };
          else
            problem = t(
              '{0} links {1} to the DatoCMS project with ID {2} (profile "{3}"), which is not signed in.',
              CLI_CONFIG_FILE,
              this.#deps.folderName(folder),
              profile.siteId ?? '',
              profile.name,
            );
        }
      }
    }
    if (!project && stored.project) project = this.#deps.projects.get(stored.project);
    if (!project) return problem ? { problem } : {};
    const ownEnvironment = stored.project === project.key ? stored.environment : undefined;
    return {
      link: {
        folder,
        project: project.key,
        environment: ownEnvironment ?? project.primaryEnvironment ?? 'main',
        drafts: stored.drafts ?? false,
        strict: stored.strict ?? true,
        source,
      },
    };
  }

  async #pickProject(folder: string): Promise<Project> {
    const { ui, t } = this.#deps;
    const projects = [...this.#deps.projects.list()].sort((a, b) => a.name.localeCompare(b.name));
    if (projects.length === 0) throw new NotSignedInError();
    const project =
      projects.length === 1
        ? projects[0]
        : await ui.pick(
            projects.map((p) => ({ label: p.name, description: p.internalDomain ?? undefined, value: p })),
            { title: t('Which DatoCMS project does the code in {0} read?', this.#deps.folderName(folder)) },
          );
    if (!project) throw new CancelledError('No project was chosen.');
    return project;
  }

  async #pickEnvironment(project: Project, current?: string): Promise<string> {
    const { ui, t } = this.#deps;
    const environments = await this.#deps.environments(project.key);
    const primary = environments.find((e) => e.primary)?.id ?? project.primaryEnvironment ?? 'main';
    if (environments.length <= 1) return primary;
    const ordered = [...environments].sort((a, b) => Number(b.primary) - Number(a.primary) || a.id.localeCompare(b.id));
    const chosen = await ui.pick(
      ordered.map((e) => ({
        label: e.id,
        description:
          [e.primary ? t('primary') : undefined, e.id === current ? t('current') : undefined].filter(Boolean).join(' · ') || undefined,
        value: e.id,
      })),
      { title: t('Which environment of {0} does the code read?', project.name) },
    );
    if (chosen === undefined) throw new CancelledError('No environment was chosen.');
    return chosen;
  }

  #all(): Record<string, Stored> {
    const stored = this.#deps.state.get<unknown>(STATE_KEY);
    return stored && typeof stored === 'object' ? (stored as Record<string, Stored>) : {};
  }

  #stored(folder: string): Stored {
    return this.#all()[folder] ?? {};
  }

  async #store(folder: string, change: Stored): Promise<void> {
    const before = this.#stored(folder);
    // another project's environment is not this one's; drafts and strict mode are the folder's
    const next: Stored = {
      ...before,
      ...(change.project !== undefined && change.project !== before.project ? { environment: undefined } : {}),
      ...change,
    };
    await this.#replace(folder, next);
  }

  async #replace(folder: string, stored: Stored): Promise<void> {
    await this.#deps.state.update(STATE_KEY, { ...this.#all(), [folder]: stored });
    await this.reload([folder]);
  }
}

function describeSource(source: LinkSource, t: Translate): string {
  return source.kind === 'config' ? t('from {0} (profile "{1}")', CLI_CONFIG_FILE, source.profile) : t('chosen for this folder');
}
