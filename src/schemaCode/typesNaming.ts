// Names and text pieces of the generated TypeScript: type names from api_keys (PascalCase as `datocms
// schema:generate` names them, collisions resolved), property names, string literals, and doc comments that cannot
// break out of their comment.

/**
 * `blog_post` → `BlogPost`: anything that is not a letter or digit separates words. A name that would start with a
 * digit (or be empty) starts with `kind` ("Model" or "Block"), so that it is an identifier.
 */
export function pascalCase(apiKey: string, kind = 'Model'): string {
  const name = apiKey
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return name === '' || /^[0-9]/.test(name) ? `${kind}${name}` : name;
}

export interface NamedItemType {
  id: string;
  apiKey: string;
  isBlock: boolean;
}

const byApiKey = (a: NamedItemType, b: NamedItemType) =>
  a.apiKey.length - b.apiKey.length || (a.apiKey < b.apiKey ? -1 : a.apiKey > b.apiKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One name per model and block model, unique in the file and never one of `ownNames`: its api_key in PascalCase.
 * Where several share that name, the shortest api_key (then the alphabetically first) keeps it; the others get
 * `Model` or `Block` appended, then a number (`AbModel`, `AbModel2`). Independent of the order the API lists them in.
 */
export function typeNames(itemTypes: readonly NamedItemType[], ownNames: readonly string[]): Map<string, string> {
  const ordered = [...itemTypes].sort(byApiKey);
  const kind = (m: NamedItemType) => (m.isBlock ? 'Block' : 'Model');
  const names = new Map<string, string>();
  const taken = new Set(ownNames);
  for (const itemType of ordered) {
    const name = pascalCase(itemType.apiKey, kind(itemType));
    if (taken.has(name)) continue;
    taken.add(name);
    names.set(itemType.id, name);
  }
  for (const itemType of ordered.filter((m) => !names.has(m.id))) {
    const base = `${pascalCase(itemType.apiKey, kind(itemType))}${kind(itemType)}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    names.set(itemType.id, name);
  }
  return names;
}

/** A property name: bare when it is an identifier, else quoted. */
export function propertyName(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : literal(key);
}

/** A single-quoted string literal (a literal type, or a string value). */
export function literal(text: string): string {
  return `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

/** Text safe inside a `/** … *\/` comment: no comment end, one line per line. */
function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\r\n?|[\u2028\u2029]/g, '\n');
}

/** A doc comment indented by `indent`, or nothing when there are no lines. */
export function docComment(lines: readonly string[], indent: string): string {
  const body = lines.flatMap((line) => commentText(line).split('\n')).map((line) => line.trimEnd());
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  if (body.length === 0) return '';
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** Text on one line, for `//` comments (names typed by users may hold anything). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
