// A document whose name changed gives way, in the same place, to its document under the new name: a draft once its
// first save created the resource, a document whose save renamed it (its title, name, label or api_key), so that
// its tab reads as the tree does.
import vscode = require('vscode');
import { tabsOf } from './tabs';

/** How long to wait for the workbench to mark the document saved after its write returned. */
const SAVED_WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Replaces the tab of `fromUri` with `toUri` (same column, same selection and scroll), once the workbench has marked
 * it saved. A document the user typed in during the save stays where it is: its next save goes on from there.
 */
export async function moveTab(fromUri: vscode.Uri, toUri: vscode.Uri): Promise<void> {
  const fromTab = () => tabsOf(fromUri).find((tab) => tab.input instanceof vscode.TabInputText);
  // the write returns before the workbench marks the editor saved
  for (let waited = 0; waited < SAVED_WAIT_MS && fromTab()?.isDirty; waited += POLL_MS)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const tab = fromTab();
  if (tab?.isDirty) return;
  const before = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === fromUri.toString());
  const editor = await vscode.window.showTextDocument(toUri, {
    preview: false,
    ...(tab ? { viewColumn: tab.group.viewColumn } : {}),
    ...(before ? { selection: before.selection } : {}),
  });
  const visible = before?.visibleRanges[0];
  if (visible) editor.revealRange(visible, vscode.TextEditorRevealType.AtTop);
  const stillThere = fromTab();
  if (stillThere && !stillThere.isDirty) await vscode.window.tabGroups.close(stillThere);
}
