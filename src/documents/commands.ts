// The commands on an open document: save (Ctrl+S / Cmd+S), and on a conflict or failed save: compare, overwrite,
// revert, the failed save's actions.
import type vscode from 'vscode';
import type { DocumentsFeature } from './datoDocuments';

interface Deps {
  documents: DocumentsFeature;
}

export const saveDocument = (deps: Deps, uri?: vscode.Uri) => deps.documents.commands.save(uri);
export const compareWithRemote = (deps: Deps, uri?: vscode.Uri) => deps.documents.commands.compare(uri);
export const overwriteRemote = (deps: Deps, uri?: vscode.Uri) => deps.documents.commands.overwrite(uri);
export const revertToRemote = (deps: Deps, uri?: vscode.Uri) => deps.documents.commands.revert(uri);
export { openAsMarkdown } from './openAsMarkdown';
export const saveActions = (deps: Deps, uri?: vscode.Uri) => deps.documents.commands.offerSaveActions(uri);
