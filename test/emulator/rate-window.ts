// The rate-limit window: requests per period, the headers that announce it, and when to refuse.

export class RateWindow {
  private start = 0;
  private count = 0;
  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    readonly enforced: boolean,
  ) {}

  /** Counts a request; returns what the headers should say and whether to refuse it. */
  hit(now: number): { remaining: number; resetSeconds: number; exceeded: boolean } {
    if (now - this.start >= this.windowMs) {
      this.start = now;
      this.count = 0;
    }
    this.count++;
    const resetSeconds = Math.max(1, Math.ceil((this.start + this.windowMs - now) / 1000));
    return { remaining: Math.max(0, this.limit - this.count), resetSeconds, exceeded: this.enforced && this.count > this.limit };
  }
}
