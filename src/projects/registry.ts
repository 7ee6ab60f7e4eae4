// The signed-in projects of this VS Code installation: metadata in globalState, tokens in
// SecretStorage (shared by all windows, hence the onDidChange listener), and one ProjectData cache
// per (project, environment).
import * as vscode from 'vscode';
import { CmaClient, type ClientOptions } from '../cma';
import type { Config } from '../config';
import { logRequest } from '../ui/requestLog';
import { NotSignedInError, type Project, type ProjectSource } from './project';
import { ProjectData } from './projectData';
import { ProjectStore, projectKeyOfSecret } from './projectStore';

export { NotSignedInError, type Project } from './project';

export interface ProjectRegistryDeps {
  context: vscode.ExtensionContext;
  config: Config;
  log: vscode.LogOutputChannel;
}

export class ProjectRegistry implements vscode.Disposable, ProjectSource {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** projects added/removed, environment switched, token changed */
  readonly onDidChange = this.changeEmitter.event;
  readonly store: ProjectStore;
  /** one client per project (its token), shared by its environments */
  private readonly clients = new Map<string, Promise<CmaClient>>();
  private readonly data_ = new Map<string, ProjectData>();
  private readonly disposables: vscode.Disposable[] = [this.changeEmitter];

  constructor(private readonly deps: ProjectRegistryDeps) {
    this.store = new ProjectStore(deps.context.secrets, deps.context.globalState);
    this.disposables.push(
      deps.context.secrets.onDidChange((event) => {
        const key = projectKeyOfSecret(event.key);
        if (key === undefined) return;
        this.forget(key);
        this.changeEmitter.fire();
      }),
      deps.config.onDidChange((setting) => {
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
    return this.store.selectedEnvironment(key) ?? this.deps.config.defaultEnvironment() ?? this.get(key)?.primaryEnvironment ?? 'main';
  }

  async setEnvironment(key: string, environment: string): Promise<void> {
    await this.store.selectEnvironment(key, environment);
    this.changeEmitter.fire();
  }

  /** Cached data of a project in an environment (default: its active one). */
  async data(key: string, environment: string = this.environmentOf(key)): Promise<ProjectData> {
    const cacheKey = `${key}\n${environment}`;
    const cached = this.data_.get(cacheKey);
    if (cached) return cached;
    const client = await this.client(key);
    // Another call may have created it while this one read the secret.
    const data = this.data_.get(cacheKey) ?? new ProjectData(client.withEnvironment(environment));
    this.data_.set(cacheKey, data);
    return data;
  }

  /** Options of every client the extension creates (logging, user agent). */
  clientOptions(apiToken: string, baseUrl: string): ClientOptions {
    return {
      apiToken,
      baseUrl,
      userAgent: `datocms-explorer/${String(this.deps.context.extension.packageJSON['version'] ?? '0')} vscode/${vscode.version}`,
      onRequest: (entry) => logRequest(this.deps.log, entry),
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

  /** Drops cached data (after a refresh-all); the next data() call fetches again. */
  invalidateAll(): void {
    for (const data of this.data_.values()) data.invalidate();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private client(key: string): Promise<CmaClient> {
    let client = this.clients.get(key);
    if (!client) {
      client = this.createClient(key);
      this.clients.set(key, client);
      client.catch(() => {
        if (this.clients.get(key) === client) this.clients.delete(key);
      });
    }
    return client;
  }

  private async createClient(key: string): Promise<CmaClient> {
    const project = this.get(key);
    const token = project ? await this.store.token(key) : undefined;
    if (!project || !token) throw new NotSignedInError(key);
    return new CmaClient(this.clientOptions(token, project.baseUrl));
  }

  private forget(key: string): void {
    this.clients.delete(key);
    for (const cacheKey of [...this.data_.keys()]) if (cacheKey.startsWith(`${key}\n`)) this.data_.delete(cacheKey);
  }
}
