// The exploratory run, inside the real extension host (the @vscode/test-electron contract, like the suite): a seeded
// random sequence of the extension's commands, edits, saves, cancels, questions answered, tabs closed, window
// reloads and a colleague's changes, with the invariants checked after every step (checks.ts, agreement.ts and
// the sentinel's). The seed and the step list go to the report, so any run can be replayed by its seed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { Ui } from '../../../src/platform/ui';
import { config, extensionApi, linkWorkspaceToEmulator } from '../suite/helpers';
import { Sentinel } from '../suite/sentinel';
import { refreshAndCompare } from './agreement';
import { checkColleague, checkEdits, checkWrites, describeWrite } from './checks';
import { colleague } from './colleague';
import { mustExplore, runCommand, signInAgain } from './commands';
import { autoSave, closeTab, edit, openFromTree, save } from './editing';
import { isWrite, sessionJournal } from './journal';
import { answerNotification, saveActionChosen } from './notifications';
import { Random } from './random';
import { reload, restored } from './reload';
import { loadState, newState, saveState, type Breach, type ExploreState } from './state';
import { note, within, type Step } from './step';
import { ScriptedUser } from './user';
import { declaredCommands, noteSignedIn, signedInNow, TreeReach } from './world';

interface ExploreConfig {
  seed: number;
  steps: number;
  reportPath: string;
}

/** The chance of each kind of step. */
const WEIGHTS = {
  command: 32,
  open: 8,
  edit: 18,
  save: 12,
  autoSave: 2,
  closeTab: 4,
  reload: 0.7,
  colleague: 11,
  notification: 7,
  refresh: 3,
};
type Kind = keyof typeof WEIGHTS | 'signIn' | 'restored';
/** Each look for quiet after a step (shorter than the suite's: a storm still passes the budget within a few). */
const EXPLORE_WINDOW_MS = 250;
/** The longest a step's action may keep the run waiting. */
const STEP_LIMIT_MS = 120_000;

export async function run(): Promise<void> {
  const settings = config() as unknown as ReturnType<typeof config> & ExploreConfig;
  const statePath = join(dirname(settings.reportPath), 'explore-state.json');
  const state = loadState(statePath) ?? newState(settings.seed, settings.steps);
  const random = new Random(state.rng);
  // saved with the generator where it is now: a reload mid-step goes on with the next numbers, not these again
  const persist = () => saveState(statePath, { ...state, rng: random.state });
  const api = await extensionApi();
  const user = new ScriptedUser(random, realUi(api.ui));
  // signing in types the token into the real box (through the runner), before the scripted user answers
  if (state.step === 1 && !state.reloading) await setUp(user);
  user.install(api.ui);
  const sentinel = await Sentinel.start();
  const reach = new TreeReach(random);
  await noteSignedIn();
  mkdirSync(dirname(settings.reportPath), { recursive: true });

  while (state.step <= state.steps) {
    const kind: Kind = state.reloading
      ? 'restored'
      : mustExplore(state).length
        ? 'command'
        : !signedInNow() && random.chance(0.7)
          ? 'signIn'
          : random.weighted(WEIGHTS);
    const step: Step = { n: state.step, state, random, user, reach, details: [], rule: { kind: 'none' } };
    user.startStep(step.n);
    user.onChoice = (question, choice) => saveActionChosen(step, question, choice);
    reach.forget();
    const cursor = state.reloading?.cursor ?? (await sessionJournal.cursor());
    const startedAt = state.reloading?.started ?? Date.now();
    if (kind === 'reload') state.reloading = { step: step.n, started: startedAt, cursor, details: step.details };
    if (kind === 'restored') step.details.push(...(state.reloading?.details ?? []));
    const outcome = await within(STEP_LIMIT_MS, act(kind, step, persist)).catch((error: unknown) => {
      note(step, `the step failed: ${error instanceof Error ? error.message : String(error)}`);
      return { done: true as const, value: undefined };
    });
    if (!outcome.done) note(step, `still running after ${STEP_LIMIT_MS / 1000} s`);
    const breaches = await checkStep(step, kind, sentinel, cursor, startedAt);
    const requests = await sessionJournal.extensionSince(cursor);
    state.log.push({
      step: step.n,
      action: kind === 'restored' ? 'reload' : kind,
      detail: step.details.join('; '),
      answers: user.answers.map(
        (a) =>
          `${a.kind} "${a.question.slice(0, a.kind === 'error' ? 300 : 80)}" → ${a.answer ?? (a.kind === 'confirm' || a.kind.startsWith('pick') || a.kind === 'input' ? 'cancel' : 'dismissed')}`,
      ),
      ms: Date.now() - startedAt,
      writes: requests.filter(isWrite).map(describeWrite),
    });
    state.breaches.push(...breaches);
    state.previousRule = kind === 'restored' ? { kind: 'none' } : step.rule;
    state.rng = random.state;
    state.step++;
    persist();
  }
  await finish(state, settings.reportPath);
}

