// The `datocms:` documents: the file system, saves, conflicts, drafts and their diagnostics. What other rooms use.
export * from './commands';
export { DOCUMENT_LANGUAGE } from './constants';
export { DocumentsFeature } from './datoDocuments';
export * from '../domain';
export * from './documentService';
export { markdownKindOf, newBlocksAt } from './markdownDocument';
