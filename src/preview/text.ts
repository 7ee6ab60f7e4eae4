// A record document's text → the preview's model, and where each of its fields starts (for scrolling in step):
// what a preview runs on each pause in typing. Pure, so the bench runs exactly this.
import { parseText } from '../schema';
import type { RecordName } from '../language';
import type { Lookups, UploadFacts } from './lookups';
import { buildModel, type BuiltModel, type ModelInput } from './model';

/** Keystrokes closer together than this make one render. */
export const TYPING_DEBOUNCE_MS = 60;

export type TextModel = { built: BuiltModel; fieldLines: { key: string; line: number }[] } | { invalid: string };

export function modelOfText(text: string, input: Omit<ModelInput, 'record'>): TextModel {
  const value = readValue(text);
  if ('invalid' in value) return value;
  return { built: buildModel({ ...input, record: value.record }), fieldLines: fieldLines(text) };
}

/**
 * The document's value. The engine's JSON.parse is some 40 times faster than the documents' own parser: it reads
 * the text unless a number may hold more digits than a double keeps (16 in a row), or the text is invalid (then
 * the documents' parser says where).
 */
function readValue(text: string): { record: Record<string, unknown> } | { invalid: string } {
  let value: unknown;
  if (!/\d{16}/.test(text)) {
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
  }
  if (value === undefined) {
    const parsed = parseText(text);
    if (parsed.problems[0]?.code === 'invalid-json') return { invalid: parsed.problems[0].message };
    value = parsed.value;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { invalid: 'not a JSON object' };
  return { record: value as Record<string, unknown> };
}

/** Where each field starts, as the documents are written (a top-level key at two spaces); other layouts get none. */
function fieldLines(text: string): { key: string; line: number }[] {
  const out: { key: string; line: number }[] = [];
  let line = 0;
  let from = 0;
  for (const match of text.matchAll(/^ {2}"((?:[^"\\\n]|\\.)*)":/gm)) {
    for (let i = text.indexOf('\n', from); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1)) line++;
    from = match.index;
    out.push({ key: unescapeKey(match[1]!), line });
  }
  return out;
}

function unescapeKey(key: string): string {
  try {
    return JSON.parse(`"${key}"`) as string;
  } catch {
    return key;
  }
}

/** Lookups from the name cache and the uploads known so far: what a render may know without asking. */
export function cachedLookups(
  names: { peek(id: string): RecordName | null | undefined },
  uploads: ReadonlyMap<string, UploadFacts | null>,
  imgixHost: string | undefined,
): Lookups {
  return {
    record: (id) => {
      const name = names.peek(id);
      return name && { title: name.title, status: name.status, modelName: name.modelName };
    },
    upload: (id) => uploads.get(id),
    imgixHost,
  };
}
