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
  pick<T>(items: PickItem<T>[], options: { title: string; placeholder?: string }): Promise<T | undefined>;
  /** the items chosen (possibly none); undefined when dismissed */
  pickMany<T>(items: PickItem<T>[], options: { title: string; placeholder?: string }): Promise<T[] | undefined>;
  /** undefined when dismissed */
  input(options: InputOptions): Promise<string | undefined>;
  /** a notification with progress; `signal` aborts when the user cancels (if cancellable) */
  withProgress<R>(
    options: { title: string; cancellable: boolean },
    task: (report: ProgressReport, signal: AbortSignal) => Promise<R>,
  ): Promise<R>;
  /** local files chosen to open (one unless `many`), or undefined when dismissed */
  openFiles(options: { title: string; openLabel: string; many: boolean }): Promise<string[] | undefined>;
  /** a file system path chosen to save to, or undefined */
  saveFile(options: { title: string; defaultName: string; filters: Record<string, string[]> }): Promise<string | undefined>;
  copy(text: string): Promise<void>;
  openExternal(url: string): Promise<void>;
}
