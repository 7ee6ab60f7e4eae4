// The explorer's editor actions: open a document from the tree, type into it, save it (Ctrl+S or the Save
// command), let auto-save try, close a tab. Typed text carries a marker ("~e17" for step 17) so the checks can
// follow it into the editor, a backup or DatoCMS.
import { findNodeAtLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { extensionApi, pressKeys, typeInEditor, waitFor } from '../suite/helpers';
import { sessionJournal } from './journal';
import { datocmsDocuments, dropped, note, resourceRef, textTabs, type Step } from './step';

/** Keys whose string values a user edits (others, such as slugs and URLs, have formats to keep). */
const EDITABLE = new Set(['title', 'name', 'excerpt', 'hint', 'label', 'bio', 'description', 'caption', 'alt', 'quote']);

/** Opens a document of a row in reach, as a click on the row does. */
export async function openFromTree(step: Step): Promise<vscode.TextDocument | undefined> {
  const rows = (await step.reach.all()).filter((n) => 'ref' in n);
  const row = step.random.pick(rows);
  if (!row || !('ref' in row)) return undefined;
  const uri = documentUri(row.ref);
  note(step, `open ${uri.path}`);
  await vscode.commands.executeCommand('vscode.open', uri, { preview: step.random.chance(0.5) });
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

/** A datocms: document open in an editor, dirty ones likelier; opens one when none is. */
async function someDocument(step: Step, preferDirty: boolean): Promise<vscode.TextDocument | undefined> {
  const open = datocmsDocuments().filter((d) => textTabs().some((t) => t.uri.toString() === d.uri.toString()));
  const dirty = open.filter((d) => d.isDirty);
  const pool = preferDirty && dirty.length && step.random.chance(0.8) ? dirty : open;
  return step.random.pick(pool) ?? (await openFromTree(step));
}

/** Types a marker at the end of a string value the user would edit; false when there was nothing to edit. */
export async function edit(step: Step): Promise<boolean> {
  const document = await someDocument(step, false);
  if (!document) return noted(step, 'no document to edit');
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  const target = editablePath(step, document.getText());
  if (!target) return noted(step, `nothing editable in ${document.uri.path}`);
  const marker = ` ~e${step.n}`;
  const ref = resourceRef(document.uri);
  const offset = target.node.offset + target.node.length - 1; // before the closing quote
  const typed = step.random.chance(0.3);
  note(step, `${typed ? 'type' : 'paste'} "${marker.trim()}" at ${target.path.join('.')} of ${document.uri.path}`);
  if (typed) {
    const position = document.positionAt(offset);
    editor.selection = new vscode.Selection(position, position);
    await typeInEditor(marker);
    await waitFor(() => document.getText().includes(marker), 15_000, `the typed ${marker} in the editor`);
  } else {
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.positionAt(offset), marker);
    if (!(await vscode.workspace.applyEdit(edit))) return noted(step, 'the edit was refused (read-only?)');
  }
  if (ref) step.state.pending.push({ uri: document.uri.toString(), path: target.path, marker, step: step.n });
  return true;
}

function noted(step: Step, text: string): false {
  note(step, text);
  return false;
}

function editablePath(step: Step, text: string): { path: JSONPath; node: Node } | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const found: { path: JSONPath; node: Node }[] = [];
  const visit = (node: Node, path: JSONPath) => {
    if (path.length > 2) return;
    if (node.type === 'string' && path.some((k) => typeof k === 'string' && EDITABLE.has(k))) found.push({ path, node });
    if (node.type === 'object')
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value && !String(key.value).startsWith('$')) visit(value, [...path, String(key.value)]);
      }
  };
  visit(root, []);
  const chosen = step.random.pick(found);
  return chosen && { path: chosen.path, node: findNodeAtLocation(root, chosen.path)! };
}

/** An explicit save: Ctrl+S in the editor, or the Save command on it. */
export async function save(step: Step): Promise<void> {
  const document = await someDocument(step, true);
  if (!document) return note(step, 'no document to save');
  const uri = document.uri;
  const ref = resourceRef(uri);
  step.rule = { kind: 'save', uri: uri.toString(), environment: uri.path.split('/')[2] ?? '', resourceId: ref && resourceKey(ref) };
  step.state.lastSaved = uri.toString();
  await vscode.window.showTextDocument(document, { preview: false });
  const wasDirty = document.isDirty;
  if (step.random.chance(0.5)) {
    note(step, `Ctrl+S on ${uri.path}${wasDirty ? '' : ' (unchanged)'}`);
    const since = await sessionJournal.cursor();
    const asked = step.user.answers.length;
    await pressKeys('Control+s');
    // the save is under way once it asked, sent, or finished (an unchanged one does none of these)
    if (wasDirty)
      await waitFor(
        async () => !document.isDirty || step.user.answers.length > asked || (await sessionJournal.extensionSince(since)).length > 0,
        15_000,
        'the save to start',
      ).catch(() => note(step, 'the save showed no sign of starting'));
  } else {
    note(step, `Save command on ${uri.path}${wasDirty ? '' : ' (unchanged)'}`);
    await vscode.commands.executeCommand('datocms.documents.save', uri);
  }
}

/** The id or api_key that names the resource in its CMA path. */
export const resourceKey = (ref: NonNullable<ReturnType<typeof resourceRef>>) =>
  ref.kind === 'model' || ref.kind === 'field' ? ref.apiKey : ref.id;

/**
 * A workspace turns auto-save on for DatoCMS JSON (only the user may): the workbench auto-saves an edit, and the
 * extension must turn the save away. Waits until its log says it did.
 */
export async function autoSave(step: Step): Promise<void> {
  const files = vscode.workspace.getConfiguration('files', { languageId: 'datocms-json' });
  const log = join((await extensionApi()).logUri.fsPath, 'DatoCMS.log');
  const turnedAway = () => (existsSync(log) ? readFileSync(log, 'utf8').split('Not sent: an auto-save').length - 1 : 0);
  const before = turnedAway();
  const set = async (delay: number | undefined, mode: string | undefined) => {
    await files.update('autoSaveDelay', delay, vscode.ConfigurationTarget.Workspace, true);
    await files.update('autoSave', mode, vscode.ConfigurationTarget.Workspace, true);
  };
  await set(200, 'afterDelay');
  try {
    note(step, 'the workspace turns auto-save on for DatoCMS JSON (after 200 ms)');
    if (!(await edit(step))) return;
    await waitFor(() => turnedAway() > before, 15_000, 'the auto-save to be turned away').catch(() =>
      note(step, 'no auto-save was turned away (none was attempted?)'),
    );
  } finally {
    await set(undefined, undefined);
  }
}

/** Closes a tab; a dirty one is closed without saving (what an extension test host answers VS Code's question). */
export async function closeTab(step: Step): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
  const tab = step.random.pick(tabs);
  if (!tab) return note(step, 'no tab to close');
  const uri = textTabs().find((t) => t.tab === tab)?.uri;
  const dirty = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.isDirty;
  note(step, `close tab "${tab.label}"${tab.isDirty ? " (unsaved: Don't Save)" : ''}`);
  await vscode.window.tabGroups.close(tab);
  // its unsaved text is dropped (unless another tab still shows the document: then the text stays, and is checked)
  if (uri && dirty) dropped(step, uri.toString());
}
