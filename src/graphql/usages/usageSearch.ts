// The usage scan over the workspace's linked folders: only folders whose code reads the project's environment count,
// grouped by the schema they read (drafts and strict mode differ), each group scanned against a freshly checked
// schema. Find Usages in Code, the breakage a schema change would cause and the agents' find-usages tool share it.
// The folders and their files are given (VS Code lists them in the workbench; tests read a folder). No vscode import.
import path = require('node:path');
import { schemaKeyOf, type CdaTarget, type WorkspaceLink } from '../link';
import type { SchemaCache } from '../schemaCache';
import { readQueryOf, schemaEditsOf, type CodeChange } from './changes';
import type { BrokenUnit, FileReads, ScanFile } from './scanner';
import type { UsageClient } from './usageClient';

/** A workspace folder on this machine with its link. */
export interface LinkedFolder {
  /** the folder's URI as a string */
  key: string;
  name: string;
  /** its path on disk */
  path: string;
  link: WorkspaceLink;
}

export interface UsageSearchDeps {
  schemas: Pick<SchemaCache, 'entry' | 'refresh'>;
  /** the workspace's folders on this machine that have a link (once the links are resolved) */
  folders(): Promise<LinkedFolder[]>;
  /** the folders' GraphQL and code files, what the workspace excludes left out */
  files(folders: readonly LinkedFolder[]): Promise<ScanFile[]>;
  client: Pick<UsageClient, 'find' | 'broken'>;
}

/** The reads of one file, with the folder it is in. */
export interface FolderReads extends FileReads {
  folder: LinkedFolder;
}

interface Group {
  schema: { key: string; sdl: () => string };
  folders: LinkedFolder[];
}

export class UsageSearch {
  readonly #deps: UsageSearchDeps;

  constructor(deps: UsageSearchDeps) {
    this.#deps = deps;
  }

  /** The linked folders whose code reads the environment of `target`. */
  async foldersReading(target: CdaTarget): Promise<LinkedFolder[]> {
    return (await this.#deps.folders()).filter((f) => f.link.project === target.project && f.link.environment === target.environment);
  }

  /** The files of the folders reading the change's environment that read its model or field, with those reads. */
  async find(change: CodeChange): Promise<FolderReads[]> {
    const found: FolderReads[] = [];
    for (const group of await this.#groups(change)) {
      const files = await this.#deps.client.find(group.schema, await this.#deps.files(group.folders), readQueryOf([change]));
      for (const file of files) {
        const folder = group.folders.find((f) => isInside(file.path, f.path)) ?? group.folders[0]!;
        found.push({ ...file, folder });
      }
    }
    return found;
  }

  /** The queries and fragments that read what the changes remove and would no longer validate. */
  async broken(changes: readonly CodeChange[], pascals: () => Promise<string[]>): Promise<BrokenUnit[]> {
    const first = changes[0];
    if (!first) return [];
    const same = changes.filter((c) => c.project === first.project && c.environment === first.environment);
    const groups = await this.#groups(first);
    if (groups.length === 0) return [];
    const names = await pascals();
    const broken: BrokenUnit[] = [];
    for (const group of groups)
      broken.push(
        ...(await this.#deps.client.broken(
          group.schema,
          await this.#deps.files(group.folders),
          readQueryOf(same),
          schemaEditsOf(same),
          names,
        )),
      );
    return broken;
  }

  async #groups(target: CdaTarget): Promise<Group[]> {
    const groups = new Map<string, { link: WorkspaceLink; folders: LinkedFolder[] }>();
    for (const folder of await this.foldersReading(target)) {
      const key = schemaKeyOf(folder.link, folder.link);
      const group = groups.get(key) ?? { link: folder.link, folders: [] };
      group.folders.push(folder);
      groups.set(key, group);
    }
    return Promise.all(
      [...groups.entries()].map(async ([key, group]) => {
        // a search or a confirmation is worth one introspection: a schema changed elsewhere would hide reads
        await this.#deps.schemas.refresh(group.link, group.link).catch(() => false);
        const entry = await this.#deps.schemas.entry(group.link, group.link);
        return { schema: { key: `${key}#${entry.hash}`, sdl: () => entry.sdl() }, folders: group.folders };
      }),
    );
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
