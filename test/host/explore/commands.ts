// The explorer's command action: the next command of a shuffled deck of every command package.json declares (so
// each runs in a seed of ~300 steps, and a new command joins without a line here), run where its menus show it
// (a row, an editor, the palette), its questions answered by the scripted user.
import * as vscode from 'vscode';
import { extensionApi } from '../suite/helpers';
import type { DocumentRef } from '../../../src/domain/paths';
import { sameRef } from './server';
import { datocmsDocuments, dropped, note, resourceRef, within, type Step } from './step';
import { declaredCommands, noteSignedIn, targetsOf, type Target } from './world';

/** How long a command may keep its step waiting (one waiting on a notification nobody answers goes on alone). */
const COMMAND_WAIT_MS = 45_000;
/** Commands a user would not run in a loop of random steps, and why (each still runs: where noted, less often). */
const RARELY: Record<string, string> = {
  'datocms.signOut': 'signing out ends what the next steps can do: the next step signs in again',
  'datocms.env.promote': 'promoting changes which environment the whole project serves',
  'datocms.env.delete': 'deleting an environment',
};

/** Commands not run yet when as many steps are left as such commands: from then on each step runs one of them. */
export function mustExplore(state: Step['state']): string[] {
  const never = declaredCommands().filter((id) => !state.commands[id]);
  return never.length >= state.steps - state.step + 1 ? never : [];
}

export function nextCommand(step: Step): string {
  const { state, random } = step;
  // the deck's order depends on how earlier steps went (how many targets each had): the run's end makes sure
  const owed = mustExplore(state);
  if (owed.length) return owed[0]!;
  if (state.deck.length === 0) state.deck = random.shuffle(declaredCommands());
  let id = state.deck.shift()!;
  // a rare command goes back into the deck (once) when drawn while others remain
  if (RARELY[id] && random.chance(0.5) && state.deck.length > 0) {
    // a few commands later, not last: a deck longer than a run's command steps would never reach it again
    state.deck.splice(Math.min(state.deck.length, 12), 0, id);
    id = state.deck.shift()!;
  }
  return id;
}

export async function runCommand(step: Step, id = nextCommand(step)): Promise<void> {
  const target = chooseTarget(step, await targetsOf(id, step.reach));
  const args = target?.args ?? [];
  note(step, `${id} on ${target?.label ?? 'nothing in reach (run bare)'}`);
  const seen = (step.state.commands[id] ??= { runs: 0, places: [] });
  seen.runs++;
  if (target && !seen.places.includes(target.place)) seen.places.push(target.place);
  step.rule = { kind: 'command', command: id, agreed: false, environment: target?.environment, alsoEnvironment: target?.alsoEnvironment };
  // the document a document command acts on: its argument, or the active editor's
  const documentArg = (args[0] instanceof vscode.Uri ? args[0] : vscode.window.activeTextEditor?.document.uri)?.toString();
  if (id === 'datocms.documents.overwriteRemote' && documentArg) step.state.overwritten[documentArg] = step.n;
  const outcome = await within(COMMAND_WAIT_MS, vscode.commands.executeCommand(id, ...args));
  if (!outcome.done) note(step, `still running after ${COMMAND_WAIT_MS / 1000} s (it goes on)`);
  step.rule = { ...step.rule, agreed: step.user.agreed, cancelledAt: step.user.cancelledAt };
  if (id === 'datocms.documents.revertToRemote' && documentArg) dropped(step, documentArg);
  if (id.startsWith('datocms.sign') || id.startsWith('datocms.env.')) step.reach.forget();
  await noteSignedIn();
}

/** Signs in again (after a Sign Out), as the run needs a project to go on. */
export async function signInAgain(step: Step): Promise<void> {
  note(step, 'signed out: sign in again');
  await runCommand(step, 'datocms.signIn');
  if ((await extensionApi()).registry.list().length === 0) note(step, 'still signed out');
}

/**
 * One place first (a row, an editor, the palette: each as likely, however many rows there are), then a target
 * there; a row whose document is open in an editor is likelier, where the editor and the tree meet.
 */
function chooseTarget(step: Step, targets: Target[]): Target | undefined {
  const place = step.random.pick([...new Set(targets.map((t) => t.place))]);
  const there = targets.filter((t) => t.place === place);
  const open = datocmsDocuments().flatMap((d) => resourceRef(d.uri) ?? []);
  const opened = there.filter((t) => {
    const ref = (t.args[0] as { ref?: DocumentRef } | undefined)?.ref;
    return ref !== undefined && open.some((r) => sameRef(r, ref));
  });
  return step.random.pick(opened.length && step.random.chance(0.5) ? opened : there);
}
