// Public API of the schema layer: documents, checks, update plans, JSON Schema, filter operators.
// No `vscode` here: this layer is plain TypeScript, tested with Node's runner.
export type { DocumentKind, SchemaContext } from './document';
export { documentValue, renderDocument } from './document';
export type { Json, JsonObject } from './json';
export { formatLikeRendering, parseText, stringifyJson } from './json';
export type { Problem } from './json';
export type { ProblemCode } from './problemCodes';
export { basisValue } from './plan';
export type { UpdatePlan } from './plan';
export { checkDocument, planUpdate } from './plan';
export { conflictsOf, describeUnit, planOver } from './merge';
export type { ApiErrorEntry } from './apiErrors';
export { problemsFromApiError } from './apiErrors';
export { jsonSchemaFor } from './jsonSchema';
export { FILTER_OPERATORS, ORDERABLE_META_COLUMNS, orderMetaColumns, FIELD_TYPES, type FieldType } from './catalog';
export type { FieldInfo } from './records';
export { sortedFields } from './records';
export { DRAFT_ID, draftRecord, planCreate, renderDraft } from './templates';
export { draftField, FIELD_TYPE_LABELS } from './fieldTemplate';
export { draftFieldset, draftModel, draftWebhook, planSchemaCreate, renderSchemaDraft } from './schemaDrafts';
export { FIELD_TYPE_INFO, isFieldType } from './catalog';
