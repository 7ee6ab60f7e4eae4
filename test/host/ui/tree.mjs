// The UI test's later steps: what the tree's context menus offer a published and a draft record, Delete
// Environment's safe default, the records' filter, order and locale, then a save that meets a colleague's
// change (one notification, Compare shows the diff), and the walkthrough.
import { readToasts } from '../lib/runnerRequests.mjs';
import { waitForJob } from '../lib/cma.mjs';
import { mediaStep } from './media.mjs';

/** Time for a second notification to show up, before counting them. */
const NOTIFICATION_SETTLE_MS = 1500;

export async function treeSteps(ui, { article }) {
  const { page, emulator, cma, shot, readmeShot, editorLeft, step, treeItem, editorLines, hover, runCommand, pick, goToLine } = ui;
  const { contextMenu, chooseFromMenu, expectMenu } = ui;
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
    await pick('Filter featured', '=');
    await pick('featured =', 'featured = true');
    await runCommand('DatoCMS: Order Records By');
    await pick('Order the records of which model?', 'Article');
    await pick('Order records by', '_published_at');
    await pick('Order by _published_at', 'Descending');
    // the order command ends by revealing its Records item: the next command starts once it shows the order
    await treeItem('Records').filter({ hasText: 'order: _published_at' }).waitFor();
    await runCommand('DatoCMS: Records Locale');
    await pick("Choose the locale of which model's records?", 'Article');
    await pick('Locale for search, filters and titles', 'it');
    const records = treeItem(QUERY);
    await records.waitFor();
    // the row counts what the filter found once the first page loaded (it is drawn again then)
    await records.filter({ hasText: /· (\d[\d,]* matches|1 match|no matches)$/ }).waitFor();
    await page.mouse.move(900, 450); // a hover shows when the pointer comes onto the label
    await records.locator('.label-name').first().hover();
    for (const line of ['Filter: featured = true', 'Order: _published_at ↓', 'Locale: it']) await hover.filter({ hasText: line }).waitFor();
    await shot('query');
    await readmeShot('query', [page.locator('.part.sidebar'), hover], { pad: 24, left: 0 });
    await page.mouse.move(900, 450);
  });

  await mediaStep(ui);

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
}
