// The editor side of new documents: "New Record…", "New Field…", "New Fieldset…", "New Model…", … open a draft, and once its
// first save created the resource the draft's tab gives way to the resource's own document, in the same place.
import vscode = require('vscode');
import { modelOfNode, newFieldRef } from '../schemaActions/newField';
import { newRecordRef, targetOfNode, type NewRecordDeps } from '../records/newRecord';
import { newFieldsetRef, newModelRef, newWebhookRef } from '../schemaActions/newSchema';
import { DOCUMENT_COMMANDS } from './constants';
import type { DocumentRef } from '../domain/paths';
import { tabsOf } from './tabs';
import { documentUri } from '../platform/uris';

/** How long to wait for the workbench to mark the draft saved after its write returned. */
const SAVED_WAIT_MS = 10_000;
const POLL_MS = 50;

const NEW_DOCUMENTS = {
  [DOCUMENT_COMMANDS.newRecord.command]: (deps, node) => newRecordRef(deps, targetOfNode(node)),
  [DOCUMENT_COMMANDS.newField.command]: (deps, node) => newFieldRef(deps, modelOfNode(node)),
  [DOCUMENT_COMMANDS.newModel.command]: (deps, node) => newModelRef(deps, node, false),
  [DOCUMENT_COMMANDS.newBlockModel.command]: (deps, node) => newModelRef(deps, node, true),
  [DOCUMENT_COMMANDS.newFieldset.command]: (deps, node) => newFieldsetRef(deps, modelOfNode(node)),
  [DOCUMENT_COMMANDS.newWebhook.command]: (deps, node) => newWebhookRef(deps, node),
} satisfies Record<string, (deps: NewRecordDeps, node: unknown) => Promise<DocumentRef | undefined>>;

export type NewDocumentCommand = keyof typeof NEW_DOCUMENTS;

export const isNewDocumentCommand = (command: string): command is NewDocumentCommand => Object.hasOwn(NEW_DOCUMENTS, command);

/** Opens the draft a "New …" command ran on the tree node `node` (or from the palette) leads to. */
export async function openNewDocument(command: NewDocumentCommand, deps: NewRecordDeps, node: unknown): Promise<void> {
  const ref = await NEW_DOCUMENTS[command](deps, node);
  if (ref) await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}

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
