// Which schema a `datocms:` document is served with, from its path alone: a model, field, fieldset, webhook or upload document has
// its kind's schema; a record has its model's (known once a record of that model was opened). Pure.
import { parseDocumentPath } from '../domain/paths';

export type SchemaKey = { kind: 'model' | 'field' | 'fieldset' | 'webhook' | 'upload' } | { kind: 'record'; model: string };

/** The schema of the document at a `datocms:` path, or undefined when the path names no document. */
export function schemaKeyFor(path: string): SchemaKey | undefined {
  const ref = parseDocumentPath(path);
  if (!ref || ref.kind === 'markdown') return undefined;
  return ref.kind === 'record'
    ? { kind: 'record', model: recordModelKey(ref.project, ref.environment, ref.modelApiKey) }
    : { kind: ref.kind };
}

/** Names a record model within its project and environment, as record paths do. */
export function recordModelKey(project: string, environment: string, modelApiKey: string): string {
  return `${project}/${environment}/${modelApiKey}`;
}
