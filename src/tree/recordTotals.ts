// How many records each model has (all of them, whatever its Records query shows), for the model's hover: counted
// when the hover first asks, with one request per model, and kept until the model is refreshed. No vscode import.

export class RecordTotals {
  private readonly known = new Map<string, number>();
  private readonly counting = new Map<string, Promise<void>>();

  /** The count of the model node `id`, when it was read. */
  get(id: string): number | undefined {
    return this.known.get(id);
  }

  /** Reads the count once, however many hovers ask at the same time; a failed read is asked again next time. */
  count(id: string, read: () => Promise<number>): Promise<void> {
    let counting = this.counting.get(id);
    if (!counting) {
      counting = read().then(
        (total) => void this.known.set(id, total),
        () => undefined,
      );
      this.counting.set(id, counting);
      void counting.then(() => this.counting.delete(id));
    }
    return counting;
  }

  /** Forgets the counts of the node `id` and of the nodes below it (everything without an id). */
  forgetBelow(id?: string): void {
    for (const key of [...this.known.keys()]) if (id === undefined || key === id || key.startsWith(`${id}/`)) this.known.delete(key);
  }
}
