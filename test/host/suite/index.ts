// The extension-host suite, run by VS Code exactly as @vscode/test-electron runs one: it loads this
// module from `extensionTestsPath` and calls run(). Results go to a JSON report that the outer runner
// (test/host/run.mjs, or test/host/electron.mjs) waits for, since no exit code crosses the browser.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import { config, extensionApi, screenshot, startTally, takeTally } from './helpers';

interface TestResult {
  title: string;
  state: 'passed' | 'failed';
  error?: string;
  durationMs?: number;
  requests?: Record<string, number>;
}

export function run(): Promise<void> {
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
  mocha.suite.beforeEach(() => startTally().catch(() => undefined));
  mocha.suite.afterEach(async function () {
    const test = this.currentTest;
    if (test) requestCounts.set(test.fullTitle(), await takeTally().catch(() => ({})));
    if (test?.state === 'failed')
      await screenshot(`suite-failed-${test.fullTitle().replace(/\W+/g, '-').toLowerCase().slice(0, 80)}`).catch(() => undefined);
  });
  require('./activation.test');
  require('./signIn.test');
  require('./tree.test');
  require('./documents.test');
  require('./language.test');
  require('./editor.test');
  require('./commands.test');
  require('./surface.test');
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
  require('./publishing.test');
  require('./schemaCompare.test');
  require('./create.test');
  require('./createSchema.test');
  require('./agentTools.test');
  require('./graphql.test');
  require('./graphqlLanguage.test');
  require('./agentGraphql.test');
  require('./media.test');
  require('./leaks.test');

  const results: TestResult[] = [];
  return new Promise((resolve) => {
    const runner = mocha.run(() => {
      writeFileSync(
        config().reportPath,
        JSON.stringify({ tests: results.map((r) => ({ ...r, requests: requestCounts.get(r.title) })) }, null, 2),
      );
      resolve();
    });
    runner.on('pass', (test) => results.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration }));
    runner.on('fail', (test, error: Error) =>
      results.push({ title: test.fullTitle(), state: 'failed', error: String(error.stack ?? error) }),
    );
  });
}
