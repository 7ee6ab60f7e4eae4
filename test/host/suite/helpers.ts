// Shared helpers of the extension-host suite: the runner's config, the extension's test API, the
// emulator's control endpoints, and typing into quick inputs through the runner (like a user).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DatoExplorerApi } from '../../../src/extension';
import type { ConfirmOptions } from '../../../src/platform/ui';

export interface SuiteConfig {
  emulatorUrl: string;
  token: string;
  reportPath: string;
  inputRequest: string;
  userDataDir: string;
  workspace: string;
  resultsDir: string;
  /** only the tests whose full title matches this pattern (DATOCMS_HOST_GREP) */
  grep?: string;
}

let cached: SuiteConfig | undefined;
export function config(): SuiteConfig {
  cached ??= JSON.parse(readFileSync(join(__dirname, 'config.json'), 'utf8')) as SuiteConfig;
  return cached;
}

export const EXTENSION_ID = 'datocms-explorer.datocms-explorer';

export async function extensionApi(): Promise<DatoExplorerApi> {
  const extension = vscode.extensions.getExtension<DatoExplorerApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  return extension.activate();
}

type RunnerRequest =
  | { kind: 'quickInput'; text: string; title?: string; refused?: boolean }
  | { kind: 'screenshot'; name: string; element?: string }
  | { kind: 'type'; text: string; delayMs?: number }
  | { kind: 'press'; keys: string; inEditor?: boolean }
  | { kind: 'toasts' }
  | { kind: 'clickButton'; label: string }
  | { kind: 'clickHoverLink'; label: string }
  | { kind: 'statusBar' }
  | { kind: 'escapeQuickInput' }
  | { kind: 'seeText'; text: string; hover?: boolean; widenSideBar?: number }
  | { kind: 'read'; selector: string; attributes?: string[] }
  | { kind: 'clickQuickPickItem'; label: string }
  | { kind: 'texts'; selector: string }
  | { kind: 'dragToEditor'; row: string; line: string; x?: number; shift?: boolean }
  | { kind: 'viewRows'; view: string };

let runnerQueue: Promise<unknown> = Promise.resolve();

/**
 * Asks the runner (the browser side) to do something only it can; resolves with its result when done.
 * Requests go one at a time (one request file), in the order they were asked.
 */
function askRunner<T = undefined>(request: RunnerRequest, what: string): Promise<T> {
  const next = runnerQueue.then(() => exchange<T>(request, what));
  runnerQueue = next.catch(() => undefined);
  return next;
}

async function exchange<T>(request: RunnerRequest, what: string): Promise<T> {
  const { inputRequest } = config();
  const answer = inputRequest.replace(/\.json$/, '.answer.json');
  rmSync(answer, { force: true });
  // written whole, then renamed, so the runner never reads half a request
  writeFileSync(`${inputRequest}.tmp`, JSON.stringify(request));
  renameSync(`${inputRequest}.tmp`, inputRequest);
  await waitFor(() => existsSync(answer), 60_000, `the runner to ${what}`);
  const { error, result } = JSON.parse(readFileSync(answer, 'utf8')) as { error?: string; result?: T };
  rmSync(answer, { force: true });
  if (error) throw new Error(error);
  return result as T;
}

/** Drags the tree row `row` onto the active editor's line showing `line`, holding Shift: the status bar during the drag. */
export function dragToEditor(row: string, line: string, x = 200): Promise<string[]> {
  return askRunner<string[]>({ kind: 'dragToEditor', row, line, x }, `drag "${row}" onto "${line}"`);
}

/** Types `text` + Enter into a box that checks it and stays open to refuse it: the message it shows. */
export function typeRefusedIntoQuickInput(text: string, title: string): Promise<string> {
  return askRunner<string>({ kind: 'quickInput', text, title, refused: true }, `type "${title}" and see it refused`);
}

/** Asks the runner to type `text` + Enter into the quick input that is (or is about to be) open. */
export function typeIntoQuickInput(text: string, title?: string): Promise<void> {
  return askRunner({ kind: 'quickInput', text, title }, `type "${title ?? text}"`);
}

/** Presses Escape in the quick input that is (or is about to be) open, as a user cancelling it. */
export function escapeQuickInput(): Promise<void> {
  return askRunner({ kind: 'escapeQuickInput' }, 'press Escape in the quick input');
}

/** Asks the runner for a screenshot of the workbench (or of the element a selector finds), saved as test-results/<name>.png. */
export function screenshot(name: string, element?: string): Promise<void> {
  return askRunner({ kind: 'screenshot', name, ...(element ? { element } : {}) }, `take the screenshot ${name}`);
}

/** Types `text` on the keyboard into the focused text editor, one key at a time. */
export function typeInEditor(text: string): Promise<void> {
  return askRunner({ kind: 'type', text }, `type "${text}" into the editor`);
}

