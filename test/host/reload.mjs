// The reload test: hot exit with a dirty datocms: editor while a colleague changes another key. The
// extension host restarts on reload, so this runs from the outer runner (like the UI test), driving the
// real workbench with the keyboard, and checks the emulator's request log and the notifications shown.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openWorkbench } from './lib/browser.mjs';
import { cmaCaller, waitForJob } from './lib/cma.mjs';
import { installVsix, startCodeServer, stop } from './lib/processes.mjs';
import { readToasts } from './lib/runnerRequests.mjs';
import { hotExitBackups } from './lib/backups.mjs';
import { EXTENSION_ID, watchHost } from './lib/sentinel.mjs';

const STEP_TIMEOUT = 30_000;
const TYPED_HINT = 'Typed before reload';

/** Another user of the project, straight to the emulator. */
function colleague(emulator) {
  const call = cmaCaller(emulator);
  return {
    model: async (apiKey) => (await call('GET', `/item-types/${apiKey}`)).data,
    async renameModel(id, name) {
      const job = await call('PUT', `/item-types/${id}`, { data: { type: 'item_type', id, attributes: { name } } });
      await waitForJob(emulator, job.data.id);
    },
  };
}

const control = (emulator) => ({
  clear: () => fetch(`${emulator.url}/_emulator/requests`, { method: 'DELETE' }),
  async writes() {
    const body = await (await fetch(`${emulator.url}/_emulator/requests`)).json();
    return (Array.isArray(body) ? body : (body.requests ?? [])).filter((r) => r.method !== 'GET');
  },
});

