// Where projects live: metadata (never the token) in a key-value store (VS Code's globalState), the
// API token only in a secret store (VS Code's SecretStorage), one secret per project.
// No vscode import: both stores are structural interfaces so tests can use in-memory fakes.
import type { Project } from './project';

export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const PROJECTS_KEY = 'datocms.projects';
const ENVIRONMENTS_KEY = 'datocms.selectedEnvironments';
const TOKEN_KEY_PREFIX = 'datocms.apiToken/';
const DELIVERY_TOKEN_KEY_PREFIX = 'datocms.cdaToken/';

export function tokenSecretKey(projectKey: string): string {
  return TOKEN_KEY_PREFIX + projectKey;
}

/** The secret of a project's read-only Content Delivery API token (the GraphQL workbench asks for it when needed). */
export function deliveryTokenSecretKey(projectKey: string): string {
  return DELIVERY_TOKEN_KEY_PREFIX + projectKey;
}

/** Whether a secret-storage key is one of ours (a project's API token or its delivery token). */
export function isProjectSecretKey(secretKey: string): boolean {
  return secretKey.startsWith(TOKEN_KEY_PREFIX) || secretKey.startsWith(DELIVERY_TOKEN_KEY_PREFIX);
}

/** The project key a secret belongs to, or undefined when the secret is not one of ours. */
export function projectKeyOfSecret(secretKey: string): string | undefined {
  return secretKey.startsWith(TOKEN_KEY_PREFIX) ? secretKey.slice(TOKEN_KEY_PREFIX.length) : undefined;
}

export class ProjectStore {
  constructor(
    private readonly secrets: SecretStore,
    /** the key-value store (globalState); other per-project choices live here too */
    readonly state: KeyValueStore,
  ) {}

  list(): Project[] {
    const stored = this.state.get<unknown>(PROJECTS_KEY);
    return Array.isArray(stored) ? stored.filter(isProject) : [];
  }

  get(key: string): Project | undefined {
    return this.list().find((p) => p.key === key);
  }

  token(key: string): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(tokenSecretKey(key)));
  }

  /** The project's delivery token, when one was pasted (kept by the GraphQL workbench). */
  deliveryToken(key: string): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(deliveryTokenSecretKey(key)));
  }

  /** Reads every project's tokens (a secret store that remembers what it reads then knows them all). */
  async readAll(): Promise<void> {
    await Promise.all(this.list().flatMap((project) => [this.token(project.key), this.deliveryToken(project.key)]));
  }

  /** Adds or replaces a project (same key) together with its token. */
  async save(project: Project, token: string): Promise<void> {
    // Secret first: a project listed without a token would show as signed out.
    await this.secrets.store(tokenSecretKey(project.key), token);
    await this.update(project);
  }

  /** Replaces what is known of a project (its token stays). */
  async update(project: Project): Promise<void> {
    const others = this.list().filter((p) => p.key !== project.key);
    await this.state.update(PROJECTS_KEY, [...others, project]);
  }

  /** Signs out: deletes the token and forgets the project and its environment choice. */
  async remove(key: string): Promise<void> {
    await this.secrets.delete(tokenSecretKey(key));
    await this.state.update(
      PROJECTS_KEY,
      this.list().filter((p) => p.key !== key),
    );
    const { [key]: _removed, ...rest } = this.selectedEnvironments();
    await this.state.update(ENVIRONMENTS_KEY, rest);
  }

  selectedEnvironment(key: string): string | undefined {
    return this.selectedEnvironments()[key];
  }

  async selectEnvironment(key: string, environment: string | undefined): Promise<void> {
    const { [key]: _previous, ...rest } = this.selectedEnvironments();
    await this.state.update(ENVIRONMENTS_KEY, environment === undefined ? rest : { ...rest, [key]: environment });
  }

  private selectedEnvironments(): Record<string, string> {
    const stored = this.state.get<unknown>(ENVIRONMENTS_KEY);
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  }
}

function isProject(value: unknown): value is Project {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p['key'] === 'string' && typeof p['siteId'] === 'string' && typeof p['name'] === 'string' && typeof p['baseUrl'] === 'string'
  );
}
