// A change to a project's schema, as what code reads through the delivery API sees it: a model or a field that goes
// (deleted, or renamed: its old GraphQL names go), and what to search for and take out of the schema. No vscode import.
import { camelCase, pascalCase } from '../datoNames';
import type { SchemaEdit } from './breakage';
import type { ReadQuery } from './extract';

/** A model or field deleted, or given another api_key (`to`). */
export type CodeChange = { project: string; environment: string } & (
  { kind: 'model'; modelApiKey: string; to?: string } | { kind: 'field'; modelApiKey: string; fieldApiKey: string; to?: string }
);

/** What reads a model (its record type, its meta count) or a field (selected, filtered by, ordered by). */
export function readQueryOf(changes: readonly CodeChange[]): ReadQuery {
  const types: string[] = [];
  const fields: NonNullable<ReadQuery['fields']> = [];
  for (const change of changes) {
    const pascal = pascalCase(change.modelApiKey);
    if (change.kind === 'model') types.push(`${pascal}Record`, `${pascal}ModelFilter`);
    else {
      const name = camelCase(change.fieldApiKey);
      fields.push({
        typeName: `${pascal}Record`,
        names: [name, `_all${pascalCase(change.fieldApiKey)}Locales`],
        filterType: `${pascal}ModelFilter`,
        orderEnum: `${pascal}ModelOrderBy`,
      });
    }
  }
  return { ...(types.length ? { types } : {}), ...(fields.length ? { fields } : {}) };
}

export function schemaEditsOf(changes: readonly CodeChange[]): SchemaEdit[] {
  return changes.map((change) =>
    change.kind === 'model'
      ? { kind: 'removeModel', pascal: pascalCase(change.modelApiKey) }
      : { kind: 'removeField', pascal: pascalCase(change.modelApiKey), field: camelCase(change.fieldApiKey) },
  );
}
