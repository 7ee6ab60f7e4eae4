// Public entry of the documents feature: the shell activation loads, the names other features share,
// and the path codec. The rest (saves, baselines, diagnostics) loads with the first document.
export type { DocumentRef } from '../domain/paths';
export { DOCUMENT_SCHEME, describeRef } from '../domain/paths';
export { documentUri, parseDocumentUri } from '../platform/uris';
export { DOCUMENT_COMMANDS, DOCUMENT_LANGUAGE, SIGN_IN_AGAIN_COMMAND, type DatoDocumentsDeps, type DeletedResources } from './constants';
export { DatoDocuments } from './shell';
