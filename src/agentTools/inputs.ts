// Reading a tool's input. The editor hands it over as the agent wrote it (VS Code 1.100 does not check it against
// the declared schema), so every value is checked here: an unknown key, a wrong type, an identifier that could be a
// path (`..`, `/`) or carry text, an oversized value: each is refused with one message naming the key and what to
// send instead. Limits that are merely too high are clamped and said (see ./limits.ts). No vscode import.
import type { Translate } from '../platform/translate';
import { quoted, ToolRefusal } from './output';

export type Raw = Record<string, unknown>;

/** Record, fieldset and webhook ids, and model ids: letters, digits, `_` and `-` only. */
export const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** api_keys of models and fields (looked up, so only their alphabet is checked here). */
export const API_KEY = /^[A-Za-z0-9_]{1,64}$/;
/** project keys and environment names */
export const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export class InputReader {
  constructor(
    readonly raw: Raw,
    readonly tool: string,
    private readonly t: Translate,
  ) {}

  /** The input as an object whose keys are all among `known`. */
  static of(input: unknown, tool: string, known: readonly string[], t: Translate): InputReader {
    if (input === undefined || input === null) return new InputReader({}, tool, t);
    if (typeof input !== 'object' || Array.isArray(input))
      throw new ToolRefusal(t('The input of {0} must be a JSON object; it was {1}.', tool, quoted(input)));
    const unknown = Object.keys(input).filter((key) => !known.includes(key));
    if (unknown.length > 0)
      throw new ToolRefusal(
        t('{0} does not take {1}: its input keys are {2}.', tool, unknown.map((k) => quoted(k)).join(', '), known.join(', ')),
      );
    return new InputReader(input as Raw, tool, t);
  }

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.raw, key) && this.raw[key] !== undefined && this.raw[key] !== null;
  }

  /** A string matching `pattern` (an identifier): `what` says in the refusal what it should be. */
  id(key: string, pattern: RegExp, what: string): string | undefined {
    const value = this.string(key, 64);
    if (value !== undefined && !pattern.test(value))
      throw new ToolRefusal(this.t('{0} of {1} must be {2}; {3} is not.', key, this.tool, what, quoted(value)));
    return value;
  }

  /** Free text of at most `max` characters. */
  string(key: string, max: number): string | undefined {
    if (!this.has(key)) return undefined;
    const value = this.raw[key];
    if (typeof value !== 'string') throw new ToolRefusal(this.t('{0} of {1} must be a string; it was {2}.', key, this.tool, quoted(value)));
    if (value.length > max)
      throw new ToolRefusal(this.t('{0} of {1} is {2} characters long; at most {3} are accepted.', key, this.tool, value.length, max));
    return value;
  }

  /** A whole number of at least 0. */
  count(key: string): number | undefined {
    if (!this.has(key)) return undefined;
    const value = this.raw[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new ToolRefusal(this.t('{0} of {1} must be a whole number of 0 or more; it was {2}.', key, this.tool, quoted(value)));
    return value;
  }

  flag(key: string): boolean | undefined {
    if (!this.has(key)) return undefined;
    const value = this.raw[key];
    if (typeof value !== 'boolean')
      throw new ToolRefusal(this.t('{0} of {1} must be true or false; it was {2}.', key, this.tool, quoted(value)));
    return value;
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    if (!this.has(key)) return undefined;
    const value = this.raw[key];
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value))
      throw new ToolRefusal(this.t('{0} of {1} must be one of {2}; it was {3}.', key, this.tool, values.join(', '), quoted(value)));
    return value as T;
  }

  /** A JSON object of at most `maxKeys` keys whose JSON text is at most `maxChars` characters. */
  object(key: string, maxKeys: number, maxChars: number): Raw | undefined {
    if (!this.has(key)) return undefined;
    const value = this.raw[key];
    if (typeof value !== 'object' || Array.isArray(value))
      throw new ToolRefusal(this.t('{0} of {1} must be a JSON object; it was {2}.', key, this.tool, quoted(value)));
    const keys = Object.keys(value as object);
    if (keys.length > maxKeys)
      throw new ToolRefusal(this.t('{0} of {1} has {2} keys; at most {3} are accepted.', key, this.tool, keys.length, maxKeys));
    const size = JSON.stringify(value).length;
    if (size > maxChars)
      throw new ToolRefusal(this.t('{0} of {1} is {2} characters of JSON; at most {3} are accepted.', key, this.tool, size, maxChars));
    return value as Raw;
  }

  array(key: string, max: number): unknown[] | undefined {
    if (!this.has(key)) return undefined;
    const value = this.raw[key];
    if (!Array.isArray(value)) throw new ToolRefusal(this.t('{0} of {1} must be a list; it was {2}.', key, this.tool, quoted(value)));
    if (value.length > max)
      throw new ToolRefusal(this.t('{0} of {1} has {2} entries; at most {3} are accepted.', key, this.tool, value.length, max));
    return value;
  }

  /** A key another one needs. */
  required<T>(key: string, value: T | undefined, why: string): T {
    if (value === undefined) throw new ToolRefusal(this.t('{0} needs {1}: {2}.', this.tool, key, why));
    return value;
  }
}
