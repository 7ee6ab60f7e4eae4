// "Sync GraphQL Schema": the linked environment's schema (strict mode as the link says, published, as type
// generators fetch it) printed to the file the repository's tooling reads, in the file's own line-ending and final-newline
// conventions, written whole through a temporary file, and only when its bytes change: inside the workspace folder,
// never through a symbolic link (the file's or a folder's on the way), never into a FIFO. After a schema change made through the extension,
// or when a check finds the file out of date, an offer to sync, and to run the repository's generator script (in a
// terminal the user sees, in a trusted workspace only). No vscode import.
import { CancelledError } from '../cma';
import { files } from '../platform/host';
import type { GraphqlDeps } from './deps';
import type { CdaOptions, CdaTarget, SyncFolder, WorkspaceLink } from './link';
import { findGeneratorScripts, findSchemaFiles, isFile, shortPath } from './schemaFile';

const STATE_KEY = 'datocms.graphql.schemaFiles';

export type SyncOutcome = { kind: 'written' | 'unchanged'; path: string } | { kind: 'cancelled' };

/** The options a schema file is synced with: strict as the link says, published content. */
const syncOptions = (link: CdaOptions): CdaOptions => ({ strict: link.strict, drafts: false });

export class SchemaSync {
  readonly #deps: Pick<GraphqlDeps, 'ui' | 't' | 'state' | 'schemas' | 'projectName' | 'runScript' | 'trusted' | 'burstMs'>;
  readonly #pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** the schema hash last offered per folder, so the same change is offered once */
  readonly #offered = new Map<string, string>();

  constructor(deps: Pick<GraphqlDeps, 'ui' | 't' | 'state' | 'schemas' | 'projectName' | 'runScript' | 'trusted' | 'burstMs'>) {
    this.#deps = deps;
  }

  /** The command: the file (remembered, found in the tooling's configuration, else asked for), written if it changed. */
  async sync(folder: SyncFolder, link: WorkspaceLink): Promise<SyncOutcome> {
    const path = await this.#target(folder, true);
    if (!path) return { kind: 'cancelled' };
    await this.#current(folder, path); // refused before anything is asked of the API
    await this.#deps.schemas.refresh(link, syncOptions(link));
    const outcome = await this.#write(folder, link, path);
    const { ui, t } = this.#deps;
    const where = `${this.#deps.projectName(link.project)} · ${link.environment}`;
    if (outcome.kind === 'unchanged') {
      void ui.info(t('{0} is up to date with {1}.', shortPath(folder.path, path), where));
      return outcome;
    }
    const script = this.#deps.trusted() ? (await findGeneratorScripts(folder.path))[0] : undefined;
    const run = script ? t('Run {0}', script.runner) : undefined;
    // the command is done once the file is written; the notification waits for the user on its own
    void ui.info(t('{0} synced with {1}.', shortPath(folder.path, path), where), ...(run ? [run] : [])).then((answer) => {
      if (script && answer === run) return this.#deps.runScript(folder, script);
      return undefined;
    });
    return outcome;
  }

  /** The folder's schema file when one is known (remembered or named by its tooling) and exists; nothing asked. */
  async knownFile(folder: SyncFolder): Promise<string | undefined> {
    const path = await this.#target(folder, false);
    return path && (await isFile(path)) ? path : undefined;
  }

