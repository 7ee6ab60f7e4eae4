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
import { answerFile, answerRequest } from './lib/runnerRequests.mjs';
import { runReloadTest } from './reload.mjs';
import { runUiTest } from './ui.mjs';

const RESULTS = join(ROOT, 'test-results');
const SUITE_TIMEOUT_MS = 10 * 60_000;

const report = { tests: [], passed: 0, failed: 0 };
function record(title, error, details = {}) {
  report.tests.push({ title, state: error ? 'failed' : 'passed', error: error ? String(error.stack ?? error) : undefined, ...details });
  if (error) report.failed++;
  else report.passed++;
  console.log(
    `${error ? '  ✖' : '  ✔'} ${title}${
      error
        ? `\n      ${String(error.message ?? error)
            .split('\n')
            .join('\n      ')}`
        : ''
    }`,
  );
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
  record(
    `the .vsix holds the bundle, icon, README, CHANGELOG and licence and no node_modules or sources (${entries.length} files)`,
    problems.length ? new Error(problems.join('\n')) : undefined,
  );
  const imageProblems = checkReadmeImages(vsix, entries);
  record(
    'every image the packaged README shows is inside the .vsix',
    imageProblems.length ? new Error(imageProblems.join('\n')) : undefined,
  );

  // 300 articles: more than one page of an export (250 a page)
  const emulator = await startEmulator({ records: 300 });
  try {
    await runSuite(vsix, emulator);
    const grep = process.env.DATOCMS_HOST_GREP ? new RegExp(process.env.DATOCMS_HOST_GREP) : undefined;
    if (grep && !grep.test('UI')) console.log('  (UI test skipped: DATOCMS_HOST_GREP does not match "UI")');
    else await runUiTest({ vsix, emulator, resultsDir: RESULTS, record });
    if (grep && !grep.test('reload')) console.log('  (reload test skipped: DATOCMS_HOST_GREP does not match "reload")');
    else await runReloadTest({ vsix, emulator, resultsDir: RESULTS, record });
  } finally {
    await stopAll();
  }
  report.durationMs = Date.now() - started;
  writeFileSync(join(RESULTS, 'host-report.json'), JSON.stringify(report, null, 2));
  console.log(
    `ℹ host tests ${report.passed + report.failed}, passed ${report.passed}, failed ${report.failed}, ${Math.round(report.durationMs / 1000)} s`,
  );
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
  writeFileSync(
    join(suiteDir, 'config.json'),
    JSON.stringify({
      emulatorUrl: emulator.url,
      token: emulator.token,
      reportPath,
      inputRequest,
      userDataDir,
      workspace: folder,
      resultsDir: RESULTS,
      grep,
    }),
  );

  const server = await startCodeServer({ userDataDir, extensionsDir, folder });
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(extensionDir)],
    ['extensionTestsPath', remote(join(suiteDir, 'index.js'))],
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    const deadline = Date.now() + SUITE_TIMEOUT_MS;
    while (!existsSync(reportPath)) {
      if (Date.now() > deadline) throw new Error(`the extension-host suite wrote no report within ${SUITE_TIMEOUT_MS / 60_000} minutes`);
      if (existsSync(inputRequest)) await answerRequest(page, inputRequest, RESULTS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const suite = JSON.parse(readFileSync(reportPath, 'utf8'));
    for (const test of suite.tests)
      record(test.title, test.state === 'failed' ? new Error(test.error ?? 'failed') : undefined, {
        requests: test.requests,
        durationMs: test.durationMs,
      });
    if (suite.tests.length === 0 && !grep) record('the extension-host suite ran tests', new Error('it ran none'));
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'suite-failure.png') }).catch(() => undefined);
    record('the extension-host suite completed', error);
  } finally {
    await browser.close();
    rmSync(inputRequest, { force: true });
    rmSync(answerFile(inputRequest), { force: true });
  }
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
