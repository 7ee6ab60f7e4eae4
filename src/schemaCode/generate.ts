// "Generate Migration": reads both schemas again (so the script never comes from a stale comparison),
// flags what only the target has before any delete goes into the script (leaving it out is the default),
// asks for a name, and writes the script as a new file in the migrations folder of the workspace (never over
// an existing file: a name taken, even by a migration generated at the same moment, moves to the next
// second; never through a symbolic link). No vscode import.
import type { SiteWithSchema } from '../cma';
import { files, paths, TargetRefused } from '../platform/host';
import type { Translate } from '../platform/translate';
import { diffSchemas, MIGRATIONS_MODEL, type SchemaDiff } from './diff';
import { AmbiguousFieldset, planMigration, removalsOf, type Removal, type Step } from './plan';
import { codeChangesOf } from './codeChanges';
import { codeImpact } from '../domain/codeImpact';
import type { Services } from '../services';
import { migrationFileName, migrationScript } from './script';
import { snapshotOf } from './snapshot';

/** Where `datocms migrations:new` writes when its config names no folder. */
const DEFAULT_MIGRATIONS_DIRECTORY = 'migrations';
/** Removals named in the confirmation; the rest are counted. */
const REMOVALS_SHOWN = 12;

/** What to generate: between which environments of which project, into which workspace folder. */
export interface GenerateRequest {
  /** the project the environments belong to */
  project: string;
  /** the environment whose schema the script reproduces */
  source: string;
  /** the environment it will run on (a fork of it) */
  target: string;
  /** the workspace folder the script goes into */
  folder: string;
}

export interface GenerateResult {
  path: string;
  steps: number;
  diff: SchemaDiff;
}

/**
 * Writes the migration; undefined when the user stopped, or nothing differs (both said in a message). `readSchema`
 * reads an environment's schema afresh; `now` dates the script (tests fix it).
 */
export async function generateMigration(
  deps: Pick<Services, 'ui' | 't' | 'queriesBrokenBy'>,
  request: GenerateRequest,
  readSchema: (environment: string, signal: AbortSignal) => Promise<SiteWithSchema>,
  now: () => Date = () => new Date(),
): Promise<GenerateResult | undefined> {
  const { ui, t } = deps;
  const { project, source, target } = request;
  const cliConfig = await migrationsConfig(request.folder);
  const diff = await ui.withProgress(
    { title: t('Reading the schemas of {0} and {1}…', source, target), cancellable: true },
    async (_report, signal) => {
      const [sourceSchema, targetSchema] = await Promise.all([readSchema(source, signal), readSchema(target, signal)]);
      return diffSchemas(snapshotOf(source, sourceSchema), snapshotOf(target, targetSchema), {
        ignoreModels: [cliConfig.modelApiKey ?? MIGRATIONS_MODEL],
      });
    },
  );
  const removals = removalsOf(diff);
  // what the migration would break in this workspace's queries, whether it deletes or not
  const [ifKept, ifDeleted] = await Promise.all([
    codeImpact(t, codeChangesOf(diff, project, { deletes: false }), deps.queriesBrokenBy),
    removals.length > 0 ? codeImpact(t, codeChangesOf(diff, project, { deletes: true }), deps.queriesBrokenBy) : undefined,
  ]);
  const deletes = removals.length > 0 ? await askDeletes(deps, request, removals, ifDeleted !== ifKept ? ifDeleted : undefined) : false;
  if (deletes === undefined) return undefined;
  const steps = stepsOf(deps, request, diff, deletes);
  if (!steps) return undefined;
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
  const path = await writeScript(deps, request, steps, cliConfig.directory, now);
  if (path === undefined) return undefined;
  const breaks = deletes ? ifDeleted : ifKept;
  if (breaks) void ui.warn(t('Once this migration runs: {0}', breaks));
  return { path, steps: steps.length, diff };
}

/** What only the target has: left out (false, the default) or deleted (true); undefined when the user stopped. */
async function askDeletes(
  { ui, t }: Pick<Services, 'ui' | 't'>,
  { source, target }: GenerateRequest,
  removals: Removal[],
  ifDeleted: string | undefined,
): Promise<boolean | undefined> {
  const one = removals.length === 1;
  const leave = one ? t('Leave It Out') : t('Leave Them Out');
  const remove = one ? t('Delete It in the Migration') : t('Delete Them in the Migration');
  const listed = removals.slice(0, REMOVALS_SHOWN).map((r) => `• ${describeRemoval(r, source, t)}`);
  if (removals.length > REMOVALS_SHOWN) listed.push(t('…and {0} more', removals.length - REMOVALS_SHOWN));
  const answer = await ui.confirm({
    message: one
      ? t('{0} has 1 schema item that {1} does not have', target, source)
      : t('{0} has {1} schema items that {2} does not have', target, removals.length, source),
    detail: [
      listed.join('\n'),
      one
        ? t('It may be new in {0}, or deleted from {1} on purpose.', target, source)
        : t('They may be new in {0}, or deleted from {1} on purpose.', target, source),
      one
        ? t('Left out, it stays. Deleted, it and its content are gone from every environment the migration runs on.')
        : t('Left out, they stay. Deleted, they and their content are gone from every environment the migration runs on.'),
      ...(ifDeleted ? [t('Deleted: {0}', ifDeleted)] : []),
    ].join('\n\n'),
    // the first action is the default: the choice that deletes nothing
    actions: [leave, remove],
  });
  return answer === undefined ? undefined : answer === remove;
}

