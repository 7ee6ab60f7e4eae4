// The commands on an open document: save (Ctrl+S / Cmd+S), and on a conflict or failed save: compare, overwrite,
// revert, the failed save's actions.
import type vscode from 'vscode';
import type { DocumentsFeature } from './datoDocuments';

/** A command's handler: the documents feature's own (the feature is made on first use). */
const command =
  (name: 'save' | 'compare' | 'overwrite' | 'revert' | 'offerSaveActions') => (deps: { documents: DocumentsFeature }, uri?: vscode.Uri) =>
    deps.documents.commands[name](uri);

export const saveDocument = command('save');
export const compareWithRemote = command('compare');
export const overwriteRemote = command('overwrite');
export const revertToRemote = command('revert');
export const saveActions = command('offerSaveActions');
export { openAsMarkdown } from './openAsMarkdown';
