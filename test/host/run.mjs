// The real-host run: packages the extension, checks the .vsix, then runs the extension-host suite
// (test/host/suite, the @vscode/test-electron contract) inside code-server's real workbench and
// extension host, driven by headless Chromium, and finally the UI test (test/host/ui.mjs).
// Prints one line per test and exits non-zero on any failure. Writes test-results/host-report.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { ROOT, codeServerInstalled, startCodeServer, startEmulator, stopAll } from './lib/processes.mjs';
import { buildAndPackage, checkReadmeImages, checkVsixContents, unpackVsix, vsixEntries } from './lib/vsix.mjs';
import { runUiTest } from './ui.mjs';

const RESULTS = join(ROOT, 'test-results');
const SUITE_TIMEOUT_MS = 10 * 60_000;

const report = { tests: [], passed: 0, failed: 0 };
function record(title, error) {
  report.tests.push({ title, state: error ? 'failed' : 'passed', error: error ? String(error.stack ?? error) : undefined });
  if (error) report.failed++;
  else report.passed++;
  console.log(`${error ? '  ✖' : '  ✔'} ${title}${error ? `\n      ${String(error.message ?? error).split('\n').join('\n      ')}` : ''}`);
}

async function main() {
  if (!codeServerInstalled()) {
    console.error('code-server is not installed: run "bash .ci/run setup" (or set DATOCMS_SKIP_HOST=1 to skip the real-host tests).');
    process.exit(1);
  }
  mkdirSync(RESULTS, { recursive: true });
  const started = Date.now();
  console.log('▶ real VS Code host (code-server 4.100.3)');

  const vsix = buildAndPackage({ withSuite: true });
  const entries = vsixEntries(vsix);
  const problems = checkVsixContents(entries);
  record(`the .vsix holds the bundle, icon, README, CHANGELOG and licence and no node_modules or sources (${entries.length} files)`, problems.length ? new Error(problems.join('\n')) : undefined);
  const imageProblems = checkReadmeImages(vsix, entries);
  record('every image the packaged README shows is inside the .vsix', imageProblems.length ? new Error(imageProblems.join('\n')) : undefined);

  const emulator = await startEmulator({ records: 120 });
  try {
    await runSuite(vsix, emulator);
    if (process.env.DATOCMS_HOST_GREP) console.log('  (UI test skipped: DATOCMS_HOST_GREP is set)');
    else await runUiTest({ vsix, emulator, resultsDir: RESULTS, record });
  } finally {
    await stopAll();
  }
  report.durationMs = Date.now() - started;
  writeFileSync(join(RESULTS, 'host-report.json'), JSON.stringify(report, null, 2));
  console.log(`ℹ host tests ${report.passed + report.failed}, passed ${report.passed}, failed ${report.failed}, ${Math.round(report.durationMs / 1000)} s`);
  process.exit(report.failed ? 1 : 0);
}

/** Runs test/host/suite inside the extension host, answering the quick inputs it asks the runner to type. */
async function runSuite(vsix, emulator) {
  const work = mkdtempSync(join(tmpdir(), 'datocms-host-'));
  const userDataDir = join(work, 'user-data');
  const extensionsDir = join(work, 'extensions');
  const folder = join(work, 'workspace');
  const suiteDir = join(ROOT, 'dist/host-suite');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify(userSettings(emulator.url), null, 2));
  const extensionDir = unpackVsix(vsix);
  const reportPath = join(work, 'suite-report.json');
  const inputRequest = join(work, 'input-request.json');
  // DATOCMS_HOST_GREP runs only the suite tests whose full title matches (mocha's grep), for quick iterations.
  const grep = process.env.DATOCMS_HOST_GREP || undefined;
  writeFileSync(join(suiteDir, 'config.json'), JSON.stringify({ emulatorUrl: emulator.url, token: emulator.token, reportPath, inputRequest, userDataDir, workspace: folder, resultsDir: RESULTS, grep }));

  const server = await startCodeServer({ userDataDir, extensionsDir, folder });
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [['extensionDevelopmentPath', remote(extensionDir)], ['extensionTestsPath', remote(join(suiteDir, 'index.js'))]];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    const deadline = Date.now() + SUITE_TIMEOUT_MS;
    while (!existsSync(reportPath)) {
      if (Date.now() > deadline) throw new Error(`the extension-host suite wrote no report within ${SUITE_TIMEOUT_MS / 60_000} minutes`);
      if (existsSync(inputRequest)) await answerRequest(page, inputRequest);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const suite = JSON.parse(readFileSync(reportPath, 'utf8'));
    for (const test of suite.tests) record(test.title, test.state === 'failed' ? new Error(test.error ?? 'failed') : undefined);
    if (suite.tests.length === 0) record('the extension-host suite ran tests', new Error('it ran none'));
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'suite-failure.png') }).catch(() => undefined);
    record('the extension-host suite completed', error);
  } finally {
    await browser.close();
    rmSync(inputRequest, { force: true });
    rmSync(answerFile(inputRequest), { force: true });
  }
}

