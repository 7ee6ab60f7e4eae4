// Which JSON Schema the built-in JSON language features use for a `datocms:` document (completion,
// hover). Associations are static (`jsonValidation` in package.json, matched on the document URI), so
// each kind has one schema URL; records get an index schema that picks their model's schema by
// `$readonly.item_type.id`. Pure: no vscode import.
import type { DocumentKind } from '../schema';

export const SCHEMA_SCHEME = 'datocms-schema';

/** Path (in the `datocms-schema:` scheme) of the schema a kind's documents are associated with. */
export function kindSchemaPath(kind: DocumentKind): string {
  return `/${kind}.json`;
}

/** Path of the schema of one model's records (project keys, environment and model ids are URI-safe). */
export function recordModelSchemaPath(project: string, environment: string, itemTypeId: string): string {
  return `/records/${project}/${environment}/${itemTypeId}.json`;
}

/**
 * The records index schema: for each known model, "if `$readonly.item_type.id` is this model's id,
 * then the model's schema". Every level is required in the `if`, or it would hold for any document.
 */
export function recordIndexSchema(models: readonly { itemTypeId: string; schemaUrl: string }[]): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'DatoCMS record',
    type: 'object',
    allOf: models.map(({ itemTypeId, schemaUrl }) => ({
      if: {
        type: 'object',
        required: ['$readonly'],
        properties: {
          $readonly: {
            type: 'object',
            required: ['item_type'],
            properties: { item_type: { type: 'object', required: ['id'], properties: { id: { const: itemTypeId } } } },
          },
        },
      },
      then: { $ref: schemaUrl },
    })),
  };
}
