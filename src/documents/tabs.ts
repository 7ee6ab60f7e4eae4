// The workbench's tabs of `datocms:` documents.
import vscode = require('vscode');
import { DOCUMENT_SCHEME } from '../domain/paths';

export function activeDocumentUri(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === DOCUMENT_SCHEME ? uri : undefined;
}

/** Every tab showing `uri` (as a text editor or a diff's editable side). */
export function tabsOf(uri: vscode.Uri): vscode.Tab[] {
  const key = uri.toString();
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => {
      const input = tab.input;
      const tabUri =
        input instanceof vscode.TabInputText ? input.uri : input instanceof vscode.TabInputTextDiff ? input.modified : undefined;
      return tabUri?.toString() === key;
    });
}

/** The editor tab of `uri` when it holds unsaved changes (the workbench's own dirty state). */
export function dirtyTab(uri: vscode.Uri): vscode.Tab | undefined {
  return tabsOf(uri).find((tab) => tab.isDirty);
}
