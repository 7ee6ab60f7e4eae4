// The DatoCMS CLI's datocms.config.json (`datocms link`, `datocms profile:set`): named profiles, each optionally
// naming its project by `siteId` (and organization, token variable, migrations folder…). Only what links a folder
// to a project is read here; the file is the repository's, never written. No vscode import.

export const CLI_CONFIG_FILE = 'datocms.config.json';

export interface CliProfile {
  name: string;
  /** the project's id (a signed-in project with this site id is the folder's project) */
  siteId?: string;
  /** the migrations folder the CLI writes to, relative to the config file */
  migrationsDirectory?: string;
}

export type CliConfig = { ok: true; profiles: CliProfile[] } | { ok: false; message: string };

const STRING_KEYS = ['siteId', 'organizationId', 'apiTokenEnvName', 'baseUrl', 'logLevel', 'logMode'];
const MIGRATION_KEYS = ['directory', 'modelApiKey', 'template', 'tsconfig'];

/** Parses the file as the CLI does: `{ profiles: { <name>: { siteId?, …, migrations?: { directory?, … } } } }`. */
export function parseCliConfig(text: string): CliConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isObject(value) || !isObject(value['profiles'])) return { ok: false, message: 'it has no "profiles" object' };
  const profiles: CliProfile[] = [];
  for (const [name, profile] of Object.entries(value['profiles'])) {
    if (!isObject(profile)) return { ok: false, message: `profile "${name}" is not an object` };
    for (const key of STRING_KEYS)
      if (profile[key] !== undefined && typeof profile[key] !== 'string')
        return { ok: false, message: `profile "${name}": "${key}" must be a string` };
    const migrations = profile['migrations'];
    if (migrations !== undefined && !isObject(migrations))
      return { ok: false, message: `profile "${name}": "migrations" must be an object` };
    for (const key of MIGRATION_KEYS)
      if (migrations?.[key] !== undefined && typeof migrations[key] !== 'string')
        return { ok: false, message: `profile "${name}": "migrations.${key}" must be a string` };
    const siteId = typeof profile['siteId'] === 'string' && profile['siteId'].trim() !== '' ? profile['siteId'].trim() : undefined;
    const directory = typeof migrations?.['directory'] === 'string' ? migrations['directory'] : undefined;
    profiles.push({ name, ...(siteId ? { siteId } : {}), ...(directory ? { migrationsDirectory: directory } : {}) });
  }
  return { ok: true, profiles };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
