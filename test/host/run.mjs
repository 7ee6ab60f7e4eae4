// The real-host run: packages the extension, checks the .vsix, then runs the extension-host suite
// (test/host/suite, the @vscode/test-electron contract) inside code-server's real workbench and
// extension host, driven by headless Chromium, and finally the UI test (test/host/ui.mjs).
// Prints one line per test and exits non-zero on any failure. Writes test-results/host-report.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInHost } from './lib/hostSuite.mjs';
import { ROOT, codeServerInstalled, startEmulator, stopAll } from './lib/processes.mjs';
import { buildAndPackage, checkReadmeImages, checkVsixContents, vsixEntries } from './lib/vsix.mjs';
import { runReloadTest } from './reload.mjs';
import { runUiTest } from './ui.mjs';
import { runExploreTest } from './explore.mjs';

const RESULTS = join(ROOT, 'test-results');
// wide: it catches a suite that hangs, not a slow machine (a loaded machine takes over 20 minutes)
const SUITE_TIMEOUT_MS = 40 * 60_000;

const report = { tests: [], passed: 0, failed: 0, phases: {} };
// DATOCMS_HOST_PHASES=explore (or suite,reload…) runs only those phases (all by default)
const PHASES = (process.env.DATOCMS_HOST_PHASES ?? 'suite,ui,reload,explore').split(',').map((p) => p.trim());
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
  const imageProblems = checkReadmeImages(vsix);
  record(
    "every image the packaged README shows is an absolute https address of a media/ file of the repository's published branch",
    imageProblems.length ? new Error(imageProblems.join('\n')) : undefined,
  );

  // 300 articles: more than one page of an export (250 a page)
  const emulator = await startEmulator({ records: 300 });
  // each phase, timed: the suite, the UI test, the reload test, the exploratory run
  const phase = async (name, run) => {
    if (!PHASES.includes(name)) return console.log(`  (${name} skipped: DATOCMS_HOST_PHASES is ${PHASES.join(',')})`);
    const since = Date.now();
    await run();
    report.phases[name] = Date.now() - since;
    console.log(`  ${name}: ${Math.round((Date.now() - since) / 1000)} s`);
  };
  try {
    await phase('suite', () => runSuite(vsix, emulator));
    const grep = process.env.DATOCMS_HOST_GREP ? new RegExp(process.env.DATOCMS_HOST_GREP) : undefined;
    if (grep && !grep.test('UI')) console.log('  (UI test skipped: DATOCMS_HOST_GREP does not match "UI")');
    else await phase('ui', () => runUiTest({ vsix, emulator, resultsDir: RESULTS, record }));
    if (grep && !grep.test('reload')) console.log('  (reload test skipped: DATOCMS_HOST_GREP does not match "reload")');
    else await phase('reload', () => runReloadTest({ vsix, emulator, resultsDir: RESULTS, record }));
    if (grep && !grep.test('explore')) console.log('  (exploratory run skipped: DATOCMS_HOST_GREP does not match "explore")');
    else await phase('explore', () => runExploreTest({ vsix, resultsDir: RESULTS, record, userSettings }));
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
  // DATOCMS_HOST_GREP runs only the suite tests whose full title matches (mocha's grep), for quick iterations.
  const grep = process.env.DATOCMS_HOST_GREP || undefined;
  try {
    const suite = await runInHost({
      vsix,
      emulator,
      name: 'host',
      suiteDir: join(ROOT, 'dist/host-suite'),
      resultsDir: RESULTS,
      settings: userSettings(emulator.url),
      config: { grep },
      timeoutMs: SUITE_TIMEOUT_MS,
    });
    for (const test of suite.tests)
      record(test.title, test.state === 'failed' ? new Error(test.error ?? 'failed') : undefined, {
        requests: test.requests,
        durationMs: test.durationMs,
      });
    if (suite.tests.length === 0 && !grep) record('the extension-host suite ran tests', new Error('it ran none'));
  } catch (error) {
    record('the extension-host suite completed', error);
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