async function act(kind: Kind, step: Step, persist: () => void): Promise<void> {
  switch (kind) {
    case 'command':
      return runCommand(step);
    case 'signIn':
      return signInAgain(step);
    case 'open':
      return void (await openFromTree(step));
    case 'edit':
      return void (await edit(step));
    case 'save':
      return save(step);
    case 'autoSave':
      return autoSave(step);
    case 'closeTab':
      return closeTab(step);
    case 'reload':
      return reload(step, persist);
    case 'restored':
      return restored(step);
    case 'colleague':
      return colleague(step);
    case 'notification':
      return answerNotification(step);
    case 'refresh':
      return undefined; // compared in checkStep, once the step is quiet
  }
}

async function checkStep(step: Step, kind: Kind, sentinel: Sentinel, cursor: number, startedAt: number): Promise<Breach[]> {
  const breaches: Breach[] = [];
  const add = (invariant: string, detail: string) => breaches.push({ seed: step.state.seed, step: step.n, invariant, detail });
  for (const problem of await sentinel.check(EXPLORE_WINDOW_MS))
    add(problem.includes('logged') ? 'no uncaught error' : 'no request storm', problem);
  breaches.push(...checkWrites(step, await sessionJournal.extensionSince(cursor), startedAt));
  breaches.push(...(await checkEdits(step)));
  breaches.push(...(await checkColleague(step)));
  if (kind === 'refresh') breaches.push(...(await refreshAndCompare(step)));
  return breaches;
}

/** Signed in, the workspace linked to the project (GraphQL commands have a file to act on). */
async function setUp(user: ScriptedUser): Promise<void> {
  await linkWorkspaceToEmulator();
  const folder = config().workspace;
  mkdirSync(join(folder, 'src'), { recursive: true });
  writeFileSync(join(folder, 'src', 'articles.graphql'), 'query Articles {\n  allArticles(first: 3) {\n    id\n    title\n  }\n}\n');
  const { registry } = await extensionApi();
  const project = registry.list()[0];
  if (project) user.words.push(project.key);
}

/** Checks no command was left out, then writes the report. */
async function finish(state: ExploreState, reportPath: string): Promise<void> {
  const never = declaredCommands().filter((id) => !state.commands[id]);
  if (never.length)
    state.breaches.push({
      seed: state.seed,
      step: state.step,
      invariant: 'every command is explored',
      detail: `never run in ${state.steps} steps: ${never.join(', ')}`,
    });
  writeFileSync(reportPath, JSON.stringify({ ...state, durationMs: Date.now() - state.startedAt }, null, 1));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors').then(undefined, () => undefined);
}

/** The workbench's own quick picks and inputs, for a real Escape (the Ui's methods before the scripted user's). */
function realUi(ui: Ui): Ui {
  const prototype = Object.getPrototypeOf(ui) as Ui;
  return { ...ui, pick: prototype.pick.bind(ui), input: prototype.input.bind(ui) } as Ui;
}
