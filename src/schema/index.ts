// Public API of the schema layer (contract C): documents, checks, update plans, JSON Schema, filter operators.
// No `vscode` here: this layer is plain TypeScript, tested with Node's runner.
export type { DocumentKind, SchemaContext } from './document';
export { renderDocument } from './document';
export type { Json, JsonObject, Problem } from './json';
export { basisValue } from './plan';
export type { UpdatePlan } from './plan';
export { checkDocument, planUpdate } from './plan';
export type { ApiErrorEntry } from './apiErrors';
export { problemsFromApiError } from './apiErrors';
export { jsonSchemaFor } from './jsonSchema';
export { FILTER_OPERATORS, ORDERABLE_META_COLUMNS, FIELD_TYPES, type FieldType } from './catalog';
