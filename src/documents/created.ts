// The editor side of new documents: once a draft's first save created the resource, the draft's tab gives way to
// the resource's own document, in the same place.
import vscode = require('vscode');
import { tabsOf } from './tabs';

/** How long to wait for the workbench to mark the draft saved after its write returned. */
const SAVED_WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Replaces the draft's tab with the created record's document (same column), once the workbench has marked
 * the draft saved. A draft the user typed in during the save stays open: its next save updates the record.
 */
export async function showCreated(draftUri: vscode.Uri, createdUri: vscode.Uri): Promise<void> {
  const draftTab = () => tabsOf(draftUri).find((tab) => tab.input instanceof vscode.TabInputText);
  // the write returns before the workbench marks the editor saved
  for (let waited = 0; waited < SAVED_WAIT_MS && draftTab()?.isDirty; waited += POLL_MS)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const tab = draftTab();
  if (tab?.isDirty) return;
  await vscode.window.showTextDocument(createdUri, { preview: false, ...(tab ? { viewColumn: tab.group.viewColumn } : {}) });
  const stillThere = draftTab();
  if (stillThere && !stillThere.isDirty) await vscode.window.tabGroups.close(stillThere);
}
