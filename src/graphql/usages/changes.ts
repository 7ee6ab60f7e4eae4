// A change to a project's schema, as what code reads through the delivery API sees it: a model or a field that goes
// (deleted, or renamed: its old GraphQL names go), and what to search for and take out of the schema. No vscode import.
import { camelCase, pascalCase } from '../datoNames';
import type { SchemaEdit } from './breakage';
import type { ReadQuery } from './extract';

/** A model or field deleted, or given another api_key (`to`). */
export type CodeChange = { project: string; environment: string } & (
  { kind: 'model'; modelApiKey: string; to?: string } | { kind: 'field'; modelApiKey: string; fieldApiKey: string; to?: string }
);

/** What reads a model (its types, its meta count, paths through it) or a field (selected, filtered, ordered by, typed). */
export function readQueryOf(changes: readonly CodeChange[], pascals: readonly string[] = []): ReadQuery {
  const models: NonNullable<ReadQuery['models']> = [];
  const fields: NonNullable<ReadQuery['fields']> = [];
  for (const change of changes) {
    const pascal = pascalCase(change.modelApiKey);
    const camel = camelCase(change.modelApiKey);
    if (change.kind === 'model') models.push({ pascal, camel, except: longerPrefixes(pascal, pascals) });
    else {
      const name = camelCase(change.fieldApiKey);
      fields.push({
        typeName: `${pascal}Record`,
        names: [name, `_all${pascalCase(change.fieldApiKey)}Locales`],
        filterType: `${pascal}ModelFilter`,
        orderEnum: `${pascal}ModelOrderBy`,
        typePrefix: `${pascal}Model${pascalCase(change.fieldApiKey)}`,
        pathStep: `${camel}_${name}`,
      });
    }
  }
  return { ...(models.length ? { models } : {}), ...(fields.length ? { fields } : {}) };
}

/** The type prefixes of models whose names start with this one's and `Model` (`PostModel` of `post_model`, for `post`). */
function longerPrefixes(pascal: string, pascals: readonly string[]): string[] {
  return pascals.filter((q) => q !== pascal && q.startsWith(`${pascal}Model`)).map((q) => `${q}Model`);
}

export function schemaEditsOf(changes: readonly CodeChange[]): SchemaEdit[] {
  return changes.map((change) =>
    change.kind === 'model'
      ? { kind: 'removeModel', pascal: pascalCase(change.modelApiKey) }
      : { kind: 'removeField', pascal: pascalCase(change.modelApiKey), field: camelCase(change.fieldApiKey) },
  );
}
