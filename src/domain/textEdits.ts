// Plain text edits (an offset, how many characters go, what comes instead), as jsonc-parser makes them: applied
// together, and one edit for the whole difference between two texts (what an editor applies as one undo step).
// No vscode import.

export interface TextChange {
  offset: number;
  length: number;
  content: string;
}

/** The text with the edits applied, the last one first so the offsets of the others stay true. */
export function applyTextEdits(text: string, edits: readonly TextChange[]): string {
  let out = text;
  for (const edit of [...edits].sort((x, y) => y.offset - x.offset))
    out = out.slice(0, edit.offset) + edit.content + out.slice(edit.offset + edit.length);
  return out;
}

/** One edit from `before` to `after`: the span between their common start and end. */
export function wholeChange(before: string, after: string): TextChange {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  return { offset: start, length: before.length - start - end, content: after.slice(start, after.length - end) };
}
