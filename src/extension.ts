// Entry point: one context owns every service and disposable; one table registers every command.
import type vscode from 'vscode';
import { registerCommands } from './commands';
import { Context } from './context';

let context: Context | undefined;

export function activate(extension: vscode.ExtensionContext) {
  context = new Context(extension);
  for (const command of registerCommands(context)) context.own(command);
  return context.api();
}

export type DatoExplorerApi = ReturnType<typeof activate>;

export async function deactivate(): Promise<void> {
  await context?.close();
  context = undefined;
}