  /**
   * The extension changed the schema of an environment: each linked folder reading it whose schema file is out of
   * date is offered a sync (once per burst of changes).
   */
  schemaChanged(where: CdaTarget, folders: { folder: SyncFolder; link: WorkspaceLink }[]): void {
    for (const { folder, link } of folders) {
      if (link.project !== where.project || link.environment !== where.environment) continue;
      clearTimeout(this.#pending.get(folder.key));
      this.#pending.set(
        folder.key,
        setTimeout(() => {
          this.#pending.delete(folder.key);
          void this.offer(folder, link, 'changed').catch(() => undefined);
        }, this.#deps.burstMs ?? 1500),
      );
    }
  }

  /**
   * Compares the folder's schema file with the schema (by content); when they differ, offers to sync it (and run
   * the generator script). `changed`: the extension just changed the schema; `check`: a check found the file stale.
   * Resolves to whether an offer was made.
   */
  async offer(folder: SyncFolder, link: WorkspaceLink, why: 'changed' | 'check'): Promise<boolean> {
    const { ui, t } = this.#deps;
    const path = await this.knownFile(folder);
    if (!path) return false;
    const entry = await this.#deps.schemas.entry(link, syncOptions(link));
    const current = await this.#current(folder, path).catch(() => undefined);
    if (current === conventionOf(current, entry.sdl())) return false;
    if (this.#offered.get(folder.key) === entry.hash) return false;
    this.#offered.set(folder.key, entry.hash);
    const where = `${this.#deps.projectName(link.project)} · ${link.environment}`;
    const file = shortPath(folder.path, path);
    const sync = t('Sync');
    const script = this.#deps.trusted() ? (await findGeneratorScripts(folder.path))[0] : undefined;
    const syncAndRun = script ? t('Sync and Run {0}', script.runner) : undefined;
    const message =
      why === 'changed'
        ? t('The schema of {0} changed: {1} is out of date.', where, file)
        : t('{0} differs from the schema of {1}.', file, where);
    const answer = await ui.info(message, sync, ...(syncAndRun ? [syncAndRun] : []));
    if (answer === undefined || (answer !== sync && answer !== syncAndRun)) return true;
    await this.#write(folder, link, path);
    if (answer === syncAndRun && script) await this.#deps.runScript(folder, script);
    return true;
  }

  dispose(): void {
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
  }

  async #write(folder: SyncFolder, link: WorkspaceLink, path: string): Promise<SyncOutcome> {
    const entry = await this.#deps.schemas.entry(link, syncOptions(link));
    this.#offered.set(folder.key, entry.hash);
    const current = await this.#current(folder, path);
    const sdl = conventionOf(current, entry.sdl());
    if (current === sdl) return { kind: 'unchanged', path };
    await files.writeWhole(path, sdl);
    await this.#remember(folder, path);
    return { kind: 'written', path };
  }

  /** The file's text now (undefined when there is none); refuses a place outside the folder, a link, a FIFO. */
  async #current(folder: SyncFolder, path: string): Promise<string | undefined> {
    const { t } = this.#deps;
    await files.checkRealFolders(folder.path, path, (where, why) =>
      why === 'outside'
        ? t(
            '{0} is outside the folder {1}: Sync GraphQL Schema writes only inside the workspace. Choose a file in the folder.',
            where,
            folder.name,
          )
        : t(
            '{0} is a symbolic link (or not a folder); Sync GraphQL Schema does not write through it. Choose a file in a real folder of {1}.',
            where,
            folder.name,
          ),
    );
    return files.readRegularFile(path);
  }

  async #target(folder: SyncFolder, ask: boolean): Promise<string | undefined> {
    const remembered = this.#all()[folder.key];
    if (remembered) return remembered;
    const found = await findSchemaFiles(folder.path);
    if (found.length === 1 || (found.length > 1 && !ask)) return found[0]!.path;
    if (!ask) return undefined;
    const { ui, t } = this.#deps;
    if (found.length > 1) {
      const chosen = await ui.pick(
        found.map((f) => ({ label: shortPath(folder.path, f.path), description: t('named in {0}', f.from), value: f.path })),
        { title: t('Sync the GraphQL schema to which file?') },
      );
      if (!chosen) throw new CancelledError('No file was chosen.');
      await this.#remember(folder, chosen);
      return chosen;
    }
    const chosen = await ui.saveFile({
      title: t('Save the GraphQL schema of {0} as', folder.name),
      defaultName: 'schema.graphql',
      filters: { GraphQL: ['graphql', 'gql'] },
    });
    if (chosen) await this.#remember(folder, chosen);
    return chosen;
  }

  #all(): Record<string, string> {
    const stored = this.#deps.state.get<unknown>(STATE_KEY);
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  }

  async #remember(folder: SyncFolder, path: string): Promise<void> {
    if (this.#all()[folder.key] === path) return;
    await this.#deps.state.update(STATE_KEY, { ...this.#all(), [folder.key]: path });
  }
}

/** The schema as the existing file writes text: its line breaks (CRLF or LF), a final newline only if it has one. */
function conventionOf(existing: string | undefined, sdl: string): string {
  if (existing === undefined) return sdl;
  let out = sdl.replace(/\n+$/, '');
  if (/\n$/.test(existing)) out += '\n';
  return existing.includes('\r\n') ? out.replace(/\r?\n/g, '\r\n') : out;
}
