// The explorer's window reload (Developer: Reload Window). The extension host stops with the window, so the step
// is saved first; the workbench then starts the run again (run() is called anew) and the step finishes there,
// checking what the reload restored: the unsaved editors with their text, and nothing sent meanwhile.
import * as vscode from 'vscode';
import { config, waitFor } from '../suite/helpers';
import { datocmsDocuments, note, textTabs, within, type Step } from './step';

/** How long a reload may take to stop this extension host before the run goes on without it. */
const RELOAD_WAIT_MS = 120_000;

/**
 * Reloads once the workbench has backed up every unsaved DatoCMS editor (in a browser the workbench cannot wait
 * for a backup while the page unloads). `persist` saves the run; it resolves only if the reload did not happen.
 */
export async function reload(step: Step, persist: () => void): Promise<void> {
  const unsaved = datocmsDocuments().filter((d) => d.isDirty);
  const { hotExitBackups } = await import('../lib/backups.mjs');
  await waitFor(
    () => {
      const saved = hotExitBackups(config().userDataDir);
      return unsaved.every((d) => d.isClosed || !d.isDirty || saved.some((b) => b.includes(d.getText())));
    },
    30_000,
    'the backups of the unsaved editors',
  ).catch(() => note(step, 'not every unsaved editor was backed up'));
  note(step, `reload the window (${unsaved.length} unsaved editor(s))`);
  step.state.reloads++;
  persist();
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
  await within(RELOAD_WAIT_MS, new Promise(() => undefined));
  step.state.reloading = undefined;
  note(step, `the window did not reload within ${RELOAD_WAIT_MS / 1000} s`);
}

/** After the reload: waits until the tabs of the unsaved documents are back. */
export async function restored(step: Step): Promise<void> {
  const expected = [...new Set(step.state.pending.map((p) => p.uri))];
  await waitFor(() => expected.every((uri) => textTabs().some((t) => t.uri.toString() === uri)), 60_000, 'the restored editors').catch(() =>
    note(
      step,
      `restored ${expected.filter((uri) => textTabs().some((t) => t.uri.toString() === uri)).length} of ${expected.length} unsaved editors`,
    ),
  );
  // the workbench reads each restored document back (its reads are the reload's, not requests nobody caused)
  const read = () => expected.filter((uri) => vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri));
  await waitFor(() => read().length === expected.length, 60_000, 'the restored documents read').catch(() =>
    note(step, `read ${read().length} of ${expected.length} restored documents`),
  );
  note(step, `reloaded in ${Math.round((Date.now() - step.state.reloading!.started) / 1000)} s`);
  step.state.reloading = undefined;
}
