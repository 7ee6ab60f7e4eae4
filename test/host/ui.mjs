// The UI test: a person's path through the packaged extension in the real workbench, driven with
// playwright-core in headless Chromium. Each step asserts what is on screen (DOM text) and leaves a
// screenshot in test-results/ui-<name>.png; the README's pictures are the cropped test-results/readme-*.png.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { cmaCaller, waitForJob } from './lib/cma.mjs';
import { installVsix, startCodeServer, stop } from './lib/processes.mjs';
import { readToasts } from './lib/runnerRequests.mjs';
import { mediaStep, serveImageCdn } from './uiMedia.mjs';

const STEP_TIMEOUT = 30_000;
const PROJECT = 'emulated-bistro';
/** Time for a second notification to show up, before counting them. */
const NOTIFICATION_SETTLE_MS = 1500;

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
  // no service worker: the image CDN's requests must reach page.route (see ./uiMedia.mjs)
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  page.setDefaultTimeout(STEP_TIMEOUT);
  const cma = cmaCaller(emulator);
  const cdnRequests = await serveImageCdn(page);

  const shot = (name) => page.screenshot({ path: join(resultsDir, `ui-${name}.png`) });
  /** A README picture: the area around `locators` (pixels of margin `pad`), from `left` and down to `maxBottom` if given. */
  const readmeShot = async (name, locators, { pad = 32, left, maxBottom = Infinity } = {}) => {
    const boxes = (await Promise.all(locators.map((l) => l.boundingBox()))).filter(Boolean);
    const { width, height } = page.viewportSize();
    const x = Math.max(0, left ?? Math.min(...boxes.map((b) => b.x)) - pad);
    const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
    const right = Math.min(width, Math.max(...boxes.map((b) => b.x + b.width)) + pad);
    const bottom = Math.min(height, maxBottom, Math.max(...boxes.map((b) => b.y + b.height)) + pad);
    await page.screenshot({ path: join(resultsDir, `readme-${name}.png`), clip: { x, y, width: right - x, height: bottom - y } });
  };
  /** The left edge of the editor area: README pictures of the editor start there. */
  const editorLeft = async () => (await page.locator('.part.editor').boundingBox()).x;
  const cursor = page.locator('.editor-group-container.active .monaco-editor .cursor').first();
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

  /** Drags the side bar's edge to the right, so the tree's labels and descriptions show whole. */
  const widenSideBar = async (pixels) => {
    const box = await page.locator('.part.sidebar').boundingBox();
    await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 1 + pixels, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
  };
  const treeItem = (label) => page.locator('.pane-body .monaco-list-row', { hasText: label }).first();
  const quickInput = page.locator('.quick-input-widget');
  const editorLines = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  const hover = page.locator('.monaco-hover:visible, .workbench-hover:visible').first();
  const runCommand = async (title) => {
    await page.keyboard.press('F1');
    await quickInput.waitFor({ state: 'visible' });
    await page.keyboard.type(title);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };
  /** Answers the quick pick titled `title` by typing `text` and taking the row that shows it. */
  const pick = async (title, text) => {
    if (title) await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor();
    else await quickInput.waitFor({ state: 'visible' });
    await page.locator('.quick-input-widget input.input').fill(text);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).first().waitFor();
    await page.keyboard.press('Enter');
  };
  const goToLine = async (line) => {
    await page.keyboard.press('Control+G');
    await quickInput.waitFor({ state: 'visible' });
    await page.keyboard.type(String(line));
    await page.keyboard.press('Enter');
  };
  /** Selects the first `text` of the editor with the find widget; the selection stays when it closes. */
  const find = async (text) => {
    await page.keyboard.press('Control+F');
    const input = page.locator('.editor-group-container.active .find-widget.visible textarea').first();
    await input.fill(text);
    await page.locator('.editor-group-container.active .find-widget .matchesCount', { hasText: /^1 of \d+$/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.editor-group-container.active .find-widget.visible').waitFor({ state: 'detached' });
  };
  const waitForEditorText = (pattern) =>
    page.waitForFunction(
      (source) =>
        new RegExp(source).test(
          (document.querySelector('.editor-group-container.active .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '),
        ),
      pattern.source,
    );
  /** Back to a clean record: no notification, the panel closed, the editor's text the saved one. */
  const cleanUp = async () => {
    await runCommand('Notifications: Clear All Notifications');
    await page.keyboard.press('Escape');
    await editorLines.click();
    await runCommand('File: Revert File');
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
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
      await widenSideBar(180);
      await treeItem('Emulated Bistro').click();
      await treeItem('Models').click();
      await treeItem('Article').locator('.monaco-tl-twistie').click(); // a click on the label opens the model
      await treeItem('Fields').click();
      await treeItem('Content').waitFor();
      await shot('fields');
      await treeItem('Fields').click(); // collapse again, so the records are the next level-5 rows
    });

    let recordLabel = '';
    await step(
      'opens a record from Records: its tab names the record and its model, the breadcrumbs the project and environment',
      async () => {
        await treeItem('Records').click();
        const firstRecord = page.locator('.pane-body .monaco-list-row[aria-level="5"]').first();
        await firstRecord.waitFor();
        recordLabel = (await firstRecord.locator('.label-name').textContent())?.trim() ?? '';
        await firstRecord.click();
        await editorLines.filter({ hasText: '"title"' }).waitFor();
        await page.locator('.tabs-container .tab.active', { hasText: `${recordLabel} · article` }).waitFor();
        const crumbs = page.locator('.editor-group-container.active .breadcrumbs-control .monaco-breadcrumb-item');
        await crumbs.filter({ hasText: PROJECT }).first().waitFor();
        await crumbs
          .filter({ hasText: /^\s*main\s*$/ })
          .first()
          .waitFor();
        await shot('record');
        await readmeShot('record', [page.locator('.part.editor')], { pad: 0, left: 0, maxBottom: 540 });
      },
    );

    await step('changes the title, saves with Ctrl+S, sees the confirmation in the status bar and the title in the tree', async () => {
      await runCommand('Notifications: Clear All Notifications');
      await editorLines.click();
      await goToLine(3); // "title": { "en": "…" — the title is the first field, English the main locale
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(' (edited)');
      await page.keyboard.press('Control+S');
      await page.locator('.part.statusbar .statusbar-item', { hasText: `"title" saved to ${PROJECT} · main` }).waitFor();
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
      await page.locator('.notifications-toasts .notification-fade-in-done', { hasText: 'slug' }).first().waitFor();
      await shot('invalid');
      await readmeShot('invalid', [page.locator('.monaco-workbench')], { pad: 0 });
      await runCommand('View: Hide Panel');
      await cleanUp();
    });

    let article;
    let authors = [];
    await step('hovers a link id and sees the linked record named, with its model and status', async () => {
      // the record as DatoCMS has it, and the author it links to
      const articles = (await cma('GET', '/items?filter%5Btype%5D=article&version=current&page%5Blimit%5D=500')).data;
      article = articles.find((r) => r.attributes.title?.en === `${recordLabel} (edited)`);
      authors = (await cma('GET', '/items?filter%5Btype%5D=author&version=current&page%5Blimit%5D=100')).data;
      const author = authors.find((a) => a.id === article.attributes.author);
      await editorLines.click();
      await find('"author": "');
      await page.keyboard.press('ArrowRight'); // the start of the id
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I'); // Show Hover
      await hover.filter({ hasText: String(author.attributes.name) }).waitFor();
      const text = (await hover.textContent()) ?? '';
      for (const part of ['author', author.meta.status])
        if (!text.includes(part)) throw new Error(`the hover "${text}" does not say ${part}`);
      await shot('hover');
      await readmeShot('link-hover', [hover, cursor], { pad: 80, left: await editorLeft() });
      await page.keyboard.press('Escape');
    });

    await step('empties a link value and completion offers the records by title, inserting the id', async () => {
      await find('"author": "');
      await page.keyboard.press('ArrowRight'); // after the opening quote of the id
      await page.keyboard.press('Shift+End');
      await page.keyboard.press('Shift+ArrowLeft'); // keep the closing quote and the comma
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('Delete');
      await waitForEditorText(/"author": "",/);
      await page.keyboard.press('Control+Space');
      const suggestions = page.locator('.suggest-widget.visible .monaco-list-row');
      await suggestions.first().waitFor();
      const names = new Map(authors.map((a) => [String(a.attributes.name), a.id]));
      const offered = (await suggestions.locator('.label-name').allTextContents()).map((s) => s.trim());
      const byTitle = offered.filter((label) => names.has(label));
      if (byTitle.length === 0) throw new Error(`no author offered by name: ${offered.join(', ')}`);
      await shot('completion');
      await readmeShot('link-completion', [page.locator('.suggest-widget.visible'), cursor], { pad: 80, left: await editorLeft() });
      await suggestions.filter({ hasText: byTitle[0] }).first().click();
      await waitForEditorText(new RegExp(`"author": "${names.get(byTitle[0])}"`));
      await cleanUp();
    });

    await step(
      'types a string where an integer belongs, opens the quick fixes with Ctrl+., applies the fix and the problem goes',
      async () => {
        await find('"reading_time": ');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Shift+End');
        await page.keyboard.press('Backspace');
        await page.keyboard.type('"12"');
        await page.keyboard.press('Escape'); // no suggestion is taken by the comma
        await page.keyboard.type(',');
        await waitForEditorText(/"reading_time": "12",/);
        await page.locator('.squiggly-error').first().waitFor();
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft'); // inside "12"
        await page.keyboard.press('Control+.');
        const fix = page.locator('.action-widget .monaco-list-row.focused', { hasText: 'Change to the number 12' }).first();
        await fix.waitFor();
        await shot('quick-fix');
        await readmeShot('quick-fix', [page.locator('.action-widget').first(), cursor], { pad: 80, left: await editorLeft() });
        await page.keyboard.press('Enter'); // the focused fix (a click lands on the menu's pointer block)
        await waitForEditorText(/"reading_time": 12,/);
        await page.locator('.squiggly-error').first().waitFor({ state: 'detached' });
        await cleanUp();
      },
    );

    /** Right-clicks a row and reads its context menu's entries (then closes it). */
    const contextMenu = async (row) => {
      await row.click({ button: 'right' });
      const menu = page.locator('.context-view .monaco-menu').first();
      await menu.waitFor();
      const entries = (await menu.locator('.action-label').allTextContents()).map((text) => text.trim()).filter(Boolean);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      return entries;
    };
    /** Right-clicks a row and runs an entry of its context menu (pointed at, then Enter: a click can land too early). */
    const chooseFromMenu = async (row, label) => {
      await row.click({ button: 'right' });
      const entry = page
        .locator('.context-view .monaco-menu .action-label')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .first();
      await entry.hover();
      await page.keyboard.press('Enter');
      await page.locator('.context-view .monaco-menu').first().waitFor({ state: 'detached' });
    };
    const expectMenu = (entries, { has = [], lacks = [] }, what) => {
      for (const entry of has) if (!entries.includes(entry)) throw new Error(`${what}: no "${entry}" in ${JSON.stringify(entries)}`);
      for (const entry of lacks)
        if (entries.includes(entry)) throw new Error(`${what}: "${entry}" should not be in ${JSON.stringify(entries)}`);
    };
    const recordRows = page.locator('.pane-body .monaco-list-row[aria-level="5"]');

    await step('right-clicks a published and a draft record: each menu offers only what applies to it', async () => {
      // two records in sight, one published and one a draft, as a colleague left them
      const labels = (await recordRows.locator('.label-name').allTextContents()).map((text) => text.trim());
      const articles = (await cma('GET', '/items?filter%5Btype%5D=article&version=current&page%5Blimit%5D=500')).data;
      const byTitle = (title) => articles.find((r) => r.attributes.title?.en === title);
      const [published, draft] = labels.map(byTitle).filter(Boolean);
      await cma('PUT', `/items/${published.id}/publish`);
      if (draft.meta.status !== 'draft') await cma('PUT', `/items/${draft.id}/unpublish`);
      await chooseFromMenu(treeItem('Records'), 'Refresh');
      const row = (record) => recordRows.filter({ hasText: record.attributes.title.en }).first();
      await row(published)
        .locator('.label-description', { hasText: /^published/ })
        .waitFor();
      await row(draft)
        .locator('.label-description', { hasText: /^draft/ })
        .waitFor();
      expectMenu(
        await contextMenu(row(published)),
        {
          has: ['Unpublish…', 'Schedule Unpublishing…', 'Show Version History', 'Delete Record…'],
          lacks: ['Publish', 'Cancel Scheduled Publication', 'Delete Selected Records…'],
        },
        'a published record',
      );
      await row(draft).click({ button: 'right' });
      await shot('menu-draft');
      await page.keyboard.press('Escape');
      expectMenu(
        await contextMenu(row(draft)),
        {
          has: ['Publish', 'Schedule Publication…', 'Delete Record…'],
          lacks: ['Unpublish…', 'Cancel Scheduled Unpublishing', 'Delete Selected Records…'],
        },
        'a draft',
      );

      // both selected: what applies to every selected record, and the one Delete of a selection
      await row(published).click();
      await row(draft).click({ modifiers: ['Control'] });
      expectMenu(
        await contextMenu(row(draft)),
        {
          has: ['Delete Selected Records…'],
          lacks: ['Delete Record…', 'Publish', 'Unpublish…', 'Show Version History', 'Duplicate Record'],
        },
        'a published record and a draft selected',
      );
      await row(published).click(); // one record selected again
    });

    await step('Delete Environment asks with "Keep Environment" focused: Enter keeps it', async () => {
      const job = await cma('POST', '/environments/main/fork', { data: { type: 'environment', id: 'ui-scratch' } });
      if (job.data?.type === 'job') await waitForJob(emulator, job.data.id);
      await treeItem('Models').click(); // collapsed, so that Environments is in sight
      await treeItem('Environments').click();
      const scratch = page.locator('.pane-body .monaco-list-row[aria-level="3"]', { hasText: 'ui-scratch' }).first();
      await chooseFromMenu(scratch, 'Delete Environment…');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.filter({ hasText: 'Delete environment "ui-scratch"' }).waitFor();
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
      await shot('delete-environment');
      if (focused !== 'Keep Environment') throw new Error(`the focused button is "${focused}"`);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForTimeout(NOTIFICATION_SETTLE_MS);
      const environments = (await cma('GET', '/environments')).data.map((e) => e.id);
      if (!environments.includes('ui-scratch')) throw new Error(`Enter deleted the environment: ${environments.join(', ')}`);
      const gone = await fetch(`${emulator.url}/environments/ui-scratch`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${emulator.token}`, accept: 'application/json', 'x-api-version': '3' },
      }).then((response) => response.json());
      if (gone.data?.type === 'job') await waitForJob(emulator, gone.data.id);
      await treeItem('Environments').click(); // collapse again
      await treeItem('Models').click();
      await treeItem('Records').waitFor();
      await page.mouse.move(900, 450);
    });

    const QUERY = 'featured = true · order: _published_at ↓ · it';
    await step('filters, orders and localizes the records; the Records item shows the query and its hover the whole of it', async () => {
      await runCommand('DatoCMS: Filter Records by Field');
      await pick('Filter the records of which model?', 'Article');
      await pick('Filter records by', 'Featured on the home page');
      await pick('Filter featured', 'eq');
      await pick('featured eq', 'true');
      await runCommand('DatoCMS: Order Records By');
      await pick('Order the records of which model?', 'Article');
      await pick('Order records by', '_published_at');
      await pick('Order by _published_at', 'Descending');
      await runCommand('DatoCMS: Records Locale');
      await pick("Choose the locale of which model's records?", 'Article');
      await pick('Locale for search, filters and titles', 'it');
      const records = treeItem(QUERY);
      await records.waitFor();
      // the row counts what the filter found once the first page loaded (it is drawn again then)
      await records.filter({ hasText: /· (\d[\d,]* matches|1 match|no matches)$/ }).waitFor();
      await page.mouse.move(900, 450); // a hover shows when the pointer comes onto the label
      await records.locator('.label-name').first().hover();
      for (const line of ['Filter: featured = true', 'Order: _published_at ↓', 'Locale: it'])
        await hover.filter({ hasText: line }).waitFor();
      await shot('query');
      await readmeShot('query', [page.locator('.part.sidebar'), hover], { pad: 24, left: 0 });
      await page.mouse.move(900, 450);
    });

    await mediaStep({ page, step, treeItem, hover, shot, readmeShot, cdnRequests });

    await step(
      'a colleague changes the record; the save offers Compare and Overwrite in one notification; Compare shows the diff',
      async () => {
        const current = (await cma('GET', `/items/${article.id}`)).data;
        await editorLines.click();
        await goToLine(3);
        await page.keyboard.press('End');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.type(' (mine)');
        await page.locator('.tabs-container .tab.active.dirty').waitFor();
        await cma('PUT', `/items/${article.id}`, {
          data: {
            type: 'item',
            id: article.id,
            attributes: { reading_time: current.attributes.reading_time === 42 ? 43 : 42 },
            meta: { current_version: current.meta.current_version },
          },
        });
        await page.keyboard.press('Control+S');
        const toasts = page.locator('.notifications-toasts .notification-toast-container');
        await toasts.filter({ hasText: 'newer' }).first().waitFor();
        await page.waitForTimeout(NOTIFICATION_SETTLE_MS);
        const shown = await readToasts(page);
        if (shown.length !== 1) throw new Error(`expected one notification, saw ${JSON.stringify(shown)}`);
        for (const button of ['Compare', 'Overwrite'])
          if (!shown[0].buttons.includes(button)) throw new Error(`no ${button} in ${JSON.stringify(shown[0])}`);
        if (!(await page.locator('.tabs-container .tab.active.dirty').isVisible())) throw new Error('the tab is no longer dirty');
        await shot('conflict');
        await readmeShot('conflict', [toasts.first(), page.locator('.tabs-container .tab.active')], { pad: 4, left: await editorLeft() });
        await toasts
          .locator('.monaco-button', { hasText: /^\s*Compare\s*$/ })
          .first()
          .click();
        const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
        await diff.locator('.editor.original .view-lines').first().waitFor();
        await diff.locator('.editor.modified .view-lines', { hasText: '(mine)' }).first().waitFor();
        await page.locator('.tabs-container .tab.active', { hasText: '↔' }).waitFor();
        await shot('compare');
        await runCommand('Notifications: Clear All Notifications');
        await runCommand('File: Revert File'); // DatoCMS's version back in the editor, so the diff closes without asking
        await page.locator('.tabs-container .tab.dirty').first().waitFor({ state: 'detached' });
        await runCommand('View: Close Editor');
        await diff.waitFor({ state: 'detached' });
      },
    );

    await step('opens the Getting Started walkthrough', async () => {
      await runCommand('Welcome: Open Walkthrough');
      await pick(undefined, 'Get Started with DatoCMS Explorer');
      const walkthrough = page.locator('.gettingStartedContainer');
      await walkthrough.filter({ hasText: 'Get Started with DatoCMS Explorer' }).waitFor();
      await walkthrough.filter({ hasText: 'Sign in with an API token' }).waitFor();
      await shot('walkthrough');
    });
  } catch {
    // the failing step is recorded; later steps depend on it
  } finally {
    await browser.close();
    await stop(server.child);
  }
}
