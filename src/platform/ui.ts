// The few window interactions the commands need, behind an interface so command logic runs in plain
// Node tests with a scripted fake. vscodeUi.ts is the real one.

export interface PickItem<T> {
  label: string;
  description?: string;
  detail?: string;
  value: T;
  picked?: boolean;
}

export interface InputOptions {
  title: string;
  prompt?: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  /** a message when the text is not acceptable, else undefined */
  validate?: (text: string) => string | undefined;
  /**
   * Checked when the user presses Enter, with the box kept open and busy: a message keeps it open and shows
   * the message under the text (which stays, to be corrected), undefined closes it with that text. The
   * signal aborts when the user closes the box while the check runs. A throw closes the box and rejects.
   */
  accept?: (text: string, signal: AbortSignal) => Promise<string | undefined>;
}

export interface ConfirmOptions {
  message: string;
  detail?: string;
  /** the buttons besides Cancel, the first the default (e.g. "Delete") unless `safe` is given */
  actions: string[];
  /**
   * For a destructive action: the choice that changes nothing ("Keep Environment"). It comes first and has the
   * focus, so Enter does not confirm the action; choosing it answers undefined, as Cancel does.
   */
  safe?: string;
}

/** One page of what a searching pick found. */
interface SearchPage<T> {
  items: PickItem<T>[];
  /** another page follows */
  more: boolean;
}

export interface SearchPickOptions<T> {
  title: string;
  placeholder?: string;
  /** several values (kept chosen across searches) or one */
  many: boolean;
  /** the item that loads the next page */
  moreLabel: string;
  /** what shows while nothing matches */
  noneLabel: string;
  /** page 0, 1… of what matches the typed text; called as the user types (the previous call's signal aborts) */
  search(text: string, page: number, signal: AbortSignal): Promise<SearchPage<T>>;
  /** what identifies a value across pages and searches */
  key(value: T): string;
}

/** Where progress shows: a notification (its title, a message, Cancel when cancellable), the status bar, or a view's bar. */
export type ProgressLocation = 'notification' | 'window' | { view: string };

export interface ProgressOptions {
  /** the notification's or the status bar's text (a view's bar has none) */
  title?: string;
  /** a notification's Cancel button, which aborts the task's signal */
  cancellable?: boolean;
  /** a notification unless said otherwise */
  location?: ProgressLocation;
}

export interface PickOptions {
  title: string;
  placeholder?: string;
  /** stays open when the focus moves elsewhere */
  ignoreFocusOut?: boolean;
  /** typing also matches the items' descriptions (the default) */
  matchOnDescription?: boolean;
}

export interface ProgressReport {
  /** replaces the progress message, e.g. "1,500 of 10,000" */
  message(text: string): void;
}

export interface Ui {
  info(message: string, ...actions: string[]): Promise<string | undefined>;
  /**
   * A modal warning that must be answered: `message` names what is affected, `detail` the consequences.
   * Resolves to the chosen action, or undefined for Cancel (the modal's own button) or Escape.
   */
  confirm(options: ConfirmOptions): Promise<string | undefined>;
  warn(message: string, ...actions: string[]): Promise<string | undefined>;
  error(message: string, ...actions: string[]): Promise<string | undefined>;
  /** undefined when dismissed */
  pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined>;
  /** the items chosen (possibly none); undefined when dismissed */
  pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined>;
  /** a pick whose items are searched as the user types, a page at a time: the values chosen, undefined when dismissed */
  searchPick<T>(options: SearchPickOptions<T>): Promise<T[] | undefined>;
  /** undefined when dismissed */
  input(options: InputOptions): Promise<string | undefined>;
  /** progress while `task` runs (a notification unless `location` says otherwise); `signal` aborts when the user cancels */
  withProgress<R>(options: ProgressOptions, task: (report: ProgressReport, signal: AbortSignal) => Promise<R>): Promise<R>;
  /** a short message in the status bar, gone after `ms` milliseconds */
  status(message: string, ms: number): void;
  /** local files chosen to open (one unless `many`), or undefined when dismissed */
  openFiles(options: { title: string; openLabel: string; many: boolean }): Promise<string[] | undefined>;
  /** a file system path chosen to save to, or undefined */
  saveFile(options: { title: string; defaultName: string; filters: Record<string, string[]> }): Promise<string | undefined>;
  copy(text: string): Promise<void>;
  openExternal(url: string): Promise<void>;
  /** a local file (one the extension just wrote: an export, generated types) in an editor */
  openFile(path: string): Promise<void>;
}
