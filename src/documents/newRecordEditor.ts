// The editor side of new records: "New Record…" opens the draft, and once its first save created the
// record the draft's tab gives way to the record's own document, in the same place.
import * as vscode from 'vscode';
import { modelOfNode, newFieldRef } from '../commands/newField';
import { newRecordRef, targetOfNode, type NewRecordDeps } from '../commands/newRecord';
import { documentUri } from './uris';

/** How long to wait for the workbench to mark the draft saved after its write returned. */
const SAVED_WAIT_MS = 10_000;
const POLL_MS = 50;

export async function openNewRecord(deps: NewRecordDeps, node: unknown): Promise<void> {
  const ref = await newRecordRef(deps, targetOfNode(node));
  if (ref) await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}

export async function openNewField(deps: NewRecordDeps, node: unknown): Promise<void> {
  const ref = await newFieldRef(deps, modelOfNode(node));
  if (ref) await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}

/**
 * Replaces the draft's tab with the created record's document (same column), once the workbench has marked
 * the draft saved. A draft the user typed in during the save stays open: its next save updates the record.
 */
export async function showCreated(draftUri: vscode.Uri, createdUri: vscode.Uri): Promise<void> {
  const key = draftUri.toString();
  const isDraft = (uri: vscode.Uri) => uri.toString() === key;
  const draftTab = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && isDraft(t.input.uri));
  // the write returns before the workbench marks the editor saved
  for (let waited = 0; waited < SAVED_WAIT_MS && draftTab()?.isDirty; waited += POLL_MS) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const tab = draftTab();
  if (tab?.isDirty) return;
  await vscode.window.showTextDocument(createdUri, { preview: false, ...(tab ? { viewColumn: tab.group.viewColumn } : {}) });
  const stillThere = draftTab();
  if (stillThere && !stillThere.isDirty) await vscode.window.tabGroups.close(stillThere);
}
