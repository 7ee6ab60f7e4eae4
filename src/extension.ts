// Entry point: one context owns every service and disposable; every command package.json declares runs through the
// one table of src/commands.ts (which loads with the first command).
import vscode = require('vscode');
import { runCommand } from './commands';
import { Context } from './context';

let context: Context | undefined;

export function activate(extension: vscode.ExtensionContext) {
  const ctx = (context = new Context(extension));
  const declared = (extension.extension.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands;
  for (const { command } of declared)
    ctx.own(vscode.commands.registerCommand(command, (...args: unknown[]) => runCommand(ctx, command, args)));
  return ctx.api();
}

export type DatoExplorerApi = ReturnType<typeof activate>;

export async function deactivate(): Promise<void> {
  await context?.close();
  context = undefined;
}
