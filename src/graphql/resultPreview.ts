// A delivery answer as the result document shows it: pretty JSON up to a budget of characters, so that a 20 MB answer
// opens at once instead of whole. Past the budget, an array or object says in a comment how many members are not
// shown (the document is JSON with comments), and a very long string is cut where it says so. No vscode import.
import type { Translate } from '../platform/translate';

/** What the result document shows of an answer, at most (characters of pretty JSON). */
export const PREVIEW_CHARS = 1_000_000;
/** A string longer than this is cut in the preview. */
const LONG_STRING = 10_000;

export interface Preview {
  text: string;
  /** something was left out */
  cut: boolean;
}

export function previewJson(value: unknown, t: Translate, budget = PREVIEW_CHARS): Preview {
  const writer = new Writer(t, budget);
  writer.value(value, '');
  return { text: writer.out.join(''), cut: writer.cut };
}

class Writer {
  readonly out: string[] = [];
  cut = false;
  #length = 0;

  constructor(
    private readonly t: Translate,
    private readonly budget: number,
  ) {}

  value(value: unknown, indent: string): void {
    if (Array.isArray(value)) this.#members(value, indent, '[', ']', (item, inner) => this.value(item, inner));
    else if (value !== null && typeof value === 'object')
      this.#members(Object.entries(value as Record<string, unknown>), indent, '{', '}', ([key, item], inner) => {
        this.#write(`${JSON.stringify(key)}: `);
        this.value(item, inner);
      });
    else if (typeof value === 'string' && value.length > LONG_STRING) {
      this.cut = true;
      this.#write(JSON.stringify(value.slice(0, LONG_STRING)));
      this.#write(` /* ${this.t('… {0} more characters not shown', (value.length - LONG_STRING).toLocaleString('en-US'))} */`);
    } else this.#write(JSON.stringify(value) ?? 'null');
  }

  #members<T>(members: T[], indent: string, open: string, close: string, write: (member: T, indent: string) => void): void {
    if (members.length === 0) return this.#write(`${open}${close}`);
    const inner = `${indent}  `;
    this.#write(`${open}\n`);
    let shown = 0;
    for (const member of members) {
      if (this.#length > this.budget) break;
      this.#write(shown > 0 ? `,\n${inner}` : inner);
      write(member, inner);
      shown++;
    }
    this.#write('\n');
    if (shown < members.length) {
      this.cut = true;
      const more = (members.length - shown).toLocaleString('en-US');
      this.#write(`${inner}// ${this.t('… {0} more not shown (the answer is larger than the preview)', more)}\n`);
    }
    this.#write(`${indent}${close}`);
  }

  #write(text: string): void {
    this.out.push(text);
    this.#length += text.length;
  }
}
