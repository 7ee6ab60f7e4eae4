// The explorer's user at the extension's one Ui seam (src/platform/ui.ts): every question a command asks (a
// confirmation, a pick, a text, a file) is answered by chance — often a valid answer, sometimes Cancel — and
// remembered, so the step knows whether the user agreed (a write may follow) or cancelled (none may). VS Code
// refuses modal dialogs in an extension test host, so confirmations could not be answered otherwise; a cancel is
// sometimes a real Escape in the real quick input.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfirmOptions, InputOptions, PickItem, Ui } from '../../../src/platform/ui';
import type { Random } from './random';
import { config, escapeQuickInput } from '../suite/helpers';

export interface Answer {
  at: number;
  /** what was asked: "confirm", "pick", … */
  kind: string;
  question: string;
  /** undefined = cancelled or dismissed */
  answer: string | undefined;
  /** whether the answer lets the command go on (not a cancel) */
  agreed: boolean;
}

type Asking = Pick<
  Ui,
  'confirm' | 'pick' | 'pickMany' | 'input' | 'openFiles' | 'saveFile' | 'copy' | 'openExternal' | 'info' | 'warn' | 'error'
>;

/** Texts worth typing into a box, besides the token and the box's own value. */
const VOCABULARY = ['explore', 'Explore note', 'main', 'sandbox', 'https://example.com/hook', '2031-05-04T10:30', '42', ''];
/** How often a question is cancelled. */
const CANCEL = 0.2;

export class ScriptedUser {
  answers: Answer[] = [];
  /** more texts worth typing: ids and addresses of the project's records */
  words: string[] = [];
  /** told of each button or item chosen, with the message or title it answered (a save's Overwrite, Revert…) */
  onChoice?: (question: string, choice: string) => void;
  private step = 0;

  constructor(
    private readonly random: Random,
    private readonly real: Ui,
  ) {}

  /** Answers the questions of `ui` from now on. */
  install(ui: Ui): void {
    const asking: Asking = {
      confirm: (o) => this.confirm(o),
      pick: (items, o) => this.pick(items, o),
      pickMany: (items, o) => this.pickMany(items, o),
      input: (o) => this.input(o),
      openFiles: (o) => this.openFiles(o),
      saveFile: (o) => this.saveFile(o),
      copy: async (text) => void this.note('copy', text.slice(0, 80), text, true),
      openExternal: async (url) => void this.note('openExternal', url, url, true),
      info: (message, ...actions) => this.notify('info', message, actions),
      warn: (message, ...actions) => this.notify('warn', message, actions),
      error: (message, ...actions) => this.notify('error', message, actions),
    };
    Object.assign(ui, asking);
  }

  /** A new step: its answers start afresh. */
  startStep(step: number): void {
    this.step = step;
    this.answers = [];
  }

  /** When the user first cancelled in this step (undefined: never). */
  get cancelledAt(): number | undefined {
    return this.answers.find((a) => !a.agreed && isQuestion(a.kind))?.at;
  }

  get agreed(): boolean {
    return this.answers.some((a) => a.agreed && isQuestion(a.kind));
  }

  private note(kind: string, question: string, answer: string | undefined, agreed: boolean): string | undefined {
    this.answers.push({ at: Date.now(), kind, question: question.slice(0, 300), answer, agreed });
    return answer;
  }

  private async confirm(options: ConfirmOptions): Promise<string | undefined> {
    // "Don't Ask Again" silences a question for the rest of the run: seldom chosen, so the question keeps coming
    const silencing = options.actions.filter((a) => /ask again/i.test(a));
    const choices: (string | undefined)[] = [...options.actions.filter((a) => !silencing.includes(a)), undefined];
    const answer = silencing.length && this.random.chance(0.05) ? silencing[0] : this.random.pick(choices);
    return this.note('confirm', options.message, answer, answer !== undefined);
  }

  private async pick<T>(items: PickItem<T>[], options: { title: string }): Promise<T | undefined> {
    if (items.length === 0 || this.random.chance(CANCEL)) {
      if (this.random.chance(0.3)) {
        // a real Escape in the real quick pick
        const shown = this.real.pick(items, options);
        await escapeQuickInput();
        const value = await shown;
        this.note('pick', options.title, value === undefined ? undefined : 'chosen despite Escape', value !== undefined);
        return value;
      }
      return this.note('pick', options.title, undefined, false) as undefined;
    }
    const item = this.random.pick(items)!;
    this.note('pick', options.title, item.label, true);
    this.onChoice?.(options.title, item.label);
    return item.value;
  }

  private async pickMany<T>(items: PickItem<T>[], options: { title: string }): Promise<T[] | undefined> {
    if (this.random.chance(CANCEL)) return void this.note('pickMany', options.title, undefined, false);
    const chosen = items.filter(() => this.random.chance(0.4));
    this.note('pickMany', options.title, chosen.map((i) => i.label).join(', '), true);
    return chosen.map((i) => i.value);
  }

  private async input(options: InputOptions): Promise<string | undefined> {
    if (this.random.chance(CANCEL)) {
      if (this.random.chance(0.3)) {
        const shown = this.real.input(options);
        await escapeQuickInput();
        const value = await shown;
        this.note('input', options.title, value, value !== undefined);
        return value;
      }
      return this.note('input', options.title, undefined, false);
    }
    const signal = new AbortController().signal;
    for (let attempt = 0; attempt < 3; attempt++) {
      const text = this.text(options);
      if (text === undefined) break;
      const refused = options.validate?.(text) ?? (options.accept ? await options.accept(text, signal) : undefined);
      if (refused === undefined) return this.note('input', options.title, text, true);
      this.note('input', `${options.title} (refused: ${refused})`, text, false);
    }
    return this.note('input', options.title, undefined, false);
  }

  /** A text for the box: the token for a sign-in, else the box's value or a word that its check accepts. */
  private text(options: InputOptions): string | undefined {
    if (options.password || /token|sign in/i.test(options.title)) return this.random.chance(0.85) ? config().token : 'not-a-token';
    const candidates = [options.value, ...this.words, ...VOCABULARY.map((w) => (w === 'explore' ? `explore-${this.step}` : w))].filter(
      (text): text is string => text !== undefined && !options.validate?.(text),
    );
    return this.random.pick(candidates);
  }

  private async openFiles(options: { title: string; many: boolean }): Promise<string[] | undefined> {
    if (this.random.chance(CANCEL)) return void this.note('openFiles', options.title, undefined, false);
    const file = join(config().workspace, `explore-${this.step}.png`);
    writeFileSync(file, TINY_PNG);
    this.note('openFiles', options.title, file, true);
    return [file];
  }

  private async saveFile(options: { title: string; defaultName: string }): Promise<string | undefined> {
    if (this.random.chance(CANCEL)) return void this.note('saveFile', options.title, undefined, false);
    return this.note('saveFile', options.title, join(config().workspace, `explore-${this.step}-${options.defaultName}`), true);
  }

  /** A notification with buttons: one of them, or dismissed. */
  private async notify(kind: string, message: string, actions: string[]): Promise<string | undefined> {
    const answer = actions.length === 0 ? undefined : this.random.pick([...actions, undefined]);
    if (answer !== undefined) this.onChoice?.(message, answer);
    return this.note(kind, message, answer, answer !== undefined);
  }
}

const isQuestion = (kind: string) => ['confirm', 'pick', 'pickMany', 'input', 'openFiles', 'saveFile'].includes(kind);

/** A 1×1 PNG, for uploads. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
