// A minimal event emitter shaped like VS Code's (`event(listener)` returns a disposable), so the modules of this
// room that run in plain Node (the schema cache, the links) can offer events without importing vscode.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (event: T) => unknown) => Disposable;

export class Emitter<T> implements Disposable {
  #listeners = new Set<(event: T) => unknown>();

  readonly event: Event<T> = (listener) => {
    this.#listeners.add(listener);
    return { dispose: () => this.#listeners.delete(listener) };
  };

  fire(event: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // one listener's failure must not keep the others from hearing the event
      }
    }
  }

  dispose(): void {
    this.#listeners.clear();
  }
}