export async function runReloadTest({ vsix, emulator, resultsDir, record }) {
  const work = mkdtempSync(join(tmpdir(), 'datocms-reload-'));
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
        'datocms.baseUrl': emulator.url,
      },
      null,
      2,
    ),
  );
  await installVsix({ vsix, userDataDir, extensionsDir });
  const server = await startCodeServer({ userDataDir, extensionsDir, folder });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(STEP_TIMEOUT);
  const other = colleague(emulator);
  const log = control(emulator);
  const sentinel = watchHost({ userDataDir, emulatorUrl: emulator.url, markers: [extensionsDir, EXTENSION_ID, 'datocms:/'] });
  const step = async (title, action) => {
    try {
      await action();
      const problems = await sentinel.check();
      if (problems.length) throw new Error(problems.map((p) => `sentinel: ${p}`).join('\n'));
      record(`reload: ${title}`);
    } catch (error) {
      await page
        .screenshot({ path: join(resultsDir, `reload-failed-${title.replace(/\W+/g, '-').toLowerCase().slice(0, 60)}.png`) })
        .catch(() => undefined);
      record(`reload: ${title}`, error);
      throw error;
    }
  };
  const treeItem = (label) => page.locator('.pane-body .monaco-list-row', { hasText: label }).first();
  const quickInput = page.locator('.quick-input-widget');
  const editorText = page.locator('.editor-instance .monaco-editor .view-lines').first();
  const runCommand = async (title) => {
    await page.keyboard.press('F1');
    await quickInput.waitFor({ state: 'visible' });
    await page.keyboard.type(title);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };
  const author = await other.model('author');
  const colleaguesName = `${author.attributes.name} (renamed by a colleague)`;

  try {
    await openWorkbench(page, `${server.url}/?folder=${encodeURIComponent(folder)}`);

    await step('types a hint into the Author model: the tab is dirty and nothing is sent', async () => {
      await log.clear();
      await page.locator('.activitybar [aria-label^="DatoCMS"]').first().click();
      await page.locator('.welcome-view-content').getByRole('button', { name: 'Sign In' }).click();
      await quickInput.waitFor({ state: 'visible' });
      await page.locator('.quick-input-widget input.input').fill(emulator.token);
      await page.keyboard.press('Enter');
      await treeItem('Emulated Bistro').click();
      await treeItem('Models').click();
      await treeItem('Author').click(); // a click on the label opens the model
      await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: '"api_key": "author"' }).first().waitFor();
      await page.locator('.editor-instance .monaco-editor .view-line', { hasText: '"hint":' }).first().click();
      await page.keyboard.press('End');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Backspace'); // typing a quote over a selection would wrap it in quotes
      await page.keyboard.type(`"hint": "${TYPED_HINT}",`);
      await page
        .locator('.tabs-container .tab.dirty')
        .first()
        .waitFor({ timeout: 5000 })
        .catch(async () => {
          // code-server's default files.autoSave is afterDelay; a datocms: document must not follow it
          const sent = await log.writes();
          throw new Error(
            `the edited tab is not dirty; writes since typing: ${JSON.stringify(sent.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body?.data?.attributes)}`))}`,
          );
        });
      // hot exit: the workbench backs the dirty editor up shortly after the change (a browser cannot wait for it on unload)
      await until(() => hotExitBackups(userDataDir).some((text) => text.includes(TYPED_HINT)), 60_000, 'the backup of the edited editor');
      const sent = await log.writes();
      if (sent.length) throw new Error(`typing sent ${JSON.stringify(sent.map((r) => `${r.method} ${r.path}`))}`);
    });

    await step('reloading the window restores the dirty editor (hot exit)', async () => {
      const reloaded = page.waitForEvent('load', { timeout: 180_000 });
      await runCommand('Developer: Reload Window');
      await reloaded;
      await page.waitForSelector('.monaco-workbench', { timeout: 180_000 });
      await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: TYPED_HINT }).first().waitFor({ timeout: 60_000 });
      await page
        .locator('.tabs-container .tab.dirty')
        .first()
        .waitFor()
        .catch(async () => {
          const sent = await log.writes();
          throw new Error(
            `the restored editor is not dirty; writes since typing: ${JSON.stringify(sent.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body?.data?.attributes)}`))}`,
          );
        });
      await page.screenshot({ path: join(resultsDir, 'reload-restored.png') });
    });

    let sent = [];
    await step("saving after a colleague renamed the model never reverts the colleague's name", async () => {
      await other.renameModel(author.id, colleaguesName);
      await log.clear();
      await editorText.click();
      await page.keyboard.press('Control+S');
      // A model save in the primary environment asks first, in a modal dialog, before anything is read: go ahead.
      await page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Change Schema' }).first().click({ timeout: 60_000 });
      // the save ends either in a PUT of the model or in a notification of the conflict (it offers Overwrite)
      const conflictShown = async () => (await readToasts(page)).some((toast) => toast.buttons.includes('Overwrite'));
      await until(
        async () => (await log.writes()).some((r) => r.path === `/item-types/${author.id}`) || (await conflictShown()),
        60_000,
        'the save to send the model or tell the conflict',
      );
      sent = (await log.writes()).filter((r) => r.path === `/item-types/${author.id}`);
      const reverted = sent.filter((r) => 'name' in (r.body?.data?.attributes ?? {}));
      if (reverted.length)
        throw new Error(`the save sent the old name back: ${JSON.stringify(reverted.map((r) => r.body.data.attributes))}`);
      const now = await other.model(author.id);
      if (now.attributes.name !== colleaguesName) throw new Error(`the model's name is now "${now.attributes.name}"`);
      // The workbench may auto-save the restored editor before the DatoCMS JSON language (auto-save off) applies to
      // it: that save is refused, and VS Code tells it in its own notification. Every other notification counts.
      const toasts = (await readToasts(page)).filter((toast) => !toast.message.includes('auto-save does not write to DatoCMS'));
      if (sent.length === 0) {
        if (toasts.length !== 1) throw new Error(`expected exactly one notification, saw ${JSON.stringify(toasts)}`);
        const [toast] = toasts;
        if (!toast.buttons.includes('Compare') || !toast.buttons.includes('Overwrite'))
          throw new Error(`the notification offers ${toast.buttons.join(', ')}: "${toast.message}"`);
        await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: TYPED_HINT }).first().waitFor({ timeout: 2000 });
        await page.locator('.tabs-container .tab.dirty').first().waitFor({ timeout: 2000 });
      } else {
        if (sent.length !== 1) throw new Error(`${sent.length} writes: ${JSON.stringify(sent.map((r) => r.body))}`);
        if (JSON.stringify(sent[0].body.data.attributes) !== JSON.stringify({ hint: TYPED_HINT }))
          throw new Error(`sent ${JSON.stringify(sent[0].body.data.attributes)}`);
      }
      await page.screenshot({ path: join(resultsDir, 'reload-saved.png') });
    });

    await step("Overwrite sends only the user's hint; the model has the colleague's name and the user's hint", async () => {
      if (sent.length === 0) {
        await log.clear();
        await page.locator('.notifications-toasts .monaco-button', { hasText: 'Overwrite' }).first().click();
        // The change was confirmed at the save: overwriting the same text does not ask again.
        await until(async () => (await log.writes()).length > 0, 60_000, 'the overwrite to send');
        const overwrite = (await log.writes()).filter((r) => r.path === `/item-types/${author.id}`);
        if (overwrite.length !== 1) throw new Error(`expected one PUT, saw ${JSON.stringify(overwrite.map((r) => r.body))}`);
        if (JSON.stringify(overwrite[0].body.data.attributes) !== JSON.stringify({ hint: TYPED_HINT }))
          throw new Error(`Overwrite sent ${JSON.stringify(overwrite[0].body.data.attributes)}`);
      }
      let model;
      await until(
        async () => (model = await other.model(author.id)).attributes.hint === TYPED_HINT,
        60_000,
        "the model to hold the user's hint",
      ).catch(() => undefined);
      if (model.attributes.hint !== TYPED_HINT || model.attributes.name !== colleaguesName)
        throw new Error(`the model holds name "${model.attributes.name}", hint "${model.attributes.hint}"`);
    });
  } catch {
    // the failing step is recorded; later steps depend on it
  } finally {
    await browser.close();
    await stop(server.child);
  }
}

/** Waits until `condition` holds, looking every 100 ms; fails naming `what` after `timeoutMs`. */
async function until(condition, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
