// Edits for the differential test, generated from the project's schema: per field type and per validator
// (values just inside and just outside each bound), per locale, per block (new, changed, incomplete),
// and per model, field and webhook attribute rule. Each edit mutates a rendered document in place.
// The generators live per resource kind in differentialRecordCases.ts, differentialSchemaCases.ts and
// differentialWebhookCases.ts; this file is the one the test imports.
export type { EditCase } from './differentialCaseKit';
export { recordCases } from './differentialRecordCases';
export { fieldCases, modelCases } from './differentialSchemaCases';
export { webhookCases } from './differentialWebhookCases';
