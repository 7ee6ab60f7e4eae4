// The UI test: a person's path through the packaged extension in the real workbench, driven with
// playwright-core in headless Chromium. Each step asserts what is on screen (DOM text) and leaves a
// screenshot in test-results/ui-<name>.png; the README's pictures are the cropped test-results/readme-*.png.
// This file starts the workbench; the steps are in ui/editing.mjs and ui/tree.mjs, the gestures in ui/workbench.mjs.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openWorkbench } from './lib/browser.mjs';
import { cmaCaller } from './lib/cma.mjs';
import { installVsix, startCodeServer, stop } from './lib/processes.mjs';
import { editingSteps } from './ui/editing.mjs';
import { treeSteps } from './ui/tree.mjs';
import { workbench } from './ui/workbench.mjs';
import { serveImageCdn } from './ui/media.mjs';
import { EXTENSION_ID, watchHost } from './lib/sentinel.mjs';

const STEP_TIMEOUT = 30_000;

export async function runUiTest({ vsix, emulator, resultsDir, record }) {
  const work = mkdtempSync(join(tmpdir(), 'datocms-ui-'));
  const userDataDir = join(work, 'user-data');
  const extensionsDir = join(work, 'extensions');
  const folder = join(work, 'workspace');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(userDataDir, 'User/settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'security.workspace.trust.enabled': false,
        'window.commandCenter': false,
        'workbench.colorTheme': 'Default Dark Modern',
        'datocms.baseUrl': emulator.url,
      },
      null,
      2,
    ),
  );
  await installVsix({ vsix, userDataDir, extensionsDir });
  const server = await startCodeServer({ userDataDir, extensionsDir, folder });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  // no service worker: the image CDN's requests must reach page.route (see ./ui/media.mjs)
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  page.setDefaultTimeout(STEP_TIMEOUT);
  const cma = cmaCaller(emulator);
  const cdnRequests = await serveImageCdn(page);
  const sentinel = watchHost({ userDataDir, emulatorUrl: emulator.url, markers: [extensionsDir, EXTENSION_ID, 'datocms:/'] });
  const ui = { ...workbench(page, { resultsDir, record, sentinel }), emulator, cma, cdnRequests };

  try {
    await openWorkbench(page, `${server.url}/?folder=${encodeURIComponent(folder)}`);
    const { article } = await editingSteps(ui);
    await treeSteps(ui, { article });
  } catch {
    // the failing step is recorded; later steps depend on it
  } finally {
    await browser.close();
    await stop(server.child);
  }
}
