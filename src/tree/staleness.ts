// Why the tree may no longer show what DatoCMS has, branch by branch: a branch reloaded no longer says what it
// said before (after Fork, the Environments it reloads are not "being created" any more). No vscode import.

export class Staleness {
  /** branch id → why what it shows may be out of date, in the order they were noted */
  private readonly reasons = new Map<string, string>();

  constructor(private readonly changed: () => void) {}

  /** The first reason still standing, undefined when the tree is not known to be out of date. */
  get reason(): string | undefined {
    return this.reasons.values().next().value;
  }

  /** The branch `id` may show something DatoCMS no longer has (`reason` says why). */
  note(id: string, reason: string): void {
    this.update(() => this.reasons.set(id, reason));
  }

  /** The branch `id` and those below it reloaded (undefined: the whole tree): what they said no longer stands. */
  reloaded(id: string | undefined): void {
    this.update(() => {
      for (const key of [...this.reasons.keys()]) if (id === undefined || key === id || key.startsWith(`${id}/`)) this.reasons.delete(key);
    });
  }

  private update(change: () => void): void {
    const before = this.reason;
    change();
    if (this.reason !== before) this.changed();
  }
}
