// Which environment a document was read from, and whether its name still leads there. Environment ids are names:
// after "feature" is renamed to "feature-old" and another environment is forked as "feature", a save addressed to
// "feature" would land in the new one. What an environment keeps through a rename is when it was made
// (`meta.created_at`), so a document remembers that, and a save compares it with what the name leads to now.
//
// The project's environment list (one request, not paginated) answers both, and it also tells the primary
// environment. A save trusts a list read a few seconds before it: the list is read again in the background while
// the user types (see warm), so a save right after typing costs no extra round trip, and one made later reads it
// first. No vscode import.
import type { CallOptions, Resource } from '../cma';
import type { EnvironmentMark } from './model';

/** A document being read takes its environment's mark from a list at most this old. */
const OPEN_AGE_MS = 2_000;
/** A save trusts a list at most this old (older: read again before writing). */
export const SAVE_AGE_MS = 10_000;
/** Typing reads the list again when the one known is older than this. */
const WARM_AGE_MS = 4_000;

type Environments = Resource<'environment'>[];

/** The environment a document came from was replaced: `renamedTo` is where it went, when it still exists. */
export interface Replacement {
  environment: string;
  renamedTo?: string;
}

export class EnvironmentWatch {
  private readonly lists = new Map<string, { at: number; list: Promise<Environments> }>();

  constructor(
    private readonly read: (project: string, o: CallOptions) => Promise<Environments>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The project's environments, as read at most `maxAgeMs` ago (0: read now). */
  list(project: string, maxAgeMs: number, o: CallOptions = {}): Promise<Environments> {
    const cached = this.lists.get(project);
    if (cached && this.now() - cached.at <= maxAgeMs) return cached.list;
    const entry = { at: this.now(), list: this.read(project, { signal: o.signal }) };
    this.lists.set(project, entry);
    entry.list.catch(() => {
      if (this.lists.get(project) === entry) this.lists.delete(project);
    });
    return entry.list;
  }

  /** What identifies `environment` now; undefined when the token may not list environments (then nothing is checked). */
  async mark(project: string, environment: string, o: CallOptions = {}): Promise<EnvironmentMark | undefined> {
    try {
      return markOf((await this.list(project, OPEN_AGE_MS, o)).find((e) => e.id === environment));
    } catch {
      return undefined;
    }
  }

  /** Undefined when `mark`'s name still leads to the environment it names; else what became of it. Throws when offline. */
  async replaced(project: string, mark: EnvironmentMark, o: CallOptions = {}): Promise<Replacement | undefined> {
    let list = await this.list(project, SAVE_AGE_MS, o);
    if (isSame(list, mark)) return undefined;
    // Never refuse on a list read earlier: the name may have been given back since.
    list = await this.list(project, 0, o);
    if (isSame(list, mark)) return undefined;
    const original = list.find((e) => e.meta['created_at'] === mark.createdAt);
    return { environment: mark.id, ...(original ? { renamedTo: original.id } : {}) };
  }

  /** The user is editing a document of the project: read the list again if the known one is getting old. */
  warm(project: string): void {
    this.list(project, WARM_AGE_MS).catch(() => undefined);
  }
}

function markOf(environment: Resource<'environment'> | undefined): EnvironmentMark | undefined {
  const createdAt = environment?.meta['created_at'];
  return environment && typeof createdAt === 'string' ? { id: environment.id, createdAt } : undefined;
}

function isSame(list: Environments, mark: EnvironmentMark): boolean {
  return list.find((e) => e.id === mark.id)?.meta['created_at'] === mark.createdAt;
}
