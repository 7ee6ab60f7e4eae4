// The extension-host suite, run by VS Code exactly as @vscode/test-electron runs one: it loads this
// module from `extensionTestsPath` and calls run(). Results go to a JSON report that the outer runner
// (test/host/run.mjs, or test/host/electron.mjs) waits for, since no exit code crosses the browser.
import { renameSync, writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import { config, extensionApi, PATIENCE, screenshot, startTally, takeTally } from './helpers';
import { Sentinel } from './sentinel';

interface TestResult {
  title: string;
  state: 'passed' | 'failed';
  error?: string;
  durationMs?: number;
  requests?: Record<string, number>;
}

export function run(): Promise<void> {
  // every test's and hook's timeout (60 s unless it sets its own) is patient too (see PATIENCE)
  const timeout = Mocha.Runnable.prototype.timeout as (this: Mocha.Runnable, ms?: string | number) => unknown;
  Mocha.Runnable.prototype.timeout = function (this: Mocha.Runnable, ms?: string | number) {
    return ms === undefined ? timeout.call(this) : timeout.call(this, Number(ms) * PATIENCE);
  } as typeof Mocha.Runnable.prototype.timeout;
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false });
  const { grep } = config();
  if (grep) mocha.grep(new RegExp(grep));
  // Declare describe/it on the global object, then load the (bundled) test files in order.
  mocha.suite.emit('pre-require', globalThis, 'host-suite', mocha);
  // What reached the emulator during each test goes to the report (test-results/host-report.json);
  // a failed test leaves a picture of the workbench as it was: test-results/suite-failed-<title>.png.
  const requestCounts = new Map<string, Record<string, number>>();
  // Schema saves in the primary environment ask first (a modal, which VS Code refuses to show in an
  // extension test host): the suites save models in main without asking, as after "Don't Ask Again";
  // the guard's own tests (environmentOps.test.ts) ask again and restore this.
  mocha.suite.beforeAll(async () => stopAskingSchemaChanges((await extensionApi()).registry.store.state, 'emulated-bistro'));
  // Every test also fails when the extension logged an uncaught error or an unhandled rejection during it, or did
  // not go quiet after it (see sentinel.ts). This hook runs after each test's own afterEach hooks.
  let sentinel: Sentinel | undefined;
  const sentinelProblems = new Map<string, string[]>();
  mocha.suite.beforeAll(async () => (sentinel = await Sentinel.start()));
  mocha.suite.beforeEach(() => startTally().catch(() => undefined));
  mocha.suite.afterEach(async function () {
    this.timeout(60_000);
    const test = this.currentTest;
    if (test) requestCounts.set(test.fullTitle(), await takeTally().catch(() => ({})));
    const problems = (await sentinel?.check()) ?? [];
    if (test && problems.length) sentinelProblems.set(test.fullTitle(), problems);
    if (test?.state === 'failed')
      await screenshot(`suite-failed-${test.fullTitle().replace(/\W+/g, '-').toLowerCase().slice(0, 80)}`).catch(() => undefined);
  });
  require('./activation.test');
  require('./signIn.test');
  require('./tree.test');
  require('./filters.test');
  require('./documents.test');
  require('./language.test');
  require('./editor.test');
  require('./definitionReveal.test');
  require('./commands.test');
  require('./surface.test');
  require('./walkthrough.test');
  require('./faults.test');
  require('./saving.test');
  require('./autoSave.test');
  require('./conflicts.test');
  require('./encoding.test');
  require('./environments.test');
  require('./environmentOps.test');
  require('./saveEnvironments.test');
  require('./signInAgain.test');
  require('./exportWhileDeleting.test');
  require('./types.test');
  require('./lifecycle.test');
  require('./history.test');
  require('./preview.test');
  require('./markdown.test');
  require('./freshness.test');
  require('./publishing.test');
  require('./schemaCompare.test');
  require('./create.test');
  require('./createSchema.test');
  require('./agentTools.test');
  require('./graphqlTrust.test');
  require('./graphql.test');
  require('./graphqlLanguage.test');
  require('./agentGraphql.test');
  require('./media.test');
  require('./mediaTrust.test');
  require('./documentText.test');
  require('./schemaChecks.test');
  require('./trust.test');
  require('./leaks.test');

  const results: TestResult[] = [];
  // written whole, then renamed: the runner reads it as soon as it exists; `.partial` holds what ran so far, so a
  // suite that runs out of time still tells which tests passed and failed
  const write = (path: string) => {
    writeFileSync(
      `${path}.tmp`,
      JSON.stringify(
        { tests: results.map((r) => withSentinel({ ...r, requests: requestCounts.get(r.title) }, sentinelProblems)) },
        null,
        2,
      ),
    );
    renameSync(`${path}.tmp`, path);
  };
  return new Promise((resolve) => {
    const { reportPath } = config();
    const runner = mocha.run(() => {
      write(reportPath);
      resolve();
    });
    runner.on('pass', (test) => {
      results.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration });
      write(`${reportPath}.partial`);
    });
    runner.on('fail', (test, error: Error) => {
      results.push({ title: test.fullTitle(), state: 'failed', error: String(error.stack ?? error) });
      write(`${reportPath}.partial`);
    });
  });
}

/** A test the sentinel found fault with fails, naming what it found after the test's own error (if any). */
function withSentinel(result: TestResult, problems: Map<string, string[]>): TestResult {
  const found = problems.get(result.title);
  if (!found) return result;
  const said = found.map((problem) => `sentinel: ${problem}`).join('\n');
  return { ...result, state: 'failed', error: result.error ? `${result.error}\n${said}` : said };
}
