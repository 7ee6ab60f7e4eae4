// The one way stored tokens are kept out of what the extension shows or writes. Every token kept in secret storage
// (each signed-in project's API token, each delivery token) is known here as soon as it is read or stored, and the
// sinks (notifications and dialogs, the log, the clipboard, agent answers) pass their text through `scrubSecrets`:
// whatever a server or proxy echoed never reaches them. No vscode import.
import { SECRET_MARKER } from '../cma';
import type { ConfirmOptions, InputOptions, PickItem, PickOptions, ProgressOptions, ProgressReport, SearchPickOptions, Ui } from './ui';

/** Shorter strings are not treated as secrets: removing them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 8;

/** Where secrets are kept (VS Code's SecretStorage); structural so that tests use an in-memory one. */
export interface SecretKeeper {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

export class KnownSecrets {
  readonly #secrets = new Set<string>();
  /** longest first, so a token that contains another is removed whole */
  #ordered: string[] = [];

  /** Notes a secret (a token read from or written to secret storage); short or empty values are ignored. */
  remember(secret: string | undefined): void {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    this.#ordered = [...this.#secrets].sort((a, b) => b.length - a.length);
  }

  /** `text` with every known secret replaced by a marker that says one was removed. */
  readonly scrubSecrets = (text: string): string => {
    let out = text;
    for (const secret of this.#ordered) if (out.includes(secret)) out = out.split(secret).join(SECRET_MARKER);
    return out;
  };

  /** A secret store whose values, read or stored, are remembered before anyone else sees them. */
  watch<S extends SecretKeeper>(store: S): SecretKeeper {
    return {
      get: async (key) => {
        const value = await store.get(key);
        this.remember(value);
        return value;
      },
      store: (key, value) => {
        this.remember(value);
        return store.store(key, value);
      },
      delete: (key) => store.delete(key),
    };
  }
}

/** Text (or an error, or an argument of a log line) as a scrubbed string. */
function scrubbedText(value: unknown, scrub: (text: string) => string): string {
  if (typeof value === 'string') return scrub(value);
  if (value instanceof Error) return scrub(value.stack ?? value.message);
  try {
    return scrub(JSON.stringify(value) ?? String(value));
  } catch {
    return scrub(String(value));
  }
}

const LOG_WRITERS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

/** The log (an output channel) with every line scrubbed before it is written; everything else as it was. */
export function scrubbingLog<T extends object>(log: T, scrub: (text: string) => string): T {
  return new Proxy(log, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (typeof key === 'string' && LOG_WRITERS.has(key))
        return (...parts: unknown[]) =>
          (value as (...a: string[]) => unknown).apply(
            target,
            parts.map((p) => scrubbedText(p, scrub)),
          );
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** A Ui whose messages, dialogs, lists, progress and clipboard never show a known secret. */
export class ScrubbingUi implements Ui {
  constructor(
    private readonly inner: Ui,
    private readonly scrub: (text: string) => string,
  ) {}

  info(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.inner.info(this.scrub(message), ...actions);
  }

  warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.inner.warn(this.scrub(message), ...actions);
  }

  error(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.inner.error(this.scrub(message), ...actions);
  }

  confirm(options: ConfirmOptions): Promise<string | undefined> {
    const detail = options.detail === undefined ? {} : { detail: this.scrub(options.detail) };
    return this.inner.confirm({ ...options, message: this.scrub(options.message), ...detail });
  }

  pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return this.inner.pick(this.items(items), this.titled(options));
  }

  pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.inner.pickMany(this.items(items), this.titled(options));
  }

  searchPick<T>(options: SearchPickOptions<T>): Promise<T[] | undefined> {
    const search: SearchPickOptions<T>['search'] = async (text, page, signal) => {
      const found = await options.search(text, page, signal);
      return { ...found, items: this.items(found.items) };
    };
    return this.inner.searchPick({ ...this.titled(options), search });
  }

  input(options: InputOptions): Promise<string | undefined> {
    const prompt = options.prompt === undefined ? {} : { prompt: this.scrub(options.prompt) };
    return this.inner.input({ ...options, title: this.scrub(options.title), ...prompt });
  }

  withProgress<R>(options: ProgressOptions, task: (report: ProgressReport, signal: AbortSignal) => Promise<R>): Promise<R> {
    const title = options.title === undefined ? {} : { title: this.scrub(options.title) };
    return this.inner.withProgress({ ...options, ...title }, (report, signal) =>
      task({ message: (text) => report.message(this.scrub(text)) }, signal),
    );
  }

  status(message: string, ms: number): void {
    this.inner.status(this.scrub(message), ms);
  }

  openFiles(options: { title: string; openLabel: string; many: boolean }): Promise<string[] | undefined> {
    return this.inner.openFiles(options);
  }

  saveFile(options: { title: string; defaultName: string; filters: Record<string, string[]> }): Promise<string | undefined> {
    return this.inner.saveFile(options);
  }

  copy(text: string): Promise<void> {
    return this.inner.copy(this.scrub(text));
  }

  openExternal(url: string): Promise<void> {
    return this.inner.openExternal(url);
  }

  openFile(path: string): Promise<void> {
    return this.inner.openFile(path);
  }

  private titled<O extends { title: string; placeholder?: string }>(options: O): O {
    return { ...options, title: this.scrub(options.title) };
  }

  private items<T>(items: PickItem<T>[]): PickItem<T>[] {
    return items.map((item) => {
      const out = { ...item, label: this.scrub(item.label) };
      if (item.description !== undefined) out.description = this.scrub(item.description);
      if (item.detail !== undefined) out.detail = this.scrub(item.detail);
      return out;
    });
  }
}
