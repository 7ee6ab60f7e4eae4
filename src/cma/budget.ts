// What runs without the user asking (hovers, look-ups, refreshes) has a budget per project: a loop cannot exceed it.
// A source that spends more than its share in a window is stopped — its requests fail at once, before reaching the
// network — until the user acts again (reset) or the window passes without it trying. Nor is a read spent on an
// environment DatoCMS just said does not exist (GoneEnvironments).
import { ApiError, CmaError, type ApiErrorEntry } from './errors';

/** A count of events in a sliding window: `take` says whether one more fits. */
export class SlidingWindow {
  private readonly times: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event; false when `limit` events already happened in the last `windowMs`. */
  take(): boolean {
    const now = this.now();
    while (this.times.length > 0 && now - this.times[0]! >= this.windowMs) this.times.shift();
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }

  /** When the window last saw an event (0: never). */
  get last(): number {
    return this.times.at(-1) ?? 0;
  }

  clear(): void {
    this.times.length = 0;
  }
}

/** A background request refused because its source exceeded the budget (never sent). */
export class BudgetExceededError extends CmaError {
  constructor(readonly source: string) {
    super(`stopped: "${source}" made too many requests without a user action`);
    this.name = 'BudgetExceededError';
  }
}

export interface BudgetPolicy {
  /** requests one source may make in a window */
  perSource: number;
  /** requests all background sources of a project may make together in a window */
  total: number;
  windowMs: number;
}

/** Far above what a person's hovers and refreshes cause (a few a second at most), far below a loop. */
const DEFAULT_BUDGET: BudgetPolicy = { perSource: 40, total: 80, windowMs: 20_000 };

export class RequestBudget {
  private readonly sources = new Map<string, SlidingWindow>();
  private readonly all: SlidingWindow;
  /** sources stopped since their trip, with when they last tried */
  private readonly stopped = new Map<string, number>();
  /** the project's environments DatoCMS said do not exist, lately */
  readonly gone: GoneEnvironments;

  constructor(
    private readonly onTrip: (source: string) => void = () => undefined,
    private readonly policy: BudgetPolicy = DEFAULT_BUDGET,
    private readonly now: () => number = Date.now,
  ) {
    this.all = new SlidingWindow(policy.total, policy.windowMs, now);
    this.gone = new GoneEnvironments(now);
  }

  /** Spends one request of `source`; throws BudgetExceededError when it is stopped or over its share. */
  spend(source: string): void {
    const now = this.now();
    const tried = this.stopped.get(source);
    if (tried !== undefined) {
      this.stopped.set(source, now);
      // a stopped source resumes once a whole window passed without it trying
      if (now - tried < this.policy.windowMs) throw new BudgetExceededError(source);
      this.stopped.delete(source);
      this.sources.get(source)?.clear();
    }
    let window = this.sources.get(source);
    if (!window) this.sources.set(source, (window = new SlidingWindow(this.policy.perSource, this.policy.windowMs, this.now)));
    if (window.take() && this.all.take()) return;
    this.stopped.set(source, now);
    this.onTrip(source);
    throw new BudgetExceededError(source);
  }

  /** The user acted: every stopped source may run again. */
  reset(): void {
    this.gone.reset();
    this.stopped.clear();
    for (const window of this.sources.values()) window.clear();
    this.all.clear();
  }
}

/** How long an environment DatoCMS said does not exist is taken as gone without asking again. */
const GONE_MS = 10_000;

/**
 * Environments DatoCMS answered do not exist (404 INVALID_ENVIRONMENT), per project: a read in one of them is not
 * sent again for a while — editors restored from a deleted or renamed environment, each reading its document (and
 * the workbench retrying), would otherwise ask one request apiece for the same answer. Writes are always sent; the
 * user's next command asks again.
 */
export class GoneEnvironments {
  private readonly gone = new Map<string, { at: number; errors: ApiErrorEntry[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws the answer DatoCMS gave moments ago when a read in `environment` would surely get it again. */
  check(environment: string | undefined, method: string, path: string): void {
    const known = environment === undefined || method !== 'GET' ? undefined : this.gone.get(environment);
    if (!known) return;
    if (this.now() - known.at >= GONE_MS) {
      this.gone.delete(environment!);
      return;
    }
    throw new ApiError({ status: 404, method, path, errors: known.errors, note: 'DatoCMS said so moments ago; not asked again' });
  }

  /** Remembers `environment` as gone when `error` says so. */
  note(environment: string | undefined, error: unknown): void {
    if (environment !== undefined && error instanceof ApiError && error.environmentMissing)
      this.gone.set(environment, { at: this.now(), errors: error.errors });
  }

  reset(): void {
    this.gone.clear();
  }
}
