// The documents feature as loaded on first use (bundled as dist/documents.js; see shell.ts).
export { DocumentsFeature } from './datoDocuments';
