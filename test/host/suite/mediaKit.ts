// What the media suites share: the emulator's storage log, the Media node and its upload rows, the uploads of a
// name, and files dropped on a row as VS Code hands a drop to the tree.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaNode, TreeNode, UploadNode } from '../../../src/tree/nodes';
import { cma, config, extensionApi } from './helpers';

export async function storageRequests(): Promise<{ method: string; status: number; outcome: string; contentLength?: number }[]> {
  const response = await fetch(`${config().emulatorUrl}/_emulator/storage-requests`);
  return (await response.json()) as { method: string; status: number; outcome: string }[];
}
export const clearStorageRequests = () => fetch(`${config().emulatorUrl}/_emulator/storage-requests`, { method: 'DELETE' });

export async function mediaNode(): Promise<MediaNode> {
  const { model } = await extensionApi();
  const [project] = model.roots();
  const media = (await model.children(project)).find((n): n is MediaNode => n.kind === 'media');
  assert.ok(media, 'the project shows a Media node');
  return media;
}
export const uploadRows = (nodes: TreeNode[]) => nodes.filter((n): n is UploadNode => n.kind === 'upload');

/** The uploads of the emulator whose file name holds `name`. */
export async function uploadsNamed(name: string): Promise<{ id: string; attributes: Record<string, unknown>; relationships: any }[]> {
  const page = await cma(
    'GET',
    `/uploads?filter%5Bfields%5D%5Bfilename%5D%5Bmatches%5D%5Bpattern%5D=${encodeURIComponent(name)}&page%5Blimit%5D=50`,
  );
  return page.data;
}

/** Local files dropped on a row of the tree, as VS Code hands the tree a drop from the Explorer. */
export async function dropFiles(onto: TreeNode, paths: string[]): Promise<void> {
  const { dragAndDrop } = await extensionApi();
  const transfer = new vscode.DataTransfer();
  transfer.set('text/uri-list', new vscode.DataTransferItem(paths.map((p) => vscode.Uri.file(p).toString()).join('\r\n')));
  await dragAndDrop.handleDrop!(onto, transfer, new vscode.CancellationTokenSource().token);
}
