// The editor side of new records: "New Record…" opens the draft, and once its first save created the
// record the draft's tab gives way to the record's own document, in the same place.
import * as vscode from 'vscode';
import { newRecordRef, targetOfNode, type NewRecordDeps } from '../commands/newRecord';
import { documentUri } from './uris';

/** How long to wait for the workbench to mark the draft saved after its write returned. */
const SAVED_WAIT_MS = 10_000;

export async function openNewRecord(deps: NewRecordDeps, node: unknown): Promise<void> {
  const ref = await newRecordRef(deps, targetOfNode(node));
  if (ref) await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}

/**
 * Replaces the draft's tab with the created record's document (same column), once the workbench has marked
 * the draft saved. A draft the user typed in during the save stays open: its next save updates the record.
 */
export async function showCreated(draftUri: vscode.Uri, createdUri: vscode.Uri): Promise<void> {
  const key = draftUri.toString();
  await new Promise<void>((resolve) => {
    const done = () => { subscription.dispose(); clearTimeout(timer); resolve(); };
    const subscription = vscode.workspace.onDidSaveTextDocument((d) => { if (d.uri.toString() === key) setTimeout(done, 0); });
    const timer = setTimeout(done, SAVED_WAIT_MS);
  });
  const draft = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  if (draft?.isDirty) return;
  const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
  await vscode.window.showTextDocument(createdUri, { preview: false, ...(tab ? { viewColumn: tab.group.viewColumn } : {}) });
  if (tab && !tab.isDirty) await vscode.window.tabGroups.close(tab);
}
