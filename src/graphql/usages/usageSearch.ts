// The usage scan over the workspace's linked folders: only folders whose code reads the project's environment count,
// grouped by the schema they read (drafts and strict mode differ). Find Usages in Code, the breakage a schema change
// would cause (against a freshly checked schema), the agents' find-usages tool and the fragments Run sends share it.
// The folders and their files are given (VS Code lists them in the workbench; tests read a folder). No vscode import.
import { paths } from '../../platform/host';
import type { GraphqlDeps } from '../deps';
import { schemaKeyOf, type CdaTarget, type LinkedFolder, type WorkspaceLink } from '../link';
import { readQueryOf, schemaEditsOf, type CodeChange } from './changes';
import type { BrokenUnit, FileReads, FolderFragments, Skipped } from './scanner';
import type { SchemaRef } from './usageClient';

// the agents' tests name a linked folder by this module
export type { LinkedFolder } from '../link';

/** The reads of one file, with the folder it is in. */
export interface FolderReads extends FileReads {
  folder: LinkedFolder;
}

interface Group {
  schema: SchemaRef;
  folders: LinkedFolder[];
}

export class UsageSearch {
  readonly #deps: Pick<GraphqlDeps, 'schemas' | 'folders' | 'files' | 'client' | 'pascals'>;

  constructor(deps: Pick<GraphqlDeps, 'schemas' | 'folders' | 'files' | 'client' | 'pascals'>) {
    this.#deps = deps;
  }

  /** The linked folders whose code reads the environment of `target`. */
  async foldersReading(target: CdaTarget): Promise<LinkedFolder[]> {
    return (await this.#deps.folders()).filter((f) => f.link.project === target.project && f.link.environment === target.environment);
  }

  /** The fragments a folder's files define (for Run and for the checks of its documents). */
  async fragments(folder: LinkedFolder): Promise<FolderFragments> {
    return this.#deps.client.fragments(await this.#deps.files([folder]));
  }

  /**
   * The files of the folders reading the change's environment that read its model or field, with those reads, and
   * the files skipped. Against the cached schema: a search introspects nothing the cache already has.
   */
  async find(change: CodeChange): Promise<{ files: FolderReads[]; skipped: Skipped[] }> {
    const files: FolderReads[] = [];
    const skipped: Skipped[] = [];
    const query = readQueryOf([change], await this.#deps.pascals(change));
    for (const group of await this.#groups(change, false)) {
      const found = await this.#deps.client.find(group.schema, await this.#deps.files(group.folders), query);
      skipped.push(...found.skipped);
      for (const file of found.files)
        files.push({ ...file, folder: group.folders.find((f) => isInside(file.path, f.path)) ?? group.folders[0]! });
    }
    return { files, skipped };
  }

  /**
   * The queries and fragments that read what the changes remove, or spread a fragment that does, and would no longer
   * validate. A confirmation is worth one introspection: a schema changed elsewhere would hide breakages.
   */
  async broken(changes: readonly CodeChange[]): Promise<{ units: BrokenUnit[]; skipped: Skipped[] }> {
    const first = changes[0];
    if (!first) return { units: [], skipped: [] };
    const same = changes.filter((c) => c.project === first.project && c.environment === first.environment);
    const groups = await this.#groups(first, true);
    if (groups.length === 0) return { units: [], skipped: [] };
    const names = await this.#deps.pascals(first);
    const units: BrokenUnit[] = [];
    const skipped: Skipped[] = [];
    for (const group of groups) {
      const found = await this.#deps.client.broken(
        group.schema,
        await this.#deps.files(group.folders),
        readQueryOf(same, names),
        schemaEditsOf(same),
        names,
      );
      units.push(...found.units);
      skipped.push(...found.skipped);
    }
    return { units, skipped };
  }

  async #groups(target: CdaTarget, fresh: boolean): Promise<Group[]> {
    const groups = new Map<string, { link: WorkspaceLink; folders: LinkedFolder[] }>();
    for (const folder of await this.foldersReading(target)) {
      const key = schemaKeyOf(folder.link, folder.link);
      const group = groups.get(key) ?? { link: folder.link, folders: [] };
      group.folders.push(folder);
      groups.set(key, group);
    }
    return Promise.all(
      [...groups.entries()].map(async ([key, group]) => {
        if (fresh) await this.#deps.schemas.refresh(group.link, group.link).catch(() => false);
        const entry = await this.#deps.schemas.entry(group.link, group.link);
        return { schema: { key: `${key}#${entry.hash}`, sdl: () => entry.sdl() }, folders: group.folders };
      }),
    );
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = paths.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !paths.isAbsolute(relative);
}
