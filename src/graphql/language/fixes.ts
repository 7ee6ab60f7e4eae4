// The quick fixes of a GraphQL problem: each name graphql-js suggests ("Did you mean "title"?") and, for a name the
// project renamed (a field whose api_key changed, seen by the extension), its new name when the schema has it.
// No vscode import.
import { isEnumType, isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';

export interface Fix {
  title: string;
  /** the name that replaces the one the problem is on */
  replacement: string;
  /** the fix for a rename: the one to prefer */
  preferred: boolean;
}

/** What the project renamed: a model's field (by the model's GraphQL prefix) from one GraphQL name to another. */
export class Renames {
  readonly #renamed = new Map<string, string>();

  record(pascal: string, from: string, to: string): void {
    if (from !== to) this.#renamed.set(`${pascal}.${from}`, to);
  }

  /** The field's new name, if the project renamed it. */
  renamedTo(pascal: string, name: string): string | undefined {
    return this.#renamed.get(`${pascal}.${name}`);
  }
}

const SUGGESTIONS = /Did you mean ((?:"[_A-Za-z][_0-9A-Za-z]*"(?:, |,? or )?)+)\?$/;
/** `Cannot query field "x" on type "T"`, `Field "x" is not defined by type "T"`, `Value "x" does not exist in "T" enum` */
const UNKNOWN =
  /^(?:Cannot query field "(\w+)" on type "(\w+)"|Field "(\w+)" is not defined by type "(\w+)"|Value "(\w+)" does not exist in "(\w+)" enum)/;
const MADE_FOR_MODEL = /^(\w+?)(Record|ModelFilter|ModelOrderBy)$/;

export function fixesFor(
  message: string,
  schema: GraphQLSchema | undefined,
  renames: Renames,
  t: (m: string, ...a: string[]) => string,
): Fix[] {
  const fixes: Fix[] = [];
  const renamed = renameFix(message, schema, renames);
  if (renamed) fixes.push({ title: t('Use {0} (renamed in DatoCMS)', renamed), replacement: renamed, preferred: true });
  const suggested = SUGGESTIONS.exec(message)?.[1];
  for (const name of suggested?.match(/"[^"]+"/g)?.map((q) => q.slice(1, -1)) ?? [])
    if (name !== renamed) fixes.push({ title: t('Change to {0}', name), replacement: name, preferred: false });
  return fixes;
}

/** The new name of a renamed field the problem is about, when the type has it now. */
function renameFix(message: string, schema: GraphQLSchema | undefined, renames: Renames): string | undefined {
  const match = UNKNOWN.exec(message);
  if (!match || !schema) return undefined;
  const name = match[1] ?? match[3] ?? match[5]!;
  const typeName = match[2] ?? match[4] ?? match[6]!;
  const owner = MADE_FOR_MODEL.exec(typeName);
  if (!owner) return undefined;
  const order = owner[2] === 'ModelOrderBy' ? /_(ASC|DESC)$/.exec(name)?.[0] : undefined;
  const renamed = renames.renamedTo(owner[1]!, order ? name.slice(0, -order.length) : name);
  const replacement = renamed && `${renamed}${order ?? ''}`;
  return replacement && hasName(schema, typeName, replacement) ? replacement : undefined;
}

function hasName(schema: GraphQLSchema, typeName: string, name: string): boolean {
  const type = schema.getType(typeName);
  if (isObjectType(type) || isInputObjectType(type)) return name in type.getFields();
  return isEnumType(type) && type.getValue(name) !== undefined;
}
