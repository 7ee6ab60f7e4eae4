// Rails-style query string parsing: `filter[fields][title][eq]=x`, `ids[]=a&ids[]=b`, with raw or
// percent-encoded brackets and `+` for spaces.

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Splits `a[b][]` into ['a', 'b', ''] ('' = append to an array). */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  re.lastIndex = open;
  while ((match = re.exec(key)) !== null) path.push(match[1] ?? '');
  return path;
}

export function parseQuery(search: string): Query {
  const root: Query = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return root;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    assign(root, keyPath(key), value);
  }
  return root;
}

function assign(target: Record<string, QueryValue> | QueryValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (Array.isArray(target)) {
    if (rest.length === 0) target.push(value);
    else {
      // `a[][b]=…` starts a new object unless the last one lacks the key
      const last = target[target.length - 1];
      const container = last && typeof last === 'object' && !Array.isArray(last) && !((rest[0] as string) in last) ? last : {};
      if (container !== last) target.push(container);
      assign(container as Record<string, QueryValue>, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const wantsArray = rest[0] === '';
  let child = target[head];
  if (wantsArray ? !Array.isArray(child) : !child || typeof child !== 'object' || Array.isArray(child)) {
    child = wantsArray ? [] : {};
    target[head] = child;
  }
  assign(child as Record<string, QueryValue> | QueryValue[], rest, value);
}
