// The UI test's first steps: signing in, finding a record in the tree, opening it, saving an edit, an invalid
// edit, and the editor's help with links (hover, completion) and wrong types (a quick fix). Returns what the
// later steps (tree.mjs) go on with: the edited record.
const PROJECT = 'emulated-bistro';

export async function editingSteps(ui) {
  const { page, emulator, cma, shot, readmeShot, editorLeft, cursor, step, widenSideBar, treeItem, quickInput, editorLines, hover } = ui;
  const { runCommand, goToLine, find, waitForEditorText, cleanUp } = ui;

  await step('opens the DatoCMS view from the activity bar and sees Sign In', async () => {
    await page.locator('.activitybar [aria-label^="DatoCMS"]').first().click();
    await page.locator('.welcome-view-content').getByRole('button', { name: 'Sign In' }).waitFor();
    await shot('welcome');
  });

  await step('signs in through the input box; a wrong token is refused in the box, which stays open to correct it', async () => {
    await page.locator('.welcome-view-content').getByRole('button', { name: 'Sign In' }).click();
    await quickInput.waitFor({ state: 'visible' });
    const box = page.locator('.quick-input-widget input.input');
    await box.fill('not-the-token');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'refused this token (401)' }).waitFor();
    await shot('sign-in-refused');
    await box.fill(emulator.token);
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
      const fix = page.locator('.action-widget .monaco-list-row.focused', { hasText: 'Change to the number 12' }).first();
      // On a loaded machine the menu may open before the problem under the cursor reaches the quick fixes: ask again.
      for (let asked = 1; ; asked++) {
        await page.keyboard.press('Control+.');
        const shown = await fix.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (shown) break;
        if (asked === 4) throw new Error('the quick fix "Change to the number 12" was not offered (asked 4 times)');
        await page.keyboard.press('Escape');
      }
      await shot('quick-fix');
      await readmeShot('quick-fix', [page.locator('.action-widget').first(), cursor], { pad: 80, left: await editorLeft() });
      await page.keyboard.press('Enter'); // the focused fix (a click lands on the menu's pointer block)
      await waitForEditorText(/"reading_time": 12,/);
      await page.locator('.squiggly-error').first().waitFor({ state: 'detached' });
      await cleanUp();
    },
  );

  return { article };
}