/** The migration's steps; undefined (said in a message) when a fieldset cannot be told apart by its title. */
function stepsOf(
  { ui, t }: Pick<Services, 'ui' | 't'>,
  { source }: GenerateRequest,
  diff: SchemaDiff,
  deletes: boolean,
): Step[] | undefined {
  try {
    return planMigration(diff, { deletes });
  } catch (error) {
    if (!(error instanceof AmbiguousFieldset)) throw error;
    void ui.warn(
      t(
        'The migration needs the fieldset "{0}" of model {1}, and {2} has several fieldsets of that title in it that {3} does not share by id (it is not a fork of {2}): the script could not tell which one it means. Give them distinct titles in {2}, then generate the migration again.',
        error.title,
        error.model,
        error.environment,
        source,
      ),
    );
    return undefined;
  }
}

/** Asks the migration's name and writes it as a new file; undefined when the user stopped. */
async function writeScript(
  deps: Pick<Services, 'ui' | 't'>,
  { source, target, folder }: GenerateRequest,
  steps: Step[],
  directory: string,
  now: () => Date,
): Promise<string | undefined> {
  const { ui, t } = deps;
  const name = await ui.input({
    title: t('Name of the migration'),
    prompt: t('The file is named like "datocms migrations:new" names it: a timestamp and this name.'),
    value: t('{0} schema', source),
    validate: (text) => (/[A-Za-z0-9]/.test(text) ? undefined : t('Use at least one letter or digit.')),
  });
  if (name === undefined) return undefined;
  const at = now();
  const text = migrationScript(steps, { source, target, generatedAt: at.toISOString() });
  return writeNewFile(
    folder,
    directory,
    (offset) => paths.join(directory, migrationFileName(name, new Date(at.getTime() + offset * 1000))),
    text,
    t,
  );
}

/** `• field "Bio" (author.bio), replaced in sandbox by a new one of the same name; kept as bio_old if left out` */
function describeRemoval(removal: Removal, source: string, t: Translate): string {
  const what = { model: t('model'), 'block model': t('block model'), field: t('field'), fieldset: t('fieldset') }[removal.what];
  const notes = [
    ...(removal.replaced ? [t('replaced in {0} by a new one of the same name', source)] : []),
    ...(removal.keptAs ? [t('kept as {0} if left out', removal.keptAs)] : []),
  ];
  return `${what} ${removal.label}${notes.length > 0 ? ` — ${notes.join('; ')}` : ''}`;
}

/**
 * The CLI's migrations settings (`datocms.config.json`'s default profile): the folder scripts go in (else
 * `migrations`; never outside the workspace folder) and the model that records the scripts run.
 */
async function migrationsConfig(folder: string): Promise<{ directory: string; modelApiKey?: string }> {
  let configured: { directory?: unknown; modelApiKey?: unknown } | undefined;
  try {
    const config = JSON.parse(await files.readText(paths.join(folder, 'datocms.config.json'))) as {
      profiles?: Record<string, { migrations?: typeof configured }>;
    };
    configured = config.profiles?.['default']?.migrations;
  } catch {
    configured = undefined;
  }
  const wanted =
    typeof configured?.directory === 'string' && configured.directory.trim() !== ''
      ? paths.resolve(folder, configured.directory)
      : undefined;
  const inside = wanted === undefined ? undefined : paths.relative(folder, wanted);
  const directory =
    wanted === undefined || inside === '' || inside!.split(paths.sep)[0] === '..' || paths.isAbsolute(inside!)
      ? paths.resolve(folder, DEFAULT_MIGRATIONS_DIRECTORY)
      : wanted;
  return { directory, modelApiKey: typeof configured?.modelApiKey === 'string' ? configured.modelApiKey : undefined };
}

/** Seconds a migration's file name may move forward when its name is taken (by an earlier or a simultaneous one). */
const NAME_ATTEMPTS = 60;

/** Writes the script under the first free name `pathAt(0)`, `pathAt(1)`…; the path it wrote. */
async function writeNewFile(
  folder: string,
  directory: string,
  pathAt: (offset: number) => string,
  text: string,
  t: Translate,
): Promise<string> {
  // each folder below the workspace folder must be a real folder, not a link to somewhere else
  await files.checkRealFolders(
    folder,
    pathAt(0),
    (path) => t('{0} is not a folder (or is a symbolic link); the migration is not written through it.', path),
    true,
  );
  for (let offset = 0; ; offset += 1) {
    const path = pathAt(offset);
    let handle;
    try {
      handle = await files.createNew(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new TargetRefused(t('{0} is a symbolic link; the migration is not written through it.', path));
      if (code === 'EEXIST' && offset + 1 < NAME_ATTEMPTS) continue;
      if (code === 'EEXIST')
        throw new TargetRefused(t('{0} already exists; the migration does not overwrite it. Choose another name.', path));
      throw error;
    }
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
    return path;
  }
}
