// The signed-in projects of this VS Code installation: metadata in globalState, tokens in
// SecretStorage (shared by all windows, hence the onDidChange listener), and one ProjectData cache
// per (project, environment). A token that changes or is deleted retires the project's client at once.
import vscode = require('vscode');
import { CmaClient, type ClientOptions } from '../cma';
import type { Config } from '../platform/config';
import { logRequest } from '../platform/requestLog';
import type { KnownSecrets } from '../platform/secrets';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import { VscodeUi } from '../platform/vscodeUi';
import { NotSignedInError, type Project, type ProjectSource } from './project';
import { ProjectClients } from './projectClients';
import type { ProjectData } from './projectData';
import { isProjectSecretKey, ProjectStore, projectKeyOfSecret } from './projectStore';

export { type Project } from './project';

export class ProjectRegistry implements vscode.Disposable, ProjectSource {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** projects added/removed, environment switched, token changed */
  readonly onDidChange = this.changeEmitter.event;
  readonly store: ProjectStore;
  readonly t: Translate = vscode.l10n.t;
  /** one client per project (its token), shared by its environments, and their cached data */
  private readonly clients = new ProjectClients((key, lifetime) => this.createClient(key, lifetime));
  private readonly disposables: vscode.Disposable[] = [this.changeEmitter, { dispose: () => this.clients.dispose() }];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly config: Config,
    private readonly log: vscode.LogOutputChannel,
    /** told every token read from or written to secret storage (what messages, the log and answers are scrubbed of) */
    knownSecrets: KnownSecrets,
    /** how project-level questions (the primary environment's guard) are asked: the extension's one Ui */
    readonly ui: Ui = new VscodeUi(),
  ) {
    const secrets = knownSecrets.watch(context.secrets);
    this.store = new ProjectStore(secrets, context.globalState);
    // every stored token is known from the start; one stored later (in any window, by any feature) once it changes
    void this.store.readAll().catch(() => undefined);
    this.disposables.push(
      context.secrets.onDidChange((event) => {
        if (isProjectSecretKey(event.key)) void Promise.resolve(secrets.get(event.key)).catch(() => undefined);
        const key = projectKeyOfSecret(event.key);
        if (key === undefined) return;
        this.forget(key);
        this.changeEmitter.fire();
      }),
      config.onDidChange((setting) => {
        // Cached data stays valid per environment; only which one is active may change.
        if (setting === 'defaultEnvironment') this.changeEmitter.fire();
      }),
    );
  }

  list(): Project[] {
    return this.store.list().sort((a, b) => a.name.localeCompare(b.name));
  }

  get(key: string): Project | undefined {
    return this.store.get(key);
  }

  /** The environment chosen for the project, else the configured default, else its primary one. */
  environmentOf(key: string): string {
    return this.store.selectedEnvironment(key) ?? this.config.defaultEnvironment() ?? this.get(key)?.primaryEnvironment ?? 'main';
  }

  async setEnvironment(key: string, environment: string): Promise<void> {
    await this.store.selectEnvironment(key, environment);
    this.changeEmitter.fire();
  }

  /** Cached data of a project in an environment (default: its active one). */
  data(key: string, environment: string = this.environmentOf(key)): Promise<ProjectData> {
    return this.clients.data(key, environment);
  }

  /** Options of every client the extension creates (logging, user agent). */
  clientOptions(apiToken: string, baseUrl: string): ClientOptions {
    return {
      apiToken,
      baseUrl,
      userAgent: `datocms-explorer/${String(this.context.extension.packageJSON['version'] ?? '0')} vscode/${vscode.version}`,
      onRequest: (entry) => logRequest(this.log, entry),
    };
  }

  async addProject(project: Project, token: string): Promise<void> {
    await this.store.save(project, token);
    this.forget(project.key);
    this.changeEmitter.fire();
  }

  async signOut(key: string): Promise<void> {
    await this.store.remove(key);
    this.forget(key);
    this.changeEmitter.fire();
  }

  /** The user ran a command: background sources the budget stopped may run again. */
  userActed(): void {
    this.clients.resetBudgets();
  }

  /** Drops cached data (after a refresh-all); the next data() call fetches again. */
  invalidateAll(): void {
    this.clients.invalidateAll();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private async createClient(key: string, lifetime: AbortSignal): Promise<CmaClient> {
    const project = this.get(key);
    const token = project ? await this.store.token(key) : undefined;
    if (!project || !token) throw new NotSignedInError(key);
    const onBudgetTrip = (source: string) => {
      this.log.warn(
        `Stopped ${source} for ${project.name}: more requests than a person causes, without a user action. It resumes with your next command.`,
      );
      void this.ui.warn(
        this.t(
          'DatoCMS Explorer stopped {0} for {1}: it was sending requests on its own faster than expected. It resumes with your next command; Show Log says more.',
          source,
          project.name,
        ),
      );
    };
    return new CmaClient({ ...this.clientOptions(token, project.baseUrl), signal: lifetime, onBudgetTrip });
  }

  private forget(key: string): void {
    this.clients.forget(key);
  }
}
