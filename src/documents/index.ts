// Public entry of the documents feature: the `datocms:` file system, document service and diagnostics.
export type { DocumentRef } from './paths';
export { DOCUMENT_SCHEME, describeRef } from './paths';
export { documentUri, parseDocumentUri } from './uris';
export { DatoDocuments, DOCUMENT_COMMANDS, SIGN_IN_AGAIN_COMMAND, type DatoDocumentsDeps } from './datoDocuments';
