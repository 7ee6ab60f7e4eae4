// Names and text pieces of the generated TypeScript: type names from api_keys (PascalCase, collisions
// resolved), property names, string literals and doc comments that cannot break out of their comment.

/** Types the generated file declares itself, and global types it (or its reader) relies on: never a model's name. */
const RESERVED = new Set([
  'Array',
  'BigInt',
  'Boolean',
  'Date',
  'Error',
  'Exclude',
  'Extract',
  'Function',
  'JSON',
  'Map',
  'Math',
  'NonNullable',
  'Number',
  'Object',
  'Omit',
  'Partial',
  'Pick',
  'Promise',
  'Readonly',
  'ReadonlyArray',
  'Record',
  'Required',
  'Set',
  'String',
  'Symbol',
  'Awaited',
  'ReturnType',
  'Parameters',
  'Uppercase',
  'Lowercase',
  'Capitalize',
  'Uncapitalize',
]);

/** `blog_post` → `BlogPost`; anything that is not a letter or digit separates words. */
export function pascalCase(apiKey: string): string {
  const name = apiKey
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  if (name === '') return 'Model';
  return /^[0-9]/.test(name) ? `M${name}` : name;
}

export interface NamedItemType {
  id: string;
  apiKey: string;
  isBlock: boolean;
}

/**
 * One type name per model and block model, unique in the file: its api_key in PascalCase. Where several share
 * that name, the shortest api_key keeps it; the others (and any name taken by the file's own helper types or a
 * global type) get `Model`/`Block` appended, else a number. Independent of the order the API lists models in.
 */
export function typeNames(itemTypes: readonly NamedItemType[], ownNames: readonly string[]): Map<string, string> {
  const reserved = new Set([...RESERVED, ...ownNames]);
  const ordered = [...itemTypes].sort(
    (a, b) => a.apiKey.length - b.apiKey.length || (a.apiKey < b.apiKey ? -1 : a.apiKey > b.apiKey ? 1 : a.id < b.id ? -1 : 1),
  );
  const names = new Map<string, string>();
  const taken = new Set(reserved);
  for (const itemType of ordered) {
    const name = pascalCase(itemType.apiKey);
    if (!taken.has(name)) {
      taken.add(name);
      names.set(itemType.id, name);
    }
  }
  for (const itemType of ordered.filter((m) => !names.has(m.id))) {
    const base = pascalCase(itemType.apiKey);
    let name = `${base}${itemType.isBlock ? 'Block' : 'Model'}`;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    names.set(itemType.id, name);
  }
  return names;
}

/** A property name: bare when it is an identifier, else quoted. */
export function propertyName(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

/** A string literal type. */
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
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\r\n?/g, '\n');
}

/** A doc comment indented by `indent`, or nothing when there are no lines. */
export function docComment(lines: readonly string[], indent: string): string {
  const body = lines.flatMap((line) => commentText(line).split('\n')).map((line) => line.trimEnd());
  if (body.length === 0) return '';
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** Text on one line, for the header comment (names typed by users may hold anything). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\*\//g, '*\\/');
}
