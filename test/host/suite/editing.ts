// Editing like a user in the extension-host suite: open a datocms: document in an editor, put the cursor
// inside a value, then type and press keys through the runner (real keyboard input in the browser).
import assert from 'node:assert/strict';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import type { ConfirmOptions } from '../../../src/platform/ui';
import { answerConfirmations, clearRequests, cma, dismissToasts, pressKeys, tabIsDirty, typeInEditor, waitFor } from './helpers';

export const MAIN = { project: 'emulated-bistro', environment: 'main' } as const;

export const recordUri = (id: string, environment = 'main', modelApiKey = 'article') =>
  documentUri({ project: MAIN.project, environment, kind: 'record', modelApiKey, id });
export const modelUri = (apiKey: string, environment = 'main') =>
  documentUri({ project: MAIN.project, environment, kind: 'model', apiKey });

/** The id of the n-th record of a model (its default order), read straight from the emulator. */
export async function recordIdOf(model: string, index: number): Promise<string> {
  const page = await cma('GET', `/items?filter%5Btype%5D=${model}&page%5Blimit%5D=${index + 1}`);
  const record = page.data[index];
  if (!record) throw new Error(`${model} has no record #${index}`);
  return record.id;
}

/** Opens `uri` in a (non-preview) editor that has the keyboard focus. */
export async function openEditor(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
  // shown, the document becomes DatoCMS JSON (it reopens, with a new editor)
  const shown = () => vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  await waitFor(() => shown()?.document.languageId === 'datocms-json', 15_000, `${uri.path} to be DatoCMS JSON`);
  const editor = shown()!;
  await settled(editor.document);
  return editor;
}

/** Waits until the document's text has not changed for a moment (a refresh after opening may replace it). */
async function settled(document: vscode.TextDocument, quietMs = 400): Promise<void> {
  let version = document.version;
  let since = Date.now();
  await waitFor(
    () => {
      if (document.version !== version) [version, since] = [document.version, Date.now()];
      return Date.now() - since >= quietMs;
    },
    10_000,
    `${document.uri.path} to settle`,
  );
}

export const json = (editor: vscode.TextEditor) => JSON.parse(editor.document.getText());

/** Focuses `editor` and puts the cursor at the end of the string value at `path` (before its closing quote). */
export async function cursorAtEndOf(editor: vscode.TextEditor, path: JSONPath): Promise<void> {
  const node = findNodeAtLocation(parseTree(editor.document.getText())!, path);
  assert.ok(node && node.type === 'string', `a string at ${path.join('.')}`);
  const end = editor.document.positionAt(node.offset + node.length - 1);
  await focus(editor);
  editor.selection = new vscode.Selection(end, end);
  await waitFor(() => editor.selection.isEqual(new vscode.Selection(end, end)), 5_000, 'the cursor to move');
}

/** Focuses `editor` and selects the whole value at `path` (quotes included). */
export async function selectValue(editor: vscode.TextEditor, path: JSONPath): Promise<void> {
  const node = findNodeAtLocation(parseTree(editor.document.getText())!, path);
  assert.ok(node, `a value at ${path.join('.')}`);
  await focus(editor);
  editor.selection = new vscode.Selection(editor.document.positionAt(node.offset), editor.document.positionAt(node.offset + node.length));
}

async function focus(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false, preserveFocus: false });
}

/** Types `text` at the cursor and waits until the document holds `expected` at `path`. */
export async function typeAndWait(editor: vscode.TextEditor, text: string, path: JSONPath, expected: unknown): Promise<void> {
  await typeInEditor(text);
  await waitFor(
    () => valueAt(editor, path) === expected,
    10_000,
    `the editor to hold ${JSON.stringify(expected)} at ${path.join('.')}`,
  ).catch((error: Error) => {
    const textNow = editor.document.getText();
    const at = textNow.indexOf(text);
    const where =
      at < 0
        ? 'the typed text is nowhere in it'
        : `the typed text is at line ${editor.document.positionAt(at).line + 1}: ${JSON.stringify(textNow.slice(Math.max(0, at - 80), at + text.length + 40))}`;
    throw new Error(`${error.message}; it holds ${JSON.stringify(valueAt(editor, path))}; ${where}`);
  });
}

export function valueAt(editor: vscode.TextEditor, path: JSONPath): unknown {
  try {
    let value: any = json(editor);
    for (const key of path) value = value?.[key];
    return value;
  } catch {
    return undefined;
  }
}

/** Ctrl+S in the focused editor. */
export async function pressSave(editor: vscode.TextEditor): Promise<void> {
  await focus(editor);
  await pressKeys('Control+s');
}

export const waitForClean = (uri: vscode.Uri, timeoutMs = 20_000) =>
  waitFor(() => !tabIsDirty(uri), timeoutMs, `the tab of ${uri.path} to be clean`);

/** Replaces the whole text (a paste-like edit), for changes whose timing does not matter. */
export async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const all = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, all, text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

export async function editJson(document: vscode.TextDocument, change: (json: any) => void): Promise<void> {
  const value = JSON.parse(document.getText());
  change(value);
  await replaceText(document, `${JSON.stringify(value, null, 2)}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a datocms: document in a lasting editor (its language is DatoCMS JSON). */
export async function openDocument(uri: vscode.Uri): Promise<vscode.TextDocument> {
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'datocms-json') document = await vscode.languages.setTextDocumentLanguage(document, 'datocms-json');
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Replaces the first `search` in the document with `replacement`, as one edit. */
export async function replaceIn(document: vscode.TextDocument, search: string, replacement: string): Promise<void> {
  const offset = document.getText().indexOf(search);
  assert.ok(offset >= 0, `the document holds ${search}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(offset), document.positionAt(offset + search.length)), replacement);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/**
 * Ctrl+S with the guard's confirmation declined, from a clean slate (no toasts, an empty request log): returns once
 * the guard asked, with what it showed.
 */
export async function saveDeclined(editor: vscode.TextEditor): Promise<ConfirmOptions[]> {
  await dismissToasts();
  const asked = await answerConfirmations(undefined);
  await clearRequests();
  await pressSave(editor);
  await waitFor(() => asked.length === 1, 10_000, 'the guard to ask');
  return asked;
}
