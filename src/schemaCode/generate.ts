// "Generate Migration": reads both schemas again (so the script never comes from a stale comparison),
// flags what only the target has before any delete goes into the script, asks for a name, and writes the
// script as a new file in the migrations folder of the workspace (never over an existing file, never
// through a symbolic link). No vscode import.
import { lstat, mkdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SiteWithSchema } from '../cma';
import { createNew, TargetRefused } from '../platform/exclusiveFile';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import { diffSchemas, MIGRATIONS_MODEL, type SchemaDiff } from './diff';
import { planMigration, removalsOf } from './plan';
import { migrationFileName, migrationScript } from './script';
import { snapshotOf } from './snapshot';

/** Where `datocms migrations:new` writes when its config names no folder. */
export const DEFAULT_MIGRATIONS_DIRECTORY = 'migrations';
/** Removals named in the confirmation; the rest are counted. */
const REMOVALS_SHOWN = 12;

export interface GenerateDeps {
  ui: Ui;
  t: Translate;
  readSchema(environment: string, signal: AbortSignal): Promise<SiteWithSchema>;
  /** the workspace folder the script goes into */
  folder: string;
  now(): Date;
}

export interface GenerateRequest {
  /** the environment whose schema the script reproduces */
  source: string;
  /** the environment it will run on (a fork of it) */
  target: string;
}

export interface GenerateResult {
  path: string;
  steps: number;
  diff: SchemaDiff;
}

/** Writes the migration; undefined when the user stopped, or nothing differs (both said in a message). */
export async function generateMigration(deps: GenerateDeps, request: GenerateRequest): Promise<GenerateResult | undefined> {
  const { ui, t } = deps;
  const { source, target } = request;
  const cliConfig = await migrationsConfig(deps.folder);
  const diff = await ui.withProgress(
    { title: t('Reading the schemas of {0} and {1}…', source, target), cancellable: true },
    async (_report, signal) => {
      const [sourceSchema, targetSchema] = await Promise.all([deps.readSchema(source, signal), deps.readSchema(target, signal)]);
      return diffSchemas(snapshotOf(source, sourceSchema), snapshotOf(target, targetSchema), {
        ignoreModels: [cliConfig.modelApiKey ?? MIGRATIONS_MODEL],
      });
    },
  );
  const removals = removalsOf(diff);
  let deletes = false;
  if (removals.length > 0) {
    const remove = t('Delete Them in the Migration');
    const leave = t('Leave Them Out');
    const listed = removals.slice(0, REMOVALS_SHOWN).map((r) => `• ${r.what} ${r.label}`);
    if (removals.length > REMOVALS_SHOWN) listed.push(t('…and {0} more', removals.length - REMOVALS_SHOWN));
    const answer = await ui.confirm({
      message: t('{0} has {1} schema items that {2} does not have', target, removals.length, source),
      detail: `${listed.join('\n')}\n\n${t('A colleague may have added them to {0} after {1} was forked. Deleted in the migration, they and their content are gone from every environment it runs on.', target, source)}`,
      actions: [leave, remove],
    });
    if (answer === undefined) return undefined;
    deletes = answer === remove;
  }
  const steps = planMigration(diff, { deletes });
  if (steps.filter((s) => s.kind !== 'lookup').length === 0) {
    void ui.info(
      t(
        'Nothing to migrate: the schema of {0} matches {1}{2}.',
        target,
        source,
        removals.length > 0 ? t(' (apart from what you left out)') : '',
      ),
    );
    return undefined;
  }
  const name = await ui.input({
    title: t('Name of the migration'),
    prompt: t('The file is named like "datocms migrations:new" names it: a timestamp and this name.'),
    value: t('{0} schema', source),
    validate: (text) => (/[A-Za-z0-9]/.test(text) ? undefined : t('Use at least one letter or digit.')),
  });
  if (name === undefined) return undefined;
  const directory = cliConfig.directory;
  const now = deps.now();
  const path = join(directory, migrationFileName(name, now));
  const text = migrationScript(steps, { source, target, generatedAt: now.toISOString() });
  await writeNewFile(deps.folder, directory, path, text, t);
  return { path, steps: steps.length, diff };
}

/**
 * The CLI's migrations settings (`datocms.config.json`'s default profile): the folder scripts go in (else
 * `migrations`; never outside the workspace folder) and the model that records the scripts run.
 */
export async function migrationsConfig(folder: string): Promise<{ directory: string; modelApiKey?: string }> {
  let configured: { directory?: unknown; modelApiKey?: unknown } | undefined;
  try {
    const config = JSON.parse(await readFile(join(folder, 'datocms.config.json'), 'utf8')) as {
      profiles?: Record<string, { migrations?: typeof configured }>;
    };
    configured = config.profiles?.['default']?.migrations;
  } catch {
    configured = undefined;
  }
  const wanted =
    typeof configured?.directory === 'string' && configured.directory.trim() !== '' ? resolve(folder, configured.directory) : undefined;
  const inside = wanted === undefined ? undefined : relative(folder, wanted);
  const directory =
    wanted === undefined || inside === '' || inside!.split(sep)[0] === '..' || isAbsolute(inside!)
      ? resolve(folder, DEFAULT_MIGRATIONS_DIRECTORY)
      : wanted;
  return { directory, ...(typeof configured?.modelApiKey === 'string' ? { modelApiKey: configured.modelApiKey } : {}) };
}

async function writeNewFile(folder: string, directory: string, path: string, text: string, t: Translate): Promise<void> {
  // each folder below the workspace folder must be a real folder, not a link to somewhere else
  let current = folder;
  for (const part of relative(folder, directory).split(sep).filter(Boolean)) {
    current = join(current, part);
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? undefined : Promise.reject(error),
    );
    if (!stats) await mkdir(current);
    else if (!stats.isDirectory())
      throw new TargetRefused(t('{0} is not a folder (or is a symbolic link); the migration is not written through it.', current));
  }
  let handle;
  try {
    handle = await createNew(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' || (error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new TargetRefused(t('{0} already exists; the migration does not overwrite it. Generate it again in a second.', path));
    }
    throw error;
  }
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
}
