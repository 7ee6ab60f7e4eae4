// The commands on an open document's conflict or failed save: compare, overwrite, revert, the failed save's actions.
import type vscode from 'vscode';
import type { DocumentsFeature } from './datoDocuments';

interface Deps {
  documents: DocumentsFeature;
}

export const compareWithRemote = (deps: Deps, uri?: vscode.Uri) => deps.documents.compare(uri);
export const overwriteRemote = (deps: Deps, uri?: vscode.Uri) => deps.documents.overwrite(uri);
export const revertToRemote = (deps: Deps, uri?: vscode.Uri) => deps.documents.revert(uri);
export const saveActions = (deps: Deps, uri?: vscode.Uri) => deps.documents.offerSaveActions(uri);