/** Presses a key chord (Playwright's names: "Control+s", "Escape", "End") on the keyboard. */
export function pressKeys(keys: string, inEditor = true): Promise<void> {
  return askRunner({ kind: 'press', keys, inEditor }, `press ${keys}`);
}

export interface Toast {
  message: string;
  severity: 'error' | 'warning' | 'info';
  buttons: string[];
  source: string;
}

/** The notification toasts the user sees now. */
export function toasts(): Promise<Toast[]> {
  return askRunner<Toast[]>({ kind: 'toasts' }, 'read the notifications');
}

/** Waits for at least `atLeast` toasts, then `settleMs` more (a second one would show by then), and reads them. */
export async function settledToasts(atLeast = 1, settleMs = 1500, timeoutMs = 15_000): Promise<Toast[]> {
  await waitFor(async () => (await toasts()).length >= atLeast, timeoutMs, `${atLeast} notification(s)`);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return toasts();
}

/** Closes every notification. */
export async function dismissToasts(): Promise<void> {
  await vscode.commands.executeCommand('notifications.clearAll');
}

/** Clicks the button labelled `label` in a notification or dialog. */
export function clickButton(label: string): Promise<void> {
  return askRunner({ kind: 'clickButton', label }, `click "${label}"`);
}

/** Clicks the link labelled `label` in the editor's hover (it must be showing). */
export function clickHoverLink(label: string): Promise<void> {
  return askRunner({ kind: 'clickHoverLink', label }, `click the hover link "${label}"`);
}

export interface StatusBarItem {
  id: string;
  text: string;
  ariaLabel: string;
}

/** The status bar items the user sees now. */
export function statusBar(): Promise<StatusBarItem[]> {
  return askRunner<StatusBarItem[]>({ kind: 'statusBar' }, 'read the status bar');
}

/** The workbench's own dirty state of the tab showing `uri` (TextDocument.isDirty lags right after a save). */
export function tabIsDirty(uri: vscode.Uri): boolean {
  const tab = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
  if (!tab) throw new Error(`no tab shows ${uri.toString()}`);
  return tab.isDirty;
}

/**
 * Asks the runner to wait until `text` is visible in the workbench (what only the browser can see).
 * `widenSideBar` drags the side bar wider by that many pixels first; `hover` shows the hover of the list row holding the text.
 */
export function seeOnScreen(text: string, options: { hover?: boolean; widenSideBar?: number } = {}): Promise<void> {
  return askRunner({ kind: 'seeText', text, ...options }, `see "${text}" on screen`);
}

export interface ViewOnScreen {
  /** the view header's description */
  description: string;
  /** the view's message (above its rows) */
  message: string;
  rows: { label: string; description: string }[];
}

/** What the side bar view titled `view` shows on screen now: its header's description, its message, its rows. */
export function viewOnScreen(view: string): Promise<ViewOnScreen> {
  return askRunner<ViewOnScreen>({ kind: 'viewRows', view }, `read the view ${view}`);
}

/** Clicks an item of the open quick pick (scrolled to), as a mouse user does. */
export function clickQuickPickItem(label: string): Promise<void> {
  return askRunner({ kind: 'clickQuickPickItem', label }, `click "${label}" in the quick pick`);
}

export interface ScreenElement {
  text: string;
  attributes: Record<string, string | null>;
}

/** The workbench's elements a CSS selector finds now (what only the browser sees): text and the attributes asked for. */
export function readScreen(selector: string, attributes: string[] = []): Promise<ScreenElement[]> {
  return askRunner<ScreenElement[]>({ kind: 'read', selector, attributes }, `read ${selector}`);
}

/** The text of each visible element of the workbench matching a CSS selector (e.g. the editor's highlighted characters). */
export function textsOnScreen(selector: string): Promise<string[]> {
  return askRunner<string[]>({ kind: 'texts', selector }, `read ${selector}`);
}

/** Runs a command that opens quick inputs, answering each in turn. */
export async function runWithInputs<T>(command: string, args: unknown[], answers: { text: string; title?: string }[]): Promise<T> {
  const result = vscode.commands.executeCommand<T>(command, ...args);
  for (const answer of answers) await typeIntoQuickInput(answer.text, answer.title);
  return result;
}

/**
 * A wait's limit catches what never happens, not a slow machine: on a loaded one (2 cores, other work running)
 * everything takes longer, so every wait allows this many times what its caller names (and tests' own timeouts too).
 */
export const PATIENCE = 3;

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs * PATIENCE;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: any;
  status: number;
  environment?: string;
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${config().emulatorUrl}/_emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator control ${method} ${path}: ${response.status}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

