// The `datocms:` documents: the file system, saves, conflicts, drafts and their diagnostics. What other rooms use.
export * from './commands';
export { DOCUMENT_LANGUAGE, type DeletedResources, type SavedDocument } from './constants';
export { DocumentsFeature, type DocumentsDeps } from './datoDocuments';
export * from '../domain';
export * from './documentService';
