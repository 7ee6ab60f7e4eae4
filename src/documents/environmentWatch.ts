// Which environment a document was read from, and whether its name still leads there. Environment ids are names:
// after "feature" is renamed to "feature-old" and another environment is forked as "feature", a save addressed to
// "feature" would land in the new one. What an environment keeps through a rename is when it was made
// (`meta.created_at`), so a document remembers that, and a save compares it with what the name leads to now.
//
// The project's environment list (one request, not paginated) answers both, and it also tells the primary
// environment: the primary's guard and the check share one read. A rename is instant, but the environment that takes
// the old name is a fork, which DatoCMS keeps `creating` (refusing every request with ENVIRONMENT_NOT_READY) until its
// copy is done, which takes longer than REPLACEMENT_MIN_MS. So a list read that briefly before a save began still
// vouches for the name (a replacement made since cannot take a write yet), and saves in a row cost one request each.
import type { CallOptions, Resource } from '../cma';
import type { EnvironmentMark } from './model';

/** A document being read takes its environment's mark from a list at most this old. */
const OPEN_AGE_MS = 2_000;
/** Less than any fork takes to become ready: a list this recent still tells where a name leads. */
export const REPLACEMENT_MIN_MS = 500;

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
    /** the clock lists are timed by */
    readonly now: () => number = Date.now,
  ) {}

  /** The project's environments, as read at most `maxAgeMs` ago (0: read now). */
  list(project: string, maxAgeMs: number, o: CallOptions = {}): Promise<Environments> {
    return this.listSince(project, this.now() - maxAgeMs, o);
  }

  /** The project's environments, as read at `since` or later. */
  private listSince(project: string, since: number, o: CallOptions): Promise<Environments> {
    const cached = this.lists.get(project);
    if (cached && cached.at >= since) return cached.list;
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

  /**
   * Undefined when `mark`'s name still leads to the environment it names; else what became of it. Uses a list read
   * at most REPLACEMENT_MIN_MS before `since` (the start of the save asking), else reads it now. Throws when the list
   * cannot be read.
   */
  async replaced(project: string, mark: EnvironmentMark, since = this.now(), o: CallOptions = {}): Promise<Replacement | undefined> {
    const list = await this.listSince(project, since - REPLACEMENT_MIN_MS, o);
    if (list.find((e) => e.id === mark.id)?.meta['created_at'] === mark.createdAt) return undefined;
    const original = list.find((e) => e.meta['created_at'] === mark.createdAt);
    return { environment: mark.id, ...(original ? { renamedTo: original.id } : {}) };
  }
}

function markOf(environment: Resource<'environment'> | undefined): EnvironmentMark | undefined {
  const createdAt = environment?.meta['created_at'];
  return environment && typeof createdAt === 'string' ? { id: environment.id, createdAt } : undefined;
}
