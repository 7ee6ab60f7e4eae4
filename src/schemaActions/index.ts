// Changing the schema from the tree: new models, block models, fields, fieldsets and webhooks (drafts created by their
// first save), deleting them, and moving fields.
export * from './commands';
export * from './newSchema';
