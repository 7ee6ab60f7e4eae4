// Sign-in logic without vscode: verify a token with GET /site, derive the project, store it.
// The command in src/commands wraps this with the input box and progress.
import { ApiError, type CallOptions, type ClientOptions, type CmaClient } from '../cma';
import type { Resource } from '../cma';
import { Site } from '../domain/views';
import type { Project } from './project';
import type { ProjectStore } from './projectStore';

export class InvalidTokenError extends Error {
  constructor(readonly baseUrl: string) {
    super(
      `DatoCMS rejected the API token (401) at ${baseUrl}. Check that you copied a full CMA token of this project (Settings → API tokens); nothing was stored.`,
    );
    this.name = 'InvalidTokenError';
  }
}

export type ClientFactory = (options: ClientOptions) => CmaClient;

export interface SignInResult {
  project: Project;
  /** true when this project was already signed in (its token is replaced) */
  replaced: boolean;
}

/** Checks the token against the API and, only if it works, stores project and token. */
export async function signIn(args: {
  token: string;
  baseUrl: string;
  /** where the project goes; the registry (which also announces it) or a bare ProjectStore */
  store: Pick<ProjectStore, 'list' | 'save'>;
  createClient: ClientFactory;
  signal?: AbortSignal;
}): Promise<SignInResult> {
  const token = args.token.trim();
  if (token === '') throw new Error('The API token is empty.');
  const client = args.createClient({ apiToken: token, baseUrl: args.baseUrl });
  const call: CallOptions = args.signal ? { signal: args.signal } : {};
  let site: Resource<'site'>;
  try {
    site = await client.site.find(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new InvalidTokenError(args.baseUrl);
    throw error;
  }
  const primaryEnvironment = await findPrimaryEnvironment(client, call);
  const existing = args.store.list();
  const project = projectFromSite(site, args.baseUrl, existing, primaryEnvironment);
  const replaced = existing.some((p) => p.key === project.key);
  await args.store.save(project, token);
  return { project, replaced };
}

/** The primary environment's id; undefined when the token may not list environments. */
async function findPrimaryEnvironment(client: CmaClient, call: CallOptions): Promise<string | undefined> {
  try {
    const environments = await client.environments.list(call);
    return environments.find((e) => e.meta['primary'] === true)?.id;
  } catch (error) {
    if (call.signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The project for a site. Its key is the first label of the internal domain (URI-safe), else the
 * site id; another site that already uses that key (e.g. same name on another base URL) gets the
 * site id appended so keys stay unique.
 */
export function projectFromSite(site: Resource<'site'>, baseUrl: string, existing: Project[], primaryEnvironment?: string): Project {
  const internalDomain = Site.internalDomain(site) ?? null;
  const name = Site.name(site) || `Site ${site.id}`;
  const label = slug(internalDomain?.split('.')[0] ?? '');
  let key = label || slug(site.id) || 'site';
  const clash = existing.find((p) => p.key === key && (p.siteId !== site.id || p.baseUrl !== baseUrl));
  if (clash) key = `${key}-${slug(site.id)}`;
  const project: Project = { key, siteId: site.id, name, baseUrl, internalDomain };
  if (primaryEnvironment !== undefined) project.primaryEnvironment = primaryEnvironment;
  return project;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
