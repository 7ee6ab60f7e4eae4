// The explorer answering the notifications on screen, as a user clicks them: a button of one toast (Compare,
// Overwrite, Revert, Retry…), or Clear All. A notification the extension shows through its Ui seam (a refused
// save's too) is answered at once by the scripted user; these are the ones VS Code itself shows (the workbench's
// own failed save, others'). Either way, an Overwrite or Revert chosen is noted for the checks.
import * as vscode from 'vscode';
import { clickButton, toasts } from '../suite/helpers';
import { describeRef } from '../../../src/domain/kinds';
import { datocmsDocuments, dropped, note, resourceRef, type Step } from './step';

export async function answerNotification(step: Step): Promise<void> {
  const shown = await toasts();
  const withButtons = shown.filter((t) => t.buttons.length > 0);
  const toast = step.random.pick(withButtons);
  if (!toast || step.random.chance(0.2)) {
    note(step, `clear ${shown.length} notification(s)`);
    await vscode.commands.executeCommand('notifications.clearAll');
    return;
  }
  const button = step.random.pick(toast.buttons)!;
  note(step, `click "${button}" on "${toast.message.slice(0, 120)}"`);
  step.rule = { kind: 'click', button };
  // VS Code's own "Failed to save '…': Unable to write file 'datocms:/…'" names the document by its address
  const about = documentNamed(toast.message) ?? writtenFile(toast.message) ?? step.state.lastSaved;
  if (about && button === 'Overwrite') step.state.overwritten[about] = step.n;
  // VS Code's own failed-save notification may revert every editor whose save failed: what was dirty then is dropped
  const failedSave = button === 'Revert' && /^Failed to save '/.test(toast.message);
  const dirtyBefore = failedSave
    ? datocmsDocuments()
        .filter((d) => d.isDirty)
        .map((d) => d.uri.toString())
    : [];
  await clickButton(button);
  if (about && button === 'Revert') dropped(step, about);
  for (const uri of dirtyBefore) dropped(step, uri);
}

/**
 * The scripted user chose a save's action (a button of its notification, an item of its actions' pick): an
 * Overwrite overwrites the colleague knowingly, a Revert drops the typed text on purpose.
 */
export function saveActionChosen(step: Step, question: string, choice: string): void {
  if (!/^(Overwrite|Revert)\b/.test(choice)) return;
  const active = vscode.window.activeTextEditor?.document.uri;
  const about = documentNamed(question) ?? (active && resourceRef(active) ? active.toString() : step.state.lastSaved);
  if (!about) return;
  if (choice.startsWith('Overwrite')) step.state.overwritten[about] = step.n;
  else dropped(step, about);
}

/** The open document whose address VS Code's failed-save notification quotes, if one. */
function writtenFile(message: string): string | undefined {
  const quoted = /'(datocms:\/[^']+)'/.exec(message)?.[1];
  return (
    quoted &&
    datocmsDocuments()
      .find((d) => d.uri.toString(true) === quoted || d.uri.toString() === quoted)
      ?.uri.toString()
  );
}

/** The open document a notification names ("… newer version of the field author.topics …"), if one. */
function documentNamed(message: string): string | undefined {
  return datocmsDocuments()
    .map((d) => ({ uri: d.uri.toString(), ref: resourceRef(d.uri) }))
    .find(({ ref }) => ref && message.includes(describeRef(ref)))?.uri;
}