/**
 * The suite asks the runner for what only the browser can do: type into the open quick input (input box,
 * quick pick or VS Code's own file dialog) like a user would, or take a screenshot (of a failed test).
 * The outcome goes back in `<request>.answer.json`, so a step that could not be done fails its own test
 * instead of the whole run.
 */
async function answerRequest(page, requestFile) {
  const request = JSON.parse(readFileSync(requestFile, 'utf8'));
  rmSync(requestFile, { force: true });
  let error;
  try {
    if (request.screenshot) await page.screenshot({ path: join(RESULTS, `${request.screenshot}.png`) });
    else if (request.seeText) await seeText(page, request);
    else await typeIntoQuickInput(page, request);
  } catch (caught) {
    error = String(caught.message ?? caught);
  }
  writeFileSync(answerFile(requestFile), JSON.stringify({ error }));
}

/**
 * Waits for a text on screen. `widenSideBar` first drags the side bar's edge that many pixels to the right;
 * `hover` then points at the label of the list row holding the text until its hover shows.
 */
async function seeText(page, { seeText: text, hover, widenSideBar }) {
  const target = page.getByText(text).first();
  await target.waitFor({ state: 'visible', timeout: 15_000 });
  if (widenSideBar) {
    const box = await page.locator('.part.sidebar').boundingBox();
    if (box) {
      await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width + 1 + widenSideBar, box.y + box.height / 2, { steps: 10 });
      await page.mouse.up();
    }
  }
  if (!hover) return;
  await page.locator('.monaco-list-row').filter({ has: target }).locator('.label-name').first().hover();
  await page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function typeIntoQuickInput(page, { text, title }) {
  try {
    const widget = page.locator('.quick-input-widget');
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    if (title) await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 15_000 });
    const input = page.locator('.quick-input-widget input.input');
    const currentTitle = () => page.locator('.quick-input-widget .quick-input-title').textContent().catch(() => null);
    const before = await currentTitle();
    // VS Code's file dialog reads folders while the value changes; an Enter during that read can accept
    // the highlighted entry instead of the typed path and leave the dialog open. Wait for it to settle, and
    // press Enter again while the same input still shows the same text.
    for (let attempt = 1; ; attempt++) {
      await input.fill(text);
      await waitForQuickInputIdle(page);
      await page.keyboard.press('Enter');
      if (await quickInputMovedOn(page, before, text, currentTitle)) break;
      await page.screenshot({ path: join(RESULTS, `quick-input-retry-${attempt}.png`) }).catch(() => undefined);
      if (attempt === 3) throw new Error(`it stayed open after Enter (3 tries); see test-results/quick-input-retry-*.png`);
    }
  } catch (caught) {
    throw new Error(`could not type into the quick input "${title ?? ''}": ${caught.message ?? caught}`);
  }
}

export const answerFile = (requestFile) => requestFile.replace(/\.json$/, '.answer.json');

async function waitForQuickInputIdle(page) {
  const busy = page.locator('.quick-input-widget .monaco-progress-container.active');
  const deadline = Date.now() + 10_000;
  while ((await busy.count()) > 0 && Date.now() < deadline) await page.waitForTimeout(50);
  await page.waitForTimeout(150); // the value-change handler runs after the input event
}

/** True once the quick input closed, or shows another step (title) or another value. */
async function quickInputMovedOn(page, title, text, currentTitle) {
  const deadline = Date.now() + 4000;
  while (Date.now() < deadline) {
    if (!(await page.locator('.quick-input-widget').isVisible())) return true;
    if ((await currentTitle()) !== title) return true;
    const value = await page.locator('.quick-input-widget input.input').inputValue().catch(() => text);
    if (value !== text) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

export function userSettings(baseUrl) {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'window.commandCenter': false,
    'datocms.baseUrl': baseUrl,
  };
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
