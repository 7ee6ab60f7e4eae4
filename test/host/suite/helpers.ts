// Shared helpers of the extension-host suite: the runner's config, the extension's test API, the
// emulator's control endpoints, and typing into quick inputs through the runner (like a user).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DatoExplorerApi } from '../../../src/extension';

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

/** Asks the runner (the browser side) to do something only it can; resolves when it is done. */
async function askRunner(request: { text: string; title?: string } | { screenshot: string } | { seeText: string; hover?: boolean; widenSideBar?: number }, what: string): Promise<void> {
  const { inputRequest } = config();
  const answer = inputRequest.replace(/\.json$/, '.answer.json');
  rmSync(answer, { force: true });
  // written whole, then renamed, so the runner never reads half a request
  writeFileSync(`${inputRequest}.tmp`, JSON.stringify(request));
  renameSync(`${inputRequest}.tmp`, inputRequest);
  await waitFor(() => existsSync(answer), 60_000, `the runner to ${what}`);
  const { error } = JSON.parse(readFileSync(answer, 'utf8')) as { error?: string };
  rmSync(answer, { force: true });
  if (error) throw new Error(error);
}

/** Asks the runner to type `text` + Enter into the quick input that is (or is about to be) open. */
export function typeIntoQuickInput(text: string, title?: string): Promise<void> {
  return askRunner({ text, title }, `type "${title ?? text}"`);
}

/** Asks the runner for a screenshot of the workbench, saved as test-results/<name>.png. */
export function screenshot(name: string): Promise<void> {
  return askRunner({ screenshot: name }, `take the screenshot ${name}`);
}

/**
 * Asks the runner to wait until `text` is visible in the workbench (what only the browser can see).
 * `widenSideBar` drags the side bar wider by that many pixels first; `hover` shows the hover of the list row holding the text.
 */
export function seeOnScreen(text: string, options: { hover?: boolean; widenSideBar?: number } = {}): Promise<void> {
  return askRunner({ seeText: text, ...options }, `see "${text}" on screen`);
}

/** Runs a command that opens quick inputs, answering each in turn. */
export async function runWithInputs<T>(command: string, args: unknown[], answers: { text: string; title?: string }[]): Promise<T> {
  const result = vscode.commands.executeCommand<T>(command, ...args);
  for (const answer of answers) await typeIntoQuickInput(answer.text, answer.title);
  return result;
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface LoggedRequest { method: string; path: string; query: Record<string, unknown>; body: unknown; status: number }

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
  return Array.isArray(body) ? body : body.requests ?? [];
}
export const clearRequests = () => control('DELETE', 'requests');
export const addFault = (rule: Record<string, unknown>) => control('POST', 'faults', rule);
export const clearFaults = () => control('DELETE', 'faults');

/** A direct CMA call to the emulator, as another user of the project would make it. */
export async function cma(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${config().emulatorUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${config().token}`, accept: 'application/json', 'x-api-version': '3', 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
