// What runs without the user asking (hovers, look-ups, refreshes) has a budget per project: a loop cannot exceed it.
// A source that spends more than its share in a window is stopped — its requests fail at once, before reaching the
// network — until the user acts again (reset) or the window passes without it trying.
import { CmaError } from './errors';

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

  constructor(
    private readonly onTrip: (source: string) => void = () => undefined,
    private readonly policy: BudgetPolicy = DEFAULT_BUDGET,
    private readonly now: () => number = Date.now,
  ) {
    this.all = new SlidingWindow(policy.total, policy.windowMs, now);
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
    this.stopped.clear();
    for (const window of this.sources.values()) window.clear();
    this.all.clear();
  }
}
