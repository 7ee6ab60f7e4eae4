// What a migration changes that code reading the delivery API can see: models and fields it removes, and api_keys it
// renames, in terms of the environment the migration runs on (the target). No vscode import.
import type { SchemaCodeChange } from '../domain/codeImpact';
import type { SchemaDiff } from './diff';

export function codeChangesOf(diff: SchemaDiff, project: string, options: { deletes: boolean }): SchemaCodeChange[] {
  const place = { project, environment: diff.target.environment };
  return diff.models.flatMap((model): SchemaCodeChange[] => {
    const target = model.target;
    if (!target) return [];
    if (model.kind === 'removed') return options.deletes ? [{ ...place, kind: 'model', modelApiKey: target.apiKey }] : [];
    const renamed: SchemaCodeChange[] =
      model.source && model.source.apiKey !== target.apiKey
        ? [{ ...place, kind: 'model', modelApiKey: target.apiKey, to: model.source.apiKey }]
        : [];
    const fields = model.fields.flatMap((field): SchemaCodeChange[] => {
      const from = field.target;
      if (!from) return [];
      const change = { ...place, kind: 'field' as const, modelApiKey: target.apiKey, fieldApiKey: from.apiKey };
      if (field.kind === 'removed') return options.deletes ? [change] : [];
      return field.source && field.source.apiKey !== from.apiKey ? [{ ...change, to: field.source.apiKey }] : [];
    });
    return [...renamed, ...fields];
  });
}
