// A Ui whose answers are scripted by the test, in order; anything unscripted fails the test.
import type {
  ConfirmOptions,
  InputOptions,
  PickItem,
  PickOptions,
  ProgressOptions,
  ProgressReport,
  SearchPickOptions,
  Ui,
} from '../../src/platform/ui';

/** A searching pick as a scripted user meets it: each search gives the labels found on that page. */
export interface ScriptedSearch {
  search(text: string, page?: number): Promise<{ labels: string[]; descriptions: (string | undefined)[]; more: boolean }>;
}

type Answer = (message: string, actions: string[], detail?: string) => string | undefined;

export class ScriptedUi implements Ui {
  /** answers to input boxes, in order */
  readonly inputs: ((options: InputOptions) => string | undefined)[] = [];
  /** answers to quick picks: returns the chosen item's label (or undefined to dismiss) */
  readonly picks: ((labels: string[], title: string) => string | undefined)[] = [];
  /** answers to error/warning messages with actions; info messages are recorded only */
  readonly answers: Answer[] = [];
  readonly transcript: string[] = [];
  /** every modal confirmation, as asked */
  readonly confirmations: ConfirmOptions[] = [];
  readonly progressTitles: string[] = [];
  readonly progressMessages: string[] = [];
  /** every progress shown, as asked (where, its title, whether it can be cancelled) */
  readonly progress: ProgressOptions[] = [];
  /** every status bar message, with how long it stays */
  readonly statuses: { message: string; ms: number }[] = [];
  /** the local files the command asked to show in an editor */
  readonly shownFiles: string[] = [];
  cancelProgressWhen?: (message: string) => boolean;

  async info(message: string): Promise<string | undefined> {
    this.transcript.push(`info: ${message}`);
    return undefined;
  }
  async warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.answer('warn', message, actions);
  }
  async error(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.answer('error', message, actions);
  }
  private answer(kind: string, message: string, actions: string[], detail?: string): string | undefined {
    this.transcript.push(`${kind}: ${message} [${actions.join(', ')}]`);
    const next = this.answers.shift();
    if (!next) throw new Error(`unexpected ${kind} message: ${message}`);
    return next(message, actions, detail);
  }
  /** modal confirmations answer from `answers` too (message = options.message; the answer also gets the detail) */
  async confirm(options: ConfirmOptions): Promise<string | undefined> {
    this.confirmations.push(options);
    return this.answer('confirm', options.message, options.actions, options.detail);
  }
  /** the options of every single pick, as asked */
  readonly pickOptions: PickOptions[] = [];
  async pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    this.transcript.push(`pick: ${options.title}`);
    this.pickOptions.push(options);
    const next = this.picks.shift();
    if (!next) throw new Error(`unexpected quick pick: ${options.title}`);
    const label = next(
      items.map((i) => i.label),
      options.title,
    );
    if (label === undefined) return undefined;
    const item = items.find((i) => i.label === label);
    if (!item) throw new Error(`"${label}" is not offered in "${options.title}" (${items.map((i) => i.label).join(', ')})`);
    return item.value;
  }
  /** what a box with `accept` showed under the text; the next answer in `inputs` retypes in the same box */
  readonly refusals: string[] = [];
  /** answers to multi-select picks: returns the chosen items' labels (or undefined to dismiss) */
  readonly manyPicks: ((labels: string[], title: string) => string[] | undefined)[] = [];
  /** answers to open-file dialogs: the paths chosen (or undefined to dismiss) */
  readonly openedFiles: ((title: string) => string[] | undefined)[] = [];
  /** the options of every multi-select pick, as asked */
  readonly manyPickOptions: PickOptions[] = [];
  async pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    this.transcript.push(`pickMany: ${options.title}`);
    this.manyPickOptions.push(options);
    const next = this.manyPicks.shift();
    if (!next) throw new Error(`unexpected quick pick: ${options.title}`);
    const labels = next(
      items.map((i) => i.label),
      options.title,
    );
    if (labels === undefined) return undefined;
    return labels.map((label) => {
      const item = items.find((i) => i.label === label);
      if (!item) throw new Error(`"${label}" is not offered in "${options.title}"`);
      return item.value;
    });
  }
  /** answers to searching picks: search like a user, then return the labels chosen (undefined dismisses) */
  readonly searchPicks: ((ask: ScriptedSearch, title: string) => Promise<string[] | undefined>)[] = [];
  async searchPick<T>(options: SearchPickOptions<T>): Promise<T[] | undefined> {
    this.transcript.push(`searchPick: ${options.title}`);
    const next = this.searchPicks.shift();
    if (!next) throw new Error(`unexpected searching pick: ${options.title}`);
    const seen = new Map<string, T>();
    const search = async (text: string, page = 0) => {
      const found = await options.search(text, page, new AbortController().signal);
      for (const item of found.items) seen.set(item.label, item.value);
      return { labels: found.items.map((i) => i.label), descriptions: found.items.map((i) => i.description), more: found.more };
    };
    const labels = await next({ search }, options.title);
    return labels?.map((label) => {
      if (!seen.has(label)) throw new Error(`"${label}" was not found in "${options.title}"`);
      return seen.get(label)!;
    });
  }
  async openFiles(options: { title: string }): Promise<string[] | undefined> {
    this.transcript.push(`open files: ${options.title}`);
    const next = this.openedFiles.shift();
    if (!next) throw new Error(`unexpected open dialog: ${options.title}`);
    return next(options.title);
  }
  async input(options: InputOptions): Promise<string | undefined> {
    this.transcript.push(`input: ${options.title}`);
    for (;;) {
      const next = this.inputs.shift();
      if (!next) throw new Error(`unexpected input box: ${options.title}`);
      const text = next(options);
      if (text === undefined || !options.accept) return text;
      const refusal = await options.accept(text, new AbortController().signal);
      if (refusal === undefined) return text;
      this.refusals.push(refusal);
      this.transcript.push(`refused in the box: ${refusal}`);
    }
  }
  async withProgress<R>(options: ProgressOptions, task: (report: ProgressReport, signal: AbortSignal) => Promise<R>): Promise<R> {
    this.progress.push(options);
    if (options.title !== undefined) this.progressTitles.push(options.title);
    const controller = new AbortController();
    return task(
      {
        message: (text) => {
          this.progressMessages.push(text);
          if (this.cancelProgressWhen?.(text)) controller.abort();
        },
      },
      controller.signal,
    );
  }
  status(message: string, ms: number): void {
    this.transcript.push(`status: ${message}`);
    this.statuses.push({ message, ms });
  }
  async saveFile(): Promise<string | undefined> {
    throw new Error('unexpected save dialog');
  }
  async copy(text: string): Promise<void> {
    this.transcript.push(`copy: ${text}`);
  }
  async openExternal(url: string): Promise<void> {
    this.transcript.push(`open: ${url}`);
  }
  async openFile(path: string): Promise<void> {
    this.shownFiles.push(path);
  }
}
