// Which environment a document was read from, and whether its name still leads there. Environment ids are names:
// after "feature" is renamed to "feature-old" and another environment is forked as "feature", a save addressed to
// "feature" would land in the new one. What an environment keeps through a rename is when it was made
// (`meta.created_at`), so a document remembers that, and a save compares it with what the name leads to now.
//
// The project's environment list (one request, not paginated) answers both, and it also tells the primary
// environment: the primary's guard and the check share one read. A save checks with a list read after it began (a
// rename is instant, so a list read when the document was opened cannot vouch for the name). Saves in a row are the
// exception: the list a save checked with serves the next save begun within REPLACEMENT_MIN_MS, since the environment
// that takes a renamed one's name is a fork, which DatoCMS keeps `creating` (refusing requests with
// ENVIRONMENT_NOT_READY) until its copy is done; so saves in a row cost one request each.
import type { CallOptions, Resource } from '../cma';
import type { EnvironmentMark } from './model';

/** A document being read takes its environment's mark from a list at most this old. */
const OPEN_AGE_MS = 2_000;
/** Less than any fork takes to become ready: a list this recent still tells where a name leads. */
const REPLACEMENT_MIN_MS = 500;

type Environments = Resource<'environment'>[];

/**
 * The environment a document came from is not where its name leads: `renamedTo` is where it went, when it still
 * exists; `taken` whether another environment has its name now (else the name leads nowhere: deleted, or renamed).
 */
export interface Replacement {
  environment: string;
  renamedTo?: string;
  taken: boolean;
}

export class EnvironmentWatch {
  /** each project's newest list; `afterMiss` when read because a name was missing from the one before */
  private readonly lists = new Map<string, { at: number; list: Promise<Environments>; afterMiss?: boolean }>();
  /** the list each project's last save checked with */
  private readonly checked = new Map<string, { at: number; list: Promise<Environments> }>();

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
  private listSince(project: string, since: number, o: CallOptions, fresh = false): Promise<Environments> {
    const cached = this.lists.get(project);
    if (cached && cached.at >= since && !fresh) return cached.list;
    const entry = { at: this.now(), list: this.read(project, { signal: o.signal }), afterMiss: fresh };
    this.lists.set(project, entry);
    entry.list.catch(() => {
      if (this.lists.get(project) === entry) this.lists.delete(project);
    });
    return entry.list;
  }

  /** What identifies `environment` now; undefined when the token may not list environments (then nothing is checked). */
  async mark(project: string, environment: string, o: CallOptions = {}): Promise<EnvironmentMark | undefined> {
    try {
      const recent = await this.list(project, OPEN_AGE_MS, o);
      if (recent.some((e) => e.id === environment)) return markOf(recent.find((e) => e.id === environment));
      // a list read before the environment was made does not know it: without a mark nothing would be checked. One
      // read again for that reason answers the documents opened with it (editors restored from a deleted environment)
      const again = this.lists.get(project);
      const list =
        again?.afterMiss && again.at >= this.now() - OPEN_AGE_MS ? await again.list : await this.listSince(project, this.now(), o, true);
      return markOf(list.find((e) => e.id === environment));
    } catch {
      return undefined;
    }
  }

  /**
   * Undefined when `mark`'s name still leads to the environment it names; else what became of it. Uses a list read
   * at `since` (the start of the save asking) or later, or the one the previous save checked with when that save began
   * at most REPLACEMENT_MIN_MS earlier; else reads it now. Throws when the list cannot be read.
   */
  async replaced(project: string, mark: EnvironmentMark, since = this.now(), o: CallOptions = {}): Promise<Replacement | undefined> {
    const previous = this.checked.get(project);
    const entry = previous && previous.at >= since - REPLACEMENT_MIN_MS ? previous : { at: since, list: this.listSince(project, since, o) };
    this.checked.set(project, entry);
    entry.list.catch(() => {
      if (this.checked.get(project) === entry) this.checked.delete(project);
    });
    const list = await entry.list;
    const named = list.find((e) => e.id === mark.id);
    if (named?.meta['created_at'] === mark.createdAt) return undefined;
    const original = list.find((e) => e.meta['created_at'] === mark.createdAt);
    return { environment: mark.id, taken: named !== undefined, ...(original ? { renamedTo: original.id } : {}) };
  }
}

function markOf(environment: Resource<'environment'> | undefined): EnvironmentMark | undefined {
  const createdAt = environment?.meta['created_at'];
  return environment && typeof createdAt === 'string' ? { id: environment.id, createdAt } : undefined;
}