export async function requests(): Promise<LoggedRequest[]> {
  const body = (await control('GET', 'requests')) as { requests?: LoggedRequest[] } | LoggedRequest[];
  return Array.isArray(body) ? body : (body.requests ?? []);
}
/** Every request of the running test, across clears (for the report's request counts). */
let tally: { skip: number; seen: LoggedRequest[] } = { skip: 0, seen: [] };
export const clearRequests = async () => {
  tally.seen.push(...(await requests()).slice(tally.skip));
  tally.skip = 0;
  await control('DELETE', 'requests');
};
/** Starts counting a test's requests (the log may hold earlier tests' requests). */
export async function startTally(): Promise<void> {
  tally = { skip: (await requests()).length, seen: [] };
}
/** The running test's requests, "METHOD path" → count. */
export async function takeTally(): Promise<Record<string, number>> {
  const all = [...tally.seen, ...(await requests()).slice(tally.skip)];
  const counts: Record<string, number> = {};
  for (const r of all) {
    const key = `${r.method} ${r.path.replace(/\/(items|item-types|job-results|webhooks|fields)\/[^/]+/, '/$1/:id')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
export const addFault = (rule: Record<string, unknown>) => control('POST', 'faults', rule);
export const clearFaults = () => control('DELETE', 'faults');
/** Every answer of the emulator waits `ms` first. */
export const setLatency = (ms: number) => control('PUT', 'latency', { ms });

/** The requests that change something (everything but GET). */
export const writes = async () => (await requests()).filter((r) => r.method !== 'GET');

/** Follows a job (202 from an async endpoint) to its result, as another user's client would. */
export async function cmaJob(method: string, path: string, body?: unknown): Promise<any> {
  const answer = await cma(method, path, body);
  if (answer?.data?.type !== 'job') return answer;
  let result: any;
  await waitFor(
    async () => {
      const response = await fetch(`${config().emulatorUrl}/job-results/${answer.data.id}`, { headers: cmaHeaders() });
      if (response.status !== 200) return false;
      result = await response.json();
      return true;
    },
    30_000,
    `the job of ${method} ${path}`,
  );
  if (result.data.attributes.status >= 300) throw new Error(`${method} ${path}: job ${JSON.stringify(result.data.attributes)}`);
  return result.data.attributes.payload;
}

const cmaHeaders = () => ({
  authorization: `Bearer ${config().token}`,
  accept: 'application/json',
  'x-api-version': '3',
  'content-type': 'application/vnd.api+json',
});

/** A direct CMA call to the emulator, as another user of the project would make it. */
export async function cma(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${config().emulatorUrl}${path}`, {
    method,
    headers: cmaHeaders(),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs in to the emulator's project unless it is signed in already (a failed test may have left it out). */
export async function ensureSignedIn(): Promise<void> {
  const { registry } = await extensionApi();
  if (registry.get('emulated-bistro')) return;
  await dismissToasts();
  await runWithInputs('datocms.signIn', [], [{ text: config().token, title: 'Sign in to DatoCMS' }]);
}

/** A one-line account of requests, for assertion messages. */
export const describeRequests = (log: LoggedRequest[]) =>
  log
    .map(
      (r) =>
        `${r.method} ${r.path} ${r.status}${r.body?.data?.attributes ? ` ${JSON.stringify(r.body.data.attributes).slice(0, 200)}` : ''}`,
    )
    .join('; ');

/** Answers the next modal confirmations in order (undefined = Cancel); returns what each one showed. */
export async function answerConfirmations(...answers: (string | undefined)[]): Promise<ConfirmOptions[]> {
  const { registry } = await extensionApi();
  const asked: ConfirmOptions[] = [];
  const ui = registry.ui as { confirm: (options: ConfirmOptions) => Promise<string | undefined> };
  ui.confirm = async (options) => {
    asked.push(options);
    if (answers.length === 0) throw new Error(`unexpected confirmation: ${options.message}`);
    const answer = answers.shift();
    assert.ok(
      answer === undefined || options.actions.includes(answer),
      `"${answer}" is offered by "${options.message}" (${options.actions.join(', ')})`,
    );
    return answer;
  };
  return asked;
}

/** Modal confirmations show VS Code's dialog again. */
export async function restoreConfirmations(): Promise<void> {
  const { registry } = await extensionApi();
  delete (registry.ui as { confirm?: unknown }).confirm;
}

/** After a test that may leave toasts and an edited editor: the toasts go, the edit is reverted, every editor closes. */
export async function closeEditors(): Promise<void> {
  await dismissToasts();
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor').then(undefined, () => undefined);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** The active editor's changes reverted, then every editor closed. */
export async function revertAndCloseAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Signed in, the delivery API at the emulator, and the workspace folder linked to its project (datocms.config.json). */
export async function linkWorkspaceToEmulator(): Promise<void> {
  await ensureSignedIn();
  await vscode.workspace.getConfiguration('datocms').update('cdaUrl', `${config().emulatorUrl}/cda/`, vscode.ConfigurationTarget.Global);
  mkdirSync(join(config().workspace, 'src'), { recursive: true });
  writeFileSync(join(config().workspace, 'datocms.config.json'), JSON.stringify({ profiles: { default: { siteId: '84213' } } }, null, 2));
}
