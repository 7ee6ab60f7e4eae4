// Runs a module of the @vscode/test-electron contract (test/host/suite or test/host/explore, bundled into
// `suiteDir`) inside code-server's real workbench and extension host, driven by headless Chromium: writes its
// config.json, opens the workbench with the extension under development, answers what the module asks the
// runner (typing, keys, notifications) and resolves with its JSON report once written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openWorkbench } from './browser.mjs';
import { startCodeServer, stop } from './processes.mjs';
import { answerFile, answerRequest } from './runnerRequests.mjs';
import { unpackVsix } from './vsix.mjs';

export async function runInHost({ vsix, suiteDir, emulator, resultsDir, settings, config = {}, timeoutMs, name }) {
  const work = mkdtempSync(join(tmpdir(), `datocms-${name}-`));
  const userDataDir = join(work, 'user-data');
  const extensionsDir = join(work, 'extensions');
  const folder = join(work, 'workspace');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify(settings, null, 2));
  const extensionDir = unpackVsix(vsix);
  const reportPath = join(work, 'report.json');
  const inputRequest = join(work, 'input-request.json');
  writeFileSync(
    join(suiteDir, 'config.json'),
    JSON.stringify({
      emulatorUrl: emulator.url,
      token: emulator.token,
      reportPath,
      inputRequest,
      userDataDir,
      workspace: folder,
      resultsDir,
      ...config,
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
    await openWorkbench(page, `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(reportPath)) {
      if (Date.now() > deadline) return unfinished(reportPath, `the ${name} run wrote no report within ${timeoutMs / 60_000} minutes`);
      if (existsSync(inputRequest)) await answerRequest(page, inputRequest, resultsDir);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch (error) {
    await page.screenshot({ path: join(resultsDir, `${name}-failure.png`) }).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
    rmSync(inputRequest, { force: true });
    rmSync(answerFile(inputRequest), { force: true });
    await stop(server.child);
  }
}

/** What a run that ran out of time did tell (its `.partial` report), and its failure to finish as one failed test. */
function unfinished(reportPath, message) {
  const partial = `${reportPath}.partial`;
  const tests = existsSync(partial) ? JSON.parse(readFileSync(partial, 'utf8')).tests : [];
  return { tests: [...tests, { title: 'the run finishes', state: 'failed', error: message }] };
}
