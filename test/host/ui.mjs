// The UI test: a person's path through the packaged extension in the real workbench, driven with
// playwright-core in headless Chromium. Screenshots go to test-results/ (two illustrate the README).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { installVsix, startCodeServer, stop } from './lib/processes.mjs';

const STEP_TIMEOUT = 30_000;

export async function runUiTest({ vsix, emulator, resultsDir, record }) {
  const work = mkdtempSync(join(tmpdir(), 'datocms-ui-'));
  const userDataDir = join(work, 'user-data');
  const extensionsDir = join(work, 'extensions');
  const folder = join(work, 'workspace');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none', 'workbench.tips.enabled': false, 'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false, 'window.commandCenter': false, 'workbench.colorTheme': 'Default Dark Modern',
    'datocms.baseUrl': emulator.url,
  }, null, 2));
  await installVsix({ vsix, userDataDir, extensionsDir });
  const server = await startCodeServer({ userDataDir, extensionsDir, folder });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(STEP_TIMEOUT);
  const shot = (name) => page.screenshot({ path: join(resultsDir, `ui-${name}.png`) });
  const step = async (title, action) => {
    try {
      await action();
      record(`UI: ${title}`);
    } catch (error) {
      await shot(`failed-${title.replace(/\W+/g, '-').toLowerCase()}`).catch(() => undefined);
      record(`UI: ${title}`, error);
      throw error;
    }
  };
  const treeItem = (label) => page.locator('.pane-body .monaco-list-row', { hasText: label }).first();
  const quickInput = page.locator('.quick-input-widget');
  const runCommand = async (title) => {
    await page.keyboard.press('F1');
    await quickInput.waitFor({ state: 'visible' });
    await page.keyboard.type(title);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };

  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });

    await step('opens the DatoCMS view from the activity bar and sees Sign In', async () => {
      await page.locator('.activitybar [aria-label^="DatoCMS"]').first().click();
      await page.locator('.welcome-view-content').getByRole('button', { name: 'Sign In' }).waitFor();
      await shot('welcome');
    });

    await step('signs in through the input box', async () => {
      await page.locator('.welcome-view-content').getByRole('button', { name: 'Sign In' }).click();
      await quickInput.waitFor({ state: 'visible' });
      await page.locator('.quick-input-widget input.input').fill(emulator.token);
      await page.keyboard.press('Enter');
      await treeItem('Emulated Bistro').waitFor();
    });

    await step('expands Models → Article → Fields', async () => {
      await treeItem('Emulated Bistro').click();
      await treeItem('Models').click();
      await treeItem('Article').locator('.monaco-tl-twistie').click(); // a click on the label opens the model
      await treeItem('Fields').click();
      await treeItem('Content').waitFor();
      await shot('fields');
      await treeItem('Fields').click(); // collapse again, so the records are the next level-5 rows
    });

    let recordLabel = '';
    await step('opens a record from Records', async () => {
      await treeItem('Records').click();
      const firstRecord = page.locator('.pane-body .monaco-list-row[aria-level="5"]').first();
      await firstRecord.waitFor();
      recordLabel = (await firstRecord.locator('.label-name').textContent())?.trim() ?? '';
      await firstRecord.click();
      await page.locator('.monaco-editor .view-lines', { hasText: '"title"' }).first().waitFor();
      await shot('record');
    });

    const goToLine = async (line) => {
      await page.keyboard.press('Control+G');
      await quickInput.waitFor({ state: 'visible' });
      await page.keyboard.type(String(line));
      await page.keyboard.press('Enter');
    };

    await step('changes the title, saves with Ctrl+S and sees it in the tree', async () => {
      await page.locator('.monaco-editor .view-lines').first().click();
      await goToLine(3); // "title": { "en": "…" — the title is the first field, English the main locale
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(' (edited)');
      await page.keyboard.press('Control+S');
      await treeItem(`${recordLabel} (edited)`).waitFor();
      await shot('saved');
    });

    await step('makes an invalid edit and sees the error', async () => {
      await goToLine(6); // "slug": "…",
      await page.keyboard.press('End');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Backspace'); // typing a quote over a selection would wrap it in quotes
      await page.keyboard.type('"slug": 42,');
      await page.locator('.squiggly-error').first().waitFor();
      await runCommand('View: Toggle Problems');
      await page.locator('.markers-panel .monaco-list-row', { hasText: 'slug' }).first().waitFor();
      await page.keyboard.press('Control+S');
      await page.locator('.notifications-toasts', { hasText: 'slug' }).first().waitFor();
      await shot('invalid');
    });
  } catch {
    // the failing step is recorded; later steps depend on it
  } finally {
    await browser.close();
    await stop(server.child);
  }
}
