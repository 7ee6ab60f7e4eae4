// `datocms:` URIs of documents and back, over the path codec of ./paths.
import * as vscode from 'vscode';
import { DOCUMENT_SCHEME, documentPath, parseDocumentPath, type DocumentRef } from './paths';

export function documentUri(ref: DocumentRef): vscode.Uri {
  return vscode.Uri.from({ scheme: DOCUMENT_SCHEME, path: documentPath(ref) });
}

export function parseDocumentUri(uri: vscode.Uri): DocumentRef | undefined {
  return uri.scheme === DOCUMENT_SCHEME ? parseDocumentPath(uri.path) : undefined;
}
